"""At a table a partners game named no team anywhere: the laptop's players list has a row per
team with its total of prisoners (which decides the game), but a table has no players list and
each strip said only its own seat's prisoners and the round. Each strip now names its team and
the team's total."""

from __future__ import annotations

import pytest
from scene_input import instant_scenes

from tabletop import i18n
from tabletop.app import App, AppOptions
from tabletop.games import get_game
from tabletop.launch import Seat, new_session
from tabletop.ui.game_scene import make_scene


@pytest.fixture(autouse=True)
def fast(monkeypatch, tmp_path):
    instant_scenes(monkeypatch, tmp_path)
    yield
    i18n.set_language("en")


def table_scene(variant: str, lang: str):
    app = App(AppOptions(size=(3840, 2160), headless=True, mute=True, table=True, lang=lang))
    spec = get_game("trap_the_cap")
    seats = [Seat("human"), Seat("ai", "easy"), Seat("human"), Seat("ai", "easy")]
    session = new_session(spec, app.store, 4, variant, {}, seats, 5)
    scene = make_scene(app, session)
    app.push_scene(scene)
    app.render()
    return scene


@pytest.mark.parametrize("lang, words", [("en", ("team Red+Yellow: 0", "team Green+Blue: 0")),
                                         ("ru", ("команда Красный+Жёлтый: 0", "команда Зелёный+Синий: 0"))])
def test_each_strip_names_its_team_and_the_teams_total(lang, words):
    scene = table_scene("partners", lang)
    rows = {r.seat: r for r in scene.player_rows() if r.seat >= 0}  # the strips' rows
    colours = scene.state.rules.seats
    for seat, row in rows.items():
        mine = words[0] if scene.state.rules.team[colours[seat]] == scene.state.rules.team[colours[0]] else words[1]
        assert mine in row.detail, (seat, row.detail)


def test_a_game_without_teams_names_none():
    scene = table_scene("offensive", "en")
    assert not any("team" in r.detail for r in scene.player_rows() if r.seat >= 0)

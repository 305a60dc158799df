"""Trap the Cap's players list shows what decides the game (rules "End and winner", "Variants").

Why: the defensive game, the tower race and a team game scored defensively are won by the last side
still in play, yet every row said "N trapped", pointing the players at prisoners, which do not
decide them. There each seat (and each team) now shows its free caps ("3 of 4 free"), an out seat
"0 of 4 free" beside its "(out)". Prisoners stay where they decide: the offensive game, and any game
the turn limit has ended (it scores by prisoners). In a window and at a table's strips alike."""

from __future__ import annotations

import pytest
from scene_input import instant_scenes
from text_fit import problems, readable, report

from tabletop.app import App, AppOptions
from tabletop.games import get_game
from tabletop.i18n import set_language, tr
from tabletop.launch import Seat, session_from_position
from tabletop.ui.game_scene import make_scene
from tabletop.ui.text_audit import TextAudit

SPEC = get_game("trap_the_cap")
FOUR = ("red - R05:green+green+red R20:red+blue R30:green+green+yellow home:red=red,red;"
        "yellow=yellow,yellow,yellow;blue=blue,blue,blue variant:{variant}")
"""Green's caps are all under Red's and Yellow's towers: Green is out. Red has a cap under Blue's.
Free caps: Red 3, Green 0, Yellow 4, Blue 4; prisoners: Red 2, Green 0, Yellow 2, Blue 1."""
FREE = (3, 0, 4, 4)
PRISONERS = (2, 0, 2, 1)
TEAMS = ("red - R05:green+green+red R30:blue+yellow home:red=red,red,red;green=green,green;"
         "yellow=yellow,yellow,yellow;blue=blue,blue,blue variant:{variant}")
"""Red+Yellow against Green+Blue (seats red, green, yellow, blue): free caps 4, 2, 4, 3 (teams 8
and 5 of 8); prisoners 2, 0, 1, 0 (teams 3 and 0)."""


@pytest.fixture(autouse=True)
def fast(monkeypatch, tmp_path):
    instant_scenes(monkeypatch, tmp_path)
    yield
    set_language("en")


def open_scene(position: str, lang: str = "en", size=(1366, 768), table: bool = False, scale: float = 1.0):
    app = App(AppOptions(size=size, headless=True, mute=True, table=table, lang=lang))
    app.ui_scale = scale
    session = session_from_position(SPEC, app.store, position, [Seat("human")] * 4, seed=5)
    scene = make_scene(app, session)
    app.push_scene(scene)
    scene.over_shown = True  # the list under test, not the result card over it
    with TextAudit() as audit:
        app.mark_dirty()
        app.render()
    return app, scene, audit


def seat_details(scene) -> list[str]:
    return [r.detail for r in sorted((r for r in scene.player_rows() if r.seat >= 0), key=lambda r: r.seat)]


def free(*counts: int, total: int = 4) -> list[str]:
    return [tr("{n} of {total} free", n=n, total=total) for n in counts]


def trapped(*counts: int) -> list[str]:
    return [tr("{n} trapped", n=n) for n in counts]


@pytest.mark.parametrize("size", [(1366, 768), (1024, 600)])
@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("variant", ["defensive", "tower_race"])
def test_each_seat_shows_its_free_caps_where_the_last_in_play_wins(variant, lang, size):
    app, scene, audit = open_scene(FOUR.format(variant=variant), lang, size)
    assert seat_details(scene) == free(*FREE)
    assert [r.out for r in scene.player_rows()] == [False, True, False, False]
    found = problems(audit, f"{variant} {lang} {size}", readable(app))
    assert not found, report(found)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_prisoners_show_where_they_decide(lang):
    _, scene, _ = open_scene(FOUR.format(variant="offensive"), lang)
    assert seat_details(scene) == trapped(*PRISONERS)
    # a defensive game that the turn limit ended was scored by prisoners: the list says them
    _, scene, _ = open_scene(FOUR.format(variant="defensive") + " round:200", lang)
    assert scene.state.outcome().reason == "turn_limit"
    assert seat_details(scene) == trapped(*PRISONERS)


@pytest.mark.parametrize(("size", "scale"), [((1366, 768), 1.0), ((1024, 600), 1.0), ((1024, 600), 1.3)])
@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("variant", ["partners", "total_partners"])
def test_team_rows_show_the_teams_free_caps_in_a_defensive_team_game(variant, lang, size, scale):
    app, scene, audit = open_scene(TEAMS.format(variant=variant) + " scoring:defensive", lang, size, scale=scale)
    rows = scene.player_rows()
    assert [r.detail for r in rows if r.seat < 0] == free(8, 5, total=8)
    assert seat_details(scene) == free(4, 2, 4, 3)
    found = problems(audit, f"{variant} {lang} {size} {scale}", readable(app))
    assert not found, report(found)
    # scored offensively, the teams' prisoners as before
    _, scene, _ = open_scene(TEAMS.format(variant=variant), lang, size, scale=scale)
    assert [r.detail for r in scene.player_rows() if r.seat < 0] == trapped(3, 0)


@pytest.mark.parametrize("size", [(3840, 2160), (1366, 768), (1024, 600)])
@pytest.mark.parametrize(("lang", "word"), [("en", "team"), ("ru", "команда")])
def test_a_tables_strips_show_free_caps_and_each_team_its_own(lang, word, size):
    app, scene, audit = open_scene(TEAMS.format(variant="partners") + " scoring:defensive", lang, size, table=True)
    texts = " ".join(d.text for d in audit.placed()).replace("\u00a0", " ")
    for names, total in (("Red+Yellow", 8), ("Green+Blue", 5)):
        team = f"{word} {'+'.join(tr(n) for n in names.split('+'))}: {free(total, total=8)[0]}"
        assert texts.count(team) == 2, team  # the strips of both partners
    for detail in free(4, 2, 4, 3):
        assert detail in texts
    found = problems(audit, f"table {lang} {size}", readable(app))
    assert not found, report(found)
    app, scene, audit = open_scene(FOUR.format(variant="defensive"), lang, size, table=True)
    texts = " ".join(d.text for d in audit.placed()).replace("\u00a0", " ")
    assert all(detail in texts for detail in free(*FREE)), texts
    found = problems(audit, f"table defensive {lang} {size}", readable(app))
    assert not found, report(found)

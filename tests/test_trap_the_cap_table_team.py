"""Trap the Cap partners at a table: each strip's head names the seat's team and its prisoners.

Why: the laptop's players list has a row per team with its total (what decides); a table has no
players list, and no strip said who was partnered with whom. Led in under the name, never cut into
the score line (that was cut at a 1080p table). At a 1024x600 table in Russian (and in English at
130% text) the side seats' heads are narrower than «команда Зелёный+Синий: 0», which was one
unbreakable piece: the whole team line was left out there. It now wraps inside where it must."""

from __future__ import annotations

import pytest
from text_fit import problems, report

from tabletop.app import App, AppOptions
from tabletop.games import get_game
from tabletop.games.trap_the_cap.board import COLOURS
from tabletop.i18n import set_language, tr
from tabletop.launch import Seat, new_session
from tabletop.ui.game_scene import make_scene
from tabletop.ui.text_audit import TextAudit

SPEC = get_game("trap_the_cap")


@pytest.mark.parametrize("size", [(3840, 2160), (1920, 1080), (1366, 768), (1024, 600)])
@pytest.mark.parametrize(("lang", "word"), [("en", "team"), ("ru", "команда")])
def test_every_strip_names_its_team_at_a_table(lang, word, size):
    app = App(AppOptions(size=size, headless=True, mute=True, table=True, lang=lang))
    try:
        seats = [Seat("human"), Seat("ai", "easy"), Seat("human"), Seat("ai", "easy")]
        scene = make_scene(app, new_session(SPEC, app.store, 4, "partners", {}, seats, 5))
        app.push_scene(scene)
        with TextAudit() as audit:
            app.mark_dirty()
            app.render()
        rules = scene.state.rules
        # a head's lines one after another: a team line may be wrapped over two
        texts = " ".join(d.text for d in audit.placed()).replace("\u00a0", " ")
        for seat in range(4):
            mates = [s for s, c in enumerate(rules.seats) if rules.team[c] == rules.team[rules.seats[seat]]]
            team = f"{word} {'+'.join(scene.seat_name(s) for s in mates)}: 0"
            assert texts.count(team) == 2, (seat, team)  # his own strip and his partner's
        found = problems(audit, f"{size} {lang}")
        assert not found, report(found)
        # without teams no strip speaks of one
        scene2 = make_scene(app, new_session(SPEC, app.store, 4, "offensive", {}, seats, 5))
        app.replace_scenes(scene2)
        with TextAudit() as audit:
            app.mark_dirty()
            app.render()
        assert not [d for d in audit.placed() if word + "\u00a0" in d.text or f"{word} " in d.text.lower()]
    finally:
        set_language("en")


@pytest.mark.parametrize("scale", [1.0, 1.15, 1.3])
@pytest.mark.parametrize("size", [(1024, 600), (1366, 768)])
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_windows_team_rows_name_both_partners_whole(lang, size, scale):
    """The window's players list heads each team with a row naming it ("Team: red and yellow").
    In Russian at 115% text and more it was cut to «Команда: красны…»: the partner's colour was
    lost. A narrow row takes a shorter form («Красный+Жёлтый»), the same for both teams, in one
    size (each was fitted alone: 13 px beside 14 px at 1366x768)."""
    app = App(AppOptions(size=size, headless=True, mute=True, lang=lang))
    app.ui_scale = scale
    try:
        seats = [Seat("human"), Seat("ai", "random"), Seat("ai", "easy"), Seat("ai", "hard")]
        scene = make_scene(app, new_session(SPEC, app.store, 4, "partners", {}, seats, 5))
        app.push_scene(scene)
        with TextAudit() as audit:
            app.mark_dirty()
            app.render()
        found = problems(audit, f"{size} {lang} {scale}")
        placed = audit.placed()
        rules = scene.state.rules
        shown = []
        for team in (0, 1):
            words = [tr(COLOURS[c]).lower() for c in rules.seats if rules.team[c] == team]
            head = next((d for d in placed if all(w in d.text.lower() for w in words)), None)
            assert head is not None, (words, [d.text for d in placed])  # the row names both partners
            shown.append((head.text.lower().startswith(tr("Team").lower()), "+" in head.text, head.size))
        assert shown[0] == shown[1], "one form, in one size, for both teams"
        assert not found, report(found)
    finally:
        set_language("en")

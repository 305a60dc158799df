"""Captain Flip after the game: every place that shows a captain's score shows the same final
score — the rules core's total with the end-of-game bonuses (``score_breakdown``), what the result
card shows — and no warning about what could still happen is left on the screen.

The seeded game ends with every captain's total above his coins in play (the end bonuses count),
one ship sunk with 4 Gunners and one captain with 2 Gunners (whose strip warned "one more and this
ship sinks!" while the game ran): checked in the texts a redraw draws (``text_audit``), in a
window and at a table, in English and Russian."""

from __future__ import annotations

import random
import re
from collections import Counter

import pytest
from scene_input import instant_scenes

import tabletop.launch
from tabletop import i18n
from tabletop.app import App, AppOptions
from tabletop.core import CHANCE
from tabletop.games import get_game
from tabletop.games.captain_flip import scene_text as txt
from tabletop.i18n import tr
from tabletop.launch import Seat
from tabletop.ui.game_scene import make_scene
from tabletop.ui.text_audit import TextAudit

SPEC = get_game("captain_flip")
WARNINGS = ("2 Gunners: one more and this ship sinks!", "{name}: score if the game ended now {n}",
            "Full columns {done} of 4 (the 4th ends the game) · Gunners {gunners} of 3",
            "Rank now: {rank} · full columns {done} of 4")
"""What the screen says about what could still happen: never once the game is over."""


@pytest.fixture(autouse=True)
def instant(tmp_path, monkeypatch):
    """No pauses, saves in ``tmp_path``; English again after a Russian test."""
    instant_scenes(monkeypatch, tmp_path)
    yield
    i18n.set_language("en")


def finished_scene(size, table, lang):
    """Seed 2, three captains, the easy computer's moves for all of them, played to the end."""
    app = App(AppOptions(size=size, headless=True, mute=True, table=table, lang=lang))
    session = tabletop.launch.new_session(SPEC, app.store, 3, None, {}, [Seat("human")] * 3, 2, first_player=0)
    agent, rng = SPEC.make_agent("easy"), random.Random(2)
    while session.state.current_player is not None:
        state = session.state
        if state.current_player == CHANCE:
            session.roll()
        else:
            session.play(agent.choose(state.observation(state.current_player), rng))
    scene = make_scene(app, session)
    scene.over_shown = True  # the board, not the result card
    app.push_scene(scene)
    app.render()
    return app, scene


def drawn_texts(app, scene) -> list[str]:
    with TextAudit() as audit:
        scene.dirty = True
        app.render()
    return [e.text for e in audit.placed()]


def stem(key: str) -> str:
    """The longest fixed part of a translated text with fields (what any filled-in form holds)."""
    return max(re.split(r"\{[a-z]+\}", tr(key)), key=len)


@pytest.mark.parametrize("size, table, lang", [((1366, 768), False, "en"), ((1366, 768), True, "ru"),
                                               ((1024, 600), False, "ru")])
def test_every_shown_score_is_the_final_total(size, table, lang):
    app, scene = finished_scene(size, table, lang)
    rows = scene.state.score_breakdown()
    totals = [int(r["total"]) for r in rows]
    assert all(int(r["total"]) > int(r["coins"]) for r in rows), "the end bonuses must change every total"
    assert [bool(r["lost"]) for r in rows].count(True) == 1 and 2 in [int(r["gunners"]) for r in rows]
    texts = drawn_texts(app, scene)
    # every board's header: its coin count is the final total (it showed the coins in play)
    numbers = Counter(int(t) for t in texts if t.isdigit())
    assert numbers == Counter(totals), f"board headers show {sorted(numbers)}, the totals are {sorted(totals)}"
    joined = " ".join(texts)  # a wrapped line's pieces joined again
    names = [scene.seat_name(s) for s in range(3)]
    for seat, row in enumerate(rows):
        total, coins = totals[seat], int(row["coins"])
        sunk = tr(" (sunk: 0)") if row["lost"] else ""
        said = txt.coins_text(total) + sunk
        # the panel's (a strip's) row, the game-over card and the result card: the same number
        assert said in scene.player_rows()[seat].detail
        assert said in joined, f"{names[seat]}'s row does not say {said!r}"
        assert f"{names[seat]}: {said}" in joined  # the card's final lines
        result = next(r for r in scene.result_table(scene.state.outcome()).rows if r.seat == seat)
        assert result.cells[-1].startswith(said)
        assert f"{names[seat]} {total}{sunk}" in scene.result_summary()
        head = txt.strip_lines(scene.obs, seat, names[seat])[0][0]
        assert head == tr("{name}: final score {n}", name=names[seat], n=total) + sunk
        assert txt.coins_text(coins) not in joined  # the coins in play alone are not shown as a score
    for key in WARNINGS:
        assert stem(key) not in joined, f"{tr(key)!r} is still shown after the game"
        for seat in range(3):
            assert all(stem(key) not in line for line, _b, _w in txt.strip_lines(scene.obs, seat, names[seat]))


def test_strip_warns_while_the_game_runs():
    """The warning itself is there while it matters (the test above is no test without it)."""
    _app, scene = finished_scene((1366, 768), False, "en")
    session = scene.session
    while session.played:
        session.step_back()
        state = session.state
        rows = state.score_breakdown()
        seat = next((s for s in range(3) if int(rows[s]["gunners"]) == 2), None)
        if seat is not None:
            lines = [line for line, _b, _w in txt.strip_lines(state.observation(0), seat, "X")]
            assert tr(WARNINGS[0]) in lines
            assert stem(WARNINGS[1]) in lines[0]
            return
    raise AssertionError("nobody ever had 2 Gunners")

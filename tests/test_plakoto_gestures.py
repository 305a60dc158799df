"""Plakoto, faster to play: click a checker, then its final point, and both dice (or more, on
doubles) are played one after another, each sliding; the intermediate point must be open; a lone
checker there is pinned on the way (and freed as the checker moves on); when the orders differ (a
pin on the way or not) the player picks; a forced turn plays itself after a short visible pause."""

from __future__ import annotations

import pytest
from feedback_helpers import Clock, start
from scene_input import click, instant_scenes
from test_plakoto_scene import source_px, target_px

from tabletop.games.plakoto.rules import PASS, PlakotoState, Step
from tabletop.launch import Seat
from tabletop.ui import game_scene

PIN_ON_THE_WAY = "w 61 1:b12 7:b1 12:b2 13:w1 24:w14 off:w0,b0 match:0-0/5 start:w"
"""White to play 6-1; from 13 the 1 is blocked (12: two black), the 6 lands on a lone black (7)."""
TWO_WAYS = "w 61 1:b14 7:b1 13:w1 24:w14 off:w0,b0 match:0-0/5 start:w"
"""As above with 12 open: 13->12->6 passes by, 13->7->6 pins the black checker on the way."""
BOTH_BLOCKED = "w 61 1:b11 7:b2 12:b2 13:w1 24:w14 off:w0,b0 match:0-0/5 start:w"
FORCED = "w 65 1:b5 19:b2 20:b2 21:b2 22:b2 23:b2 24:w15 off:w0,b0 match:0-0/5 start:w"
"""The 5 is blocked from 24: the only legal turn is 24/18 18/13."""
NO_MOVE = "w 55 1:b5 19:b2 20:b2 21:b2 22:b2 23:b2 24:w15 off:w0,b0 match:0-0/5 start:w"


@pytest.fixture(autouse=True)
def quick(monkeypatch, tmp_path):
    instant_scenes(monkeypatch, tmp_path)


def position(text: str, auto: bool = False, clock: Clock | None = None):
    app, scene = start("plakoto", [Seat("human"), Seat("human")], settings={"auto_forced": auto}, clock=clock)
    scene.session.state = PlakotoState.from_notation(text)
    scene.session.initial = scene.session.state.copy()
    scene._changed()
    app.render()
    return app, scene


def run(app, scene, ticks: int = 10) -> None:
    for _ in range(ticks):
        scene.timers.skip()
        app.tick(0.0)
        app.render()


def test_clicking_the_final_point_plays_both_dice_and_a_lone_checker_on_the_way_is_pinned_in_passing():
    app, scene = position(PIN_ON_THE_WAY)
    state = scene.state
    assert state.routes(13)[6] == [(Step(13, 7, 6), Step(7, 6, 1))], "the blocked 12 is no way"
    click(app, source_px(scene, 13))
    assert 6 in scene.targets()
    click(app, target_px(scene, 6))
    assert scene.queued == [Step(7, 6, 1)], "the second die waits for the first checker to arrive"
    assert scene.state.point(7) == (0, 1, 1), "landing on the lone black checker pins it"
    assert any(e.kind == "mark" and e.at == ("point", 7) for e in scene.effects.items), "a pin marker"
    run(app, scene)
    after = scene.state
    assert after.point(6) == (0, 1, None) and after.point(7) == (1, 1, None), "freed as the checker moved on"
    assert after.current_player != 0 or not after.left
    texts = [e.text for e in scene.log.entries]
    # the turn's line says what the turn did: one checker 13/7/6, no pin left (the board's markers
    # showed the pin in passing and the freeing)
    assert texts[-1] == "White 6-1: 13/6", texts


def test_a_point_both_orders_are_blocked_from_is_no_target():
    app, scene = position(BOTH_BLOCKED)
    assert scene.state.routes(13) == {}, "no way through two closed points"
    click(app, source_px(scene, 13))
    assert scene.selected is None and 13 not in scene.sources()
    app, scene = position(PIN_ON_THE_WAY)
    click(app, source_px(scene, 13))
    assert 12 not in scene.targets(), "the closed point itself is no target either"


def test_when_the_orders_differ_in_a_pin_the_player_chooses_the_way():
    app, scene = position(TWO_WAYS)
    click(app, source_px(scene, 13))
    click(app, target_px(scene, 6))
    assert scene.choice is not None and len(scene.choice[2]) == 2
    first = scene.prompt_line()
    assert "way 1 of 2" in first
    click(app, target_px(scene, 6))  # the point again: the other way
    assert "way 2 of 2" in scene.prompt_line() and scene.prompt_line() != first
    chosen = scene.choice[2][scene.choice[3]]
    pins = scene.state.route_pins(chosen)
    app.render()
    confirm = next(b for b in scene.buttons.buttons if b.label.startswith("Confirm"))
    click(app, confirm.rect.center)
    run(app, scene)
    assert [p.text for p in scene.session.played] == [str(s) for s in chosen]
    said = " ".join(e.text for e in scene.log.entries[-3:])
    assert ("pinning a black checker" in said) == bool(pins), said


def test_doubles_can_take_one_checker_three_points_on():
    app, scene = position("w 22 1:b15 13:w1 24:w14 off:w0,b0 match:0-0/5 start:w")
    click(app, source_px(scene, 13))
    assert {11, 9, 7, 5} <= scene.targets()
    click(app, target_px(scene, 7))
    run(app, scene)
    assert scene.state.point(7)[:2] == (0, 1) and [p.text for p in scene.session.played[-3:]] == ["13/11", "11/9",
                                                                                               "9/7"]


def test_a_forced_turn_plays_itself_after_a_visible_pause(monkeypatch):
    monkeypatch.setattr(game_scene, "FORCED_PAUSE", 0.7)
    clock = Clock()
    app, scene = position(FORCED, auto=True, clock=clock)
    scene.update(0.0)
    assert scene.state.legal_moves() == [Step(24, 18, 6)]
    assert "plays itself" in scene.prompt_line()
    assert scene.busy(), "the loop keeps ticking toward the forced move"
    clock.t += 0.3
    scene.update(0.0)
    assert not scene.session.played, "not before the pause is over"
    clock.t += 0.5
    scene.update(0.0)
    assert [p.text for p in scene.session.played] == ["24/18"]
    for _ in range(4):
        clock.t += 1.0
        scene.update(0.0)
    assert [p.text for p in scene.session.played] == ["24/18", "18/13"]
    assert scene.state.turn == 1, "the whole forced turn was played"


def test_a_forced_bear_off_whose_turn_spells_the_other_die_plays_itself():
    """6-5 with the last checkers on the 1- and 2-points: the one turn bears off two from the
    2-point; the whole-turn list spells its first step with the 6, the step list offers it with
    the 5 (the same "2/off"). The forced play took the turn's spelling, the core refused it, and
    the scene retried forever: the game hung with "2/off is not a legal move here" in the log."""
    clock = Clock()
    app, scene = position("w 65 1:w3 2:w2 off:w10,b0 24:b15 match:0-0/1 start:w", auto=True, clock=clock)
    for _ in range(6):
        clock.t += 1.0
        scene.update(0.0)
    assert [p.text for p in scene.session.played] == ["2/off", "2/off"]
    assert scene.state.turn == 1 and scene.state.off[0] == 12


def test_no_legal_move_passes_by_itself_and_the_setting_turns_it_off():
    clock = Clock()
    app, scene = position(NO_MOVE, auto=True, clock=clock)
    for _ in range(3):
        clock.t += 1.0
        scene.update(0.0)
    assert [p.text for p in scene.session.played] == ["pass"]
    app, scene = position(FORCED, auto=False, clock=clock)
    for _ in range(3):
        clock.t += 1.0
        scene.update(0.0)
    assert not scene.session.played and "plays itself" not in scene.prompt_line()
    assert scene.state.legal_moves() != [PASS]

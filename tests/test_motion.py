"""Motion with meaning, tested on a hand-turned clock: the dice tumble and land on the rolled faces,
a piece slides along its path and ends where the state has it, a tile turns over to its new face,
a pushed hen drops after the mover has arrived, markers come and go with their timers, a click
skips the motion, fast play has none, and a computer's moves are held at the computer pace."""

from __future__ import annotations

import pytest
from feedback_helpers import Clock, on_clock, start
from scene_input import click, instant_scenes

from tabletop.core import CHANCE
from tabletop.games.plakoto import scene_draw as plakoto_draw
from tabletop.games.plakoto.rules import PlakotoState, Step
from tabletop.games.trap_the_cap import scene_draw as trap_draw
from tabletop.games.trap_the_cap.rules import Move
from tabletop.launch import Seat
from tabletop.ui import draw, game_scene
from tabletop.ui.game_scene import dice_poses


@pytest.fixture(autouse=True)
def timed(monkeypatch, tmp_path):
    instant_scenes(monkeypatch, tmp_path)
    monkeypatch.setattr(game_scene, "ROLL_TIME", 0.6)
    monkeypatch.setattr(game_scene, "MOVE_TIME", 0.2)


def record(monkeypatch, module, name: str) -> list:
    """Calls of ``module.name`` (its arguments) while drawing; the real one still draws."""
    calls: list = []
    real = getattr(module, name)

    def spy(*args, **kwargs):
        calls.append(args)
        return real(*args, **kwargs)

    monkeypatch.setattr(module, name, spy)
    return calls


def frame(app, calls: list) -> list:
    calls.clear()
    app.mark_dirty()
    app.render()
    return list(calls)


def test_dice_tumble_then_land_on_the_rolled_faces():
    assert dice_poses([6, 3], 1.0, 7) == [(6, 0.0, 0.0), (3, 0.0, 0.0)]
    assert [f for f, _, _ in dice_poses([6, 3], 0.85, 7)] == [6, 3], "landed: the real faces, still settling"
    tumbling = {tuple(f for f, _, _ in dice_poses([6, 3], p / 20, 7)) for p in range(14)}
    assert len(tumbling) > 2, "the faces change while the dice tumble"


def test_the_die_drawn_after_the_roll_shows_the_value_rolled(monkeypatch):
    clock = Clock()
    app, scene = start("trap_the_cap", players=2, seed=3, clock=clock)
    faces = record(monkeypatch, draw, "die_face")
    scene.roll()
    assert scene.rolling() and "Rolling" in scene.shown_prompt(), "the prompt does not give the value away"
    clock.t += 0.1
    frame(app, faces)
    clock.t += 1.0
    scene.update(0.0)
    end = frame(app, faces)
    assert [call[2] for call in end] == [scene.state.die]
    assert scene.log.entries[-1].text.endswith(f"rolls {scene.state.die}."), "logged once the die has landed"


def test_a_trap_the_cap_piece_walks_its_path_and_ends_on_its_field(monkeypatch):
    clock = Clock()
    app, scene = start("trap_the_cap", [Seat("human"), Seat("human")], seed=3, clock=clock)
    scene.roll()
    clock.t += 1.0
    scene.update(0.0)
    move = next(m for m in scene.state.legal_moves() if isinstance(m, Move))
    stacks = record(monkeypatch, trap_draw, "stack")
    assert scene.play(move)
    slide = scene.timers._spans["move"]
    assert slide[1] - slide[0] == pytest.approx(0.2 * (len(move.path) - 1)), "a step's time per field walked"
    clock.t += (slide[1] - slide[0]) * 0.5
    mid = [c[1] for c in frame(app, stacks)]
    pieces = [scene.piece_px(fid, i) for fid, piles in scene._stacks(scene.state).items() for i in range(len(piles))]
    walked = [scene.field_px(f) for f in move.path]
    sliding = [p for p in mid if not any(near(p, q) for q in pieces)]
    assert sliding, "one piece is between its fields"
    assert all(min(abs(p[0] - q[0]) + abs(p[1] - q[1]) for q in walked) < scene.viewport.length(0.2) for p in sliding), \
        "along the walked fields"
    clock.t += 5.0
    scene.update(0.0)
    end = [c[1] for c in frame(app, stacks)]
    assert len(end) == len(pieces) and all(any(near(p, q) for q in pieces) for p in end), \
        "at rest, every piece where the state has it"


def near(a, b, d: float = 2.5) -> bool:
    return abs(a[0] - b[0]) <= d and abs(a[1] - b[1]) <= d


def test_a_plakoto_checker_slides_to_its_point_and_lands_there(monkeypatch):
    clock = Clock()
    app, scene = start("plakoto", [Seat("human"), Seat("human")], settings={"auto_forced": False}, clock=clock)
    scene.session.state = PlakotoState.from_notation("w 61 1:b14 7:b1 13:w1 24:w14 off:w0,b0 match:0-0/5 start:w")
    scene._changed()
    checkers = record(monkeypatch, plakoto_draw, "blit_checker")
    assert scene.play(Step(13, 7, 6))
    clock.t += 0.1
    mid = [c[1] for c in frame(app, checkers)]
    g = scene.geom()
    _, tops = g.stack(scene.lay.point(7), 1, True)
    dest = g.px(*tops[0])
    start_px = g.px(*g.stack(scene.lay.point(13), 1, False)[1][0])
    assert dest not in [tuple(map(round, p)) for p in mid], "not there yet"
    assert any(min(start_px[0], dest[0]) < p[0] < max(start_px[0], dest[0]) for p in mid), "on its way"
    clock.t += 5.0
    scene.update(0.0)
    end = [tuple(map(round, c[1])) for c in frame(app, checkers)]
    assert dest in end, "the pinner sits on the pinned checker's point"
    assert any(e.at == ("point", 7) for e in scene.effects.items) or not scene.effects.items


def test_a_captain_flip_tile_turns_over_to_its_new_face(monkeypatch):
    clock = Clock()
    app, scene = start("captain_flip", [Seat("human")], variant="A", seed=4, clock=clock)
    scene.roll()
    clock.t += 1.0
    scene.update(0.0)
    before = scene.state.drawn
    tiles = record(monkeypatch, scene.painter, "tile")
    scene.choose(True)
    clock.t += 0.05
    early = [c[0] for c in frame(app, tiles)]
    assert before[0] in early, "it starts from the side that was up"
    clock.t += 5.0
    scene.update(0.0)
    late = [c[0] for c in frame(app, tiles)]
    assert scene.state.drawn[0] == before[1] and before[1] in late and before[0] not in late[-1:]


def test_a_pushed_hen_drops_after_the_mover_has_arrived():
    app, scene = start("chicken_chase", players=2, seed=2)
    before = scene.state.copy()
    after = before.copy()
    before.hens[:] = [3, 0, 5, 0]
    after.hens[:] = [5, 0, 4, 0]
    before.turn = 0
    scene.last_state, scene.session.state = before, after
    clock = Clock()
    on_clock(scene, clock)
    scene.timers.start("move", 1.0)
    clock.t += 0.3
    points = scene._slid_points()
    start_pts, end_pts = scene.hen_points(before.hens), scene.hen_points(after.hens)
    assert points[0] not in (start_pts[0], end_pts[0]), "the mover is on its way"
    assert points[2] == start_pts[2], "the pushed hen waits"
    clock.t += 2.0
    assert scene._slid_points() == end_pts


def test_markers_show_after_the_slide_end_with_their_timers_and_a_click_skips_everything():
    clock = Clock()
    app, scene = start("plakoto", [Seat("human"), Seat("human")], settings={"auto_forced": False}, clock=clock)
    scene.session.state = PlakotoState.from_notation("w 61 1:b14 7:b1 13:w1 24:w14 off:w0,b0 match:0-0/5 start:w")
    scene._changed()
    assert scene.play(Step(13, 7, 6))
    assert [e.text for e in scene.effects.items] == ["Pinned!"]
    assert scene.effects.showing() == [], "the marker waits for the checker to arrive"
    clock.t += scene.timers._spans["move"][1] - clock.t + 0.05
    assert [e.text for e, _ in scene.effects.showing()] == ["Pinned!"]
    assert scene.animating() or scene.timers.any_running()
    click(app, (5, 5))  # anywhere: the motion ends at once
    assert not scene.animating() and scene.effects.showing() == []
    assert scene.state.point(7) == (0, 1, 1), "skipping changes nothing but the picture"


def test_fast_play_has_no_motion_and_no_markers():
    clock = Clock()
    app, scene = start("plakoto", [Seat("human"), Seat("human")], settings={"auto_forced": False, "fast_play": True},
                       clock=clock)
    scene.session.state = PlakotoState.from_notation("w 61 1:b14 7:b1 13:w1 24:w14 off:w0,b0 match:0-0/5 start:w")
    scene._changed()
    assert scene.play(Step(13, 7, 6))
    assert not scene.animating() and scene.effects.items == []
    assert scene.outline and scene.outline[-1][1] == Step(13, 7, 6), "the outline stays: it is no motion"


def test_computer_moves_are_held_long_enough_to_follow_each_one(monkeypatch):
    monkeypatch.setattr(game_scene, "AI_PAUSE", 0.6)
    clock = Clock()
    seats = [Seat("ai", "random"), Seat("ai", "random"), Seat("human")]
    app, scene = start("trap_the_cap", seats, seed=3, clock=clock, settings={"computer_pace": "slow"})
    assert scene.anim_time(1.0, 0) > scene.anim_time(1.0, 2) == 1.0, "a computer's slide at its pace"
    moves_at: list[float] = []
    shown_until = 0.0
    for _ in range(4000):
        if len(moves_at) >= 6 or scene.state.current_player is None:
            break
        seat = scene.state.current_player
        if seat not in (0, 1, CHANCE):
            break
        played = len(scene.session.played)
        scene.update(0.0)
        if scene.future is not None:
            scene.future.result(timeout=30)
        if len(scene.session.played) > played and scene.session.played[-1].seat in (0, 1):
            assert clock.t >= shown_until, "a computer's move came before the last one had been shown"
            moves_at.append(clock.t)
            shown_until = clock.t + scene.timers._spans["move"][1] - scene.timers._spans["move"][0] + 0.6 * 1.8
        clock.t += 0.05
    assert len(moves_at) >= 2, "two computer moves in a row were seen"
    assert game_scene.PACES["slow"] > game_scene.PACES["normal"] > game_scene.PACES["fast"]

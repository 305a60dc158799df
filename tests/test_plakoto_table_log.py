"""Plakoto's log writes a turn's steps as the rules' move notation does, in the mover's own
numbering (``24/21``, ``6/off``; a whole turn one line, ``test_plakoto_turn_log.py``), the same
text as the hint and the review: at a table, where
the board's numbers face the player on turn, the other player's older lines are not worded again
in the new numbering, and in a window turning the board changes no line (the log once followed the
board's numbering, so the same move read "1->5" in the log and "24/20" in the hint)."""

from __future__ import annotations

import random

import pytest
from feedback_helpers import start

from tabletop.core import CHANCE
from tabletop.games.plakoto.movegen import dice_left
from tabletop.games.plakoto.rules import PlakotoState, Step
from tabletop.games.plakoto.scene_legend import turn_text
from tabletop.launch import Seat


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    """Settings of their own (the user's fast play or pace must not change what is drawn)."""
    monkeypatch.setenv("TABLETOP_DATA", str(tmp_path))


def step_lines(scene) -> list[str]:
    return [e.text for e in scene.log.entries if not e.rule and "/" in e.text]


def play_steps(scene, rng: random.Random, count: int) -> list[tuple[int, Step]]:
    """``count`` random steps (rolling as needed); each step with its mover."""
    played = []
    while len(played) < count and scene.state.current_player is not None:
        state = scene.state
        if state.current_player == CHANCE:
            scene.roll()
        else:
            move = rng.choice(state.legal_moves())
            if isinstance(move, Step):
                played.append((state.turn, move))
            scene.play(move)
        scene.timers.skip()  # the dice land (a roll is logged then)
        scene.update(0.0)
    return played


def turns(scene) -> list[tuple[PlakotoState, list[Step]]]:
    """Each turn of the record with steps: the position before its first step, and its steps."""
    out: list[tuple[PlakotoState, list[Step]]] = []
    for before, played in scene.session.steps():
        move = before.parse_move(played.text)
        if isinstance(move, Step):
            if not out or out[-1][0].turn != before.turn or before.left == dice_left(*before.dice):
                out.append((before, []))
            out[-1][1].append(move)
    return out


def check(scene, played: list[tuple[int, Step]]) -> None:
    """Every turn is one line, in order, its steps in the mover's numbering (the rules' text)."""
    lines = step_lines(scene)
    names = [scene.seat_name(s) for s in (0, 1)]
    k = 0
    for start_state, steps in turns(scene):
        said = start_state.describe_turn(steps, names)
        high, low = start_state.dice
        assert said.startswith(f"{names[start_state.turn]} {high}-{low}: ")
        while k < len(lines) and lines[k] != said:
            k += 1
        assert k < len(lines), (said, lines)
        k += 1
    assert [step for _, steps in turns(scene) for step in steps] == [step for _, step in played]


def test_at_a_table_both_players_steps_stay_in_the_movers_numbering():
    app, scene = start("plakoto", [Seat("human"), Seat("human")], options={"match": "1"}, table=True)
    played = play_steps(scene, random.Random(4), 40)
    assert {seat for seat, _ in played} == {0, 1}, "both players' turns were seen"
    check(scene, played)
    assert any(step.frm != 25 - step.frm for seat, step in played if seat == 1)


def test_in_a_window_blacks_steps_read_in_blacks_numbering_on_whites_board_and_turning_it_changes_none():
    app, scene = start("plakoto", [Seat("human"), Seat("human")], options={"match": "1"})
    assert scene.bottom_seat() == 0
    played = play_steps(scene, random.Random(2), 30)
    assert {seat for seat, _ in played} == {0, 1}
    check(scene, played)
    start_state, black = next((b, steps) for b, steps in turns(scene) if b.turn == 1)
    assert f"{scene.seat_name(1)} {start_state.dice[0]}-{start_state.dice[1]}: {turn_text(black, str)}" in \
        " ".join(step_lines(scene)), "the hint's and the review's notation"
    lines = step_lines(scene)
    scene.flip_board()
    assert step_lines(scene) == lines
    check(scene, played)

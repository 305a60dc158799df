"""Plakoto at a table prints the point numbers in the numbering of the player on turn; the log must
use the same numbers as the board at every moment (it used White's while the board showed Black's),
and a window keeps the bottom player's numbering (flipping the board re-words the log)."""

from __future__ import annotations

import random

import pytest
from feedback_helpers import start

from tabletop.core import CHANCE
from tabletop.games.plakoto.rules import Step
from tabletop.launch import Seat


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    """Settings of their own (the user's fast play or pace must not change what is drawn)."""
    monkeypatch.setenv("TABLETOP_DATA", str(tmp_path))


def logged_moves(scene):
    return [e for e in scene.log.entries if e.redo is not None]


def test_the_table_log_numbers_points_as_the_board_prints_them_now():
    app, scene = start("plakoto", [Seat("human"), Seat("human")], options={"match": "1"}, table=True)
    rng = random.Random(4)
    views = set()
    steps = 0
    while steps < 40 and scene.state.current_player is not None:
        state = scene.state
        if state.current_player == CHANCE:
            scene.roll()
        else:
            move = rng.choice(state.legal_moves())
            steps += isinstance(move, Step)
            scene.play(move)
        scene.timers.skip()  # the dice land (a roll is logged then)
        scene.update(0.0)
        view = scene.numbers_facing()
        views.add(view)
        entries = logged_moves(scene)
        assert entries
        assert [e.text for e in entries] == [e.redo() for e in entries]
        before, move, _seat = scene.history[-1]
        if isinstance(move, Step):  # the newest step reads in the facing seat's numbering
            said = before.describe_move(move, ["White", "Black"], view)
            assert said in [e.text for e in entries], (said, entries[-1].text)
    assert views == {0, 1}, "both players' turns were seen"


def test_a_window_logs_in_the_bottom_players_numbering():
    app, scene = start("plakoto", [Seat("human"), Seat("ai", "random")], options={"match": "1"})
    assert scene.log_view() == scene.bottom_seat() == 0
    scene.flip_board()
    assert scene.log_view() == 1

"""Plakoto computer players: each level plays whole single games legally (strength is measured
outside the suite and reported)."""

from __future__ import annotations

import random

import pytest

from tabletop.ai.play import play_game
from tabletop.games.plakoto.ai import evaluate, make_agent
from tabletop.games.plakoto.rules import PlakotoState


@pytest.mark.parametrize("levels", [("random", "easy"), ("hard", "easy")])
def test_levels_play_a_whole_game(levels):
    state = PlakotoState(1, "blocks", None)
    result = play_game(state, [make_agent(levels[0]), make_agent(levels[1])], random.Random(4))
    assert result.outcome is not None and state.current_player is None


def test_evaluation_prefers_pinning_and_sees_mother_win():
    from tabletop.games.plakoto.movegen import flip

    start = PlakotoState.from_notation("w 21 1:b15 24:w15 off:w0,b0")
    b, pn = start.cnt, start.pin
    assert abs(evaluate(b, pn)) < 50
    won = PlakotoState.from_notation("w - 1:w1* 10:w14 20:b14 off:w0,b0")
    assert evaluate(won.cnt, won.pin) >= 1000
    lost_b, lost_pn = flip(won.cnt, won.pin)
    assert evaluate(lost_b, lost_pn) <= -1000


def test_unknown_level():
    with pytest.raises(ValueError):
        make_agent("grandmaster")


def test_hard_model_is_a_win_chance():
    from tabletop.games.plakoto.ai_eval import FEATURES, WEIGHTS, features, terminal, win_chance
    from tabletop.games.plakoto.movegen import flip

    assert len(WEIGHTS) == len(FEATURES)
    start = PlakotoState.from_notation("w 21 1:b15 24:w15 off:w0,b0")
    assert len(features(start.cnt, start.pin)) == len(FEATURES)
    assert 0.3 < win_chance(start.cnt, start.pin) < 0.7
    won = PlakotoState.from_notation("w - 1:w1* 10:w14 20:b14 off:w0,b0")
    assert terminal(won.cnt, won.pin) == 1.0
    lost_b, lost_pn = flip(won.cnt, won.pin)
    assert win_chance(lost_b, lost_pn) == 0.0
    # an opposing checker pinned in my home board is worth more than the same checker free
    free = PlakotoState.from_notation("w - 1:b13 4:b1 5:w1 20:b1 24:w14 off:w0,b0")
    pinned = PlakotoState.from_notation("w - 1:b13 4:w1* 20:b1 24:w14 off:w0,b0")
    assert win_chance(pinned.cnt, pinned.pin) > win_chance(free.cnt, free.pin)

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


def test_features_and_game_end():
    from tabletop.games.plakoto.ai_eval import FEATURES, features, terminal
    from tabletop.games.plakoto.movegen import flip

    start = PlakotoState.from_notation("w 21 1:b15 24:w15 off:w0,b0")
    assert len(features(start.cnt, start.pin)) == len(FEATURES)
    assert terminal(start.cnt, start.pin) is None
    won = PlakotoState.from_notation("w - 1:w1* 10:w14 20:b14 off:w0,b0")
    assert terminal(won.cnt, won.pin) == 1.0
    assert terminal(*flip(won.cnt, won.pin)) == 0.0
    both = PlakotoState.from_notation("w - 1:w1* 10:w13 24:b1* 20:b13 off:w0,b0")
    assert terminal(both.cnt, both.pin) == 0.5


def test_hard_network_is_a_win_chance():
    from tabletop.games.plakoto.ai_net import value_net
    from tabletop.games.plakoto.movegen import flip

    net = value_net()
    start = PlakotoState.from_notation("w 21 1:b15 24:w15 off:w0,b0")
    assert 0.3 < net.win_chance(start.cnt, start.pin) < 0.7
    won = PlakotoState.from_notation("w - 1:w1* 10:w14 20:b14 off:w0,b0")
    assert net.win_chance(won.cnt, won.pin) == 1.0
    assert net.win_chance(*flip(won.cnt, won.pin)) == 0.0
    # an opposing checker pinned in my home board is worth more than the same checker free
    free = PlakotoState.from_notation("w - 1:b13 4:b1 5:w1 20:b1 24:w14 off:w0,b0")
    pinned = PlakotoState.from_notation("w - 1:b13 4:w1* 20:b1 24:w14 off:w0,b0")
    assert net.win_chance(pinned.cnt, pinned.pin) > net.win_chance(free.cnt, free.pin)
    # far ahead in a pure race (all home, 10 off against 0 off) is nearly a sure win
    race = PlakotoState.from_notation("w - 1:w2 2:w3 20:b15 off:w10,b0")
    assert net.win_chance(race.cnt, race.pin) > 0.9
    assert net.win_chance(*flip(race.cnt, race.pin)) < 0.1


def test_network_matches_a_plain_matrix_product():
    """The play-time network folds empty points into the bias and skips zero features; it must
    give the same number as the textbook forward pass over every input."""
    import json
    import math

    from test_plakoto_helpers import plain_hidden

    from tabletop.games.plakoto.ai_net import WEIGHTS_FILE, value_net

    data = json.loads(WEIGHTS_FILE.read_text(encoding="utf-8"))
    net = value_net()
    state = PlakotoState(1, "blocks", None)
    rng = random.Random(9)
    checked = 0
    while state.current_player is not None and checked < 40:
        if state.current_player == -1:
            state.apply(state.sample_chance(rng))
            continue
        for turn in state.legal_turns()[:3]:
            b, pn = turn.key
            hidden = plain_hidden(data, b, pn)
            z = data["out_bias"] + sum(max(h, 0.0) * w for h, w in zip(hidden, data["out"], strict=True))
            assert math.isclose(net.logit(b, pn), z, rel_tol=1e-9, abs_tol=1e-9)
            checked += 1
        state.apply(rng.choice(state.legal_moves()))
    assert checked >= 40


def test_a_malformed_network_file_is_refused_with_its_name():
    from tabletop.games.plakoto.ai_net import ValueNet

    with pytest.raises(ValueError, match="plakoto_value.json"):
        ValueNet({"dense": [[0.0]], "points": [], "bias": [0.0], "out": [0.0], "out_bias": 0.0})


def test_training_labels_follow_the_winner():
    """Step 1 of ``ai_train`` (pure Python): every position is labelled from its own mover's side
    (win, double win, double loss), so the two players' labels in one game mirror each other."""
    from tabletop.games.plakoto.ai_train import _easy_games

    F, S, Y = _easy_games((0, 2, 1))
    assert len(F) == len(S) == len(Y) > 40
    assert all(len(s) == 24 for s in S)
    assert {y[0] for y in Y} <= {0.0, 0.5, 1.0} and {0.0, 1.0} <= {y[0] for y in Y}
    for w, wd, ld in Y:
        assert wd <= w and ld <= 1 - w  # a double is part of a win (or of a loss)
    flips = {(1 - w, ld, wd) for w, wd, ld in Y}
    assert flips <= set(Y)  # each game has both sides' labels, mirrored

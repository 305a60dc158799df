"""The Plakoto trainer (``ai_train``) and the batch inputs (``ai_vec``): they must see exactly what
the readable pure-Python features (``ai_eval``) and the game's evaluator (``ai_value``) see, or the
network it trains would play differently from how it learnt."""

from __future__ import annotations

import json
import random

import numpy as np
import pytest

from tabletop.games.plakoto import ai_train, ai_vec
from tabletop.games.plakoto.ai_eval import features
from tabletop.games.plakoto.ai_value import WEIGHTS_FILE, EquityNet, counts, final
from tabletop.games.plakoto.movegen import Frame, dice_left, flip


def _positions(games: int, seed: int) -> list:
    """Every candidate turn of seeded random games (pins of both kinds, races, game ends)."""
    rng = random.Random(seed)
    keys = []
    for _ in range(games):
        b, pn = ai_train._start()
        for _ in range(400):
            turns = list(Frame(list(b), list(pn)).turns(dice_left(rng.randint(1, 6), rng.randint(1, 6))))
            if turns:
                keys.extend(turns)
                key = rng.choice(turns)
                if final(*key) is not None:
                    break
                b, pn = list(key[0]), list(key[1])
            b, pn = flip(b, pn)
    return keys


def test_batch_features_equal_the_pure_python_ones():
    keys = _positions(6, 1)
    assert any(final(*k) is not None for k in keys)
    B, PN = ai_vec.boards(keys)
    got = ai_vec.features(B, PN)
    want = np.array([features(*k) for k in keys])
    assert got.shape == want.shape
    assert np.abs(got - want).max() < 1e-12
    assert (ai_vec.sparse(B, PN) == np.array([ai_train._sparse(k) for k in keys])).all()
    mine, theirs = ai_vec.counts(B, PN)
    assert [tuple(x) for x in zip(mine.tolist(), theirs.tolist(), strict=True)] == [counts(*k) for k in keys]


def test_trainer_values_equal_the_play_time_network():
    data = json.loads(WEIGHTS_FILE.read_text(encoding="utf-8"))
    keys = _positions(4, 2)
    _, _, v = ai_train._Net(np, data).values(keys)
    want = np.array([EquityNet(data).probs(*k) for k in keys])
    assert np.abs(v - want).max() < 1e-3  # the play-time network's fixed-point rounding


def test_self_play_targets_are_chances():
    data = json.loads(WEIGHTS_FILE.read_text(encoding="utf-8"))
    F, S, Y = ai_train._self_play((data, 0, 3, 1, 0.7, False))
    assert len(F) == len(S) == len(Y) > 30
    assert ((Y >= 0) & (Y <= 1)).all()
    assert (Y[:, 1] <= Y[:, 0] + 1e-9).all() and (Y[:, 2] <= 1 - Y[:, 0] + 1e-9).all()
    again = ai_train._self_play((data, 0, 3, 1, 0.7, False))  # seeded: the same games again
    assert (again[2] == Y).all()


def test_resume_continues_self_play_from_a_shipped_network(tmp_path):
    """``--resume``: step 3 only, from a file of the shipped format; the file it writes is one
    the game can load, and it has learnt something (its weights moved)."""
    out = tmp_path / "more.json"
    ai_train.main(["--resume", str(WEIGHTS_FILE), "--out", str(out), "--rounds", "1",
                   "--games-per-round", "8", "--processes", "1", "--lr", "1e-3", "1e-3"])
    before = json.loads(WEIGHTS_FILE.read_text(encoding="utf-8"))
    after = json.loads(out.read_text(encoding="utf-8"))
    assert after["format"] == before["format"] and after["hidden"] == before["hidden"]
    EquityNet(after).probs(*_positions(1, 3)[0])
    assert after["out"] != before["out"], "one round of self-play changed the network"


def test_widening_a_network_keeps_what_it_plays_until_it_trains():
    """``--widen``: the grown network's new units start silent, so every position gets exactly the
    chances the file gave it; and they are not all alike (else training could never tell them
    apart)."""
    data = json.loads(WEIGHTS_FILE.read_text(encoding="utf-8"))
    wide = ai_train._Net(np, data).widened(len(data["bias"]) + 16, seed=3).dump()
    assert wide["hidden"] == data["hidden"] + 16
    old, new = EquityNet(data), EquityNet(wide)
    for key in _positions(40, 5):
        assert new.probs(*key) == old.probs(*key)
    fresh = np.array(wide["dense"])[:, data["hidden"]:]
    assert len({tuple(col) for col in fresh.T}) == 16


def test_a_merged_network_averages_the_logits_of_its_parts():
    """``--merge``: one file whose outputs before the logistic function are the mean of its parts'
    (so the ensemble needs no code in the game), loadable by the game at its greater width."""
    data = json.loads(WEIGHTS_FILE.read_text(encoding="utf-8"))
    other = ai_train._Net.fresh(np, 20, seed=4).dump()
    merged = ai_train.merge([data, other])
    assert merged["hidden"] == data["hidden"] + 20
    a, b, m = EquityNet(data), EquityNet(other), EquityNet(merged)
    for key in _positions(30, 6):
        want = [(x + y) / 2 for x, y in zip(a.logits(*key), b.logits(*key), strict=True)]
        # the merged output weights are kept to 6 decimals: a few 1e-6 over some 160 units
        assert m.logits(*key) == pytest.approx(want, abs=1e-4)
    with pytest.raises(ValueError):
        ai_train.merge([data])


def test_batch_outlooks_equal_the_search_of_the_game():
    """``--ply1`` targets: the numpy outlook of a turn is the game's own one-ply outlook
    (``ai_search.reply_outlook`` with the points objective), rolls without a reply included."""
    from tabletop.games.plakoto.ai_search import Objective, reply_outlook

    data = json.loads(WEIGHTS_FILE.read_text(encoding="utf-8"))
    keys = [k for k in _positions(6, 11) if final(*k) is None][::37][:40]
    got = ai_train.outlooks(ai_train._Net(np, data), keys)
    net = EquityNet(data)
    for key, u in zip(keys, got, strict=True):
        want, _ = reply_outlook(key, True, Objective.points(), net)
        assert u == pytest.approx(want, abs=1e-5)  # the game rounds to fixed point


def test_one_ply_self_play_targets_are_chances_and_differ():
    data = json.loads(WEIGHTS_FILE.read_text(encoding="utf-8"))
    F, S, Y = ai_train._self_play((data, 0, 2, 1, 0.5, True))
    assert ((Y >= 0) & (Y <= 1)).all()
    assert (Y[:, 1] <= Y[:, 0] + 1e-9).all() and (Y[:, 2] <= 1 - Y[:, 0] + 1e-9).all()
    plain = ai_train._self_play((data, 0, 2, 1, 0.5, False))  # the same games: only the targets differ
    assert (plain[0] == F).all() and not np.allclose(plain[2], Y)

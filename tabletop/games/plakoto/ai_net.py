"""The ``hard`` Plakoto evaluation: a small neural network estimating the chance to win the game.

Why a network: a linear model over the hand-made features of ``ai_eval`` (the previous ``hard``)
played no better than ``easy``'s hand-set bonuses, because what a point is worth depends on what
stands around it. The network sees the same hand-made features plus every point's content (whose checkers, how many, who
pins whom) and one hidden layer mixes them. It was first fitted to the results of ``easy``-vs-``easy``
games, then improved by self-play with temporal-difference targets (``ai_train`` reproduces it; the
weights live in ``plakoto_value.json`` beside this module -- data, not code).

Pure Python (no numpy at play time), about 0.1 ms a position. The position is the one *after* the
mover's turn, in his numbering (``movegen``): the opponent rolls next.
"""

from __future__ import annotations

import json
import math
import operator
from collections.abc import Sequence
from functools import cache
from pathlib import Path

from .ai_eval import FEATURES, features, terminal

CLASSES = 12
"""Point contents seen by the network: empty; 1, 2, 3, 4+ of mine; mine pinning one or 2+ of mine
on top; 1, 2, 3+ of his; his pinning one or 2+ of his on top."""

WEIGHTS_FILE = Path(__file__).with_name("plakoto_value.json")


def point_class(x: int, pinning: int) -> int:
    """The content class of one point (``x`` from the mover's side, ``pinning`` its pin flag)."""
    if x > 0:
        if pinning:
            return 5 if x == 1 else 6
        return x if x < 4 else 4
    if x < 0:
        if pinning:
            return 10 if x == -1 else 11
        return 7 if x == -1 else (8 if x == -2 else 9)
    return 0


class ValueNet:
    """One hidden layer of rectified units over the dense features and one-hot point contents.

    ``dense[j]`` is the column of hidden weights for feature j; ``points[q * CLASSES + c]`` the
    hidden weights for content c on point q. The empty-point rows are folded into the bias once,
    so a position costs one row per occupied point.
    """

    def __init__(self, data: dict) -> None:
        dense = [[float(v) for v in row] for row in data["dense"]]
        points = [[float(v) for v in row] for row in data["points"]]
        bias = [float(v) for v in data["bias"]]
        if len(dense) != len(FEATURES) or len(points) != 25 * CLASSES:
            raise ValueError(f"{WEIGHTS_FILE.name}: expected {len(FEATURES)} dense and "
                             f"{25 * CLASSES} point rows")
        hidden = len(bias)
        if any(len(r) != hidden for r in dense + points) or len(data["out"]) != hidden:
            raise ValueError(f"{WEIGHTS_FILE.name}: rows of unequal width")
        self.dense = dense
        base = list(bias)
        for q in range(1, 25):
            base = list(map(operator.add, base, points[q * CLASSES]))
        self.base = base
        self.delta = [
            list(map(operator.sub, points[i], points[(i // CLASSES) * CLASSES])) for i in range(len(points))
        ]
        self.out = [float(v) for v in data["out"]]
        self.out_bias = float(data["out_bias"])

    def logit(self, b: Sequence[int], pn: Sequence[int]) -> float:
        h = self.base
        for x, col in zip(features(b, pn), self.dense, strict=False):
            if x:
                h = [a + x * c for a, c in zip(h, col, strict=False)]  # widths checked at load
        delta = self.delta
        for q in range(1, 25):
            x = b[q]
            if x:
                h = list(map(operator.add, h, delta[q * CLASSES + point_class(x, pn[q])]))
        z = self.out_bias
        for a, w in zip(h, self.out, strict=False):
            if a > 0.0:
                z += a * w
        return z

    def win_chance(self, b: Sequence[int], pn: Sequence[int]) -> float:
        """The mover's chance to win the game from the position after his turn (0..1)."""
        t = terminal(b, pn)
        if t is not None:
            return t
        z = self.logit(b, pn)
        if z > 30:
            return 1.0
        if z < -30:
            return 0.0
        return 1 / (1 + math.exp(-z))


@cache
def value_net() -> ValueNet:
    """The shipped network, read once."""
    return ValueNet(json.loads(WEIGHTS_FILE.read_text(encoding="utf-8")))

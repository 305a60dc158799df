"""The ``hard`` Plakoto evaluator: a small network estimating how a single game will end.

Why three outputs and not one: Plakoto scores 2 points for a win against a player who has borne off
nothing, or for pinning his mother, so a win chance alone plays for the wrong stakes (the November
2026 network of ``ai_net`` turned fewer of its wins into double games than an engine that knew about
them). This one estimates, for the mover after his turn (the opponent rolls next), the chance to
win, to win double, and to lose double. From them come the expected points of a single game
(``equity``) and, with a match equity table (``ai_match``), the chance to win a match.

Known structure is imposed, not learned: a player who has borne off a checker can no longer lose
double (his mother has left its point, and he has borne off), so that output is 0 then; a double
is never more likely than the win it is part of; finished games have their exact values.

The inputs are those of ``ai_net`` (the hand-made features of ``ai_eval`` plus every point's
content), one hidden layer, three logistic outputs. Pure Python at play time (no numpy); the
weights live in ``plakoto_equity.json`` beside this module, made by ``ai_train``.
"""

from __future__ import annotations

import json
import math
import operator
import struct
from collections.abc import Sequence
from functools import cache
from pathlib import Path

from .ai_eval import FEATURES, features
from .ai_net import CLASSES, point_class

WEIGHTS_FILE = Path(__file__).with_name("plakoto_equity.json")

Probs = tuple[float, float, float]
"""(win, double win, double loss) for the mover after his turn; a tie counts as half a win."""


def counts(b: Sequence[int], pn: Sequence[int]) -> tuple[int, int]:
    """How many checkers of the mover and of the opponent are still on the board."""
    mine = theirs = 0
    for q in range(1, 25):
        x = b[q]
        if x > 0:
            mine += x
            if pn[q]:
                theirs += 1
        elif x < 0:
            theirs -= x
            if pn[q]:
                mine += 1
    return mine, theirs


def final(b: Sequence[int], pn: Sequence[int], mine: int | None = None) -> Probs | None:
    """The exact result when the game is decided at the end of this turn, else None.

    Checked in the order of the rules (``PlakotoState._end_turn``): borne off (double when the
    loser has borne off none), then both mothers pinned (a tie, half a win, no double), then a
    pinned mother whose pinner has left his own starting point (a double). ``mine``: the mover's
    checkers on the board, when the caller has counted them."""
    if mine is None or mine == 0:
        mine, theirs = counts(b, pn)
        if mine == 0:
            return (1.0, 1.0 if theirs == 15 else 0.0, 0.0)
    mine_pinned = b[24] < 0 and pn[24] == 1
    theirs_pinned = b[1] > 0 and pn[1] == 1
    if mine_pinned and theirs_pinned:
        return (0.5, 0.0, 0.0)
    if theirs_pinned and not (b[24] > 0 or (b[24] < 0 and pn[24])):
        return (1.0, 1.0, 0.0)
    if mine_pinned and not (b[1] < 0 or (b[1] > 0 and pn[1])):
        return (0.0, 0.0, 1.0)
    return None


def equity(p: Probs) -> float:
    """Expected points of the single game for the mover (-2..2): 2 win - 1 plus doubles."""
    return 2.0 * p[0] - 1.0 + p[1] - p[2]


def flip_probs(p: Probs) -> Probs:
    """The same outlook seen from the other player."""
    return (1.0 - p[0], p[2], p[1])


def _sigmoid(z: float) -> float:
    if z > 30:
        return 1.0
    if z < -30:
        return 0.0
    return 1 / (1 + math.exp(-z))


_MY_OFF, _OPP_OFF = FEATURES.index("my_off"), FEATURES.index("opp_off")

LANE = 64
"""Bits per hidden unit in the packed hidden vector (see ``EquityNet``)."""
_X_SCALE = 1 << 16  # features as whole numbers of 2**-16
_W_SCALE = 1 << 24  # feature weights as whole numbers of 2**-24
_H_SCALE = _X_SCALE * _W_SCALE  # hidden sums (and point rows) as whole numbers of 2**-40


class EquityNet:
    """One hidden layer of rectified units, three logistic outputs (win, double win, double loss).

    ``dense[j]`` is the hidden weights of feature j, ``points[q * CLASSES + c]`` those of content c
    on point q, ``out[k]`` the hidden-to-output weights of output k. The empty-point rows are folded
    into the bias once, so a position costs one row per occupied point and per nonzero feature.

    Why the hidden vector is one big integer: pure Python adds two lists of 48 numbers slowly, one
    element at a time, but adds two integers of 48 x 64 bits in one step. So every weight row is
    stored as fixed-point numbers, each in its own 64-bit lane of one integer, and the hidden sums
    are integer additions and multiplications by the (fixed-point) feature value; the lanes are
    unpacked once at the end. Integer arithmetic is also exact, the same on every machine. The
    rounding (2**-16 on features, 2**-24 on weights) is far below the weights' own 4 decimals.
    """

    def __init__(self, data: dict) -> None:
        dense = [[float(v) for v in row] for row in data["dense"]]
        points = [[float(v) for v in row] for row in data["points"]]
        bias = [float(v) for v in data["bias"]]
        out = [[float(v) for v in row] for row in data["out"]]
        if len(dense) != len(FEATURES) or len(points) != 25 * CLASSES or len(out) != 3:
            raise ValueError(f"{WEIGHTS_FILE.name}: expected {len(FEATURES)} dense rows, "
                             f"{25 * CLASSES} point rows and 3 output rows")
        hidden = len(bias)
        if any(len(r) != hidden for r in dense + points + out) or len(data["out_bias"]) != 3:
            raise ValueError(f"{WEIGHTS_FILE.name}: rows of unequal width")
        self.hidden = hidden
        base = list(bias)
        for q in range(1, 25):
            base = list(map(operator.add, base, points[q * CLASSES]))
        self.base = _pack([round(v * _H_SCALE) for v in base])
        self.dense = [_pack([round(v * _W_SCALE) for v in row]) for row in dense]
        delta = [
            _pack([round((v - e) * _H_SCALE) for v, e in zip(points[i], points[(i // CLASSES) * CLASSES],
                                                              strict=True)])
            for i in range(len(points))
        ]
        # by_point[q][x + 15 + 31 * pinning]: the packed row of that content on point q
        self.by_point = [[delta[q * CLASSES + point_class(x - 15, p)] for p in (0, 1) for x in range(31)]
                         for q in range(25)]
        self.offset = _pack([1 << (LANE - 1)] * hidden)
        self.unpack = struct.Struct(f"<{hidden}q").unpack
        self.out = [[w / _H_SCALE for w in row] for row in out]
        self.out_bias = [float(v) for v in data["out_bias"]]

    def hidden_sums(self, b: Sequence[int], pn: Sequence[int], feats: Sequence[float] | None = None
                    ) -> tuple[int, ...]:
        """The hidden units' inputs as whole numbers of 2**-40 (before rectifying); ``feats``:
        the position's ``features`` when the caller has them."""
        h = self.base
        for x, row in zip(features(b, pn) if feats is None else feats, self.dense, strict=False):
            if x:
                h += row * round(x * _X_SCALE)
        by_point = self.by_point
        for q in range(1, 25):
            x = b[q]
            if x:
                h += by_point[q][x + 15 + 31 * pn[q]]
        # each lane + 2**63 lies in 0..2**64, so the sum has no borrows between lanes; flipping the
        # top bit of each lane turns it back into a signed 64-bit number
        u = (h + self.offset) ^ self.offset
        return self.unpack(u.to_bytes(self.hidden * 8, "little"))

    def logits(self, b: Sequence[int], pn: Sequence[int], feats: Sequence[float] | None = None) -> list[float]:
        """The three raw outputs (before the logistic function and the imposed structure)."""
        h = [a if a > 0 else 0 for a in self.hidden_sums(b, pn, feats)]
        mul = operator.mul
        return [z + sum(map(mul, h, w)) for z, w in zip(self.out_bias, self.out, strict=True)]

    def probs(self, b: Sequence[int], pn: Sequence[int]) -> Probs:
        """(win, double win, double loss) for the mover after his turn; exact at game ends."""
        feats = features(b, pn)
        # the checkers on the board, from the borne-off shares the features hold (exact: n / 15)
        mine, theirs = 15 - round(15 * feats[_MY_OFF]), 15 - round(15 * feats[_OPP_OFF])
        end = final(b, pn, mine)
        if end is not None:
            return end
        zw, zd, zl = self.logits(b, pn, feats)
        w, wd, ld = _sigmoid(zw), _sigmoid(zd), _sigmoid(zl)
        # fewer than 15 on the board: he has borne off, so his mother is gone and he has a checker off
        return (w, 0.0 if theirs < 15 else min(wd, w), 0.0 if mine < 15 else min(ld, 1.0 - w))


def _pack(lanes: Sequence[int]) -> int:
    """Signed whole numbers, one per 64-bit lane (lane 0 lowest), as one integer."""
    total = 0
    for j, v in enumerate(lanes):
        total += v << (LANE * j)
    return total


@cache
def equity_net() -> EquityNet:
    """The shipped network, read once."""
    return EquityNet(json.loads(WEIGHTS_FILE.read_text(encoding="utf-8")))

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
content), one hidden layer, three logistic outputs; the weights live in ``plakoto_equity.json``
beside this module, made by ``ai_train``.

Why numpy, and why whole numbers: the search evaluates thousands of positions per decision, so
they are evaluated in batches (``probs_many``), about ten times faster than one at a time in pure
Python, which is what lets ``ai_search`` look two plies deep. And the computer must choose the
same turn on every machine, while a matrix library may add up a product in any order (and the
result of a floating-point sum depends on the order). So every number that goes through a matrix
product is a whole number small enough to be exact in floating point: the features as multiples of
2**-16, the weights as the file's 4 decimals times 10**4, the hidden units rounded to 10**-6 before
the output layer (whose 6-decimal weights are whole numbers times 10**-6). Sums of such numbers are
exact, so the same in any order on any machine; the rest is element by element (IEEE arithmetic,
the same everywhere) and ``math.exp``.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np

from . import ai_vec
from .ai_eval import FEATURES
from .ai_net import CLASSES
from .movegen import Key

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


_X_SCALE = 65536.0  # features as whole numbers of 2**-16
_W_SCALE = 1e4  # the file's 4-decimal weights as whole numbers
_OUT_SCALE = 1e6  # its 6-decimal output weights as whole numbers
_H_SCALE = 1e6  # the hidden units rounded to whole numbers of 10**-6 before the output layer
_EXACT = 2.0 ** 53  # below this, whole numbers and their sums are exact in float64
_EXACT32 = 2.0 ** 24  # and in float32


class EquityNet:
    """One hidden layer of rectified units, three logistic outputs (win, double win, double loss).

    ``dense[j]`` is the hidden weights of feature j, ``points[q * CLASSES + c]`` those of content c
    on point q, ``out[k]`` the hidden-to-output weights of output k (the file's layout). The point
    rows go through a 0/1 matrix of each position's 24 contents; the empty-point rows are in it
    too (they are each point's "nothing here"), so it is one plain product.

    See the module's docstring for why every product is of whole numbers: the weights are checked
    at load to be small enough for that (a file that is not is refused)."""

    def __init__(self, data: dict) -> None:
        dense = np.array(data["dense"], dtype=np.float64)
        points = np.array(data["points"], dtype=np.float64)
        bias = np.array(data["bias"], dtype=np.float64)
        out = np.array(data["out"], dtype=np.float64)
        hidden = len(bias)
        if (dense.shape != (len(FEATURES), hidden) or points.shape != (25 * CLASSES, hidden)
                or out.shape != (3, hidden) or len(data["out_bias"]) != 3):
            raise ValueError(f"{WEIGHTS_FILE.name}: expected {len(FEATURES)} dense rows, "
                             f"{25 * CLASSES} point rows and 3 output rows, all of {hidden} hidden units")
        self.hidden = hidden
        self.dense = np.rint(dense * _W_SCALE)
        pts = np.rint(points * _W_SCALE)
        # a position sums one point row per point: the largest such sum must stay exact in float32
        worst = np.abs(pts).reshape(25, CLASSES, hidden).max(1).sum(0).max()
        if worst >= _EXACT32 or np.abs(self.dense).max() >= 2.0 ** 24:
            raise ValueError(f"{WEIGHTS_FILE.name}: weights too large for exact arithmetic")
        self.points = pts.astype(np.float32)
        self.bias = np.rint(bias * _W_SCALE) * _X_SCALE
        self.out = np.rint(out * _OUT_SCALE).T.copy()
        self.out_room = _EXACT / np.abs(self.out).sum(0).max()  # the largest hidden value allowed
        self.out_bias = [float(v) for v in data["out_bias"]]

    def logits_many(self, B: Any, PN: Any) -> tuple[Any, Any, Any]:
        """The raw outputs (positions x 3) of boards ``B``/``PN`` (``ai_vec.boards``), and the
        checkers of the mover and of the opponent still on the board."""
        feats, mine, theirs = ai_vec.encode(B, PN)
        x = np.rint(feats * _X_SCALE)
        contents = ai_vec.onehot(ai_vec.sparse(B, PN), len(self.points), np.float32)
        h = x @ self.dense + (contents @ self.points).astype(np.float64) * _X_SCALE + self.bias
        # h is in units of 2**-16 * 10**-4; rounded to units of 10**-6 (a hidden unit is rarely
        # above 10, the room is for a few hundred)
        h = np.rint(np.maximum(h, 0.0) * (_H_SCALE / (_X_SCALE * _W_SCALE)))
        if len(h) and h.max() >= self.out_room:
            raise ArithmeticError("a hidden unit beyond exact arithmetic: the network is unusable")
        z = (h @ self.out) * (1.0 / (_H_SCALE * _OUT_SCALE)) + self.out_bias
        return z, mine, theirs

    def probs_many(self, keys: Sequence[Key]) -> list[Probs]:
        """(win, double win, double loss) for the mover after his turn, for every position in
        ``keys``; exact at game ends."""
        if not keys:
            return []
        B, PN = ai_vec.boards(keys)
        z, mine, theirs = self.logits_many(B, PN)
        v = np.array([_sigmoid(x) for x in z.ravel().tolist()]).reshape(z.shape)
        return list(map(tuple, impose(v, B, PN, mine, theirs).tolist()))

    def probs(self, b: Sequence[int], pn: Sequence[int]) -> Probs:
        """``probs_many`` of one position."""
        return self.probs_many([(tuple(b), tuple(pn))])[0]

    def logits(self, b: Sequence[int], pn: Sequence[int]) -> list[float]:
        """The three raw outputs of one position (before the logistic function and the imposed
        structure)."""
        B, PN = ai_vec.boards([(tuple(b), tuple(pn))])
        return self.logits_many(B, PN)[0][0].tolist()


def _sigmoid(z: float) -> float:
    if z > 30:
        return 1.0
    if z < -30:
        return 0.0
    return 1 / (1 + math.exp(-z))


def impose(v: Any, B: Any, PN: Any, mine: Any, theirs: Any) -> Any:
    """The known structure on the network's chances ``v`` (positions x 3, changed in place and
    returned): no double against a player who has borne off (fewer than 15 of his on the board),
    a double never likelier than its win, and the exact values where the game has ended (as
    ``final``, the first rule that applies winning)."""
    v[:, 1] = np.where(theirs < 15, 0.0, np.minimum(v[:, 1], v[:, 0]))
    v[:, 2] = np.where(mine < 15, 0.0, np.minimum(v[:, 2], 1.0 - v[:, 0]))
    mine_pinned = (B[:, 24] < 0) & (PN[:, 24] > 0)
    theirs_pinned = (B[:, 1] > 0) & (PN[:, 1] > 0)
    mine_start = (B[:, 24] > 0) | mine_pinned
    theirs_start = (B[:, 1] < 0) | theirs_pinned
    for rows, value in (  # the later rules first, so that an earlier one overrides them
        (mine_pinned & ~theirs_start, (0.0, 0.0, 1.0)),
        (theirs_pinned & ~mine_start, (1.0, 1.0, 0.0)),
        (mine_pinned & theirs_pinned, (0.5, 0.0, 0.0)),
    ):
        v[rows] = value
    done = mine == 0
    v[done, 0], v[done, 1], v[done, 2] = 1.0, theirs[done] == 15, 0.0
    return v


@cache
def equity_net() -> EquityNet:
    """The shipped network, read once."""
    return EquityNet(json.loads(WEIGHTS_FILE.read_text(encoding="utf-8")))

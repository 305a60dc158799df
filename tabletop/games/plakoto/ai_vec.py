"""The inputs of the ``hard`` network for many positions at once, in numpy: what ``ai_value`` (the
evaluator the game plays with) and ``ai_train`` (the trainer) feed the network.

Why a batch version of ``ai_eval.features``: the search evaluates hundreds to tens of thousands of
positions per decision, and one position at a time in pure Python costs about 60 us. Here a whole
batch is encoded with a few hundred array operations, whatever its size. The numbers are those of
``ai_eval.features`` (tested), which stays as the readable definition and the frozen player's
input.

Why integers first: every count, pip total and shot weight is summed as an integer (the shot
chances in 36ths) and divided once at the end, and a sum of small integers is the same in any
order, on any machine; so the network sees exactly the same numbers everywhere (its moves must
not depend on the machine, see ``ai_value``).

Shot chances (``ai_eval._shots``) use bit masks: bit q of a position's mask is point q. For one
roll, the points an opponent's checker on r can land on are ``r + d`` for each way to move ``d``
with that roll whose intermediate points are all open; shifting the shooters' mask by ``d``
after removing those with a blocked intermediate point gives them all at once.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any

import numpy as np

from .ai_eval import _HIT_MASKS, FEATURES
from .ai_net import CLASSES, point_class
from .movegen import Key

_Q = np.arange(25)
# CODE[q, x + 15 + 31 * pinning]: the row of that content on point q (as ai_train's _sparse)
_CODE = np.array([[q * CLASSES + point_class(x - 15, p) for p in (0, 1) for x in range(31)] for q in range(25)])

# For each of the 21 rolls: (weight in 36ths, [(distance, intermediate offsets mask), ...]).
_ROLL_WAYS: list[tuple[int, list[tuple[int, int]]]] = []


def _roll_ways() -> None:
    by_roll: dict[int, tuple[int, list[tuple[int, int]]]] = {}
    for d, row in enumerate(_HIT_MASKS):
        for i, masks, weight in row:
            entry = by_roll.setdefault(i, (weight, []))
            for m in masks:
                entry[1].append((d, m))
    _ROLL_WAYS.extend(by_roll[i] for i in sorted(by_roll))


_roll_ways()
_MIDS = sorted({m for _, ways in _ROLL_WAYS for _, m in ways} - {0})
_FAR = sum(1 << q for q in range(13, 24))
_NEAR = sum(1 << q for q in range(1, 13))

# The features that are sums over the points, all at once as one product ``X @ _SUMS``: the rows
# of X are, for points 1..24 in six blocks, my checkers, his checkers, my pinners, his pinners,
# my made points, his made points; the columns are my checkers on the board, his, my pips, his,
# then pins and made points by zone (4 each: my pinners, his pinners, my made, his made), then my
# checkers home, his.
_SUM_NAMES = ("my_on", "opp_on", "my_pips", "opp_pips", *(f"{w}{z}" for w in ("mp", "hp", "mm", "om")
                                                          for z in range(4)), "my_home", "opp_home")


def _sums_matrix() -> Any:
    col = {name: i for i, name in enumerate(_SUM_NAMES)}
    m = np.zeros((6 * 24, len(_SUM_NAMES)), dtype=np.float32)
    for i in range(24):
        q = i + 1
        mine, his, mp, hp, mm, om = (block * 24 + i for block in range(6))
        for r in (mine, hp):  # a checker of mine pinned under his stays mine
            m[r, col["my_on"]], m[r, col["my_pips"]] = 1, q
            if q <= 6:
                m[r, col["my_home"]] = 1
        for r in (his, mp):
            m[r, col["opp_on"]], m[r, col["opp_pips"]] = 1, 25 - q
            if q >= 19:
                m[r, col["opp_home"]] = 1
        for name, r in (("mp", mp), ("hp", hp), ("mm", mm), ("om", om)):
            m[r, col[f"{name}{i // 6}"]] = 1
    return m


_SUMS = _sums_matrix()


def boards(keys: Sequence[Key]) -> tuple[Any, Any]:
    """The keys as two int8 arrays (positions x 25): checkers and pin flags."""
    n = len(keys)
    chain = itertools.chain.from_iterable
    a = np.fromiter(chain(chain(keys)), dtype=np.int8, count=n * 50).reshape(n, 2, 25)
    return a[:, 0], a[:, 1]


def sparse(B: Any, PN: Any) -> Any:
    """Each position's 24 point rows (as ``ai_train._sparse``), positions x 24."""
    return _CODE[_Q[1:], B[:, 1:].astype(np.int64) + 15 + 31 * (PN[:, 1:] != 0)]


def onehot(S: Any, rows: int, dtype: Any = np.float64) -> Any:
    """Point rows as a 0/1 matrix (positions x ``rows``): one matrix product then replaces the
    gather-and-sum over 24 rows per position (about 2.5 times faster)."""
    out = np.zeros((len(S), rows), dtype=dtype)
    np.put_along_axis(out, S, 1, axis=1)
    return out


def _masks(flags: Any) -> Any:
    """Booleans (positions x k x 25) as int64 bit masks (positions x k), bit q = column q."""
    n, k, _ = flags.shape
    padded = np.zeros((n, k, 32), dtype=bool)
    padded[:, :, :25] = flags
    return np.packbits(padded, axis=2, bitorder="little").view("<u4")[:, :, 0].astype(np.int64)


def _top_bit(m: Any) -> Any:
    """The index of the highest set bit of each mask (> 0): exact, as frexp is for integers."""
    return np.frexp(m.astype(np.float64))[1] - 1


def _longest_run(m: Any) -> Any:
    """The longest run of consecutive set bits of each mask."""
    run = np.zeros(len(m), dtype=np.int64)
    while True:
        alive = m != 0
        if not alive.any():
            return run
        run += alive
        m = m & (m >> 1)


def _shots(shooters: Any, blocked: Any, blots: Any) -> tuple[Any, Any, Any]:
    """For each position: the chances (in 36ths) that the opponent, moving up this numbering from
    ``shooters`` past the ``blocked`` points, lands on each blot of ``blots`` with his next roll,
    summed over the blots on points 13-23, on 1-12, and on 24 (the mother)."""
    closed = {0: np.zeros_like(blocked)}
    for mids in _MIDS:  # points closed to a way through these intermediate offsets
        c = np.zeros_like(blocked)
        m, off = mids, 0
        while m:
            if m & 1:
                c |= blocked >> off
            m >>= 1
            off += 1
        closed[mids] = c
    far = np.zeros(len(blots), dtype=np.int64)
    near = np.zeros_like(far)
    mother = np.zeros_like(far)
    for weight, ways in _ROLL_WAYS:
        hit = np.zeros_like(blots)
        for d, mids in ways:
            hit |= (shooters & ~closed[mids]) << d
        hit &= blots
        far += np.bitwise_count(hit & _FAR).astype(np.int64) * weight
        near += np.bitwise_count(hit & _NEAR).astype(np.int64) * weight
        mother += ((hit >> 24) & 1) * weight
    return far, near, mother


def features(B: Any, PN: Any) -> Any:
    """``ai_eval.features`` of every position (positions x len(FEATURES), float64)."""
    return encode(B, PN)[0]


def encode(B: Any, PN: Any) -> tuple[Any, Any, Any]:
    """The features of every position, with the checkers of the mover and of the opponent still on
    the board (as ``counts``), which the evaluator needs for its exact game ends."""
    n = len(B)
    b = B[:, 1:].astype(np.int16)
    pn = PN[:, 1:] != 0
    mine, theirs = b > 0, b < 0
    my_pin, his_pin = mine & pn, theirs & pn  # my checker pins one of his; his pins one of mine
    my_made = mine & (pn | (b >= 2))
    opp_made = theirs & (pn | (b <= -2))
    x = np.empty((n, 6, 24), dtype=np.float32)
    x[:, 0], x[:, 1] = np.maximum(b, 0), np.maximum(-b, 0)
    x[:, 2], x[:, 3], x[:, 4], x[:, 5] = my_pin, his_pin, my_made, opp_made
    sums = (x.reshape(n, 144) @ _SUMS).astype(np.int64)  # small whole numbers: exact in float32
    my_on, opp_on, my_pips, opp_pips = sums[:, 0], sums[:, 1], sums[:, 2], sums[:, 3]
    rev = slice(None, None, -1)
    flags = np.zeros((n, 9, 25), dtype=bool)
    flags[:, 0, 1:] = mine | his_pin  # points where one of my checkers stands
    flags[:, 1, 1:] = theirs | my_pin
    flags[:, 2, 1:] = my_made
    flags[:, 3, 1:] = mine & ~my_made  # my blots
    flags[:, 4, 1:] = opp_made
    flags[:, 5, 1:] = theirs  # his checkers on top: they shoot at my blots
    # the opponent's side in his numbering (bit q = my point 25 - q): his blots, my shooters, his
    # made points; then it is the same computation
    flags[:, 6, 1:] = (theirs & ~opp_made)[:, rev]
    flags[:, 7, 1:] = mine[:, rev]
    flags[:, 8, 1:] = opp_made[:, rev]
    m = _masks(flags)
    mine_at, theirs_at = m[:, 0], m[:, 1]
    my_top = np.where(mine_at > 0, _top_bit(np.maximum(mine_at, 1)), 0)
    opp_low = np.where(theirs_at > 0, _top_bit(np.maximum(theirs_at & -theirs_at, 1)), 25)
    contact = opp_low < my_top
    race = (opp_pips - my_pips) / 100
    far, near, mother = _shots(m[:, 5], m[:, 2], m[:, 3])
    his_far, his_near, his_mother = _shots(m[:, 7], m[:, 8], m[:, 6])
    opp_start_empty = ~((B[:, 1] < 0) | ((B[:, 1] > 0) & (PN[:, 1] != 0)))
    out = np.empty((n, len(FEATURES)))
    out[:, 0] = 1.0
    out[:, 1] = np.where(contact, race, 0.0)
    out[:, 2] = np.where(contact, 0.0, race)
    out[:, 3] = (15 - my_on) / 15
    out[:, 4] = (15 - opp_on) / 15
    out[:, 5:21] = sums[:, 4:20]
    out[:, 21] = _longest_run(m[:, 2]) / 6
    out[:, 22] = _longest_run(m[:, 4]) / 6
    out[:, 23] = far / 36
    out[:, 24] = near / 36
    out[:, 25] = mother / 36
    out[:, 26] = np.where(opp_start_empty, mother, 0) / 36
    out[:, 27] = np.where(contact, his_far + his_near, 0) / 36
    out[:, 28] = np.where(contact, his_mother, 0) / 36
    out[:, 29] = np.maximum(B[:, 24].astype(np.int64), 0) / 15
    out[:, 30] = np.maximum(-B[:, 1].astype(np.int64), 0) / 15
    out[:, 31] = sums[:, 20] / 15
    out[:, 32] = sums[:, 21] / 15
    out[:, 33] = his_pin[:, :6].any(1)
    return out, my_on, opp_on


def counts(B: Any, PN: Any) -> tuple[Any, Any]:
    """Checkers of the mover and of the opponent still on the board (as ``ai_value.counts``)."""
    b, pn = B[:, 1:].astype(np.int64), PN[:, 1:].astype(bool)
    mine, theirs = b > 0, b < 0
    return (np.where(mine, b, 0).sum(1) + (theirs & pn).sum(1),
            np.where(theirs, -b, 0).sum(1) + (mine & pn).sum(1))

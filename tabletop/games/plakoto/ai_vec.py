"""The inputs of the ``hard`` network for many positions at once, in numpy (for ``ai_train`` only).

Why a second implementation of ``ai_eval.features``: self-play training evaluates every candidate
turn of every decision, and the pure-Python features (about 17 us a position) were most of its
cost. Here a whole batch -- every candidate of one decision in each of many games played side by
side -- is encoded with a few hundred array operations, whatever its size. The numbers are those
of ``ai_eval.features`` (tested), so the network trained on them plays the same at play time,
where the game uses the pure-Python code (numpy is never a runtime dependency).

Shot chances (``ai_eval._shots``) use bit masks: bit q of a position's mask is point q. For one
roll, the points an opponent's checker on r can land on are ``r + d`` for each way to move ``d``
with that roll whose intermediate points are all open; shifting the shooters' mask by ``d``
after removing those with a blocked intermediate point gives them all at once.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .ai_eval import _HIT_MASKS, FEATURES
from .ai_net import CLASSES, point_class
from .movegen import Key

_Q = np.arange(25)
_BITS = np.left_shift(np.int64(1), _Q.astype(np.int64))
_ZONE = (_Q[1:] - 1) // 6
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
_FAR = sum(1 << q for q in range(13, 24))
_NEAR = sum(1 << q for q in range(1, 13))


def boards(keys: list[Key]) -> tuple[Any, Any]:
    """The keys as two int arrays (positions x 25): checkers and pin flags."""
    return np.array([k[0] for k in keys], dtype=np.int64), np.array([k[1] for k in keys], dtype=np.int64)


def sparse(B: Any, PN: Any) -> Any:
    """Each position's 24 point rows (as ``ai_train._sparse``), positions x 24."""
    return _CODE[_Q[1:], B[:, 1:] + 15 + 31 * PN[:, 1:]]


def onehot(S: Any, rows: int) -> Any:
    """Point rows as a 0/1 matrix (positions x ``rows``): one matrix product then replaces the
    gather-and-sum over 24 rows per position (about 2.5 times faster)."""
    out = np.zeros((len(S), rows))
    np.put_along_axis(out, S, 1.0, axis=1)
    return out


def _mask(flags: Any) -> Any:
    """Boolean positions x 25 as one int64 bit mask per position."""
    return flags.astype(np.int64) @ _BITS


def _longest_run(m: Any) -> Any:
    """The longest run of consecutive set bits of each mask."""
    run = np.zeros(len(m), dtype=np.int64)
    while True:
        alive = m != 0
        if not alive.any():
            return run
        run += alive
        m = m & (m >> 1)


def _shot_sums(shooters: Any, blocked: Any, blots: Any, parts: tuple[int, ...]) -> list[Any]:
    """For each mask in ``parts``: the sum, over the blots on those points, of the chance (0..1)
    that the opponent (moving up this numbering from ``shooters``) can land there next roll."""
    sums = [np.zeros(len(blots)) for _ in parts]
    closed: dict[int, Any] = {0: np.zeros_like(blocked)}
    for weight, ways in _ROLL_WAYS:
        hit = np.zeros_like(blots)
        for d, mids in ways:
            c = closed.get(mids)
            if c is None:
                c = np.zeros_like(blocked)
                m, off = mids, 0
                while m:
                    if m & 1:
                        c = c | (blocked >> off)
                    m >>= 1
                    off += 1
                closed[mids] = c
            hit = hit | ((shooters & ~c) << d)
        hit &= blots
        for s, part in zip(sums, parts, strict=True):
            s += np.bitwise_count(hit & part) * (weight / 36)
    return sums


def features(B: Any, PN: Any) -> Any:
    """``ai_eval.features`` of every position (positions x len(FEATURES), float64)."""
    n = len(B)
    b, pn = B[:, 1:], PN[:, 1:].astype(bool)
    q = _Q[1:]
    mine, theirs = b > 0, b < 0
    my_pin = mine & pn  # my checker pins one of his
    his_pin = theirs & pn  # his checker pins one of mine
    my_on = np.where(mine, b, 0).sum(1) + his_pin.sum(1)
    opp_on = np.where(theirs, -b, 0).sum(1) + my_pin.sum(1)
    my_pips = (np.where(mine, b, 0) * q).sum(1) + (his_pin * q).sum(1)
    opp_pips = (np.where(theirs, -b, 0) * (25 - q)).sum(1) + (my_pin * (25 - q)).sum(1)
    my_made = mine & (pn | (b >= 2))
    opp_made = theirs & (pn | (b <= -2))

    def zones(x: Any) -> Any:
        return x.reshape(n, 4, 6).sum(2)

    mine_at = mine | his_pin  # points where one of my checkers stands
    theirs_at = theirs | my_pin
    my_top = np.where(mine_at.any(1), 24 - np.argmax(mine_at[:, ::-1], axis=1), 0)
    opp_low = np.where(theirs_at.any(1), 1 + np.argmax(theirs_at, axis=1), 25)
    contact = opp_low < my_top
    race = (opp_pips - my_pips) / 100
    home = q <= 6
    my_home = (np.where(mine & home, b, 0) + (his_pin & home)).sum(1)
    opp_home = (np.where(theirs & (q >= 19), -b, 0) + (my_pin & (q >= 19))).sum(1)
    pad = np.zeros((n, 1), dtype=bool)

    def mask(x: Any) -> Any:
        return _mask(np.concatenate([pad, x], axis=1))

    my_blots = mask(mine & ~my_made)
    far, near = _shot_sums(mask(theirs), mask(my_made), my_blots, (_FAR, _NEAR))
    mother = _shot_sums(mask(theirs), mask(my_made), my_blots & (1 << 24), (1 << 24,))[0]
    # the opponent's side: his blots, my checkers shooting down my numbering; mirrored masks
    # (bit q = his point q = my point 25 - q) make it the same computation
    rev = slice(None, None, -1)
    his_blots = mask((theirs & ~opp_made)[:, rev])
    opp_far, opp_near = _shot_sums(mask(mine[:, rev]), mask(opp_made[:, rev]), his_blots, (_FAR, _NEAR))
    opp_mother = _shot_sums(mask(mine[:, rev]), mask(opp_made[:, rev]), his_blots & (1 << 24), (1 << 24,))[0]
    opp_shots = np.where(contact, opp_far + opp_near, 0.0)
    opp_mother = np.where(contact, opp_mother, 0.0)
    opp_start_empty = ~((B[:, 1] < 0) | ((B[:, 1] > 0) & (PN[:, 1] > 0)))
    out = np.empty((n, len(FEATURES)))
    out[:, 0] = 1.0
    out[:, 1] = np.where(contact, race, 0.0)
    out[:, 2] = np.where(contact, 0.0, race)
    out[:, 3] = (15 - my_on) / 15
    out[:, 4] = (15 - opp_on) / 15
    out[:, 5:9] = zones(my_pin)
    out[:, 9:13] = zones(his_pin)
    out[:, 13:17] = zones(my_made)
    out[:, 17:21] = zones(opp_made)
    out[:, 21] = _longest_run(mask(my_made)) / 6
    out[:, 22] = _longest_run(mask(opp_made)) / 6
    out[:, 23] = far
    out[:, 24] = near
    out[:, 25] = mother
    out[:, 26] = np.where(opp_start_empty, mother, 0.0)
    out[:, 27] = opp_shots
    out[:, 28] = opp_mother
    out[:, 29] = np.maximum(B[:, 24], 0) / 15
    out[:, 30] = np.maximum(-B[:, 1], 0) / 15
    out[:, 31] = my_home / 15
    out[:, 32] = opp_home / 15
    out[:, 33] = (his_pin & home).any(1)
    return out


def counts(B: Any, PN: Any) -> tuple[Any, Any]:
    """Checkers of the mover and of the opponent still on the board (as ``ai_value.counts``)."""
    b, pn = B[:, 1:], PN[:, 1:].astype(bool)
    mine, theirs = b > 0, b < 0
    return (np.where(mine, b, 0).sum(1) + (theirs & pn).sum(1),
            np.where(theirs, -b, 0).sum(1) + (mine & pn).sum(1))

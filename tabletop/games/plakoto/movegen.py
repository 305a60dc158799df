"""Plakoto step and turn generation on a mutable board seen from the mover's side.

Why a separate, low-level module: turn generation is the hot loop of random playouts and of the AI,
so it works on two plain lists with do/undo instead of copying states. The board is in the
*mover's* numbering (his home is 1-6, he moves from 24 towards 1 and bears off below 1):

- ``b[q]`` (q = 1..24): ``+n`` = n of the mover's checkers on top, ``-n`` = n opposing checkers on
  top, 0 = empty;
- ``pn[q]``: 1 when the top checker(s) pin one checker of the other colour below (there is never
  more than one pinned checker on a point, since only a lone checker can be pinned).

A *turn* is a sequence of steps ``(from, to, die)`` with ``to == 0`` for bearing off. The forced-play
rules (as many dice as possible; the larger die when only one of two can be used) are applied on
whole turns; ``decision`` answers which single steps can still be completed into a legal turn.
"""

from __future__ import annotations

from collections.abc import Iterator

HOME = 6
CHECKERS = 15

Key = tuple[tuple[int, ...], tuple[int, ...]]
"""A position reached by a turn: ``(tuple(b), tuple(pn))`` in the mover's frame."""

StepT = tuple[int, int, int]
"""One checker step ``(from, to, die)`` in the mover's numbering (``to == 0``: borne off)."""


def dice_left(d1: int, d2: int) -> tuple[int, ...]:
    """The dice to play for a roll: doubles four times, otherwise the larger first."""
    if d1 == d2:
        return (d1, d1, d1, d1)
    return (d1, d2) if d1 > d2 else (d2, d1)


def _without(left: tuple[int, ...], die: int) -> tuple[int, ...]:
    i = left.index(die)
    return left[:i] + left[i + 1:]


class Frame:
    """The board from the mover's side plus what bearing off depends on.

    ``outside`` counts the mover's checkers on 7..24 (pinned ones too), kept up to date by ``do``
    and ``undo``; ``block`` is True when a pinned checker of the mover in his home forbids bearing
    off (the default "blocks" rule) -- it cannot change during the mover's own turn.
    """

    __slots__ = ("b", "pn", "outside", "block")

    def __init__(self, b: list[int], pn: list[int], pinned_blocks: bool = True) -> None:
        self.b = b
        self.pn = pn
        outside = 0
        for q in range(HOME + 1, 25):
            x = b[q]
            if x > 0:
                outside += x
            elif x < 0 and pn[q]:
                outside += 1
        self.outside = outside
        self.block = pinned_blocks and any(b[q] < 0 and pn[q] for q in range(1, HOME + 1))

    def key(self) -> Key:
        return (tuple(self.b), tuple(self.pn))

    def own_on_board(self) -> int:
        b, pn = self.b, self.pn
        return sum(x if x > 0 else (1 if x < 0 and pn[q] else 0) for q, x in enumerate(b))

    # -- single steps ------------------------------------------------------------------------------
    def steps(self, d: int) -> list[tuple[int, int]]:
        """Every legal single step ``(from, to)`` with die ``d``."""
        b, pn = self.b, self.pn
        out = []
        for q in range(24, d, -1):
            if b[q] > 0:
                y = b[q - d]
                if y >= 0 or (y == -1 and not pn[q - d]):
                    out.append((q, q - d))
        if self.outside == 0 and not self.block:
            if d <= HOME and b[d] > 0:
                out.append((d, 0))
            # A higher die bears off from the highest occupied point when no checker stands higher.
            for q in range(HOME, 0, -1):
                x = b[q]
                if x > 0 or (x < 0 and pn[q]):
                    if q < d and x > 0:
                        out.append((q, 0))
                    break
        return out

    def any_step(self, d: int) -> bool:
        """Whether die ``d`` can be used at all (the cheap last level of the search)."""
        b, pn = self.b, self.pn
        for q in range(24, d, -1):
            if b[q] > 0:
                y = b[q - d]
                if y >= 0 or (y == -1 and not pn[q - d]):
                    return True
        if self.outside == 0 and not self.block:
            if d <= HOME and b[d] > 0:
                return True
            for q in range(HOME, 0, -1):
                x = b[q]
                if x > 0 or (x < 0 and pn[q]):
                    return x > 0 and q < d
        return False

    def do(self, q: int, t: int) -> int:
        """Play one step; return the token ``undo`` needs (1: freed a pinned checker, 2: pinned)."""
        b, pn = self.b, self.pn
        token = 0
        x = b[q] - 1
        if x == 0 and pn[q]:
            b[q] = -1
            pn[q] = 0
            token = 1
        else:
            b[q] = x
        if t:
            y = b[t]
            if y >= 0:
                b[t] = y + 1
            else:
                b[t] = 1
                pn[t] = 1
                token |= 2
            if q > HOME >= t:
                self.outside -= 1
        return token

    def undo(self, q: int, t: int, token: int) -> None:
        b, pn = self.b, self.pn
        if t:
            if token & 2:
                b[t] = -1
                pn[t] = 0
            else:
                b[t] -= 1
            if q > HOME >= t:
                self.outside += 1
        if token & 1:
            b[q] = 1
            pn[q] = 1
        else:
            b[q] += 1

    # -- whole turns -------------------------------------------------------------------------------
    def first_steps(self, left: tuple[int, ...]) -> Iterator[tuple[int, int, int, int]]:
        """Every legal first step ``(used, from, to, die)`` of the ``left`` dice, with how many of
        them a turn starting with it can use. The board is back as it was at every yield."""
        for d in (left[0],) if left[0] == left[-1] else left:
            rest = _without(left, d)
            for q, t in self.steps(d):
                token = self.do(q, t)
                used = 1 + self.best(rest)
                self.undo(q, t, token)
                yield used, q, t, d

    def best(self, left: tuple[int, ...]) -> int:
        """How many of the ``left`` dice can still be used (stops as soon as all of them can)."""
        n = len(left)
        if n == 0:
            return 0
        if n == 1:
            return 1 if self.any_step(left[0]) else 0
        top = 0
        for used, _, _, _ in self.first_steps(left):
            if used == n:
                return n
            if used > top:
                top = used
        return top

    def decision(self, left: tuple[int, ...], at_start: bool) -> list[StepT]:
        """The single steps that can be completed into a legal whole turn.

        ``at_start``: no die of this roll has been used yet (the larger-die rule applies then).
        Two steps with the same from/to (a bear-off that either die could make) are the same step
        for the player; the one with the smaller die is kept -- the other die left over is at least
        as high as every checker still on the board, so both leave the same choices.
        """
        n = len(left)
        cands = list(self.first_steps(left))
        if not cands:
            return []
        most = max(c[0] for c in cands)
        legal = [c for c in cands if c[0] == most]
        if at_start and most == 1 and n == 2 and left[0] != left[1]:
            high = [c for c in legal if c[3] == left[0]]
            if high:
                legal = high
        seen: dict[tuple[int, int], StepT] = {}
        for _, q, t, d in legal:
            old = seen.get((q, t))
            if old is None or d < old[2]:
                seen[(q, t)] = (q, t, d)
        return list(seen.values())

    def turns(self, left: tuple[int, ...]) -> dict[Key, tuple[StepT, ...]]:
        """Every distinct position a legal whole turn reaches, with one step sequence for each.

        Depth-first over steps with a visited set on (position, dice left), so different orders of
        the same moves are explored once; forced-play filtering is done on the whole set.
        """
        n0 = len(left)
        leaves: dict[Key, dict[tuple[int, int], tuple[StepT, ...]]] = {}
        seen: set[tuple[Key, tuple[int, ...]]] = set()
        path: list[StepT] = []

        def walk(rem: tuple[int, ...]) -> None:
            node = (self.key(), rem)
            if node in seen:
                return
            seen.add(node)
            moved = False
            if rem:
                for d in (rem[0],) if rem[0] == rem[-1] else rem:
                    rest = _without(rem, d)
                    for q, t in self.steps(d):
                        moved = True
                        token = self.do(q, t)
                        path.append((q, t, d))
                        walk(rest)
                        path.pop()
                        self.undo(q, t, token)
            if not moved:
                used = n0 - len(rem)
                # Which die a one-die turn used matters for the larger-die rule.
                used_high = 1 if used == 1 and n0 == 2 and rem[0] != left[0] else 0
                leaves.setdefault(self.key(), {}).setdefault((used, used_high), tuple(path))

        walk(left)
        most = max(u for kinds in leaves.values() for u, _ in kinds)
        if most == 0:
            return {}
        want_high = (most == 1 and n0 == 2 and left[0] != left[1]
                     and any((1, 1) in kinds for kinds in leaves.values()))
        result: dict[Key, tuple[StepT, ...]] = {}
        for key, kinds in leaves.items():
            for (used, high), steps in kinds.items():
                if used == most and (not want_high or high):
                    result[key] = steps
                    break
        return result


def flip(b: list[int] | tuple[int, ...], pn: list[int] | tuple[int, ...]) -> tuple[list[int], list[int]]:
    """The same board seen from the other player's side."""
    nb = [0] * 25
    npn = [0] * 25
    for q in range(1, 25):
        nb[q] = -b[25 - q]
        npn[q] = pn[25 - q]
    return nb, npn

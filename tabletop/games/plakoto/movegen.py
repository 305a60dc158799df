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

    def turns_2026_11(self, left: tuple[int, ...]) -> dict[Key, tuple[StepT, ...]]:
        """The turn generator of November 2026, frozen: same result as ``turns`` (the tests check
        it), kept for the ``hard-2026-11`` agent and as the bench's baseline.

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


    def turns(self, left: tuple[int, ...]) -> dict[Key, tuple[StepT, ...]]:
        """Every distinct position a legal whole turn reaches, with one step sequence for each.

        Why it is fast (the search's hot loop): within one turn the mover's own steps never open or
        close a point for him (a point is closed by two opposing checkers or by an opposing pinner,
        and he moves neither), so the open points are one bit mask for the whole turn and the
        points he can move from another, passed down per step; a step list is then a few bit
        operations instead of a scan of 24 points. A non-double is the two dice orders, two levels
        deep, and the second order skips the pairs the first one already reached. With a double
        every order of the same steps reaches the same position, and sorting the steps by their
        starting point (highest first) keeps every step legal (a checker only moves down,
        destinations stay open, bearing off only waits for higher checkers), so only such sorted
        sequences are walked: no visited set and no position key except at the leaves. The board
        is back as it was on return; ``turns_2026_11`` gives the same set (tested).
        """
        n0 = len(left)
        if n0 == 0:
            return {}
        b, pn = self.b, self.pn
        src = 0  # points with the mover's checker(s) on top: he can move from them
        openm = 0  # points he may land on (fixed for the whole turn)
        stuck = 0  # points where his checker is pinned: occupied, never moved
        for q in range(1, 25):
            x = b[q]
            if x > 0:
                src |= 1 << q
                openm |= 1 << q
            elif x == 0 or (x == -1 and not pn[q]):
                openm |= 1 << q
            elif pn[q]:
                stuck |= 1 << q
        off_ok = not self.block

        def steps(s: int, d: int, below: int) -> list[tuple[int, int]]:
            """The legal steps with die ``d`` from the points in ``s`` that are also in ``below``."""
            m = s & (openm << d) & below
            out = []
            while m:
                top = m.bit_length() - 1
                out.append((top, top - d))
                m ^= 1 << top
            if off_ok:
                occ = s | stuck
                if 0 < occ < 128:  # every checker at home (bits 1..6 only)
                    if d <= HOME and s >> d & 1:
                        if below >> d & 1:
                            out.append((d, 0))
                    else:
                        hi = occ.bit_length() - 1
                        if hi < d and s >> hi & 1 and below >> hi & 1:
                            out.append((hi, 0))
            return out

        do, undo = self.do, self.undo

        everything = (1 << 25) - 1
        pn0 = tuple(pn)
        if n0 == 1:
            found: dict[Key, tuple[StepT, ...]] = {}
            d = left[0]
            for q, t in steps(src, d, everything):
                token = do(q, t)
                found.setdefault((tuple(b), tuple(pn) if token else pn0), ((q, t, d),))
                undo(q, t, token)
            return found
        if left[0] != left[1]:
            full: dict[Key, tuple[StepT, ...]] = {}
            single: dict[Key, tuple[StepT, ...]] = {}
            high_single = False
            for second, (d1, d2) in enumerate(((left[0], left[1]), (left[1], left[0]))):
                high_single = high_single or bool(single)
                for q, t in steps(src, d1, everything):
                    token = do(q, t)
                    s1 = src if b[q] > 0 else src & ~(1 << q)
                    if t:
                        s1 |= 1 << t
                    nexts = steps(s1, d2, everything)
                    if nexts:
                        p1 = tuple(pn) if token else pn0
                        first = (q, t, d1)
                        for q2, t2 in nexts:
                            # the same two plain steps with the larger die first: met already
                            if second and t and t2 and q2 != t:
                                continue
                            x = b[q2]
                            if (x > 1 or not pn[q2]) and (not t2 or b[t2] >= 0):
                                # the common case inline: no pin made or undone
                                b[q2] = x - 1
                                if t2:
                                    b[t2] += 1
                                    full.setdefault((tuple(b), p1), (first, (q2, t2, d2)))
                                    b[t2] -= 1
                                else:
                                    full.setdefault((tuple(b), p1), (first, (q2, t2, d2)))
                                b[q2] = x
                            else:
                                token2 = do(q2, t2)
                                full.setdefault((tuple(b), tuple(pn)), (first, (q2, t2, d2)))
                                undo(q2, t2, token2)
                    elif not full and not high_single:
                        # one die only: the larger one whenever it can be played (forced play)
                        single.setdefault((tuple(b), tuple(pn) if token else pn0), ((q, t, d1),))
                    undo(q, t, token)
            return full or single
        d = left[0]
        found = {}
        deepest = 0
        path: list[StepT] = []

        def walk(s: int, rem: int, below: int, pt: tuple[int, ...] | None) -> None:
            nonlocal deepest
            moves = steps(s, d, below) if rem else ()
            if not moves:
                depth = n0 - rem
                if depth >= deepest:
                    if depth > deepest:
                        deepest = depth
                        found.clear()
                    key = (tuple(b), pt if pt is not None else tuple(pn))
                    if key not in found:
                        found[key] = tuple(path)
                return
            if rem == 1:  # the last die: every step ends a turn of full length
                if deepest < n0:
                    deepest = n0
                    found.clear()
                done = tuple(path)
                for q, t in moves:
                    token = do(q, t)
                    found.setdefault((tuple(b), pt if pt is not None and not token else tuple(pn)),
                                     (*done, (q, t, d)))
                    undo(q, t, token)
                return
            for q, t in moves:
                token = do(q, t)
                s1 = s if b[q] > 0 else s & ~(1 << q)
                if t:
                    s1 |= 1 << t
                path.append((q, t, d))
                walk(s1, rem - 1, (2 << q) - 1, None if token else pt)
                path.pop()
                undo(q, t, token)

        walk(src, n0, everything, pn0)
        return found if deepest else {}


def flip(b: list[int] | tuple[int, ...], pn: list[int] | tuple[int, ...]) -> tuple[list[int], list[int]]:
    """The same board seen from the other player's side."""
    nb = [0] * 25
    npn = [0] * 25
    for q in range(1, 25):
        nb[q] = -b[25 - q]
        npn[q] = pn[25 - q]
    return nb, npn

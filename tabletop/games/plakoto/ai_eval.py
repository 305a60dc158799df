"""The hand-made features of a Plakoto position, the input of the ``hard`` network (``ai_net``).

Why hand-made features beside the raw board: some things a small network cannot work out from the
points alone -- above all the real chance that a single checker is landed on next roll, with blocked
intermediate points counted (``_shots``) -- so they are computed here and given to it: the race,
pins by zone, blocks, primes, blots with their shot counts, the mothers. ``terminal`` decides the
positions that end the game. Pure Python, no pygame, no numpy.

The position is the one *after* the mover's turn, from the mover's side (``b``/``pn`` in his
numbering, see ``movegen``): the opponent rolls next.
"""

from __future__ import annotations

from collections.abc import Sequence

# The 21 distinct rolls with their weight in 36ths: (die1, die2, weight).
_ROLLS21 = [(h, lo, 1 if h == lo else 2) for h in range(1, 7) for lo in range(1, h + 1)]


def _hit_table() -> list[list[tuple[int, tuple[tuple[int, ...], ...]]]]:
    """For each distance 1..24: the rolls (index into ``_ROLLS21``) that can cover it, each with the
    alternative lists of intermediate landing offsets (all of one list must be open)."""
    table: list[list[tuple[int, tuple[tuple[int, ...], ...]]]] = [[] for _ in range(25)]
    for i, (h, lo, _) in enumerate(_ROLLS21):
        ways: dict[int, list[tuple[int, ...]]] = {}
        if h == lo:
            for k in range(1, 5):
                ways.setdefault(h * k, []).append(tuple(h * j for j in range(1, k)))
        else:
            ways.setdefault(h, []).append(())
            ways.setdefault(lo, []).append(())
            ways.setdefault(h + lo, []).extend([(h,), (lo,)])
        for d, alts in ways.items():
            if d <= 24:
                table[d].append((i, tuple(alts)))
    return table


_HIT_BY_DIST = _hit_table()


# The same table with each list of intermediate offsets as a bit mask (bit m: offset m).
_HIT_MASKS = [[(i, tuple(sum(1 << m for m in mids) for mids in alts), _ROLLS21[i][2]) for i, alts in row]
              for row in _HIT_BY_DIST]


def _board_for_shots(b: Sequence[int], pn: Sequence[int]) -> tuple[list[int], int]:
    """What ``_shots`` needs of a board: the opponent's points (ascending) and the mover's made
    points as a bit mask (two or more checkers, or one pinning: closed to the opponent)."""
    shooters = []
    blocked = 0
    for r in range(1, 25):
        y = b[r]
        if y < 0:
            shooters.append(r)
        elif y >= 2 or (y == 1 and pn[r]):
            blocked |= 1 << r
    return shooters, blocked


def _shots(board: tuple[list[int], int], q: int) -> float:
    """The chance (0..1) that the opponent (moving up the mover's numbering) can land on point ``q``
    with his next roll, counting blocked intermediate points. ``board`` from ``_board_for_shots``."""
    shooters, blocked = board
    hit = 0
    total = 0
    for r in shooters:
        if r >= q:
            break
        for i, masks, weight in _HIT_MASKS[q - r]:
            if hit >> i & 1:
                continue
            for m in masks:
                if not (m << r) & blocked:
                    hit |= 1 << i
                    total += weight
                    break
    return total / 36


FEATURES = (
    "bias", "race_contact", "race_nocontact", "my_off", "opp_off",
    "opp_pinned_z1", "opp_pinned_z2", "opp_pinned_z3", "opp_pinned_z4",
    "my_pinned_z1", "my_pinned_z2", "my_pinned_z3", "my_pinned_z4",
    "my_made_z1", "my_made_z2", "my_made_z3", "my_made_z4",
    "opp_made_z1", "opp_made_z2", "opp_made_z3", "opp_made_z4",
    "my_prime", "opp_prime", "my_blot_risk_far", "my_blot_risk_near",
    "mother_risk", "mother_risk_fatal", "opp_blot_shots", "opp_mother_shots",
    "my_start", "opp_start", "my_home", "opp_home", "my_pinned_home",
)


_SHOT_CACHE: dict[int, float] = {}
_SHOT_CACHE_SIZE = 100_000  # emptied when full: about 10 MB at most


def _shot_chance(shooters: int, blocked: int, q: int) -> float:
    """``_shots`` with the shooters as a bit mask, remembered: only the shooters and blocked points
    below ``q`` matter, and in a search the same few patterns come back over and over (the other
    side's checkers are the same in every candidate of a turn). A pure function, so the cache
    changes no result."""
    low = (1 << q) - 1
    key = (shooters & low) | (blocked & low) << 25 | q << 50
    s = _SHOT_CACHE.get(key)
    if s is None:
        if len(_SHOT_CACHE) >= _SHOT_CACHE_SIZE:
            _SHOT_CACHE.clear()
        shots = []
        m = shooters & low
        while m:
            r = m & -m
            shots.append(r.bit_length() - 1)
            m ^= r
        s = _SHOT_CACHE[key] = _shots((shots, blocked), q)
    return s


def features(b: Sequence[int], pn: Sequence[int]) -> list[float]:
    """The feature vector of a position (see ``FEATURES``); zone 1 is points 1-6 of the mover.

    One pass over the points also collects what the shot chances need, for both sides: the
    opponent's side is kept in his numbering (his point 25 - q), so no flipped board is built."""
    my_pips = opp_pips = 0
    my_on = opp_on = 0
    opp_pinned = [0, 0, 0, 0]
    my_pinned = [0, 0, 0, 0]
    my_made = [0, 0, 0, 0]
    opp_made = [0, 0, 0, 0]
    my_blots: list[int] = []
    his_blots: list[int] = []  # his single checkers, in his numbering, from his highest point down
    shooters = my_shooters = 0  # his points (he lands on my blots from them); mine in his numbering
    blocked = his_blocked = 0  # my made points; his made points in his numbering
    my_run = opp_run = my_prime = opp_prime = 0
    my_top = 0  # my highest checker
    opp_low = 25  # his lowest checker (he moves up my numbering)
    my_home = opp_home = 0
    for q in range(1, 25):
        x = b[q]
        if x > 0:
            z = (q - 1) // 6
            my_on += x
            my_pips += x * q
            my_top = q
            my_shooters |= 1 << (25 - q)
            if q <= 6:
                my_home += x
            p = pn[q]
            if p:
                opp_on += 1
                opp_pips += 25 - q
                opp_pinned[z] += 1
                if q < opp_low:
                    opp_low = q
                if q >= 19:
                    opp_home += 1
            if p or x >= 2:
                blocked |= 1 << q
                my_made[z] += 1
                my_run += 1
                if my_run > my_prime:
                    my_prime = my_run
            else:
                my_run = 0
                my_blots.append(q)
            opp_run = 0
        elif x < 0:
            z = (q - 1) // 6
            shooters |= 1 << q
            opp_on -= x
            opp_pips -= x * (25 - q)
            if q < opp_low:
                opp_low = q
            if q >= 19:
                opp_home -= x
            p = pn[q]
            if p:
                my_on += 1
                my_pips += q
                my_pinned[z] += 1
                my_top = q
                if q <= 6:
                    my_home += 1
            if p or x <= -2:
                his_blocked |= 1 << (25 - q)
                opp_made[z] += 1
                opp_run += 1
                if opp_run > opp_prime:
                    opp_prime = opp_run
            else:
                opp_run = 0
                his_blots.append(25 - q)
            my_run = 0
        else:
            my_run = opp_run = 0
    contact = opp_low < my_top
    race = (opp_pips - my_pips) / 100
    risk_far = risk_near = mother_risk = 0.0
    for q in my_blots:
        s = _shot_chance(shooters, blocked, q)
        if q == 24:
            mother_risk = s
        elif q >= 13:
            risk_far += s
        else:
            risk_near += s
    opp_start_empty = not (b[1] < 0 or (b[1] > 0 and pn[1]))
    opp_shots = opp_mother = 0.0
    if contact:
        for q in reversed(his_blots):
            s = _shot_chance(my_shooters, his_blocked, q)
            if q == 24:
                opp_mother = s
            else:
                opp_shots += s
    my_pinned_home = 1.0 if any(b[q] < 0 and pn[q] for q in range(1, 7)) else 0.0
    return [
        1.0, race if contact else 0.0, 0.0 if contact else race, (15 - my_on) / 15, (15 - opp_on) / 15,
        *opp_pinned, *my_pinned, *my_made, *opp_made,
        my_prime / 6, opp_prime / 6, risk_far, risk_near,
        mother_risk, mother_risk if opp_start_empty else 0.0, opp_shots, opp_mother,
        (b[24] if b[24] > 0 else 0) / 15, (-b[1] if b[1] < 0 else 0) / 15, my_home / 15, opp_home / 15,
        my_pinned_home,
    ]


def terminal(b: Sequence[int], pn: Sequence[int]) -> float | None:
    """1.0 / 0.0 / 0.5 when the game is decided at the end of this turn, else None."""
    mine = 0
    for q in range(1, 25):
        x = b[q]
        if x > 0 or (x < 0 and pn[q]):
            mine += 1
            break
    if mine == 0:
        return 1.0
    mine_pinned = b[24] < 0 and pn[24] == 1
    theirs_pinned = b[1] > 0 and pn[1] == 1
    if mine_pinned and theirs_pinned:
        return 0.5
    if theirs_pinned and not (b[24] > 0 or (b[24] < 0 and pn[24])):
        return 1.0
    if mine_pinned and not (b[1] < 0 or (b[1] > 0 and pn[1])):
        return 0.0
    return None

"""Dice tables: the sorted outcomes of rolling k dice with their probabilities, and the distinct
groups (sub-multisets) of a roll that name a feed field. Computed once, looked up in playouts."""

from __future__ import annotations

from collections import Counter
from functools import cache
from itertools import combinations, product

MAX_FEED_SUM = 10
ROLL_SIZES = (3, 2, 1)
"""Action A rolls three times: 3 dice, then 2, then 1."""


@cache
def roll_outcomes(count: int) -> tuple[tuple[tuple[int, ...], float], ...]:
    """Every sorted roll of ``count`` dice with its probability (they sum to 1)."""
    tally: Counter[tuple[int, ...]] = Counter(tuple(sorted(r)) for r in product(range(1, 7), repeat=count))
    total = 6 ** count
    return tuple((dice, n / total) for dice, n in sorted(tally.items()))


@cache
def groups(dice: tuple[int, ...], limit: int = MAX_FEED_SUM) -> tuple[tuple[int, ...], ...]:
    """The distinct non-empty groups of ``dice`` (sorted tuples) whose sum is at most ``limit``."""
    found: set[tuple[int, ...]] = set()
    for size in range(1, len(dice) + 1):
        for combo in combinations(dice, size):
            if sum(combo) <= limit:
                found.add(combo)
    return tuple(sorted(found, key=lambda g: (sum(g), g)))


@cache
def remove_group(dice: tuple[int, ...], group: tuple[int, ...]) -> tuple[int, ...]:
    """``dice`` without the dice of ``group`` (each die used at most once)."""
    rest = list(dice)
    for d in group:
        rest.remove(d)
    return tuple(rest)

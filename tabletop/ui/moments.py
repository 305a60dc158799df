"""Teaching moments for the rules screen's pictures: a seeded game played at random from a game's
first position until the rules core offers a move that shows a rule (a trap, a pin, a push...).

The picture is then drawn from that real position and that real legal move, so it is true for the
board file in use (an edited board, a user's Captain Flip board F) and can never show a move the
rules would refuse. No pygame here: the scenes draw what this finds.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from tabletop.core import CHANCE

MOMENT_SEED = 7
MOMENT_LIMIT = 600  # decisions and rolls tried before settling for any legal move


def find_moment(state: Any, wanted: Callable[[Any, Any], bool], seed: int = MOMENT_SEED,
                limit: int = MOMENT_LIMIT) -> tuple[Any, Any] | None:
    """(position, move) where ``wanted(position, move)`` first holds in a seeded random game from
    ``state`` (which is not changed); failing that, the first decision and its first legal move;
    None if the game offers no decision at all."""
    rng = random.Random(seed)
    state = state.copy()
    fallback: tuple[Any, Any] | None = None
    for _ in range(limit):
        seat = state.current_player
        if seat is None:
            break
        if seat == CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        moves = state.legal_moves()
        if fallback is None and moves:
            fallback = (state.copy(), moves[0])
        for move in moves:
            if wanted(state, move):
                return state, move
        state.apply(rng.choice(moves))
    return fallback


def after(state: Any, move: Any) -> Any:
    """The position once ``move`` is played (``state`` is left as it was)."""
    later = state.copy()
    later.apply(move)
    return later

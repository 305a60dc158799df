"""Play whole games without a window: used by ``tabletop simulate``, the bench and the tests."""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass

from tabletop.ai.agents import Agent
from tabletop.core.game import CHANCE, GameState, Outcome


@dataclass
class GameResult:
    outcome: Outcome | None
    moves: int
    decisions: int
    seconds: float


def play_game(state: GameState, agents: Sequence[Agent], rng: random.Random,
              max_moves: int = 100_000) -> GameResult:
    """Play ``state`` to the end; agent i plays seat i and sees only its observation."""
    start = time.perf_counter()
    moves = decisions = 0
    while state.current_player is not None and moves < max_moves:
        seat = state.current_player
        if seat == CHANCE:
            move = state.sample_chance(rng)
        else:
            move = agents[seat].choose(state.observation(seat), rng)
            decisions += 1
        state.apply(move)
        moves += 1
    return GameResult(state.outcome(), moves, decisions, time.perf_counter() - start)


def random_playout(state: GameState, rng: random.Random, max_moves: int = 100_000) -> int:
    """A fast unchecked random playout (rules throughput); returns the number of moves played."""
    moves = 0
    while state.current_player is not None and moves < max_moves:
        if state.current_player == CHANCE:
            move = state.sample_chance(rng)
        else:
            legal = state.legal_moves()
            move = legal[0] if len(legal) == 1 else rng.choice(legal)
        state.apply_unchecked(move)
        moves += 1
    return moves

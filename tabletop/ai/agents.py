"""The agent interface and the agents that need nothing game-specific.

Every computer player answers one question: ``choose(state, rng) -> move``, where ``state`` is the
seat's ``observation`` (never the full state, so nobody cheats). Agents hold no pygame and no
threads; the app runs them in a worker.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol

from tabletop.core.game import CHANCE, GameState, Move


class Agent(Protocol):
    name: str

    def choose(self, state: GameState, rng: random.Random) -> Move: ...


class RandomAgent:
    """Picks uniformly among the legal moves: the baseline every level must beat."""

    name = "random"

    def choose(self, state: GameState, rng: random.Random) -> Move:
        moves = state.legal_moves()
        return moves[0] if len(moves) == 1 else rng.choice(moves)


class GreedyAgent:
    """Plays the move whose resulting position scores best for the mover, by ``evaluate``.

    ``evaluate(state, seat)`` looks at the position right after the move (a chance node usually):
    the one-ply greedy player the ``easy`` levels are built from.
    """

    def __init__(self, evaluate: Callable[[GameState, int], float], name: str = "easy") -> None:
        self.evaluate = evaluate
        self.name = name

    def choose(self, state: GameState, rng: random.Random) -> Move:
        seat = state.current_player
        assert seat is not None and seat != CHANCE
        moves = state.legal_moves()
        if len(moves) == 1:
            return moves[0]
        best: list[Move] = []
        best_value = float("-inf")
        for move in moves:
            child = state.copy()
            child.apply_unchecked(move)
            value = self.evaluate(child, seat)
            if value > best_value + 1e-9:
                best, best_value = [move], value
            elif abs(value - best_value) <= 1e-9:
                best.append(move)
        return rng.choice(best)

"""Chicken Chase computer players. They see only ``state.observation(seat)`` (others' face-down
cards are re-dealt at random there), never pygame.

- ``random``: uniform over the legal moves (games still end: most choices play cards).
- ``easy``: one-ply greedy on :func:`evaluate`.
- ``hard``: plans a whole roll's chick placements (every order of groups, a small beam), weighs
  action A (roll, then the best single card) against the best B and C plays, and spends cards where
  they gain the most progress and pushes.
"""

from __future__ import annotations

import random
from typing import Any

from tabletop.ai.agents import GreedyAgent, RandomAgent
from tabletop.core import CHANCE
from tabletop.games.chicken_chase import hill
from tabletop.games.chicken_chase.moves import ChooseRoll, EndRoll
from tabletop.games.chicken_chase.rules import ChickenState
from tabletop.i18n import tr

FINISH_BONUS = 3.0
"""A hen on the finish is worth a little more than its field: it needs no more cards."""
CARD_WEIGHT = 0.8
"""A card in hand is worth most of the fields it will walk (it is not walked yet)."""
CHICK_WEIGHT = (0.0, 0.25, 0.6, 0.75)
"""Share of the field's card value owned by 0, 1, 2 (3: waiting for a bare field) own chicks."""
BARE_FIELD_VALUE = 3.0
ROLL_BONUS = 4.0
"""What three rolls of chick placements are worth on average (tuned by self-play)."""
WIN = 10_000.0


def player_score(state: ChickenState, seat: int) -> float:
    hens = state.hens
    score = 0.0
    for field in (hens[2 * seat], hens[2 * seat + 1]):
        score += field + (FINISH_BONUS if field == hill.FINISH else 0.0)
    score += CARD_WEIGHT * sum(c % 10 for c in state.known[seat]) + CARD_WEIGHT * sum(
        c % 10 for c in state.hidden[seat])
    for field, row in enumerate(state.chicks):
        mine = row[seat]
        if mine:
            card = state.face[field]
            value = card % 10 if card is not None else BARE_FIELD_VALUE
            score += value * CHICK_WEIGHT[min(mine, 3)]
    return score


def evaluate(state: ChickenState, seat: int) -> float:
    """Seat's score minus a blend of the best and the average rival's (pushes lower rivals)."""
    out = state.outcome()
    if out is not None:
        return WIN if seat in out.winners else -WIN
    rivals = [player_score(state, s) for s in range(state.n) if s != seat]
    return player_score(state, seat) - 0.6 * max(rivals) - 0.4 * sum(rivals) / len(rivals)


class HardAgent:
    """Plans each decision a little deeper than the greedy player (see the module docstring)."""

    name = "hard"

    def __init__(self, beam: int = 6) -> None:
        self.beam = beam

    def choose(self, state: ChickenState, rng: random.Random) -> Any:
        moves = state.legal_moves()
        if len(moves) == 1:
            return moves[0]
        seat = state.current_player
        assert seat is not None and seat != CHANCE
        if state.phase == "place":
            return self._plan_roll(state, seat, moves)
        if state.phase == "action":
            return self._choose_action(state, seat, moves, rng)
        return self._best(state, seat, moves, rng)

    def _after(self, state: ChickenState, move: Any) -> ChickenState:
        child = state.copy()
        child.apply_unchecked(move)
        return child

    def _best(self, state: ChickenState, seat: int, moves: list[Any], rng: random.Random) -> Any:
        scored = [(evaluate(self._after(state, m), seat), i) for i, m in enumerate(moves)]
        top = max(v for v, _ in scored)
        return moves[rng.choice([i for v, i in scored if v >= top - 1e-9])]

    def _choose_action(self, state: ChickenState, seat: int, moves: list[Any], rng: random.Random) -> Any:
        best_move: Any = None
        best_value = float("-inf")
        # action A: the rolls' expected worth plus the best single card afterwards
        hand = sorted(set(state.hand(seat)))
        single = evaluate(state, seat)
        for card in hand:
            for hen in state.movable_hens(seat):
                child = state.copy()
                child._play(card, seat, hen)
                single = max(single, evaluate(child, seat))
        value_a = single + ROLL_BONUS
        for move in moves:
            value = value_a if isinstance(move, ChooseRoll) else evaluate(self._after(state, move), seat)
            if not isinstance(move, ChooseRoll) and value >= WIN:
                return move
            if value > best_value + 1e-9:
                best_move, best_value = move, value
        return best_move

    def _plan_roll(self, state: ChickenState, seat: int, moves: list[Any]) -> Any:
        """Best first placement of the best sequence of placements with this roll's dice."""
        best_value, best_move = float("-inf"), moves[-1]
        for move, value in self._sequences(state, seat, moves, depth=0):
            if value > best_value + 1e-9:
                best_value, best_move = value, move
        return best_move

    def _sequences(self, state: ChickenState, seat: int, moves: list[Any], depth: int):
        children = []
        for move in moves:
            child = self._after(state, move)
            children.append((evaluate(child, seat), move, child))
        children.sort(key=lambda t: -t[0])
        for value, move, child in children[: self.beam]:
            if isinstance(move, EndRoll) or child.phase != "place" or child.draws or depth >= 2:
                yield move, value
                continue
            sub = max((v for _, v in self._sequences(child, seat, child.legal_moves(), depth + 1)),
                      default=value)
            yield move, max(value, sub)


def easy_agent() -> GreedyAgent:
    return GreedyAgent(evaluate, name="easy")  # type: ignore[arg-type]


def make_agent(level: str) -> Any:
    if level == "random":
        return RandomAgent()
    if level == "easy":
        return easy_agent()
    if level == "hard":
        return HardAgent()
    raise ValueError(tr("unknown computer level {level} (random, easy, hard)", level=repr(level)))


__all__ = ["HardAgent", "evaluate", "make_agent"]

"""Plakoto game review: for every turn a person played, the expected points it lost against the
best turn, by the evaluator of ``ai_search`` (the one the ``hard`` player and the hints use). No
pygame; the UI shows the biggest errors first and the win chance over the game.

Why points and not the match chance: a person reads "this turn cost 0.3 points" at once, in a match
too, and the loss is then never negative (the best turn is the one with the most expected points
among those searched, and the played one is always searched the same way).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tabletop.core.game import CHANCE
from tabletop.core.session import Session

from .ai_search import BUDGET, Objective, TurnAnalysis, analyse
from .rules import PlakotoState, Step


@dataclass(frozen=True)
class TurnReview:
    """One turn of the game as played, against the best.

    ``index``: the record's move number (0-based) of the turn's first step; ``game``: which game of
    the match (0-based); ``seat``: who played; ``dice``: the roll; ``before``: the position at the
    start of the turn (notation, for the UI to show it); ``played`` / ``best``: the two turns with
    their analysis (the same object when the best was played); ``loss``: expected points lost
    (``best.equity - played.equity``, never negative); ``win``: the mover's win chance after the
    turn he played (for the graph)."""

    index: int
    game: int
    seat: int
    dice: tuple[int, int]
    before: str
    played: TurnAnalysis
    best: TurnAnalysis
    loss: float

    @property
    def win(self) -> float:
        return self.played.win


def review_game(record: dict[str, Any], seats: set[int] | None = None,
                budget: int | None = BUDGET) -> list[TurnReview]:
    """Every turn of ``seats`` in a finished (or unfinished) Plakoto game record, in the order
    played. ``seats``: whose turns (default: the seats the record's setup marks as people, or
    every seat when it says nothing). Turns with a single legal choice (or none) are skipped:
    nothing was decided. ``budget``: as for ``analyse``; ``None`` searches every turn one ply deep
    (exact but slow). Raises ``StateError`` for a record that is not a valid Plakoto game."""
    from tabletop.games import get_game

    spec = get_game("plakoto")
    session = Session.from_record(spec, record)
    if seats is None:
        kinds = [s.get("kind") for s in session.meta.get("seats", []) if isinstance(s, dict)]
        seats = {i for i, k in enumerate(kinds) if k == "human"} if kinds else {0, 1}
    state: PlakotoState = spec.state_class.from_json(record.get("initial"))
    reviews: list[TurnReview] = []
    turn: tuple[PlakotoState, int, list[Step]] | None = None  # (start of the turn, move number, steps)
    for index, played in enumerate(session.played):
        if played.seat != CHANCE and turn is None and state.phase == "move":
            turn = (state.copy(), index, [])
        move = state.parse_move(played.text)
        if turn is not None and isinstance(move, Step):
            turn[2].append(move)
        state.apply(move)
        if turn is not None and state.phase != "move":  # the dice were handed on (or a game ended)
            begin, first, steps = turn
            turn = None
            if steps and begin.turn in seats:
                review = _review_turn(begin, steps, first, budget)
                if review is not None:
                    reviews.append(review)
    return reviews


def _review_turn(start: PlakotoState, steps: list[Step], index: int, budget: int | None) -> TurnReview | None:
    turns = start.legal_turns()
    if len(turns) < 2:
        return None
    played_key = _reached(start, steps)
    ranked = analyse(start, turns, budget, Objective.points(), must=(played_key,))
    played = next(a for a in ranked if a.turn.key == played_key)
    best = max((a for a in ranked if a.ply == played.ply), key=lambda a: a.equity)
    assert start.dice is not None
    return TurnReview(index, len(start.games), start.turn, start.dice, start.position, played, best,
                      max(0.0, best.equity - played.equity))


def _reached(start: PlakotoState, steps: list[Step]) -> Any:
    """The position (mover's frame) the played steps reach, as ``legal_turns`` keys it."""
    frame = start.copy().frame()
    for s in steps:
        frame.do(s.frm, s.to)
    return frame.key()

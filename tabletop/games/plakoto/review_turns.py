"""A Plakoto record cut into the turns a review looks at, each reviewed on its own, and the reviews
kept for the next time. No pygame: the review screen runs these in its worker.

Why one turn at a time: ``ai_review.review_game`` looks at a whole record and takes several seconds
for a game (tens for a match). Cut at the rolls, every turn is a record of its own (the position
before its roll, then the roll and the steps), reviewed by the same function: the screen fills in
turn by turn, shows how far it has got, can stop at once when it is closed, and a turn reviewed
once (after an earlier game of the match) is never reviewed again. The result is the same as the
whole record's: a turn's review depends only on the position before it and its steps.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from tabletop.core.game import CHANCE

from .ai_review import TurnReview, review_game
from .ai_search import BUDGET
from .rules import PlakotoState


@dataclass(frozen=True)
class TurnJob:
    """One turn to review: where it starts in the record, a record of it alone, whose it is, and
    its number in its game (1 for the first roll of the game, either seat's)."""

    start: int
    record: dict[str, Any]
    seat: int
    game: int
    number: int

    @property
    def key(self) -> tuple[str, tuple[str, ...]]:
        """What the review of this turn depends on: the position before it and its moves."""
        return (str(self.record["initial"]["position"]), tuple(text for _, text in self.record["moves"]))


@dataclass(frozen=True)
class Entry:
    """A reviewed turn as the screen lists it."""

    review: TurnReview
    number: int


def people(record: dict[str, Any]) -> set[int]:
    """The seats a review looks at: the people of the record's set-up, or both seats when it
    names none (two computers, an old record)."""
    kinds = [s.get("kind") for s in record.get("meta", {}).get("seats", []) if isinstance(s, dict)]
    humans = {i for i, k in enumerate(kinds) if k == "human"}
    return humans or {0, 1}


def plan_turns(record: dict[str, Any], seats: set[int]) -> list[TurnJob]:
    """The turns of ``seats`` in ``record``, in the order played (the record is one the app has
    checked: a game's own, or a replay's playable part)."""
    return plan_review(record, seats)[0]


@dataclass(frozen=True)
class Turn:
    """A turn of a record: its moves ``moves[start:end]`` (the roll first, when rolled there),
    the position before them, and its number in its game (``game``: how many games of the match
    were over before it; ``number`` 1 for the first roll of the game, either seat's). The review
    and the replay viewer number turns by these, so a turn is found by the same number in both."""

    start: int
    end: int
    before: PlakotoState
    game: int
    number: int
    rolled: bool

    @property
    def played(self) -> bool:
        """Steps were played (not a roll with no move)."""
        return self.end - self.start > int(self.rolled)


def record_turns(record: dict[str, Any]) -> list[Turn]:
    """The turns of ``record`` in the order played (the record is one the app has checked: a
    game's own, or a replay's playable part); the moves between them (the opening roll, going on
    to the next game) belong to none."""
    from tabletop.games import get_game

    spec = get_game("plakoto")
    state: PlakotoState = spec.state_class.from_json(record["initial"])
    moves = [list(m) for m in record["moves"]]
    turns: list[Turn] = []
    number, game = 0, len(state.games)
    i = 0
    while i < len(moves):
        rolled = state.phase == "roll" and moves[i][0] == CHANCE
        begun = i == 0 and state.phase == "move"  # a record from a position with the dice already rolled
        if not rolled and not begun:
            state.apply(state.parse_move(moves[i][1]))
            i += 1
            continue
        if len(state.games) != game:
            number, game = 0, len(state.games)
        number += 1
        before, start = state.copy(), i
        if rolled:  # the roll, then the steps up to the next chance move
            state.apply(state.parse_move(moves[i][1]))
            i += 1
        while i < len(moves) and moves[i][0] != CHANCE:
            state.apply(state.parse_move(moves[i][1]))
            i += 1
        turns.append(Turn(start, i, before, game, number, rolled))
    return turns


def shows_game(games: set[int], game: int) -> bool:
    """Whether a turn is named with its game ("Game 2, turn 5"), not alone ("Turn 5"): when the
    turns named come from several games of the match, or from a later one."""
    return len(games) > 1 or game > 0


def plan_review(record: dict[str, Any], seats: set[int]) -> tuple[list[TurnJob], set[int]]:
    """The turns of ``seats`` (as :func:`plan_turns`) and the seats that played any turn in the
    record, theirs or not: when there is nothing to review, the screen says why."""
    moves = [list(m) for m in record["moves"]]
    jobs: list[TurnJob] = []
    played: set[int] = set()
    for turn in record_turns(record):
        if turn.played:
            played.add(turn.before.turn)
            if turn.before.turn in seats:
                alone = {**record, "initial": turn.before.to_json(), "moves": moves[turn.start:turn.end]}
                jobs.append(TurnJob(turn.start, alone, turn.before.turn, turn.game, turn.number))
    return jobs, played


def review_turn(job: TurnJob, budget: int | None = BUDGET) -> list[TurnReview]:
    """The review of one turn (empty when it had only one way to play), its move numbers counted
    from the turn's start (``entries`` places it in the whole record)."""
    return review_game(job.record, {job.seat}, budget)


def entries(job: TurnJob, found: list[TurnReview]) -> list[Entry]:
    return [Entry(dataclasses.replace(r, index=r.index + job.start), job.number) for r in found]


class ReviewCache:
    """Turn reviews already made, by what they depend on (a game scene keeps one for its match)."""

    def __init__(self) -> None:
        self._found: dict[tuple[Any, int | None], list[TurnReview]] = {}

    def get(self, job: TurnJob, budget: int | None) -> list[TurnReview] | None:
        return self._found.get((job.key, budget))

    def put(self, job: TurnJob, budget: int | None, found: list[TurnReview]) -> None:
        self._found[(job.key, budget)] = found

"""The game driver: one game's state, its seeded chance, the move history for undo, the record.

Chance outcome number k is drawn from ``random.Random(f"{seed}:{k}")``: the same seed gives the
same dice whatever was undone or resumed in between, and no generator state has to be saved.
Undo restores the copy taken before a move and never crosses a chance move, so it never rerolls,
nor a move that revealed something hidden (``GameState.reveals``).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from tabletop.core.errors import IllegalMoveError, StateError
from tabletop.core.game import CHANCE, GameState, Move
from tabletop.core.records import RECORD_FORMAT, RECORD_VERSION, check_loaded, check_record, show
from tabletop.core.spec import GameSpec
from tabletop.i18n import tr

__all__ = ["RECORD_FORMAT", "RECORD_VERSION", "PlayedMove", "RecordError", "Session"]


@dataclass(frozen=True)
class PlayedMove:
    """One entry of the record: who moved (CHANCE for a roll/draw) and the move's text form."""

    seat: int
    text: str


class Session:
    """Drives one game for the app, the command line and the tests."""

    def __init__(self, spec: GameSpec, state: GameState, seed: int,
                 meta: dict[str, Any] | None = None) -> None:
        self.spec = spec
        self.state = state
        self.seed = seed
        self.meta: dict[str, Any] = dict(meta or {})
        self.initial = state.copy()
        self.played: list[PlayedMove] = []
        self._before: list[GameState] = []
        self._chance_count = 0

    # -- playing ---------------------------------------------------------------------------------
    def chance_rng(self) -> random.Random:
        return random.Random(f"{self.seed}:{self._chance_count}")

    def roll(self) -> Move:
        """Resolve the pending chance move (dice, draw) with the seeded generator."""
        if self.state.current_player != CHANCE:
            raise IllegalMoveError(tr("nothing to roll or draw now"))
        move = self.state.sample_chance(self.chance_rng())
        self._push(move, CHANCE)
        return move

    def play(self, move: Move) -> None:
        """Apply a player's move (checked) and record it."""
        seat = self.state.current_player
        if seat is None:
            raise IllegalMoveError(tr("the game is over"))
        self._push(move, seat)

    def _push(self, move: Move, seat: int) -> None:
        before = self.state.copy()
        try:
            self.state.apply(move)
        except BaseException:
            self.state = before  # a move that fails half-way must not leave half a move behind
            raise
        self._before.append(before)
        self.played.append(PlayedMove(seat, str(move)))
        if seat == CHANCE:
            self._chance_count += 1

    # -- undo ------------------------------------------------------------------------------------
    def can_undo(self) -> bool:
        """True when the last move was a player's decision that showed nothing hidden (undo never
        crosses a roll or draw, nor a flip that revealed a tile's other side)."""
        return bool(self.played) and self.played[-1].seat != CHANCE and not self._before[-1].reveals(self.state)

    def previous_state(self) -> GameState | None:
        """The position before the last move (read-only use), or None at the start."""
        return self._before[-1] if self._before else None

    def steps(self) -> list[tuple[GameState, PlayedMove]]:
        """Every move played, with the position before it (read-only use): a resumed game's log
        is written again from these."""
        return list(zip(self._before, self.played, strict=True))

    def last_mover(self) -> int | None:
        return self.played[-1].seat if self.played else None

    def undo(self) -> None:
        if not self.can_undo():
            raise IllegalMoveError(tr("nothing to undo since the last roll"))
        self.state = self._before.pop()
        self.played.pop()

    def step_back(self) -> None:
        """Take back the last move even if it was a roll or draw (replay viewer, tests); a later
        roll with the same seed gives the same outcome again."""
        if not self.played:
            raise IllegalMoveError(tr("already at the start"))
        self.state = self._before.pop()
        if self.played.pop().seat == CHANCE:
            self._chance_count -= 1

    # -- records ---------------------------------------------------------------------------------
    def record(self) -> dict[str, Any]:
        """Game id, rules version, setup, seed, the initial position and every move with its roll."""
        return {
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
            "game": self.spec.id,
            "rules_version": self.spec.rules_version,
            "meta": self.meta,
            "seed": self.seed,
            "initial": self.initial.to_json(),
            "moves": [[p.seat, p.text] for p in self.played],
        }

    @classmethod
    def from_record(cls, spec: GameSpec, data: Any, *, upto: int | None = None) -> Session:
        """Replay a record to the identical state. Raises StateError for a record that is not
        one of ``spec``'s, RecordError naming the first bad move (with the position before it).

        The game's own ``from_json``/``parse_move``/``apply`` get a record anyone can edit: any
        exception they raise on it means "this record is bad", reported as such, never a crash."""
        check_record(data, {spec.id: spec})
        try:
            state = spec.state_class.from_json(data["initial"])
        except StateError:
            raise
        except Exception as exc:  # noqa: BLE001 - see the docstring
            raise StateError(tr("the starting position cannot be read ({reason})", reason=_reason(exc))) from None
        session = cls(spec, state, data["seed"], data.get("meta", {}))
        check_loaded(session)
        moves = data["moves"]
        for index, entry in enumerate(moves[:upto] if upto is not None else moves):
            if (not isinstance(entry, list) or len(entry) != 2 or not isinstance(entry[0], int)
                    or isinstance(entry[0], bool) or not isinstance(entry[1], str) or len(entry[1]) > 200):
                raise RecordError(index, session, tr("move {n} is malformed: {entry}", n=index + 1, entry=show(entry)))
            seat, text = entry
            if seat != session.state.current_player:
                raise RecordError(index, session, tr("move {n} ({move}) is by seat {seat}, but {current} is to move",
                                                     n=index + 1, move=text, seat=seat,
                                                     current=session.state.current_player))
            try:
                move = session.state.parse_move(text)
                session._push(move, seat)
            except IllegalMoveError as exc:
                raise RecordError(index, session, tr("move {n} ({move}) is illegal: {error}", n=index + 1, move=text,
                                                     error=exc)) from None
            except Exception as exc:  # noqa: BLE001 - see the docstring
                raise RecordError(index, session, tr("move {n} ({move}) cannot be played ({reason})", n=index + 1,
                                                     move=text, reason=_reason(exc))) from None
        return session


def _reason(exc: Exception) -> str:
    text = " ".join(str(exc).split())
    return f"{type(exc).__name__}: {text[:120]}" if text else type(exc).__name__


class RecordError(StateError):
    """A record whose move ``index`` cannot be played; ``session`` holds the position before it."""

    def __init__(self, index: int, session: Session, message: str) -> None:
        super().__init__(message)
        self.index = index
        self.session = session

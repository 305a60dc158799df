"""The state protocol every game implements (learned from python-chess and OpenSpiel, copied from
neither).

A state is a mutable object: ``apply`` changes it in place (fast playouts), ``copy`` gives an
independent one (the driver keeps copies for undo). Dice rolls and card draws are *chance moves*:
when ``current_player`` is :data:`CHANCE`, the legal moves are the outcomes listed by
``chance_outcomes`` and the driver picks one with its seeded random generator. That makes a game
record (initial state + move list) replay exactly, lets the AI enumerate or sample the dice, and
lets tests force any roll.
"""

from __future__ import annotations

import json
import random
from abc import ABC, abstractmethod
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from tabletop.core.errors import IllegalMoveError
from tabletop.i18n import tr

CHANCE = -1
"""``current_player`` when the dice must be rolled or a card drawn."""

Move = Hashable
"""A move is a small frozen dataclass with a readable ``str()``; any hashable value works."""


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended.

    ``reason`` is a short machine word ("borne_off", "mother", "tie", "turn_limit", ...);
    ``winners`` the winning seats (several on a shared win, none on a tie); ``points`` one number
    per seat (score, coins, prisoners, match points: whatever the game ranks by).
    """

    reason: str
    winners: tuple[int, ...]
    points: tuple[float, ...]
    detail: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"reason": self.reason, "winners": list(self.winners), "points": list(self.points),
                "detail": self.detail}


class GameState(ABC):
    """One position of one game, plus everything needed to continue it (options, board topology).

    Subclasses implement the abstract methods; the rest has sensible defaults that a game may
    override for speed.
    """

    game_id: ClassVar[str] = ""

    # -- who moves -------------------------------------------------------------------------------
    @property
    @abstractmethod
    def num_players(self) -> int:
        """Number of seats in play."""

    @property
    @abstractmethod
    def current_player(self) -> int | None:
        """The seat to move (0-based), :data:`CHANCE` for a roll/draw, or None when the game is over."""

    # -- moves -----------------------------------------------------------------------------------
    @abstractmethod
    def legal_moves(self) -> list[Move]:
        """Every legal decision for ``current_player`` (for CHANCE: the outcomes, without weights)."""

    @abstractmethod
    def apply_unchecked(self, move: Move) -> None:
        """Apply a move known to be legal (AI playouts call this directly)."""

    def chance_outcomes(self) -> list[tuple[Move, float]]:
        """At a chance node: every outcome with its probability (summing to 1). Else empty."""
        return []

    def sample_chance(self, rng: random.Random) -> Move:
        """Pick one chance outcome by its probability. Games may override with a faster sampler."""
        outcomes = self.chance_outcomes()
        if not outcomes:
            raise IllegalMoveError(tr("no chance move is due in this position"))
        moves = [m for m, _ in outcomes]
        weights = [p for _, p in outcomes]
        return rng.choices(moves, weights=weights, k=1)[0]

    def is_legal(self, move: Move) -> bool:
        if self.current_player == CHANCE:
            return any(m == move for m, _ in self.chance_outcomes())
        if self.current_player is None:
            return False
        return move in self.legal_moves()

    def apply(self, move: Move) -> None:
        """Apply a move after checking it is legal; raise :class:`IllegalMoveError` otherwise."""
        if not self.is_legal(move):
            if self.current_player is None:
                raise IllegalMoveError(tr("the game is over; {move} cannot be played", move=move))
            raise IllegalMoveError(tr("{move} is not a legal move here", move=move))
        self.apply_unchecked(move)

    def parse_move(self, text: str) -> Move:
        """The legal move (or chance outcome) whose text form is ``text``."""
        if self.current_player == CHANCE:
            candidates = [m for m, _ in self.chance_outcomes()]
        elif self.current_player is None:
            candidates = []
        else:
            candidates = self.legal_moves()
        for move in candidates:
            if str(move) == text:
                return move
        raise IllegalMoveError(tr("{move} is not a legal move here", move=repr(text)))

    # -- end -------------------------------------------------------------------------------------
    @abstractmethod
    def outcome(self) -> Outcome | None:
        """How the game ended, or None while it goes on."""

    def is_over(self) -> bool:
        return self.current_player is None

    # -- copies and serialization ------------------------------------------------------------------
    @abstractmethod
    def copy(self) -> GameState:
        """An independent deep copy."""

    @abstractmethod
    def to_json(self) -> dict[str, Any]:
        """A JSON-able dict holding the whole state, options and topology included."""

    @classmethod
    @abstractmethod
    def from_json(cls, data: Any) -> GameState:
        """Rebuild a state from ``to_json`` output; raise :class:`StateError` with the reason for
        malformed data or an impossible position."""

    def observation(self, seat: int) -> GameState:
        """What ``seat`` may know: a state whose hidden parts (others' hands, unseen tile sides)
        are masked or re-sampled. The UI and every AI look only through this. Perfect-information
        games return a copy."""
        return self.copy()

    def reveals(self, after: GameState) -> bool:
        """True when the move that led from this position to ``after`` showed a seat something
        that was hidden (a tile's other side): such a move is not taken back, like a roll or a
        draw, because what was seen cannot be unseen. Perfect-information games: never."""
        return False

    # -- presentation ------------------------------------------------------------------------------
    def describe_move(self, move: Move, names: Sequence[str] | None = None) -> str:
        """A short sentence for the game log; defaults to the move's text form. ``names`` are the
        seats as the app shows them (index = seat; default: the game's own, e.g. its colours), so
        the log names every seat as the players list does."""
        return str(move)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GameState) or other.game_id != self.game_id:
            return NotImplemented
        return self.to_json() == other.to_json()

    def __hash__(self) -> int:
        return hash(json.dumps(self.to_json(), sort_keys=True))

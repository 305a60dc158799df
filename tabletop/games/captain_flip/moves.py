"""Captain Flip's moves: small frozen values with stable, unique text forms.

Chance: ``Draw`` (a tile with its up side; the other side rides along but is never shown to a
seat) and ``DolphinDraw``. Decisions: ``Choice`` (keep/flip), ``Place`` (a column), ``FlipAt``
(which tile a Monkey, board E's bonus or the Dolphin flips). Instances are interned so the hot
paths of random playouts allocate nothing.
"""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.games.captain_flip.layout import CHARACTER_IDS


@dataclass(frozen=True, slots=True)
class Draw:
    up: int
    down: int

    def __str__(self) -> str:
        return f"draw {CHARACTER_IDS[self.up]}/{CHARACTER_IDS[self.down]}"


@dataclass(frozen=True, slots=True)
class DolphinDraw:
    def __str__(self) -> str:
        return "draw Dolphin"


@dataclass(frozen=True, slots=True)
class Choice:
    flip: bool

    def __str__(self) -> str:
        return "flip" if self.flip else "keep"


@dataclass(frozen=True, slots=True)
class Place:
    col: int

    def __str__(self) -> str:
        return f"col {self.col}"


@dataclass(frozen=True, slots=True)
class FlipAt:
    """Flip the tile at column ``col``, row (height) ``row``; ``why`` is monkey, bonus or dolphin."""

    why: str
    col: int
    row: int

    def __str__(self) -> str:
        return f"{self.why} {self.col},{self.row}"


KEEP = Choice(False)
FLIP = Choice(True)
DOLPHIN = DolphinDraw()
DRAWS = tuple(tuple(Draw(a, b) for b in range(len(CHARACTER_IDS))) for a in range(len(CHARACTER_IDS)))
PLACES = tuple(Place(c) for c in range(16))
_FLIPS: dict[tuple[str, int, int], FlipAt] = {}


def flip_at(why: str, col: int, row: int) -> FlipAt:
    key = (why, col, row)
    move = _FLIPS.get(key)
    if move is None:
        move = _FLIPS[key] = FlipAt(why, col, row)
    return move

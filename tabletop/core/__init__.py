"""The game-independent rules protocol: states, moves, chance, outcomes, records. No pygame."""

from tabletop.core.errors import IllegalMoveError, StateError, TabletopError
from tabletop.core.game import CHANCE, GameState, Outcome
from tabletop.core.spec import GameSpec, OptionSpec, Setup, VariantSpec

__all__ = [
    "CHANCE",
    "GameSpec",
    "GameState",
    "IllegalMoveError",
    "OptionSpec",
    "Outcome",
    "Setup",
    "StateError",
    "TabletopError",
    "VariantSpec",
]

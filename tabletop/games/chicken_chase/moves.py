"""Chicken Chase moves: small frozen dataclasses, one per decision (one mouse gesture), each with a
unique, stable text form (records store ``str(move)``; ``parse_move`` matches it back).

A card is an int code ``deck * 10 + value`` (deck 0-based, value 1–8): two cards of the same deck
and value are interchangeable, so moves name the code, never a particular physical card.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache


def card_deck(code: int) -> int:
    return code // 10


def card_value(code: int) -> int:
    return code % 10


def card_text(code: int) -> str:
    """``"5 of deck 2"``: value first (what the hen walks), deck second (which discard pile)."""
    return f"{code % 10} of deck {code // 10 + 1}"


def _cards_text(cards: tuple[int, ...]) -> str:
    return " + ".join(card_text(c) for c in cards)


# -- chance -----------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Roll:
    """The dice of one roll, sorted (their order does not matter)."""

    dice: tuple[int, ...]

    def __str__(self) -> str:
        return "roll " + " ".join(str(d) for d in self.dice)


@dataclass(frozen=True, slots=True)
class Draw:
    """The card drawn from a deck (to a feed field or into a starting hand)."""

    card: int

    def __str__(self) -> str:
        return f"draw {card_text(self.card)}"


@dataclass(frozen=True, slots=True)
class FirstPlayer:
    """Who starts, when the menu left it to chance."""

    seat: int

    def __str__(self) -> str:
        return f"seat {self.seat + 1} starts"


# -- setup ------------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class SetupChick:
    """Before the first turn: put one chick on feed field ``field`` (1–4)."""

    field: int

    def __str__(self) -> str:
        return f"setup chick on feed {self.field}"


# -- the turn ---------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class ChooseRoll:
    """Action A: roll the dice (three rolls), collect cards, then play at most one card."""

    def __str__(self) -> str:
        return "A: roll the dice"


@dataclass(frozen=True, slots=True)
class Place:
    """Put a chick on feed ``field`` using the dice ``dice`` (their sum is the field). ``source`` 0
    takes the chick from the supply; 1–10 moves an own chick from that feed field (only when the
    supply is empty)."""

    field: int
    dice: tuple[int, ...]
    source: int = 0

    def __str__(self) -> str:
        used = "+".join(str(d) for d in self.dice)
        if self.source:
            return f"move chick from feed {self.source} to feed {self.field} using {used}"
        return f"place chick on feed {self.field} using {used}"


@dataclass(frozen=True, slots=True)
class EndRoll:
    """Leave the remaining dice of this roll unused."""

    def __str__(self) -> str:
        return "done with this roll"


@dataclass(frozen=True, slots=True)
class PlayCard:
    """After action A's rolls, or the second card of action C: card ``card`` moves hen ``hen``
    (0 or 1, the seat's own hens)."""

    card: int
    hen: int

    def __str__(self) -> str:
        return f"play {card_text(self.card)} on hen {self.hen + 1}"


@dataclass(frozen=True, slots=True)
class NoCard:
    """End action A without playing a card."""

    def __str__(self) -> str:
        return "no card"


@dataclass(frozen=True, slots=True)
class PlayB:
    """Action B: cards summing to at most 8 move one hen exactly the sum."""

    cards: tuple[int, ...]
    hen: int

    def __str__(self) -> str:
        return f"B: play {_cards_text(self.cards)} on hen {self.hen + 1}"


@dataclass(frozen=True, slots=True)
class PlayC:
    """Action C, first half: this card moves this hen first; the other hen gets a card next."""

    card: int
    hen: int

    def __str__(self) -> str:
        return f"C: play {card_text(self.card)} on hen {self.hen + 1} first"


# -- cached constructors (playouts build the same few moves over and over) -------------------------
place_move = cache(Place)
play_card_move = cache(PlayCard)
play_c_move = cache(PlayC)
play_b_move = cache(PlayB)
draw_move = cache(Draw)
roll_move = cache(Roll)
CHOOSE_ROLL = ChooseRoll()
END_ROLL = EndRoll()
NO_CARD = NoCard()

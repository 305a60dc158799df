"""What a Captain Flip move did, event by event: which character or bonus paid how many coins to
whom, who took the Treasure Map, which Parrot or bonus drew another tile. No pygame.

Why a separate module: one ``apply`` runs a whole chain of tasks (a Monkey's flip, the tile it
turns up, a column bonus, the map's coin at the end of the turn), and the log, the coin pop-ups
and the result card's "coins by source" need each link of it. Instead of a second copy of the
rules, the move is replayed on a traced copy of the state whose task steps are the real ones,
watched from outside (:class:`_Traced` only records what each step changed).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tabletop.games.captain_flip.layout import CHARACTER_IDS
from tabletop.games.captain_flip.rules import CARTOGRAPHER, PARROT, T_DRAW, T_EFLIP, WHY, CaptainFlipState
from tabletop.games.captain_flip.scoring import column_met

SOURCES = ("Monkey", "Gunner", "Cook", "Navigator", "column bonus", "Treasure Map", "paid")
"""Where coins come from during play (English keys, shown through ``tr``), in the result card's order."""


@dataclass(frozen=True)
class Event:
    """One link of a move's chain. ``kind``: "coins" (``amount`` from ``source``), "map" (took
    the Treasure Map), "map_back" (solo: put it back), "draw" (another tile is drawn, ``source``
    says why), "flip" (a tile of the seat's choice is flipped next), "flipped" (the one tile
    there was to flip was flipped at once, ``faces`` = (the side it showed, the side it shows
    now), ``source`` = monkey, bonus or dolphin), "unmet" (a bonus space whose column is not all
    identical or not all different, as ``source`` says: nothing happens, and the log says why),
    "end_bonus" (board C's column filled: ``amount`` it pays at the end if it stays so, or 0 and
    ``source`` says what it is not now), "turn_end" (the seat's turn is over: a solo game's
    next draw starts a new turn of the same seat). ``space`` is the (col, row) it happened at, if
    any."""

    seat: int
    kind: str
    source: str
    amount: int = 0
    space: tuple[int, int] | None = None
    faces: tuple[int, int] | None = None


class _Traced(CaptainFlipState):
    """The real task steps, with a note of what each changed."""

    __slots__ = ("events",)

    def _note(self, seat: int, before: int, source: str, space: tuple[int, int] | None) -> None:
        delta = self.coins[seat] - before
        if delta:
            self.events.append(Event(seat, "coins", source, delta, space))

    def _effect(self, seat: int, col: int, row: int) -> None:
        face = self.boards[seat][col][row - self.topo.low[col]][0]
        coins, holder, tasks = self.coins[seat], self.map_holder, len(self.stack)
        super()._effect(seat, col, row)
        self._note(seat, coins, CHARACTER_IDS[face], (col, row))
        if face == CARTOGRAPHER and self.map_holder != holder:
            self.events.append(Event(seat, self._map_kind(seat), "Cartographer", 0, (col, row)))
        if face == PARROT and len(self.stack) > tasks:
            self.events.append(Event(seat, "draw", "Parrot", 0, (col, row)))

    def _bonus(self, seat: int, col: int, first: bool = True) -> None:
        coins, holder, tasks = self.coins[seat], self.map_holder, len(self.stack)
        super()._bonus(seat, col, first)
        space = (col, self.topo.top[col])
        self._note(seat, coins, "column bonus", space)
        if self.map_holder != holder:
            self.events.append(Event(seat, self._map_kind(seat), "column bonus", 0, space))
        kind = self.topo.kind[col]
        met = column_met(kind, [t[0] for t in self.boards[seat][col]])
        condition = "not all identical" if kind.endswith("all_identical") else "not all different"
        if kind == "kraken" and self.coins[seat] == coins:  # board B's 0: paid, and said (+0)
            self.events.append(Event(seat, "coins", "column bonus", 0, space))
        elif kind.startswith("end_"):  # board C: judged at the end, on the final faces
            self.events.append(Event(seat, "end_bonus", "for now" if met else "now " + condition,
                                     self.topo.a[col] if met else 0, space))
        elif not met:  # board E: a condition the column does not meet
            self.events.append(Event(seat, "unmet", condition, 0, space))
        for kind, *_ in self.stack[tasks:]:
            if kind == T_DRAW:
                self.events.append(Event(seat, "draw", "column bonus", 0, space))
            elif kind == T_EFLIP:
                self.events.append(Event(seat, "flip", "column bonus", 0, space))

    def _map_kind(self, seat: int) -> str:
        return "map" if self.map_holder == seat else "map_back"

    def _ask(self, phase: int, seat: int, spots: list[tuple[int, int]]) -> bool:
        asked = super()._ask(phase, seat, spots)
        if len(spots) == 1:
            col, row = spots[0]
            now, was, _ = self.boards[seat][col][row - self.topo.low[col]]
            self.events.append(Event(seat, "flipped", WHY[phase], 0, (col, row), (was, now)))
        return asked

    def _place(self, seat: int, col: int, face: int, other: int, seen: bool) -> None:
        coins = self.coins[seat]
        super()._place(seat, col, face, other, seen)
        self._note(seat, coins, "paid", (col, self.topo.low[col] + len(self.boards[seat][col]) - 1))

    def _end_turn(self) -> bool:
        turn, coins = self.turn, self.coins[self.turn]
        over = super()._end_turn()
        self._note(turn, coins, "Treasure Map", None)
        self.events.append(Event(turn, "turn_end", ""))
        return over


def trace(state: CaptainFlipState, move: Any) -> list[Event]:
    """The events of playing ``move`` from ``state`` (``state`` is left as it was)."""
    probe = object.__new__(_Traced)
    copy = state.copy()
    for name in CaptainFlipState.__slots__:
        setattr(probe, name, getattr(copy, name))
    probe.events = []
    probe.apply(move)
    return probe.events


def coins_by_source(session: Any) -> list[dict[str, int]]:
    """Per seat, the coins each source paid over the whole game (replayed from the record)."""
    state = session.initial.copy()
    totals: list[dict[str, int]] = [dict.fromkeys(SOURCES, 0) for _ in range(state.num_players)]
    for played in session.played:
        move = state.parse_move(played.text)
        for e in trace(state, move):
            if e.kind == "coins":
                key = e.source if e.source in SOURCES else "column bonus"
                totals[e.seat][key] = totals[e.seat].get(key, 0) + e.amount
        state.apply(move)
    return totals

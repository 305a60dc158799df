"""Whose turn every sign shows while a move is still on its way: the seat that made it, until it
has arrived. Mixed into :class:`~tabletop.ui.game_scene.GameScene` (uses its timers, state,
history and seats), so the players list, a board's header, a table's strips and the prompt all
ask one place instead of each game reckoning it its own way.

Why: the position passes the turn the moment a move is played, but the piece then slides for a
moment. The players list lit the next seat's row (and a table the next seat's strip, Captain
Flip's cards said "Red — to play") beside the prompt's "Blue moves…" while Blue's piece was still
moving; nobody could act on the next turn yet, so the signs disagreed with what could be done.
"""

from __future__ import annotations

from typing import Any

from tabletop.core import CHANCE


class TurnShownMixin:
    """The seat on turn as the signs show it (see the module's docstring)."""

    timers: Any
    history: list[tuple[Any, Any, int]]
    state: Any
    # and the frame's seat_is_human, roller and (TableModeMixin's) acting_seat

    def sliding_mover(self) -> int | None:
        """The seat whose move is still on its way (its piece slides) while what comes next waits
        for it: another seat's turn (``turn_seat``), or a person's roll or draw (``can_roll``, his
        own after a 6 too); None otherwise (a person's own next step, which his slide never
        delays), and once the game is over. Until the move has arrived, every sign of whose turn
        it is shows this seat (``shown_turn``, ``shown_acting``, the prompt's "Blue moves…"): the
        players list lit the next row and the strips at a table the next seat's while the prompt
        said "Blue moves…" and the piece was still moving. Nobody may act on the next turn
        meanwhile (``human_to_move``)."""
        if not self.timers.running("move") or self.state.current_player is None:
            return None
        mover = next((seat for _before, _move, seat in reversed(self.history) if seat != CHANCE), None)
        if mover != self.turn_seat():
            return mover
        return mover if self.state.current_player == CHANCE and self.seat_is_human(self.roller()) else None

    def turn_seat(self) -> int | None:
        """Hook: whose turn it is by the position alone (the players list lights his row), None
        when nobody's (the game is over). The frame's: the seat that acts (``acting_seat``); a
        game whose turn goes on while nobody acts (a card drawn for the turn player) says so."""
        return None if self.state.current_player is None else self.acting_seat()

    def shown_turn(self) -> int | None:
        """The seat every sign of whose turn it is shows (the players list's lit row, a board's
        lit header): ``turn_seat``, but the seat whose move is still on its way until it has
        arrived (``sliding_mover``)."""
        mover = self.sliding_mover()
        return self.turn_seat() if mover is None else mover

    def shown_acting(self) -> int | None:
        """The seat shown acting (a table's lit strip, with the prompt and dice): ``acting_seat``,
        but the seat whose move is still on its way until it has arrived, as ``shown_turn``."""
        mover = self.sliding_mover()
        return self.acting_seat() if mover is None else mover

"""The Plakoto scene's coaching: the hint (a button and H while a person moves) and the game review
(after a game of a match, from the end card, and R), mixed into :class:`PlakotoScene`.

Where the hint's legend goes: in a window, at the top of the side panel's log (the log gives up the
room while the hint shows); at a table, in the strip of the seat on turn, as the game's own part,
so it faces him. Its arrows are drawn on the board by the scene's painter (``paint_hint``).
"""

from __future__ import annotations

from typing import Any

import pygame

from tabletop.games.plakoto.ai_search import BUDGET
from tabletop.games.plakoto.review_turns import ReviewCache, people, record_turns, shows_game
from tabletop.games.plakoto.scene_hint import Hint
from tabletop.games.plakoto.scene_legend import legend_height, paint_legend
from tabletop.i18n import language, tr
from tabletop.ui import theme
from tabletop.ui.widgets import Button, Viewport


class CoachMixin:
    """The hint and the review (uses GameScene's and PlakotoScene's attributes)."""

    review_budget: int | None = BUDGET
    """Positions the review's search may evaluate per turn (tests make it small)."""
    hint: Hint
    hint_rect: pygame.Rect
    review_cache: ReviewCache

    def init_coach(self) -> None:
        self.hint = Hint()
        self.hint_rect = pygame.Rect(0, 0, 0, 0)
        self.review_cache = ReviewCache()

    # -- the hint ------------------------------------------------------------------------------------
    def hint_available(self) -> bool:
        """A person is to choose a turn with the dice rolled (not a pass, a forced move or the rest
        of a gesture playing itself)."""
        return (self.state.phase == "move" and self.human_to_move() and not self.queued
                and self.forced() is None and not self.pass_only())

    def toggle_hint(self) -> None:
        if self.hint.active:
            self.hint.hide()
        elif self.hint_available():
            self.hint.ask(self.state, self.state_version)
        elif self.can_roll() and self.state.phase in ("opening", "roll"):
            self._say_once(tr("The hint comes after the roll: roll first, then press H."))
        self.dirty = True

    def _say_once(self, text: str) -> None:
        """A note in the log, not twice in a row (H pressed again)."""
        if not self.log.entries or self.log.entries[-1].text != text:
            self.log.add(text, theme.INK_SOFT)

    def paint_hint(self, surface: pygame.Surface, vp: Viewport) -> None:
        g = self.geom(vp)
        if g is not None and self.hint.shown:
            turned = bool(self.app.table_mode) and self.numbers_facing() == 1
            self.hint.paint(surface, g, self.state, self.metrics.small, turned)

    def _legend(self) -> tuple[str, list[Any]]:
        """The legend's heading and rows. At a table the strip is short of room (its prompt must
        keep its lines): once the turns are there they go without the heading (the lit Hint
        button under them says what they are)."""
        rows = self.hint.rows(str)  # the mover's numbering, as the log and the review
        return ("" if self.app.table_mode and rows else self.hint.heading()), rows

    # -- the review ----------------------------------------------------------------------------------
    def review_available(self) -> bool:
        """A game of the match has ended (at the end of the match the end card offers it)."""
        return self.state.phase in ("next", "over")

    def record_turn_names(self, record: dict[str, Any]) -> list[str | None]:
        """The replay viewer's turn of each move of ``record``, numbered as the review numbers
        them ("turn 42", "game 2, turn 5"), so a turn the review names is found in the replay;
        None for a move of no turn (the opening roll, going on to the next game)."""
        turns = record_turns(record)
        games = {t.game for t in turns}
        names: list[str | None] = [None] * len(record["moves"])
        for t in turns:
            name = (tr("game {game}, turn {turn}", game=t.game + 1, turn=t.number) if shows_game(games, t.game)
                    else tr("turn {turn}", turn=t.number))
            names[t.start:t.end] = [name] * (t.end - t.start)
        return names

    def open_review(self, on_close: Any = None, record: dict[str, Any] | None = None,
                    at_move: int | None = None) -> None:
        """The review of ``record`` (the game so far by default; the replay viewer gives the
        whole file's, and ``at_move``, its place in it), facing the person at a table (or the
        seat the cards face)."""
        from tabletop.games.plakoto.review_scene import ReviewScene

        record = record if record is not None else self.session.record()
        facing, edges = None, []
        if self.app.table_mode:
            humans = [i for i, s in enumerate(self.seats) if s.is_human]
            panel = self.panel_of(humans[0]) if len(humans) == 1 else None
            facing = panel.edge if panel is not None else self.message_edge()
            edges = self.table_edge_cycle()
        self.app.push_scene(ReviewScene(self.app, record, self.lay, [self.seat_name(s) for s in (0, 1)],
                                        people(record), self.review_cache, self.review_budget, facing, edges,
                                        on_close, at_move))

    def review_from_card(self) -> None:
        """The end card's Review: back to the card afterwards."""
        self.open_review(on_close=self.show_game_over)

    def coach_buttons(self) -> list[Button]:
        """Hint and Review. In a window the Hint button keeps its place whenever a person plays
        (greyed while there is no turn of his to hint), so Flip board and Undo under it never jump
        between the roll and the move; a table's strip shows only what works."""
        out = []
        usable = self.hint.active or self.hint_available()
        if usable or (not self.app.table_mode and self.replay_viewer is None
                      and any(s.is_human for s in self.seats)):
            out.append(Button(tr("Hint"), self.toggle_hint, key="H", toggled=self.hint.active, enabled=usable))
        if self.review_available():
            out.append(Button(tr("Review"), self.open_review, key="R"))
        return out

    def coach_key(self, event: pygame.event.Event) -> bool:
        if event.key == pygame.K_h:
            self.toggle_hint()
            return True
        if event.key == pygame.K_r and self.review_available():
            self.open_review()
            return True
        return False

    # -- the frame's hooks ---------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)  # type: ignore[misc]
        if self.hint.poll(self.state_version):
            self.dirty = True

    def busy(self) -> bool:
        return super().busy() or self.hint.thinking  # type: ignore[misc]

    def closed(self) -> None:
        super().closed()  # type: ignore[misc]
        self.hint.close()

    def frame_signature(self) -> tuple:
        return (*super().frame_signature(), self.hint.signature())  # type: ignore[misc]

    def relayout_panel(self) -> None:
        """In a window the hint's legend takes the top of the log's room."""
        super().relayout_panel()  # type: ignore[misc]
        if self.app.table_mode:
            return
        self.hint_rect = pygame.Rect(0, 0, 0, 0)
        if not self.hint.active or not hasattr(self, "log_rect"):
            return
        log = self.log_rect
        heading, rows = self._legend()
        h = min(log.h, legend_height(heading, rows, log.w, self.metrics))
        self.hint_rect = pygame.Rect(log.x, log.y, log.w, h)
        pad = self.metrics.pad
        self.log_rect = pygame.Rect(log.x, log.y + h + pad, log.w, max(0, log.h - h - pad))

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)  # type: ignore[misc]
        if not self.app.table_mode and self.hint.active:
            heading, rows = self._legend()
            paint_legend(surface, self.hint_rect, heading, rows, self.metrics)

    def table_extra_size(self, seat: int, panel: Any) -> tuple[int, int] | None:
        if self.hint.active and seat == self.acting_seat():
            m = self.metrics
            width = min(panel.size[0], 10 * m.button_h) - 4 * m.pad
            heading, rows = self._legend()
            return (width, legend_height(heading, rows, width, m))
        return super().table_extra_size(seat, panel)  # type: ignore[misc]

    def draw_seat_extra(self, surf: pygame.Surface, rect: pygame.Rect, seat: int, active: bool) -> None:
        if self.hint.active and seat == self.acting_seat():
            heading, rows = self._legend()
            paint_legend(surf, rect, heading, rows, self.metrics)
            return
        super().draw_seat_extra(surf, rect, seat, active)  # type: ignore[misc]

    def table_strip_key(self, seat: int) -> Any:
        mine = self.hint.signature() if seat == self.acting_seat() else None
        return (super().table_strip_key(seat), mine, language())  # type: ignore[misc]

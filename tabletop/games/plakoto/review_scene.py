"""The Plakoto game review: every turn a person played, the expected points it lost against the best
turn (the biggest errors first), the position of the chosen one with the played and the best turn
drawn on the board, and the graph of the win chance over the game.

Opened from the end card ("Review"), after a game of a match, and from the replay viewer. The
review itself (``review_turns``: the ``hard`` player's search on every turn) takes seconds, so it
runs in a worker one turn at a time: the list fills in as it goes, a bar says how far it has got,
and the screen answers meanwhile (Esc leaves at once; the worker's last turn is dropped).

At a table the whole screen faces one seat (the person, or the winner) and its Turn button hands
it to the other side, like a card.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from tabletop.games.plakoto import scene_draw as sd
from tabletop.games.plakoto.ai_search import BUDGET
from tabletop.games.plakoto.review_graph import (
    BIG_ERROR,
    GraphPlan,
    graph_points,
    nearest,
    paint_graph,
    plan_graph,
)
from tabletop.games.plakoto.review_turns import (
    Entry,
    ReviewCache,
    TurnJob,
    entries,
    people,
    plan_review,
    review_turn,
    shows_game,
)
from tabletop.games.plakoto.rules import PlakotoState
from tabletop.games.plakoto.scene_arrows import PLAYED, RANK_COLOURS, ShownTurn, paint_turns, turn_segments
from tabletop.games.plakoto.scene_legend import LegendRow, decimal, legend_height, paint_legend, turn_text
from tabletop.games.plakoto.scene_paint import paint_position
from tabletop.i18n import language, plural, tr
from tabletop.ui import draw, theme
from tabletop.ui.background import NOTHING, Background
from tabletop.ui.scene import FacingScene
from tabletop.ui.widgets import Button

BEST = RANK_COLOURS[0]


def reviewed_text(reviewed: int, forced: int) -> str:
    """ "3 turns reviewed (1 forced turn without a choice left out)": the turns a person's review
    lists, and those it leaves out because nothing was decided in them (a single way to play, or
    none), in the forms that go with the numbers («разобрано 3 хода (пропущен 1 вынужденный ход
    без выбора)»)."""
    said = plural(reviewed, tr("{n} turn reviewed", n=reviewed), tr("{n} turns reviewed (2–4)", n=reviewed),
                  tr("{n} turns reviewed", n=reviewed))
    if not forced:
        return said
    left_out = plural(forced, tr("{n} forced turn without a choice left out", n=forced),
                      tr("{n} forced turns without a choice left out (2–4)", n=forced),
                      tr("{n} forced turns without a choice left out", n=forced))
    return f"{said} ({left_out})"


class ReviewScene(FacingScene):
    """The review screen (see the module docstring)."""

    def __init__(self, app: Any, record: dict[str, Any], layout: Any, names: list[str],
                 seats: set[int] | None = None, cache: ReviewCache | None = None, budget: int | None = BUDGET,
                 facing: str | None = None, edges: list[str] | None = None,
                 on_close: Callable[[], None] | None = None, at_move: int | None = None) -> None:
        """``at_move``: the record's moves already shown where the review was asked for (the
        replay viewer's place); the review then opens on the turn played there, not on the
        biggest error, until a person picks another."""
        super().__init__(app)
        self.at_move = at_move
        self.record = record
        self.layout_data = layout
        self.names = names
        self.seats = set(seats) if seats else people(record)
        self.main = min(self.seats) if len(self.seats) == 1 else 0  # whose chance the graph's left axis reads
        self.cache = cache if cache is not None else ReviewCache()
        self.budget = budget
        self.facing = facing if getattr(app, "table_mode", False) else None
        self.edges = list(edges or [])
        self.on_close = on_close
        self.job = Background("review")
        self.asked: Any = "plan"
        self.jobs: list[TurnJob] | None = None
        self.played: set[int] = set()  # the seats that played a turn in the record (theirs or not)
        self.done = 0
        self.forced: dict[int, int] = {}  # per seat, the turns reviewed that had no choice (left out)
        self.entries: list[Entry] = []  # in the order played
        self.order: list[Entry] = []    # the biggest loss first
        self.selected: Entry | None = None
        self.user_chose = False
        self.scroll = 0
        self.error = ""
        self._pointer: tuple[int, int] | None = None  # where the mouse is, in the upright layout
        self.hover_row: int | None = None              # the row lit under it, as last drawn
        self.back = Button(tr("Back"), self.close, key="Esc")
        self.turn_button = (Button(tr("Pass on"), self.turn_to_next)
                            if self.facing is not None and len(self.edges) > 1 else None)
        self._board: tuple[Any, pygame.Surface | None] = (None, None)
        self._back: tuple[Any, pygame.Surface | None] = (None, None)  # the table and the two cards' paper
        self._graph: GraphPlan | None = None
        self._upright: pygame.Surface | None = None
        self._drag_y: float | None = None
        self._laid_graph = True  # whether the layout keeps the graph's room (it does until nothing is to show)
        self.job.start("plan", plan_review, record, self.seats)

    # -- the work ------------------------------------------------------------------------------------
    def finished(self) -> bool:
        return self.asked is None

    def busy(self) -> bool:
        return self.asked is not None  # the loop keeps polling until the last turn is in

    def update(self, dt: float) -> None:
        if self.asked is None:
            return
        self._take()
        if self.graph_shown() != self._laid_graph:  # nothing to review after all: the board takes
            self.layout(self.size)                   # the graph's room (it stood over an empty third)

    def _take(self) -> None:
        """The worker's answer, if it has one: the plan of the turns, or the next turn's review."""
        got = self.job.take(self.asked)
        if got is NOTHING:
            return
        self.dirty = True
        if isinstance(got, BaseException):
            self.error = str(got) or type(got).__name__
            self.asked = None
            return
        if self.asked == "plan":
            jobs, self.played = got
            self.jobs = list(jobs)
        else:
            assert self.jobs is not None
            job = self.jobs[self.done]
            self.cache.put(job, self.budget, got)
            self._reviewed(job, got)
        self._ask_next()

    def _ask_next(self) -> None:
        """Take every turn already reviewed from the cache; ask the worker for the next one."""
        assert self.jobs is not None
        while self.done < len(self.jobs):
            job = self.jobs[self.done]
            found = self.cache.get(job, self.budget)
            if found is None:
                self.asked = ("turn", self.done)
                self.job.start(self.asked, review_turn, job, self.budget)
                return
            self._reviewed(job, found)
        self.asked = None

    def _reviewed(self, job: TurnJob, found: list) -> None:
        """One more turn done: its review listed, or, when it had no choice (a single way to play
        or none), counted as left out (the summary says so: "1 turn reviewed" after two turns
        read as if one was lost)."""
        if not found:
            self.forced[job.seat] = self.forced.get(job.seat, 0) + 1
        self._add(entries(job, found))
        self.done += 1

    def _add(self, new: list[Entry]) -> None:
        if not new:
            return
        self.entries.extend(new)
        self.order = sorted(self.entries, key=lambda e: (-e.review.loss, e.review.index))
        if self.user_chose:
            return
        if self.at_move is None:  # until a person picks one, the biggest error found so far is shown
            self.selected = self.order[0]
            self.scroll = 0
            return
        # asked from the replay: the last turn begun by the place it showed (its dice rolled, or
        # part or all of it played), else the first one after
        begun = [e for e in self.entries if e.review.index <= self.at_move]
        self.selected = begun[-1] if begun else self.entries[0]
        self._keep_visible()

    def select(self, entry: Entry | None) -> None:
        if entry is None or entry is self.selected:
            return
        self.selected = entry
        self.user_chose = True
        self._keep_visible()
        self.dirty = True

    def close(self) -> None:
        self.app.pop_scene(self)
        if self.on_close is not None:
            self.on_close()

    def closed(self) -> None:
        self.job.close()

    def drop_caches(self) -> None:
        self._board = (None, None)
        self._back = (None, None)

    def _background(self, size: tuple[int, int]) -> pygame.Surface:
        """The table and the shadowed cards of the list and the graph, drawn once per layout (a
        panel's soft shadow is the dearest part of a frame: the screen redraws as the list fills
        in and the pointer moves over it)."""
        key = (size, tuple(self.list_rect), tuple(self.graph_rect), self.graph_shown())
        if self._back[0] != key or self._back[1] is None:
            back = pygame.Surface(size).convert() if pygame.display.get_surface() else pygame.Surface(size)
            back.fill(theme.TABLE)
            draw.shadowed_panel(back, self.list_rect)
            if self.graph_shown():
                draw.shadowed_panel(back, self.graph_rect)
            self._back = (key, back)
        return self._back[1]

    # -- layout ---------------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        frame = self.frame()
        w, h = frame.size if frame is not None else size
        self.upright_size = (w, h)
        m = self.metrics
        bh, p = m.button_h, m.pad
        bar = pygame.Rect(2 * p, p, w - 4 * p, bh)
        right = bar.right
        for b in (self.back, self.turn_button):
            if b is None:
                continue
            bw = max(int(bh * 2.2), theme.font(m.body).size(f"{b.label}  [{b.key}]" if b.key else b.label)[0] + 3 * p)
            b.rect = pygame.Rect(right - bw, bar.y, bw, bh)
            right = b.rect.x - p
        self.title_rect = pygame.Rect(bar.x, bar.y, right - bar.x - p, bh)
        line = theme.font(m.small).get_linesize()
        self.summary_rect = pygame.Rect(bar.x, bar.bottom + p // 2, bar.w, line)
        content = pygame.Rect(bar.x, self.summary_rect.bottom + p, bar.w, h - self.summary_rect.bottom - 2 * p)
        self.list_rect = pygame.Rect(content.x, content.y, int(content.w * 0.4), content.h)
        side = pygame.Rect(self.list_rect.right + 2 * p, content.y, content.right - self.list_rect.right - 2 * p,
                           content.h)
        self._laid_graph = self.graph_shown()
        graph_h = max(int(side.h * 0.3), 7 * line) if self._laid_graph else 0
        self.graph_rect = pygame.Rect(side.x, side.bottom - graph_h, side.w, graph_h)
        top = pygame.Rect(side.x, side.y, side.w, self.graph_rect.y - (p if graph_h else 0) - side.y)
        fx, fy, fw, fh = sd.frame_rect(self.layout_data)
        aspect = fw / fh
        legend_w = 17 * m.body
        board_w = min(top.w, int(top.h * aspect))
        if top.w - board_w >= legend_w + p:  # the legend beside the board
            self.board_rect = pygame.Rect(top.x, top.y, board_w, top.h)
            self.legend_rect = pygame.Rect(self.board_rect.right + p, top.y, top.right - self.board_rect.right - p,
                                           top.h)
        else:  # under it
            legend_h = self._legend_need(top.w)
            self.board_rect = pygame.Rect(top.x, top.y, top.w, max(4 * line, top.h - legend_h - p))
            self.legend_rect = pygame.Rect(top.x, self.board_rect.bottom + p, top.w, top.bottom - self.board_rect.bottom - p)
        row_h = theme.font(m.body, True).get_linesize() + line + p
        self.row_h = row_h
        head = line * 2 + p
        self.rows_rect = pygame.Rect(self.list_rect.x + p, self.list_rect.y + head + p, self.list_rect.w - 2 * p,
                                     self.list_rect.h - head - 2 * p)
        self.drop_caches()
        self._upright = None
        if pygame.display.get_init() and pygame.mouse.get_focused():  # opened under a resting pointer
            self._pointer = self._local(pygame.mouse.get_pos())

    def _legend_need(self, width: int) -> int:
        """Room for the legend under the board: its heading (two lines) and two rows of turns
        (a double's steps may wrap), whatever turn is chosen."""
        m = self.metrics
        sample = LegendRow(ShownTurn((), BEST), tr("Best: {turn}", turn="13/7 13/7 8/2 8/2"), 0.5, 0.1, 0.1)
        return legend_height(tr("Game {game}, turn {turn}: {name} rolled {high}-{low}", game=1, turn=10,
                                name=max(self.names, key=len), high=6, low=6), [sample, sample], width, m)

    def visible_rows(self) -> int:
        return max(1, self.rows_rect.h // self.row_h)

    def _keep_visible(self) -> None:
        if self.selected is None or self.selected not in self.order:
            return
        i = self.order.index(self.selected)
        fit = self.visible_rows()
        if i < self.scroll:
            self.scroll = i
        elif i >= self.scroll + fit:
            self.scroll = i - fit + 1

    # -- input ----------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            self._key(event.key)
            return
        if event.type == pygame.MOUSEWHEEL:
            self._scroll_by(-event.y * 3)
            return
        if event.type not in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            return
        pos = self._local(event.pos)
        if pos is None:
            return
        buttons = [b for b in (self.back, self.turn_button) if b is not None]
        if event.type == pygame.MOUSEMOTION:
            if self._hovered(pos) != self._hovered(self._pointer):
                self.dirty = True
            self._pointer = pos
            held = bool(getattr(event, "buttons", (0,))[0])
            if self._drag_y is not None and held:
                rows = int((self._drag_y - pos[1]) / self.row_h)
                if rows:
                    self._drag_y -= rows * self.row_h
                    self._scroll_by(rows)
            elif not held:
                self._drag_y = None
            return
        if event.type == pygame.MOUSEBUTTONUP:
            self._drag_y = None
            return
        if event.button == 3:
            self.close()
            return
        if event.button != 1:
            return
        for b in buttons:
            if b.hit(pos):
                b.action()
                self.dirty = True
                return
        row = self._row_at(pos)
        if row is not None:
            self.select(self.order[row])
            self._drag_y = pos[1]
            return
        if self.entries:
            i = nearest(self._graph_plan(), pos)
            if i is not None and i < len(self.entries):
                self.select(self.entries[i])

    def _key(self, key: int) -> None:
        if key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            self.close()
            return
        if not self.order:
            return
        i = self.order.index(self.selected) if self.selected in self.order else -1
        step = {pygame.K_DOWN: 1, pygame.K_UP: -1, pygame.K_PAGEDOWN: self.visible_rows(),
                pygame.K_PAGEUP: -self.visible_rows(), pygame.K_HOME: -len(self.order),
                pygame.K_END: len(self.order)}.get(key)
        if step is None:
            if key in (pygame.K_LEFT, pygame.K_RIGHT) and self.selected in self.entries:
                k = self.entries.index(self.selected) + (1 if key == pygame.K_RIGHT else -1)
                self.select(self.entries[max(0, min(len(self.entries) - 1, k))])
            return
        self.select(self.order[max(0, min(len(self.order) - 1, i + step))])

    def _scroll_by(self, rows: int) -> None:
        top = max(0, len(self.order) - self.visible_rows())
        scroll = max(0, min(top, self.scroll + rows))
        if scroll != self.scroll:
            self.scroll = scroll
            self.dirty = True

    def _hovered(self, pos: tuple[int, int] | None) -> tuple:
        """What the pointer at ``pos`` lights up: a button, the row under it (which follows the
        list as it fills in and scrolls, so it is worked out from the pointer when drawing)."""
        if pos is None:
            return (None, None, None)
        buttons = [b for b in (self.back, self.turn_button) if b is not None]
        point = nearest(self._graph_plan(), pos)
        return (next((i for i, b in enumerate(buttons) if b.rect.collidepoint(pos)), None), self._row_at(pos),
                point if point is not None and point < len(self.entries) else None)

    def _graph_plan(self) -> GraphPlan:
        """Where the graph's points stand now (from the layout and the turns in, not from the
        last frame: the list may have grown since)."""
        return plan_graph(self.graph_rect, len(self.entries), self.metrics)

    def _row_at(self, pos: tuple[int, int]) -> int | None:
        if not self.rows_rect.collidepoint(pos):
            return None
        i = self.scroll + (pos[1] - self.rows_rect.y) // self.row_h
        return i if 0 <= i < len(self.order) and i < self.scroll + self.visible_rows() else None

    # -- drawing --------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        frame = self.frame()
        if frame is None:
            self._draw(surface)
            return
        if self._upright is None or self._upright.get_size() != frame.size:
            self._upright = pygame.Surface(frame.size).convert() if pygame.display.get_surface() else \
                pygame.Surface(frame.size)
        self._draw(self._upright)
        frame.blit(surface, self._upright)

    def _draw(self, surface: pygame.Surface) -> None:
        m = self.metrics
        surface.blit(self._background(surface.get_size()), (0, 0))
        draw.fitted_text(surface, tr("Game review"), self.title_rect, m.large, theme.PANEL, bold=True,
                         anchor="midleft", min_size=m.body)
        lit, self.hover_row, point = self._hovered(self._pointer)
        for i, b in enumerate(b for b in (self.back, self.turn_button) if b is not None):
            b.hover = i == lit
            b.draw(surface, m.body, min_size=m.tiny)
        draw.fitted_text(surface, self.summary(), self.summary_rect, m.small, theme.PANEL, anchor="midleft",
                         min_size=m.tiny)
        self._draw_list(surface)
        self._draw_board(surface)
        self._draw_legend(surface)
        if not self.graph_shown():
            self._graph = None
            return
        points = graph_points(self.entries, self.main)
        other = 1 - self.main
        selected = self.entries.index(self.selected) if self.selected in self.entries else None
        hover_text = ""
        if point is not None:
            entry = self.entries[point]
            hover_text = f"{self._turn_title(entry)}   {self._loss_text(entry)}"
        self._graph = paint_graph(surface, self.graph_rect, points, selected,
                                  (self._name(self.main), self._name(other)), self.layout_data, m, panel=False,
                                  hover=point, hover_text=hover_text)

    def graph_shown(self) -> bool:
        """The graph, while it may still fill in or once it has a turn (never an empty one)."""
        return bool(self.entries) or not self.finished() or bool(self.error)

    def help_line(self) -> str:
        """Over the list of turns: "click" at a desk, "tap" at a table (a touch screen), as every
        other table prompt says."""
        if self.app.table_mode:
            return tr("Tap a turn to see it on the board.")
        return tr("Click a turn to see it on the board.")

    def nothing_to_review(self) -> str:
        """Why the finished list is empty: every turn of theirs was forced, or they played none
        (the record is short, or only the computer played), or nobody has played a turn yet."""
        if self.jobs:
            return tr("No turn to review: every turn had a single way to play.")
        if self.played:
            names = ", ".join(self._name(s) for s in sorted(self.seats))
            return tr("No turn to review: {name} has not played a turn yet.", name=names)
        return tr("No turn to review yet: no turn has been played.")

    def _name(self, seat: int) -> str:
        return self.names[seat] if seat < len(self.names) else str(seat + 1)

    def summary(self) -> str:
        """Per person: turns reviewed, the forced ones left out, and points lost in all (so far,
        while reviewing)."""
        parts = []
        for seat in sorted(self.seats):
            mine = [e for e in self.entries if e.review.seat == seat]
            lost = sum(e.review.loss for e in mine)
            reviewed = reviewed_text(len(mine), self.forced.get(seat, 0))
            if not mine:  # "0 turns reviewed, 0.00 points lost in all": no turn, no loss to add up
                parts.append(tr("{name}: {reviewed}", name=self._name(seat), reviewed=reviewed))
                continue
            parts.append(tr("{name}: {reviewed}, {points} points lost in all", name=self._name(seat),
                            reviewed=reviewed, points=decimal(lost, sign=False)))
        return "   ·   ".join(parts)

    def _draw_list(self, surface: pygame.Surface) -> None:
        m = self.metrics
        p = m.pad
        inner = self.list_rect.inflate(-2 * p, -2 * p)
        line = theme.font(m.small).get_linesize()
        draw.fitted_text(surface, tr("Turns, the biggest errors first"), pygame.Rect(inner.x, inner.y, inner.w, line),
                         m.small, theme.INK, bold=True, anchor="midleft", min_size=m.tiny)
        status = pygame.Rect(inner.x, inner.y + line, inner.w, line)
        if self.error:
            draw.fitted_text(surface, tr("The review failed: {error}", error=self.error), status, m.small, theme.BAD,
                             anchor="midleft", min_size=m.tiny)
        elif not self.finished():
            total = len(self.jobs) if self.jobs is not None else 0
            words = tr("Reviewing… {done} of {n} turns", done=self.done, n=total) if total else tr("Reviewing…")
            text_w = min(status.w * 2 // 3, theme.font(m.small).size(words)[0] + p)
            draw.fitted_text(surface, words, pygame.Rect(status.x, status.y, text_w, line), m.small, theme.INK_SOFT,
                             anchor="midleft", min_size=m.tiny)
            bar = pygame.Rect(status.x + text_w + p, status.y + line // 4, status.right - status.x - text_w - p, line // 2)
            if bar.w > 2 * p:
                pygame.draw.rect(surface, theme.PANEL_EDGE, bar, border_radius=bar.h // 2)
                part = bar.copy()
                part.w = int(bar.w * self.done / total) if total else 0
                if part.w:
                    pygame.draw.rect(surface, theme.ACCENT, part, border_radius=bar.h // 2)
        elif not self.order:
            draw.paragraph(surface, self.nothing_to_review(),
                           pygame.Rect(self.rows_rect.x, self.rows_rect.y, self.rows_rect.w, 3 * line), m.small,
                           theme.INK_SOFT, min_size=m.tiny)
        else:
            draw.fitted_text(surface, self.help_line(), status, m.small, theme.INK_SOFT, anchor="midleft",
                             min_size=m.tiny)
        fit = self.visible_rows()
        for k, entry in enumerate(self.order[self.scroll:self.scroll + fit]):
            row = pygame.Rect(self.rows_rect.x, self.rows_rect.y + k * self.row_h, self.rows_rect.w, self.row_h - 2)
            self._draw_row(surface, row, entry, self.scroll + k == self.hover_row)
        hidden = len(self.order) - self.scroll - fit
        if self.scroll or hidden > 0:  # a thin bar: where the rows shown are in the whole list
            track = pygame.Rect(self.list_rect.right - p + 1, self.rows_rect.y, max(3, p // 2), self.rows_rect.h)
            n = max(1, len(self.order))
            thumb = pygame.Rect(track.x, track.y + track.h * self.scroll // n, track.w,
                                max(track.w, track.h * min(fit, n) // n))
            pygame.draw.rect(surface, theme.PANEL_EDGE, thumb, border_radius=track.w // 2)

    def _draw_row(self, surface: pygame.Surface, row: pygame.Rect, entry: Entry, hover: bool) -> None:
        m = self.metrics
        p = m.pad
        r = entry.review
        if entry is self.selected:
            pygame.draw.rect(surface, (255, 232, 180), row, border_radius=p)
            pygame.draw.rect(surface, theme.ACCENT, row, width=2, border_radius=p)
        elif hover:
            pygame.draw.rect(surface, (255, 246, 226), row, border_radius=p)
        body_line = theme.font(m.body, True).get_linesize()
        small_line = theme.font(m.small).get_linesize()
        loss = self._loss_text(entry)
        loss_w = theme.font(m.body, True).size(decimal(-0.01))[0] + p  # the widest: a sign, 4 figures
        ink = theme.BAD if r.loss >= BIG_ERROR else (theme.ACCENT_DARK if r.loss >= 0.03 else theme.GOOD)
        top = pygame.Rect(row.x + p // 2, row.y + p // 2, loss_w, body_line)
        figures = pygame.Rect(top.x, top.y, top.w - p // 2, top.h)  # right-aligned: "0.00" over "−0.29"
        draw.fitted_text(surface, loss, figures, m.body, ink, bold=True, anchor="midright", min_size=m.tiny)
        radius = max(4, body_line * 3 // 10)
        st = self.layout_data.checkers[r.seat]
        sd.blit_checker(surface, (top.right + radius, top.centery), radius, st.fill, st.edge, st.symbol)
        left = top.right + 2 * radius + p
        title = self._turn_title(entry)
        draw.fitted_text(surface, title, pygame.Rect(left, top.y, row.right - p - left, body_line), m.body, theme.INK,
                         bold=entry is self.selected, anchor="midleft", min_size=m.tiny)
        if r.played.turn.key == r.best.turn.key:
            detail = tr("played the best turn: {turn}", turn=turn_text(r.played.turn.steps, str))
        else:
            detail = tr("played {played} · best {best}", played=turn_text(r.played.turn.steps, str),
                        best=turn_text(r.best.turn.steps, str))
        draw.fitted_text(surface, detail, pygame.Rect(top.x, top.bottom, row.right - p - top.x, small_line), m.small,
                         theme.INK_SOFT, anchor="midleft", min_size=m.tiny)

    @staticmethod
    def _loss_text(entry: Entry) -> str:
        """The points a turn lost as the list shows them: "-0.29", or "0.00" for the best turn."""
        loss = entry.review.loss
        return decimal(0.0, sign=False) if loss < 0.005 else decimal(-loss)

    def _turn_title(self, entry: Entry) -> str:
        r = entry.review
        games = {e.review.game for e in self.entries}
        name = self._name(r.seat)
        if shows_game(games, r.game):
            return tr("Game {game}, turn {turn}: {name} {high}-{low}", game=r.game + 1, turn=entry.number, name=name,
                      high=r.dice[0], low=r.dice[1])
        return tr("Turn {turn}: {name} {high}-{low}", turn=entry.number, name=name, high=r.dice[0], low=r.dice[1])

    def shown_turns(self) -> list[ShownTurn]:
        """The selected turn's arrows: the best turn (solid green) and, when it differs, the one
        played (dashed orange), the best on top."""
        if self.selected is None:
            return []
        r = self.selected.review
        best = ShownTurn(r.best.turn.steps, BEST)
        if r.played.turn.key == r.best.turn.key:
            return [best]
        return [best, ShownTurn(r.played.turn.steps, PLAYED, dashed=True)]

    def _draw_board(self, surface: pygame.Surface) -> None:
        rect = self.board_rect
        r = self.selected.review if self.selected is not None else None
        key = (r.index if r is not None else None, tuple(rect), language(), self.metrics.height)
        if self._board[0] != key or self._board[1] is None:
            pic = pygame.Surface(rect.size)
            pic.blit(self._background(surface.get_size()), (0, 0), rect)  # the table, and the list's shadow
            small = self.metrics.small
            if r is not None:
                state = PlakotoState.from_notation(r.before)
                g = paint_position(pic, pic.get_rect(), self.layout_data, state, small, flipped=r.seat == 1)
                shown = self.shown_turns()
                paint_turns(pic, g, [(s, turn_segments(g, state, s.steps)) for s in shown], small)
            else:  # no turn to show (yet, or at all): the game's own start, which a position may set
                paint_position(pic, pic.get_rect(), self.layout_data, self._start_state(), small)
            self._board = (key, pic)
        assert self._board[1] is not None
        surface.blit(self._board[1], rect.topleft)

    def _start_state(self) -> PlakotoState:
        """The record's first position (the opening layout when the record holds none readable)."""
        try:
            return PlakotoState.from_json(self.record["initial"])
        except (KeyError, TypeError, ValueError):
            return PlakotoState()

    def _draw_legend(self, surface: pygame.Surface) -> None:
        m = self.metrics
        if self.selected is None:
            return
        entry = self.selected
        r = entry.review
        heading = tr("Game {game}, turn {turn}: {name} rolled {high}-{low}", game=r.game + 1, turn=entry.number,
                     name=self._name(r.seat), high=r.dice[0], low=r.dice[1])
        if r.loss >= 0.005:
            heading += " " + tr("(lost {points} points)", points=decimal(r.loss, sign=False))
        rows = []
        shown = self.shown_turns()
        best = r.best
        if len(shown) == 1:
            rows.append(LegendRow(shown[0], tr("Played the best: {turn}", turn=turn_text(best.turn.steps, str)),
                                  best.win, best.double_win, best.equity))
        else:
            rows.append(LegendRow(shown[1], tr("Played: {turn}", turn=turn_text(r.played.turn.steps, str)),
                                  r.played.win, r.played.double_win, r.played.equity))
            rows.append(LegendRow(shown[0], tr("Best: {turn}", turn=turn_text(best.turn.steps, str)),
                                  best.win, best.double_win, best.equity))
        need = legend_height(heading, rows, self.legend_rect.w, m)
        rect = pygame.Rect(self.legend_rect.x, self.legend_rect.y, self.legend_rect.w,
                           min(self.legend_rect.h, max(need, 0)))
        paint_legend(surface, rect, heading, rows, m)

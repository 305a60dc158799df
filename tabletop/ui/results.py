"""The end-of-game card for everyone at the table: a winner banner, then one row per seat with
that seat's breakdown (each game says which columns: coins by source, prisoners, hens and cards,
game points), then Look at the board / Play again / New game / Menu (and a game's own buttons, such
as Plakoto's Review, after the first), with a line over them saying how Play again and New game
differ (a table reads it, where nothing is hovered), or the hint of the button under the pointer.

A game builds a :class:`ResultTable` from its final state (``GameScene.result_table``); the
card draws it as a grid, or, where a grid would break its cells a word a line (a card turned to a
side seat of a table is as narrow as the screen is high), stacked: each seat's name with his
breakdown under it, a line per heading (see :class:`ResultLayout`); the largest type that keeps
every part of every cell whole wins. :func:`table_text` gives the same content as plain lines (the
card's body, for tests, logs and screen readers). The card keeps the frame's ending rules: keys
count only after a second, its default button only closes it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pygame

from tabletop.i18n import and_list, tr
from tabletop.ui import draw, theme
from tabletop.ui.scene import MessageOverlay

if TYPE_CHECKING:
    from tabletop.app import App


def game_over_text(result: str) -> str:
    """"Game over: Red wins." — or, when the result has a colon of its own (Captain Flip's solo
    "Your rank: Landlubber with 26 coins"), "Game over. Your rank: …": the prompt read "Game
    over: Your rank: …", two colons in a row."""
    if ": " in result:
        return tr("Game over.") + " " + result
    return tr("Game over: {result}", result=result)


@dataclass(frozen=True)
class ResultRow:
    """One seat's line: its name and look, one text per column, and how it finished."""

    seat: int
    name: str
    rgb: tuple[int, int, int]
    symbol: str
    cells: tuple[str, ...]
    winner: bool = False
    role: str = ""
    out: bool = False  # sunk, last, knocked out: drawn greyed


@dataclass(frozen=True)
class ResultTable:
    banner: str
    detail: str = ""
    columns: tuple[str, ...] = ()
    rows: tuple[ResultRow, ...] = ()
    notes: tuple[str, ...] = field(default_factory=tuple)
    actions: tuple[tuple[str, Callable[[], None]] | tuple[str, Callable[[], None], str], ...] = ()
    """The game's own buttons on the card (Plakoto's Review), after the first (its default), each
    with its hint (the line over the buttons while the pointer is on it) as a third part."""


def table_text(table: ResultTable) -> str:
    """The table as plain lines: banner, detail, then "# Name: column value · ..." per seat."""
    out = [table.banner]
    if table.detail:
        out.append(table.detail)
    out.append("")
    for row in table.rows:
        cells = " · ".join(f"{head} {cell}" if head else cell for head, cell in zip(table.columns, row.cells, strict=False)
                           if cell)
        out.append(f"# {row.name}" + (f" ({row.role})" if row.role else ""))
        if cells:
            out.append("   " + cells)
    if table.notes:
        out.append("")
        out.extend(table.notes)
    return "\n".join(out).rstrip()


def wrap_parts(cell: str, size: int, width: int) -> list[str]:
    """A cell's lines, broken between its " · " parts where it can ("Cook 4" stays together)."""
    font = theme.font(size)
    lines: list[str] = []
    for part in cell.split(" · "):
        if lines and font.size(lines[-1] + " · " + part)[0] <= width:
            lines[-1] += " · " + part
        elif font.size(part)[0] <= width:
            lines.append(part)
        else:
            lines.extend(theme.wrap(part, size, width))
    return lines


@dataclass(frozen=True)
class ResultLayout:
    """The seats' table as the card lays it out at one text size (what ``_draw_card`` draws).

    As a grid, a column per heading under a heading row; or ``stacked``: each seat's name, then a
    line per heading under it (the heading as its label, the cell beside it). A card turned to a
    side seat is as narrow as the screen is high: its grid broke "карта сокровищ 7" into a word a
    line, while a seat's breakdown stacked under his name reads whole and the card's length holds
    it."""

    size: int
    stacked: bool
    widths: tuple[int, ...]
    """Grid: the seat column, then one per heading. Stacked: the names' indent, the labels, the cells."""
    heads: tuple[tuple[str, ...], ...]
    """Per heading, its lines (over its column, or as the label beside each seat's cell)."""
    cells: tuple[tuple[tuple[str, ...], ...], ...]
    """Per seat, per heading, the cell's lines (stacked: none for an empty cell, it takes no line)."""
    heights: tuple[int, ...]
    """Per seat, its row's height."""
    head_h: int
    """The heading row's height (stacked: 0, there is none)."""
    clean: bool
    """Every " · " part of every cell whole on one line, every heading in at most two lines, all
    within the card's width: nothing a player has to piece together."""

    @property
    def height(self) -> int:
        return self.head_h + sum(self.heights)


def parts_whole(lines: list[str], cell: str) -> bool:
    """Whether ``lines`` (a cell as wrapped) keep each of its " · " parts whole on one line."""
    return all(any(part in line.split(" · ") for line in lines) for part in cell.split(" · ") if part)


class ResultOverlay(MessageOverlay):
    """The result card: banner, table, notes, buttons (see the module docstring)."""

    def __init__(self, app: App, title: str, table: ResultTable, buttons: list[tuple],
                 keys_after: float = 0.0, guide: str = "") -> None:
        """``buttons``: (label, action) or (label, action, hint): the hint is the line over the
        buttons while the pointer is on that one; ``guide`` the line otherwise (what a table,
        where nothing is hovered, reads: how Play again and New game differ)."""
        buttons = [*buttons[:1], *table.actions, *buttons[1:]]  # the default stays first: it only closes the card
        hints = [str(b[2]) if len(b) > 2 else "" for b in buttons]
        plain = [(b[0], b[1]) for b in buttons]
        super().__init__(app, title, table_text(table), plain, wide=True, default=0, cancel=0, keys_after=keys_after)
        self.table = table
        self.hints = hints
        """Per button (as ``row.buttons``), its hint, or "" (the guide shows then)."""
        self.guide = guide
        self._plan: ResultLayout | None = None
        self._hint_h = 0

    def hint_line(self) -> str:
        """The line over the buttons: the hint of the button under the pointer, else the guide."""
        lit = next((h for b, h in zip(self.row.buttons, self.hints, strict=True) if b.hover and h), "")
        if not lit and self.focus != self.default:  # the keyboard's button, once moved there
            lit = self.hints[self.focus]
        return lit or self.guide

    def _hint_height(self, width: int) -> int:
        """Room for the line over the buttons: as many small lines as the longest of the guide and
        the hints takes (the card does not grow or shrink as the pointer moves), two at most."""
        m = self.metrics
        texts = [t for t in (self.guide, *self.hints) if t]
        if not texts:
            return 0
        lines = min(2, max(len(theme.wrap(t, m.small, width)) for t in texts))
        return lines * theme.font(m.small).get_linesize() + m.pad

    # -- layout ----------------------------------------------------------------------------------
    def _widths(self, size: int, width: int) -> list[int]:
        """Column widths: the seat column as wide as the longest name (up to a third), the others
        as wide as their longest cell or heading, shrunk (their cells wrap) to fit ``width``."""
        t = self.table
        f = theme.font(size)
        fb = theme.font(size, True)
        chip = int(size * 1.6)
        small = theme.font(self.metrics.small)
        name_w = max([max(fb.size(r.name)[0], small.size(r.role)[0]) + chip + size for r in t.rows] + [size * 6])
        name_w = min(name_w, width // 3)
        natural = []
        for k, head in enumerate(t.columns):
            cells = [r.cells[k] for r in t.rows if k < len(r.cells)]
            natural.append(max([f.size(c)[0] for c in cells] + [fb.size(w)[0] for w in head.split()] + [size * 2]) + size)
        rest = width - name_w
        total = sum(natural)
        if total <= rest:
            spare = (rest - total) // max(1, len(natural))
            return [name_w] + [n + spare for n in natural]
        # shrink the widest columns first, never below a short word nor below the longest word of
        # its heading or cells (a narrow card, turned to a side seat: "Персонажи" over its column)
        widths = list(natural)
        floors = []
        for k, head in enumerate(t.columns):
            words = [w for r in t.rows if k < len(r.cells) for w in r.cells[k].split()]
            longest = max([fb.size(w)[0] for w in head.split()] + [f.size(w)[0] for w in words] + [0])
            floors.append(max(size * 4, longest + size // 2 + 1))
        while sum(widths) > rest:
            can = [i for i in range(len(widths)) if widths[i] > floors[i]]
            if not can:
                break
            i = max(can, key=lambda j: widths[j])
            widths[i] = max(floors[i], widths[i] - max(1, (sum(widths) - rest) // 2))
        return [name_w] + widths

    def _grid(self, size: int, width: int) -> ResultLayout:
        """The table as a grid at ``size`` in ``width`` pixels (see ``_widths``)."""
        m = self.metrics
        widths = self._widths(size, width)
        cells = tuple(tuple(tuple(wrap_parts(cell, size, widths[k + 1] - size // 2)) if cell else ("",)
                            for k, cell in enumerate(row.cells)) for row in self.table.rows)
        heads = tuple(tuple(theme.wrap(hd, size, widths[k + 1] - size // 2, bold=True))
                      for k, hd in enumerate(self.table.columns))
        line_h = theme.font(size).get_linesize()
        heights = tuple(max(len(c) for c in row) * line_h + m.pad if row else line_h + m.pad for row in cells)
        head_h = max([len(lines) for lines in heads] + [1]) * line_h + m.pad // 2
        clean = (sum(widths) <= width and all(len(lines) <= 2 for lines in heads)
                 and all(parts_whole(list(lines), cell) for row, row_cells in zip(self.table.rows, cells, strict=True)
                         for cell, lines in zip(row.cells, row_cells, strict=False)))
        return ResultLayout(size, False, tuple(widths), heads, cells, heights, head_h, clean)

    def _stacked(self, size: int, width: int) -> ResultLayout:
        """The table stacked at ``size`` in ``width`` pixels: per seat, his name (and role) on a
        line, then a line per heading that has something to say: the heading in the label column,
        the cell beside it, wrapped between its " · " parts."""
        m = self.metrics
        f = theme.font(size)
        indent = 2 * int(size * 0.55) + size // 2  # as the names: past the seat's chip
        room = width - indent
        label_w = min(max([f.size(hd)[0] for hd in self.table.columns] + [0]) + size, int(room * 0.42))
        value_w = room - label_w
        heads = tuple(tuple(theme.wrap(hd, size, label_w - size // 2)) for hd in self.table.columns)
        cells = tuple(tuple(tuple(wrap_parts(cell, size, value_w)) if cell else () for cell in row.cells)
                      for row in self.table.rows)
        line_h = theme.font(size).get_linesize()
        heights = tuple(line_h + sum(max(len(lines), len(heads[k])) * line_h for k, lines in enumerate(row) if lines)
                        + m.pad for row in cells)
        clean = (all(len(lines) <= 2 for lines in heads)
                 and all(parts_whole(list(lines), cell) for row, row_cells in zip(self.table.rows, cells, strict=True)
                         for cell, lines in zip(row.cells, row_cells, strict=False)))
        return ResultLayout(size, True, (indent, label_w, value_w), heads, cells, heights, 0, clean)

    def _need(self, plan: ResultLayout) -> int:
        """The card's height with ``plan``, as ``_draw_card`` stacks it: title, banner, detail,
        the table, notes, then the buttons."""
        m = self.metrics
        notes_h = len(self.table.notes) * theme.font(m.small).get_linesize()
        detail_h = theme.font(m.body).get_linesize() + m.pad if self.table.detail else 0
        return (m.large * 2 + m.pad + int(m.large * 1.8) + m.pad + detail_h + plan.height + m.pad
                + notes_h + self._hint_h + 3 * m.pad + m.button_h + 2 * m.pad)

    def _choose(self, width: int, height: int) -> ResultLayout:
        """The first plan that fits ``height``, from body type down to small: at each size the
        grid, then the stacked table, each clean (see ``ResultLayout.clean``): the largest type
        that reads whole wins, read across a table (a clean grid in small type turned to a side
        seat stacked a seat's characters four lines deep). Then the same not clean (a table too
        big for a small screen any way: its cells wrap as they must). None fits: the shortest."""
        m = self.metrics
        sizes = list(dict.fromkeys((m.body, max(m.small, (m.body + m.small) // 2), m.small)))
        plans = [plan for s in sizes for plan in (self._grid(s, width), self._stacked(s, width))]
        ordered = [p for p in plans if p.clean] + [p for p in plans if not p.clean and not p.stacked] \
            + [p for p in plans if not p.clean and p.stacked]
        return next((p for p in ordered if self._need(p) <= height), min(plans, key=self._need))

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        frame = self.frame()  # at a table: the screen as the seat it faces sees it
        w, h = frame.size if frame is not None else size
        m = self.metrics
        self.card = pygame.Rect(0, 0, int(w * 0.86), 0)
        # the buttons in as many rows as keep their labels whole (a card turned to a side seat)
        rows = self._button_rows(self.card.w - 4 * m.pad)
        extra = (len(rows) - 1) * (m.button_h + m.pad)
        self._hint_h = self._hint_height(self.card.w - 4 * m.pad)
        self._plan = self._choose(self.card.w - 4 * m.pad, int(h * 0.94) - extra)
        self.card.h = min(int(h * 0.96), self._need(self._plan) + extra)
        self.card.center = (w // 2, h // 2)
        self._place_buttons(rows)

    # -- drawing ---------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """Drawn as every card is (turned to the seat it faces at a table: its clicks are mapped
        back through the same turn)."""
        if self._plan is None:
            self.layout(self.size)
        super().draw(surface)

    def _draw_card(self, surface: pygame.Surface, veil: bool) -> None:
        m = self.metrics
        t = self.table
        plan = self._plan
        assert plan is not None
        draw.dialog(surface, self.card, self.title, m.large, m.pad, veil=veil)
        x0 = self.card.x + 2 * m.pad
        y = self.card.y + m.large * 2 + m.pad
        banner = pygame.Rect(x0, y, self.card.w - 4 * m.pad, int(m.large * 1.8))
        pygame.draw.rect(surface, (255, 232, 180), banner, border_radius=banner.h // 3)
        pygame.draw.rect(surface, theme.ACCENT, banner, width=2, border_radius=banner.h // 3)
        winners = [r for r in t.rows if r.winner]
        left = banner.x + m.pad
        for r in winners[:4]:
            draw.piece(surface, (left + banner.h * 0.35, banner.centery), banner.h * 0.3, r.rgb, r.symbol)
            left += int(banner.h * 0.75)
        draw.fitted_text(surface, t.banner, pygame.Rect(left + m.pad, banner.y, banner.right - left - 2 * m.pad, banner.h),
                         m.large, theme.INK, bold=True, anchor="midleft", min_size=m.body)
        y = banner.bottom + m.pad
        if t.detail:
            draw.fitted_text(surface, t.detail, pygame.Rect(x0, y, banner.w, theme.font(m.body).get_linesize()), m.body,
                             theme.INK_SOFT, anchor="midleft", min_size=m.small)
            y += theme.font(m.body).get_linesize() + m.pad
        if plan.stacked:
            y = self._draw_stacked(surface, plan, x0, y, banner.w)
        else:
            y = self._draw_grid(surface, plan, x0, y)
        y += m.pad
        for note in t.notes:
            draw.fitted_text(surface, note, pygame.Rect(x0, y, banner.w, theme.font(m.small).get_linesize()), m.small,
                             theme.INK_SOFT, anchor="midleft", min_size=m.small)
            y += theme.font(m.small).get_linesize()
        if self._hint_h:  # just over the buttons: the hovered one's hint, or how they differ
            text, line_h = self.hint_line(), theme.font(m.small).get_linesize()
            room = self._hint_h - m.pad
            high = min(room, len(theme.wrap(text, m.small, banner.w)) * line_h)
            bottom = min(b.rect.top for b in self.row.buttons) - m.pad // 2
            draw.paragraph(surface, text, pygame.Rect(x0, bottom - high, banner.w, high), m.small, theme.INK_SOFT,
                           min_size=m.tiny)
        self.row.draw(surface, m.body)
        if self.turn_button is not None:
            self.turn_button.draw(surface, m.small, min_size=m.small)

    def _draw_chip_and_name(self, surface: pygame.Surface, row: ResultRow, x0: int, y: int, name_w: int) -> pygame.Rect:
        """A seat's chip and name on the line at ``y`` (bold for a winner); the name's rect."""
        m = self.metrics
        size = self._plan.size  # type: ignore[union-attr]
        line_h = theme.font(size).get_linesize()
        chip = int(size * 0.55)
        draw.piece(surface, (x0 + chip + 2, y + m.pad // 2 + line_h // 2), chip, row.rgb, row.symbol)
        name_rect = pygame.Rect(x0 + 2 * chip + size // 2, y + m.pad // 2, name_w - 2 * chip - size, line_h)
        draw.fitted_text(surface, row.name, name_rect, size, theme.INK_SOFT if row.out else theme.INK, bold=row.winner,
                         anchor="midleft", min_size=m.small)
        return name_rect

    def _draw_grid(self, surface: pygame.Surface, plan: ResultLayout, x0: int, y: int) -> int:
        """The grid: the heading row, then a row per seat; returns the y under it."""
        m = self.metrics
        t = self.table
        size, widths = plan.size, plan.widths
        line_h = theme.font(size).get_linesize()
        x = x0 + widths[0]
        for k, lines in enumerate(plan.heads):
            column = pygame.Rect(x, y, widths[k + 1], plan.head_h)  # a heading stays over its column
            for i, line in enumerate(lines):
                draw.text(surface, line, (x + size // 4, y + i * line_h), size, theme.INK_SOFT, bold=True, box=column)
            x += widths[k + 1]
        y += plan.head_h
        pygame.draw.line(surface, theme.PANEL_EDGE, (x0, y), (x0 + sum(widths), y), 2)
        for row, row_cells, rh in zip(t.rows, plan.cells, plan.heights, strict=True):
            box = pygame.Rect(x0, y + 1, sum(widths), rh)
            if row.winner:
                pygame.draw.rect(surface, (255, 244, 214), box)
            ink = theme.INK_SOFT if row.out else theme.INK
            name_rect = self._draw_chip_and_name(surface, row, x0, y, widths[0])
            if row.role and rh >= 2 * line_h:
                draw.fitted_text(surface, row.role, name_rect.move(0, line_h), m.small, theme.INK_SOFT, anchor="midleft",
                                 min_size=m.small)
            x = x0 + widths[0]
            for k, lines in enumerate(row_cells):
                column = pygame.Rect(x, y, widths[k + 1], rh)  # a cell stays in its column
                for i, line in enumerate(lines):
                    draw.text(surface, line, (x + size // 4, y + m.pad // 2 + i * line_h), size, ink, box=column)
                x += widths[k + 1]
            y += rh
            pygame.draw.line(surface, theme.PANEL_EDGE, (x0, y), (x0 + sum(widths), y), 1)
        return y

    def _draw_stacked(self, surface: pygame.Surface, plan: ResultLayout, x0: int, y: int, width: int) -> int:
        """The stacked table: per seat his name and role, then his cells beside their headings;
        returns the y under it."""
        m = self.metrics
        t = self.table
        size = plan.size
        indent, label_w, value_w = plan.widths
        line_h = theme.font(size).get_linesize()
        pygame.draw.line(surface, theme.PANEL_EDGE, (x0, y), (x0 + width, y), 2)
        for row, row_cells, rh in zip(t.rows, plan.cells, plan.heights, strict=True):
            if row.winner:
                pygame.draw.rect(surface, (255, 244, 214), pygame.Rect(x0, y + 1, width, rh))
            ink = theme.INK_SOFT if row.out else theme.INK
            name_w = theme.font(size, row.winner).size(row.name)[0]
            name_rect = self._draw_chip_and_name(surface, row, x0, y, min(width, indent + name_w + size))
            if row.role:
                role = pygame.Rect(name_rect.right + size, name_rect.y, x0 + width - name_rect.right - size, line_h)
                draw.fitted_text(surface, row.role, role, m.small, theme.INK_SOFT, anchor="midleft", min_size=m.small)
            ly = y + m.pad // 2 + line_h
            for k, lines in enumerate(row_cells):
                if not lines:
                    continue
                tall = max(len(lines), len(plan.heads[k])) * line_h
                label = pygame.Rect(x0 + indent, ly, label_w, tall)  # each in its column
                value = pygame.Rect(label.right, ly, value_w, tall)
                for i, line in enumerate(plan.heads[k]):
                    draw.text(surface, line, (label.x, ly + i * line_h), size, theme.INK_SOFT, box=label)
                for i, line in enumerate(lines):
                    draw.text(surface, line, (value.x, ly + i * line_h), size, ink, box=value)
                ly += tall
            y += rh
            pygame.draw.line(surface, theme.PANEL_EDGE, (x0, y), (x0 + width, y), 1)
        return y


def default_table(scene, outcome) -> ResultTable:
    """Any game: the winners and every seat's points (games give richer tables)."""
    names = [scene.seat_name(s) for s in outcome.winners]
    if len(names) > 1:
        banner = tr("{names} win.", names=and_list(names))
    else:
        banner = tr("{name} wins.", name=names[0]) if names else tr("A tie.")
    rows = []
    for seat in range(scene.state.num_players):
        st = scene.seat_style(seat)
        points = outcome.points[seat] if seat < len(outcome.points) else 0
        rows.append(ResultRow(seat, scene.seat_name(seat), st.rgb, st.symbol, (f"{points:g}",),
                              winner=seat in outcome.winners, role=scene.seat_role(seat)))
    return ResultTable(banner, outcome.detail, (tr("Points"),), tuple(rows))

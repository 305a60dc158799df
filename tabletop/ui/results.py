"""The end-of-game card for everyone at the table: a winner banner, then one row per seat with
that seat's breakdown (each game says which columns: coins by source, prisoners, hens and cards,
game points), then Look at the board / Play again / New game / Menu (and a game's own buttons, such
as Plakoto's Review, after the first).

A game builds a :class:`ResultTable` from its final state (``GameScene.result_table``); the
card draws it, and :func:`table_text` gives the same content as plain lines (the card's body, for
tests, logs and screen readers). The card keeps the frame's ending rules: keys count only after a
second, its default button only closes it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pygame

from tabletop.i18n import tr
from tabletop.ui import draw, theme
from tabletop.ui.scene import MessageOverlay
from tabletop.ui.widgets import row_buttons

if TYPE_CHECKING:
    from tabletop.app import App


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
    actions: tuple[tuple[str, Callable[[], None]], ...] = ()
    """The game's own buttons on the card (Plakoto's Review), after the first (its default)."""


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


class ResultOverlay(MessageOverlay):
    """The result card: banner, table, notes, buttons (see the module docstring)."""

    def __init__(self, app: App, title: str, table: ResultTable, buttons: list[tuple[str, object]],
                 keys_after: float = 0.0) -> None:
        buttons = [*buttons[:1], *table.actions, *buttons[1:]]  # the default stays first: it only closes the card
        super().__init__(app, title, table_text(table), buttons, wide=True, default=0, cancel=0, keys_after=keys_after)
        self.table = table
        self._plan: tuple[int, list[int], list[list[list[str]]], list[int]] | None = None

    # -- layout ----------------------------------------------------------------------------------
    def _cells(self, size: int, widths: list[int]) -> list[list[list[str]]]:
        return [[wrap_parts(cell, size, widths[k + 1] - size // 2) if cell else [""]
                 for k, cell in enumerate(row.cells)] for row in self.table.rows]

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

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        frame = self.frame()  # at a table: the screen as the seat it faces sees it
        w, h = frame.size if frame is not None else size
        m = self.metrics
        self.card = pygame.Rect(0, 0, int(w * 0.86), 0)
        inner_w = self.card.w - 4 * m.pad
        for text_size in (m.body, max(m.small, (m.body + m.small) // 2), m.small):
            widths = self._widths(text_size, inner_w)
            cells = self._cells(text_size, widths)
            line_h = theme.font(text_size).get_linesize()
            heights = [max(len(c) for c in row) * line_h + m.pad if row else line_h + m.pad for row in cells]
            head_h = max([len(theme.wrap(hd, text_size, widths[k + 1] - text_size // 2, bold=True))
                          for k, hd in enumerate(self.table.columns)] + [1]) * line_h + m.pad // 2
            notes_h = len(self.table.notes) * theme.font(m.small).get_linesize()
            detail_h = theme.font(m.body).get_linesize() + m.pad if self.table.detail else 0
            # as ``draw`` stacks them: title, banner, detail, heading, rows, notes, then the buttons
            need = (m.large * 2 + m.pad + int(m.large * 1.8) + m.pad + detail_h + head_h + sum(heights) + m.pad
                    + notes_h + 3 * m.pad + m.button_h + 2 * m.pad)
            if need <= h * 0.94 or text_size == m.small:
                break
        self._plan = (text_size, widths, cells, heights)
        self.card.h = min(int(h * 0.96), need)
        self.card.center = (w // 2, h // 2)
        bar = pygame.Rect(self.card.x + 2 * m.pad, self.card.bottom - m.button_h - 2 * m.pad,
                          self.card.w - 4 * m.pad, m.button_h)
        row_buttons(self.row.buttons, bar, 2 * m.pad)
        if self.turn_button is not None:  # at a table: hand the card on round the edges
            tw = max(int(m.button_h * 1.6), theme.font(m.small).size(self.turn_button.label)[0] + 2 * m.pad)
            self.turn_button.rect = pygame.Rect(self.card.right - tw - m.pad, self.card.y + m.pad, tw,
                                                int(m.button_h * 0.8))

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
        draw.dialog(surface, self.card, self.title, m.large, m.pad, veil=veil)
        text_size, widths, cells, heights = self._plan  # type: ignore[misc]
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
        line_h = theme.font(text_size).get_linesize()
        # the heading row
        head_lines = [theme.wrap(hd, text_size, widths[k + 1] - text_size // 2, bold=True) for k, hd in enumerate(t.columns)]
        head_h = max([len(lines) for lines in head_lines] + [1]) * line_h
        x = x0 + widths[0]
        for k, lines in enumerate(head_lines):
            for i, line in enumerate(lines):
                draw.text(surface, line, (x + text_size // 4, y + i * line_h), text_size, theme.INK_SOFT, bold=True)
            x += widths[k + 1]
        y += head_h + m.pad // 2
        pygame.draw.line(surface, theme.PANEL_EDGE, (x0, y), (x0 + sum(widths), y), 2)
        for row, row_cells, rh in zip(t.rows, cells, heights, strict=True):
            box = pygame.Rect(x0, y + 1, sum(widths), rh)
            if row.winner:
                pygame.draw.rect(surface, (255, 244, 214), box)
            ink = theme.INK_SOFT if row.out else theme.INK
            chip = int(text_size * 0.55)
            draw.piece(surface, (x0 + chip + 2, y + m.pad // 2 + line_h // 2), chip, row.rgb, row.symbol)
            name_rect = pygame.Rect(x0 + 2 * chip + text_size // 2, y + m.pad // 2, widths[0] - 2 * chip - text_size, line_h)
            draw.fitted_text(surface, row.name, name_rect, text_size, ink, bold=row.winner, anchor="midleft",
                             min_size=m.small)
            if row.role and rh >= 2 * line_h:
                draw.fitted_text(surface, row.role, name_rect.move(0, line_h), m.small, theme.INK_SOFT, anchor="midleft",
                                 min_size=m.small)
            x = x0 + widths[0]
            for k, lines in enumerate(row_cells):
                for i, line in enumerate(lines):
                    draw.text(surface, line, (x + text_size // 4, y + m.pad // 2 + i * line_h), text_size, ink)
                x += widths[k + 1]
            y += rh
            pygame.draw.line(surface, theme.PANEL_EDGE, (x0, y), (x0 + sum(widths), y), 1)
        y += m.pad
        for note in t.notes:
            draw.fitted_text(surface, note, pygame.Rect(x0, y, banner.w, theme.font(m.small).get_linesize()), m.small,
                             theme.INK_SOFT, anchor="midleft", min_size=m.small)
            y += theme.font(m.small).get_linesize()
        self.row.draw(surface, m.body)
        if self.turn_button is not None:
            self.turn_button.draw(surface, m.small, min_size=m.small)


def default_table(scene, outcome) -> ResultTable:
    """Any game: the winners and every seat's points (games give richer tables)."""
    names = [scene.seat_name(s) for s in outcome.winners]
    if len(names) > 1:
        banner = tr("{names} win.", names=tr(" and ").join(names))
    else:
        banner = tr("{name} wins.", name=names[0]) if names else tr("A tie.")
    rows = []
    for seat in range(scene.state.num_players):
        st = scene.seat_style(seat)
        points = outcome.points[seat] if seat < len(outcome.points) else 0
        rows.append(ResultRow(seat, scene.seat_name(seat), st.rgb, st.symbol, (f"{points:g}",),
                              winner=seat in outcome.winners, role=scene.seat_role(seat)))
    return ResultTable(banner, outcome.detail, (tr("Points"),), tuple(rows))

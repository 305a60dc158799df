"""The words beside turns drawn as arrows: a turn as the board numbers its points, and the small
legend table that pairs each arrow's look with its turn and chances:

    key   Move          Win   Double   Points
    (1)   13/7 10/5     62%   12%      +0.35

In a match the last column is the chance to win the match instead ("Match 54%"): that is what the
turns are ranked by there, and a column of game points would then look out of order.

Shared by the hint and the game review, so both say the same thing the same way. A table (not a
sentence per turn) because it stays readable in a narrow side panel or a table seat's strip: the
numbers line up, and only the turn's column wraps (a double's four steps) when it must.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from tabletop.games.plakoto.rules import Step, steps_text
from tabletop.games.plakoto.scene_arrows import ShownTurn, swatch
from tabletop.i18n import language, tr
from tabletop.ui import draw, theme


@dataclass(frozen=True)
class LegendRow:
    """One arrow's key: its look, the turn in words, and its chances for the mover."""

    shown: ShownTurn
    turn: str
    win: float
    double_win: float
    equity: float
    match: float | None = None  # the chance to win the match, in a match


@dataclass(frozen=True)
class Plan:
    """How the legend is set at one size: column widths, each row's turn lines, the height.
    ``tall``: the numbers go on a line of their own under each turn (a narrow strip)."""

    size: int
    head: int
    widths: tuple[int, ...]     # key, turn, win, double, points
    lines: tuple[tuple[str, ...], ...]
    heading: tuple[str, ...]
    height: int
    tall: bool = False


def decimal(x: float, sign: bool = True) -> str:
    """A number of points with two decimals, "+0.35", "−0.12" (a minus sign, as wide as the plus:
    a hyphen is narrower and shorter), a comma in Russian: "+0,35"."""
    text = (f"{x:+.2f}" if sign else f"{x:.2f}").replace("-", "−")
    return text.replace(".", ",") if language() == "ru" else text


def percent(p: float) -> str:
    return f"{round(100 * max(0.0, min(1.0, p)))}%"


def turn_text(steps: Sequence[Step], label: Callable[[int], str]) -> str:
    """ "13/7 10/5", "24/18(4)": each step's points as ``label`` numbers them (a mover's point →
    the number the board prints), written as the log writes a turn (``rules.steps_text``)."""
    return steps_text(steps, label)


def columns(rows: Sequence[LegendRow] = ()) -> tuple[str, str, str, str]:
    """The columns' names; the last is "Match" when the rows carry match chances."""
    last = tr("Match") if any(r.match is not None for r in rows) else tr("Points")
    return (tr("Move"), tr("Win"), tr("Double"), last)


def _cells(row: LegendRow) -> tuple[str, str, str]:
    last = percent(row.match) if row.match is not None else decimal(row.equity)
    return (percent(row.win), percent(row.double_win), last)


def plan(heading: str, rows: Sequence[LegendRow], width: int, m: theme.Metrics, size: int) -> Plan | None:
    """The legend at ``size`` in ``width`` pixels: a row per turn when the turn's column keeps
    room for its longest step, else (``tall``) the numbers under each turn; None when neither fits."""
    head = max(m.tiny, min(m.small, size))
    pad = m.pad
    f, fh = theme.font(size), theme.font(head, True)
    heads = columns(rows)
    nums = [max([fh.size(heads[k + 1])[0]] + [f.size(_cells(r)[k])[0] for r in rows]) + pad for k in range(3)]
    key_w = int(size * 2.6)
    words = max([fh.size(heads[0])[0]] + [f.size(w)[0] for r in rows for w in r.turn.split()])
    tall = width - key_w - sum(nums) - pad < words
    turn_w = width - key_w - (0 if tall else sum(nums) + pad)
    if turn_w < words or (tall and sum(nums) > width):  # a tall row's numbers take the whole width
        return None
    lines = tuple(tuple(theme.wrap(r.turn, size, turn_w)) for r in rows)
    heading_lines = tuple(theme.wrap(heading, head, width, True)) if heading else ()
    line, head_line = f.get_linesize(), fh.get_linesize()
    height = len(heading_lines) * head_line + 2 * pad
    if rows:
        height += (pad // 2 if heading_lines else 0) + head_line + sum((max(1, len(ls)) + tall) * line for ls in lines) + len(rows) * (pad // 2)
    return Plan(size, head, (key_w, turn_w, *nums), lines, heading_lines, height, tall)


def legend_height(heading: str, rows: Sequence[LegendRow], width: int, m: theme.Metrics) -> int:
    """The height the legend wants in ``width`` pixels at the body size (smaller if it must)."""
    for size in range(m.body, m.tiny - 1, -1):
        p = plan(heading, rows, width - 2 * m.pad, m, size)
        if p is not None:
            return p.height
    return 0


def paint_legend(surface: pygame.Surface, rect: pygame.Rect, heading: str, rows: Sequence[LegendRow],
                 m: theme.Metrics) -> None:
    """A card with the heading, then the table of the rows. Set smaller (down to the smallest
    readable size) when the room is short; rows that still find no room are left out, last first
    (the best turn always shows)."""
    if rect.w <= 0 or rect.h <= 0:
        return
    inner = rect.inflate(-2 * m.pad, 0)
    chosen = None
    for size in range(m.body, m.tiny - 1, -1):
        p = plan(heading, rows, inner.w, m, size)
        if p is not None:
            chosen = p
            if p.height <= rect.h:
                break
    pygame.draw.rect(surface, (252, 248, 238), rect, border_radius=max(4, m.pad))
    pygame.draw.rect(surface, theme.PANEL_EDGE, rect, width=1, border_radius=max(4, m.pad))
    if chosen is None:
        return
    p = chosen
    fh = theme.font(p.head, True)
    line, head_line = theme.font(p.size).get_linesize(), fh.get_linesize()
    y = rect.y + m.pad
    for text in p.heading:
        draw.text(surface, text, (inner.x, y), p.head, theme.INK_SOFT, bold=True, box=inner)
        y += head_line
    if not rows or y + head_line > rect.bottom:
        return
    if p.heading:  # a little air between the heading and the columns' names
        y += m.pad // 2
    key_w, turn_w, *nums = p.widths
    text_x = inner.x + key_w
    num_right = []  # where each number column ends (right-aligned)
    right = inner.right
    for w in reversed(nums):
        num_right.insert(0, right)
        right -= w
    names = columns(rows)
    if not p.tall:
        _heading(surface, names[0], (text_x, y), p.head, "topleft")
    for k in range(3):  # the numbers' headings stand right, over their numbers
        _heading(surface, names[k + 1], (num_right[k] - m.pad // 2, y), p.head, "topright")
    y += head_line
    for row, lines in zip(rows, p.lines, strict=True):
        h = (max(1, len(lines)) + p.tall) * line
        if y + h > rect.bottom - m.pad // 2 and row is not rows[0]:
            break
        swatch(surface, pygame.Rect(inner.x, y, key_w - m.pad // 2, line), row.shown, max(m.tiny, p.size - 2))
        for i, text in enumerate(lines):
            draw.text(surface, text, (text_x, y + i * line), p.size, theme.INK)
        number_y = y + len(lines) * line if p.tall else y
        for k, cell in enumerate(_cells(row)):
            draw.text(surface, cell, (num_right[k] - m.pad // 2, number_y), p.size, theme.INK, anchor="topright")
        y += h + m.pad // 2


def _heading(surface: pygame.Surface, name: str, pos: tuple[int, int], size: int, anchor: str) -> None:
    """A column's name, set on the row's baseline: a name with ink above the line ("Win", "Победа"
    in bold at a small size) is rendered taller, and set by its top it stood a pixel under the
    others."""
    f = theme.font(size, True)
    x, y = pos
    draw.text(surface, name, (x, y + f.get_ascent() - f.baseline(name)), size, theme.INK_SOFT, bold=True,
              anchor=anchor)

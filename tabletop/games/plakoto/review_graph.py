"""The game review's graph: one player's chance to win the game after each reviewed turn, over the
game (or the match, game by game).

Why one line with two axes: the chances of the two players add up to one, so the left axis reads
the one player's chance (0 at the bottom, 100% at the top) and the right axis the other's (upside
down): each player reads his own view without a second line. Each turn is a dot in the mover's
checker colour (a big error ringed red), a game of a match starts at a labelled line, and the
selected turn is marked.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from tabletop.games.plakoto.review_turns import Entry
from tabletop.i18n import tr
from tabletop.ui import draw, theme

GRID = (232, 224, 208)
BAND = (246, 240, 228)
"""The band at the top of a match's plot where the games' names stand."""
BIG_ERROR = 0.1
"""Expected points lost from which a turn counts as a big error (ringed red, its loss in red)."""


@dataclass(frozen=True)
class GraphPoint:
    chance: float   # the main seat's chance to win the game after this turn
    seat: int       # who moved
    game: int
    number: int     # the turn's number in its game
    big: bool


def graph_points(entries: Sequence[Entry], main: int) -> list[GraphPoint]:
    """The entries (in the order played) as points for the ``main`` seat's view."""
    out = []
    for e in entries:
        r = e.review
        mine = r.win if r.seat == main else 1.0 - r.win
        out.append(GraphPoint(mine, r.seat, r.game, e.number, r.loss >= BIG_ERROR))
    return out


@dataclass(frozen=True)
class GraphPlan:
    """Where the plot went (clicks are mapped with it)."""

    plot: pygame.Rect
    xs: tuple[int, ...]


def plan_graph(rect: pygame.Rect, count: int, m: theme.Metrics) -> GraphPlan:
    small = m.small
    f = theme.font(small)
    line = f.get_linesize()
    left = f.size("100%")[0] + m.pad
    plot = pygame.Rect(rect.x + m.pad + left, rect.y + m.pad + line + m.pad // 2,
                       rect.w - 2 * m.pad - 2 * left, rect.h - 2 * m.pad - 3 * line - m.pad)
    inset = ring_radius(small) + 2  # the selected turn's ring stays inside the plot, clear of the axes' numbers
    if count <= 1:
        xs: tuple[int, ...] = (plot.centerx,) * count
    else:
        span = plot.w - 2 * inset
        xs = tuple(plot.x + inset + round(span * i / (count - 1)) for i in range(count))
    return GraphPlan(plot, xs)


def dot_radius(small: int, width: int, count: int) -> int:
    """A turn's dot: smaller when many turns share the plot's ``width``."""
    return max(3, min(small // 3, width // max(1, 3 * count)))


def ring_radius(small: int) -> int:
    """The largest ring drawn round a dot (the selected turn's)."""
    return 2 * max(3, small // 3) + 3


def nearest(plan: GraphPlan, pos: tuple[int, int]) -> int | None:
    """The point nearest ``pos`` across (a click in the plot or just under it), or None."""
    if not plan.xs or not plan.plot.inflate(plan.plot.w // 20, plan.plot.h // 3).collidepoint(pos):
        return None
    return min(range(len(plan.xs)), key=lambda i: abs(plan.xs[i] - pos[0]))


def _y(plot: pygame.Rect, chance: float) -> int:
    return round(plot.bottom - chance * plot.h)


def paint_graph(surface: pygame.Surface, rect: pygame.Rect, points: Sequence[GraphPoint], selected: int | None,
                names: tuple[str, str], layout, m: theme.Metrics, panel: bool = True,
                hover: int | None = None, hover_text: str = "") -> GraphPlan:
    """The graph in ``rect`` (a paper card, drawn here unless ``panel`` is False: the caller
    keeps it): ``names`` are the main seat's and the other's. ``hover``: the point under the
    pointer, ringed, with ``hover_text`` (what turn it is) in place of the axis' name."""
    if panel:
        draw.shadowed_panel(surface, rect)
    plan = plan_graph(rect, len(points), m)
    plot = plan.plot
    small = m.small
    line = theme.font(small).get_linesize()
    if plot.w < 4 * small or plot.h < 2 * line:
        return plan
    top = rect.y + m.pad
    half = plot.w // 2 - m.pad
    draw.fitted_text(surface, tr("{name} wins", name=names[0]), pygame.Rect(plot.x, top, half, line), small,
                     theme.INK, bold=True, anchor="midleft", min_size=m.tiny)
    draw.fitted_text(surface, tr("{name} wins", name=names[1]), pygame.Rect(plot.right - half, top, half, line),
                     small, theme.INK, bold=True, anchor="midright", min_size=m.tiny)
    pygame.draw.rect(surface, (255, 253, 247), plot)
    data = plot
    match = bool(points) and points[0].game != points[-1].game
    radius = dot_radius(small, plot.w, len(points))
    band = line + 2 * radius + 6  # the games' names, over the 100% line: clear of any dot and its ring
    if match and plot.h - band >= 2 * line:
        # "Game 2" lay inside the plot's top, under the dots of a game near 100%
        data = pygame.Rect(plot.x, plot.y + band, plot.w, plot.h - band)
        pygame.draw.rect(surface, BAND, (plot.x, plot.y, plot.w, band))
        pygame.draw.line(surface, GRID, (plot.x, data.y), (plot.right - 1, data.y))
    elif match:
        match = False  # a graph too low for a band: the games' lines alone
    for chance in (0.25, 0.75):
        pygame.draw.line(surface, GRID, (plot.x, _y(data, chance)), (plot.right - 1, _y(data, chance)))
    _dashed(surface, (plot.x, _y(data, 0.5)), plot.right - 1, theme.PANEL_EDGE)
    pygame.draw.rect(surface, theme.PANEL_EDGE, plot, width=1)
    for chance in (0.0, 0.5, 1.0):
        y = _y(data, chance)
        draw.text(surface, f"{round(100 * chance)}%", (plot.x - m.pad // 2, y), small, theme.INK_SOFT,
                  anchor="midright")
        draw.text(surface, f"{round(100 * (1 - chance))}%", (plot.right + m.pad // 2, y), small, theme.INK_SOFT,
                  anchor="midleft")
    label_y = plot.bottom + m.pad // 2
    lit = hover is not None and 0 <= hover < len(points) and bool(hover_text)
    draw.fitted_text(surface, hover_text if lit else tr("Turn of the game"),
                     pygame.Rect(plot.x, label_y + line, plot.w, line), small, theme.INK if lit else theme.INK_SOFT,
                     bold=lit, anchor="midtop", min_size=m.tiny)
    if not points:
        return plan
    xs = plan.xs
    # games of a match: a line and the game's name where each one starts (the first one's name
    # at the plot's left, once a second game follows)
    if match:
        draw.text(surface, tr("Game {n}", n=points[0].game + 1), (plot.x + m.pad // 2, plot.y + 2), small,
                  theme.ACCENT_DARK)
    for i, p in enumerate(points):
        if i and p.game != points[i - 1].game:
            x = (xs[i] + xs[i - 1]) // 2
            pygame.draw.line(surface, theme.ACCENT, (x, plot.y), (x, plot.bottom - 1), 2)
            if match:
                draw.text(surface, tr("Game {n}", n=p.game + 1), (x + m.pad // 2, plot.y + 2), small,
                          theme.ACCENT_DARK)
    _ticks(surface, points, xs, label_y, small, m)
    if selected is not None and 0 <= selected < len(points):
        # from under the games' band: it crossed out the first game's name
        pygame.draw.line(surface, theme.SELECT, (xs[selected], data.y), (xs[selected], plot.bottom - 1), 3)
    pts = [(xs[i], _y(data, p.chance)) for i, p in enumerate(points)]
    start = 0
    for i in range(1, len(pts) + 1):  # one line per game: a new game starts again from its own start
        if i == len(pts) or points[i].game != points[start].game:
            if i - start > 1:
                pygame.draw.lines(surface, theme.INK_SOFT, False, pts[start:i], max(2, small // 8))
            start = i
    styles = layout.checkers
    for i, (p, at) in enumerate(zip(points, pts, strict=True)):
        st = styles[p.seat]
        if p.big:
            pygame.draw.circle(surface, theme.BAD, at, radius + max(2, radius // 2))
        pygame.draw.circle(surface, st.edge, at, radius + 1)
        pygame.draw.circle(surface, st.fill, at, radius)
        if i == selected:
            pygame.draw.circle(surface, theme.SELECT, at, radius * 2 + 3, width=3)
        elif i == hover:
            pygame.draw.circle(surface, theme.ACCENT, at, radius * 2 + 2, width=2)
    return plan


def _ticks(surface: pygame.Surface, points: Sequence[GraphPoint], xs: Sequence[int], y: int, small: int,
           m: theme.Metrics) -> None:
    """The turn numbers under the plot (see :func:`tick_indices`)."""
    for i in tick_indices(points, xs, small, m.pad):
        draw.text(surface, str(points[i].number), (xs[i], y), small, theme.INK_SOFT, anchor="midtop")


def tick_indices(points: Sequence[GraphPoint], xs: Sequence[int], small: int, gap: int) -> list[int]:
    """The points whose turn number is written under the plot: each game's first, then every
    k-th one, k the least stride at which the widest number clears its neighbours by ``gap``, so
    the numbers step evenly (2 6 10 14…, not 2 4 6 8 12 16 as the narrower one-digit numbers
    fitted); where a game's first would touch the number before it, that one gives way."""
    if not points:
        return []
    f = theme.font(small)
    widths = [f.size(str(p.number))[0] for p in points]
    spacing = (xs[-1] - xs[0]) / (len(xs) - 1) if len(xs) > 1 else float("inf")
    stride = max(1, math.ceil((max(widths) + gap) / spacing)) if spacing else len(points)
    out: list[int] = []
    start = 0
    for i, p in enumerate(points):
        if i and p.game != points[i - 1].game:
            start = i
        if (i - start) % stride:
            continue
        if out and xs[i] - widths[i] // 2 <= xs[out[-1]] + widths[out[-1]] // 2 + gap:
            if i != start:
                continue
            out.pop()  # a game's first number wins over the one before it
        out.append(i)
    return out


def _dashed(surface: pygame.Surface, start: tuple[int, int], right: int, rgb) -> None:
    x, y = start
    while x < right:
        pygame.draw.line(surface, rgb, (x, y), (min(right, x + 6), y), 2)
        x += 11


"""Where a small card (a tooltip) goes beside the pointer: clear of what the player looks at next.

A card always put down and right of the pointer can lie over a lit field the player is about to
click. So a card is offered a fixed order of places around the pointer (the usual corner first,
then the other corners, then the sides), each kept inside the given bounds, and takes the first
that covers none of the shapes to keep clear (round by round a little farther out); when every
place covers some, the one that covers the least area. Pure geometry on ``pygame.Rect`` (nothing is drawn here).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

Point = tuple[float, float]
Shape = Sequence[Point]
Cut = Callable[[Point, Point], Point]

LAPTOP_ORDER: tuple[tuple[int, int], ...] = ((1, 1), (-1, 1), (1, -1), (-1, -1), (1, 0), (-1, 0), (0, 1), (0, -1))
"""Sides of the pointer, (x, y) signs with y down: down-right first (where a card is expected),
then the other corners, then beside, below and above."""
FACING_ORDER: tuple[tuple[int, int], ...] = ((1, -1), (-1, -1), (1, 1), (-1, 1), (1, 0), (-1, 0), (0, -1), (0, 1))
"""The same for a card facing a seat, in that seat's view: up-right first (beyond his finger)."""


def _clip(shape: Shape, inside: Callable[[Point], bool], cut: Cut) -> list[Point]:
    """One step of Sutherland–Hodgman: the part of ``shape`` on the inner side of one rect edge."""
    out: list[Point] = []
    for i, cur in enumerate(shape):
        prev = shape[i - 1]
        if inside(cur):
            if not inside(prev):
                out.append(cut(prev, cur))
            out.append(cur)
        elif inside(prev):
            out.append(cut(prev, cur))
    return out


def _at_x(x: float) -> Cut:
    return lambda a, b: (x, a[1] + (b[1] - a[1]) * (x - a[0]) / (b[0] - a[0]))


def _at_y(y: float) -> Cut:
    return lambda a, b: (a[0] + (b[0] - a[0]) * (y - a[1]) / (b[1] - a[1]), y)


def overlap_area(shape: Shape, rect: pygame.Rect) -> float:
    """The area of the part of the polygon ``shape`` that lies inside ``rect`` (exact for a
    convex shape, which the board's fields and pieces' boxes are)."""
    pts: list[Point] = list(shape)
    for inside, cut in ((lambda p: p[0] >= rect.left, _at_x(rect.left)),
                        (lambda p: p[0] <= rect.right, _at_x(rect.right)),
                        (lambda p: p[1] >= rect.top, _at_y(rect.top)),
                        (lambda p: p[1] <= rect.bottom, _at_y(rect.bottom))):
        if not pts:
            return 0.0
        pts = _clip(pts, inside, cut)
    n = len(pts)
    return abs(sum(pts[i][0] * pts[(i + 1) % n][1] - pts[(i + 1) % n][0] * pts[i][1] for i in range(n))) / 2


def covered(rect: pygame.Rect, keep: Sequence[Shape]) -> float:
    """How much of the shapes in ``keep`` the card ``rect`` would hide, in square pixels."""
    return sum(overlap_area(shape, rect) for shape in keep)


def box(rect: pygame.Rect) -> list[Point]:
    """A rectangle as a shape to keep clear (a hovered piece)."""
    return [rect.topleft, rect.topright, rect.bottomright, rect.bottomleft]


RINGS = (0.0, 0.5, 1.0, 1.5)
"""How much farther out each round of places lies, in the card's short side: the first round
hugs the pointer; when a tall tower or a lit field reaches past it, a later round clears it."""


def centres(at: Point, size: tuple[int, int], gap: float, order: Sequence[tuple[int, int]],
            angle: int = 0, around: tuple[float, float] = (0.0, 0.0)) -> list[Point]:
    """Candidate card centres around ``at`` for a card ``size`` (as its reader sees it) a ``gap``
    away from the point, in ``order`` as the reader sees it, turned by ``angle`` (0, 90, 180, 270:
    the card faces a seat at that edge) into screen directions; round by round farther out
    (``RINGS``), so the nearest clear place is found first. ``around``: the half width and half
    height of what the card tells about (a tile), centred on ``at``: the card keeps beside it."""
    w, h = size
    out = []
    for ring in RINGS:
        extra = ring * min(w, h)
        for sx, sy in order:
            dx = sx * (w / 2 + around[0] + gap + extra)
            dy = sy * (h / 2 + around[1] + gap + extra)
            vx, vy = {0: (dx, dy), 180: (-dx, -dy), 90: (dy, -dx), 270: (-dy, dx)}[angle % 360]
            out.append((at[0] + vx, at[1] + vy))
    return out


def place(size: tuple[int, int], spots: Sequence[Point], bounds: pygame.Rect, keep: Sequence[Shape],
          also: Sequence[Shape] = ()) -> pygame.Rect:
    """The card's rectangle (``size`` on screen) at the first of ``spots`` (its centres, kept
    inside ``bounds``) that hides nothing of ``keep`` (what the player clicks next: lit targets,
    pieces that can move) nor of ``also`` (the rest worth seeing: the other pieces), else at the
    one that hides the least of ``keep`` and, among those, of ``also``."""
    best: tuple[tuple[float, float], pygame.Rect] | None = None
    for cx, cy in spots:
        rect = pygame.Rect(0, 0, *size)
        rect.center = (int(round(cx)), int(round(cy)))
        rect.clamp_ip(bounds)
        cost = (covered(rect, keep), covered(rect, also))
        if cost <= (0, 0):
            return rect
        if best is None or cost < best[0]:
            best = (cost, rect)
    if best is None:
        return pygame.Rect(0, 0, *size).clamp(bounds)
    return best[1]

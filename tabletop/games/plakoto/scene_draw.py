"""Drawing for the Plakoto scene: the board geometry in pixels, the cached static board, checkers
(pinned ones peeking out beneath their pinner), the bear-off trays and the highlights.

Why a separate module: the scene keeps the adapter (mouse → legal step) readable, and everything
here is pure drawing from the layout (logical units) and the state, with no decisions about moves.
All pixel positions go through :class:`BoardGeom`, the one place that knows about the flipped view
(a mirror top↔bottom, so the player at the bottom always sees his own home at the bottom right and
the picture is the same for both colours).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import pygame

from tabletop.games.plakoto.layout import PlakotoLayout, PointGeom
from tabletop.ui import draw, theme
from tabletop.ui.widgets import Viewport

Colour = tuple[int, int, int]
PINNED_SHIFT = 0.8
"""How far (in checker radii) a pinner's stack is lifted off a pinned checker so it peeks out."""
PINNED_SIDE = 0.3
"""How far (in checker radii) the pinner's stack also stands aside, so the pinned checker shows at
two edges and reads as "one under the other" even in a small window."""
PIN_RED = (206, 52, 48)


def frame_rect(layout: PlakotoLayout) -> tuple[float, float, float, float]:
    """The wooden frame: everything on the board plus a margin as wide as the field's top band."""
    rects = [layout.field, layout.bar, *layout.trays]
    x0 = min(r[0] for r in rects)
    y0 = min(r[1] for r in rects)
    x1 = max(r[0] + r[2] for r in rects)
    y1 = max(r[1] + r[3] for r in rects)
    margin = max(layout.field[1], layout.radius * 0.6)
    bw, bh = layout.size
    return (max(0.0, x0 - margin), max(0.0, y0 - margin), min(bw, x1 + margin) - max(0.0, x0 - margin),
            min(bh, y1 + margin) - max(0.0, y0 - margin))


@dataclass
class BoardGeom:
    """Layout geometry mapped to pixels for one viewport and orientation."""

    layout: PlakotoLayout
    vp: Viewport
    flipped: bool

    @property
    def scale(self) -> float:
        return self.vp.scale

    def mirror(self, y: float) -> float:
        """Logical y seen from the other side (the mirror is its own inverse)."""
        if not self.flipped:
            return y
        _, fy, _, fh = frame_rect(self.layout)
        return 2 * fy + fh - y

    def px(self, x: float, y: float) -> tuple[int, int]:
        u, v = self.vp.to_px(x, self.mirror(y))
        return (round(u), round(v))

    def logical(self, px: float, py: float) -> tuple[float, float]:
        """Pixel → logical (un-mirrored), the inverse of :meth:`px`."""
        x, y = self.vp.to_logical(px, py)
        return (x, self.mirror(y))

    def rect(self, r: tuple[float, float, float, float]) -> pygame.Rect:
        x, y, w, h = r
        (ax, ay), (bx, by) = self.px(x, y), self.px(x + w, y + h)
        return pygame.Rect(min(ax, bx), min(ay, by), abs(bx - ax), abs(by - ay))

    def radius(self) -> int:
        return max(3, round(self.layout.radius * self.scale))

    # -- checkers on a point ---------------------------------------------------------------------
    def stack(self, geom: PointGeom, count: int, pinned: bool) -> tuple[tuple[float, float] | None,
                                                                         list[tuple[float, float]]]:
        """Logical centres: the pinned checker (or None) and the ``count`` checkers on top."""
        r, limit = self.layout.radius, self.layout.stack_limit
        sign = -1.0 if geom.direction == "up" else 1.0
        lift = PINNED_SHIFT * r if pinned else 0.0
        side = PINNED_SIDE * r if pinned else 0.0
        tops = []
        for i in range(count):
            x, y = geom.stack_position(i, r, limit)
            tops.append((x + side, y + sign * lift))
        low = geom.stack_position(0, r, limit) if pinned else None
        return low, tops

    def slot(self, geom: PointGeom, index: int, pinned: bool) -> tuple[float, float]:
        """Where the ``index``-th checker on top would stand (targets, animation ends)."""
        _, tops = self.stack(geom, index + 1, pinned)
        return tops[index]

    # -- trays -----------------------------------------------------------------------------------
    def tray_slab(self, seat: int, index: int) -> pygame.Rect:
        """Pixel rect of the ``index``-th borne-off checker (on its edge) in ``seat``'s tray,
        stacked from the tray's outer edge toward the middle of the board."""
        x, y, w, h = self.layout.trays[seat]
        pad = w * 0.1
        slab_h = (h - 2 * pad) / 15
        _, fy, _, fh = frame_rect(self.layout)
        outer_bottom = self.mirror(y + h / 2) > fy + fh / 2  # in the picture: is it the lower tray?
        rect = self.rect(self.layout.trays[seat])
        sh = slab_h * self.scale
        top = rect.bottom - pad * self.scale - (index + 1) * sh if outer_bottom else rect.y + pad * self.scale + index * sh
        return pygame.Rect(round(rect.x + pad * self.scale), round(top), round(rect.w - 2 * pad * self.scale),
                           max(2, round(sh) - 1))


# -- the static board (cached per window size and orientation) ----------------------------------------
def build_static(surface: pygame.Surface, g: BoardGeom, numbers_for: int, small: int,
                 bounds: pygame.Rect, numbers: bool = True) -> tuple[pygame.Surface, pygame.Rect]:
    """Draw the board (shadow, frame, field, bar, trays, triangles, point numbers) once.

    The table under it is copied from ``surface`` first, so the cache is opaque and blits fast.
    ``numbers_for`` is the seat whose numbering is printed (the player at the bottom); the shadow
    stays inside ``bounds`` (the board's area), so the cache never covers the side panel.
    """
    lay = g.layout
    frame = g.rect(frame_rect(lay))
    shadow = max(3, frame.h // 70)
    area = frame.inflate(shadow * 6, shadow * 6).clip(surface.get_rect()).clip(bounds.union(frame))
    cache = surface.subsurface(area).copy()
    off = (-area.x, -area.y)
    fr = frame.move(off)
    soft = pygame.Surface(area.size, pygame.SRCALPHA)
    for i in range(4):
        pygame.draw.rect(soft, (0, 0, 0, 22), fr.move(shadow // 2, shadow).inflate(shadow * (4 - i), shadow * (4 - i)),
                         border_radius=shadow * 3)
    cache.blit(soft, (0, 0))
    radius = max(4, round(lay.radius * 0.35 * g.scale))
    colours = lay.colours
    pygame.draw.rect(cache, colours["frame"], fr, border_radius=radius)
    pygame.draw.rect(cache, draw.shade(colours["frame"], 1.18), fr, width=max(1, shadow // 2), border_radius=radius)
    field = g.rect(lay.field).move(off)
    pygame.draw.rect(cache, draw.shade(colours["frame"], 0.7), field.inflate(4, 4))
    pygame.draw.rect(cache, colours["field"], field)
    bar = g.rect(lay.bar).move(off)
    pygame.draw.rect(cache, colours["bar"], bar)
    pygame.draw.line(cache, draw.shade(colours["bar"], 0.7), bar.topleft, bar.bottomleft, max(1, shadow // 2))
    pygame.draw.line(cache, draw.shade(colours["bar"], 0.7), bar.topright, bar.bottomright, max(1, shadow // 2))
    for tray in lay.trays:
        tr = g.rect(tray).move(off)
        pygame.draw.rect(cache, draw.shade(colours["tray"], 0.75), tr.inflate(4, 4), border_radius=radius)
        pygame.draw.rect(cache, colours["tray"], tr, border_radius=radius)
        pygame.draw.rect(cache, draw.shade(colours["tray"], 0.8), tr.move(0, 2).inflate(-4, -6),
                         width=max(1, shadow // 2), border_radius=radius)
    for geom in lay.points:
        pts = _triangle(g, geom)
        pts = [(x + off[0], y + off[1]) for x, y in pts]
        pygame.draw.polygon(cache, geom.colour, pts)
        pygame.draw.aalines(cache, draw.shade(geom.colour, 0.75), True, pts)
    if numbers:  # point numbers in the frame band, in the bottom player's numbering
        point_numbers(cache, g, numbers_for, small, off)
    return cache, area


def point_numbers(surface: pygame.Surface, g: BoardGeom, numbers_for: int, small: int,
                  off: tuple[int, int] = (0, 0), turned: bool = False, top_turned: bool = False) -> None:
    """Every point's number in the frame band, in ``numbers_for``'s numbering; ``turned``: each
    number turned 180°; ``top_turned``: those along the picture's top edge (at a table, each edge's
    numbers face the player sitting at that edge)."""
    lay = g.layout
    ink = draw.shade(lay.colours["field"], 1.0)
    middle = g.px(0, lay.field[1] + lay.field[3] / 2)[1]
    for geom in lay.points:
        n = geom.number if numbers_for == 0 else 25 - geom.number
        sign = 1.0 if geom.direction == "up" else -1.0  # outward from the base, into the frame
        band = lay.field[1] * 0.5
        x, y = g.px(geom.base[0], geom.base[1] + sign * band)
        img = _number(str(n), small, ink, turned or (top_turned and y < middle))
        surface.blit(img, img.get_rect(center=(x + off[0], y + off[1])))


def _number(text: str, size: int, ink: Colour, turned: bool) -> pygame.Surface:
    img = theme.render(text, size, ink, True)
    return pygame.transform.flip(img, True, True) if turned else img


def _triangle(g: BoardGeom, geom: PointGeom) -> list[tuple[int, int]]:
    bx, by = geom.base
    sign = -1.0 if geom.direction == "up" else 1.0
    half = geom.width / 2
    return [g.px(bx - half, by), g.px(bx + half, by), g.px(bx, by + sign * geom.length)]


def triangle_px(g: BoardGeom, geom: PointGeom) -> list[tuple[int, int]]:
    return _triangle(g, geom)


# -- checkers --------------------------------------------------------------------------------------
@lru_cache(maxsize=64)
def checker_image(radius: int, fill: Colour, edge: Colour, symbol: str) -> tuple[pygame.Surface, int]:
    """One checker with shadow, rim, highlight and its symbol; returns (image, centre offset)."""
    size = radius * 2 + radius // 2 + 6
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    c = size // 2
    mapped = {"ring": "circle", "none": ""}.get(symbol, symbol)  # the board file's names → draw's
    draw.piece(surf, (c, c), radius, fill, mapped, ring=edge)
    return surf, c


def blit_checker(surface: pygame.Surface, centre: tuple[float, float], radius: int, fill: Colour, edge: Colour,
                 symbol: str) -> None:
    img, c = checker_image(radius, fill, edge, symbol)
    surface.blit(img, (round(centre[0]) - c, round(centre[1]) - c))


def pin_ring(surface: pygame.Surface, centre: tuple[int, int], radius: int) -> None:
    """A red ring round a pinned checker (drawn before its pinner covers the middle of it)."""
    pygame.draw.circle(surface, theme.WHITE, centre, radius + 2, width=max(3, radius // 5) + 2)
    pygame.draw.circle(surface, PIN_RED, centre, radius + 1, width=max(3, radius // 5))


def pin_mark(surface: pygame.Surface, centre: tuple[int, int], radius: int, toward_base: tuple[int, int]) -> None:
    """A red pin stuck through the peeking edge of a pinned checker: 'this one cannot move'."""
    x = centre[0] - round(radius * 0.55)
    y = centre[1] + round(toward_base[1] * radius * 0.5)
    r = max(4, radius * 2 // 5)
    tip = (x + r * 0.9, y - toward_base[1] * r * 0.9)
    pygame.draw.line(surface, (60, 40, 30), (x, y), tip, max(2, r // 3))
    pygame.draw.circle(surface, (0, 0, 0), (x + 1, y + 2), r + 1)
    pygame.draw.circle(surface, PIN_RED, (x, y), r)
    pygame.draw.circle(surface, theme.WHITE, (x, y), r, width=max(1, r // 3))
    pygame.draw.circle(surface, (255, 190, 180), (x - r // 3, y - r // 3), max(1, r // 4))


def count_badge(surface: pygame.Surface, centre: tuple[float, float], n: int, size: int, fill: Colour) -> None:
    """The number of checkers on a stack taller than fits, written on its top checker."""
    ink = theme.text_colour_on(fill)
    img = theme.render(str(n), size, ink, True)
    back = pygame.Rect(0, 0, img.get_width() + size // 2, img.get_height())
    back.center = (round(centre[0]), round(centre[1]))
    pygame.draw.rect(surface, fill, back, border_radius=back.h // 2)
    surface.blit(img, img.get_rect(center=back.center))


def slab(surface: pygame.Surface, rect: pygame.Rect, fill: Colour, edge: Colour) -> None:
    """A borne-off checker seen on its edge in the tray."""
    pygame.draw.rect(surface, draw.shade(fill, 0.6), rect.move(0, max(1, rect.h // 5)), border_radius=rect.h // 2)
    pygame.draw.rect(surface, fill, rect, border_radius=rect.h // 2)
    pygame.draw.rect(surface, edge, rect, width=max(1, rect.h // 6), border_radius=rect.h // 2)


def target_glow(surface: pygame.Surface, g: BoardGeom, geom: PointGeom, strong: bool) -> None:
    """A legal target: the triangle washed in the highlight colour."""
    alpha = 150 if strong else 95
    draw.translucent_polygon(surface, triangle_px(g, geom), (*g.layout.colours["highlight"], alpha))


def tray_glow(surface: pygame.Surface, rect: pygame.Rect, rgb: Colour, strong: bool) -> None:
    layer = pygame.Surface(rect.size, pygame.SRCALPHA)
    layer.fill((*rgb, 120 if strong else 70))
    surface.blit(layer, rect.topleft)
    pygame.draw.rect(surface, rgb, rect, width=max(3, rect.w // 20), border_radius=max(4, rect.w // 10))

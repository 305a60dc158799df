"""Drawing for the Trap the Cap scene: the static board (rendered once per window size), caps and
towers, hideout contents, highlights and the hover tooltip.

Why a separate module: the scene class keeps the adapter (clicks → the core's legal moves) short
and readable, while everything about pixels lives here. The board is drawn supersampled into a
cached Surface because pygame's polygons have no anti-aliasing; per frame only pieces and
highlights are drawn on top.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from functools import lru_cache

import pygame

from tabletop.games.trap_the_cap.layout import Layout
from tabletop.games.trap_the_cap.scene_geom import Geometry, Point
from tabletop.ui import draw, placement, theme

SUPERSAMPLE = 2
TARGET = (255, 255, 255)
PATH = (40, 120, 230)
LIFT = 0.36  # how far each cap of a tower sits above the one below, in cap radii
Look = tuple[tuple[int, int, int], str]  # a cap's rgb and symbol


def greyed(rgb: tuple[int, int, int], tint: float = 0.15) -> tuple[int, int, int]:
    """A colour washed out to grey (a hideout nobody plays from), keeping a hint of its hue."""
    lum = 0.3 * rgb[0] + 0.59 * rgb[1] + 0.11 * rgb[2]
    grey = 110 + lum * 0.25
    return tuple(int(grey * (1 - tint) + c * tint) for c in rgb[:3])  # type: ignore[return-value]


def render_board(layout: Layout, geo: Geometry, size: tuple[int, int], to_px: Callable[[Point], Point],
                 scale: float, playing: set[str] | None = None) -> pygame.Surface:
    """The board without pieces, ``size`` pixels, drawn at SUPERSAMPLE× and smoothed down.

    ``to_px`` maps a layout point (y up) to a pixel of the returned surface. Hideouts of colours
    not in ``playing`` (2 or 3 players) are drawn grey: clearly out of the game."""
    k = SUPERSAMPLE
    big = pygame.Surface((size[0] * k, size[1] * k), pygame.SRCALPHA)

    def px(p: Point) -> tuple[float, float]:
        x, y = to_px(p)
        return (x * k, y * k)

    s = scale * k
    hw = layout.half_width
    pal = layout.palette
    board_rgb = pal.get("board", (47, 107, 58))
    edge_rgb = pal.get("edge", (29, 29, 29))
    grey_rgb = pal.get("grey", (142, 142, 142))
    yellow_rgb = pal.get("yellow", (243, 205, 43))
    # a soft shadow, then a rim, then the board face
    x0, y0 = px((-hw, hw))
    side = 2 * hw * s
    radius = int(0.06 * s)
    for i in range(6):
        off = int(0.012 * s) + i * max(1, int(0.004 * s))
        shadow = pygame.Surface((int(side) + 2 * off, int(side) + 2 * off), pygame.SRCALPHA)
        pygame.draw.rect(shadow, (0, 0, 0, 22), shadow.get_rect(), border_radius=radius + off)
        big.blit(shadow, (x0 - off + 0.018 * s, y0 - off + 0.03 * s))
    face = pygame.Rect(int(x0), int(y0), int(side), int(side))
    pygame.draw.rect(big, draw.shade(board_rgb, 0.55), face, border_radius=radius)
    rim = max(2, int(0.022 * s))
    pygame.draw.rect(big, board_rgb, face.inflate(-2 * rim, -2 * rim), border_radius=max(1, radius - rim))
    pygame.draw.rect(big, draw.shade(board_rgb, 1.18), face.inflate(-2 * rim, -2 * rim), width=max(1, rim // 3),
                     border_radius=max(1, radius - rim))
    line = max(1, int(0.006 * s))
    # fields: flat fills with a dark edge; grey resting places get a light inner border so they
    # differ from yellow by pattern as well as by colour (sunlight, colour-blind players)
    for fid, poly in geo.outlines.items():
        field = geo.fields[fid]
        pts = [px(p) for p in poly]
        if field.kind == "hideout":
            continue
        fill = grey_rgb if field.grey else yellow_rgb
        pygame.draw.polygon(big, fill, pts)
        if field.grey:
            cx = sum(p[0] for p in pts) / len(pts)
            cy = sum(p[1] for p in pts) / len(pts)
            inset = [(cx + (x - cx) * 0.72, cy + (y - cy) * 0.72) for x, y in pts]
            pygame.draw.polygon(big, draw.shade(grey_rgb, 1.45), inset, width=max(2, int(0.012 * s)))
        pygame.draw.polygon(big, edge_rgb, pts, width=line)
    for player in layout.players:
        field = geo.fields.get(player.hideout)
        if field is None:
            continue
        c = px(field.at)
        r = field.radius * s
        unused = playing is not None and player.colour not in playing
        fill = greyed(player.fill) if unused else player.fill
        if not unused:
            pygame.draw.circle(big, (0, 0, 0, 60), (c[0] + 0.012 * s, c[1] + 0.02 * s), r)
        pygame.draw.circle(big, draw.shade(fill, 0.62), c, r)
        pygame.draw.circle(big, fill, c, r * 0.9)
        pygame.draw.circle(big, draw.shade(fill, 1.25), c, r * 0.9, width=max(1, int(0.008 * s)))
        draw.draw_symbol(big, player.symbol, (int(c[0]), int(c[1])), int(r * 0.5),
                         draw.shade(fill, 0.88 if unused else 0.82))
        if unused:  # struck through as well as grey: "not in play" without relying on colour
            d = r * 0.62
            pygame.draw.line(big, draw.shade(fill, 0.7), (c[0] - d, c[1] + d), (c[0] + d, c[1] - d),
                             max(2, int(0.014 * s)))
    return pygame.transform.smoothscale(big, size)


GOLD_SYMBOL = "gold"  # a look with this symbol is the golden cap (its own drawing, not a player cap)


def _star(cx: float, cy: float, outer: float, inner: float) -> list[Point]:
    return [(cx + (outer if i % 2 == 0 else inner) * math.cos(-math.pi / 2 + i * math.pi / 5),
             cy + (outer if i % 2 == 0 else inner) * math.sin(-math.pi / 2 + i * math.pi / 5)) for i in range(10)]


@lru_cache(maxsize=64)
def _gold_disc(radius: int, rgb: tuple[int, int, int], top: bool) -> pygame.Surface:
    """The golden cap: a warm glow, a dark outline, a ridged metallic rim (bright and dark bands
    lit from the top left) and a big white star with a dark edge; a player's yellow cap has none
    of these. Drawn 2× and smoothed."""
    k = 2
    big_r = radius * k
    size = int(big_r * 2.9)
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    c = size / 2
    for i in range(6):  # the glow
        pygame.draw.circle(surf, (255, 226, 110, 26), (c, c), big_r * (1.38 - i * 0.05))
    pygame.draw.circle(surf, (0, 0, 0, 80), (c + big_r * 0.12, c + big_r * 0.18), big_r * 1.06)
    pygame.draw.circle(surf, (255, 250, 225), (c, c), big_r * 1.08)  # a bright edge outside the dark one
    pygame.draw.circle(surf, (58, 36, 4), (c, c), big_r)
    dark, light = draw.shade(rgb, 0.62), (255, 244, 180)
    pygame.draw.circle(surf, dark, (c, c), big_r * 0.93)
    # the rim's sheen: light on the upper left half, dark on the lower right
    steps = 48
    for i in range(steps):
        a0, a1 = 2 * math.pi * i / steps, 2 * math.pi * (i + 1) / steps
        mid = (a0 + a1) / 2
        f = 0.5 + 0.5 * math.cos(mid - math.radians(225))  # 1 toward the upper left (y down)
        col = tuple(int(dark[j] + (light[j] - dark[j]) * f) for j in range(3))
        pts = [(c, c)] + [(c + big_r * 0.93 * math.cos(a0 + (a1 - a0) * t / 3),
                            c + big_r * 0.93 * math.sin(a0 + (a1 - a0) * t / 3)) for t in range(4)]
        pygame.draw.polygon(surf, col, pts)
    pygame.draw.circle(surf, (90, 60, 8), (c, c), big_r * 0.74)
    pygame.draw.circle(surf, rgb, (c, c), big_r * 0.7)
    pygame.draw.circle(surf, draw.shade(rgb, 1.3), (c - big_r * 0.18, c - big_r * 0.2), big_r * 0.34)
    if top:
        star = _star(c, c + big_r * 0.04, big_r * 0.66, big_r * 0.28)
        pygame.draw.polygon(surf, (255, 255, 255), star)
        pygame.draw.polygon(surf, (70, 44, 4), star, width=max(2, big_r // 11))
    return pygame.transform.smoothscale(surf, (size // k, size // k))


OUTLINE = (24, 20, 16)
HALO = (250, 246, 232)
"""The ring round every player's cap, dark inside and light outside: a yellow cap on a yellow
field showed only its symbol (its own rim is a darker yellow). The dark part reads on the yellow
and grey fields and in its own hideout, the light edge on the dimmed fields."""


def outline_width(r: float) -> int:
    return max(2, round(r * 0.13))


def cap(surface: pygame.Surface, at: Point, r: float, look: Look, top: bool = True,
        ring: tuple[int, int, int] | None = None) -> None:
    """One cap: a player's (``draw.piece`` in a dark ring) or the golden cap (its own dark and
    bright edges), a little larger than the others."""
    if look[1] != GOLD_SYMBOL:
        centre, radius = (int(at[0]), int(at[1])), max(3, int(r)) + outline_width(r)
        pygame.draw.circle(surface, HALO, centre, radius + max(1, round(r * 0.06)))
        pygame.draw.circle(surface, OUTLINE, centre, radius)
        draw.piece(surface, at, r, look[0], look[1] if top else "", ring=ring)
        return
    img = _gold_disc(max(3, int(r * 1.1)), tuple(look[0][:3]), top)
    surface.blit(img, img.get_rect(center=(int(at[0]), int(at[1]))))
    if ring is not None:
        pygame.draw.circle(surface, ring, at, r * 1.1, width=max(2, int(r / 6)))


def stack(surface: pygame.Surface, at: Point, r: float, looks: list[Look], badge_size: int,
          ring: tuple[int, int, int] | None = None) -> Point:
    """A cap or a tower (``looks`` bottom to top): lower caps peek out below the top one, and a
    tower carries a number badge with its height. Returns the pixel centre of the top cap."""
    n = len(looks)
    layers = min(n, 5)
    dy = r * LIFT
    x, y = at
    for i, (rgb, symbol) in enumerate(looks[n - layers:]):
        top = i == layers - 1
        cy = y - i * dy
        cap(surface, (x, cy), r, (rgb, symbol), top, ring=ring if top else None)
    top_y = y - (layers - 1) * dy
    if n > 1:
        text = str(n)
        img = theme.render(text, badge_size, theme.INK, True)
        br = max(img.get_height() * 0.58, img.get_width() * 0.62, r * 0.62)
        bx, by = x + r * 0.78, top_y - r * 0.72
        pygame.draw.circle(surface, (0, 0, 0), (bx + 1, by + 2), br)
        pygame.draw.circle(surface, (255, 251, 240), (bx, by), br)
        pygame.draw.circle(surface, theme.INK, (bx, by), br, width=max(1, int(br / 7)))
        surface.blit(img, img.get_rect(center=(int(bx), int(by) + 1)))
    return (x, top_y)


def _padlock(surface: pygame.Surface, centre: Point, size: float, rgb: tuple[int, int, int]) -> None:
    """A small padlock (body and shackle): the tray's "locked up" sign."""
    x, y = centre
    w = max(6.0, size)
    body = pygame.Rect(0, 0, int(w), int(w * 0.72))
    body.midtop = (int(x), int(y - w * 0.12))
    arc = pygame.Rect(0, 0, int(w * 0.66), int(w * 0.8))
    arc.midbottom = (int(x), body.top + int(w * 0.3))
    pygame.draw.ellipse(surface, rgb, arc, width=max(2, int(w / 6)))
    pygame.draw.rect(surface, rgb, body, border_radius=max(1, int(w / 8)))
    pygame.draw.circle(surface, (40, 30, 22), (body.centerx, body.centery - 1), max(1, int(w / 9)))


def tray(surface: pygame.Surface, rect: pygame.Rect, hideout_px: Point, owner_rgb: tuple[int, int, int],
         counts: list[tuple[Look, int]], label: str, label_turn: int = 0, min_size: int = 9) -> None:
    """A player's prison tray: a dark rounded tray framed in the player's colour, a padlock at the
    end by the hideout, then one small cap per locked-up colour with its count (never smaller than
    ``min_size``, the smallest readable text: it was a third of the tray's height, 8 px tall in a
    laptop's window); the word ``label`` in the room left over, at least as large, turned
    ``label_turn`` degrees to face its owner at a table (left off when that would stand it across
    the tray, or when there is no room: the padlock says it too; the padlock and caps then sit in
    the tray's middle, not at one end beside an empty half). Smaller than the caps in play
    and boxed: not pieces in play."""
    if rect.w < 8 or rect.h < 8:
        return
    horizontal = rect.w >= rect.h
    short = rect.h if horizontal else rect.w
    radius = short // 2
    shadow = rect.move(max(1, short // 14), max(1, short // 10))
    pygame.draw.rect(surface, (0, 0, 0), shadow, border_radius=radius)
    pygame.draw.rect(surface, owner_rgb, rect, border_radius=radius)
    frame = max(2, short // 9)
    inner = rect.inflate(-2 * frame, -2 * frame)
    pygame.draw.rect(surface, (46, 36, 28), inner, border_radius=max(1, radius - frame))
    pygame.draw.rect(surface, (88, 72, 58), inner, width=max(1, frame // 2), border_radius=max(1, radius - frame))
    # lay the contents out from the hideout's end toward the other end
    near_first = (hideout_px[0] > rect.centerx) if horizontal else (hideout_px[1] > rect.centery)
    length = inner.w if horizontal else inner.h
    step_dir = -1 if near_first else 1
    pos = (length - radius * 0.55) if near_first else radius * 0.55

    shift = 0.0  # moves the contents to the tray's middle when the label is left off

    def at(offset: float) -> Point:
        offset += shift
        return ((inner.x + offset, inner.centery) if horizontal else (inner.centerx, inner.y + offset))

    lock = short * 0.36
    first = pos
    lock_at = pos + step_dir * lock * 0.5
    pos += step_dir * lock * 1.45
    # the counts and caps as large as the tray's height allows, smaller (the counts never below
    # ``min_size``) when many colours share its length
    room = length - radius * 1.1 - lock * 1.45
    cr = short * 0.3
    size = max(min_size, int(short * 0.44))
    while True:
        imgs = [theme.render(f"×{n}", size, theme.WHITE, True) if n > 1 else None for _look, n in counts]
        words = sum(img.get_width() for img in imgs if img is not None)
        if size <= min_size or words + len(counts) * cr * 2.55 <= room:
            break
        size -= 1
    if counts:
        cr = max(short * 0.16, min(cr, (room - words) / (len(counts) * 2.55)))
    items = [(look, img, cr * 2 + (img.get_width() + cr * 0.2 if img else 0) + cr * 0.5)
             for (look, _n), img in zip(counts, imgs, strict=True)]
    left = pos + step_dir * sum(width for _look, _img, width in items)
    room = (length - radius * 0.5 - left) if step_dir > 0 else (left - radius * 0.5)
    label_img = None
    if horizontal and label and label_turn in (0, 180):
        img = theme.render(label, max(min_size, int(size * 0.85)), (236, 226, 205), False)
        if label_turn:
            img = pygame.transform.flip(img, True, True)
        if img.get_width() <= room - cr * 0.5 and img.get_height() <= inner.h + frame:
            label_img = img
    if label_img is None:  # no word: the padlock and caps in the middle, not at one end by a bare half
        shift = length / 2 - (first + left - step_dir * cr * 0.5) / 2
    _padlock(surface, at(lock_at), lock, (226, 204, 150))
    for look, img, width in items:
        start = pos if step_dir > 0 else pos - width + cr * 0.5
        c = at(start + cr)
        draw.piece(surface, c, cr, look[0], look[1])
        if img is not None:
            surface.blit(img, img.get_rect(midleft=(int(c[0] + cr * 1.1), int(c[1]))) if horizontal
                         else img.get_rect(midtop=(int(c[0]), int(c[1] + cr))))
        pos += step_dir * width
    if label_img is not None:
        mid = (left + (length - radius * 0.5)) / 2 if step_dir > 0 else (radius * 0.5 + left) / 2
        surface.blit(label_img, label_img.get_rect(center=(int(inner.x + mid), inner.centery)))

NAVY = (16, 40, 110)
DIM = (12, 20, 28, 120)


def inset(poly: list[Point], d: float) -> list[Point]:
    """The polygon moved ``d`` pixels inward at every edge (mitred corners, capped at 3·d)."""
    n = len(poly)
    area = sum(poly[i][0] * poly[(i + 1) % n][1] - poly[(i + 1) % n][0] * poly[i][1] for i in range(n))
    sign = 1.0 if area > 0 else -1.0
    normals = []
    for i in range(n):
        (x1, y1), (x2, y2) = poly[i], poly[(i + 1) % n]
        length = math.hypot(x2 - x1, y2 - y1) or 1.0
        normals.append((-(y2 - y1) / length * sign, (x2 - x1) / length * sign))
    out = []
    for i in range(n):
        ax, ay = normals[i - 1]
        bx, by = normals[i]
        mx, my = ax + bx, ay + by
        m = math.hypot(mx, my)
        if m < 1e-6:
            mx, my, m = bx, by, 1.0
        mx, my = mx / m, my / m
        cos = max(1 / 3, mx * bx + my * by)
        out.append((poly[i][0] + mx * d / cos, poly[i][1] + my * d / cos))
    return out


def _band(surface: pygame.Surface, poly: list[Point], rgb: tuple[int, int, int], width: int) -> None:
    """A closed line with round joins (pygame's wide polygons leave notches at sharp corners)."""
    pygame.draw.lines(surface, rgb, True, poly, width)
    if width > 3:
        for p in poly:
            pygame.draw.circle(surface, rgb, p, width / 2 - 0.5)


def target(surface: pygame.Surface, poly_px: list[Point], strong: bool, r: float, preview: bool = False) -> None:
    """A legal end field: a thick dark-blue frame with a white ring inside it, hugging the field's
    edge (unmistakable on yellow, on grey and in sunlight). ``strong``: hovered or being chosen,
    also brightened; ``preview``: where a hovered piece could go, a thinner frame."""
    if strong:
        draw.translucent_polygon(surface, poly_px, (255, 255, 255, 110))
    outer = max(3, int(r * (0.2 if preview else 0.34)))
    inner = max(2, int(r * (0.1 if preview else 0.17)))
    _band(surface, inset(poly_px, outer / 2), NAVY, outer)
    _band(surface, inset(poly_px, outer + inner / 2 - 1), TARGET, inner)


def landing(surface: pygame.Surface, at: tuple[int, int], r: float) -> None:
    """A "land here" mark in the middle of an empty legal end field: a dark-blue and white target."""
    pygame.draw.circle(surface, TARGET, at, r + max(1.0, r * 0.14))
    pygame.draw.circle(surface, NAVY, at, r)
    pygame.draw.circle(surface, TARGET, at, r * 0.74)
    pygame.draw.circle(surface, NAVY, at, r * 0.4)


def dim_layer(size: tuple[int, int], polys: list[list[Point]]) -> pygame.Surface:
    """A see-through dark layer over the given fields (those that are not targets while a piece is
    selected), so the targets stand out; one blit per frame."""
    layer = pygame.Surface(size, pygame.SRCALPHA)
    for poly in polys:
        pygame.draw.polygon(layer, DIM, poly)
    return layer


def outline(surface: pygame.Surface, poly_px: list[Point], rgb: tuple[int, int, int], width: int) -> None:
    pygame.draw.polygon(surface, rgb, poly_px, width=width)


def path(surface: pygame.Surface, points: list[Point], width: int) -> None:
    """The route of one move: a line through the field centres with a dot at every step and an
    arrow head at the end (a golden two-leg move doubles back along it)."""
    if len(points) < 2:
        return
    pygame.draw.lines(surface, (255, 255, 255), False, points, width + 4)
    pygame.draw.lines(surface, PATH, False, points, width)
    for p in points[1:-1]:
        pygame.draw.circle(surface, (255, 255, 255), p, width * 1.2)
        pygame.draw.circle(surface, PATH, p, width * 0.8)
    (x1, y1), (x2, y2) = points[-2], points[-1]
    a = math.atan2(y2 - y1, x2 - x1)
    head = width * 3.2
    tip = (x2, y2)
    left = (x2 - head * math.cos(a - 0.5), y2 - head * math.sin(a - 0.5))
    right = (x2 - head * math.cos(a + 0.5), y2 - head * math.sin(a + 0.5))
    pygame.draw.polygon(surface, (255, 255, 255), [tip, left, right])
    pygame.draw.polygon(surface, PATH, [tip, left, right], width=max(1, width // 2 + 1))


def tooltip_size(lines: list[tuple[str, Look | None]], size: int, pad: int) -> tuple[int, int]:
    """The tooltip card's size for ``lines``."""
    line_h = theme.font(size).get_linesize()
    w = max(theme.font(size, i == 0).size(t)[0] + (line_h + pad if look else 0)
            for i, (t, look) in enumerate(lines)) + 2 * pad
    return w, line_h * len(lines) + 2 * pad


def tooltip(surface: pygame.Surface, lines: list[tuple[str, Look | None]], pos: tuple[int, int], size: int,
            pad: int, bounds: pygame.Rect | None = None, keep: Sequence[placement.Shape] = (),
            also: Sequence[placement.Shape] = ()) -> None:
    """A small card near the mouse, kept inside ``bounds`` (the board area: the side panel is
    drawn after the board and would hide it) and placed where it hides none of ``keep`` (the lit
    targets and the caps the player clicks next, the hovered piece) when there is such a place,
    and where it can, none of ``also`` (the other caps on the board)."""
    if not lines:
        return
    area = (bounds or surface.get_rect()).inflate(-2 * pad, -2 * pad)
    w, h = tooltip_size(lines, size, pad)
    spots = placement.centres(pos, (w, h), 2 * pad, placement.LAPTOP_ORDER)
    tooltip_card(surface, lines, placement.place((w, h), spots, area, keep, also), size, pad)


def tooltip_card(surface: pygame.Surface, lines: list[tuple[str, Look | None]], card: pygame.Rect, size: int,
                 pad: int) -> None:
    """The tooltip card itself in ``card`` (as big as ``tooltip_size``): one line per entry, the
    first bold, each with an optional cap beside it."""
    f = theme.font(size)
    line_h = f.get_linesize()
    draw.shadowed_panel(surface, card, fill=(255, 251, 240), radius=max(4, pad), shadow=3)
    ty = card.y + pad
    for i, (text, look) in enumerate(lines):
        tx = card.x + pad
        if look is not None:
            cap(surface, (tx + line_h / 2, ty + line_h / 2), line_h * 0.38, look)
            tx += line_h + pad
        draw.text(surface, text, (tx, ty + (line_h - f.get_height()) // 2), size, theme.INK, bold=(i == 0))
        ty += line_h

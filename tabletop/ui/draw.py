"""Drawing helpers every scene shares: panels with shadows, pieces with highlights, symbols, pips.

Pieces get a soft shadow and a highlight so they read as objects; every player colour also
carries its symbol (circle, triangle, square, diamond, star, cross) for colour-blind players.
"""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from tabletop.ui import text_audit, theme


def shadowed_panel(surface: pygame.Surface, rect: pygame.Rect, fill=theme.PANEL,
                   edge=theme.PANEL_EDGE, radius: int | None = None, shadow: int | None = None) -> None:
    """A rounded panel with a soft drop shadow."""
    radius = radius if radius is not None else max(6, rect.h // 14 if rect.h < 200 else 14)
    shadow = shadow if shadow is not None else max(3, rect.h // 60 if rect.h > 180 else 3)
    surface.blit(_panel_shadow(rect.w, rect.h, radius, shadow), (rect.x - shadow, rect.y - shadow // 2))
    pygame.draw.rect(surface, fill, rect, border_radius=radius)
    if edge is not None:
        pygame.draw.rect(surface, edge, rect, width=max(1, rect.h // 200 + 1), border_radius=radius)


def dialog(surface: pygame.Surface, card: pygame.Rect, title: str, size: int, pad: int, veil: bool = True) -> None:
    """A dialog over the scene: the scene dimmed (``veil``), the card, its title at the top."""
    if veil:
        dim(surface)
    shadowed_panel(surface, card)
    text(surface, title, (card.centerx, card.y + 2 * pad), size, theme.INK, bold=True, anchor="midtop")


def dim(surface: pygame.Surface) -> None:
    """The scene under a dialog, dimmed."""
    veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    veil.fill((20, 16, 12, 150))
    surface.blit(veil, (0, 0))


@lru_cache(maxsize=32)
def _panel_shadow(w: int, h: int, radius: int, shadow: int) -> pygame.Surface:
    """The soft shadow under a panel, cached per size: panels are drawn every frame, and building
    this alpha surface each time cost several milliseconds a frame on a 4K screen."""
    shade = pygame.Surface((w + shadow * 4, h + shadow * 4), pygame.SRCALPHA)
    for i in range(3):
        pygame.draw.rect(shade, (0, 0, 0, 26), pygame.Rect(shadow + i * 2, shadow + i * 2,
                                                          w + shadow * 2 - i * 4, h + shadow * 2 - i * 4),
                         border_radius=radius + shadow)
    return shade.convert_alpha() if pygame.display.get_surface() is not None else shade


def shade(rgb, factor: float) -> tuple[int, int, int]:
    """Lighter (factor > 1) or darker (factor < 1) version of a colour."""
    if factor >= 1:
        return tuple(min(255, int(c + (255 - c) * (factor - 1))) for c in rgb[:3])  # type: ignore[return-value]
    return tuple(int(c * factor) for c in rgb[:3])  # type: ignore[return-value]


@lru_cache(maxsize=512)
def _disc(radius: int, rgb: tuple[int, int, int], symbol: str, ring: tuple[int, int, int] | None) -> pygame.Surface:
    size = radius * 2 + radius // 2 + 4
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    c = size // 2 - radius // 8
    off = max(2, radius // 6)
    pygame.draw.circle(surf, (0, 0, 0, 70), (c + off, c + off), radius)
    pygame.draw.circle(surf, shade(rgb, 0.7), (c, c), radius)
    pygame.draw.circle(surf, rgb, (c, c), int(radius * 0.88))
    # a highlight toward the top left
    hl = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.circle(hl, (255, 255, 255, 70), (c - radius // 3, c - radius // 3), int(radius * 0.45))
    surf.blit(hl, (0, 0))
    if ring is not None:
        pygame.draw.circle(surf, ring, (c, c), radius, width=max(2, radius // 6))
    if symbol:
        draw_symbol(surf, symbol, (c, c), int(radius * 0.42), theme.text_colour_on(rgb))
    return surf


def piece(surface: pygame.Surface, centre: tuple[float, float], radius: float, rgb,
          symbol: str = "", ring=None) -> None:
    """A round piece (checker, cap, hen) with shadow, rim, highlight and its player's symbol."""
    r = max(3, int(radius))
    disc = _disc(r, tuple(rgb[:3]), symbol, tuple(ring[:3]) if ring else None)
    c = disc.get_width() // 2 - r // 8
    surface.blit(disc, (int(centre[0]) - c, int(centre[1]) - c))


def draw_symbol(surface: pygame.Surface, symbol: str, centre: tuple[int, int], size: int, rgb) -> None:
    """The small shape that doubles a player colour (circle, square, triangle, diamond, star, cross, dot)."""
    x, y = centre
    s = max(2, size)
    if symbol == "circle":
        pygame.draw.circle(surface, rgb, (x, y), s, width=max(2, s // 3))
    elif symbol == "square":
        pygame.draw.rect(surface, rgb, pygame.Rect(x - s * 0.8, y - s * 0.8, s * 1.6, s * 1.6), width=max(2, s // 3))
    elif symbol == "triangle":
        pts = [(x, y - s), (x + s * 0.95, y + s * 0.7), (x - s * 0.95, y + s * 0.7)]
        pygame.draw.polygon(surface, rgb, pts, width=max(2, s // 3))
    elif symbol == "diamond":
        pts = [(x, y - s), (x + s, y), (x, y + s), (x - s, y)]
        pygame.draw.polygon(surface, rgb, pts, width=max(2, s // 3))
    elif symbol == "star":
        pts = []
        for i in range(10):
            r = s if i % 2 == 0 else s * 0.45
            a = -math.pi / 2 + i * math.pi / 5
            pts.append((x + r * math.cos(a), y + r * math.sin(a)))
        pygame.draw.polygon(surface, rgb, pts)
    elif symbol == "dot":
        pygame.draw.circle(surface, rgb, (x, y), max(2, s * 3 // 5))
    elif symbol == "cross":
        w = max(2, s // 3)
        pygame.draw.line(surface, rgb, (x - s, y - s), (x + s, y + s), w)
        pygame.draw.line(surface, rgb, (x - s, y + s), (x + s, y - s), w)


def die_face(surface: pygame.Surface, rect: pygame.Rect, value: int, used: bool = False,
             tint=(252, 250, 244), angle: float = 0.0) -> None:
    """One die with pips; dimmed when its value has been used this turn."""
    size = rect.w
    face = pygame.Surface((size, size), pygame.SRCALPHA)
    body = shade(tint, 0.8) if used else tint
    radius = size // 6
    pygame.draw.rect(face, (0, 0, 0, 60), pygame.Rect(size // 16, size // 16, size - size // 16, size - size // 16),
                     border_radius=radius)
    pygame.draw.rect(face, body, pygame.Rect(0, 0, size - size // 16, size - size // 16), border_radius=radius)
    pygame.draw.rect(face, shade(body, 0.7), pygame.Rect(0, 0, size - size // 16, size - size // 16),
                     width=max(1, size // 28), border_radius=radius)
    pip = (150, 145, 140) if used else theme.INK
    inner = size - size // 16
    spots = {
        1: [(0.5, 0.5)], 2: [(0.25, 0.25), (0.75, 0.75)], 3: [(0.25, 0.25), (0.5, 0.5), (0.75, 0.75)],
        4: [(0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)],
        5: [(0.25, 0.25), (0.75, 0.25), (0.5, 0.5), (0.25, 0.75), (0.75, 0.75)],
        6: [(0.25, 0.22), (0.75, 0.22), (0.25, 0.5), (0.75, 0.5), (0.25, 0.78), (0.75, 0.78)],
    }.get(value, [])
    for fx, fy in spots:
        pygame.draw.circle(face, pip, (int(fx * inner), int(fy * inner)), max(2, size // 11))
    if used:
        pygame.draw.line(face, theme.BAD, (inner * 0.15, inner * 0.85), (inner * 0.85, inner * 0.15), max(2, size // 14))
    if angle:
        face = pygame.transform.rotozoom(face, angle, 1.0)
    surface.blit(face, face.get_rect(center=rect.center))


def die_to_roll(surface: pygame.Surface, rect: pygame.Rect, angle: float = 0.0) -> None:
    """A die waiting to be rolled: a clean white die with a "?" for the number to come (never the
    last roll's dimmed, struck-through die, which reads as "you cannot roll")."""
    size = rect.w
    face = pygame.Surface((size, size), pygame.SRCALPHA)
    die_face(face, pygame.Rect(0, 0, size, size), 0)
    inner = size - size // 16
    mark = theme.render("?", max(8, int(size * 0.62)), theme.ACCENT_DARK, bold=True, audit=False)
    face.blit(mark, mark.get_rect(center=(inner // 2, inner // 2)))
    if angle:
        face = pygame.transform.rotozoom(face, angle, 1.0)
    surface.blit(face, face.get_rect(center=rect.center))


def text(surface: pygame.Surface, words: str, pos: tuple[int, int], size: int, rgb=theme.INK,
         bold: bool = False, anchor: str = "topleft", box: pygame.Rect | None = None) -> pygame.Rect:
    """Blit text at ``pos`` using ``anchor`` (any pygame.Rect attribute name). ``box``: the area the
    words must stay inside (text audits check it; drawing is the same)."""
    img = theme.render(words, size, rgb, bold, audit=False)
    rect = img.get_rect(**{anchor: pos})
    surface.blit(img, rect)
    text_audit.note(words, size, rect, surface, box=box)
    return rect


def fitted_text(surface: pygame.Surface, words: str, rect: pygame.Rect, size: int, rgb=theme.INK,
                bold: bool = False, anchor: str = "center", min_size: int = 10) -> None:
    """Text shrunk until it fits ``rect``'s width; still too wide at ``min_size`` it drops the bold,
    then ends in "…" — never running into the next column."""
    while size > min_size and theme.font(size, bold).size(words)[0] > rect.w:
        size -= 1
    wanted = words
    if theme.font(size, bold).size(words)[0] > rect.w:
        if bold and theme.font(size, False).size(words)[0] <= rect.w:
            bold = False
        else:
            bold = False
            f = theme.font(size, False)
            while len(words) > 1 and f.size(words.rstrip() + "…")[0] > rect.w:
                words = words[:-1]
            words = words.rstrip() + "…"
    if words != wanted and text_audit.active():
        text_audit.note(words, size, None, surface, cut=True, wanted=wanted)
    text(surface, words, getattr(rect, anchor), size, rgb, bold, anchor, box=rect)


def paragraph(surface: pygame.Surface, words: str, area: pygame.Rect, size: int, rgb=theme.INK,
              bold: bool = False, min_size: int | None = None) -> int:
    """``words`` wrapped into ``area``: at ``size``, smaller (down to ``min_size``) when it needs more
    lines than fit, and only if even that is not enough its last line ends in "…" (a cut, for text
    audits). A word wider than ``area`` (a file's path) is cut into pieces that fit, never drawn
    past its edge. Returns the y under the last line."""
    min_size = size if min_size is None else min(min_size, size)
    while True:
        lines = theme.wrap(words, size, area.w, bold, split_long=True)
        line_h = theme.font(size, bold).get_linesize()
        fit = max(1, area.h // line_h)
        if len(lines) <= fit or size <= min_size:
            break
        size -= 1
    if len(lines) > fit:
        lines = lines[:fit]
        f = theme.font(size, bold)
        last = lines[-1]
        while last and f.size(last.rstrip() + "…")[0] > area.w:
            last = last[:-1]
        lines[-1] = last.rstrip() + "…"
        if text_audit.active():
            text_audit.note(lines[-1], size, None, surface, cut=True, wanted=words)
    y = area.y
    for line in lines:
        text(surface, line, (area.x, y), size, rgb, bold, box=area)
        y += line_h
    return y


def glow(surface: pygame.Surface, centre: tuple[float, float], radius: float, rgb=theme.HILITE,
         alpha: int = 150) -> None:
    """A soft ring that marks a legal target."""
    r = max(4, int(radius))
    ring = pygame.Surface((r * 2 + 8, r * 2 + 8), pygame.SRCALPHA)
    pygame.draw.circle(ring, (*rgb[:3], alpha // 2), (r + 4, r + 4), r + 3)
    pygame.draw.circle(ring, (*rgb[:3], alpha), (r + 4, r + 4), r, width=max(3, r // 5))
    surface.blit(ring, (int(centre[0]) - r - 4, int(centre[1]) - r - 4))


def halo(surface: pygame.Surface, centre: tuple[float, float], radius: float, rgb=(255, 255, 255),
         alpha: int = 230) -> None:
    """A glowing ring round a disc, its inside left as it is: ``glow``'s soft fill over a whole
    hideout washed its colour (whose it is) out."""
    r = max(4, int(radius))
    width = max(3, r // 9)
    ring = pygame.Surface((r * 2 + 2 * width + 4, r * 2 + 2 * width + 4), pygame.SRCALPHA)
    c = r + width + 2
    pygame.draw.circle(ring, (*rgb[:3], alpha // 3), (c, c), r + width + 2, width=width + 2)
    pygame.draw.circle(ring, (*rgb[:3], alpha), (c, c), r + width, width=width)
    surface.blit(ring, (int(centre[0]) - c, int(centre[1]) - c))


def translucent_polygon(surface: pygame.Surface, points, rgba) -> None:
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    x0, y0 = int(min(xs)) - 1, int(min(ys)) - 1
    w, h = int(max(xs) - x0) + 2, int(max(ys) - y0) + 2
    if w <= 0 or h <= 0:
        return
    layer = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.polygon(layer, rgba, [(x - x0, y - y0) for x, y in points])
    surface.blit(layer, (x0, y0))

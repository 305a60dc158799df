"""Short markers over the board that say what a move did: a "+3" that rises from a coin gain, a
ring and a word where a cap was trapped, a checker pinned, a hen pushed, a card won.

Every marker is a named timer on the scene's :class:`~tabletop.ui.timers.Timers`, so the loop
draws its last frame and then forgets it (nothing here keeps time itself); a click that skips the
motion ends them with the rest, and "fast play" adds none. Positions are the game's own logical
board units: the scene hands :meth:`Effects.draw` its mapping to pixels, so a marker stays on its
field when the window is resized.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from tabletop.ui import theme
from tabletop.ui.timers import Timers

Point = Any  # a place in the game's own terms: logical board units, or a key its scene maps to pixels
PREFIX = "fx:"
MARK_TIME = 1.1   # a marker's life (seconds, before the pace factor)
POP_TIME = 1.0


@dataclass(frozen=True)
class Effect:
    """One marker: ``kind`` "pop" (a label that rises and fades) or "mark" (a ring that widens
    around ``at`` with a label above it)."""

    name: str
    kind: str
    at: Point
    text: str
    rgb: tuple[int, int, int]
    delay: float
    length: float


class Effects:
    """The markers of one scene."""

    def __init__(self, timers: Timers, enabled: Callable[[], bool] = lambda: True) -> None:
        self.timers = timers
        self.enabled = enabled
        self.items: list[Effect] = []
        self._count = 0

    def add(self, kind: str, at: Point, text: str = "", rgb=theme.ACCENT, delay: float = 0.0,
            length: float | None = None) -> None:
        """Show a marker ``delay`` seconds from now (after the piece has arrived) for ``length``."""
        if not self.enabled():
            return
        length = (POP_TIME if kind == "pop" else MARK_TIME) if length is None else length
        if length <= 0:
            return
        for e in self.items:  # the same word at the same place still up (two checkers borne off in
            if (e.kind, e.at, e.text) == (kind, at, text):  # one turn): the new one replaces it, the
                self.timers.cancel(e.name)                  # two labels rose over each other
        self.items = [e for e in self.items if self.timers.running(e.name)]
        self._count += 1
        name = f"{PREFIX}{self._count}"
        self.timers.start(name, delay + length)
        self.items.append(Effect(name, kind, at, text, tuple(rgb[:3]), delay, length))

    def pop(self, at: Point, text: str, rgb=theme.GOOD, delay: float = 0.0) -> None:
        self.add("pop", at, text, rgb, delay)

    def mark(self, at: Point, text: str, rgb=theme.BAD, delay: float = 0.0) -> None:
        self.add("mark", at, text, rgb, delay)

    def clear(self) -> None:
        for e in self.items:
            self.timers.cancel(e.name)
        self.items = []

    def showing(self) -> list[tuple[Effect, float]]:
        """(marker, 0→1 through its own life) for those on screen now; ended ones are dropped."""
        out = []
        keep = []
        for e in self.items:
            if not self.timers.running(e.name):
                continue
            keep.append(e)
            t = self.timers.progress(e.name) * (e.delay + e.length) - e.delay
            if t >= 0:
                out.append((e, min(1.0, t / e.length)))
        self.items = keep
        return out

    def draw(self, surface: pygame.Surface, to_px: Callable[[Any], tuple[float, ...]], size: int,
             radius: float, avoid: Sequence[tuple[pygame.Rect, int]] = ()) -> None:
        """Every marker on screen. ``to_px`` maps a marker's place to (x, y) pixels, or to (x, y, r)
        when the place has its own size (a small board's space); ``radius`` is the size of a piece
        in pixels otherwise (rings start there). ``avoid``: what a mark's word must not cover where
        it can help it (the board's names and numbers), each with its weight (see :func:`mark_spot`)."""
        for e, t in self.showing():
            px = to_px(e.at)
            x, y = px[0], px[1]
            radius_here = px[2] if len(px) > 2 else radius
            self._one(surface, e, t, x, y, size, radius_here, avoid)

    @staticmethod
    def _one(surface: pygame.Surface, e: Effect, t: float, x: float, y: float, size: int, radius: float,
             avoid: Sequence[tuple[pygame.Rect, int]] = ()) -> None:
        """One marker ``t`` (0→1) through its life: a pop rises and fades; a mark's ring widens
        and fades, its word above it (or beside it, see :func:`mark_spot`)."""
        if e.kind == "pop":
            fade = 1.0 if t < 0.6 else max(0.0, 1 - (t - 0.6) / 0.4)
            rise = (1 - (1 - t) ** 2) * size * 2.2
            label(surface, e.text, (x, y - radius * 0.8 - rise), int(size * 1.25), e.rgb, fade)
            return
        ring(surface, (x, y), radius * (1.05 + 0.7 * math.sin(min(1.0, t * 2.2) * math.pi / 2)), e.rgb,
             1.0 if t < 0.7 else max(0.0, 1 - (t - 0.7) / 0.3), max(3, int(radius * 0.22)))
        if e.text:
            fade = 1.0 if t < 0.75 else max(0.0, 1 - (t - 0.75) / 0.25)
            spot = mark_spot(surface, e.text, (x, y), size, radius, avoid)
            label(surface, e.text, spot.center, size, e.rgb, fade)


def mark_spot(surface: pygame.Surface, text: str, at: tuple[float, float], size: int, radius: float,
              avoid: Sequence[tuple[pygame.Rect, int]] = ()) -> pygame.Rect:
    """Where a mark's word goes, as drawn: above its ring; where that covers something in
    ``avoid``, below, right or left of it, the first that covers nothing, else the one that
    covers least (overlap times weight). The spot depends on nothing that moves through the
    mark's life, so the word stays put. Chicken Chase's "Pushed!" above a hen near the top lay
    on the board's word "Finish"."""
    x, y = at
    w, h = label_size(text, size)
    up = radius * 1.9 + size * 0.4
    side = radius * 1.9 + w / 2
    spots = [label_box((w, h), (x, y - up), surface), label_box((w, h), (x, y + up), surface),
             label_box((w, h), (x + side, y), surface), label_box((w, h), (x - side, y), surface)]
    if not avoid:
        return spots[0]

    def covers(r: pygame.Rect) -> int:
        return sum(r.clip(o).w * r.clip(o).h * weight for o, weight in avoid)

    free = [r for r in spots if not covers(r)]
    return free[0] if free else min(spots, key=covers)


def label_size(text: str, size: int) -> tuple[int, int]:
    """A :func:`label`'s pill (width, height) in pixels."""
    tw, th = theme.font(size, True).size(text)
    return tw + size, th + size // 3


def label_box(pill: tuple[int, int], centre: tuple[float, float], surface: pygame.Surface) -> pygame.Rect:
    """A pill of size ``pill`` centred on ``centre``, kept within the surface's clip."""
    box = pygame.Rect((0, 0), pill)
    box.center = (int(centre[0]), int(centre[1]))
    box.clamp_ip(surface.get_clip() or surface.get_rect())
    return box


def label(surface: pygame.Surface, text: str, centre: tuple[float, float], size: int, rgb, alpha: float) -> None:
    """A word in a pill of colour ``rgb`` (white or dark ink, whichever reads), faded by ``alpha``."""
    if alpha <= 0:
        return
    img = theme.render(text, size, theme.text_colour_on(rgb), True)
    pill = pygame.Surface(label_size(text, size), pygame.SRCALPHA)
    r = pill.get_rect()
    pygame.draw.rect(pill, (0, 0, 0, 90), r.move(0, 2), border_radius=r.h // 2)
    pygame.draw.rect(pill, (*rgb[:3], 255), r.inflate(0, -2), border_radius=r.h // 2)
    pygame.draw.rect(pill, (255, 255, 255, 200), r.inflate(0, -2), width=max(1, size // 12), border_radius=r.h // 2)
    pill.blit(img, img.get_rect(center=(r.centerx, r.centery - 1)))
    if alpha < 1:
        pill.set_alpha(int(255 * alpha))
    surface.blit(pill, label_box(pill.get_size(), centre, surface))


def ring(surface: pygame.Surface, centre: tuple[float, float], radius: float, rgb, alpha: float, width: int) -> None:
    """A widening ring (white halo under the colour so it reads on any field)."""
    if alpha <= 0 or radius < 2:
        return
    r = int(radius)
    layer = pygame.Surface((2 * r + 2 * width + 4, 2 * r + 2 * width + 4), pygame.SRCALPHA)
    c = layer.get_width() // 2
    pygame.draw.circle(layer, (255, 255, 255, int(200 * alpha)), (c, c), r + width // 2 + 1, width=width + 2)
    pygame.draw.circle(layer, (*rgb[:3], int(255 * alpha)), (c, c), r, width=width)
    surface.blit(layer, (int(centre[0]) - c, int(centre[1]) - c))

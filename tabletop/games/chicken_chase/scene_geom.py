"""Chicken Chase scene geometry in logical board units, derived from the layout file only.

Kept apart from drawing so the adapter (hit-testing) and the painter agree on every rectangle,
and so the tests can aim clicks at exactly what is drawn. No pygame here: plain tuples.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from tabletop.games.chicken_chase.layout import ChickenLayout

Point = tuple[float, float]
Box = tuple[float, float, float, float]  # x, y, w, h

STRIP_GAP = 24.0
STRIP_H = 236.0
CARD_W, CARD_H = 110.0, 160.0
CARD_LIFT = 22.0
FEED_HALF_W, FEED_HALF_H = 86.0, 60.0


def inside(box: Box, pos: Point) -> bool:
    x, y, w, h = box
    return x <= pos[0] <= x + w and y <= pos[1] <= y + h


def overlaps(a: Box, b: Box) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


@dataclass(frozen=True)
class Geometry:
    """Where everything sits. ``fields[i]`` is hill field i+1; ``feed[i]`` feed field i+1."""

    width: float
    height: float
    field_r: float
    hen_r: float
    start_box: Box
    start_slots: tuple[Point, ...]
    hill_centre: Point
    feed_boxes: tuple[Box, ...]
    strip: Box

    @property
    def box(self) -> Box:
        """The whole logical picture: the board plus the hand strip below it."""
        return (0.0, 0.0, self.width, self.strip[1] + self.strip[3])

    # -- the hand strip ------------------------------------------------------------------------------
    @property
    def show_button(self) -> Box:
        x, y, _, _ = self.strip
        return (x + 26, y + 118, 226, 84)

    @property
    def cards_area(self) -> Box:
        x, y, w, h = self.strip
        return (x + 280, y + 12, w * 0.62 - 280, h - 24)

    @property
    def others_area(self) -> Box:
        x, y, w, h = self.strip
        left = x + w * 0.62 + 16
        return (left, y + 14, x + w - 20 - left, h - 28)

    def card_boxes(self, count: int) -> list[Box]:
        """Hand card rectangles, overlapping when the hand is long (the newest stays whole)."""
        ax, ay, aw, ah = self.cards_area
        if count <= 0:
            return []
        step = CARD_W + 12
        if count * step - 12 > aw:
            step = (aw - CARD_W) / max(1, count - 1)
        y = ay + ah - CARD_H
        return [(ax + i * step, y, CARD_W, CARD_H) for i in range(count)]


def build_geometry(layout: ChickenLayout, hens: int) -> Geometry:
    """Geometry for ``hens`` hens (two per seat) from the layout's points."""
    width, height = layout.size
    pts = [layout.start, *layout.fields]
    gaps = [math.dist(a, b) for i, a in enumerate(layout.fields) for b in layout.fields[i + 1:]]
    field_r = max(14.0, min(40.0, 0.46 * min(gaps))) if gaps else 34.0
    hen_r = field_r * 0.8
    feed_boxes = tuple((x - FEED_HALF_W, y - FEED_HALF_H, 2 * FEED_HALF_W, 2 * FEED_HALF_H)
                       for x, y in layout.feed_at)
    # Start holds every hen: a block of slots (four per row), nudged up off the feed strip
    cols = min(4, max(1, hens))
    rows = math.ceil(hens / cols)
    step = hen_r * 2.15
    sw, sh = cols * step + hen_r * 0.8, rows * step + hen_r * 0.8
    sx, sy = layout.start
    top = sy - sh / 2
    for _ in range(60):
        box = (sx - sw / 2, top, sw, sh)
        if not any(overlaps(box, f) for f in feed_boxes):
            break
        top -= 5
    start_box = (sx - sw / 2, top, sw, sh)
    slots = tuple((sx - (cols - 1) * step / 2 + (i % cols) * step, top + sh / 2 - (rows - 1) * step / 2
                   + (i // cols) * step) for i in range(hens))
    inner = pts[-5:]
    centre = (sum(p[0] for p in inner) / len(inner), sum(p[1] for p in inner) / len(inner))
    strip = (0.0, height + STRIP_GAP, width, STRIP_H)
    return Geometry(width, height, field_r, hen_r, start_box, slots, centre, feed_boxes, strip)

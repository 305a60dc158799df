"""Board geometry for the Trap the Cap scene, in the layout's logical units (y up): field outlines,
where the pieces on a field stand, and which field or piece a point hits.

Kept free of pygame so drawing and hit-testing share one source of truth (a click lands on exactly
what was drawn) and so it can be checked without a window. Everything is derived from the YAML
layout, so an edited board is drawn and clicked as edited.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from tabletop.games.trap_the_cap.layout import Field, Layout

Point = tuple[float, float]


def outline(field: Field) -> list[Point]:
    """The field's shape as a polygon (discs as a 40-gon)."""
    x, y = field.at
    if field.shape == "sector":
        r0, r1 = field.radii
        a0, a1 = (math.radians(a) for a in field.angles)
        steps = max(3, int(abs(a1 - a0) / math.radians(1.5)) + 1)
        outer = [(r1 * math.cos(a0 + (a1 - a0) * i / steps), r1 * math.sin(a0 + (a1 - a0) * i / steps))
                 for i in range(steps + 1)]
        inner = [(r0 * math.cos(a1 - (a1 - a0) * i / steps), r0 * math.sin(a1 - (a1 - a0) * i / steps))
                 for i in range(steps + 1)]
        return outer + inner
    if field.shape in ("rect", "pentagon"):
        w, length = field.size
        a = math.radians(field.rotate)
        ux, uy = math.cos(a), math.sin(a)      # along the spoke (where it points)
        vx, vy = -uy, ux                       # across
        hl, hw = length / 2, w / 2

        def at(s: float, t: float) -> Point:
            return (x + ux * s + vx * t, y + uy * s + vy * t)

        if field.shape == "rect":
            return [at(hl, hw), at(-hl, hw), at(-hl, -hw), at(hl, -hw)]
        return [at(hl, hw), at(-hl, hw), at(-hl, -hw), at(hl, -hw), at(hl + length * 0.12, 0.0)]
    if field.shape == "diamond":
        d = field.size[0] / math.sqrt(2)
        return [(x + d, y), (x, y + d), (x - d, y), (x, y - d)]
    r = field.radius
    return [(x + r * math.cos(i * math.pi / 20), y + r * math.sin(i * math.pi / 20)) for i in range(40)]


def contains(poly: list[Point], p: Point) -> bool:
    """Even-odd point-in-polygon test."""
    px, py = p
    inside = False
    n = len(poly)
    for i in range(n):
        x1, y1 = poly[i]
        x2, y2 = poly[(i + 1) % n]
        if (y1 > py) != (y2 > py) and px < x1 + (py - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def axis(field: Field) -> tuple[Point, float]:
    """The direction along which several pieces on the field line up, and the room there."""
    if field.shape == "sector":
        a = math.radians(sum(field.angles) / 2)
        return (math.cos(a), math.sin(a)), field.radii[1] - field.radii[0]
    if field.shape in ("rect", "pentagon"):
        a = math.radians(field.rotate + 90)
        return (math.cos(a), math.sin(a)), field.size[0]
    if field.shape == "diamond":
        return (1.0, 0.0), field.size[0]
    return (1.0, 0.0), field.radius * 2


def centre(field: Field) -> Point:
    """Where one piece stands: the middle of the field (a sector's mid-radius, mid-angle)."""
    if field.shape == "sector":
        a = math.radians(sum(field.angles) / 2)
        r = sum(field.radii) / 2
        return (r * math.cos(a), r * math.sin(a))
    return field.at


@dataclass(frozen=True)
class Geometry:
    """Per-layout constants: the cap radius and each field's outline, by field id."""

    layout: Layout
    cap: float
    outlines: dict[str, list[Point]]
    fields: dict[str, Field]

    def slots(self, field_id: str, count: int) -> list[Point]:
        """Where ``count`` pieces stand on a field: in a row along its long side, or for a hideout
        (which holds waiting caps) in a ring inside the disc."""
        return list(_slots(self, field_id, count))

    def field_at(self, p: Point) -> str | None:
        """The field under a point (hideouts first: they are round and stand apart)."""
        for fid, poly in self.outlines.items():
            if contains(poly, p):
                return fid
        return None


@lru_cache(maxsize=4096)
def _slots_cached(shape_key: tuple, count: int, cap: float) -> tuple[Point, ...]:
    kind, (cx, cy), (ux, uy), room, radius = shape_key
    if count <= 0:
        return ()
    if kind == "hideout":
        if count == 1:
            return ((cx, cy),)
        ring = min(radius - cap * 1.05, cap * (1.2 if count <= 3 else 1.45 if count <= 5 else 1.7))
        return tuple((cx + ring * math.cos(math.pi / 2 + 2 * math.pi * i / count),
                      cy + ring * math.sin(math.pi / 2 + 2 * math.pi * i / count)) for i in range(count))
    if count == 1:
        return ((cx, cy),)
    span = max(0.0, room - 2 * cap * 0.95)
    step = min(2.15 * cap, span / (count - 1))
    first = -step * (count - 1) / 2
    return tuple((cx + ux * (first + i * step), cy + uy * (first + i * step)) for i in range(count))


def _slots(geo: Geometry, field_id: str, count: int) -> tuple[Point, ...]:
    field = geo.fields.get(field_id)
    if field is None:
        return ((0.0, 0.0),) * count
    (ux, uy), room = axis(field)
    key = ("hideout" if field.kind == "hideout" else "row", centre(field), (ux, uy), room, field.radius)
    return _slots_cached(key, count, geo.cap)


def geometry(layout: Layout) -> Geometry:
    """Measure the layout once: the cap radius fits the narrowest ordinary field."""
    widths: list[float] = []
    for f in layout.fields:
        if f.shape == "sector":
            mid = sum(f.radii) / 2
            widths.append(min(mid * math.radians(abs(f.angles[1] - f.angles[0])), f.radii[1] - f.radii[0]))
        elif f.shape in ("rect", "pentagon"):
            widths.append(min(f.size))
        elif f.shape == "diamond":
            widths.append(f.size[0])
    narrow = sorted(widths)[len(widths) // 4] if widths else 0.12
    cap = max(0.02, min(narrow * 0.5, layout.half_width * 0.06))
    outlines = {}
    # Hideouts first, so a click on a hideout disc that overlaps nothing else is found quickly.
    for f in sorted(layout.fields, key=lambda f: f.kind != "hideout"):
        outlines[f.id] = outline(f)
    return Geometry(layout, cap, outlines, {f.id: f for f in layout.fields})

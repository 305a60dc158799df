"""``boards/plakoto.yaml`` → frozen dataclasses (geometry and colours only; no pygame).

Why validate here and not in the scene: a user edits a copy of the file, and every mistake must
come back at once as ``file:line:col: where: what`` (the app shows them and keeps the last good
layout). The rules need nothing from the geometry except that the board has points 1..24.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tabletop.layout import Checker, SourceDoc
from tabletop.layout.yamlsrc import Path_

BOARD_FILE = "plakoto.yaml"
Colour = tuple[int, int, int]
Rect = tuple[float, float, float, float]
DIRECTIONS = ("up", "down")
SYMBOLS = ("ring", "dot", "cross", "none")


@dataclass(frozen=True)
class PointGeom:
    """One triangle: ``base`` is the centre of its base; it extends ``length`` towards ``direction``."""

    number: int
    base: tuple[float, float]
    width: float
    length: float
    direction: str
    colour: Colour

    def stack_position(self, index: int, radius: float, limit: int) -> tuple[float, float]:
        """Centre of the ``index``-th checker (0 = at the base); past ``limit`` they overlap."""
        slot = min(index, limit - 1) if limit > 0 else index
        sign = -1.0 if self.direction == "up" else 1.0
        step = min(2 * radius, (self.length - 2 * radius) / max(limit - 1, 1) if limit > 1 else 2 * radius)
        return (self.base[0], self.base[1] + sign * (radius + slot * step))


@dataclass(frozen=True)
class CheckerStyle:
    fill: Colour
    edge: Colour
    symbol: str


@dataclass(frozen=True)
class PlakotoLayout:
    size: tuple[float, float]
    colours: dict[str, Colour]
    radius: float
    stack_limit: int
    checkers: tuple[CheckerStyle, CheckerStyle]  # white, black
    field: Rect
    bar: Rect
    trays: tuple[Rect, Rect]  # white, black
    points: tuple[PointGeom, ...]  # index i holds point i + 1 (White's numbering)

    def point(self, number: int) -> PointGeom:
        return self.points[number - 1]


_COLOUR_KEYS = ("table", "frame", "field", "bar", "tray", "highlight", "text")


def _rect(ck: Checker, parent: Any, path: Path_, key: str, size: tuple[float, float]) -> Rect:
    value = ck.list(parent, path, key, min_len=4, max_len=4)
    if len(value) != 4:
        return (0.0, 0.0, 1.0, 1.0)
    nums = [ck.number_value(v, (*path, key, i), 0, max(size)) for i, v in enumerate(value)]
    x, y, w, h = nums
    if ck.ok and (x + w > size[0] or y + h > size[1] or w <= 0 or h <= 0):
        ck.error((*path, key), "the rectangle {rect} does not fit on the {size} board",
                 rect=f"[{x:g}, {y:g}, {w:g}, {h:g}]", size=f"{size[0]:g} x {size[1]:g}")
    return (x, y, w, h)


def _style(ck: Checker, parent: Any, key: str) -> CheckerStyle:
    path = ("checkers", key)
    data = ck.mapping(parent, ("checkers",), key)
    ck.keys(data, path, ("fill", "edge", "symbol"))
    return CheckerStyle(ck.colour(data, path, "fill"), ck.colour(data, path, "edge"),
                        ck.string(data, path, "symbol", choices=SYMBOLS))


def _check_checker_size(ck: Checker, radius: float, points: list[tuple[int, PointGeom]]) -> None:
    """A checker must fit along its point (else the stack runs backwards) and be at most twice as
    wide as it. When most points are too small the radius is the mistake, else those points are."""
    def fits(p: PointGeom) -> bool:
        return 2 * radius <= p.length and radius <= p.width

    bad = [(i, p) for i, p in points if not fits(p)]
    if len(bad) > len(points) // 2:
        most = min(min(p.length / 2, p.width) for _, p in points)
        ck.error(("checkers", "radius"), "checkers of radius {radius} are too big for the points; the largest "
                 "radius that fits them is {most}", radius=f"{radius:g}", most=f"{most:g}")
        return
    for i, p in bad:
        key = "length" if 2 * radius > p.length else "width"
        ck.error(("points", i, key), "point {n} is {length} long and {width} wide: too small for checkers of "
                 "radius {radius}", n=p.number, length=f"{p.length:g}", width=f"{p.width:g}", radius=f"{radius:g}")


def build_layout(doc: SourceDoc) -> PlakotoLayout:
    """Validate the document and build the layout; raise ``LayoutErrors`` listing every issue."""
    ck = Checker(doc)
    top = ck.top(("size", "colours", "checkers", "field", "bar", "trays", "points"))
    size = ck.point(top, (), "size", 100, 10_000)
    if size == (0.0, 0.0):  # already reported; check the rest against the largest board allowed
        size = (10_000.0, 10_000.0)
    colours_map = ck.mapping(top, (), "colours")
    ck.keys(colours_map, ("colours",), _COLOUR_KEYS)
    colours = {k: ck.colour(colours_map, ("colours",), k) for k in _COLOUR_KEYS}

    chk = ck.mapping(top, (), "checkers")
    ck.keys(chk, ("checkers",), ("radius", "stack_limit", "white", "black"))
    radius = ck.number(chk, ("checkers",), "radius", low=1, high=500)
    stack_limit = ck.integer(chk, ("checkers",), "stack_limit", low=1, high=15)
    styles = (_style(ck, chk, "white"), _style(ck, chk, "black"))

    field = _rect(ck, top, (), "field", size)
    bar = _rect(ck, top, (), "bar", size)
    trays_map = ck.mapping(top, (), "trays")
    ck.keys(trays_map, ("trays",), ("white", "black"))
    trays = (_rect(ck, trays_map, ("trays",), "white", size), _rect(ck, trays_map, ("trays",), "black", size))

    raw_points = ck.list(top, (), "points", min_len=24, max_len=24)
    found: dict[int, PointGeom] = {}
    entries: list[tuple[int, PointGeom]] = []
    for i, entry in enumerate(raw_points):
        path: Path_ = ("points", i)
        if not isinstance(entry, dict):
            ck.error(path, "expected a mapping with number, base, width, length, direction, colour")
            continue
        ck.keys(entry, path, ("number", "base", "width", "length", "direction", "colour"))
        number = ck.integer(entry, path, "number", low=1, high=24)
        geom = PointGeom(number, ck.point(entry, path, "base", 0, max(size)),
                         ck.number(entry, path, "width", low=1, high=max(size)),
                         ck.number(entry, path, "length", low=1, high=max(size)),
                         ck.string(entry, path, "direction", choices=DIRECTIONS),
                         ck.colour(entry, path, "colour"))
        if number in found and "number" in entry:
            ck.error((*path, "number"), "point {n} is given twice", n=number)
        found[number] = geom
        entries.append((i, geom))
    if len(raw_points) == 24 and ck.ok:
        missing = [n for n in range(1, 25) if n not in found]
        if missing:
            ck.error(("points",), "points {numbers} are missing (need 1 to 24)", numbers=", ".join(map(str, missing)))
    if ck.ok:
        _check_checker_size(ck, radius, entries)
    ck.done()
    return PlakotoLayout(size, colours, radius, stack_limit, styles, field, bar, trays,
                         tuple(found[n] for n in range(1, 25)))


def load_layout(store: Any, variant: str = "standard") -> PlakotoLayout:
    """Read and validate the board file through the board store (overrides first)."""
    return store.load(BOARD_FILE, build_layout)

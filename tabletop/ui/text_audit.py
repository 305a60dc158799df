"""A record of every text a frame draws, for the tests that check that every word fits.

Drawing code reports here (``draw.text``, ``draw.fitted_text``, ``theme.render``); nothing is kept
unless a test opens an audit, so the cost in play is one ``None`` check per text. A test wraps a
redraw in ``with TextAudit() as audit:`` and then asks which texts were cut short with an ellipsis,
which overlap another on the same surface, and which are smaller than a chosen minimum height.
Texts drawn on an offscreen surface (a table-mode panel that is turned afterwards) are recorded in
that surface's own coordinates: overlaps are only compared within one surface.

Each text also keeps the surface's clip rectangle when it was drawn and, when the drawing code says
so, the box it was meant to stay in (``fitted_text``'s rectangle, a wrapped paragraph's area):
``outside()`` lists the texts that spill out of either, so part of them is cut off or runs into
what lies beside. Drawing code that caches rendered words (a tile's caption) registers the cache
with :func:`register_cache`; opening an audit empties those caches, so the audited redraw renders
— and reports — every word again.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class DrawnText:
    text: str
    size: int                                # the font size asked for (pixels, see theme.font)
    rect: tuple[int, int, int, int] | None   # where it was blitted, None when only rendered
    surface: int                             # id() of the surface drawn on (0 when unknown)
    cut: bool = False                        # shortened with "…" because it did not fit
    wanted: str = ""                         # the full text when it was cut
    clip: tuple[int, int, int, int] | None = None  # the surface's clip (its whole area) when drawn
    box: tuple[int, int, int, int] | None = None   # the box the drawing code meant it to stay in


@dataclass
class TextAudit:
    entries: list[DrawnText] = field(default_factory=list)
    surfaces: dict[int, Any] = field(default_factory=dict)  # kept alive: an id is never reused meanwhile

    def __enter__(self) -> TextAudit:
        global _current
        self._outer = _current
        _current = self
        for cache in _caches:
            cache.cache_clear()
        return self

    def __exit__(self, *exc: Any) -> None:
        global _current
        _current = self._outer

    def placed(self) -> list[DrawnText]:
        return [e for e in self.entries if e.rect is not None and e.text.strip()]

    def cut(self) -> list[DrawnText]:
        return [e for e in self.entries if e.cut]

    def outside(self, slack: int = 1) -> list[DrawnText]:
        """Placed texts that spill more than ``slack`` px out of their surface's clip or their box."""
        out = []
        for e in self.placed():
            for frame in (e.clip, e.box):
                if frame is not None and not _within(e.rect, frame, slack):  # type: ignore[arg-type]
                    out.append(e)
                    break
        return out

    def smaller_than(self, size: int) -> list[DrawnText]:
        return [e for e in self.entries if e.text.strip() and e.size < size]

    def overlaps(self, slack: int = 1, fraction: float = 0.0) -> list[tuple[DrawnText, DrawnText]]:
        """Pairs of placed texts on one surface whose boxes overlap by more than ``slack`` px (or
        ``fraction`` of the smaller one's height: a line's box holds room above and below its ink).
        The same words drawn again at the same place (Captain Flip's tag drawn again over a lit
        rim that covered it) are one text to a reader, not two that overlap."""
        out = []
        placed = self.placed()
        for i, a in enumerate(placed):
            ax, ay, aw, ah = a.rect  # type: ignore[misc]
            for b in placed[i + 1:]:
                if a.surface != b.surface or (a.text, a.rect) == (b.text, b.rect):
                    continue
                bx, by, bw, bh = b.rect  # type: ignore[misc]
                dx = min(ax + aw, bx + bw) - max(ax, bx)
                dy = min(ay + ah, by + bh) - max(ay, by)
                if dx > slack and dy > max(slack, fraction * min(ah, bh)):
                    out.append((a, b))
        return out


_current: TextAudit | None = None
_caches: list[Any] = []


def _box(rect: Any) -> tuple[int, int, int, int] | None:
    return (int(rect[0]), int(rect[1]), int(rect[2]), int(rect[3])) if rect is not None else None


def _within(inner: tuple[int, int, int, int], outer: tuple[int, int, int, int], slack: int) -> bool:
    x, y, w, h = inner
    ox, oy, ow, oh = outer
    return x >= ox - slack and y >= oy - slack and x + w <= ox + ow + slack and y + h <= oy + oh + slack


def note(text: str, size: int, rect: Any = None, surface: Any = None, cut: bool = False, wanted: str = "",
         box: Any = None) -> None:
    """Called by the drawing code for every text (cheap when no audit is open)."""
    if _current is None:
        return
    clip = _box(surface.get_clip()) if rect is not None and hasattr(surface, "get_clip") else None
    if surface is not None:
        _current.surfaces[id(surface)] = surface
    _current.entries.append(DrawnText(text, int(size), _box(rect), id(surface) if surface is not None else 0, cut,
                                      wanted, clip, _box(box)))


def register_cache(cache: Any) -> Any:
    """Mark an ``lru_cache``d function that keeps rendered words: audits empty it (usable as a decorator)."""
    _caches.append(cache)
    return cache


def active() -> bool:
    return _current is not None

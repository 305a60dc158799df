"""A record of every text a frame draws, for the tests that check that every word fits.

Drawing code reports here (``draw.text``, ``draw.fitted_text``, ``theme.render``); nothing is kept
unless a test opens an audit, so the cost in play is one ``None`` check per text. A test wraps a
redraw in ``with TextAudit() as audit:`` and then asks which texts were cut short with an ellipsis,
which overlap another on the same surface, and which are smaller than a chosen minimum height.
Texts drawn on an offscreen surface (a table-mode panel that is turned afterwards) are recorded in
that surface's own coordinates: overlaps are only compared within one surface.
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


@dataclass
class TextAudit:
    entries: list[DrawnText] = field(default_factory=list)

    def __enter__(self) -> TextAudit:
        global _current
        self._outer = _current
        _current = self
        return self

    def __exit__(self, *exc: Any) -> None:
        global _current
        _current = self._outer

    def placed(self) -> list[DrawnText]:
        return [e for e in self.entries if e.rect is not None and e.text.strip()]

    def cut(self) -> list[DrawnText]:
        return [e for e in self.entries if e.cut]

    def smaller_than(self, size: int) -> list[DrawnText]:
        return [e for e in self.entries if e.text.strip() and e.size < size]

    def overlaps(self, slack: int = 1) -> list[tuple[DrawnText, DrawnText]]:
        """Pairs of placed texts on one surface whose boxes overlap by more than ``slack`` px."""
        out = []
        placed = self.placed()
        for i, a in enumerate(placed):
            ax, ay, aw, ah = a.rect  # type: ignore[misc]
            for b in placed[i + 1:]:
                if a.surface != b.surface:
                    continue
                bx, by, bw, bh = b.rect  # type: ignore[misc]
                dx = min(ax + aw, bx + bw) - max(ax, bx)
                dy = min(ay + ah, by + bh) - max(ay, by)
                if dx > slack and dy > slack:
                    out.append((a, b))
        return out


_current: TextAudit | None = None


def note(text: str, size: int, rect: Any = None, surface: Any = None, cut: bool = False, wanted: str = "") -> None:
    """Called by the drawing code for every text (cheap when no audit is open)."""
    if _current is None:
        return
    box = (int(rect[0]), int(rect[1]), int(rect[2]), int(rect[3])) if rect is not None else None
    _current.entries.append(DrawnText(text, int(size), box, id(surface) if surface is not None else 0, cut, wanted))


def active() -> bool:
    return _current is not None

"""The app's text face: the bundled font drawn by FreeType without its kerning pairs.

Why not ``pygame.font.Font`` (SDL_ttf) as before: it always applies the bundled font's kerning
and rounds each letter's place to a whole pixel, so at small sizes some letters stand a pixel
further from their neighbour than their advances put them — at the 1366×768 small size (11 px
letters, 1 to 2 px apart) "previou s", "wai ting", "C aptain", "isl and", "Se ttings" — and SDL_ttf
has no switch to turn kerning off. ``pygame.freetype`` draws the same file at the same pixel size
with the same hinted whole-pixel advances, and with ``kerning`` off each letter stands where the
advances before it put it: the same glyphs, evenly set.

:class:`Face` offers what the app asks of a font (``size``, ``render``, ``get_linesize``,
``get_height``, ``get_ascent``, ``get_descent``) and keeps the old type's vertical measures: the
line height, height, ascent and descent are SDL_ttf's own, and a rendered line is as tall as
before with its baseline where it was, so no layout moves. Only widths change: a line loses what
the kerning added (most lines stay as wide, others lose up to a few percent) or, rarely, gains
what a pair kerned tighter took (a pixel or two).

Bold is SDL_ttf's bold too: it widened every glyph by a tenth of the pixel size (whole pixels; none
below 10 px, where it was no bolder) and added as much to each advance; FreeType's "wide" style
does the same to the outline.
"""

from __future__ import annotations

from functools import lru_cache

import pygame
import pygame.freetype


def pixel_size(size: int) -> int:
    """The pixel size ``pygame.font.Font(None, size)`` draws the bundled font at (pygame scales
    its default font by 0.6875)."""
    return max(1, int(size * 0.6875))


class Face:
    """The bundled font at ``size`` (as ``pygame.font.Font(None, size)`` takes it), optionally bold."""

    def __init__(self, size: int, bold: bool = False) -> None:
        if not pygame.freetype.get_init():
            pygame.freetype.init()
        self._lines = pygame.font.Font(None, size)  # the vertical measures, as before
        self._lines.set_bold(bold)
        px = pixel_size(size)
        # two faces, as changing one's settings empties its glyph cache: the ink's box, drawn; the
        # pen's advance (``pad``: FreeType's answer sized as pygame.font's)
        self._ft, self._pen = pygame.freetype.Font(None, px), pygame.freetype.Font(None, px)
        self.bold = bold
        bump = px // 10 if bold else 0
        for f, pad in ((self._ft, False), (self._pen, True)):
            f.kerning = False
            f.pad = pad
            f.origin = True
            f.antialiased = True
            if bump:
                f.strength = bump / px
                f.wide = True
        self._box = lru_cache(maxsize=2048)(self._measure)  # layouts measure the same words each frame
        self._ascent = self._lines.get_ascent()
        self._height = self._lines.get_height()

    # what SDL_ttf's font answered, unchanged
    def get_linesize(self) -> int:
        return self._lines.get_linesize()

    def get_height(self) -> int:
        return self._height

    def get_ascent(self) -> int:
        return self._ascent

    def get_descent(self) -> int:
        return self._lines.get_descent()

    def get_bold(self) -> bool:
        return self.bold

    def _measure(self, text: str) -> tuple[int, int, int]:
        """(width, height, baseline y) of ``text``'s line: the width is the pen's advance (or the
        ink's right edge if that reaches further), the height SDL_ttf's (ascent to descent, grown
        by any ink above or below them, as SDL_ttf grew it)."""
        if not text:
            return 0, self._height, self._ascent
        ink = self._ft.get_rect(text)
        advance = self._pen.get_rect(text).w
        above = max(0, ink.y - self._ascent)
        below = max(0, (ink.h - ink.y) - (self._height - self._ascent))
        return max(advance, ink.right), self._height + above + below, self._ascent + above

    def baseline(self, text: str) -> int:
        """Where ``text``'s baseline is in its rendered line, from the top: the ascent, lower by any
        ink above it (a bold "W" or "й" at a small size). Lines drawn at one top then have their
        baselines apart; words meant to stand in one row are set by this instead."""
        return self._box(text)[2]

    def size(self, text: str) -> tuple[int, int]:
        w, h, _base = self._box(text.replace("\u00a0", " "))  # measured as drawn (theme draws it as a space)
        return w, h

    def render(self, text: str, antialias: bool = True, color=(0, 0, 0)) -> pygame.Surface:
        """``text`` in ``color`` on a transparent surface as tall as SDL_ttf's (its ``size`` height,
        but at least a line), the baseline where it was (``antialias``: always on, as the app asked;
        kept for pygame.font's signature)."""
        w, h, base = self._box(text)
        if text:
            h = max(h, self.get_linesize())  # SDL_ttf's rendered lines are at least a line tall
        rgb = tuple(pygame.Color(color))[:3]
        img = pygame.Surface((w, h), pygame.SRCALPHA)
        img.fill((*rgb, 0))
        if text.strip():
            self._ft.render_to(img, (0, base), text, rgb)  # the pen's origin on the baseline
        return img

"""The family look shared by every scene: table colours, player palette, type sizes, fonts.

Sizes are derived from the window height so the same layout reads on a 1024×600 laptop and a 4K
table screen: the smallest text is 1/56 of the height (the design asks for no less than ~1/60).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

import pygame

from tabletop.ui import text_audit
from tabletop.ui.face import Face

TABLE = (58, 84, 62)          # green baize
TABLE_DARK = (40, 60, 44)
PANEL = (247, 240, 226)        # warm paper
PANEL_EDGE = (196, 178, 148)
INK = (43, 38, 34)
INK_SOFT = (104, 94, 84)
ACCENT = (201, 112, 38)        # buttons, highlights
ACCENT_DARK = (150, 78, 22)
HILITE = (255, 214, 64)        # legal targets
SELECT = (64, 168, 255)        # the selected piece
DISABLED_FILL = (214, 208, 198)  # a control that cannot be used now (buttons, steppers, Show my hand)
DISABLED_INK = (150, 142, 132)
GOOD = (58, 150, 82)
BAD = (190, 58, 52)
SHADOW = (0, 0, 0, 80)
WHITE = (255, 255, 255)


@dataclass(frozen=True)
class PlayerStyle:
    """A seat's colour plus a symbol, so colours are never the only cue (colour-blind players)."""

    name: str
    rgb: tuple[int, int, int]
    symbol: str  # circle | square | triangle | diamond | star | cross


# Okabe–Ito-inspired palette, ordered so the first four match the games' printed colours.
PLAYER_STYLES: dict[str, PlayerStyle] = {
    "red": PlayerStyle("red", (213, 62, 48), "circle"),
    "green": PlayerStyle("green", (40, 150, 90), "triangle"),
    "yellow": PlayerStyle("yellow", (240, 196, 40), "square"),
    "blue": PlayerStyle("blue", (40, 110, 200), "diamond"),
    "purple": PlayerStyle("purple", (150, 80, 170), "star"),
    "white": PlayerStyle("white", (240, 236, 226), "circle"),
    "black": PlayerStyle("black", (52, 48, 46), "square"),
    "orange": PlayerStyle("orange", (230, 130, 30), "cross"),
}


def style(colour: str) -> PlayerStyle:
    """The style of a named colour, or of a ``#rrggbb`` colour (its symbol and name come from the
    nearest palette colour, so a game's own hues still carry the family's symbols)."""
    if colour in PLAYER_STYLES:
        return PLAYER_STYLES[colour]
    if isinstance(colour, str) and colour.startswith("#") and len(colour) == 7:
        try:
            rgb = tuple(int(colour[i:i + 2], 16) for i in (1, 3, 5))
        except ValueError:
            rgb = (128, 128, 128)
        nearest = min(PLAYER_STYLES.values(), key=lambda st: sum((a - b) ** 2 for a, b in zip(st.rgb, rgb, strict=True)))
        return PlayerStyle(nearest.name, rgb, nearest.symbol)  # type: ignore[arg-type]
    return PlayerStyle(str(colour), (128, 128, 128), "circle")


def text_colour_on(rgb: tuple[int, int, int]) -> tuple[int, int, int]:
    """Black or white, whichever reads better on ``rgb``."""
    r, g, b = rgb[:3]
    return INK if (0.299 * r + 0.587 * g + 0.114 * b) > 150 else WHITE


@dataclass(frozen=True)
class Metrics:
    """Type and spacing for one window size."""

    height: int
    table: bool = False  # a screen lying among the players: read from further away
    floor: int = 0
    """The smallest size the screen allows whatever the text size setting: 1/60 of its real
    height (``height`` is the height scaled by the setting, so at 85% the small text of a 4K
    screen was 32 px against the design's 36)."""

    @property
    def small(self) -> int:
        return max(12, self.height // 56, self.floor)

    @property
    def tiny(self) -> int:
        """The smallest readable size (about 1/60 of the height; at a table, where it is read from
        across the table, the small size): the floor for words that would otherwise not fit their
        room. Nothing is set smaller."""
        return self.small if self.table else max(10, self.height // 60, self.floor)

    @property
    def body(self) -> int:
        return max(14, self.height // 42)

    @property
    def large(self) -> int:
        return max(18, self.height // 28)

    @property
    def title(self) -> int:
        return max(26, self.height // 14)

    @property
    def pad(self) -> int:
        return max(4, self.height // 90)

    @property
    def button_h(self) -> int:
        return max(30, self.height // 17)


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> Face:
    """The bundled font (covers Latin and Cyrillic) at a pixel size, cached: a :class:`Face`, drawn
    without the font's kerning pairs (they opened gaps inside words at small sizes), measured as
    ``pygame.font.Font`` was."""
    return Face(int(size * 1.25), bold)


_TURNABLE = re.compile(r"^[×x+=\-]?\s?[01689]+$")
_marks = False


def set_turn_marks(on: bool) -> None:
    """Table mode: numbers that read as another number upside down (6, 9, 16, 66, 99...) are
    underlined wherever they are drawn, so a player across the table knows which way is up."""
    global _marks
    _marks = on


def turn_marks() -> bool:
    """Whether numbers are marked now (for caches of pictures that hold numbers)."""
    return _marks


def turnable(text: str) -> bool:
    """True for a number that turned 180° reads as another one: only digits that survive the turn
    (0 1 6 8 9), at least one 6 or 9 (a sign or "×" before it is allowed)."""
    return bool(_TURNABLE.match(text)) and ("6" in text or "9" in text)


NBSP = "\u00a0"


@lru_cache(maxsize=2048)
def _render(text: str, size: int, rgb: tuple[int, int, int], bold: bool, marked: bool = False) -> pygame.Surface:
    f = font(size, bold)
    text = text.replace(NBSP, " ")  # a space that keeps its words on one line: the fonts have no glyph for it
    img = f.render(text, True, rgb)
    if marked:  # a bar under the digits, in the descender's room: upside down it sits on top
        img = img.copy()
        bar = max(2, size // 11)
        y = min(img.get_height() - bar, f.get_ascent() + max(1, size // 14))
        digits = f.size(text)[0] - f.size(text.lstrip("×x+=- "))[0]
        pygame.draw.rect(img, rgb, pygame.Rect(digits + bar // 2, y, max(bar, img.get_width() - digits - bar), bar))
    return img


def render(text: str, size: int, rgb: tuple[int, int, int] = INK, bold: bool = False,
           audit: bool = True) -> pygame.Surface:
    """Rendered text, cached: scenes redraw often and most text repeats. (Texts rendered here and
    blitted by the caller are recorded for text audits by size only; ``draw.text`` records where.)"""
    if audit:
        text_audit.note(text, size)
    return _render(text, size, tuple(rgb[:3]), bold, _marks and turnable(text))


def wrap(text: str, size: int, width: int, bold: bool = False, split_long: bool = False) -> list[str]:
    """Split ``text`` into lines that fit ``width`` pixels (paragraphs kept). A long route may also
    break after a "->", and a dash never starts a line (its word before it goes down with it). A
    word wider than ``width`` keeps a line of its own, or with ``split_long`` (a log line naming a
    file) is cut into pieces that fit (``longest_head``: after a "/" between folders where one fits)."""
    f = font(size, bold)
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word, glue in _pieces(paragraph):
            candidate = f"{line}{glue}{word}" if line else word
            if f.size(candidate)[0] <= width or not line:
                line = candidate
            elif word in _DASHES and " " in line:  # a dash never starts a line: its word goes down with it
                head, last = line.rsplit(" ", 1)
                lines.append(head)
                line = f"{last} {word}"
            else:
                lines.append(line)
                line = word
            while split_long and f.size(line)[0] > width and len(line) > 1:
                head = longest_head(line, f, width)
                lines.append(head)
                line = line[len(head):].lstrip(" ")
        lines.append(line)
    return lines


_DASHES = ("—", "–")
_NUMBER = re.compile(r"\d+[.,;:!?)]*")
_SUM = re.compile(r"\d+(?: [+×] \d+)+")  # "dice 3 + 3": one piece, never "3 +" over a lone "3"
_KEPT = "\x00"  # a space inside a piece (stands for " " while the paragraph is split at spaces)


def _pieces(paragraph: str) -> list[tuple[str, str]]:
    """(piece, glue before it) of a paragraph: its words, and a word holding "->" (a route such as
    "Red–Green 4->Red spoke 2") also in pieces after each arrow, so that a long route may break
    after an arrow rather than between a field's name and its number -- but not before a bare
    number ("Start->1", "14->15."): a lone "1" on the next row read as a stray number, so such a
    word goes down whole. A sum of numbers ("with dice 3 + 3") stays on one line too."""
    out: list[tuple[str, str]] = []
    paragraph = _SUM.sub(lambda m: m.group().replace(" ", _KEPT), paragraph)
    for word in (w.replace(_KEPT, " ") for w in paragraph.split(" ")):
        parts = word.split("->")
        pieces = [p + "->" for p in parts[:-1]] + ([parts[-1]] if parts[-1] or len(parts) == 1 else [])
        if len(pieces) > 1 and _NUMBER.fullmatch(pieces[-1]):
            pieces[-2:] = [pieces[-2] + pieces[-1]]
        out.extend((piece, " " if k == 0 else "") for k, piece in enumerate(pieces))
    return out


def longest_head(text: str, f: Face, width: int) -> str:
    """The longest start of ``text`` that fits ``width`` (at least one character), ended after a
    space or "/" when one lies in its second half (a path breaks between its folders), else after
    a "-", "_" or "."."""
    n = 1
    while n < len(text) and f.size(text[:n + 1])[0] <= width:
        n += 1
    for marks in (" /", "-_."):
        cut = max(text.rfind(c, 0, n) for c in marks) + 1
        if cut > n // 2:
            return text[:cut]
    return text[:n]

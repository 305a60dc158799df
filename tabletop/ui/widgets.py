"""Shared widgets: buttons, the log panel, the prompt line, the viewport that maps logical board
units to pixels (letterboxed, any aspect)."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass, field

import pygame

from tabletop.ui import draw, theme


@dataclass
class Button:
    """A clickable rounded button. ``action`` runs on click; disabled buttons are drawn greyed."""

    label: str
    action: Callable[[], None]
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    enabled: bool = True
    primary: bool = False
    key: str = ""  # a keyboard hint shown on the button, e.g. "Space"
    hover: bool = False
    toggled: bool = False
    label_size: int = 0  # set by ``row_buttons``: the row's one label size where the usual does not fit

    def draw(self, surface: pygame.Surface, size: int, min_size: int = 10) -> None:
        if self.rect.w <= 0:
            return
        size = min(size, self.label_size or size)
        lit = False  # a plain button under the pointer (see its edge below)
        if not self.enabled:
            fill, ink = theme.DISABLED_FILL, theme.DISABLED_INK
        elif self.toggled:
            fill, ink = theme.ACCENT_DARK, theme.WHITE
        elif self.primary:
            fill, ink = (theme.ACCENT if not self.hover else draw.shade(theme.ACCENT, 1.15)), theme.WHITE
        else:
            fill, ink, lit = ((255, 252, 246) if not self.hover else (252, 228, 188)), theme.INK, self.hover
        radius = max(6, self.rect.h // 4)
        pygame.draw.rect(surface, (0, 0, 0, 60), self.rect.move(0, max(2, self.rect.h // 14)), border_radius=radius)
        pygame.draw.rect(surface, fill, self.rect, border_radius=radius)
        # a hovered plain button also takes the accent's edge: its fill alone went from near white
        # to a barely warmer white, and a new player could not see which button the pointer was on
        pygame.draw.rect(surface, theme.ACCENT if lit else draw.shade(fill, 0.75), self.rect,
                         width=max(1, self.rect.h // 24) + int(lit), border_radius=radius)
        room = self.rect.inflate(-radius, 0)
        label = self.label
        font = theme.font(size, self.primary)
        if self.key and self.rect.w > size * 9:  # the key hint only where it fits beside the whole label
            hinted = f"{label}  [{self.key}]"
            if font.size(hinted)[0] <= room.w:
                label = hinted
        if font.size(label)[0] > room.w and " " in label:
            # a tall button (a table panel's) takes a long label on two lines rather than in tiny
            # type; in a smaller type too where one line would be cut even in the smallest
            whole = theme.font(min_size, self.primary).size(label)[0] <= room.w
            sizes = [size] if whole else range(size, min_size - 1, -1)
            for px in sizes:
                if self._two_lines(surface, label, room, px, ink):
                    return
        draw.fitted_text(surface, label, room, size, ink, bold=self.primary, min_size=min_size)

    def fits(self, min_size: int) -> bool:
        """Whether the label can be drawn whole at ``min_size`` or larger: on one line, or on two."""
        room = self.rect.inflate(-max(6, self.rect.h // 4), 0)
        font = theme.font(min_size, self.primary)
        if font.size(self.label)[0] <= room.w:
            return True
        lines = theme.wrap(self.label, min_size, room.w, self.primary)
        return (len(lines) == 2 and room.h >= 2 * font.get_linesize() + 4
                and all(font.size(line)[0] <= room.w for line in lines))

    def _two_lines(self, surface: pygame.Surface, label: str, room: pygame.Rect, px: int,
                   ink: tuple[int, int, int]) -> bool:
        """``label`` on two lines at ``px`` in ``room`` (the first above the middle, the second
        below), when they fit; False (nothing drawn) when they do not."""
        font = theme.font(px, self.primary)
        lines = theme.wrap(label, px, room.w, self.primary)
        if (len(lines) != 2 or room.h < 2 * font.get_linesize() + 4
                or any(font.size(line)[0] > room.w for line in lines)):
            return False
        for i, line in enumerate(lines):
            draw.text(surface, line, room.center, px, ink, bold=self.primary,
                      anchor="midtop" if i else "midbottom", box=room)
        return True

    def hit(self, pos: tuple[int, int]) -> bool:
        return self.enabled and self.rect.collidepoint(pos)


DOUBLE_TAP = 0.4
"""Seconds within which a second press counts as part of a double click or a quick double tap."""


class TapGuard:
    """Swallows a press that lands, right after another, on a *different* button standing where
    the pressed one was.

    Why: a press changes what can be done, so the buttons are laid out anew and another one can
    take the pressed one's place -- Captain Flip's Undo where Keep was. The second half of a
    double click, or a quick second tap at a table, then pressed Undo and took back the move just
    made. Pressing the same button again, or any button elsewhere, is never held back."""

    def __init__(self, clock: Callable[[], float]) -> None:
        self.clock = clock
        self._last: tuple[Hashable, str, pygame.Rect, float] | None = None

    def press(self, where: Hashable, button: Button) -> None:
        """``button`` was pressed in the row ``where`` (a panel, a seat's strip)."""
        self._last = (where, button.label, pygame.Rect(button.rect), self.clock())

    def swallows(self, where: Hashable, button: Button) -> bool:
        if self._last is None:
            return False
        row, label, rect, at = self._last
        return (row == where and label != button.label and rect.colliderect(button.rect)
                and self.clock() - at < DOUBLE_TAP)

    def admit(self, where: Hashable, button: Button) -> bool:
        """A press on ``button``: True when it is to act (and is remembered as the last press),
        False when it is swallowed."""
        if self.swallows(where, button):
            return False
        self.press(where, button)
        return True


class ButtonRow:
    """A set of buttons that handles hover and clicks together."""

    def __init__(self) -> None:
        self.buttons: list[Button] = []

    def set(self, buttons: list[Button]) -> None:
        self.buttons = buttons

    def draw(self, surface: pygame.Surface, size: int) -> None:
        for b in self.buttons:
            b.draw(surface, size)

    def motion(self, pos: tuple[int, int]) -> bool:
        """Update hover; True when anything changed (the scene then redraws)."""
        changed = False
        for b in self.buttons:
            h = b.rect.collidepoint(pos) and b.enabled
            if h != b.hover:
                b.hover = h
                changed = True
        return changed

    def at(self, pos: tuple[int, int]) -> Button | None:
        """The enabled button at ``pos``, if any."""
        return next((b for b in self.buttons if b.hit(pos)), None)

    def click(self, pos: tuple[int, int]) -> bool:
        """Press the button at ``pos``; True when one was there."""
        b = self.at(pos)
        if b is not None:
            b.action()
        return b is not None


def stack_buttons(buttons: list[Button], area: pygame.Rect, height: int, gap: int) -> None:
    """Lay buttons out in a vertical column filling ``area``'s width."""
    y = area.y
    for b in buttons:
        b.rect = pygame.Rect(area.x, y, area.w, height)
        y += height + gap


def label_width(button: Button, size: int, height: int) -> int:
    """How wide a button ``height`` tall must be for its label, at ``size``, to show whole."""
    return theme.font(size, button.primary).size(button.label)[0] + max(6, height // 4) + height // 3


def row_buttons(buttons: list[Button], area: pygame.Rect, gap: int, label_size: int = 0) -> None:
    """Lay buttons out side by side filling ``area``: equally wide; or, given ``label_size`` and
    a label too long for an equal share, each as wide as its label needs plus an equal share of
    the rest, at one size for the whole row (a long "Settings" beside "Menu" shrank alone)."""
    if not buttons:
        return
    room = area.w - gap * (len(buttons) - 1)
    widths = [room // len(buttons)] * len(buttons)
    shared = 0
    if label_size:
        def needs(px: int) -> list[int]:
            return [label_width(b, px, area.h) for b in buttons]

        need = needs(label_size)
        if max(need) > widths[0]:
            # one size for the whole row, the largest at which every label fits whole
            px = label_size
            while px > 10 and sum(need) > room:
                px -= 1
                need = needs(px)
            if sum(need) <= room:
                shared = px if px < label_size else 0
                spare = (room - sum(need)) // len(buttons)
                widths = [n + spare for n in need]
    x = area.x
    for b, w in zip(buttons, widths, strict=True):
        b.rect = pygame.Rect(x, area.y, w, area.h)
        b.label_size = shared
        x += w + gap


ARROW = "->"
"""How log texts write "from, to": the bundled font has no arrow glyph, so the panel draws one
in its place (and plain text, the command line and saved notes still read "24->21")."""


@dataclass
class LogEntry:
    """One line of the game log: its words, and who it is about (the mover's seat, colour and
    symbol, drawn as a small piece before the words), or a turn separator (``rule``)."""

    text: str
    rgb: tuple[int, int, int] = theme.INK
    seat: int | None = None
    colour: tuple[int, int, int] | None = None
    symbol: str = ""
    rule: bool = False


class LogPanel:
    """The game log: newest lines at the bottom; the wheel scrolls back; a corner button (or L)
    opens the whole log large (``ui/log_overlay.py``).

    Each move line starts with the mover's piece (colour and symbol), each seat's turn is set off
    by a thin rule, and "a->b" is drawn with a real arrow. Other views (table mode's short log)
    read the entries through :meth:`last`.
    """

    def __init__(self, limit: int = 5000) -> None:
        self.entries: list[LogEntry] = []
        self.limit = limit
        self.scroll = 0  # entries hidden below the bottom (0: the newest is shown)
        self.button = pygame.Rect(0, 0, 0, 0)  # the "open large" corner button, set by draw
        self._wrapped: dict[tuple[str, int, int], list[str]] = {}

    # -- content ---------------------------------------------------------------------------------
    def add(self, line: str, rgb=theme.INK, seat: int | None = None, colour=None, symbol: str = "") -> LogEntry:
        entry = LogEntry(line, tuple(rgb[:3]), seat, tuple(colour[:3]) if colour else None, symbol)
        self._append(entry)
        return entry

    def turn(self) -> None:
        """A separator before the next seat's turn (none at the top or twice in a row)."""
        if self.entries and not self.entries[-1].rule:
            self._append(LogEntry("", rule=True))

    def rewrite(self, entry: LogEntry, text: str, in_place: bool = False) -> bool:
        """A line written again (a turn's line growing step by step), moved to the bottom when
        lines came after it (a "Move taken back." under it must not read as taking back the new
        text) unless ``in_place`` (the line cut back by that undo stays over it); False when the
        line is no longer in the log (cut, or a replay's log written anew)."""
        k = next((i for i in range(len(self.entries) - 1, -1, -1) if self.entries[i] is entry), None)
        if k is None:
            return False
        entry.text = text
        if k != len(self.entries) - 1 and not in_place:
            del self.entries[k]
            self._append(entry)
        self.scroll = 0
        return True

    def _append(self, entry: LogEntry) -> None:
        self.entries.append(entry)
        del self.entries[: -self.limit]
        self.scroll = 0
        if len(self._wrapped) > 4000:
            self._wrapped.clear()

    @property
    def lines(self) -> list[tuple[str, tuple[int, int, int]]]:
        """(text, ink) of every line, oldest first (separators left out)."""
        return [(e.text, e.rgb) for e in self.entries if not e.rule]

    def last(self, n: int) -> list[LogEntry]:
        """The newest ``n`` lines (separators left out), oldest first: for short views of the log."""
        out: list[LogEntry] = []
        for e in reversed(self.entries):
            if len(out) >= n:
                break
            if not e.rule:
                out.append(e)
        return out[::-1]

    def clear(self) -> None:
        self.entries.clear()
        self.scroll = 0

    def wheel(self, dy: int) -> None:
        self.scroll = max(0, min(len(self.entries) - 1, self.scroll + dy))

    # -- drawing ---------------------------------------------------------------------------------
    def wrap(self, text: str, size: int, width: int) -> list[str]:
        key = (text, size, width)
        lines = self._wrapped.get(key)
        if lines is None:
            lines = self._wrapped[key] = theme.wrap(text, size, width, split_long=True)
        return lines

    def rows(self, entries: list[LogEntry], size: int, width: int) -> list[tuple[LogEntry, str, bool]]:
        """(entry, text, first row of the entry) for ``entries`` wrapped to ``width``."""
        indent = log_indent(size)
        out: list[tuple[LogEntry, str, bool]] = []
        for e in entries:
            if e.rule:
                out.append((e, "", True))
                continue
            for k, part in enumerate(self.wrap(e.text, size, width - indent - size // 2)):
                out.append((e, part, k == 0))
        return out

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, size: int, scroll: int | None = None,
             corner: bool = True) -> None:
        """The log card in ``rect`` at text ``size``; ``corner`` adds the "open large" button.
        Only the newest entries that fill the card are wrapped (a long game's log is never
        re-wrapped whole), and wraps are cached."""
        radius = max(6, size // 2)  # a flat card inside the panel: no shadow to blend every frame
        pygame.draw.rect(surface, (252, 248, 238), rect, border_radius=radius)
        pygame.draw.rect(surface, theme.PANEL_EDGE, rect, width=1, border_radius=radius)
        inner = rect.inflate(-size, -size // 2)
        line_h = theme.font(size).get_linesize()
        scroll = self.scroll if scroll is None else scroll
        shown = self.entries[: len(self.entries) - scroll] if scroll else self.entries
        rows: list[tuple[LogEntry, str, bool]] = []
        used = 0
        for i in range(len(shown) - 1, -1, -1):  # whole entries: a second line alone reads as a stray one
            entry = self.rows([shown[i]], size, inner.w)
            height = sum(_row_height(r, line_h) for r in entry)
            if rows and used + height > inner.h:
                break
            rows[:0] = entry
            used += height
            if used >= inner.h:
                break
        self.button = pygame.Rect(0, 0, 0, 0)
        if corner and rect.h > 3 * line_h:
            side = max(16, int(line_h * 1.1))
            self.button = pygame.Rect(rect.right - side - 3, rect.y + 3, side, side)
            while len({id(r[0]) for r in rows}) > 1 and _reaches(rows, inner, size, line_h, self.button):
                rows = [r for r in rows if r[0] is not rows[0][0]]  # the top entry would run under the button
        clip = surface.get_clip()
        surface.set_clip(inner.clip(clip) if clip else inner)
        y = inner.bottom
        for row in reversed(rows):
            h = _row_height(row, line_h)
            y -= h
            if y < inner.y:  # only whole rows: a half-cut line at the top reads as a broken one
                break
            draw_log_row(surface, row, (inner.x, y), inner.w, size, line_h)
        surface.set_clip(clip)
        if self.button.w:
            _enlarge_icon(surface, self.button)
        if scroll:
            note = f"+{scroll}"
            img = theme.render(note, size, theme.WHITE, True)
            tag = img.get_rect(bottomright=(rect.right - 4, rect.bottom - 3)).inflate(size // 2, 2)
            pygame.draw.rect(surface, theme.ACCENT_DARK, tag, border_radius=tag.h // 2)
            surface.blit(img, img.get_rect(center=tag.center))


def _reaches(rows: list[tuple[LogEntry, str, bool]], inner: pygame.Rect, size: int, line_h: int,
             button: pygame.Rect) -> bool:
    """Whether a row drawn (bottom up, as the log draws them) beside ``button`` runs under it."""
    y = inner.bottom - sum(_row_height(r, line_h) for r in rows)
    for row in rows:
        if y >= button.bottom:
            return False
        if y >= inner.y and not row[0].rule and row[1]:
            if inner.x + log_indent(size) + arrow_text_width(row[1], size) > button.x - max(2, size // 4):
                return True
        y += _row_height(row, line_h)
    return False


def log_indent(size: int) -> int:
    """Room at the left of every log line for the mover's piece."""
    return int(size * 1.35)


def _row_height(row: tuple[LogEntry, str, bool], line_h: int) -> int:
    return max(4, line_h // 2) if row[0].rule else line_h


def draw_log_row(surface: pygame.Surface, row: tuple[LogEntry, str, bool], at: tuple[int, int], width: int,
                 size: int, line_h: int) -> None:
    """One wrapped row of a log entry at ``at``: a separator rule, or (on an entry's first row)
    the mover's piece, then the words with "->" drawn as an arrow."""
    entry, text, first = row
    x, y = at
    if entry.rule:
        mid = y + max(4, line_h // 2) // 2
        pygame.draw.line(surface, theme.PANEL_EDGE, (x, mid), (x + width, mid), 1)
        return
    indent = log_indent(size)
    if first and entry.colour is not None:
        r = max(4, int(size * 0.45))
        draw.piece(surface, (x + r + 1, y + line_h // 2), r, entry.colour, entry.symbol)
    arrow_text(surface, text, (x + indent, y), size, entry.rgb)


def arrow_text_width(text: str, size: int, bold: bool = False) -> int:
    """How wide :func:`arrow_text` draws ``text``: its arrows take a little more than "->"."""
    return theme.font(size, bold).size(text)[0] + text.count(ARROW) * max(2, size // 4)


def arrow_text(surface: pygame.Surface, text: str, at: tuple[int, int], size: int, rgb, bold: bool = False) -> int:
    """``text`` at ``at`` with every "->" drawn as an arrow; returns the x where it ends."""
    x, y = at
    font = theme.font(size, bold)
    parts = text.split(ARROW)
    gap = font.size(ARROW)[0] + max(2, size // 4)  # a little air each side (rows wrap with room for it)
    for k, part in enumerate(parts):
        if part:
            x = draw.text(surface, part, (x, y), size, rgb, bold).right
        if k < len(parts) - 1:
            mid = y + font.get_linesize() // 2
            w = max(2, size // 9)
            tip = x + gap - max(1, size // 10)
            pygame.draw.line(surface, rgb, (x + max(1, size // 10), mid), (tip - w, mid), w)
            head = max(3, size // 4)
            pygame.draw.polygon(surface, rgb, [(tip, mid), (tip - head, mid - head * 0.75), (tip - head, mid + head * 0.75)])
            x += gap
    return x


def _enlarge_icon(surface: pygame.Surface, r: pygame.Rect) -> None:
    """A small "open large" button: a frame with two corner arrows."""
    pygame.draw.rect(surface, (255, 252, 246), r, border_radius=max(3, r.w // 5))
    pygame.draw.rect(surface, theme.PANEL_EDGE, r, width=1, border_radius=max(3, r.w // 5))
    a = r.inflate(-r.w // 2, -r.h // 2)
    w = max(1, r.w // 10)
    pygame.draw.line(surface, theme.INK_SOFT, a.bottomleft, a.topright, w)
    t = max(2, r.w // 5)
    pygame.draw.lines(surface, theme.INK_SOFT, False, [(a.right - t, a.top), a.topright, (a.right, a.top + t)], w)
    pygame.draw.lines(surface, theme.INK_SOFT, False, [(a.left, a.bottom - t), a.bottomleft, (a.left + t, a.bottom)], w)


@dataclass
class Viewport:
    """Maps logical board units (a ``w × h`` box) into a pixel rectangle, letterboxed.

    Scenes keep all geometry in logical units from the YAML; this is the only place pixels come in,
    so the same file looks right at any window size. ``rotation`` (0/90/180/270) turns the board for
    table mode, and ``to_logical`` is the exact inverse for hit-testing.
    """

    logical: tuple[float, float, float, float]  # x0, y0, w, h in board units
    area: pygame.Rect
    rotation: int = 0

    def __post_init__(self) -> None:
        x0, y0, w, h = self.logical
        rw, rh = (h, w) if self.rotation in (90, 270) else (w, h)
        self.scale = min(self.area.w / rw, self.area.h / rh)
        self.rect = pygame.Rect(0, 0, int(rw * self.scale), int(rh * self.scale))
        self.rect.center = self.area.center

    def to_px(self, x: float, y: float) -> tuple[float, float]:
        x0, y0, w, h = self.logical
        u, v = (x - x0) * self.scale, (y - y0) * self.scale
        W, H = w * self.scale, h * self.scale
        if self.rotation == 90:
            u, v = v, W - u
        elif self.rotation == 180:
            u, v = W - u, H - v
        elif self.rotation == 270:
            u, v = H - v, u
        return (self.rect.x + u, self.rect.y + v)

    def to_logical(self, px: float, py: float) -> tuple[float, float]:
        x0, y0, w, h = self.logical
        u, v = px - self.rect.x, py - self.rect.y
        W, H = w * self.scale, h * self.scale
        if self.rotation == 90:
            u, v = W - v, u
        elif self.rotation == 180:
            u, v = W - u, H - v
        elif self.rotation == 270:
            u, v = v, H - u
        return (x0 + u / self.scale, y0 + v / self.scale)

    def length(self, units: float) -> float:
        return units * self.scale

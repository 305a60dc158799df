"""Shared widgets: buttons, the log panel, the prompt line, the viewport that maps logical board
units to pixels (letterboxed, any aspect)."""

from __future__ import annotations

from collections.abc import Callable
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

    def draw(self, surface: pygame.Surface, size: int) -> None:
        if self.rect.w <= 0:
            return
        if not self.enabled:
            fill, ink = (214, 208, 198), (150, 142, 132)
        elif self.toggled:
            fill, ink = theme.ACCENT_DARK, theme.WHITE
        elif self.primary:
            fill, ink = (theme.ACCENT if not self.hover else draw.shade(theme.ACCENT, 1.15)), theme.WHITE
        else:
            fill, ink = ((255, 252, 246) if not self.hover else (255, 240, 210)), theme.INK
        radius = max(6, self.rect.h // 4)
        pygame.draw.rect(surface, (0, 0, 0, 60), self.rect.move(0, max(2, self.rect.h // 14)), border_radius=radius)
        pygame.draw.rect(surface, fill, self.rect, border_radius=radius)
        pygame.draw.rect(surface, draw.shade(fill, 0.75), self.rect, width=max(1, self.rect.h // 24),
                         border_radius=radius)
        label = self.label + (f"  [{self.key}]" if self.key and self.rect.w > size * 9 else "")
        draw.fitted_text(surface, label, self.rect.inflate(-radius, 0), size, ink, bold=self.primary)

    def hit(self, pos: tuple[int, int]) -> bool:
        return self.enabled and self.rect.collidepoint(pos)


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

    def click(self, pos: tuple[int, int]) -> bool:
        for b in self.buttons:
            if b.hit(pos):
                b.action()
                return True
        return False


def stack_buttons(buttons: list[Button], area: pygame.Rect, height: int, gap: int) -> None:
    """Lay buttons out in a vertical column filling ``area``'s width."""
    y = area.y
    for b in buttons:
        b.rect = pygame.Rect(area.x, y, area.w, height)
        y += height + gap


def row_buttons(buttons: list[Button], area: pygame.Rect, gap: int) -> None:
    """Lay buttons out side by side filling ``area``."""
    if not buttons:
        return
    w = (area.w - gap * (len(buttons) - 1)) // len(buttons)
    for i, b in enumerate(buttons):
        b.rect = pygame.Rect(area.x + i * (w + gap), area.y, w, area.h)


class LogPanel:
    """The game log: newest lines at the bottom, older ones scroll away (wheel scrolls back)."""

    def __init__(self, limit: int = 500) -> None:
        self.lines: list[tuple[str, tuple[int, int, int]]] = []
        self.limit = limit
        self.scroll = 0

    def add(self, line: str, rgb=theme.INK) -> None:
        self.lines.append((line, rgb))
        del self.lines[: -self.limit]
        self.scroll = 0

    def clear(self) -> None:
        self.lines.clear()
        self.scroll = 0

    def wheel(self, dy: int) -> None:
        self.scroll = max(0, min(len(self.lines) - 1, self.scroll + dy))

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, size: int) -> None:
        radius = max(6, size // 2)  # a flat card inside the panel: no shadow to blend every frame
        pygame.draw.rect(surface, (252, 248, 238), rect, border_radius=radius)
        pygame.draw.rect(surface, theme.PANEL_EDGE, rect, width=1, border_radius=radius)
        inner = rect.inflate(-size, -size // 2)
        line_h = theme.font(size).get_linesize()
        fit = max(1, inner.h // line_h)
        # wrap from the newest line back only until the panel is full: a long game's log must not
        # be re-wrapped whole every frame
        rows: list[tuple[str, tuple[int, int, int]]] = []
        shown = self.lines[: len(self.lines) - self.scroll] if self.scroll else self.lines
        for text, rgb in reversed(shown):
            rows[:0] = [(part, rgb) for part in theme.wrap(text, size, inner.w)]
            if len(rows) >= fit:
                break
        y = inner.bottom - min(fit, len(rows)) * line_h
        clip = surface.get_clip()
        surface.set_clip(inner)
        for text, rgb in rows[-fit:]:
            draw.text(surface, text, (inner.x, y), size, rgb)
            y += line_h
        surface.set_clip(clip)


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

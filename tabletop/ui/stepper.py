"""A choice that steps both ways: ◀ value ▶. The arrows are large touch targets; a click on the
value steps forwards and a right-click (or the wheel) backwards, so a mouse, a finger and the arrow
keys all reach every value in both directions."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from tabletop.ui import theme
from tabletop.ui.widgets import Button


@dataclass
class ArrowButton(Button):
    """A button showing a triangle pointing left (``direction`` -1) or right (+1)."""

    direction: int = 1

    def draw(self, surface: pygame.Surface, size: int, min_size: int = 10) -> None:
        super().draw(surface, size, min_size)
        if self.rect.w <= 0:
            return
        ink = theme.DISABLED_INK if not self.enabled else theme.INK
        half = max(4, min(self.rect.w, self.rect.h) // 4)
        cx, cy = self.rect.center
        tip = cx + self.direction * half
        back = cx - self.direction * half
        pygame.draw.polygon(surface, ink, [(tip, cy), (back, cy - half), (back, cy + half)])


@dataclass
class ValueButton(Button):
    """The value between the arrows: ``action`` steps forwards, ``back`` backwards."""

    back: Callable[[], None] | None = None


@dataclass
class Stepper:
    """◀ value ▶ in one row. ``step(delta)`` changes the value; ``can(delta)`` says whether the
    arrow that way is live (a bounded count greys out at its ends)."""

    value: str
    step: Callable[[int], None]
    can: Callable[[int], bool] = lambda delta: True
    forward: Callable[[], None] | None = None  # what a click on the value does (default: step +1)

    def buttons(self) -> list[Button]:
        back = ArrowButton("", lambda: self.step(-1), enabled=self.can(-1), direction=-1)
        value = ValueButton(self.value, self.forward or (lambda: self.step(1)), back=lambda: self.step(-1))
        ahead = ArrowButton("", lambda: self.step(1), enabled=self.can(1), direction=1)
        return [back, value, ahead]


def place(buttons: list[Button], area: pygame.Rect, gap: int) -> None:
    """The arrows square at both ends of ``area``, the value between them."""
    back, value, ahead = buttons
    side = min(area.h, area.w // 4)
    back.rect = pygame.Rect(area.x, area.y, side, area.h)
    ahead.rect = pygame.Rect(area.right - side, area.y, side, area.h)
    value.rect = pygame.Rect(back.rect.right + gap, area.y, ahead.rect.x - back.rect.right - 2 * gap, area.h)


def draw_focus(surface: pygame.Surface, rect: pygame.Rect, pad: int) -> None:
    """The keyboard's row (Left/Right step it): a warm band with an outline behind the row."""
    radius = max(4, rect.h // 4)
    pygame.draw.rect(surface, (255, 236, 196), rect, border_radius=radius)
    pygame.draw.rect(surface, theme.SELECT, rect, width=max(2, pad // 3), border_radius=radius)

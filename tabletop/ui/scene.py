"""The scene interface the main loop dispatches to, and overlays stacked on top of scenes."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

import pygame

from tabletop.i18n import tr
from tabletop.ui import draw, richtext, theme
from tabletop.ui.widgets import Button, ButtonRow, row_buttons

if TYPE_CHECKING:
    from tabletop.app import App


class Scene:
    """One screen. The app calls ``layout`` on resize, ``handle`` per event, ``update`` per tick,
    and ``draw`` only when ``dirty`` is set (idle windows cost nothing)."""

    opaque = True  # overlays set False: the scene below is drawn first

    def __init__(self, app: App) -> None:
        self.app = app
        self.dirty = True
        self.size = (0, 0)

    @property
    def metrics(self) -> theme.Metrics:
        return theme.Metrics(int(self.size[1] * self.app.ui_scale) if self.size[1] else 720)

    def layout(self, size: tuple[int, int]) -> None:
        self.size = size
        self.dirty = True

    def handle(self, event: pygame.event.Event) -> None:
        """React to one event (mouse, keys, touch already mapped to mouse)."""

    def update(self, dt: float) -> None:
        """Advance animations or background work; set ``self.dirty`` when the picture changed."""

    def busy(self) -> bool:
        """True while animating or waiting for a computer player: the loop keeps ticking."""
        return False

    def next_deadline(self) -> float | None:
        """When (``time.monotonic``) the picture next changes by itself, if the scene knows."""
        return None

    def draw(self, surface: pygame.Surface) -> None:
        raise NotImplementedError

    def closed(self) -> None:
        """Called when the scene leaves the stack (stop workers)."""


class MessageOverlay(Scene):
    """A centred card with a title, wrapped text and buttons (confirmations, errors, rules)."""

    opaque = False

    def __init__(self, app: App, title: str, body: str, buttons: list[tuple[str, object]] | None = None,
                 wide: bool = False, default: int = 0, cancel: int = -1, keys_after: float = 0.0) -> None:
        """``default`` is the button Enter/Space presses (drawn as the primary one), ``cancel``
        the one Esc presses. ``keys_after`` seconds pass before keys count: a card that appears
        while a player is pressing Space to play (the game-over card) is not dismissed by it."""
        super().__init__(app)
        self.title = title
        self.body = body
        self.wide = wide
        self.scroll = 0
        self.row = ButtonRow()
        specs = buttons or [("OK", None)]
        self.default = default % len(specs)
        self.cancel = cancel % len(specs)
        self.keys_from = time.monotonic() + keys_after
        self.row.set([Button(label, self._wrap(action), primary=(i == self.default))
                      for i, (label, action) in enumerate(specs)])
        self.card = pygame.Rect(0, 0, 0, 0)

    def _wrap(self, action):
        def run() -> None:
            self.app.pop_scene(self)
            if callable(action):
                action()
        return run

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        w, h = size
        m = self.metrics
        cw = int(w * (0.8 if self.wide else 0.56))
        lines = richtext.layout(self.body, m.body, cw - 4 * m.pad)
        line_h = theme.font(m.body).get_linesize()
        body_h = min(int(h * 0.66), len(lines) * line_h)
        ch = min(int(h * 0.92), m.large * 2 + body_h + m.button_h + 8 * m.pad)
        self.card = pygame.Rect(0, 0, cw, ch)
        self.card.center = (w // 2, h // 2)
        bar = pygame.Rect(self.card.x + 2 * m.pad, self.card.bottom - m.button_h - 2 * m.pad,
                          self.card.w - 4 * m.pad, m.button_h)
        row_buttons(self.row.buttons, bar, 2 * m.pad)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.row.click(event.pos)
            self.dirty = True
        elif event.type == pygame.MOUSEMOTION:
            self.dirty |= self.row.motion(event.pos)
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, self.scroll - event.y * 3)
            self.dirty = True
        elif event.type == pygame.KEYDOWN:
            if time.monotonic() < self.keys_from:
                return
            if event.key in (pygame.K_ESCAPE,):
                self.row.buttons[self.cancel].action()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.row.buttons[self.default].action()
            elif event.key in (pygame.K_DOWN, pygame.K_PAGEDOWN):
                self.scroll += 3
                self.dirty = True
            elif event.key in (pygame.K_UP, pygame.K_PAGEUP):
                self.scroll = max(0, self.scroll - 3)
                self.dirty = True

    def draw(self, surface: pygame.Surface) -> None:
        m = self.metrics
        draw.dialog(surface, self.card, self.title, m.large, m.pad)
        area = pygame.Rect(self.card.x + 2 * m.pad, self.card.y + m.large * 2 + 2 * m.pad,
                           self.card.w - 4 * m.pad, self.card.h - m.large * 2 - m.button_h - 6 * m.pad)
        lines = richtext.layout(self.body, m.body, area.w)
        line_h = theme.font(m.body).get_linesize()
        fit = max(1, area.h // line_h)
        self.scroll = min(self.scroll, max(0, len(lines) - fit))
        richtext.draw_lines(surface, lines[self.scroll: self.scroll + fit], area.topleft, m.body)
        if len(lines) > fit:
            draw.text(surface, tr("{n} more lines below (mouse wheel)", n=len(lines) - fit - self.scroll), (area.right, area.bottom),
                      m.small, theme.INK_SOFT, anchor="bottomright")
        self.row.draw(surface, m.body)

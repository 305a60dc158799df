"""The whole game log, large, over the game (the log panel's corner button or L): a reader who
looked away scrolls back through every move in type big enough to read from across a table."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from tabletop.i18n import tr
from tabletop.ui import draw, theme
from tabletop.ui.scene import Scene
from tabletop.ui.widgets import Button, ButtonRow, LogPanel

if TYPE_CHECKING:
    from tabletop.app import App


class LogOverlay(Scene):
    """A card with the log at body size; wheel, arrows, PgUp/PgDn, Home/End scroll; Esc, L or
    Close closes it."""

    opaque = False

    def __init__(self, app: App, log: LogPanel) -> None:
        super().__init__(app)
        self.log = log
        self.scroll = 0
        self.row = ButtonRow()
        self.card = pygame.Rect(0, 0, 0, 0)
        self.area = pygame.Rect(0, 0, 0, 0)

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        w, h = size
        m = self.metrics
        self.card = pygame.Rect(0, 0, int(w * 0.7), int(h * 0.88))
        self.card.center = (w // 2, h // 2)
        close = Button(tr("Close"), lambda: self.app.pop_scene(self), primary=True, key="Esc")
        close.rect = pygame.Rect(self.card.right - 2 * m.pad - m.button_h * 4, self.card.bottom - m.button_h - 2 * m.pad,
                                 m.button_h * 4, m.button_h)
        self.row.set([close])
        self.area = pygame.Rect(self.card.x + 2 * m.pad, self.card.y + m.large * 2 + m.pad,
                                self.card.w - 4 * m.pad, close.rect.y - m.pad - (self.card.y + m.large * 2 + m.pad))

    def page(self) -> int:
        """Entries per page (about the lines that fit)."""
        return max(1, self.area.h // theme.font(int(self.metrics.body * 1.25)).get_linesize() - 2)

    def scroll_by(self, n: int) -> None:
        self.scroll = max(0, min(len(self.log.entries) - 1, self.scroll + n))
        self.dirty = True

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.row.click(event.pos)
        elif event.type == pygame.MOUSEMOTION:
            self.dirty |= self.row.motion(event.pos)
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll_by(event.y * 3)
        elif event.type == pygame.KEYDOWN:
            k = event.key
            if k in (pygame.K_ESCAPE, pygame.K_l, pygame.K_RETURN, pygame.K_KP_ENTER):
                self.app.pop_scene(self)
            elif k == pygame.K_UP:
                self.scroll_by(1)
            elif k == pygame.K_DOWN:
                self.scroll_by(-1)
            elif k == pygame.K_PAGEUP:
                self.scroll_by(self.page())
            elif k == pygame.K_PAGEDOWN:
                self.scroll_by(-self.page())
            elif k == pygame.K_HOME:
                self.scroll_by(len(self.log.entries))
            elif k == pygame.K_END:
                self.scroll_by(-len(self.log.entries))
        self.dirty = True

    def draw(self, surface: pygame.Surface) -> None:
        m = self.metrics
        draw.dialog(surface, self.card, tr("Game log"), m.large, m.pad)
        self.log.draw(surface, self.area, int(m.body * 1.25), scroll=self.scroll, corner=False)
        hint = tr("Mouse wheel, arrows or Page Up/Down scroll; Esc closes.")
        draw.fitted_text(surface, hint, pygame.Rect(self.card.x + 2 * m.pad, self.row.buttons[0].rect.y,
                                                    self.row.buttons[0].rect.x - self.card.x - 4 * m.pad, m.button_h),
                         m.small, theme.INK_SOFT, anchor="midleft", min_size=m.small)
        self.row.draw(surface, m.body)

"""A card for choosing a set of numbers by clicking them: the menu opens it for an option whose
value is such a set (Chicken Chase's custom blocked fields), where stepping through a few ready
sets cannot give the players the free choice the rules promise.

The option's own parser judges every choice as it is made: a set it refuses keeps Done greyed and
the card says why, in the parser's words (the same sentence the command line and board files give).

Keys: the arrows move an outline over the numbers, Space chooses or drops the one outlined, Enter
is Done, Esc cancels (the card could not be used without a mouse).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from tabletop.i18n import tr
from tabletop.ui import draw, richtext, theme
from tabletop.ui.scene import Scene
from tabletop.ui.widgets import Button, ButtonRow, row_buttons

if TYPE_CHECKING:
    from tabletop.app import App

PER_ROW = 7
MOVES = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1, pygame.K_UP: -PER_ROW, pygame.K_DOWN: PER_ROW}


def set_text(numbers: set[int] | tuple[int, ...]) -> str:
    """The option's text for a set: ``4,5,12``, or ``none``."""
    return ",".join(str(n) for n in sorted(numbers)) or "none"


class NumberSetPicker(Scene):
    """Numbers ``low``..``high`` as toggles; Done hands the chosen set's text to ``done``."""

    opaque = False

    def __init__(self, app: App, title: str, explanation: str, low: int, high: int, current: str,
                 parse: Callable[[str], Any], done: Callable[[str], None]) -> None:
        super().__init__(app)
        self.title = title
        self.explanation = explanation
        self.parse = parse
        self.done = done
        try:
            start = {int(n) for n in parse(current)}
        except ValueError:
            start = set()
        self.chosen = {n for n in start if low <= n <= high}
        self.toggles = ButtonRow()
        self.toggles.set([Button(str(n), lambda n=n: self.toggle(n), toggled=n in self.chosen)
                          for n in range(low, high + 1)])
        self.row = ButtonRow()
        self.row.set([Button(tr("Done"), self.finish, primary=True, key="Enter"),
                      Button(tr("Cancel"), self.cancel, key="Esc")])
        self.low = low
        self.cursor = min(self.chosen) - low if self.chosen else 0  # the number the keys work on
        self.card = pygame.Rect(0, 0, 0, 0)
        self.reason = ""
        self._judge()

    # -- choosing -----------------------------------------------------------------------------------
    def toggle(self, n: int) -> None:
        self.chosen ^= {n}
        for b in self.toggles.buttons:
            b.toggled = int(b.label) in self.chosen
        self._judge()
        self.dirty = True

    def _judge(self) -> None:
        """Ask the option's parser about the set as it stands: Done only for a set it accepts."""
        try:
            self.parse(set_text(self.chosen))
            self.reason = ""
        except ValueError as exc:
            self.reason = str(exc)
        self.row.buttons[0].enabled = not self.reason

    def finish(self) -> None:
        if self.reason:
            return
        self.app.pop_scene(self)
        self.done(set_text(self.chosen))

    def cancel(self) -> None:
        self.app.pop_scene(self)

    # -- layout and input ---------------------------------------------------------------------------
    def _explanation_lines(self, width: int) -> list:
        return richtext.layout(self.explanation, self.metrics.body, width)

    def _status(self) -> str:
        if self.reason:
            return self.reason[:1].upper() + self.reason[1:]  # the parser's clause, as a sentence
        return tr("Chosen: {numbers}", numbers=", ".join(str(n) for n in sorted(self.chosen)) or tr("none"))

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        m = self.metrics
        w, h = size
        cw = int(min(w * 0.9, max(w * 0.5, PER_ROW * m.button_h * 1.5 + 4 * m.pad)))
        inner = cw - 4 * m.pad
        line_h = theme.font(m.body).get_linesize()
        text_h = len(self._explanation_lines(inner)) * line_h
        rows = -(-len(self.toggles.buttons) // PER_ROW)
        side = min(m.button_h * 1.4, (inner - (PER_ROW - 1) * m.pad) / PER_ROW)
        status_h = 3 * line_h  # a refusal's reason may take a few lines
        ch = m.large * 2 + text_h + rows * (side + m.pad) + status_h + m.button_h + 9 * m.pad
        self.card = pygame.Rect(0, 0, cw, int(min(h * 0.95, ch)))
        self.card.center = (w // 2, h // 2)
        x0 = self.card.x + 2 * m.pad
        y = self.card.y + m.large * 2 + 2 * m.pad + text_h + m.pad
        grid_w = PER_ROW * side + (PER_ROW - 1) * m.pad
        x0 += int((inner - grid_w) / 2)
        for i, b in enumerate(self.toggles.buttons):
            r, c = divmod(i, PER_ROW)
            b.rect = pygame.Rect(int(x0 + c * (side + m.pad)), int(y + r * (side + m.pad)), int(side), int(side))
        bar = pygame.Rect(self.card.x + 2 * m.pad, self.card.bottom - m.button_h - 2 * m.pad, inner, m.button_h)
        row_buttons(self.row.buttons, bar, 2 * m.pad)

    def _status_area(self) -> pygame.Rect:
        m = self.metrics
        top = max(b.rect.bottom for b in self.toggles.buttons) + m.pad
        return pygame.Rect(self.card.x + 2 * m.pad, top, self.card.w - 4 * m.pad,
                           self.row.buttons[0].rect.y - m.pad - top)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.dirty |= self.toggles.motion(event.pos) | self.row.motion(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            hit = next((i for i, b in enumerate(self.toggles.buttons) if b.hit(event.pos)), None)
            if hit is not None:
                self.cursor = hit  # the keys go on from the number clicked
            if self.toggles.click(event.pos) or self.row.click(event.pos):
                self.app.audio.play("click")
            self.dirty = True
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.cancel()
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.cancel()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.finish()
            elif event.key == pygame.K_SPACE:
                self.toggle(self.low + self.cursor)
            elif event.key in MOVES:
                self.cursor = max(0, min(len(self.toggles.buttons) - 1, self.cursor + MOVES[event.key]))
                self.dirty = True

    def draw(self, surface: pygame.Surface) -> None:
        m = self.metrics
        draw.dialog(surface, self.card, self.title, m.large, m.pad, veil=True)
        inner = self.card.w - 4 * m.pad
        top = (self.card.x + 2 * m.pad, self.card.y + m.large * 2 + 2 * m.pad)
        richtext.draw_lines(surface, self._explanation_lines(inner), top, m.body)
        self.toggles.draw(surface, m.body)
        if self.toggles.buttons:  # the keys' number
            mark = self.toggles.buttons[self.cursor].rect.inflate(m.pad, m.pad)
            pygame.draw.rect(surface, theme.SELECT, mark, width=max(2, m.pad // 2), border_radius=max(6, mark.h // 4))
        area = self._status_area()
        ink = theme.BAD if self.reason else theme.INK_SOFT
        lines = richtext.layout(self._status(), m.body, area.w)
        richtext.draw_lines(surface, lines, area.topleft, m.body, box=area, colour=ink)
        self.row.draw(surface, m.body)

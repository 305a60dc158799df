"""The scene interface the main loop dispatches to, and overlays stacked on top of scenes."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from tabletop.i18n import tr
from tabletop.ui import draw, richtext, theme
from tabletop.ui.table import EdgePanel, facing_frame
from tabletop.ui.widgets import Button, ButtonRow, label_width, row_buttons

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
        return theme.Metrics(int(self.size[1] * self.app.ui_scale) if self.size[1] else 720,
                             table=bool(getattr(self.app, "table_mode", False)), floor=self.size[1] // 60)

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

    def covered(self) -> None:
        """Called when another scene opens over this one: the pointer is no longer over this
        scene's things (a hover it shows must go: no motion will reach it to end it)."""


class FacingScene(Scene):
    """A screen that, at a table, is laid out upright for one seat and turned to his edge
    (``facing``: "top", "left", "right"; None or "bottom": upright); ``turn_to_next`` hands it on
    round the ``edges``. Shared by the message cards and full screens such as Plakoto's review."""

    facing: str | None
    edges: list[str]

    def face_asker(self) -> None:
        """At a table, face the seat the game scene below names (``message_edge``: the seat whose
        strip asked, else the winner or the seat on turn), with the edges to hand it on round."""
        self.facing, self.edges = None, []
        host = next((s for s in reversed(self.app.stack) if hasattr(s, "message_edge")), None) \
            if getattr(self.app, "table_mode", False) else None
        if host is not None:
            self.facing = host.message_edge()
            self.edges = host.table_edge_cycle()

    def turn_button_rect(self, card: pygame.Rect, label: str) -> pygame.Rect:
        """Where a card's Turn button goes: its top right corner, in small type."""
        m = self.metrics
        tw = max(int(m.button_h * 1.6), theme.font(m.small).size(label)[0] + 2 * m.pad)
        return pygame.Rect(card.right - tw - m.pad, card.y + m.pad, tw, int(m.button_h * 0.8))

    def frame(self) -> EdgePanel | None:
        """The screen as the facing seat sees it (None: upright, as in a window)."""
        if self.facing in (None, "bottom") or not self.size[0]:
            return None
        return facing_frame(self.facing, self.size)

    def turn_to_next(self) -> None:
        """Hand the screen on to the next edge round the table (clockwise)."""
        if self.edges:
            at = self.edges.index(self.facing) if self.facing in self.edges else -1
            self.facing = self.edges[(at + 1) % len(self.edges)]
            self.layout(self.size)

    def draw_card_turned(self, surface: pygame.Surface, frame: EdgePanel, region: pygame.Rect,
                         rects: list[pygame.Rect], paint: Callable[[pygame.Surface], None]) -> None:
        """A card at a table: the screen dimmed, the card painted upright on a surface the size of
        ``region`` (of the seat's upright layout) and turned onto his part of the screen. ``rects``
        are everything ``paint`` draws at (moved into the small surface while it paints): a whole
        upright screen per frame cost far more than the card."""
        draw.dim(surface)
        upright = pygame.Surface(region.size, pygame.SRCALPHA)
        for r in rects:
            r.move_ip(-region.x, -region.y)
        try:
            paint(upright)
        finally:
            for r in rects:
                r.move_ip(region.x, region.y)
        frame.blit(surface, upright, region)

    def _local(self, pos: tuple[int, int]) -> tuple[int, int] | None:
        """A screen pixel in the upright layout's coordinates (None: outside it)."""
        frame = self.frame()
        if frame is None:
            return (int(pos[0]), int(pos[1]))
        local = frame.to_local(pos)
        return (int(local[0]), int(local[1])) if local is not None else None


class MessageOverlay(FacingScene):
    """A centred card with a title, wrapped text and buttons (confirmations, errors, rules).

    In table mode the card faces a seat: the one whose strip asked for it, the winner, or the seat
    on turn (the game scene under it says which edge: ``message_edge``). It is laid out upright as
    that player sees the screen and turned to his edge, clicks mapped back through the same turn;
    its Turn button hands it on to the next edge round the table, so every seat can read it. A
    long text scrolls by dragging it (touch) as well as by the wheel and the arrow keys.
    """

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
        self.focus = self.default
        """The button Enter/Space presses, drawn as the primary one: Left/Right and Tab move it."""
        self.card = pygame.Rect(0, 0, 0, 0)
        self.face_asker()
        self.turn_button = Button(tr("Pass on"), self.turn_to_next) if len(self.edges) > 1 else None
        self._drag_y: float | None = None

    def move_focus(self, delta: int) -> None:
        """The next (or previous) button becomes the one Enter presses, and is drawn as primary."""
        buttons = self.row.buttons
        if len(buttons) < 2:
            return
        self.focus = (self.focus + delta) % len(buttons)
        for i, b in enumerate(buttons):
            b.primary = i == self.focus
        self.dirty = True

    def _wrap(self, action):
        def run() -> None:
            self.app.pop_scene(self)
            if callable(action):
                action()
        return run

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        frame = self.frame()
        w, h = frame.size if frame is not None else size
        m = self.metrics
        cw = int(w * (0.8 if self.wide else 0.56))
        lines = richtext.layout(self.body, m.body, cw - 4 * m.pad)
        line_h = theme.font(m.body).get_linesize()
        body_h = min(int(h * 0.66), len(lines) * line_h)
        rows = self._button_rows(cw - 4 * m.pad)
        extra = (len(rows) - 1) * (m.button_h + m.pad)
        ch = min(int(h * 0.92), m.large * 2 + body_h + m.button_h + 8 * m.pad + extra)
        self.card = pygame.Rect(0, 0, cw, ch)
        self.card.center = (w // 2, h // 2)
        self._place_buttons(rows)

    def _place_buttons(self, rows: list[list[Button]]) -> None:
        """The button rows at the foot of the card (the last at its bottom), the Turn button at
        its top right corner."""
        m = self.metrics
        for i, row in enumerate(rows):
            bar = pygame.Rect(self.card.x + 2 * m.pad,
                              self.card.bottom - m.button_h - 2 * m.pad - (len(rows) - 1 - i) * (m.button_h + m.pad),
                              self.card.w - 4 * m.pad, m.button_h)
            row_buttons(row, bar, 2 * m.pad)
        if self.turn_button is not None:
            self.turn_button.rect = self.turn_button_rect(self.card, self.turn_button.label)

    def _button_rows(self, width: int) -> list[list[Button]]:
        """The buttons in as few rows as keep every label whole in body type (equal widths, as
        ``row_buttons`` gives): five in one row (a table seat's Menu) shrank "Sound off" to a
        fraction of the others' size."""
        m = self.metrics
        buttons = self.row.buttons
        need = max((label_width(b, m.body, m.button_h) for b in buttons), default=0)
        per_row = len(buttons)
        while per_row > 1 and per_row * need + (per_row - 1) * 2 * m.pad > width:
            per_row -= 1
        rows = -(-len(buttons) // per_row) if buttons else 1
        per_row = -(-len(buttons) // rows) if buttons else 1  # rows as even as they go (3 + 2, not 4 + 1)
        return [buttons[i:i + per_row] for i in range(0, len(buttons), per_row)] or [[]]

    def _body_area(self) -> pygame.Rect:
        m = self.metrics
        top = min((b.rect.top for b in self.row.buttons), default=self.card.bottom - m.button_h - 2 * m.pad)
        return pygame.Rect(self.card.x + 2 * m.pad, self.card.y + m.large * 2 + 2 * m.pad,
                           self.card.w - 4 * m.pad, top - 2 * m.pad - self.card.y - m.large * 2 - 2 * m.pad)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            pos = self._local(event.pos)
            if pos is None:
                return
            if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
                if self.turn_button is not None and self.turn_button.hit(pos):
                    self.turn_button.action()
                elif not self.row.click(pos) and self._body_area().collidepoint(pos):
                    self._drag_y = pos[1]  # a finger on the text: dragging scrolls it
                self.dirty = True
            elif event.type == pygame.MOUSEBUTTONUP:
                self._drag_y = None
            else:
                self.dirty |= self.row.motion(pos)
                if self.turn_button is not None:
                    hover = self.turn_button.rect.collidepoint(pos)
                    self.dirty |= hover != self.turn_button.hover
                    self.turn_button.hover = hover
                held = bool(getattr(event, "buttons", (0,))[0])
                if self._drag_y is not None and held:
                    line_h = theme.font(self.metrics.body).get_linesize()
                    lines = int((self._drag_y - pos[1]) / line_h)
                    if lines:
                        self.scroll = max(0, self.scroll + lines)
                        self._drag_y -= lines * line_h
                        self.dirty = True
                elif not held:
                    self._drag_y = None
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, self.scroll - event.y * 3)
            self.dirty = True
        elif event.type == pygame.KEYDOWN:
            if time.monotonic() < self.keys_from:
                return
            if event.key in (pygame.K_ESCAPE,):
                self.row.buttons[self.cancel].action()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.row.buttons[self.focus].action()
            elif event.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB):
                # the other buttons from the keyboard too: only the default (Enter) and the cancel
                # (Esc) were reachable, so "Start a new game" over a game in progress, or the
                # result card's Play again and New game, needed the mouse
                back = event.key == pygame.K_LEFT or (event.key == pygame.K_TAB
                                                      and getattr(event, "mod", 0) & pygame.KMOD_SHIFT)
                self.move_focus(-1 if back else 1)
            elif event.key in (pygame.K_DOWN, pygame.K_PAGEDOWN):
                self.scroll += 3
                self.dirty = True
            elif event.key in (pygame.K_UP, pygame.K_PAGEUP):
                self.scroll = max(0, self.scroll - 3)
                self.dirty = True

    def draw(self, surface: pygame.Surface) -> None:
        frame = self.frame()
        if frame is None:
            self._draw_card(surface, veil=True)
            return
        buttons = self.row.buttons + ([self.turn_button] if self.turn_button is not None else [])
        self.draw_card_turned(surface, frame, self.card.inflate(6 * self.metrics.pad, 6 * self.metrics.pad),
                              [self.card, *(b.rect for b in buttons)], lambda s: self._draw_card(s, veil=False))

    def _draw_card(self, surface: pygame.Surface, veil: bool) -> None:
        m = self.metrics
        draw.dialog(surface, self.card, self.title, m.large, m.pad, veil=veil)
        area = self._body_area()
        lines = richtext.layout(self.body, m.body, area.w)
        line_h = theme.font(m.body).get_linesize()
        fit = max(1, area.h // line_h)
        self.scroll = min(self.scroll, max(0, len(lines) - fit))
        richtext.draw_lines(surface, lines[self.scroll: self.scroll + fit], area.topleft, m.body, box=area)
        if len(lines) > fit:
            more = (tr("{n} more lines below (drag up)", n=len(lines) - fit - self.scroll) if self.facing is not None
                    else tr("{n} more lines below (mouse wheel)", n=len(lines) - fit - self.scroll))
            draw.text(surface, more, (area.right, area.bottom), m.small, theme.INK_SOFT, anchor="bottomright")
        self.row.draw(surface, m.body)
        if self.turn_button is not None:
            self.turn_button.draw(surface, m.small, min_size=m.small)

"""Table mode for every game scene: the board in the middle, each seat's panel (colour, name,
score, prompt, dice and buttons when it is his turn) at his edge, rotated to face him.

Mixed into :class:`~tabletop.ui.game_scene.GameScene`; games need nothing extra. A game may
override ``draw_seat_extra`` to add its own per-seat content (a hand, a board) to the panel, and
read (or override) ``table_regions`` to know where the prompt, the dice and the buttons sit.
"""

from __future__ import annotations

import pygame

from tabletop.core import CHANCE
from tabletop.ui import draw, theme
from tabletop.ui.table import EdgePanel, plan_panels
from tabletop.ui.widgets import Button, Viewport, row_buttons


class TableModeMixin:
    """Layout, drawing and hit-testing of the edge panels (uses GameScene's attributes)."""

    table_panels: list[EdgePanel]
    table_buttons: dict[int, list[Button]]
    global_area: pygame.Rect

    def table_layout(self, size: tuple[int, int]) -> None:
        m = self.metrics
        w, h = size
        head_h = int(m.body * 2.2)
        depth = max(int(min(w, h) * 0.14), head_h + int(m.button_h * 1.3) + 5 * m.pad)
        players = self.state.num_players
        self.table_panels, centre = plan_panels(players, size, depth, self.table_edges())
        self.global_area = pygame.Rect(centre.x + m.pad, centre.y + m.pad, m.button_h * 3, m.button_h * 3 + 2 * m.pad)
        self.board_area = centre.inflate(-2 * m.pad, -2 * m.pad)
        self.board_area.x += self.global_area.w // 2 + m.pad
        self.board_area.w -= self.global_area.w // 2 + m.pad
        self.viewport = Viewport(self.board_box(), self.board_area, self.board_rotation())
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.dice_rect = pygame.Rect(0, 0, 0, 0)
        self.table_relayout()

    def table_edges(self) -> list[str] | None:
        """Where each seat sits (bottom/top/left/right), if the game says (``extra["table_edges"]``,
        e.g. next to the seat's home on the board); None: round the table from the bottom."""
        edges = self.spec.extra.get("table_edges")
        return list(edges(self.state)) if edges is not None else None

    def acting_seat(self) -> int | None:
        cp = self.state.current_player
        if cp == CHANCE:
            return self.roller()
        return cp

    def table_relayout(self) -> None:
        m = self.metrics
        actions = self.action_buttons()
        small = self.global_buttons()
        for i, b in enumerate(small):
            b.rect = pygame.Rect(self.global_area.x, self.global_area.y + i * (m.button_h + m.pad),
                                 self.global_area.w, m.button_h)
        self.buttons.set(small)
        self.table_buttons = {}
        acting = self.acting_seat()
        over = self.state.current_player is None
        for panel in self.table_panels:
            if over:  # every seat can open the result card again, or start the next game
                visible = self.result_buttons()
                row_buttons(visible, self.table_regions(panel)["buttons"], m.pad)
                self.table_buttons[panel.seat] = visible
            elif panel.seat == acting and self.seat_is_human(acting):
                visible = [b for b in actions if b.label]
                row_buttons(visible, self.table_regions(panel)["buttons"], m.pad)
                self.table_buttons[panel.seat] = visible
        if pygame.display.get_init() and pygame.mouse.get_focused():  # rebuilt buttons keep their hover
            pos = pygame.mouse.get_pos()
            self.buttons.motion(pos)
            self.table_motion(pos)

    def table_draw(self, surface: pygame.Surface) -> None:
        m = self.metrics
        self.table_relayout()
        self.draw_table_texture(surface)
        if self.viewport is not None:
            self.draw_board(surface, self.viewport)
        rows = {r.seat: r for r in self.player_rows()}
        acting = self.acting_seat()
        for panel in self.table_panels:
            if panel.angle == 0 and surface.get_rect().contains(panel.screen_rect):
                # an upright panel is drawn straight onto the screen: no surface to blend in
                self.draw_seat_panel(surface.subsurface(panel.screen_rect), panel, rows.get(panel.seat),
                                     panel.seat == acting)
                continue
            upright = pygame.Surface(panel.size, pygame.SRCALPHA)
            self.draw_seat_panel(upright, panel, rows.get(panel.seat), panel.seat == acting)
            panel.blit(surface, upright)
        self.buttons.draw(surface, m.small)

    def draw_seat_panel(self, surf: pygame.Surface, panel: EdgePanel, row, active: bool) -> None:
        m = self.metrics
        regions = self.table_regions(panel)
        card = regions["card"]
        draw.shadowed_panel(surf, card, fill=(255, 240, 205) if active else theme.PANEL,
                            edge=theme.ACCENT if active else theme.PANEL_EDGE)
        seat = panel.seat
        st = row.style() if row else theme.style("")
        head_h = int(m.body * 2.2)
        draw.piece(surf, (card.x + head_h // 2 + m.pad, card.y + head_h // 2 + m.pad), head_h * 0.38, st.rgb, st.symbol)
        name = row.name if row else self.seat_name(seat)
        # the acting seat's right half holds dice and buttons; the others may use the whole width
        name_w = (card.w * 0.42 if active else card.w - 2 * m.pad) - head_h
        draw.fitted_text(surf, name, pygame.Rect(card.x + head_h + m.pad, card.y + m.pad, name_w, head_h // 2 + m.pad),
                         m.body, theme.INK, bold=True, anchor="midleft", min_size=m.small)
        if row and row.detail:
            draw.fitted_text(surf, row.detail, pygame.Rect(card.x + head_h + m.pad, card.y + head_h // 2 + m.pad,
                                                          name_w, head_h // 2), m.body, theme.INK_SOFT,
                             anchor="midleft", min_size=m.small)
        body = regions["body"]
        over = self.state.current_player is None
        if active or over:
            self.draw_fitted_prompt(surf, self.prompt_line(), regions["prompt"])
            if self.shows_dice() and not over:
                self.draw_dice(surf, regions["top"])
            for b in self.table_buttons.get(seat, []):
                b.draw(surf, m.small)
        self.draw_seat_extra(surf, body, seat, active)

    def draw_fitted_prompt(self, surf: pygame.Surface, prompt: str, area: pygame.Rect) -> None:
        """The prompt in ``area``: smaller type when it needs more lines than fit (down to the
        smallest readable size), and an ellipsis only if even that is not enough."""
        m = self.metrics
        size = m.body
        while True:
            lines = theme.wrap(prompt, size, area.w, bold=True)
            line_h = theme.font(size, True).get_linesize()
            fit = max(1, area.h // line_h)
            if len(lines) <= fit or size <= m.small:
                break
            size -= 1
        if len(lines) > fit:
            lines = lines[:fit]
            last = lines[-1]
            while last and theme.font(size, True).size(last + "...")[0] > area.w:
                last = last[:-1]
            lines[-1] = last.rstrip() + "..."
        y = area.y
        for line in lines:
            draw.text(surf, line, (area.x, y), size, theme.INK, bold=True)
            y += line_h

    def table_click(self, pos: tuple[int, int]) -> bool:
        """A click on an edge panel: its buttons, or its dice. True when a panel took it."""
        for panel in self.table_panels:
            local = panel.to_local(pos)
            if local is None:
                continue
            point = (int(local[0]), int(local[1]))
            for b in self.table_buttons.get(panel.seat, []):
                if b.hit(point):
                    b.action()
                    self.app.audio.play("click")
                    return True
            if panel.seat == self.acting_seat() and self.can_roll():
                self.roll()
            return True
        return False

    def table_motion(self, pos: tuple[int, int]) -> bool:
        changed = False
        for panel in self.table_panels:
            local = panel.to_local(pos)
            for b in self.table_buttons.get(panel.seat, []):
                hover = local is not None and b.rect.collidepoint(local) and b.enabled
                if hover != b.hover:
                    b.hover = hover
                    changed = True
        return changed

    def table_regions(self, panel: EdgePanel) -> dict[str, pygame.Rect]:
        """The parts of a seat's panel in its upright coordinates: ``card`` (the whole panel),
        ``body`` (under the head row), ``prompt`` (left), ``top`` (right, above the buttons: the
        dice) and ``buttons`` (right, bottom). Drawing and hit-testing both read them; a scene may
        override it to split its panels differently, or read ``top`` to use it when no dice show."""
        m = self.metrics
        pw, ph = panel.size
        head_h = int(m.body * 2.2)
        card = pygame.Rect(m.pad, m.pad, pw - 2 * m.pad, ph - 2 * m.pad)
        body = pygame.Rect(card.x + 2 * m.pad, card.y + head_h + m.pad, card.w - 4 * m.pad, card.h - head_h - 2 * m.pad)
        return {
            "card": card,
            "body": body,
            "prompt": pygame.Rect(body.x, body.y, int(card.w * 0.42), body.h),
            "top": pygame.Rect(int(pw * 0.45), card.y + m.pad, int(pw * 0.55) - 3 * m.pad, card.h - m.button_h - 4 * m.pad),
            "buttons": pygame.Rect(int(pw * 0.45), ph - m.button_h - 3 * m.pad, int(pw * 0.55) - 3 * m.pad, m.button_h),
        }

    def draw_seat_extra(self, surf: pygame.Surface, rect: pygame.Rect, seat: int, active: bool) -> None:
        """Hook: a game's own per-seat content in table mode (e.g. a hand), drawn upright."""

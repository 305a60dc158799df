"""Table mode for every game scene: the board as large as the screen allows (at least 85% of its
short side), and each seat's strip at its own edge, turned to face him: name and score, his own
Menu button (Rules, Sound, Leave — readable from every seat), the prompt, the dice and buttons
while he acts, the game's own part (a hand) and the last events of the log.

Mixed into :class:`~tabletop.ui.game_scene.GameScene`. A game may say where its seats sit
(``table_places``: edges and the corner nearest each seat's home), ask for room in the strip
(``table_extra_size``) and draw there (``draw_seat_extra``), and add to a strip's cache key
(``table_strip_key``) whatever else its strip shows.

Speed: a strip is drawn upright on a copy of the table under it and turned once; the turned
picture is kept while nothing it shows changes (its key: texts, buttons and their hover, dice,
log lines, the game's key), so a redraw of an unchanged table is a few opaque blits.
``drop_caches`` forgets them (the live-loop test compares a cached frame with a fresh one).

Touch: a finger down on the board first hovers there (a finger has no hover before it), and a
finger held still on the board for ``HOLD_TIME`` does what a right click does (``board_hold``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

from tabletop.core import CHANCE
from tabletop.i18n import language, tr
from tabletop.ui import draw, placement, table_strip, text_audit, theme
from tabletop.ui.results import game_over_text
from tabletop.ui.table import EdgePanel, SeatPlace, Sizes, default_places, plan_table, uncovered, widen_band
from tabletop.ui.table_strip import StripNeeds, StripParts
from tabletop.ui.widgets import Button, TapGuard, Viewport, arrow_text, arrow_text_width

HOLD_TIME = 0.6
"""Seconds a finger (or the mouse button) stays down and still on the board to count as a hold."""
LOG_LINES = 30
"""The most events a strip's log may show (as many of them as its box holds): with 8, a waiting
seat's deep strip showed the last two turns at its foot and was empty above them."""
CLOCKWISE = ("bottom", "left", "top", "right")
ACTIVE_FILL = (255, 240, 205)
NO_PROMPT = 4
"""A prompt area narrower than this many body-size ems holds no prompt (a band's buttons took it)."""


WIDER_SHARES = (0.55, 0.6, 0.65, 0.7)
"""The shares of a shared band tried for its acting seat, least first, until its prompt fits (the
others keep the rest: their name, Menu and last event)."""


class TableModeMixin:
    """Layout, drawing and hit-testing of the seats' strips (uses GameScene's attributes)."""

    table_panels: list[EdgePanel]
    table_buttons: dict[int, list[Button]]
    table_menus: dict[int, Button]
    table_parts: dict[int, StripParts]
    tap_guard: TapGuard
    table_focus: int | None = None
    _hold_at: tuple[int, int] | None = None

    # -- where everything goes --------------------------------------------------------------------
    def table_sizes(self) -> Sizes:
        m = self.metrics
        return Sizes(band=m.button_h + m.pad, block=5 * m.button_h, side=table_strip.rows_depth(m) + 2, margin=m.pad // 2)

    def table_places(self) -> list[SeatPlace]:
        """Where each seat sits: the game's ``extra["table_edges"]`` (e.g. next to his home on the
        board), else round the table from the bottom."""
        players = self.state.num_players
        edges = self.spec.extra.get("table_edges")
        if edges is not None:
            found = list(edges(self.state))
            if len(found) == players:
                return [SeatPlace(e) for e in found]
        return default_places(players)

    def table_aspect(self) -> float:
        x0, y0, w, h = self.board_box()
        return (h / w) if self.board_rotation() in (90, 270) else (w / h)

    def table_layout(self, size: tuple[int, int]) -> None:
        theme.set_turn_marks(True)
        plan = plan_table(size, self.table_aspect(), self.table_places(), self.table_sizes())
        self.table_panels = self.planned_panels = plan.panels
        self.board_area = plan.board
        self.viewport = Viewport(self.board_box(), self.board_area, self.board_rotation())
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.dice_rect = pygame.Rect(0, 0, 0, 0)
        self.drop_caches()
        self.table_relayout()

    def panel_of(self, seat: int | None) -> EdgePanel | None:
        return next((p for p in getattr(self, "table_panels", []) if p.seat == seat), None)

    def acting_seat(self) -> int | None:
        cp = self.state.current_player
        if cp == CHANCE:
            return self.roller()
        return cp

    def table_relayout(self) -> None:
        """Every strip's buttons and parts for the position now (cheap: called every frame). The
        acting seat of a shared band whose even share leaves no room for its prompt gets the larger
        share of that band (``widen_band``) while it acts: it needs to be told what to do, the
        others on that band only show their name and last event."""
        self.buttons.set([])  # no shared buttons in table mode: every strip has its own Menu
        acting = self.shown_acting()  # the seat whose move is on its way keeps his strip lit till it arrives
        over = self.state.current_player is None
        old = {s: {b.label: b.hover for b in bs} for s, bs in getattr(self, "table_buttons", {}).items()}
        old_menu = {s: b.hover for s, b in getattr(self, "table_menus", {}).items()}
        planned = getattr(self, "planned_panels", self.table_panels)
        self.table_panels = planned
        self._lay_strips(acting, over, old, old_menu)
        panel = self.panel_of(acting) if not over else None
        if panel is None or panel.kind != "band" or self._prompt_fits(self.table_parts[panel.seat]):
            return
        mates = sum(1 for p in planned if p.kind == "band" and p.edge == panel.edge)
        for share in WIDER_SHARES:  # the least widening that says what to do
            if share <= 1 / mates:
                continue
            wider = widen_band(planned, panel.seat, share)
            if wider is planned:
                return
            self.table_panels = wider
            self._lay_strips(acting, over, old, old_menu)
            if self._prompt_fits(self.table_parts[panel.seat]):
                return

    def _lay_strips(self, acting: int | None, over: bool, old: dict[int, dict[str, bool]],
                    old_menu: dict[int, bool]) -> None:
        """Each panel's buttons (keeping their hover from the last frame's ``old``) and parts."""
        m = self.metrics
        self.table_buttons, self.table_menus, self.table_parts = {}, {}, {}
        undoer = self.undoer()
        for panel in self.table_panels:
            seat = panel.seat
            active = seat == acting
            if over:  # every seat can open the result card again, or start the next game
                visible = self.result_buttons()
            elif active and self.seat_is_human(acting):  # no greyed Roll or Undo: a strip's room is for what works
                visible = [b for b in self.action_buttons()
                           if b.label and (b.enabled or b.action not in (self.roll, self.undo))]
            elif seat == undoer:  # his move stands open to Undo while a computer has not answered it
                visible = [Button(tr("Undo"), self.undo)]
            else:
                visible = []
            visible = self.table_buttons_for(seat, visible)
            for b in visible:
                b.key = ""  # no keyboard hints on a touch table
                b.hover = old.get(seat, {}).get(b.label, False) and b.enabled
            viewer = self.replay_viewer  # a replay: the strip's corner button leaves it
            menu = (Button(tr("Quit"), viewer.quit) if viewer is not None
                    else Button(tr("Menu"), lambda seat=seat: self.open_table_menu(seat)))
            menu.hover = old_menu.get(seat, False)
            parts = table_strip.strip_parts(panel.size, m, self._needs(panel, active, over, visible, menu),
                                            panel.home_right)
            if over and len(visible) > 1 and not self._prompt_fits(parts):
                # a thin band with no room left to say who won: only Result (its card offers Play again)
                visible = visible[:1]
                parts = table_strip.strip_parts(panel.size, m, self._needs(panel, active, over, visible, menu),
                                                panel.home_right)
            for b, rect in zip(visible, parts.buttons, strict=False):
                b.rect = rect
            menu.rect = parts.menu
            self.table_buttons[seat] = visible
            self.table_menus[seat] = menu
            self.table_parts[seat] = parts
            self.table_place_extra(panel, parts)

    def undoer(self) -> int | None:
        """The seat who may take his last move back now, when it is not the seat on turn (a
        computer's turn, or one decided by itself): his strip offers Undo as the window's panel
        does. Before, only the acting seat's strip had buttons, so no strip had Undo then."""
        if not self.can_undo():
            return None
        last = self.session.last_mover()
        acting = self.acting_seat()
        return last if last != acting or not self.seat_is_human(acting) else None

    def _needs(self, panel: EdgePanel, active: bool, over: bool, buttons: list[Button], menu: Button) -> StripNeeds:
        m = self.metrics
        row = next((r for r in self.player_rows() if r.seat == panel.seat), None)
        name = self.head_name(panel.seat, row)
        detail = row.detail if row else ""
        text_w = max(theme.font(m.body, True).size(name)[0], theme.font(m.small).size(detail)[0])
        head_w = int(m.button_h * 0.8) + m.pad + text_w + m.pad
        menu_w = max(int(m.button_h * 1.3), theme.font(m.small).size(menu.label)[0] + 2 * m.pad)
        role = self.head_role(panel.seat) if row else ""
        head_h = 0
        if role:  # a stack's head as _draw_head sets it: the name, then the role and score lines
            width = table_strip.stack_head_text_width(panel.size[0], m, menu_w)
            lines = len(wrap_parts(role, m.small, max(1, width))) + (len(wrap_parts(detail, m.small, max(1, width)))
                                                                       if detail else 0)
            head_h = theme.font(m.body, True).get_linesize() + lines * theme.font(m.small).get_linesize() + m.pad
        widths = tuple(max(int(m.button_h * 1.6), theme.font(m.body, b.primary).size(b.label)[0] + 3 * m.pad)
                       for b in buttons)
        dice_w = self.table_dice_width() if active and not over and self.shows_dice() else 0
        # dice still to roll show only "tap to roll", as the Roll button beside them says: a full
        # strip lets them go before the prompt or the Menu (tapping the strip rolls too)
        spare = bool(dice_w) and not self.dice() and any(b.action == self.roll and b.enabled for b in buttons)
        prompt_h = 0
        if active or over:  # a long prompt (a game's end, longer languages) may take more lines in a stack
            width = table_strip.stack_inner_width(panel.size[0], m)
            lines = len(theme.wrap(self.current_prompt(), m.body, width, bold=True))
            prompt_h = min(lines, 6) * theme.font(m.body, True).get_linesize()
        texts = tuple(theme.font(m.small, b.primary).size(b.label)[0] for b in buttons)
        return StripNeeds(head_w, menu_w, widths, dice_w, self.table_extra_size(panel.seat, panel),
                          prompt=active or over, prompt_h=prompt_h, button_text=texts,
                          button_least=tuple(self._button_least(b) for b in buttons), dice_spare=spare,
                          head_h=head_h)

    def _button_least(self, button: Button) -> int:
        """The least width of a strip's button whose label stays whole: on one line in the smallest
        readable type, or (two words) on two lines in its own type, as ``Button.draw`` sets it."""
        m = self.metrics
        one = theme.font(m.small, button.primary).size(button.label)[0]
        font = theme.font(m.body, button.primary)
        if " " in button.label and 2 * font.get_linesize() + 4 <= m.button_h - m.pad:
            words = button.label.split(" ")
            for i in range(1, len(words)):  # split after word i: both halves on two lines
                width = max(font.size(" ".join(words[:i]))[0], font.size(" ".join(words[i:]))[0])
                if width < one and len(theme.wrap(button.label, m.body, width, button.primary)) == 2:
                    one = width
        return one + max(6, m.button_h // 4) + 4

    def table_dice_width(self) -> int:
        """How wide the acting seat's dice are in a band (dice a button tall, or the roll word)."""
        m = self.metrics
        values = self.dice()
        size = m.button_h
        count = self.waiting_dice() or len(values)
        return count * size + (count - 1) * (size // 4) if count else 0

    # -- hooks for the game ------------------------------------------------------------------------
    def table_buttons_for(self, seat: int, buttons: list[Button]) -> list[Button]:
        """The buttons a seat's strip shows (a game may relabel or add its own)."""
        return buttons

    def table_extra_size(self, seat: int, panel: EdgePanel) -> tuple[int, int] | None:
        """The room (width, height) the game wants in a seat's strip for its own part, or None."""
        return None

    def table_place_extra(self, panel: EdgePanel, parts: StripParts) -> None:
        """The strip's parts are known: a game may lay its own part out inside ``parts.extra``."""

    def table_strip_key(self, seat: int) -> Any:
        """Whatever else the game draws in this seat's strip (its cache key part)."""
        return None

    def draw_seat_extra(self, surf: pygame.Surface, rect: pygame.Rect, seat: int, active: bool) -> None:
        """Hook: a game's own per-seat content in table mode (e.g. a hand), drawn upright."""

    def table_opaque_rects(self) -> list[pygame.Rect]:
        """Screen rectangles the game covers this frame with opaque pictures of its own (the
        background need not be restored under them)."""
        return []

    def texture_areas(self, size: tuple[int, int]) -> list[pygame.Rect]:
        """Where a frame restores the background: everything in a window; at a table, what the
        strips (opaque, drawn whole every frame) and the game's opaque pictures leave uncovered.
        A frame still covers the whole screen, so nothing an overlay drew can stay behind."""
        screen = pygame.Rect((0, 0), size)
        if not self.app.table_mode or not getattr(self, "table_panels", None):
            return [screen]
        covers = [p.screen_rect for p in self.table_panels] + self.table_opaque_rects()
        key = (size, tuple(tuple(r) for r in covers), tuple(self.board_area))
        if getattr(self, "_areas_key", None) != key:
            self._areas_key, self._areas = key, uncovered(screen, covers)
            reach = self.board_reach(size)
            self._areas_kept = [a.clip(reach) for a in self._areas if reach is not None and a.colliderect(reach)]
        if getattr(self, "screen_kept", False):  # outside the board's reach the screen is as it was
            return self._areas_kept
        return self._areas

    def board_reach(self, size: tuple[int, int]) -> pygame.Rect | None:
        """The board's area grown up to the strips: where a frame draws the board (clipped to it),
        so that no strip need be blitted again for what the board drew over it. None when a strip
        overlaps the board's area (then every frame draws everything)."""
        screen = pygame.Rect((0, 0), size)
        strips = [p.screen_rect for p in getattr(self, "table_panels", [])]
        r = self.board_area.clip(screen)
        if r.w <= 0 or r.h <= 0 or r.collidelist(strips) >= 0:
            return None
        beside = [s for s in strips if s.top < r.bottom and s.bottom > r.top]
        left = max([s.right for s in beside if s.right <= r.left], default=0)
        right = min([s.left for s in beside if s.left >= r.right], default=size[0])
        r = pygame.Rect(left, r.y, right - left, r.h)
        over = [s for s in strips if s.left < r.right and s.right > r.left]
        top = max([s.bottom for s in over if s.bottom <= r.top], default=0)
        bottom = min([s.top for s in over if s.top >= r.bottom], default=size[1])
        r = pygame.Rect(r.x, top, r.w, bottom - top)
        return None if r.collidelist(strips) >= 0 else r

    def board_hold(self, pos: tuple[float, float]) -> None:
        """A finger held still on the board: what a right click does (drop the selection)."""
        self.cancel_selection()

    # -- drawing --------------------------------------------------------------------------------------
    def drop_caches(self) -> None:
        self._strip_cache: dict[int, tuple[Any, pygame.Surface]] = {}
        self._strip_base: dict[int, tuple[Any, pygame.Surface]] = {}
        self._strip_card: dict[int, tuple[Any, pygame.Surface]] = {}  # the base with the empty card
        self._strip_work: dict[int, pygame.Surface] = {}  # each strip's upright surface, drawn on again
        self._screen_mark = None  # (screen, size, frame) when the screen holds this scene's last frame whole
        self.screen_kept = False  # this frame draws on the last one: only what changed is blitted

    def forget_board_frame(self) -> None:
        """Hook: forget the board area's kept picture of the last frame (not the layout's static
        layers), so the next frame paints it whole — what ``tabletop bench`` times as the frame
        after a move that changed everything."""

    def table_draw(self, surface: pygame.Surface) -> None:
        self._audited: list[pygame.Surface] = []  # an audit tells surfaces apart by id: keep them alive
        self.table_relayout()
        audit = text_audit.active()
        reach = self.board_reach(surface.get_size())
        mark = (id(surface), surface.get_size(), getattr(self.app, "frames", None))
        before = getattr(self, "_screen_mark", None)
        self.screen_kept = (not audit and reach is not None and before is not None and mark[2] is not None
                            and before == (mark[0], mark[1], mark[2] - 1))
        top = bool(self.app.stack) and self.app.stack[-1] is self  # nothing is drawn over this frame
        self._screen_mark = mark if top and reach is not None else None
        self.draw_table_texture(surface)
        if self.viewport is not None:
            clip = surface.get_clip()
            if reach is not None:  # never onto a strip: an unchanged strip is not blitted again
                surface.set_clip(reach)
            self.draw_board(surface, self.viewport)
            surface.set_clip(clip)
        rows = {r.seat: r for r in self.player_rows()}
        acting = self.shown_acting()
        over = self.state.current_player is None
        for panel in self.table_panels:
            seat = panel.seat
            active = seat == acting and not over
            row = rows.get(seat)
            key = None if audit else self._strip_key(panel, row, active, over)
            cached = self._strip_cache.get(seat)
            if key is not None and cached is not None and cached[0][0] == key[0] and seat in self._strip_work:
                if cached[0] != key:  # the same strip with some parts changed (the log after a move)
                    self._repaint_parts(panel, row, active, cached[0][1], key[1], cached[1], surface)
                    self._strip_cache[seat] = (key, cached[1])
                if not self.screen_kept:  # else the screen shows it already (its changed parts blitted)
                    surface.blit(cached[1], panel.screen_rect.topleft)
                continue
            base = self._strip_card_for(panel, surface, active)
            upright = self._strip_work.get(seat)
            if upright is None or upright.get_size() != base.get_size():
                upright = self._strip_work[seat] = base.copy()
            else:  # into the kept surface: a fresh copy of a 4K strip costs its allocation again
                upright.blit(base, (0, 0))
            self.draw_seat_panel(upright, panel, row, active, card=False)
            turned = panel.turn(upright)
            surface.blit(turned, panel.screen_rect.topleft)
            if audit:
                self._audited.append(upright)
            if key is not None:
                self._strip_cache[seat] = (key, turned)
            else:  # the kept upright picture no longer matches a kept key
                self._strip_cache.pop(seat, None)

    def _repaint_parts(self, panel: EdgePanel, row: Any, active: bool, before: dict[str, Any], now: dict[str, Any],
                       turned: pygame.Surface, surface: pygame.Surface) -> None:
        """Only the strip's parts whose key changed: each one's rectangle (with a margin for a
        glyph or an outline reaching past it) restored from the base, drawn again with every part
        that reaches into it, and only that rectangle turned into the kept turned picture."""
        upright = self._strip_work[panel.seat]
        base = self._strip_card_for(panel, surface, active)
        parts = self.table_parts[panel.seat]
        grow = self.metrics.pad
        for name, key in now.items():
            rect = getattr(parts, name)
            if before.get(name) == key or rect.w <= 0 or rect.h <= 0:
                continue
            clip = rect.inflate(grow, grow).clip(upright.get_rect())
            upright.set_clip(clip)
            upright.blit(base, clip.topleft, clip)
            self.draw_seat_panel(upright, panel, row, active, clip, card=False)
            upright.set_clip(None)
            at = panel.rect_to_screen(clip)
            piece = panel.turn(upright.subsurface(clip))
            if turned is not upright:  # the bottom edge's turned picture is the upright one
                turned.blit(piece, (at.x - panel.screen_rect.x, at.y - panel.screen_rect.y))
            if self.screen_kept:
                surface.blit(piece, at)

    def _strip_base_for(self, panel: EdgePanel, surface: pygame.Surface) -> pygame.Surface:
        """The table under a strip seen upright, with the strip card's shadow: drawn once per
        layout (the background does not change under a strip)."""
        parts = self.table_parts[panel.seat]
        key = (panel.edge, panel.size, tuple(panel.screen_rect), tuple(parts.card), getattr(self, "_table_key", None))
        found = self._strip_base.get(panel.seat)
        if found is not None and found[0] == key:
            return found[1]
        table = getattr(self, "_table", surface)  # the background (the screen has not got it there)
        under = table.subsurface(panel.screen_rect.clip(table.get_rect())).copy()
        if under.get_size() != panel.screen_rect.size:
            under = pygame.Surface(panel.screen_rect.size)
            under.fill(theme.TABLE)
        base = pygame.transform.rotate(under, -panel.angle) if panel.angle else under
        draw.shadowed_panel(base, parts.card, radius=self._strip_radius(parts))
        self._strip_base[panel.seat] = (key, base)
        return base

    def _strip_card_for(self, panel: EdgePanel, surface: pygame.Surface, active: bool) -> pygame.Surface:
        """The strip's base with its empty card (the acting seat's fill and rim, or the others'):
        kept per look, so a repaint copies the card instead of filling a rounded 4K rectangle."""
        base = self._strip_base_for(panel, surface)
        key = (self._strip_base[panel.seat][0], self.table_parts[panel.seat].mode, self.metrics.pad, active)
        found = self._strip_card.get(panel.seat)
        if found is not None and found[0] == key:
            return found[1]
        card = base.copy()
        self._draw_card(card, self.table_parts[panel.seat], active)
        self._strip_card[panel.seat] = (key, card)
        return card

    def _draw_card(self, surf: pygame.Surface, parts: StripParts, active: bool) -> None:
        m = self.metrics
        radius = self._strip_radius(parts)
        card = parts.card
        pygame.draw.rect(surf, ACTIVE_FILL if active else theme.PANEL, card, border_radius=radius)
        pygame.draw.rect(surf, theme.ACCENT if active else theme.PANEL_EDGE, card,
                         width=max(2, m.pad // 6) if active else max(1, m.pad // 12), border_radius=radius)

    def _strip_radius(self, parts: StripParts) -> int:
        return max(6, min(parts.card.h, parts.card.w) // 10 if parts.mode == "band" else self.metrics.pad)

    def _strip_key(self, panel: EdgePanel, row: Any, active: bool, over: bool) -> Any:
        """Everything a strip shows, or None while its picture moves (dice tumbling): (what the
        whole strip depends on, {part: what that part shows}) — a part of ``StripParts`` whose
        key alone changed is repainted by itself (``_repaint_parts``)."""
        seat = panel.seat
        if active and self.rolling():
            return None
        parts = self.table_parts[seat]
        buttons = tuple((b.label, b.enabled, b.hover, b.toggled, b.primary, tuple(b.rect))
                        for b in self.table_buttons.get(seat, []))
        menu = self.table_menus[seat]
        row_key = (row.name, row.detail, row.active, row.out, row.rgb, row.symbol, row.colour) if row else None
        shown = active or over
        rects = tuple(map(tuple, (parts.card, parts.head, parts.menu, parts.prompt, parts.log, parts.extra,
                                  parts.dice)))
        # the game's part may draw anywhere in the strip (a hand's lifted card): a change there
        # repaints the whole strip
        whole = (panel.size, panel.edge, parts.mode, rects, active, over, active and self.can_roll(), buttons, language(),
                 self.metrics.height, getattr(self, "_table_key", None), self.table_strip_key(seat))
        last = tuple(table_strip.log_tail(self.log, 1)) if parts.mode == "band" else ()
        return whole, {
            "head": (row_key, self.seat_name(seat), self.head_role(seat)),
            "menu": (menu.label, menu.hover),
            "log": tuple(table_strip.log_tail(self.log, LOG_LINES)),
            "prompt": (self.current_prompt(), last) if shown else None,
            "dice": tuple(self.dice()) if active and self.shows_dice() else (),
        }

    def draw_seat_panel(self, surf: pygame.Surface, panel: EdgePanel, row, active: bool,
                        clip: pygame.Rect | None = None, card: bool = True) -> None:
        """One seat's strip, upright (the caller turns it to face the seat); with ``clip`` (the
        surface clipped to it) only the parts that reach into it; ``card`` False: the empty card
        is there already (``_strip_card_for``)."""
        m = self.metrics
        seat = panel.seat
        parts = self.table_parts[seat]
        over = self.state.current_player is None
        if card:
            self._draw_card(surf, parts, active)

        def reaches(rect: pygame.Rect) -> bool:
            return clip is None or rect.inflate(m.pad, m.pad).colliderect(clip)

        if reaches(parts.head):
            self._draw_head(surf, parts.head, seat, row)
        if reaches(parts.menu):
            self.table_menus[seat].draw(surf, m.small, min_size=m.small)
        if parts.log.w and parts.log.h and reaches(parts.log):
            table_strip.draw_log(surf, parts.log, table_strip.log_tail(self.log, LOG_LINES), m.small, m.pad)
        if parts.prompt.w and (active or over) and reaches(parts.prompt):
            self._draw_prompt_part(surf, parts)
        if parts.dice.w and active and reaches(parts.dice):
            self.draw_dice(surf, parts.dice)
        if parts.extra.w and parts.extra.h:  # always (clipped): it may reach past its rectangle
            self.draw_seat_extra(surf, parts.extra, seat, active)
        for b in self.table_buttons.get(seat, []):
            if reaches(b.rect):
                b.draw(surf, m.body, min_size=m.small)

    def head_name(self, seat: int, row) -> str:
        """The name a strip's head shows (with "(out)" once the seat is out: measured so too)."""
        name = row.name if row else self.seat_name(seat)
        return tr("{name} (out)", name=name) if row is not None and row.out else name

    def head_role(self, seat: int) -> str:
        """Who moves a computer's seat ("computer, hard"), led into its strip's score line where
        the strip has the room: at a table there is no player list, and a computer's strip said
        nothing of who plays it (a person's says nothing: the people sit at their own edges)."""
        seats = self.shown_seats()
        if seat >= len(seats) or seats[seat].is_human:
            return ""
        return self.seat_role(seat)

    def _draw_head(self, surf: pygame.Surface, rect: pygame.Rect, seat: int, row) -> None:
        """The seat's piece, name (bold), who plays a computer's seat (where there is room) and score line."""
        if rect.w <= 0 or rect.h <= 0:
            return
        m = self.metrics
        r = min(rect.h * 0.3, m.button_h * 0.32)
        if row is not None:
            self.draw_row_piece(surf, (rect.x + r + 2, rect.centery), r, row)
        left = rect.x + table_strip.head_piece_width(m, rect.h)
        if rect.right - left < 3 * m.small:  # a full strip kept the piece only (the prompt names him)
            return
        name = self.head_name(seat, row)
        name_size = m.body
        name_h = theme.font(m.body, True).get_linesize()
        detail_h = theme.font(m.small).get_linesize()
        width = rect.right - left
        detail = wrap_parts(row.detail, m.small, width) if row is not None and row.detail else []
        role = self.head_role(seat) if row is not None else ""
        # the role as the score line, between its " · " parts (a team's line is one where it fits,
        # word by word where not: whole or nothing, it was left out of a 1024x600 table's side strips)
        led = [*wrap_parts(role, m.small, width), *detail] if role else []
        if led and name_h + len(led) * detail_h <= rect.h and all(theme.font(m.small).size(x)[0] <= width for x in led):
            detail = led  # the role on lines under the name, where the head has them to spare (a stack's)
        elif len(detail) > 1 and name_h + len(detail) * detail_h > rect.h:  # a thin band: a smaller name
            name_size, name_h = m.small, theme.font(m.small, True).get_linesize()
            if name_h + len(detail) * detail_h > rect.h:  # no room to wrap: one line
                name_size, name_h, detail = m.body, theme.font(m.body, True).get_linesize(), [row.detail]
        top = rect.centery - (name_h + len(detail) * detail_h) // 2
        text = pygame.Rect(left, top, width, name_h)
        draw.fitted_text(surf, name, text, name_size, theme.INK, bold=True, anchor="midleft", min_size=m.small)
        for i, line in enumerate(detail):
            draw.fitted_text(surf, line, pygame.Rect(left, text.bottom + i * detail_h, width, detail_h), m.small,
                             theme.INK_SOFT, anchor="midleft", min_size=m.small)

    def _draw_prompt_part(self, surf: pygame.Surface, parts: StripParts) -> None:
        """The prompt; in a band, with room to spare under it, the last event too (the acting
        player sees what happened just before his turn). A band's lines sit in its middle, as its
        name and buttons do: from the top they kept a few pixels from the board's side of the strip
        and left a wide gap at the player's."""
        m = self.metrics
        forms, area = self.fitted_prompts(), parts.prompt
        if parts.mode != "band":
            self.draw_fitted_prompt(surf, forms, area)
            return
        line = theme.font(m.small).get_linesize()
        found = None
        if area.w >= NO_PROMPT * m.body:  # a form that fits in the band's middle first: a long one
            half = min(parts.card.centery - area.y, area.bottom - parts.card.centery)  # filling the
            middle = pygame.Rect(area.x, parts.card.centery - half, area.w, 2 * half)  # area sat off it
            # but not the bare "your turn" fallback: it fitted the middle where the game's own
            # prompt fitted the whole area, and a player read «Жёлтый: ваш ход.» after his roll
            own = forms[:len(self.table_prompts())]
            found = (self.fit_prompt(own, middle) if half > 0 else None) or self.fit_prompt(forms, area)
        if found is None:  # nothing, or the cut last form: from the top as before
            self.draw_fitted_prompt(surf, forms, area)
            return
        lines, size = found
        used = len(lines) * theme.font(size, True).get_linesize()
        last = table_strip.log_tail(self.log, 1)
        event = bool(last and area.h - used >= line and arrow_text_width(last[0][0], m.small) <= area.w)  # whole, or not
        block = used + (line if event else 0)
        top = max(area.y, min(area.bottom - block, parts.card.centery - block // 2))
        self.draw_fitted_prompt(surf, forms, pygame.Rect(area.x, top, area.w, area.bottom - top))
        if event:  # "->" drawn as an arrow, as in the strips' log and the window's (the font has no arrow)
            arrow_text(surf, last[0][0], (area.x, top + used), m.small, theme.INK_SOFT)

    def table_prompts(self) -> list[str]:
        """The prompt, then shorter forms of it for a strip with less room (a thin band on a small
        screen): the strip shows the first that fits whole. After the game: who won, without the
        scores (each strip's head and the result card show them). A game may add its own forms."""
        forms = [self.current_prompt()]
        if self.state.current_player is None:
            outcome = self.state.outcome()
            banner = self.result_table(outcome).banner.strip().rstrip(".") if outcome is not None else ""
            if banner:
                forms += [game_over_text(banner), banner]
        return forms

    def fitted_prompts(self) -> list[str]:
        """The game's forms, and last whose turn it is: a strip full of the hand, dice and buttons
        (130% text, five captains) still says who acts, where before it said nothing."""
        forms = self.table_prompts()
        acting = self.acting_seat()
        if self.state.current_player is not None and acting is not None and self.sliding_mover() is None:
            forms.append(tr("{name}: your turn.", name=self.seat_name(acting)))
        return forms

    def fit_prompt(self, forms: list[str], area: pygame.Rect) -> tuple[list[str], int] | None:
        """The lines and size of the first of ``forms`` that fits ``area`` whole (smaller type when
        it needs more lines than fit, down to the smallest readable size), or None."""
        m = self.metrics
        for prompt in forms:
            size = m.body
            while True:
                lines = theme.wrap(prompt, size, area.w, bold=True)
                fit = area.h // theme.font(size, True).get_linesize()
                wide = any(theme.font(size, True).size(line)[0] > area.w for line in lines)
                if (len(lines) <= fit and not wide) or size <= m.small:
                    break
                size -= 1
            if len(lines) <= fit and not wide:
                return lines, size
        return None

    def _prompt_fits(self, parts: StripParts) -> bool:
        area = parts.prompt
        return area.w >= NO_PROMPT * self.metrics.body and self.fit_prompt(self.fitted_prompts(), area) is not None

    def draw_fitted_prompt(self, surf: pygame.Surface, forms: list[str], area: pygame.Rect) -> int:
        """The first of the prompt's ``forms`` that fits ``area`` whole; only if none does, the last
        one cut with an ellipsis (an audit records the cut). An area narrower than a few words (a
        band whose buttons took the width: they and the card say what to do) shows none. Returns
        the height used."""
        m = self.metrics
        if area.w < NO_PROMPT * m.body:
            return 0
        found = self.fit_prompt(forms, area)
        if found is None:
            lines = theme.wrap(forms[-1], m.small, area.w, bold=True)[:max(1, area.h // theme.font(m.small, True).get_linesize())]
            last = lines[-1]
            while last and theme.font(m.small, True).size(last + "…")[0] > area.w:
                last = last[:-1]
            lines[-1] = last.rstrip() + "…"
            if text_audit.active():
                text_audit.note(lines[-1], m.small, None, surf, cut=True, wanted=forms[0])
            found = lines, m.small
        lines, size = found
        line_h = theme.font(size, True).get_linesize()
        y = area.y
        for line in lines:
            draw.text(surf, line, (area.x, y), size, theme.INK, bold=True)
            y += line_h
        return y - area.y

    # -- input ------------------------------------------------------------------------------------------
    def table_click(self, pos: tuple[int, int]) -> bool:
        """A click on a strip: its buttons, its Menu, or its dice. True when a strip took it."""
        for panel in self.table_panels:
            local = panel.to_local(pos)
            if local is None:
                continue
            point = (int(local[0]), int(local[1]))
            menu = self.table_menus.get(panel.seat)
            if menu is not None and menu.hit(point):
                menu.action()
                self.app.audio.play("click")
                return True
            for b in self.table_buttons.get(panel.seat, []):
                if b.hit(point):  # a card it opens faces him; a later one (Esc) the seat on turn
                    if not self.tap_guard.admit(panel.seat, b):  # meant for the button that stood there
                        return True
                    self._for_seat(panel.seat, b.action)
                    self.app.audio.play("click")
                    return True
            if panel.seat == self.acting_seat() and self.can_roll():  # anywhere in his own strip
                self.roll()
            return True
        return False

    def table_motion(self, pos: tuple[int, int]) -> bool:
        changed = False
        for panel in self.table_panels:
            local = panel.to_local(pos)
            for b in [*self.table_buttons.get(panel.seat, []), self.table_menus[panel.seat]]:
                hover = local is not None and b.rect.collidepoint(local) and b.enabled
                if hover != b.hover:
                    b.hover = hover
                    changed = True
        return changed

    def table_pointer(self, event: pygame.event.Event) -> None:
        """Touch on the board: hover where a finger lands; a still hold acts as a right click."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.viewport is None or not self.board_area.collidepoint(event.pos):
                return
            if getattr(event, "touch", False):
                here = pygame.event.Event(pygame.MOUSEMOTION, pos=event.pos, rel=(0, 0), buttons=(0, 0, 0), touch=True)
                self.dirty |= bool(self.board_motion(self.viewport.to_logical(*event.pos), here))
            self._hold_at = tuple(event.pos)
            self.timers.start("hold", HOLD_TIME)
        elif event.type == pygame.MOUSEMOTION and self._hold_at is not None:
            x, y = self._hold_at
            if abs(event.pos[0] - x) + abs(event.pos[1] - y) > self.metrics.pad:
                self._cancel_hold()
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self._cancel_hold()

    def _cancel_hold(self) -> None:
        if self._hold_at is not None:
            self._hold_at = None
            self.timers.cancel("hold")

    def table_tick(self) -> None:
        """Called every update: a hold that has lasted ``HOLD_TIME`` fires once."""
        if self._hold_at is not None and not self.timers.running("hold"):
            pos, self._hold_at = self._hold_at, None
            if self.viewport is not None:
                self.board_hold(self.viewport.to_logical(*pos))
                self.dirty = True

    def blit_facing(self, surface: pygame.Surface, card: pygame.Surface, at: tuple[int, int], panel: EdgePanel | None,
                    bounds: pygame.Rect, keep: Sequence[placement.Shape] = (),
                    also: Sequence[placement.Shape] = ()) -> None:
        """A small upright card (a tooltip) shown turned to ``panel``'s seat, beside the point
        ``at``: on his far side (where his finger does not cover it) unless that hides some of
        ``keep`` (lit targets, pieces that can move, the piece pointed at), then on the first other
        side that does not (nor hides ``also``, the other pieces, where it can); kept inside ``bounds``."""
        angle = panel.angle if panel is not None else 0
        image = pygame.transform.rotate(card, angle) if angle else card
        spots = placement.centres(at, card.get_size(), self.metrics.pad, placement.FACING_ORDER, angle)
        surface.blit(image, placement.place(image.get_size(), spots, bounds, keep, also))

    # -- the seat's own menu, and cards that face a seat -------------------------------------------
    def open_table_menu(self, seat: int) -> None:
        """A seat's Menu: the rules, the sound, the settings (text size mid-game), leaving — on a
        card that faces that seat, as the cards it opens do."""
        self.table_focus = seat
        sound = tr("Turn sound off") if self.app.audio.enabled else tr("Turn sound on")  # what it does, not
        # what is: "Sound off" read as the state as well as the action
        self.app.message(tr("Menu"), tr("{game} — {name}'s menu", game=tr(self.spec.title), name=self.seat_name(seat)),
                         [(tr("Rules"), lambda: self._for_seat(seat, self.show_rules)),
                          (sound, self.toggle_sound),
                          (tr("Settings"), lambda: self._for_seat(seat, self.show_settings)),
                          (tr("Leave"), lambda: self._for_seat(seat, self.confirm_leave)),
                          (tr("Close"), None)], cancel=4)
        self.table_focus = None

    def _for_seat(self, seat: int, action: Any) -> None:
        """Run ``action`` for a seat: a card it opens faces him. Only while it runs: kept after a
        strip's Keep, Esc's Leave card on the next captain's turn faced the one who had tapped."""
        self.table_focus = seat
        try:
            action()
        finally:
            self.table_focus = None

    def message_edge(self) -> str:
        """The edge a new card faces: the seat that asked for it (its strip was tapped), else
        after the game the person who did best (``result_seat``), else the seat on turn."""
        seat = self.table_focus
        if seat is None and self.state.current_player is None:
            seat = self.result_seat()
        if seat is None:
            seat = self.acting_seat()
        panel = self.panel_of(seat)
        return panel.edge if panel is not None else "bottom"

    def result_seat(self) -> int | None:
        """Whom the result card faces: the first winner who is a person, else the person with the
        most points (a computer's edge has nobody sitting at it: the card faced an empty side of
        the table when a computer won), else the first winner (computers only)."""
        outcome = self.state.outcome()
        if outcome is None:
            return None
        seats = self.shown_seats()
        people = [i for i in range(self.state.num_players) if i < len(seats) and seats[i].is_human]
        winners = [w for w in outcome.winners if w in people]
        if winners:
            return winners[0]
        if people and len(outcome.points) >= self.state.num_players:
            return max(people, key=lambda i: (outcome.points[i], -i))
        return outcome.winners[0] if outcome.winners else (people[0] if people else None)

    def table_edge_cycle(self) -> list[str]:
        """The edges that have a seat, clockwise from the bottom (a card's Turn button cycles them)."""
        used = {p.edge for p in getattr(self, "table_panels", [])}
        return [e for e in CLOCKWISE if e in used] or ["bottom"]


def wrap_parts(text: str, size: int, width: int) -> list[str]:
    """A score line wrapped between its " · " parts where they fit ("0 of 5 points ·" over "pips:
    353", not "pips:" over a lone "353"); word by word where a part alone is too wide."""
    keep = "\u00a0"
    lines = theme.wrap(text.replace(" ", keep).replace(f"{keep}·{keep}", " · "), size, width)
    lines = [line.replace(keep, " ") for line in lines]
    if any(theme.font(size).size(line)[0] > width for line in lines):
        return theme.wrap(text, size, width)
    return lines

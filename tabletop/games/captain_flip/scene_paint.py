"""Painting Captain Flip's table for one frame.

The static layer (table, board frames, spaces, bonus texts, card and strip panels) is drawn once
per window size and kept as an opaque copy of the board area, so a frame is one blit plus the
tiles, headers and texts on top. All positions come from :mod:`scene_geom` through the Viewport.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import pygame

from tabletop.games.captain_flip import scene_draw as sd
from tabletop.games.captain_flip import scene_regions
from tabletop.games.captain_flip import scene_text as txt
from tabletop.games.captain_flip.rules import (
    BONUS_FLIP,
    DOLPHIN_FLIP,
    DRAW,
    KEEP_OR_FLIP,
    MONKEY_FLIP,
    OVER,
    PLACE,
    UNKNOWN,
)
from tabletop.games.captain_flip.scene_geom import Parts, Slot, inside
from tabletop.i18n import language, tr
from tabletop.ui import draw, text_audit, theme
from tabletop.ui.table import EdgePanel
from tabletop.ui.widgets import Viewport

BOX_H = 760.0
LAST_MOVE = (40, 120, 230)
"""The frame of the latest turn's tiles (blue: apart from the lit targets' yellow)."""

if TYPE_CHECKING:
    from tabletop.games.captain_flip.scene import CaptainFlipScene


def _lerp(a: pygame.Rect, b: pygame.Rect, t: float) -> pygame.Rect:
    return pygame.Rect(int(a.x + (b.x - a.x) * t), int(a.y + (b.y - a.y) * t), int(a.w + (b.w - a.w) * t),
                       int(a.h + (b.h - a.h) * t))


class Painter:
    """Draws the scene's board area; also answers 'what is under the mouse' for tooltips."""

    def __init__(self, scene: CaptainFlipScene) -> None:
        self.scene = scene
        self._static: pygame.Surface | None = None
        self._key: Any = None
        self._baize: pygame.Surface | None = None    # the bare table under the middle area (table mode)
        self._turned: pygame.Surface | None = None   # the turned middle area's static layer, upright
        self._turned_key: Any = None
        self._bases: dict[Any, pygame.Surface] = {}  # the static layer upright, per edge (this layout)
        self._kept: dict[Any, tuple[Any, Any, Any]] = {}  # another edge's (work, image, regions)
        self._baize_key: Any = None
        self._frame: tuple[Any, pygame.Surface] | None = None  # the last turned frame and what it showed
        self._work: pygame.Surface | None = None     # the upright surface each turned frame is painted on
        self._image: pygame.Surface | None = None    # the last turned frame (``work`` itself when upright)
        self._regions: Any = None                    # what each part of it showed (scene_regions)
        self._region_geometry: Any = None            # the parts' pixels for the view in use
        self._on_screen: Any = None                  # the edge whose turned frame the screen was last given
        self.high: list[str] = []
        if scene.state.num_players == 1:  # a file set aside now is told on the result card
            self.high, scene.high_note = txt.high_rows(scene.state.variant)

    # -- static layer --------------------------------------------------------------------------------
    def background(self, surface: pygame.Surface, table_texture: Any) -> None:
        """Table, vignette, board frames, spaces, bonus texts and empty panels: drawn once per
        window size, then one opaque blit a frame (the frame's vignette is an alpha blit of the
        whole screen, too slow to repeat on a 4K table screen)."""
        sc = self.scene
        vp = sc.viewport
        m = sc.metrics
        if vp is None:
            table_texture(surface)
            return
        if sc.app.table_mode:  # the middle area is always painted on its own surface and turned
            table_texture(surface)
            key = (surface.get_size(), tuple(sc.board_area), getattr(sc, "_table_key", None))
            table = getattr(sc, "_table", None)
            if key != self._baize_key and table is not None and table.get_rect().contains(sc.board_area):
                self._baize = table.subsurface(sc.board_area).copy()  # the table under the area
                self._baize_key = key
            return
        parts = sc.parts
        key = (surface.get_size(), tuple(vp.rect), tuple(sc.board_area), sc.state.num_players, id(sc.board), m.small,
               parts)
        if key == self._key and self._static is not None:
            surface.blit(self._static, (0, 0))
            return
        table_texture(surface)
        self.base_layer(surface, vp, sc.board_area)
        self._static = surface.copy()
        self._key = key

    def base_layer(self, surface: pygame.Surface, vp: Viewport, area: pygame.Rect) -> None:
        """Board frames, spaces, bonus texts and the empty card and strip panels, inside ``area``."""
        sc = self.scene
        parts = sc.parts
        solo = sc.state.num_players == 1
        clip = surface.get_clip()
        surface.set_clip(area)
        for slot in sc.current_slots():
            sd.draw_board_base(surface, vp, slot, sc.board, sc.metrics.small, solo, sc.metrics.tiny,
                               shrink=sc.metrics.tiny if slot.big else None)
        draw.shadowed_panel(surface, sd.px(vp, parts.card), fill=theme.PANEL)
        draw.shadowed_panel(surface, sd.px(vp, parts.strip), fill=theme.PANEL)
        if solo:
            draw.shadowed_panel(surface, sd.px(vp, parts.others), fill=theme.PANEL)
        surface.set_clip(clip)

    def paint_turned(self, surface: pygame.Surface, turn: EdgePanel, vp: Viewport) -> None:
        """Table mode: the middle area is painted upright on its own surface (``vp`` maps the box
        into it) and turned to face the captain in focus, the way the frame turns the seats'
        strips. The turned static layer (the table under the area turned back, then the boards'
        bases) is kept until the window, the parts or the edge change; the turned frame is kept
        while nothing it shows changes (see ``frame_key``), so an unchanged redraw is one blit."""
        sc = self.scene
        key = (turn.edge, turn.size, tuple(turn.screen_rect), self._baize_key, sc.parts, sc.state.num_players)
        if self._turned_key != key or self._turned is None:
            base = self._bases.get(key)  # one per edge: a new turn brings another edge's back at once
            if base is None:
                base = pygame.transform.rotate(self._baize, -turn.angle) if self._baize is not None else None
                if base is None or base.get_size() != turn.size:
                    base = pygame.Surface(turn.size)
                    base.fill(theme.TABLE)
                self.base_layer(base, vp, base.get_rect())
                same = (key[2], key[3], key[5])  # this layout's (area, table, captains): any edge, any parts
                self._bases = {k: v for k, v in self._bases.items() if (k[2], k[3], k[5]) == same}
                self._bases[key] = base
            if self._turned_key is not None and self._work is not None:  # keep this edge's last frame
                self._kept[self._turned_key] = (self._work, self._image, self._regions)
            self._kept = {k: v for k, v in self._kept.items() if k in self._bases}
            self._turned, self._turned_key = base, key
            self._frame = None
            # the edge's own last frame, if it had one: a new captain in focus repaints only what
            # changed since he last was (the others' tiles, the card), not the whole area
            self._work, self._image, self._regions = self._kept.pop(key, (None, None, None))
        shown = self.frame_key(turn)
        # the screen shows the last frame: blit only what changed — unless that frame faced
        # another edge (a captain at another edge was in focus): then the kept picture brought
        # back for this edge is not what the screen shows, and it goes on the screen whole
        kept = getattr(sc, "screen_kept", False) and self._on_screen == key
        self._on_screen = key
        if shown is not None and self._frame is not None and self._frame[0] == shown:
            if not kept:
                surface.blit(self._frame[1], turn.screen_rect.topleft)
            return
        audit = text_audit.active()
        now = None if audit else scene_regions.regions(self, vp, turn.edge)
        dirty = scene_regions.changed(self._regions, now) if self._image is not None else None
        work = self._work
        if work is None or work.get_size() != self._turned.get_size():
            work = self._work = self._turned.copy()
            dirty = None
        if dirty is None:  # the whole area: the static layer into the kept surface (a fresh copy
            work.blit(self._turned, (0, 0))  # would cost a new 20 MB at 4K), painted and turned
            if audit:
                getattr(sc, "_audited", []).append(work)  # texts are told apart by their surface's id
            self.paint(work, vp, work.get_rect())
            self._image = turn.turn(work)
        elif dirty:
            self._repaint(work, vp, turn, dirty, surface if kept else None)
        if dirty is None or not kept:
            surface.blit(self._image, turn.screen_rect.topleft)
        self._regions = None if audit else now
        self._frame = (shown, self._image) if shown is not None else None

    def _repaint(self, work: pygame.Surface, vp: Viewport, turn: EdgePanel, dirty: list[pygame.Rect],
                 screen: pygame.Surface | None = None) -> None:
        """Only the changed parts: the static layer back under each, everything painted once
        clipped to their bounds, and each part turned into the kept turned picture (and onto
        ``screen``, when it shows the last frame). Upright (0°) the kept picture is ``work``
        itself, so the whole bounds are restored there."""
        frame = work.get_rect()
        parts = [r.clip(frame) for r in dirty]
        parts = [r for r in parts if r.w > 0 and r.h > 0]
        if not parts:
            return
        bounds = parts[0].unionall(parts[1:])
        origin = turn.screen_rect.topleft
        if turn.angle == 0:
            work.blit(self._turned, bounds, bounds)
            self.paint(work, vp, bounds)
            if screen is not None:
                screen.blit(work, (origin[0] + bounds.x, origin[1] + bounds.y), bounds)
            return
        for r in parts:
            work.blit(self._turned, r, r)
        self.paint(work, vp, bounds)  # in the bounds outside the parts work is not kept: never shown
        assert self._image is not None
        for r in parts:
            at = turn.rect_to_screen(r)
            piece = turn.turn(work.subsurface(r))
            self._image.blit(piece, (at.x - origin[0], at.y - origin[1]))
            if screen is not None:
                screen.blit(piece, at)

    def frame_key(self, turn: EdgePanel) -> Any:
        """Everything the middle area shows, or None while it moves (a tile sliding, turning up)
        or while a text audit wants every text drawn."""
        sc = self.scene
        if text_audit.active() or sc.timers.any_running() or sc.anim_progress() < 1.0:  # anything timed moves
            return None
        return (turn.edge, sc.state_version, sc.frame_signature(), sc.focus_seat(), sc.hover_col, sc.hover_tip,
                sc.key_pick, sc.drag, sc.drag_pos if sc.drag else None, sc.parts, tuple(self.high), self._turned_key, language())

    def forget_frame(self) -> None:
        self._frame = None
        self._regions = None
        self._kept = {}
        self._on_screen = None

    # -- the frame -------------------------------------------------------------------------------------
    def paint(self, surface: pygame.Surface, vp: Viewport, area: pygame.Rect | None = None) -> None:
        """The moving parts inside ``area`` (the scene's board area, or a turned area's own surface)."""
        sc = self.scene
        area = sc.board_area if area is None else area
        slots = sc.current_slots()
        clip = surface.get_clip()
        surface.set_clip(area)
        p = sc.anim_progress()
        for slot in slots:
            self.header(surface, vp, slot)
            self.kraken_tags(surface, vp, slot)
            self.tiles(surface, vp, slot, p)
        self.outline(surface, vp, slots)
        # the lit rims over the latest turn's frames: a tile placed this turn that the Monkey, the
        # Dolphin or a bonus may flip looked framed, not lit ("tap one of your lit tiles")
        self.targets(surface, vp, slots)
        self.card(surface, vp, p)
        if sc.state.num_players == 1:
            self.solo_card(surface, vp)
        self.strip(surface, vp, slots[0].seat)
        sc.effects.draw(surface, lambda at: self.effect_px(at, vp, slots), sc.metrics.body,
                        sd.px(vp, sc.parts.tile).w * 0.3)
        if sc.drag and sc.obs.drawn is not None:
            size = sd.px(vp, sc.parts.tile).w
            r = pygame.Rect(0, 0, size, size)
            r.center = tuple(int(v) for v in vp.to_px(*sc.drag_pos))
            face, other = sc.drawn_face()  # type: ignore[misc]
            sd.blit_tile(surface, self.tile(face, other, size), r)
        self.tip(surface, vp, area)
        surface.set_clip(clip)

    def effect_px(self, at: tuple, vp: Viewport, slots: list[Slot]) -> tuple[float, float]:
        """Where a marker stands: over a space of a seat's board, its header's coins, or the card."""
        sc = self.scene
        if at[0] == "card":
            r = sd.px(vp, sc.parts.tile)
            return (r.centerx, r.centery, r.w * 0.45)
        slot = next((s for s in slots if s.seat == at[1]), None)
        if slot is None:
            return sd.px(vp, sc.parts.tile).center
        if at[0] == "head":
            r = sd.px(vp, slot.head_rect(sc.board))
            return (r.right - r.h, r.centery, r.h * 0.5)
        r = sd.px(vp, slot.space(sc.board, at[2], at[3]))
        return (r.centerx, r.centery, r.w * 0.45)

    def outline(self, surface: pygame.Surface, vp: Viewport, slots: list[Slot]) -> None:
        """The latest turn's tiles stay framed until the next turn: where a tile was placed (thick)
        and which tiles were flipped (thin), so a player who looked away sees what happened."""
        sc = self.scene
        for seat, spot, width in scene_regions.outline_spots(self):
            slot = next((s for s in slots if s.seat == seat), None)
            if slot is None:
                continue
            r = sd.px(vp, slot.space(sc.board, *spot))
            w = sd.last_turn_ring(r.w, width == 3)
            pygame.draw.rect(surface, theme.WHITE, r.inflate(2 * w + 2, 2 * w + 2), width=w + 2,
                             border_radius=max(3, r.w // 7))
            pygame.draw.rect(surface, LAST_MOVE, r.inflate(2 * w, 2 * w), width=w, border_radius=max(3, r.w // 7))

    def tile(self, face: int, other: int, size: int) -> pygame.Surface:
        chars = self.scene.state.layout.tiles.characters
        m = self.scene.metrics
        mark = chars[other] if other not in (UNKNOWN, None) else None
        return sd.tile_surface(chars[face], size, sd.tile_caption(chars, face, size, m.small, m.tiny), mark)

    # -- boards --------------------------------------------------------------------------------------
    def header(self, surface: pygame.Surface, vp: Viewport, slot: Slot) -> None:
        sc = self.scene
        obs = sc.obs
        m = sc.metrics
        seat = slot.seat
        r = sd.px(vp, slot.head_rect(sc.board))
        active = sc.shown_turn() == seat
        if active:
            band = r.inflate(max(4, r.h // 6), -max(2, r.h // 8))
            pygame.draw.rect(surface, (255, 232, 180), band, border_radius=band.h // 3)
            pygame.draw.rect(surface, theme.ACCENT, band, width=max(2, band.h // 16), border_radius=band.h // 3)
        if active and not slot.big:
            ring = sd.px(vp, slot.board_rect(sc.board)).inflate(max(6, r.h // 3), max(6, r.h // 3))
            pygame.draw.rect(surface, theme.ACCENT, ring, width=max(2, r.h // 10), border_radius=max(6, r.h // 3))
        size = m.body if slot.big else m.small
        big_num = m.large if slot.big else m.small
        colours = sc.spec.colours or ("#c0392b",)
        st = theme.style(colours[seat % len(colours)])
        rad = min(r.h * 0.34, size * 0.9)
        draw.piece(surface, (r.x + rad + 4, r.centery), rad, st.rgb, st.symbol)
        ink = theme.INK if active else theme.WHITE
        left = sd.coin_count(surface, (r.right - max(4, r.h // 6), r.centery), sc.shown_coins(seat), big_num, ink)
        if obs.map_holder == seat:
            th = int(min(r.h * 0.8, big_num * 1.5))
            centre = (left - size // 2 - int(th * 1.43) // 2, r.centery)
            left = sd.map_token(surface, centre, th).left
        name = sc.seat_name(seat)
        if active and slot.big:
            name += tr(" — to play")
        name_rect = pygame.Rect(int(r.x + 2 * rad + 10), r.y, max(1, left - int(r.x + 2 * rad + 14)), r.h)
        fitted = sd.fit_name(name, size, m.tiny, name_rect.w, bold=True)
        if fitted is not None:  # else the piece alone names the seat (a thumbnail's narrow header)
            draw.text(surface, fitted[0], name_rect.midleft, fitted[1], ink, bold=True, anchor="midleft")

    def kraken_tags(self, surface: pygame.Surface, vp: Viewport, slot: Slot) -> None:
        """Board B's tags change: once a column's first value is taken, only the later one is left."""
        sc = self.scene
        obs = sc.obs
        for ci, column in enumerate(sc.board.columns):
            if column.bonus.kind == "kraken":
                words, short = sd.kraken_tag(obs, slot.seat, ci, column)
                sd.draw_tag(surface, vp, slot, sc.board, ci, words, sc.metrics.small, least=sc.metrics.tiny,
                            short=short, shrink=sc.metrics.tiny if slot.big else None)

    def tiles(self, surface: pygame.Surface, vp: Viewport, slot: Slot, p: float) -> None:
        sc = self.scene
        board = sc.board
        obs = sc.obs
        ease = 1 - (1 - p) ** 2
        for ci, column in enumerate(obs.boards[slot.seat]):
            low = board.columns[ci].low
            for i, (face, other, _seen) in enumerate(column):
                row = low + i
                r = sd.px(vp, slot.space(board, ci, row))
                anim = sc.anims.get((slot.seat, ci, row)) if p < 1 else None
                if anim is None:
                    sd.blit_tile(surface, self.tile(face, other, r.w), r)
                elif anim[0] == "place":
                    start = sd.px(vp, sc.parts.tile)
                    rr = _lerp(start, r, ease)
                    sd.blit_tile(surface, self.tile(face, UNKNOWN, rr.w), rr)
                else:
                    shown = anim[1] if p < 0.5 else face
                    squash = max(0.02, abs(math.cos(math.pi * p)))
                    sd.blit_tile(surface, self.tile(shown, UNKNOWN, r.w), r, squash)

    def target_rects(self, vp: Viewport, slots: list[Slot]) -> dict[tuple[int, int], pygame.Rect]:
        """The screen rects of the spaces lit for a person's decision (none when nobody decides
        on a board shown here): what a hover card must leave in sight."""
        sc = self.scene
        slot = next((s for s in slots if s.seat == sc.state.actor), None)
        if slot is None:
            return {}
        return {(col, row): sd.px(vp, slot.space(sc.board, col, row)) for col, row in sc.targets()}

    def targets(self, surface: pygame.Surface, vp: Viewport, slots: list[Slot]) -> None:
        """Light every legal target of a human's decision; the one under the mouse brighter, and
        while placing, a faint copy of the tile shows where it would land."""
        sc = self.scene
        tip = sc.hover_tip
        for (col, row), r in self.target_rects(vp, slots).items():
            if sc.state.phase == PLACE:
                strong = sc.hover_col == col
                if strong and sc.obs.drawn is not None and not sc.drag:
                    ghost = self.tile(sc.obs.drawn[0], UNKNOWN, r.w).copy()
                    ghost.set_alpha(130)
                    surface.blit(ghost, r.topleft)
                if sc.drag and sc.hover_col == col:
                    strong = True
            else:
                strong = (tip is not None and tip[:4] == ("tile", sc.state.actor, col, row)) or sc.key_pick == (col, row)
            sd.highlight(surface, r, strong)
        self.lit_tags(surface, vp, slots)

    def lit_tags(self, surface: pygame.Surface, vp: Viewport, slots: list[Slot]) -> None:
        """The tags over lit top spaces, again over their rims: the brighter rim of a hovered (or
        keyboard-marked) top tile covered the lower half of its column's tag («Переворот ≠»)."""
        sc = self.scene
        slot = next((s for s in slots if s.seat == sc.state.actor), None)
        if slot is None:
            return
        m, board, solo = sc.metrics, sc.board, sc.state.num_players == 1
        shrink = m.tiny if slot.big else None
        for col in sorted({c for c, row in sc.targets() if row == board.columns[c].top}):
            column = board.columns[col]
            if column.bonus.kind == "none":
                continue
            words, short = (sd.kraken_tag(sc.obs, slot.seat, col, column) if column.bonus.kind == "kraken"
                            else (sd.bonus_short(column.bonus, solo), ""))
            if sd.tag_fit(vp, slot, board, col, words, m.small, shrink) is not None:  # (else no tag: nothing to mend)
                sd.draw_tag(surface, vp, slot, board, col, words, m.small, least=m.tiny, short=short, shrink=shrink)

    # -- the card, the strip, the solo card ----------------------------------------------------------
    def card(self, surface: pygame.Surface, vp: Viewport, p: float) -> None:
        sc = self.scene
        obs = sc.obs
        m = sc.metrics
        parts = sc.parts
        panel = sd.px(vp, parts.card)
        pad = max(4, int(vp.length(14)))
        # another captain's tile (a computer's, or a person's while the large board is the last
        # person's) is named: under the large board of Red, "Drawn tile" and a Gunner read as Red's
        drawer = obs.actor if obs.phase in (KEEP_OR_FLIP, PLACE) and obs.actor != sc.focus_seat() else None
        title = self.card_title(obs.phase, sc.seat_name(drawer) if drawer is not None else "")
        draw.text(surface, title, (panel.x + pad, panel.y + pad // 2), m.body, theme.INK, bold=True)
        count = txt.bag_count(obs.bag_n, obs.dolphins)
        if parts.count_row:  # the header is too narrow for both (longer languages): a row of its own
            draw.text(surface, count, sd.px(vp, parts.card_count()).midleft, m.small, theme.INK_SOFT,
                      anchor="midleft")
        else:
            draw.text(surface, count, (panel.right - pad, panel.y + pad // 2), m.small, theme.INK_SOFT,
                      anchor="topright")
        tile_r = sd.px(vp, sc.parts.tile)
        lines: list[tuple[str, bool]] = []
        drawn = sc.drawn_face()
        if obs.phase == DRAW:
            word = tr("Draw") if sc.can_roll() else ""
            sd.blit_tile(surface, sd.back_surface(tile_r.w, word, m.body), tile_r)
            if sc.can_roll():
                sd.highlight(surface, tile_r)
                how = tr("Tap the bag.") if sc.app.table_mode else tr("Click the bag or press Space.")
                lines = [(tr("Your draw"), True), (how, False)]
            elif sc.sliding_mover() is not None:  # as the panel says it: the last move is still landing
                lines = [(sc.moving_words(sc.sliding_mover()), True)]
            else:
                lines = [(tr("{name} draws…", name=sc.seat_name(obs.actor)), True)]
        elif drawn is not None:
            face, other = drawn
            if sc.card_anim == "draw" and p < 1:
                if p < 0.5:
                    sd.blit_tile(surface, sd.back_surface(tile_r.w, "", m.body), tile_r, max(0.02, 1 - 2 * p))
                else:
                    sd.blit_tile(surface, self.tile(face, UNKNOWN, tile_r.w), tile_r, max(0.02, 2 * p - 1))
            elif sc.card_anim == "flip" and p < 1:
                shown = sc.card_old if p < 0.5 else face
                sd.blit_tile(surface, self.tile(shown, UNKNOWN, tile_r.w), tile_r, max(0.02, abs(math.cos(math.pi * p))))
            elif sc.drag:
                pygame.draw.rect(surface, theme.PANEL_EDGE, tile_r, width=max(2, tile_r.w // 40),
                                 border_radius=tile_r.w // 8)
            else:
                sd.blit_tile(surface, self.tile(face, other, tile_r.w), tile_r)
            lines = self.drawn_lines(face, other)
        elif obs.phase == OVER:
            lines = txt.final_lines(sc)
        elif obs.phase in (MONKEY_FLIP, BONUS_FLIP, DOLPHIN_FLIP):
            self.reason_tile(surface, tile_r)
            lines = self.reason_lines(obs.phase, sc.seat_name(obs.actor))
            if obs.phase == DOLPHIN_FLIP and (after := txt.dolphin_after(obs, [sc.seat_name(s) for s in range(obs.n)])):
                lines.append((after, False))
        if obs.phase == OVER:  # no tile: the scores take the card's width
            self.card_words(surface, sd.px(vp, parts.card_full()), lines)
        else:
            self.card_words(surface, sd.px(vp, parts.card_text()), lines, sd.px(vp, parts.card_below()))
        mr = sd.px(vp, parts.card_map())
        token = sd.map_token(surface, (mr.x + int(mr.h * 0.72), mr.centery), int(min(mr.h * 0.9, m.small * 1.6)))
        holder = tr("on the table") if obs.map_holder < 0 else sc.seat_name(obs.map_holder)
        words_rect = pygame.Rect(token.right + pad // 2, mr.y, mr.right - token.right - pad // 2, mr.h)
        words = sd.ellipsize(tr("Treasure Map: {holder}", holder=holder), m.small, words_rect.w)
        draw.fitted_text(surface, words, words_rect, m.small, theme.INK, anchor="midleft", min_size=m.small)

    @staticmethod
    def card_title(phase: str, drawer: str = "") -> str:
        """The card's title; ``drawer``: the name of the captain whose drawn tile it shows, when it
        is not the one whose board is large."""
        if drawer and phase in (KEEP_OR_FLIP, PLACE):
            return tr("{name}'s tile", name=drawer)
        return {DRAW: tr("The bag"), OVER: tr("Game over"), MONKEY_FLIP: tr("Monkey"), BONUS_FLIP: tr("Column bonus"),
                DOLPHIN_FLIP: tr("Dolphin")}.get(phase, tr("Drawn tile"))

    def drawn_lines(self, face: int, other: int | None) -> list[tuple[str, bool]]:
        """The drawn tile's words: its name, its effects, what is known of its other side."""
        chars = self.scene.state.layout.tiles.characters
        lines = txt.character_lines(chars[face], solo=self.scene.state.num_players == 1)
        if other == UNKNOWN:
            lines.append((tr("The other side is hidden."), False))
        elif other is not None:
            lines.append((tr("Flipped: the other side was the {name}.", name=tr(chars[other].id)), False))
        return lines

    # -- sizing the card and the strip for the longest words -------------------------------------------
    def plan(self, vp: Viewport, tall: bool = False) -> Parts:
        """The card and strip heights this window needs so that no drawn tile's words, no phase's
        words and no score line are cut (measured once per window size and language, for the
        longest case, so the boards do not jump while playing); ``tall``: in the tall box."""
        sc = self.scene
        m = sc.metrics
        scale = max(vp.scale, 1e-6)
        base = Parts(tall=tall)
        # the header: the longest title and the bag's count side by side, or the count on its own row
        pad = max(4, int(vp.length(14)))
        card_w = sd.px(vp, base.card).w
        titles = [self.card_title(ph) for ph in (DRAW, OVER, MONKEY_FLIP, BONUS_FLIP, DOLPHIN_FLIP, PLACE)]
        titles += [self.card_title(PLACE, sc.seat_name(s)) for s in range(sc.state.num_players)]
        title_w = max(theme.font(m.body, True).size(t)[0] for t in titles)
        count_w = theme.font(m.small).size(txt.bag_count(99, sc.state.layout.tiles.dolphins if sc.state.dolphin_on else 0))[0]
        count_row = title_w + count_w + 3 * pad > card_w
        row_h = max(36.0, (theme.font(m.small).get_linesize() + 4) / scale)
        parts = Parts(base.card_h, base.strip_h, row_h, count_row, tall)
        # the words: every character with either note on its other side, and the flip phases' words
        chars = sc.state.layout.tiles.characters
        names = [sc.seat_name(s) for s in range(sc.state.num_players)]
        who = max(names, key=lambda n: theme.font(m.small).size(n)[0])
        samples = [self.drawn_lines(face, other) for face in range(len(chars)) for other in (UNKNOWN, face)]
        samples += [self.reason_lines(ph, who) for ph in (MONKEY_FLIP, BONUS_FLIP, DOLPHIN_FLIP)]
        samples[-1] = [*samples[-1], (tr("Then {names}; then {drawer} draws again.", names=", ".join(names[1:]) or who,
                                         drawer=who), False)]
        samples.append([(tr("{name} draws…", name=who), True)])
        column = sd.px(vp, parts.card_text())
        below = sd.px(vp, parts.card_below())
        below.h = 10**6
        need = max(sd.flow_text(lines, column, below, m.body, m.small)[1] for lines in samples)
        extra = max(0.0, (need - below.y) / scale) if need > column.bottom + 2 else 0.0
        rows = row_h * (2 if count_row else 1)
        card_h = min(BOX_H * 0.56, max(base.card_h, 46 + 150 + 8 + (extra + 4 if extra else 0) + 8 + rows))
        # the strip: the longest head, score parts and notes, each on one line in body type or wrapped small
        strip_w = sd.px(vp, base.strip).inflate(-2 * pad, 0).w
        strip_need = sum(self._strip_height(line, strip_w) for line in txt.strip_samples(who)) + pad
        strip_h = min(BOX_H * 0.3, max(base.strip_h, strip_need / scale))
        return Parts(card_h, strip_h, row_h, count_row, tall)

    def _strip_height(self, line: tuple[str, bool, bool], width: int) -> int:
        return sum(theme.font(size, bold).get_linesize() for _t, size, bold in self._strip_rows(line, width))

    def _strip_rows(self, line: tuple[str, bool, bool], width: int) -> list[tuple[str, int, bool]]:
        """One strip line: whole in body type when it fits, else wrapped in small type."""
        m = self.scene.metrics
        words, bold, warn = line
        bold = bold or warn
        if sd.text_fits(words, m.body, width, bold):
            return [(words, m.body, bold)]
        return [(part, m.small, bold) for part in theme.wrap(words, m.small, width, bold)]

    def reason_tile(self, surface: pygame.Surface, r: pygame.Rect) -> None:
        sc = self.scene
        obs = sc.obs
        tiles = sc.state.layout.tiles
        if obs.phase == DOLPHIN_FLIP:
            pygame.draw.rect(surface, tiles.dolphin_colour, r, border_radius=r.w // 8)
            icon = sd.sprite(f"{tiles.dolphin_sprite}", int(r.w * 0.8))
            if icon is not None:
                surface.blit(icon, icon.get_rect(center=r.center))
        elif obs.phase == MONKEY_FLIP:
            sd.blit_tile(surface, self.tile(0, UNKNOWN, r.w), r)
        else:
            sd.blit_tile(surface, sd.back_surface(r.w, tr("Bonus"), self.scene.metrics.body), r)

    def reason_lines(self, phase: str, who: str) -> list[tuple[str, bool]]:
        sc = self.scene
        if phase == DOLPHIN_FLIP:
            return [(tr("Dolphin!"), True), (tr(sc.state.layout.tiles.dolphin_text), False),
                    (tr("Now: {name} flips.", name=who), False)]
        if phase == MONKEY_FLIP:
            return [(tr("Monkey"), True), (tr("{name} flips a tile next to the Monkey and applies it.", name=who), False)]
        return [(tr("Column bonus"), True), (tr("{name} flips any tile of his board and applies it.", name=who), False)]

    def card_words(self, surface: pygame.Surface, area: pygame.Rect, lines: list[tuple[str, bool]],
                   below: pygame.Rect | None = None) -> None:
        """Paragraphs beside the tile, going on under it (``below``) when the column is full; the
        last line that fits ends with an ellipsis if words are left over (the card was sized so
        that this does not happen)."""
        m = self.scene.metrics
        placed, _ = sd.flow_text(lines, area, below, m.body, m.small)
        bottom = (below if below is not None and below.h > 0 else area).bottom
        def fits(entry: tuple[str, int, bool, int, int]) -> bool:
            lh = theme.font(entry[1], entry[2]).get_linesize()
            return entry[4] + lh <= bottom + lh // 3

        for i, entry in enumerate(placed):
            if not fits(entry):
                break
            words, size, bold, x, y = entry
            if i + 1 < len(placed) and not fits(placed[i + 1]):  # words left over: say so
                words = sd.ellipsize(words + " …", size, (below or area).right - x, bold)
            draw.text(surface, words, (x, y), size, theme.INK, bold=bold)

    def strip(self, surface: pygame.Surface, vp: Viewport, seat: int) -> None:
        sc = self.scene
        panel = sd.px(vp, sc.parts.strip)
        pad = max(4, int(vp.length(14)))
        inner = panel.inflate(-2 * pad, -pad)
        y = inner.y
        for line in txt.strip_lines(sc.obs, seat, sc.seat_name(seat)):
            warn = line[2]
            for words, size, bold in self._strip_rows(line, inner.w):
                lh = theme.font(size, bold).get_linesize()
                if y + lh > panel.bottom:
                    return
                words = sd.ellipsize(words, size, inner.w, bold=bold)  # never wider than the strip
                draw.text(surface, words, (inner.x, y + lh // 2), size, theme.BAD if warn else theme.INK, bold=bold,
                          anchor="midleft")
                y += lh

    def solo_card(self, surface: pygame.Surface, vp: Viewport) -> None:
        sc = self.scene
        panel = sd.px(vp, sc.parts.others)
        pad = max(4, int(vp.length(14)))
        inner = panel.inflate(-2 * pad, -2 * pad)
        tiles = sc.state.layout.tiles
        lines: list[tuple[str, bool]] = [(tr("Solo · board {board}", board=sc.state.variant), True),
                                         (tr("Ranks by final coins:"), False)]
        low = 0
        for name, top in tiles.solo_ranks:
            lines.append((f"{low}–{top}: {tr(name)}" if top is not None else f"{low}+: {tr(name)}", False))
            low = (top or 0) + 1
        lines.append((tr("Three Gunners: Sunk."), False))
        lines.append((tr("Best results here:"), True))
        lines += [(row, False) for row in self.high] or [(tr("none yet"), False)]
        self.card_words(surface, inner, lines)

    # -- hover and tooltips -------------------------------------------------------------------------
    def tip_at(self, pos: tuple[float, float]) -> tuple[Any, ...] | None:
        sc = self.scene
        obs = sc.obs
        if inside(sc.parts.tile, *pos):
            return ("card",)
        for slot in sc.current_slots():
            spot = slot.space_at(sc.board, *pos)
            if spot is None:
                continue
            col, row = spot
            tile = obs.tile_at(slot.seat, col, row)
            if tile is not None:
                return ("tile", slot.seat, col, row)
            column = sc.board.columns[col]
            if row == column.top and column.bonus.kind != "none":
                return ("bonus", slot.seat, col, row)
            return None
        return None

    def tip(self, surface: pygame.Surface, vp: Viewport, area: pygame.Rect) -> None:
        sc = self.scene
        key = sc.hover_tip
        if key is None or sc.drag:
            return
        chars = sc.state.layout.tiles.characters
        obs = sc.obs
        if key[0] == "card":
            drawn = sc.drawn_face()
            if drawn is None:
                return
            lines = txt.character_lines(chars[drawn[0]], drawn[1], chars, obs.solo)
            near = sd.px(vp, sc.parts.tile)
        else:
            _, seat, col, row = key
            slot = sc.slot_of(seat)
            if slot is None:
                return
            near = sd.px(vp, slot.space(sc.board, col, row))
            tile = obs.tile_at(seat, col, row)
            if key[0] == "tile" and tile is not None:
                lines = txt.character_lines(chars[tile[0]], tile[1], chars, obs.solo)
            elif key[0] == "bonus":
                bonus = sc.board.columns[col].bonus
                title = tr("Cost of this space") if bonus.kind == "pay_to_place" else tr("Column bonus")
                lines = [(title, True), (sd.bonus_long(bonus, obs.solo), False), (bonus_when(bonus), False)]
                if bonus.kind == "pay_to_place" and obs.coins[seat] < bonus.a:  # why the space is not lit
                    lines.append((tr("{name} has no coin to pay: not now.", name=sc.seat_name(seat)), False))
            else:
                return
        m = sc.metrics
        keep = list(self.target_rects(vp, sc.current_slots()).values())
        sd.tooltip(surface, lines, near, area, m.body, m.small, keep)


def bonus_when(bonus: Any) -> str:
    """When a top space's bonus happens: a board D cost is paid to place, board C's end bonuses
    at the end (the tooltip said "Paid when a tile fills this top space." for both)."""
    if bonus.kind == "pay_to_place":
        return tr("Paid by the captain who places a tile here; not with 0 coins.")
    if bonus.kind.startswith("end_"):
        return tr("Paid at the end of the game if the column is full, on its final faces.")
    return tr("Paid when a tile fills this top space.")

"""Chicken Chase drawing: the hill (cached once per window size), the feed strip with its cards
and chicks, the hens (sliding after a move), highlights, the hand strip and the panel dice.

A mixin for :class:`~tabletop.games.chicken_chase.scene.ChickenChaseScene`: it reads the scene's
selection and asks the scene (never the rules) what is legal, so drawing and clicking agree.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import pygame

from tabletop.games.chicken_chase import hill
from tabletop.games.chicken_chase.moves import card_deck, card_value
from tabletop.games.chicken_chase.scene_geom import CARD_H, CARD_LIFT, CARD_W
from tabletop.i18n import plural, tr
from tabletop.ui import draw, theme
from tabletop.ui import game_scene as frame
from tabletop.ui.table import EdgePanel
from tabletop.ui.widgets import Button, Viewport

Point = tuple[float, float]
MEADOW = (176, 206, 122)
MEADOW_EDGE = (120, 150, 84)
HILL_LOW = (134, 178, 96)
HILL_HIGH = (206, 224, 150)
TRAIL = (226, 200, 146)
TRAIL_EDGE = (170, 140, 92)
FIELD = (252, 247, 232)
FIELD_RIM = (140, 108, 70)
BLOCKED = (112, 104, 96)
WOOD = (196, 150, 92)
WOOD_DARK = (120, 84, 46)
GOLD = (246, 202, 72)
TROUGH = (232, 214, 176)
TROUGH_RIM = (158, 124, 82)
STRIP = (244, 234, 212)
CARD_FACE = (253, 250, 242)
LAST_MOVE = (40, 120, 230)
"""The outline of the latest turn (blue: apart from the yellow targets and the hens' colours)."""


def cards_text(n: int) -> str:
    """"1 card", "2 cards" in the language's own counted forms (Russian said «1 карта» beside
    «карт: 2», two ways of counting side by side)."""
    return plural(n, tr("{n} card", n=n), tr("{n} cards (2–4)", n=n), tr("{n} cards", n=n))


def hidden_cards_text(n: int) -> str:
    """"1 card · hidden", "2 cards · hidden": the word for hidden agrees with the count as well
    (Russian said «1 карта · скрыты», the plural beside one card)."""
    return plural(n, tr("{n} card · hidden", n=n), tr("{n} cards (2–4) · hidden", n=n), tr("{n} cards · hidden", n=n))


def _mix(a, b, t: float) -> tuple[int, int, int]:
    return tuple(int(x + (y - x) * t) for x, y in zip(a[:3], b[:3], strict=False))  # type: ignore[return-value]


def card_image(code: int, w: int, h: int, face_up: bool, back: tuple[int, int, int],
               value_px: int, corner_min: int = 0) -> pygame.Surface:
    """One speed card, face up (value, rim in its deck's back colour) or face down (the back);
    in table mode a 6 or 9 on it is underlined (see ``theme.set_turn_marks``). The small corner
    value is left off when it would be smaller than ``corner_min``."""
    return _card_image(code, w, h, face_up, tuple(back[:3]), value_px, theme.turn_marks(), corner_min)


@lru_cache(maxsize=256)
def _card_image(code: int, w: int, h: int, face_up: bool, back: tuple[int, int, int],
                value_px: int, marks: bool, corner_min: int) -> pygame.Surface:
    surf = pygame.Surface((w + 6, h + 6), pygame.SRCALPHA)
    radius = max(3, w // 9)
    pygame.draw.rect(surf, (0, 0, 0, 70), pygame.Rect(4, 5, w, h), border_radius=radius)
    body = pygame.Rect(0, 0, w, h)
    if face_up:
        pygame.draw.rect(surf, back, body, border_radius=radius)
        inner = body.inflate(-max(4, w // 6), -max(4, w // 6))
        pygame.draw.rect(surf, CARD_FACE, inner, border_radius=max(2, radius // 2))
        ink = draw.shade(back, 0.55)
        img = theme.render(str(card_value(code)), value_px, ink, True)
        surf.blit(img, img.get_rect(center=inner.center))
        if value_px // 3 >= corner_min:
            corner = theme.render(str(card_value(code)), max(8, value_px // 3), ink, True)
            if corner.get_width() * 3 < inner.w:
                surf.blit(corner, corner.get_rect(topleft=(inner.x + 3, inner.y + 1)))
    else:
        pygame.draw.rect(surf, back, body, border_radius=radius)
        pygame.draw.rect(surf, draw.shade(back, 0.7), body, width=max(1, w // 30), border_radius=radius)
        inner = body.inflate(-max(6, w // 4), -max(6, w // 4))
        pygame.draw.rect(surf, draw.shade(back, 1.25), inner, width=max(1, w // 24),
                         border_radius=max(2, radius // 2))
        egg = pygame.Rect(0, 0, max(4, inner.w // 2), max(6, int(inner.w * 0.65)))
        egg.center = inner.center
        pygame.draw.ellipse(surf, draw.shade(back, 1.35), egg)
    return surf


class ChickenPainter:
    """Drawing half of the scene (see the module docstring)."""

    geom: Any
    layout_data: Any
    hill_words: tuple[tuple[pygame.Rect, int], ...] = ()
    """The names and numbers written on the hill, as the static picture last placed them."""
    hill_names: tuple[tuple[str, int, pygame.Rect, tuple[int, int, int]], ...] = ()
    """The names of Start and the finish as the static picture placed them (text, size, spot, tag
    colour): written again, on their tag, over a ring or glow drawn across them."""
    _rings: list[pygame.Rect]

    # -- where hens stand ---------------------------------------------------------------------------
    def hen_points(self, hens: list[int]) -> list[Point]:
        return hen_points(self.geom, self.layout_data, hens)

    def _slid_points(self) -> list[Point]:
        """Hen positions while the last move animates: the mover's hen walks up the trail field by
        field, then each hen it pushed slides down to where it drops (so the push reads as one)."""
        state = self.state
        now = self.hen_points(state.hens)
        before = self.last_state
        t = self.move_progress()
        if before is None or t >= 1 or len(before.hens) != len(state.hens) or before.hens == state.hens:
            return now
        then = self.hen_points(before.hens)
        mover = before.turn
        pushed = any(a != b for i, (a, b) in enumerate(zip(before.hens, state.hens, strict=False)) if i // 2 != mover)
        split = 0.62 if pushed else 1.0
        out = list(now)
        for i, (a, b) in enumerate(zip(before.hens, state.hens, strict=False)):
            if a == b:
                continue
            if i // 2 == mover:
                u = min(1.0, t / split)
            else:
                u = max(0.0, (t - split) / (1 - split)) if split < 1 else t
            u = 1 - (1 - u) ** 2
            step = 1 if b > a else -1
            path = [then[i]] + [self.layout_data.hill_point(f) for f in range(a + step, b, step)] + [now[i]]
            out[i] = _along(path, u)
        return out

    # -- what the last move did: flights, markers, the outline ----------------------------------------
    def seat_spot(self, seat: int) -> Point:
        """Where a seat's chicks and cards come from and go to on the board: its piece in the hand
        strip (window mode), else the middle of the board's lower edge (toward the table's panels)."""
        g = self.geom
        if not self.strip_shown():
            return (g.width / 2, g.height)
        x, y, w, h = g.strip
        viewer = self.viewer()
        if seat == viewer:
            return (x + 44, y + 40)
        ox, oy, ow, oh = g.others_area if viewer is not None else self._wide_others()
        seats = [s for s in range(self.state.n) if s != viewer]
        if seat not in seats:
            return (x + 44, y + 40)
        row_h = min(66.0, oh / len(seats))
        return (ox + 18, oy + row_h * (seats.index(seat) + 0.5))

    def feed_centre(self, field: int) -> Point:
        x, y, w, h = self.geom.feed_boxes[field - 1]
        return (x + w * 0.62, y + h / 2)

    def feed_card_centre(self, field: int) -> Point:
        x, y, w, h = self.geom.feed_boxes[field - 1]
        return (x + 14 + 37, y + h / 2)

    def _draw_flights(self, surface: pygame.Surface, vp: Viewport) -> None:
        """A placed chick flies from its owner's supply (or its old feed field) to its field; a card
        won there flies to its new owner's hand."""
        move, before = self.last_move, self.last_state
        t = self.move_progress()
        if before is None or t >= 1 or type(move).__name__ not in ("Place", "SetupChick"):
            return
        lay = self.layout_data
        seat = before.current_player if type(move).__name__ == "SetupChick" else before.turn
        look = lay.players[seat % len(lay.players)]
        start = self.feed_centre(move.source) if getattr(move, "source", 0) else self.seat_spot(seat)
        won = before.face[move.field - 1] is not None and self.state.face[move.field - 1] != before.face[move.field - 1]
        u = min(1.0, t / (0.55 if won else 1.0))
        u = 1 - (1 - u) ** 2
        # it lands on its own colour's token in the trough (not on the trough's middle, where the
        # last moments of the flight covered the other colours' rows); a won card sent it home
        slot = self.chick_slot(vp, move.field, seat)
        end, r = (vp.to_logical(*slot[0]), slot[1]) if slot is not None else (self.feed_centre(move.field),
                                                                                max(4, vp.length(16)))
        at = (start[0] + (end[0] - start[0]) * u, start[1] + (end[1] - start[1]) * u - 60 * math.sin(math.pi * u))
        if u < 1:
            draw.piece(surface, vp.to_px(*at), r, look.chick, look.symbol)
        if won and t > 0.45:
            v = (t - 0.45) / 0.55
            v = 1 - (1 - v) ** 2
            a, b = self.feed_card_centre(move.field), self.seat_spot(seat)
            c = (a[0] + (b[0] - a[0]) * v, a[1] + (b[1] - a[1]) * v - 80 * math.sin(math.pi * v))
            code = before.face[move.field - 1]
            deck = lay.decks[lay.feed_deck[move.field - 1]]
            rect = self._rect(vp, (c[0] - 30, c[1] - 42, 60, 84))
            surface.blit(card_image(code, rect.w, rect.h, True, deck.back, self._px(vp, 40)), rect.topleft)

    def _draw_outline(self, surface: pygame.Surface, vp: Viewport) -> None:
        """The latest turn stays marked until the next one: the feed fields chicks went to, and each
        hen's old field (a thin ring) and new one (a thick ring). Drawn before the feed strip and the
        hens, and outside where a target's glow goes: a field lit for this roll stays lit and every
        field's number stays readable (the reviewer found field 6 lit under last turn's blue)."""
        moves = self.outline
        if self.move_progress() < 1.0 and moves and moves[-1][1] is self.last_move:
            moves = moves[:-1]
        fr = vp.length(self.geom.field_r)
        w = max(2, int(vp.length(5)))
        thin = max(2, int(vp.length(3)))
        off = 2 * self._glow_w(vp) + 1  # just beyond the target glow (which reaches two widths out)
        ringed: set[int] = set()
        for before, move in moves:
            name = type(move).__name__
            if name in ("Place", "SetupChick"):
                rect = self._rect(vp, self.geom.feed_boxes[move.field - 1])
                radius = max(4, rect.h // 6) + off
                pygame.draw.rect(surface, theme.WHITE, rect.inflate(2 * (off + thin + 1), 2 * (off + thin + 1)),
                                 width=thin + 2, border_radius=radius)
                pygame.draw.rect(surface, LAST_MOVE, rect.inflate(2 * (off + thin), 2 * (off + thin)), width=thin,
                                 border_radius=radius)
            elif name in ("PlayCard", "PlayB", "PlayC"):
                hen = 2 * before.turn + move.hen
                after = before.copy()
                after.apply_unchecked(move)
                for field, width in ((before.hens[hen], w), (after.hens[hen], 2 * w)):
                    if field <= 0:
                        continue
                    c = vp.to_px(*self.layout_data.hill_point(min(field, hill.FINISH)))
                    self._ring_at(c, fr * 1.2 + width + 2)
                    pygame.draw.circle(surface, theme.WHITE, c, fr * 1.2 + width, width=width + 2)
                    pygame.draw.circle(surface, LAST_MOVE, c, fr * 1.2 + width - 1, width=width)
                    ringed.add(min(field, hill.FINISH))
        # a ring crosses its field's number tag (painted with the static hill): the tag again on top
        self._field_tags(surface, vp, ringed)

    def _field_tags(self, surface: pygame.Surface, vp: Viewport, fields: set[int]) -> None:
        """The number tags of hill ``fields`` (those not blocked) again, over a ring drawn across them."""
        num_px = field_num_px(vp, self.geom, self.metrics.small)
        for field in sorted({min(f, hill.FINISH) for f in fields if f > 0} - set(self.state.blocked)):
            p = self.layout_data.fields[field - 1]
            c = vp.to_px(*p)
            field_badge(surface, vp, self.geom, p, (int(c[0]), int(c[1])), field, num_px)

    def _ring_at(self, c: tuple[float, float], r: float) -> None:
        """A ring or glow of outer radius ``r`` drawn round ``c`` this frame (see _names_over)."""
        if not hasattr(self, "_rings"):
            self._rings = []
        self._rings.append(pygame.Rect(int(c[0] - r), int(c[1] - r), int(2 * r) + 1, int(2 * r) + 1))

    def _glow_w(self, vp: Viewport) -> int:
        return glow_width(vp)

    def effect_px(self, at: Any) -> tuple[float, float]:
        """Markers stand on a hill field or a feed field (logical points, mapped at draw time)."""
        vp = self.viewport
        return vp.to_px(*at) if vp is not None else (0.0, 0.0)

    # -- the picture ----------------------------------------------------------------------------------
    def draw_board_static(self, surface: pygame.Surface, vp: Viewport) -> None:
        """The hill, the trail, the troughs and the fences: into the frame's cached background."""
        self._paint_static(surface, vp, (0, 0))

    def draw_board(self, surface: pygame.Surface, vp: Viewport) -> None:
        self.faces_drawn = set()
        self._rings = []
        self._draw_outline(surface, vp)
        self._draw_feed(surface, vp)
        self._draw_hens(surface, vp)
        self._names_over(surface)
        if self.strip_shown():
            self._draw_strip(surface, vp)
        self._draw_flights(surface, vp)
        # a marker's word keeps off the hill's names and numbers ("Pushed!" above a hen near the
        # top lay on "Finish")
        self.effects.draw(surface, self.effect_px, self.metrics.body, max(5, vp.length(self.geom.hen_r)),
                          avoid=self.hill_words)

    def _corner_min(self) -> int:
        """Table mode: a card's small corner value only where it is as big as the smallest text."""
        return self.metrics.small if self.app.table_mode else 0

    def _px(self, vp: Viewport, units: float, floor: int | None = None) -> int:
        return max(floor if floor is not None else self.metrics.small, int(vp.length(units)))

    def _paint_static(self, surf: pygame.Surface, vp: Viewport, off: tuple[int, int]) -> None:
        names: list[tuple[str, int, pygame.Rect, tuple[int, int, int]]] = []
        self.hill_words = tuple(paint_hill(surf, vp, off, self.geom, self.layout_data, self.state.blocked,
                                           self.metrics.small, self.strip_shown(), names=names))
        self.hill_names = tuple(names)

    def _names_over(self, surface: pygame.Surface) -> None:
        """The hill's names again, on their tags, where a ring or glow drawn this frame crosses
        them: the last move's thick ring round a hen just come to field 14 cut «Финиш» in half
        at 1920x1080 (the hens keep off the names; the rings round them reach further)."""
        rings = getattr(self, "_rings", [])
        for name, px, spot, tag in self.hill_names:
            if any(r.colliderect(spot) for r in rings):
                name_tag(surface, name, px, spot, tag)

    # -- feed strip: cards, chicks, targets ---------------------------------------------------------
    def _draw_feed(self, surface: pygame.Surface, vp: Viewport) -> None:
        state = self.state
        hover = self.hover[1] if self.hover and self.hover[0] == "feed" else 0
        paint_feed(surface, vp, self.geom, self.layout_data, state.face, state.chicks, self.metrics.small,
                   self._corner_min(), targets=self.feed_targets(), hover=hover,
                   sources=self.source_fields() if state.phase == "place" else set(), source=self.source,
                   me=state.turn)

    def _feed_parts(self, vp: Viewport, i: int) -> tuple[pygame.Rect, pygame.Rect, list[Any]]:
        """Feed field ``i + 1`` in pixels now (see :func:`feed_parts`)."""
        return feed_parts(vp, self.geom, i, self.state.chicks[i], self.metrics.small)

    def chick_slot(self, vp: Viewport, field: int, seat: int) -> tuple[tuple[int, int], int] | None:
        """Where ``seat``'s chick token stands on feed ``field`` now (centre and radius, pixels);
        None when it has no chick there."""
        return next(((pos, r) for pos, r, s, _n, _px in self._feed_parts(vp, field - 1)[2] if s == seat), None)

    def _chick_rows(self, vp: Viewport, rect: pygame.Rect, card: pygame.Rect,
                    rows: list[tuple[int, int]]) -> list[tuple[tuple[int, int], int, int, int, int]]:
        return chick_rows(vp, rect, card, rows, self.metrics.small)

    def feed_targets(self) -> dict[int, bool]:
        """Feed field → strong (a click places there now) or faint (with other dice)."""
        state = self.state
        if not self.human_to_move():
            return {}
        if state.phase == "setup":
            return {m.field: True for m in self.legal() if type(m).__name__ == "SetupChick"}
        if state.phase != "place":
            return {}
        now = self.place_targets()
        strong = bool(self.group())
        empty = state.supply[state.turn] == 0
        out = {f: strong and (not empty or bool(self.source)) for f in now}
        if not strong:
            for m in self.placements():
                out.setdefault(m.field, False)
        return out

    def _rect(self, vp: Viewport, box) -> pygame.Rect:
        return px_rect(vp, box)

    # -- hens ---------------------------------------------------------------------------------------------
    def _draw_hens(self, surface: pygame.Surface, vp: Viewport) -> None:
        state = self.state
        g, lay = self.geom, self.layout_data
        L = vp.length
        points = self._slid_points()
        seat = state.turn
        landings = self.landings() if self.human_to_move() else {}
        hover = self.hover
        hen_r = max(5, L(g.hen_r))
        # legal targets: own hens that a selected card moves, and where they land
        for k in landings:
            own = 2 * seat + k
            draw.glow(surface, vp.to_px(*points[own]), hen_r * 1.25, theme.SELECT)
            self._ring_at(vp.to_px(*points[own]), hen_r * 1.25 + 4)
        after_points = {k: self.hen_points(after) for k, (_m, after) in landings.items()}
        focus = [hover[1]] if hover and hover[0] in ("hen", "land") and hover[1] in landings else list(landings)
        self._draw_landings(surface, vp, {k: after_points[k][2 * seat + k] for k in landings},
                            {k: landings[k][1][2 * seat + k] for k in landings}, focus)
        mark_px = max(MARK_MIN_PX, self.metrics.small, int(hen_r * 0.6))
        for i, p in enumerate(points):
            look = lay.players[(i // 2) % len(lay.players)]
            c = vp.to_px(*p)
            hen_figure(surface, c, hen_r, look.hen, look.symbol)
            # the number on the hill's inner side (the field's own number tag is on the outer side)
            dx, dy = g.hill_centre[0] - p[0], g.hill_centre[1] - p[1]
            d = math.hypot(dx, dy)
            if state.hens[i] in (0, hill.FINISH) or d < 1:
                dx, dy, d = -0.76, 0.65, 1.0
            tip = vp.to_px(p[0] + dx / d * g.hen_r, p[1] + dy / d * g.hen_r)
            at = (c[0] + (tip[0] - c[0]) * 0.95, c[1] + (tip[1] - c[1]) * 0.95)
            _hen_mark(surface, at, i % 2 + 1, look.hen, mark_px)
        for k in landings:
            own = 2 * seat + k
            strong = k in focus
            after = landings[k][1]
            self._trail_arrow(surface, vp, points[own], after_points[k][own], state.hens[own], after[own],
                              theme.SELECT if strong else (90, 140, 200), max(2, int(L(5))))
            if not strong:
                continue
            for j, (a, b) in enumerate(zip(state.hens, after, strict=False)):
                if j != own and a != b:  # a pushed hen: a ghost where it drops
                    look = lay.players[(j // 2) % len(lay.players)]
                    ghost = vp.to_px(*after_points[k][j])
                    hen_figure(surface, ghost, hen_r * 0.8, look.hen, look.symbol, alpha=130)
                    self._trail_arrow(surface, vp, points[j], after_points[k][j], a, b, theme.BAD,
                                      max(2, int(L(4))))

    def _draw_landings(self, surface: pygame.Surface, vp: Viewport, spots: dict[int, Point],
                       fields: dict[int, int], focus: list[int]) -> None:
        """Where each own hen a selected card moves would land (``spots``: hen → point, ``fields``:
        hen → field): a yellow glow round the field, under the hens (one standing there, about to
        be pushed, keeps its true colours), and the field's number tag again on top of it. The
        glow's ring ran right through the tag: the number of the target field was hidden."""
        fr = vp.length(self.geom.field_r)
        for k, spot in spots.items():
            draw.glow(surface, vp.to_px(*spot), fr * 1.15, theme.HILITE, 230 if k in focus else 120)
            self._ring_at(vp.to_px(*spot), fr * 1.15 + 4)
        self._field_tags(surface, vp, set(fields.values()))

    def _trail_arrow(self, surface, vp: Viewport, p0: Point, p1: Point, f0: int, f1: int, rgb,
                     width: int) -> None:
        trail_arrow(surface, vp, self.layout_data, self.geom.hen_r, (p0, p1), (f0, f1), rgb, width)

    # -- hand strip ---------------------------------------------------------------------------------------
    def _draw_strip(self, surface: pygame.Surface, vp: Viewport) -> None:
        state = self.state
        g, lay = self.geom, self.layout_data
        L = vp.length
        m = self.metrics
        x, y, w, h = g.strip
        title_px = self._px(vp, 32, m.body if vp.scale > 0.8 else m.small)
        text_px = self._px(vp, 26)
        seat = self.viewer()
        obs = self.obs()
        if state.phase == "over":
            self._draw_final_hands(surface, vp, title_px, text_px)
            return
        if seat is None:
            mover = self.shown_turn()  # a computer placing his setup chicks is named, not the starter
            title = tr("{name}'s turn", name=self.seat_name(mover)) if mover is not None else ""
            # the others' card backs start at 36% of the strip: the title must stop before them
            if title:
                draw.fitted_text(surface, title, self._rect(vp, (x + 26, y + 10, w * 0.36 - 40, 48)), title_px,
                                 theme.INK, bold=True, anchor="midleft", min_size=m.small)
            draw.text(surface, tr("Hands stay hidden."), vp.to_px(x + 26, y + 64), text_px, theme.INK_SOFT)
        else:
            hand = obs.hand(seat)
            shown = self.hand_shown()
            look = lay.players[seat % len(lay.players)]
            title = tr("{name}'s hand", name=self.seat_name(seat))
            title_rect = self._hand_title_rect(vp, title, title_px)
            draw.piece(surface, (vp.to_px(x + 44, y)[0], title_rect.centery), max(6, L(18)), look.hen, look.symbol)
            draw.fitted_text(surface, title, title_rect, title_px, theme.INK, bold=True, anchor="midleft",
                             min_size=m.tiny)
            n = len(hand)
            if n:  # an empty hand says so once, where its cards would be («0 карт» beside «карт на руке нет»)
                draw.text(surface, cards_text(n) if shown else hidden_cards_text(n),
                          vp.to_px(x + 26, y + 72), text_px, theme.INK_SOFT)
            button = self._rect(vp, g.show_button)
            hot = self.hover == ("show", 0)
            fill = theme.ACCENT_DARK if shown else (draw.shade(theme.ACCENT, 1.15) if hot else theme.ACCENT)
            ink = theme.WHITE
            if not shown and not n:  # nothing to turn up: greyed as a disabled button is
                fill, ink = theme.DISABLED_FILL, theme.DISABLED_INK
            radius = max(4, button.h // 4)
            pygame.draw.rect(surface, (0, 0, 0, 60), button.move(0, max(2, button.h // 14)), border_radius=radius)
            pygame.draw.rect(surface, fill, button, border_radius=radius)
            self._draw_show_label(surface, vp, button, radius, shown, ink)
            self._draw_hand(surface, vp, hand, shown)
        self._draw_others(surface, vp, obs, seat)

    def _draw_final_hands(self, surface: pygame.Surface, vp: Viewport, title_px: int, text_px: int) -> None:
        """The game is over: nothing is hidden any more. "Game over" over the whole strip, and below it
        a column for each seat: its hen, its name, how many cards it kept, and those cards face up (it
        said "Hands stay hidden." beside card backs, with nobody left to hide them from)."""
        state, lay, m = self.state, self.layout_data, self.metrics
        x, y, w, h = self.geom.strip
        L = vp.length
        head = self._rect(vp, (x + 26, y + 10, w - 52, 48))
        title = tr("Game over")
        draw.fitted_text(surface, title, head, title_px, theme.INK, bold=True, anchor="midleft", min_size=m.small)
        after = head.x + theme.font(title_px, True).size(title)[0] + max(m.pad, int(L(24)))
        if after < head.right:
            draw.fitted_text(surface, tr("The cards left in each hand"), pygame.Rect(after, head.y, head.right - after,
                             head.h), text_px, theme.INK_SOFT, anchor="midleft", min_size=m.small)
        n = state.n
        gap = 28.0
        col_w = (w - 52 - gap * (n - 1)) / n
        card_h = min(CARD_H * 0.8, h - 10 - 104)
        card_w = card_h * CARD_W / CARD_H
        value_px = self._px(vp, card_h * 0.4)
        for s in range(n):
            cx = x + 26 + s * (col_w + gap)
            look = lay.players[s % len(lay.players)]
            cards = self.obs().hand(s)
            draw.piece(surface, vp.to_px(cx + 16, y + 80), max(5, L(15)), look.hen, look.symbol)
            name = self.seat_name(s)
            name_px = self._px(vp, 28)
            name_w = min(theme.font(name_px, True).size(name)[0], int(L(col_w - 44) * 0.6))
            name_rect = self._rect(vp, (cx + 40, y + 62, col_w - 40, 36))
            name_rect.w = name_w
            draw.fitted_text(surface, name, name_rect, name_px, theme.INK, bold=True, anchor="midleft",
                             min_size=m.small)
            words = cards_text(len(cards)) if cards else tr("no cards")
            room = pygame.Rect(name_rect.right + max(m.pad, int(L(14))), name_rect.y, 0, name_rect.h)
            room.w = max(0, self._rect(vp, (cx, y, col_w, 1)).right - room.x)
            draw.fitted_text(surface, words, room, text_px, theme.INK_SOFT, anchor="midleft", min_size=m.small)
            top = y + 104
            if not cards:  # a faint outline where its cards would be
                r = self._rect(vp, (cx, top, card_w, card_h))
                pygame.draw.rect(surface, draw.shade(theme.PANEL_EDGE, 1.05), r, width=max(1, r.w // 20),
                                 border_radius=max(3, r.w // 9))
                continue
            step = card_w + 8
            if len(cards) > 1 and (len(cards) - 1) * step + card_w > col_w:
                step = (col_w - card_w) / (len(cards) - 1)
            for j, code in enumerate(cards):
                back = lay.decks[card_deck(code)].back if card_deck(code) < len(lay.decks) else (128, 128, 128)
                rect = self._rect(vp, (cx + j * step, top, card_w, card_h))
                surface.blit(card_image(code, rect.w, rect.h, True, back, value_px), rect.topleft)
                self.faces_drawn.add(s)

    def _hand_title_rect(self, vp: Viewport, title: str, title_px: int) -> pygame.Rect:
        """Where "Red's hand" goes: beside the hen, left of the cards. «Зелёный — карты» did not fit
        there and shrank to the tiniest size; a title too long for it rises above the cards' row
        (clear of a lifted card) and runs on to the right, short of the action-B sum label."""
        x, y, _, _ = self.geom.strip
        rect = self._rect(vp, (x + 70, y + 14, 200, 52))
        if theme.font(title_px, True).size(title)[0] <= rect.w:
            return rect
        return self._rect(vp, (x + 70, y + 2, 440, 40))

    def _draw_show_label(self, surface: pygame.Surface, vp: Viewport, button: pygame.Rect, radius: int,
                         shown: bool, ink: tuple[int, int, int] = theme.WHITE) -> None:
        """"Show my hand" in full, on two lines where one is too narrow (Russian, small windows: the
        rules name the button by its full words), and only the short word where two do not fit.
        The control's two labels are set alike (one line or two, the same type): «Скрыть мои
        карты» fitted one line in smaller type where «Показать мои карты» took two, and the words
        changed size each time the hand was turned up or down."""
        m = self.metrics
        label_px = self._px(vp, 28)
        words = [tr(w) for w in SHOW_WORDS]
        label = words[1] if shown else words[0]
        room = button.inflate(-radius // 2, 0)

        def one_line(px: int) -> bool:
            return all(theme.font(px, True).size(w)[0] <= room.w for w in words)

        if one_line(min(label_px, m.small)):
            px = next((p for p in range(label_px, m.small, -1) if one_line(p)), min(label_px, m.small))
            if all(theme.font(px, True).size(w + "  [H]")[0] < button.w - radius for w in words):
                label += "  [H]"
            draw.fitted_text(surface, label, room, px, ink, bold=True, min_size=min(px, m.small))
            return

        def two_lines(px: int) -> bool:
            line_h = theme.font(px, True).get_linesize()
            return 2 * line_h <= button.h - 4 and all(
                len(lines) <= 2 and all(theme.font(px, True).size(t)[0] <= room.w for t in lines)
                for lines in (theme.wrap(w, px, room.w, bold=True) for w in words))

        for px in range(label_px, m.small - 1, -1):
            if two_lines(px):
                lines = theme.wrap(label, px, room.w, bold=True)
                line_h = theme.font(px, True).get_linesize()
                top = button.centery - line_h * len(lines) // 2
                for i, text in enumerate(lines):
                    draw.fitted_text(surface, text, pygame.Rect(room.x, top + i * line_h, room.w, line_h), px,
                                     ink, bold=True, min_size=px)
                return
        # too long even on two lines at the smallest size: the short word
        label = tr("Hide my hand (short)") if shown else tr("Show my hand (short)")
        draw.fitted_text(surface, label, room, label_px, ink, bold=True, min_size=m.small)

    def _draw_hand(self, surface: pygame.Surface, vp: Viewport, hand: list[int], shown: bool) -> None:
        g, lay = self.geom, self.layout_data
        L = vp.length
        boxes = g.card_boxes(len(hand))
        value_px = self._px(vp, 64)
        codes = self.sel_codes()
        ax, ay, aw, _ = g.cards_area
        if codes and self.state.phase == "action" and self.mode == "B":
            total = sum(card_value(c) for c in codes)
            label = (tr("B: {cards} = {total} of 8", cards=" + ".join(str(card_value(c)) for c in codes), total=total)
                     if len(codes) > 1 else tr("B: {total} of 8", total=total))
            draw.text(surface, label, vp.to_px(ax + aw, ay), self._px(vp, 28), theme.ACCENT_DARK, bold=True,
                      anchor="topright")
        elif not hand and self.viewer() is not None:
            draw.text(surface, self.empty_hand_words(self.viewer()), vp.to_px(ax, ay + 90), self._px(vp, 28),
                      theme.INK_SOFT)
        for i, code in enumerate(hand):
            bx, by, bw, bh = boxes[i]
            selected = i in self.sel_cards
            if selected:
                by -= CARD_LIFT
            rect = self._rect(vp, (bx, by, bw, bh))
            back = lay.decks[card_deck(code)].back if card_deck(code) < len(lay.decks) else (128, 128, 128)
            surface.blit(card_image(code, rect.w, rect.h, shown, back, value_px), rect.topleft)
            if shown:
                self.faces_drawn.add(self.viewer())
            width = max(2, int(L(5)))
            if selected:
                pygame.draw.rect(surface, theme.SELECT, rect.inflate(width, width), width=width,
                                 border_radius=max(3, rect.w // 9))
            elif shown and self.human_to_move() and self.card_selectable(i):
                hot = self.hover == ("card", i)
                pygame.draw.rect(surface, theme.WHITE if hot else theme.HILITE, rect.inflate(width, width),
                                 width=width, border_radius=max(3, rect.w // 9))
        if self.drag_card is not None and self.drag_card < len(hand) and shown:
            mx, my = self.mouse
            if not any(_inside(b, (mx, my)) for b in boxes) and pygame.mouse.get_pressed()[0]:
                code = hand[self.drag_card]
                rect = self._rect(vp, (mx - 30, my - 44, 60, 88))
                back = lay.decks[card_deck(code)].back
                surface.blit(card_image(code, rect.w, rect.h, True, back, self._px(vp, 36)), rect.topleft)

    def _draw_others(self, surface: pygame.Surface, vp: Viewport, obs: Any, viewer: int | None) -> None:
        """The other hands as card backs (their decks show) with a count; never their faces."""
        lay = self.layout_data
        L = vp.length
        ox, oy, ow, oh = self.geom.others_area if viewer is not None else self._wide_others()
        seats = [s for s in range(self.state.n) if s != viewer]
        if not seats:
            return
        row_h = min(66.0, oh / len(seats))
        text_px = self._px(vp, 26)
        for k, s in enumerate(seats):
            cy = oy + row_h * (k + 0.5)
            look = lay.players[s % len(lay.players)]
            draw.piece(surface, vp.to_px(ox + 18, cy), max(5, L(min(17, row_h * 0.3))), look.hen, look.symbol)
            cards = obs.hand(s)
            # the count says what it counts ("2 cards", not a lone "×2" at the strip's far end) and
            # follows the card backs it counts; an empty hand says what the table's strip says ("no
            # cards in hand", or "cards being dealt…"), not «0 карт», where its cards would begin,
            # in line with the other rows' first card backs (not a gap further on, out of line)
            words = cards_text(len(cards)) if cards else self.empty_hand_words(s)
            words_w = theme.font(text_px, True).size(words)[0] / max(vp.scale, 1e-6)
            bw, bh = row_h * 0.5, row_h * 0.74
            span = ow - 58 - words_w - 12
            step = min(bw + 6, (span - bw) / max(1, len(cards) - 1)) if cards else 0
            hand_x = ox + 44  # right of the hen
            left = hand_x
            for j, code in enumerate(cards):
                back = lay.decks[card_deck(code)].back if card_deck(code) < len(lay.decks) else (128, 128, 128)
                rect = self._rect(vp, (hand_x + j * step, cy - bh / 2, bw, bh))
                surface.blit(card_image(0, rect.w, rect.h, False, back, 10), rect.topleft)
                left = hand_x + j * step + bw + 14
            room = self._rect(vp, (left, cy - row_h / 2, ox + ow - left, row_h))
            draw.fitted_text(surface, words, room, text_px, theme.INK_SOFT, bold=True, anchor="midleft",
                             min_size=self.metrics.small)

    def _wide_others(self) -> tuple[float, float, float, float]:
        x, y, w, h = self.geom.strip
        return (x + w * 0.36, y + 14, w * 0.64 - 20, h - 28)

    # -- table mode: each hand in its seat's strip (drawn upright, turned by the frame) ---------------
    def table_extra_size(self, seat: int, panel: EdgePanel) -> tuple[int, int] | None:
        """Room for a hand: its cards side by side (at least four's worth), the count, and for the
        person on turn the control that turns his cards up."""
        m = self.metrics
        ch = int(m.button_h * 1.25)
        cw = int(ch * CARD_W / CARD_H)
        n = len(self.obs().hand(seat))
        show = self._show_width()[0] + m.pad if seat == self.viewer() else 0
        count = theme.font(m.body, True).size("×10")[0] + m.pad
        if not n and (seat == self.viewer() or self.state.phase == "over"):  # "no cards in hand" beside an outline
            return (cw + 2 * m.pad + theme.font(m.small).size(self.empty_hand_words(seat))[0], ch + ch // 8)
        return (show + max(n, 4) * (cw + m.pad // 2) + count, ch + ch // 8)

    def hand_need(self, seat: int, height: int) -> int:
        """The least width of a seat's hand in its strip with nothing given up: the show control's
        full words in the body type (on two lines where they fit), every card whole and the count."""
        m = self.metrics
        n = len(self.obs().hand(seat))
        ch = max(12, int(height / 1.125))
        cw = max(8, int(ch * CARD_W / CARD_H))
        cards = n * cw + max(0, n - 1) * max(2, m.pad // 2) + m.pad
        count = theme.font(m.body, True).size(f"×{max(n, 10)}")[0] + m.pad
        if seat != self.viewer() or not n:
            return cards + count
        bh = min(m.button_h, ch)
        two = self._show_two_lines(bh, m.body)
        show = min(self._show_width(None, bh, m.body)[0], 10 ** 6 if two is None else two)
        return show + m.pad + cards + count

    def _show_width(self, room: int | None = None, height: int | None = None,
                    px: int | None = None) -> tuple[int, bool]:
        """The show control's width, and whether it says the short word, for its label in ``px``
        type (default: the body type the strip's other buttons say theirs in; it was measured in
        the small type, and its words came out smaller than its neighbours' whenever the strip was
        short of room). The rules name the button by its full words («Показать мои карты»), so
        they stay: on one line where that fits four button heights and ``room``; else on two
        lines where a button ``height`` tall holds two (as ``Button.draw`` sets them); only a strip
        too cramped even for that in the small type says the short word ("Show", «Показать»)."""
        m = self.metrics
        for size in ((px,) if px else (m.body, m.small)):
            width = self._show_fit(room, height or m.button_h, size)
            if width is not None:
                return width, False
        short = max(theme.font(m.small, True).size(tr(f"{w} (short)"))[0] for w in SHOW_WORDS)
        return max(short + 3 * m.pad, int(m.button_h * 1.2)), True

    def _show_fit(self, room: int | None, height: int, px: int) -> int | None:
        """The show control's width with its full words in ``px`` type (one line, else two), or
        None where ``room`` is too narrow for either."""
        m = self.metrics
        font = theme.font(px, True)
        ends = max(6, height // 4) + 2  # Button.draw keeps its label clear of the rounded ends
        full = max(font.size(tr(w))[0] for w in SHOW_WORDS) + max(3 * m.pad, ends + m.pad)
        if full <= m.button_h * 4 and (room is None or full <= room):
            return full
        two = self._show_two_lines(height, px)
        return two if two is not None and (room is None or two <= room) else None

    @staticmethod
    def _show_two_lines(height: int, px: int) -> int | None:
        """The show control's width with its words on two lines of ``px`` type, or None where a
        button ``height`` tall does not hold two."""
        if 2 * theme.font(px, True).get_linesize() + 4 > height:
            return None
        return max(_two_line_width(tr(w), px) for w in SHOW_WORDS) + max(6, height // 4) + 2

    def table_place_extra(self, panel: EdgePanel, parts: Any) -> None:
        """The hand's place in the strip; "Show my hand" joins the strip's buttons (taps and hover)."""
        layout = self._hand_layout(panel.seat, parts.extra)
        self._hands[panel.seat] = layout
        if layout is None or layout.show is None:
            return
        shown = self.hand_shown()
        label = ("Hide my hand" if shown else "Show my hand") + (" (short)" if layout.short else "")
        show = Button(tr(label), self.toggle_hand, rect=layout.show, primary=not shown, toggled=shown)
        self.table_buttons.setdefault(panel.seat, []).append(show)

    def _hand_layout(self, seat: int, slot: pygame.Rect) -> PanelHand | None:
        if slot.w <= 0 or slot.h <= 0:
            return None
        m = self.metrics
        n = len(self.obs().hand(seat))
        ch = max(12, int(slot.h / 1.125))
        cw = max(8, int(ch * CARD_W / CARD_H))
        lift = ch // 8
        bottom = slot.bottom
        x = slot.x
        show = None
        short = False
        count_px = m.body

        def count_width(px: int) -> int:
            return theme.font(px, True).size(f"×{max(n, 10)}")[0] + m.pad if px else 0

        if seat == self.viewer() and n:
            # the control, the cards and their count share the slot; where all do not fit whole,
            # first the count goes (the cards side by side still show how many), then the control's
            # words drop to the small type, and only then the cards overlap (the count back, as it
            # is the only way to tell how many there are), to a sliver each; last the short word
            # (before, the cards overlapped and the count went while the label had room to spare)
            bh = min(m.button_h, ch)
            gap = max(2, m.pad // 2)
            whole = n * cw + (n - 1) * gap + m.pad
            spread, sliver = cw + (n - 1) * max(2, cw // 4) + m.pad, cw + (n - 1) * 2 + m.pad
            options = [(m.body, whole, m.body), (0, whole, m.body), (m.body, whole, m.small), (0, whole, m.small),
                       (m.body, spread, m.body), (m.body, spread, m.small), (m.small, spread, m.small),
                       (m.small, sliver, m.small), (0, spread, m.small), (0, sliver, m.small)]
            # (the last two only in a strip too cramped for the control's words beside a count)
            for count_px, least, label_px in options:
                bw, short = self._show_width(slot.w - least - count_width(count_px), bh, label_px)
                if not short:
                    break
            else:
                count_px, least, _px = next(((px, lo, lp) for px, lo, lp in options
                                             if bw <= slot.w - lo - count_width(px)), options[-1])
                bw = min(bw, slot.w - least - count_width(count_px))
            show = pygame.Rect(x, bottom - (ch + bh) // 2, bw, bh)
            x = show.right + m.pad
        count_w = count_width(count_px)
        right = slot.right - count_w
        step = float(cw + max(2, m.pad // 2))
        if n > 1 and (n - 1) * step + cw > right - x:
            step = max(1.0, (right - x - cw) / (n - 1))
        cards = [pygame.Rect(int(x + i * step), bottom - ch, cw, ch) for i in range(n)]
        empty = pygame.Rect(x, bottom - ch, cw, ch)  # an empty hand: a faint outline where cards go
        count_at = ((cards[-1] if cards else empty).right + m.pad, bottom - ch // 2)  # the count follows the cards
        return PanelHand(seat, slot, show, short, cards, empty, lift, count_at, count_px)

    def panel_hand(self, panel: EdgePanel) -> PanelHand | None:
        """Where a seat's hand sits in its strip (upright pixels), shared by drawing and hit-testing."""
        return self._hands.get(panel.seat)

    def panel_card_at(self, panel: EdgePanel, local: tuple[float, float]) -> int | None:
        """The index of the viewer's card under an upright panel point (the topmost one)."""
        layout = self.panel_hand(panel)
        if layout is None or panel.seat != self.viewer():
            return None
        for i in range(len(layout.cards) - 1, -1, -1):
            r = layout.cards[i]
            if r.union(r.move(0, -layout.lift)).collidepoint(local):
                return i
        return None

    def table_strip_key(self, seat: int) -> Any:
        """What a strip shows of the hand and the dice besides the position: the selection."""
        hover = self.hover if self.hover and self.hover[0] == "panel card" and seat == self.viewer() else None
        return (tuple(self.obs().hand(seat)), self.hand_shown(), tuple(self.sel_cards), tuple(self.sel_dice),
                self.mode, self.source, hover)

    def draw_seat_extra(self, surf: pygame.Surface, rect: pygame.Rect, seat: int, active: bool) -> None:
        """The seat's hand in its strip: card backs with a count; the faces only for the person whose
        turn it is, at his own edge, while he has turned them up with "Show my hand" -- and every
        hand's faces once the game is over (nothing is hidden then)."""
        panel = next((p for p in self.table_panels if p.seat == seat), None)
        layout = self.panel_hand(panel) if panel is not None else None
        if layout is None:
            return
        m = self.metrics
        lay = self.layout_data
        hand = self.obs().hand(seat)
        mine = seat == self.viewer()
        over = self.state.phase == "over"
        faces = over or (mine and self.hand_shown())  # at the end every hand is turned up
        if not hand:
            r = layout.empty
            pygame.draw.rect(surf, draw.shade(theme.PANEL_EDGE, 1.05), r, width=max(1, r.w // 20),
                             border_radius=max(3, r.w // 9))
            # beside the outline, on two lines if one is too narrow: words, never a bare "×0" (for a
            # hand still being dealt it read as a seat dealt no cards; for another seat's, a stray count)
            room = pygame.Rect(r.right + m.pad, r.y, layout.slot.right - r.right - m.pad, r.h)
            line = theme.font(m.small).get_linesize()
            words = theme.wrap(self.empty_hand_words(seat), m.small, room.w)[: max(1, room.h // line)]
            if any(theme.font(m.small).size(w)[0] > room.w for w in words):
                return  # no room for the words: the empty outline says it
            top = room.centery - len(words) * line // 2
            for i, text in enumerate(words):
                draw.fitted_text(surf, text, pygame.Rect(room.x, top + i * line, room.w, line), m.small,
                                 theme.INK_SOFT, anchor="midleft", min_size=m.small)
            return
        value_px = max(m.small, int(layout.cards[0].h * 0.42)) if layout.cards else m.small
        width = max(2, layout.cards[0].h // 30) if layout.cards else 2
        for i, code in enumerate(hand):
            r = layout.cards[i]
            selected = faces and i in self.sel_cards
            if selected:
                r = r.move(0, -layout.lift)
            back = lay.decks[card_deck(code)].back if card_deck(code) < len(lay.decks) else (128, 128, 128)
            surf.blit(card_image(code if faces else 0, r.w, r.h, faces, back, value_px, m.small), r.topleft)
            if not faces:
                continue
            if i + 1 < len(hand):
                self._covered_value(surf, r, layout.cards[i + 1].x - layout.cards[i].x, code, back)
            self.faces_drawn.add(seat)
            radius = max(3, r.w // 9)
            if selected:
                pygame.draw.rect(surf, theme.SELECT, r.inflate(width, width), width=width, border_radius=radius)
            elif self.human_to_move() and self.card_selectable(i):
                hot = self.hover == ("panel card", i)
                pygame.draw.rect(surf, theme.WHITE if hot else theme.HILITE, r.inflate(width, width), width=width,
                                 border_radius=radius)
        if layout.count_px:  # none where the strip is too cramped for it (``_hand_layout``)
            count = theme.render(f"×{len(hand)}", layout.count_px, theme.INK, True)
            surf.blit(count, count.get_rect(midleft=layout.count_at))
        elif len(hand) > 1 and layout.cards[1].x - layout.cards[0].x < layout.cards[0].w:
            self._count_badge(surf, layout.cards[-1], len(hand))

    def _covered_value(self, surf: pygame.Surface, card: pygame.Rect, step: int, code: int, back) -> None:
        """A face-up card mostly under the next one: its value at the top of the sliver that shows,
        in the small type (a shown hand of five or more at a 4K table showed blank slivers and the
        top card's value only, and a half "3" where the next card began). Left off where the sliver
        is too narrow for the digit, or the card shows whole."""
        if step >= card.w:
            return
        size = self.metrics.small
        words = str(card_value(code))
        rim = max(2, card.w // 12)
        if theme.font(size, True).size(words)[0] > step - rim:
            return
        draw.text(surf, words, (card.x + rim + (step - rim) // 2, card.y + rim), size, draw.shade(back, 0.55),
                  bold=True, anchor="midtop")

    def _count_badge(self, surf: pygame.Surface, card: pygame.Rect, n: int) -> None:
        """How many cards, as a disc on the top card's lower corner: for a strip too cramped for the
        count beside cards that overlap (a 1366×768 table in Russian), where the top card alone
        showed and a player could not tell two cards from one."""
        m = self.metrics
        digits = theme.render(str(n), m.small, theme.WHITE, True)
        d = max(digits.get_width(), digits.get_height()) + 4
        centre = (card.right - d // 2 - 1, card.bottom - d // 2 - 1)
        pygame.draw.circle(surf, theme.INK, centre, d // 2)
        pygame.draw.circle(surf, theme.WHITE, centre, d // 2, width=max(1, d // 12))
        draw.text(surf, str(n), centre, m.small, theme.WHITE, bold=True, anchor="center")

    def table_dice_width(self) -> int:
        """Room for a roll's dice and the "= sum" of the chosen ones, as ``draw_dice`` lays them
        out: three dice's worth through every roll and its placing, so that the dice and what
        stands beside them keep their places from step to step (the place of dice still to roll,
        or of used ones, was as wide as they were, and the strip's parts moved each time)."""
        if self.state.phase not in ("roll", "place"):
            return super().table_dice_width()
        from tabletop.games.chicken_chase.dice import ROLL_SIZES

        m = self.metrics
        size = int(m.button_h * 0.84)
        label = theme.font(m.large, True).size("= 10")[0]
        n = max(ROLL_SIZES)
        return n * size + (n - 1) * (size // 4) + label + 2 * m.pad  # the dice, then the sum

    # -- the panel dice: grouped by clicking ----------------------------------------------------------
    def draw_dice(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        entries = self.dice_entries()
        self.die_rects = []
        if not entries or self.state.phase != "place":
            frame.GameScene.draw_dice(self, surface, rect)  # "click to roll" and the tumble
            return
        m = self.metrics
        size = max(12, min(int(rect.h * (0.84 if self.app.table_mode else 0.74)), int(m.button_h * 1.2)))
        gap = size // 4
        total = len(entries) * size + (len(entries) - 1) * gap
        room = int(rect.w * 0.66)  # the dice, then the "= sum" at the right end
        if self.app.table_mode:  # a strip's dice part is as wide as three dice and the sum
            room = rect.w - theme.font(m.large, True).size("= 10")[0] - m.pad
        x = rect.x + max(0, (room - total) // 2)
        rolling = self.rolling()
        rng = random.Random(int(self.now() * 20))
        mine = self.human_to_move()
        for value, index in entries:
            used = index < 0
            selected = index in self.sel_dice and not used
            lift = size // 6 if selected else 0
            die = pygame.Rect(x, rect.centery - size // 2 - lift + size // 12, size, size)
            if selected:
                pygame.draw.rect(surface, theme.SELECT, die.inflate(size // 6, size // 6), width=max(3, size // 14),
                                 border_radius=size // 5)
            elif mine and not used and not rolling:
                pygame.draw.rect(surface, theme.HILITE, die.inflate(size // 8, size // 8), width=max(2, size // 20),
                                 border_radius=size // 5)
            face = rng.randint(1, 6) if rolling else value
            angle = rng.uniform(-25, 25) if rolling else 0
            draw.die_face(surface, die, face, used and not rolling, angle=angle)
            if not used:
                self.die_rects.append((die, index))
            x += size + gap
        group = self.group()
        if group:
            ok = self.group_fits()
            label = f"= {sum(group)}"
            draw.text(surface, label, (rect.right - m.pad, rect.centery), m.large, theme.GOOD if ok else theme.BAD,
                      bold=True, anchor="midright")


SHOW_WORDS = ("Show my hand", "Hide my hand")


def _two_line_width(label: str, px: int) -> int:
    """The width ``label`` needs in bold ``px`` type on two lines, split where the longer line is
    shortest (``theme.wrap`` at that width breaks it there, or with a longer first line)."""
    font = theme.font(px, True)
    words = label.split(" ")
    if len(words) < 2:
        return font.size(label)[0]
    return min(max(font.size(" ".join(words[:i]))[0], font.size(" ".join(words[i:]))[0])
               for i in range(1, len(words)))


@dataclass
class PanelHand:
    """A hand's place in its seat's panel (upright pixels): the slot, the show control (only for
    the person whose turn it is), one rectangle per card (a selected card is drawn ``lift`` higher)
    and where the count starts."""

    seat: int
    slot: pygame.Rect
    show: pygame.Rect | None
    short: bool  # the show control says "Show" / "Hide" (too narrow for "Show my hand")
    cards: list[pygame.Rect]
    empty: pygame.Rect
    lift: int
    count_at: tuple[int, int]
    count_px: int


def _inside(box, pos) -> bool:
    x, y, w, h = box
    return x <= pos[0] <= x + w and y <= pos[1] <= y + h


def _along(path: list[Point], t: float) -> Point:
    lengths = [math.dist(a, b) for a, b in zip(path, path[1:], strict=False)]
    total = sum(lengths)
    if total <= 0:
        return path[-1]
    left = t * total
    for (a, b), seg in zip(zip(path, path[1:], strict=False), lengths, strict=False):
        if left <= seg and seg > 0:
            u = left / seg
            return (a[0] + (b[0] - a[0]) * u, a[1] + (b[1] - a[1]) * u)
        left -= seg
    return path[-1]


def hen_figure(surface: pygame.Surface, c: Point, r: float, rgb, symbol: str, alpha: int = 255) -> None:
    """A hen: the family's round piece (shadow, highlight, symbol) with a comb and a beak."""
    if alpha < 255:
        size = int(r * 3) + 4
        layer = pygame.Surface((size, size), pygame.SRCALPHA)
        hen_figure(layer, (size / 2, size / 2), r, rgb, symbol)
        layer.set_alpha(alpha)
        surface.blit(layer, (int(c[0] - size / 2), int(c[1] - size / 2)))
        return
    x, y = c
    comb = (214, 46, 40)
    for dx in (-0.28, 0.0, 0.28):
        pygame.draw.circle(surface, draw.shade(comb, 0.7), (int(x + dx * r), int(y - r * 0.92)), max(2, int(r * 0.2)))
        pygame.draw.circle(surface, comb, (int(x + dx * r), int(y - r * 0.92)), max(1, int(r * 0.15)))
    beak = [(x + r * 0.82, y - r * 0.2), (x + r * 1.25, y), (x + r * 0.82, y + r * 0.2)]
    pygame.draw.polygon(surface, (240, 160, 40), beak)
    pygame.draw.polygon(surface, (150, 90, 20), beak, width=1)
    draw.piece(surface, c, r, rgb, symbol)


MARK_MIN_PX = 12
"""The smallest text size of a hen's number: below it the bold digit on its tag blurs into a dot
(the reviewer could not read them at 1024x600, where the interface's small text is 10.8 px)."""


def _hen_mark(surface: pygame.Surface, c: Point, number: int, rgb, size: int) -> pygame.Rect:
    """The hen's number (1 or 2, as the log and the prompts name it) on a small dark tag at ``c``:
    the digit itself (its inked pixels, not its line of text) centred, with room inside the white
    ring, so no part of it is cut; returns the tag."""
    img = theme.render(str(number), size, theme.WHITE, True)
    ink = img.get_bounding_rect()
    tag_r = max(ink.w, ink.h) // 2 + max(3, size // 4)
    at = (int(c[0]), int(c[1]))
    pygame.draw.circle(surface, draw.shade(rgb, 0.4), at, tag_r)
    pygame.draw.circle(surface, theme.WHITE, at, tag_r, width=max(1, tag_r // 6))
    surface.blit(img, (at[0] - ink.centerx, at[1] - ink.centery))
    return pygame.Rect(at[0] - tag_r, at[1] - tag_r, 2 * tag_r + 1, 2 * tag_r + 1)


def _dashes(surface: pygame.Surface, a: Point, b: Point, rgb, width: int, start: float, stop: float) -> None:
    d = math.dist(a, b)
    if d <= start + stop:
        return
    ux, uy = (b[0] - a[0]) / d, (b[1] - a[1]) / d
    dash = max(6.0, width * 3.0)
    s, end = start, d - stop
    while s < end:
        e = min(end, s + dash)
        pygame.draw.line(surface, rgb, (a[0] + ux * s, a[1] + uy * s), (a[0] + ux * e, a[1] + uy * e), width)
        s += dash * 1.7


def _arrow(surface: pygame.Surface, a: Point, b: Point, rgb, width: int, gap: float,
           start_gap: float | None = None) -> None:
    """A dashed arrow from ``a`` to ``b`` stopping short of the pieces at both ends."""
    d = math.dist(a, b)
    first = gap * 1.05 if start_gap is None else start_gap
    if d < first + gap * 1.2:
        return
    ux, uy = (b[0] - a[0]) / d, (b[1] - a[1]) / d
    end = d - gap * 1.1
    _dashes(surface, a, b, rgb, width, first, gap * 1.1)
    tip = (a[0] + ux * end, a[1] + uy * end)
    head = width * 3.2
    left = (tip[0] - ux * head - uy * head * 0.6, tip[1] - uy * head + ux * head * 0.6)
    right = (tip[0] - ux * head + uy * head * 0.6, tip[1] - uy * head - ux * head * 0.6)
    pygame.draw.polygon(surface, rgb, [tip, left, right])


def trail_arrow(surface: pygame.Surface, vp: Viewport, lay: Any, hen_r: float, ends: tuple[Point, Point],
                fields: tuple[int, int], rgb, width: int) -> None:
    """A dashed arrow from field ``f0`` to ``f1`` along the trail, through every field between
    (not across the spiral, which read as a jump); ``ends``: the points the hen stands on there."""
    (p0, p1), (f0, f1) = ends, fields
    step = 1 if f1 > f0 else -1
    path = [p0] + [lay.hill_point(f) for f in range(f0 + step, f1, step)] + [p1]
    px = [vp.to_px(*p) for p in path]
    gap = vp.length(hen_r)
    if len(px) == 2:
        _arrow(surface, px[0], px[1], rgb, width, gap)
        return
    _dashes(surface, px[0], px[1], rgb, width, gap, 0)
    for a, b in zip(px[1:-2], px[2:-1], strict=False):
        _dashes(surface, a, b, rgb, width, 0, 0)
    _arrow(surface, px[-2], px[-1], rgb, width, gap, start_gap=0)


def _rect_glow(surface: pygame.Surface, rect: pygame.Rect, rgb, strong: bool, width: int,
               part: str = "frame") -> None:
    """A lit feed field: a solid frame round it (``part`` "frame"), both for a field the dice can
    reach with some group (``strong`` False) and for the target of the chosen dice, which also
    glows over the whole trough (``part`` "under": drawn before the field's card, so the card's
    value keeps its full contrast; the glow laid over the card faded its value to a pale brown).
    The reachable fields had a frame at 43% opacity: after a roll, before any die was picked,
    fields 3, 6 and 9 were barely told from the rest of the strip."""
    if part == "under" and not strong:
        return
    layer = pygame.Surface((rect.w + 4 * width, rect.h + 4 * width), pygame.SRCALPHA)
    radius = max(4, rect.h // 6) + width
    inner = pygame.Rect(width, width, rect.w + 2 * width, rect.h + 2 * width)
    if part == "under":
        pygame.draw.rect(layer, (*rgb[:3], TROUGH_GLOW), inner.inflate(2 * width, 2 * width),
                         border_radius=radius + width)
    else:
        pygame.draw.rect(layer, (*rgb[:3], 245), inner, width=width, border_radius=radius)
    surface.blit(layer, (rect.x - 2 * width, rect.y - 2 * width))


TROUGH_GLOW = 110
"""The opacity of a target trough's glow (under its card: it may be strong without fading the value)."""


def _fence(surf: pygame.Surface, c: tuple[int, int], r: int) -> None:
    """A blocked field: a little wooden fence across it."""
    x, y = c
    w = max(2, r // 6)
    for dy in (-0.28, 0.22):
        rail = pygame.Rect(0, 0, int(r * 1.5), max(2, int(r * 0.2)))
        rail.center = (x, int(y + dy * r))
        pygame.draw.rect(surf, WOOD, rail, border_radius=max(1, rail.h // 3))
        pygame.draw.rect(surf, WOOD_DARK, rail, width=max(1, w // 2), border_radius=max(1, rail.h // 3))
    for dx in (-0.5, 0.0, 0.5):
        post = pygame.Rect(0, 0, max(3, int(r * 0.22)), int(r * 1.25))
        post.center = (int(x + dx * r), y)
        pygame.draw.rect(surf, WOOD, post, border_radius=max(1, post.w // 3))
        pygame.draw.rect(surf, WOOD_DARK, post, width=max(1, w // 2), border_radius=max(1, post.w // 3))


def _checker_ring(surf: pygame.Surface, c: tuple[int, int], r: int) -> None:
    """The finish: a chequered ring like a flag."""
    n = 16
    for k in range(n):
        a0, a1 = k * math.tau / n, (k + 1) * math.tau / n
        pts = [(c[0] + r * math.cos(a0), c[1] + r * math.sin(a0)), (c[0] + r * math.cos(a1), c[1] + r * math.sin(a1)),
               (c[0] + r * 0.72 * math.cos(a1), c[1] + r * 0.72 * math.sin(a1)),
               (c[0] + r * 0.72 * math.cos(a0), c[1] + r * 0.72 * math.sin(a0))]
        pygame.draw.polygon(surf, theme.INK if k % 2 else (255, 255, 255), pts)


def paint_hill(surf: pygame.Surface, vp: Viewport, off: tuple[int, int], g: Any, lay: Any, blocked: Any,
               small: int, strip: bool, number_px: int | None = None,
               names: list | None = None) -> list[tuple[pygame.Rect, int]]:
    """The hill, the trail, the fields (fenced when blocked), the troughs and, in window mode, the
    empty hand strip: the static picture the scene caches, and the menu's board preview
    (``number_px``: the fields' numbers, when not ``field_num_px``). Returns the words it wrote on
    the hill, each with how much covering it would matter: the names of Start and the finish
    (most), the fields' numbers; a marker's word keeps off them (``Effects.draw``'s ``avoid``).
    ``names`` gets each name placed (text, size, spot, tag colour), to be written again over
    what the scene draws across it."""

    def size(units: float) -> int:
        return max(small, int(vp.length(units)))

    def P(x: float, y: float) -> tuple[int, int]:
        px, py = vp.to_px(x, y)
        return int(px + off[0]), int(py + off[1])

    def R(box) -> pygame.Rect:
        x, y, w, h = box
        a, b = P(x, y), P(x + w, y + h)
        return pygame.Rect(min(a[0], b[0]), min(a[1], b[1]), abs(b[0] - a[0]), abs(b[1] - a[1]))

    L = vp.length
    board = R((0, 0, g.width, g.height))
    draw.shadowed_panel(surf, board, fill=MEADOW, edge=MEADOW_EDGE, radius=max(6, int(L(36))),
                        shadow=max(3, int(L(10))))
    # the hill: flat contour layers rising toward the finish
    cx, cy = g.hill_centre
    pts = [lay.start, *lay.fields]
    reach = max(math.dist((cx, cy), p) for p in pts) + g.field_r * 1.8
    clip = surf.get_clip()
    surf.set_clip(board)
    for i in range(5):
        r = reach * (1 - i * 0.17)
        poly = [P(cx + r * 1.08 * math.cos(a) * (1 + 0.04 * math.sin(3 * a + i)),
                  cy + r * 0.96 * math.sin(a) * (1 + 0.04 * math.cos(2 * a + i)))
                for a in (k * math.tau / 72 for k in range(72))]
        pygame.draw.polygon(surf, _mix(HILL_LOW, HILL_HIGH, i / 4), poly)
        pygame.draw.polygon(surf, _mix(HILL_LOW, MEADOW_EDGE, 0.5), poly, width=max(1, int(L(2))))
    surf.set_clip(clip)
    # the trail from Start up the spiral
    trail = [P(*p) for p in pts]
    for width, colour in ((L(g.field_r * 1.25), TRAIL_EDGE), (L(g.field_r * 1.05), TRAIL)):
        pygame.draw.lines(surf, colour, False, trail, max(2, int(width)))
        for p in trail:
            pygame.draw.circle(surf, colour, p, max(1, int(width / 2)))
    # Start
    start = R(g.start_box)
    pygame.draw.rect(surf, (236, 222, 176), start, border_radius=max(4, start.h // 5))
    pygame.draw.rect(surf, FIELD_RIM, start, width=max(2, int(L(4))), border_radius=max(4, start.h // 5))
    # the fields
    fr = max(4, int(L(g.field_r)))
    num_px = field_num_px(vp, g, small) if number_px is None else number_px
    obstacles: list[tuple[pygame.Rect, int]] = []  # what Start's name must not cover, and how much it matters
    words: list[tuple[pygame.Rect, int]] = []  # what a marker must not cover (returned)
    for n, p in enumerate(lay.fields, start=1):
        c = P(*p)
        pygame.draw.circle(surf, (0, 0, 0, 60), (c[0] + max(1, fr // 10), c[1] + max(1, fr // 8)), fr)
        if n in blocked:
            pygame.draw.circle(surf, BLOCKED, c, fr)
            _fence(surf, c, fr)
        elif n == hill.FINISH:
            pygame.draw.circle(surf, GOLD, c, fr)
            _checker_ring(surf, c, fr)
            draw.draw_symbol(surf, "star", c, int(fr * 0.55), (255, 246, 210))
        else:
            pygame.draw.circle(surf, FIELD, c, fr)
        pygame.draw.circle(surf, FIELD_RIM if n not in blocked else (60, 52, 44), c, fr, width=max(2, fr // 9))
        obstacles.append((pygame.Rect(c[0] - fr, c[1] - fr, 2 * fr, 2 * fr), 1))
        if n not in blocked:
            obstacles.append((field_badge(surf, vp, g, p, c, n, num_px), 6))  # a number: never covered if avoidable
            words.append(obstacles[-1])
    finish = pygame.Rect(0, 0, 2 * fr, 2 * fr)
    finish.center = P(*lay.fields[-1])
    # the feed strip: a trough per field with its number
    for box in g.feed_boxes:
        rect = R(box)
        rad = max(4, rect.h // 6)
        pygame.draw.rect(surf, (0, 0, 0, 50), rect.move(max(1, int(L(4))), max(2, int(L(6)))), border_radius=rad)
        pygame.draw.rect(surf, TROUGH, rect, border_radius=rad)
        pygame.draw.rect(surf, TROUGH_RIM, rect, width=max(2, int(L(4))), border_radius=rad)
        obstacles.append((rect, 2))
        # its number's disc reaches out past the trough's corner (a small picture's Start, beside
        # the block with fields 7 and 8 blocked, lay half under the disc of feed field 7)
        (bx, by), br = feed_badge_circle(vp, rect, small if number_px is None else number_px)
        obstacles.append((pygame.Rect(bx - br, by - br, 2 * br, 2 * br), 6))
    # Start's name last, where it covers no field, number or trough (a small picture, like the
    # menu's, has no room above the block between fields 8 and 7); on a tag where nothing is free
    # and the finish's: under it, or beside it where it covers nothing (at 4K in Russian «Финиш»
    # lay on the discs of fields 14 and 15); where nothing near is free, the chequered ring and
    # star alone mark the finish, as in a small picture -- a name further off reads as another
    # field's
    gap = max(2, int(L(4)))
    labels = [(tr("Start (hill field)"), size(30), start, False, (236, 222, 176))]
    if vp.scale >= 0.7:
        labels.insert(0, (tr("Finish"), size(26), finish, True, (255, 246, 210)))
    for name, px, box, below, tag in labels:
        lw, lh = theme.font(px, True).size(name)
        spot, usual = label_spot((lw + max(4, lh // 2), lh + 2), box, obstacles, board, gap, below)
        if below and not usual and (_covers(spot, obstacles) or not _near(spot, box, 2 * fr)):
            continue
        name_tag(surf, name, px, spot, None if usual else tag)
        if names is not None:
            names.append((name, px, spot, tag))
        obstacles.append((spot, 6))
        words.append((spot, 100))
    # the hand strip (window mode; in table mode each hand sits in its seat's panel)
    if strip:
        draw.shadowed_panel(surf, R(g.strip), fill=STRIP, radius=max(6, int(L(24))), shadow=max(3, int(L(8))))
    return words


def name_tag(surf: pygame.Surface, name: str, px: int, spot: pygame.Rect, tag: tuple[int, int, int] | None) -> None:
    """A hill's name at ``spot``, on a tag of colour ``tag`` (none: on the hill itself)."""
    if tag is not None:
        pygame.draw.rect(surf, tag, spot, border_radius=max(3, spot.h // 3))
        pygame.draw.rect(surf, FIELD_RIM, spot, width=max(1, spot.h // 10), border_radius=max(3, spot.h // 3))
    draw.text(surf, name, spot.center, px, theme.INK, bold=True, anchor="center")


def glow_width(vp: Viewport) -> int:
    """The width of a target's glow around a feed field (the outline keeps outside it)."""
    return max(3, int(vp.length(7)))


def px_rect(vp: Viewport, box) -> pygame.Rect:
    """A logical box (x, y, w, h) in pixels."""
    x, y, w, h = box
    a, b = vp.to_px(x, y), vp.to_px(x + w, y + h)
    return pygame.Rect(int(min(a[0], b[0])), int(min(a[1], b[1])), int(abs(b[0] - a[0])), int(abs(b[1] - a[1])))


def feed_parts(vp: Viewport, g: Any, i: int, chicks: list[int], small: int) -> tuple[pygame.Rect, pygame.Rect, list[Any]]:
    """Feed field ``i + 1`` in pixels: its trough, its card (before the chicks narrow it) and its
    chick rows (``chicks``: the field's count per seat; see :func:`chick_rows`)."""
    box = g.feed_boxes[i]
    x, y, w, h = box
    rect = px_rect(vp, box)
    cw, ch = 74.0, 104.0
    crect = px_rect(vp, (x + 14, y + (h - ch) / 2, cw, ch))
    rows = [(s, n) for s, n in enumerate(chicks) if n]
    return rect, crect, chick_rows(vp, rect, crect, rows, small)


def chick_rows(vp: Viewport, rect: pygame.Rect, card: pygame.Rect, rows: list[tuple[int, int]],
               small: int) -> list[tuple[tuple[int, int], int, int, int, int]]:
    """Where a feed field's chick tokens go: one row per colour (token, then "×N"), right-aligned
    in the trough. The count never drops below ``small`` (the frame's small text) and the token is
    at least as tall as that text, whatever the board's scale: the rows share the trough's height
    (they may squeeze closer than their ideal spacing) and the card beside them gets narrower.
    Each entry: (token centre, token radius, seat, count, text size)."""
    if not rows:
        return []
    L = vp.length
    text_px = max(small, int(L(26)))
    font = theme.font(text_px, True)
    text_w = max(font.size(f"×{n}")[0] for _, n in rows)
    text_h = font.size("×0")[1]
    margin = max(2, int(L(8)))
    avail = rect.h - 2 * max(1, int(L(5)))
    row_h = max(text_h, min(max(L(30), text_px * 1.15), avail / len(rows)))
    r = max(3, round(min(max(row_h * 0.48, text_h * 0.6), max(L(13), text_px * 0.55))))
    width = 2 * r + max(1, r // 4) + text_w
    left = max(rect.right - margin - width, card.x + card.w // 2 + margin)
    top = rect.centery - row_h * len(rows) / 2
    return [((int(left + r), int(top + row_h * (k + 0.5))), r, seat, n, text_px)
            for k, (seat, n) in enumerate(rows)]


def paint_feed(surface: pygame.Surface, vp: Viewport, g: Any, lay: Any, face: list[int | None],
               chicks: list[list[int]], small: int, corner_min: int = 0, targets: dict[int, bool] | None = None,
               hover: int = 0, sources: Any = (), source: int = 0, me: int = -1) -> None:
    """The feed strip over its troughs: each field's face-up card (``face``, an empty frame where
    none lies), its chicks (``chicks``: per field, the count per seat) and its number on top.
    The game passes what a click would do (``targets``: field → strong glow; ``hover``: the field
    under the mouse; ``sources``/``source``: ``me``'s chicks that may move, and the chosen one);
    the menu's and the rules' pictures draw a real position's strip with none of that."""
    L = vp.length
    value_px = max(small, int(L(52)))
    targets = targets or {}
    for i in range(len(g.feed_boxes)):
        rect, crect, rows = feed_parts(vp, g, i, chicks[i], small)
        if rows:  # the card gives way (narrower) so the counts keep their readable size
            crect.w = max(min(crect.w, rows[0][0][0] - rows[0][1] - crect.x - max(2, int(L(8)))), crect.w // 2)
        code = face[i]
        deck = lay.decks[lay.feed_deck[i]]
        field = i + 1
        glows = [(theme.HILITE, targets[field], glow_width(vp))] if field in targets else []
        if hover == field and (field in targets or field in sources):
            glows.append((theme.WHITE, True, max(2, int(L(4)))))
        for rgb, strong, width in glows:  # the glows under the card, their frames round it
            _rect_glow(surface, rect, rgb, strong, width, "under")
        _card_or_slot(surface, crect, code, deck.back, value_px, corner_min, max(2, int(L(4))))
        for rgb, strong, width in glows:
            _rect_glow(surface, rect, rgb, strong, width)
        # chicks over the glow (their colours stay true): one token per colour with its count
        for (pos, r, seat, n, text_px) in rows:
            look = lay.players[seat % len(lay.players)]
            draw.piece(surface, pos, r, look.chick, look.symbol)
            img = theme.render(f"×{n}", text_px, theme.INK, True)
            surface.blit(img, img.get_rect(midleft=(pos[0] + r + max(1, r // 4), pos[1])))
            if seat == me and field in sources:
                ring = theme.SELECT if source == field else theme.HILITE
                pygame.draw.circle(surface, ring, pos, int(r + max(3, L(5))), width=max(2, int(L(4))))
        # the field's number on top of any glow: the dice name it
        bc, badge_r = feed_badge_circle(vp, rect, small)
        pygame.draw.circle(surface, theme.ACCENT_DARK if targets.get(field) else theme.INK, bc, badge_r)
        pygame.draw.circle(surface, (255, 250, 236), bc, badge_r, width=max(2, badge_r // 7))
        num = theme.render(str(field), int(badge_r * 1.15), (255, 250, 236), True)
        surface.blit(num, num.get_rect(center=bc))


def feed_badge_circle(vp: Viewport, rect: pygame.Rect, small: int) -> tuple[tuple[int, int], int]:
    """The centre and radius of a feed field's number disc, on its trough's corner (it reaches
    out past the trough: Start's name must keep off it too)."""
    badge_r = max(int(vp.length(22)), int(small * 0.85))
    return (rect.x + badge_r // 3, rect.y + badge_r // 3), badge_r


def _card_or_slot(surface: pygame.Surface, crect: pygame.Rect, code: int | None, back, value_px: int,
                  corner_min: int, rim: int) -> None:
    """A feed field's face-up card, or the empty frame where none lies."""
    if code is None:
        pygame.draw.rect(surface, draw.shade(back, 1.4), crect, width=rim, border_radius=max(3, crect.w // 9))
    else:
        surface.blit(card_image(code, crect.w, crect.h, True, back, value_px, corner_min), crect.topleft)


def label_spot(size: tuple[int, int], box: pygame.Rect, obstacles: list[tuple[pygame.Rect, int]],
               board: pygame.Rect, gap: int, below: bool = False) -> tuple[pygame.Rect, bool]:
    """Where the name of Start (or, ``below``, of the finish) goes: above the block (under the
    finish), the board's own place for it, else the nearest spot around it that covers nothing in
    ``obstacles`` and stays on the board; with none free, the spot that covers least, a number
    counting ``weight`` times a field's edge (it is drawn on a tag, so it reads, and the numbers
    stay readable). Returns it and whether it is the board's own place (elsewhere it is drawn on a
    tag in the place's colour: it reads as its name)."""
    w, h = size
    cx, cy = box.centerx, box.centery
    shifts = sorted(range(-6, 7), key=abs)
    spots: list[pygame.Rect] = []

    def add(**where: tuple[int, int]) -> None:
        r = pygame.Rect(0, 0, w, h)
        setattr(r, *next(iter(where.items())))
        spots.append(r)

    sides = [("midbottom", box.y - gap), ("midtop", box.bottom + gap)]
    for anchor, y in sides[::-1] if below else sides:  # the board's own side first, sliding sideways
        for k in shifts:
            add(**{anchor: (cx + k * w // 4, y)})
    for k in sorted(range(-4, 3), key=abs):  # beside, from level with the block upward
        add(midright=(box.x - gap, cy + k * h // 2))
        add(midleft=(box.right + gap, cy + k * h // 2))
    def apart(r: pygame.Rect) -> int:  # how far from the block: the nearest free spot reads as its name
        return max(box.x - r.right, r.x - box.right, 0) + max(box.y - r.bottom, r.y - box.bottom, 0)

    inside = sorted((r for r in spots if board.contains(r)), key=apart) or spots[:1]

    for r in inside:
        if not _covers(r, obstacles):
            return r, r == spots[0]
    return min(inside, key=lambda r: _covers(r, obstacles)), False


def _covers(r: pygame.Rect, obstacles: list[tuple[pygame.Rect, int]]) -> int:
    """How much of ``obstacles`` a label at ``r`` would cover, each weighted."""
    return sum(r.clip(o).w * r.clip(o).h * weight for o, weight in obstacles)


def _near(r: pygame.Rect, box: pygame.Rect, reach: int) -> bool:
    """``r`` is no further than ``reach`` from ``box`` (it reads as its name)."""
    return r.colliderect(box.inflate(2 * reach, 2 * reach))


def field_num_px(vp: Viewport, g: Any, small: int) -> int:
    """The size of a hill field's number (the static picture and the outline's redrawn tags agree)."""
    return max(small, int(vp.length(g.field_r * 0.62)))


def field_badge(surf, vp, g: Any, p: Point, c: tuple[int, int], n: int, num_px: int) -> pygame.Rect:
    """The field's number in a small tag on the outer side, readable with a hen on it; returns the tag."""
    dx, dy = p[0] - g.hill_centre[0], p[1] - g.hill_centre[1]
    d = math.hypot(dx, dy) or 1.0
    if n == hill.FINISH:
        dx, dy, d = 0.0, -1.0, 1.0
    r = vp.length(g.field_r)
    at = (int(c[0] + dx / d * r * 1.05), int(c[1] + dy / d * r * 1.05))
    tag = pygame.Rect((0, 0), theme.font(num_px, True).size(str(n))).inflate(max(4, num_px // 2), 0)
    tag.h = max(tag.h, tag.w)
    tag.center = at
    pygame.draw.ellipse(surf, (255, 252, 240), tag)
    pygame.draw.ellipse(surf, FIELD_RIM, tag, width=max(1, num_px // 10))
    draw.text(surf, str(n), at, num_px, theme.INK, bold=True, anchor="center")  # a text audit sees it
    return tag


def hen_points(g: Any, lay: Any, hens: list[int]) -> list[Point]:
    """Where each hen stands (logical units): its slot on Start, its field, side by side on the finish."""
    on_finish = [i for i, f in enumerate(hens) if f == hill.FINISH]
    out: list[Point] = []
    for i, field in enumerate(hens):
        if field <= 0:
            out.append(g.start_slots[i] if i < len(g.start_slots) else lay.start)
        elif field == hill.FINISH and len(on_finish) > 1:
            x, y = lay.hill_point(field)
            out.append((x + finish_offset(on_finish.index(i), len(on_finish), g.hen_r), y))
        else:
            out.append(lay.hill_point(min(field, hill.FINISH)))
    return out


def finish_offset(k: int, n: int, hen_r: float) -> float:
    """How far right of the finish's centre the ``k``-th of ``n`` hens on the finish stands. They
    stood 1.15 hen radii apart, one half over the other, the upper one hiding the lower one's
    number. Now side by side in a row, just clear of each other (field 14, below and right of the
    finish, leaves no room for a wider gap), under the "15" tag above the finish and over its name
    below: the finish's chequered ring shows above and below them."""
    return (k - (n - 1) / 2) * 2.1 * hen_r


def paint_hens(surface: pygame.Surface, vp: Viewport, g: Any, lay: Any, hens: list[int], alpha: int = 255) -> None:
    for i, p in enumerate(hen_points(g, lay, hens)):
        look = lay.players[(i // 2) % len(lay.players)]
        hen_figure(surface, vp.to_px(*p), max(5, vp.length(g.hen_r)), look.hen, look.symbol, alpha)


def paint_push_picture(surface: pygame.Surface, rect: pygame.Rect, g: Any, lay: Any, hens: list[int],
                       later: list[int], blocked: Any, cards: tuple[int, ...], small: int,
                       face: list[int | None], chicks: list[list[int]]) -> None:
    """The rules' diagram: the hill with every hen after a card move, a faint hen where each one that
    moved came from, an arrow along the trail for the hen that moves (blue) and for every hen it
    pushes down (red), the card, and the position's feed strip (``face``, ``chicks``) as the game
    draws it: the text beside it speaks of the fields' numbers and cards, and blank troughs
    showed neither.

    Why the result and not the start: the pushed hen stood where the mover lands, so drawn before
    the move that field showed the pushed hen with the blue arrow ending on it, and the picture read
    as that hen moving. Where a hen came from is faint, unless another hen has just landed there."""
    vp = Viewport((0.0, 0.0, g.width, g.height), rect)
    paint_hill(surface, vp, (0, 0), g, lay, blocked, small, False)
    paint_feed(surface, vp, g, lay, face, chicks, small)
    before, after = hen_points(g, lay, hens), hen_points(g, lay, later)
    hen_r = max(5, vp.length(g.hen_r))
    landed = {b for a, b in zip(hens, later, strict=True) if a != b}
    for i, (a, b) in enumerate(zip(hens, later, strict=True)):
        if a != b and (a <= 0 or a not in landed):
            look = lay.players[(i // 2) % len(lay.players)]
            hen_figure(surface, vp.to_px(*before[i]), hen_r, look.hen, look.symbol, 120)
    paint_hens(surface, vp, g, lay, later)
    mover = next((i for i, (a, b) in enumerate(zip(hens, later, strict=True)) if b > a), -1)
    for i, (a, b) in enumerate(zip(hens, later, strict=True)):
        if a != b:  # along the trail, as the game's own move preview draws it
            trail_arrow(surface, vp, lay, g.hen_r * 1.05, (before[i], after[i]), (a, b),
                        theme.SELECT if i == mover else theme.BAD, max(3, int(hen_r * 0.3)))
    w = max(small * 2, int(vp.length(70)))
    x = rect.x + small // 2
    for code in cards:
        back = lay.decks[card_deck(code)].back
        surface.blit(card_image(code, w, int(w * 1.45), True, back, max(small, int(w * 0.6))), (x, rect.y + small // 2))
        x += w + small // 2

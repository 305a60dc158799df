"""One frame of the Plakoto board: the cached static board, then highlights, checkers, trays, the
sliding checker of the last move and the dragged one.

Why apart from ``scene.py``: this is the per-frame painter (hot path, no decisions); the scene
decides what is selected, hovered and legal, and this module only shows it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from tabletop.games.plakoto import scene_draw as sd
from tabletop.games.plakoto.rules import PlakotoState, Step
from tabletop.ui import draw, theme
from tabletop.ui.widgets import Viewport

if TYPE_CHECKING:
    from tabletop.games.plakoto.scene import PlakotoScene


def _ease(t: float) -> float:
    return 1 - (1 - t) * (1 - t)


def paint_static(scene: PlakotoScene, surface: pygame.Surface, vp: Viewport) -> None:
    """The board without checkers, into the frame's cached background (drawn once per size)."""
    g = sd.BoardGeom(scene.lay, vp, scene.flipped)
    m = scene.metrics
    cache, area = sd.build_static(surface, g, scene.bottom_seat(), _number_size(g, m.small),
                                  scene.board_area.inflate(2 * m.pad, 2 * m.pad))
    surface.blit(cache, area.topleft)


def paint_board(scene: PlakotoScene, surface: pygame.Surface, vp: Viewport) -> None:
    g = sd.BoardGeom(scene.lay, vp, scene.flipped)
    m = scene.metrics

    state: PlakotoState = scene.state
    radius = g.radius()
    styles = scene.lay.checkers
    small = m.small

    # the last move slides: hide its checker at the destination and draw it moving
    moving = _moving(scene, g)
    hide: tuple[str, int] | None = moving[0] if moving else None

    sources = scene.sources() if scene.selected is None else set()
    targets = scene.targets()
    hover = scene.hover
    hover_q = scene.mover_point(hover)

    # target washes go under the checkers
    for t in targets:
        if t:
            geom = scene.lay.point(state.absolute(t))
            sd.target_glow(surface, g, geom, hover_q == t)
    for seat in (0, 1):
        if 0 in targets and seat == state.turn:
            sd.tray_glow(surface, g.rect(scene.lay.trays[seat]), scene.lay.colours["highlight"], hover_q == 0)

    dragging_from = scene.selected if scene.drag_pos is not None else None
    for geom in scene.lay.points:
        p = geom.number
        top, count, pinned = state.point(p)
        if top is None:
            continue
        draw_count = count
        if hide == ("point", p):
            draw_count -= 1
        if dragging_from is not None and state.absolute(dragging_from) == p:
            draw_count -= 1
        low, tops = g.stack(geom, count, pinned is not None)
        if low is not None and pinned is not None:
            c = g.px(*low)
            st = styles[pinned]
            sd.blit_checker(surface, c, radius, st.fill, st.edge, st.symbol)
            toward = (0, 1 if c[1] > g.px(*tops[0])[1] else -1) if tops else (0, 1)
            sd.pin_mark(surface, c, radius, toward)
        st = styles[top]
        limit = scene.lay.stack_limit
        shown = min(draw_count, len(tops))
        badge = count > limit and draw_count > 0
        for i in range(shown):
            plain = badge and i == shown - 1  # the count replaces the symbol on the top checker
            sd.blit_checker(surface, g.px(*tops[i]), radius, st.fill, st.edge, "none" if plain else st.symbol)
        if badge:
            sd.count_badge(surface, g.px(*tops[min(draw_count, len(tops)) - 1]), count, max(small, radius * 2 // 3),
                           st.fill)
        # selection, hover and "can move" marks on the top checker
        q = state.absolute(p) if state.phase == "move" else None
        if draw_count > 0 and q is not None:
            c = g.px(*tops[draw_count - 1])
            if scene.selected == q and dragging_from is None:
                draw.glow(surface, c, radius * 1.08, theme.SELECT, 220)
            elif q in sources:
                draw.glow(surface, c, radius * 1.05, scene.lay.colours["highlight"], 200 if hover_q == q else 110)

    # landing rings on target points
    for t in targets:
        if not t:
            continue
        geom = scene.lay.point(state.absolute(t))
        top, count, pinned = state.point(geom.number)
        own = top == state.turn
        index = count if own else 0
        lifted = top is not None and not own  # landing on a lone opposing checker pins it
        c = g.px(*g.slot(geom, index, lifted or pinned is not None))
        draw.glow(surface, c, radius * 0.9, scene.lay.colours["highlight"], 230 if hover_q == t else 170)

    _trays(scene, surface, g, hide)

    if moving:
        _, start, end, seat = moving
        t = _ease(scene.move_progress())
        c = (start[0] + (end[0] - start[0]) * t, start[1] + (end[1] - start[1]) * t)
        st = styles[seat]
        sd.blit_checker(surface, c, radius, st.fill, st.edge, st.symbol)
        scene.dirty = True

    if dragging_from is not None and scene.drag_pos is not None:
        st = styles[state.turn]
        sd.blit_checker(surface, scene.drag_pos, round(radius * 1.1), st.fill, st.edge, st.symbol)
        draw.glow(surface, scene.drag_pos, radius * 1.15, theme.SELECT, 200)


def _number_size(g: sd.BoardGeom, small: int) -> int:
    return max(small, round(g.layout.field[1] * 0.55 * g.scale))


def _trays(scene: PlakotoScene, surface: pygame.Surface, g: sd.BoardGeom, hide: tuple[str, int] | None) -> None:
    state = scene.state
    styles = scene.lay.checkers
    small = scene.metrics.small
    for seat in (0, 1):
        n = state.off[seat] - (1 if hide == ("tray", seat) else 0)
        st = styles[seat]
        for i in range(max(0, n)):
            sd.slab(surface, g.tray_slab(seat, i), st.fill, st.edge)
        if state.off[seat]:
            rect = g.rect(scene.lay.trays[seat])
            last = g.tray_slab(seat, max(0, state.off[seat] - 1))
            lower = last.y > rect.centery
            y = last.y - small if lower else last.bottom + small
            img = theme.render(str(state.off[seat]), small, scene.lay.colours["field"], True)
            surface.blit(img, img.get_rect(center=(rect.centerx, round(y))))


def _moving(scene: PlakotoScene, g: sd.BoardGeom) -> tuple[tuple[str, int], tuple[int, int], tuple[int, int],
                                                          int] | None:
    """(hidden place, start px, end px, seat) of the checker of the last move while it slides."""
    move, before = scene.last_move, scene.last_state
    if not isinstance(move, Step) or before is None or scene.move_progress() >= 1.0:
        return None
    state: PlakotoState = scene.state
    if len(state.games) != len(before.games):
        return None  # the game ended with that step and the board was set up again
    seat = before.turn
    src = before.absolute(move.frm, seat)
    top, count, pinned = before.point(src)
    if top != seat or count < 1:
        return None
    _, tops = g.stack(scene.lay.point(src), count, pinned is not None)
    start = g.px(*tops[-1])
    if move.to == 0:
        end_rect = g.tray_slab(seat, max(0, state.off[seat] - 1))
        return ("tray", seat), start, end_rect.center, seat
    dst = before.absolute(move.to, seat)
    top2, count2, pinned2 = state.point(dst)
    if top2 != seat or count2 < 1:
        return None
    _, tops2 = g.stack(scene.lay.point(dst), count2, pinned2 is not None)
    return ("point", dst), start, g.px(*tops2[-1]), seat

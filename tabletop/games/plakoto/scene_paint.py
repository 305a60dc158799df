"""One frame of the Plakoto board: the cached static board, then highlights, checkers, trays, the
sliding checker of the last move and the dragged one.

Why apart from ``scene.py``: this is the per-frame painter (hot path, no decisions); the scene
decides what is selected, hovered and legal, and this module only shows it.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from tabletop.games.plakoto import scene_draw as sd
from tabletop.games.plakoto.rules import PlakotoState, Step
from tabletop.ui import draw, theme
from tabletop.ui.widgets import Viewport

if TYPE_CHECKING:
    from tabletop.games.plakoto.scene import PlakotoScene

LAST_MOVE = (40, 120, 230)
"""The outline of the latest turn's points (blue: apart from the board's reds and the yellow targets)."""


def _ease(t: float) -> float:
    return 1 - (1 - t) * (1 - t)


def paint_static(scene: PlakotoScene, surface: pygame.Surface, vp: Viewport) -> None:
    """The board without checkers, into the frame's cached background (drawn once per size)."""
    g = sd.BoardGeom(scene.lay, vp, scene.flipped)
    m = scene.metrics
    cache, area = sd.build_static(surface, g, scene.bottom_seat(), _number_size(g, m.small),
                                  scene.board_area.inflate(2 * m.pad, 2 * m.pad), numbers=not scene.app.table_mode)
    surface.blit(cache, area.topleft)


def paint_board(scene: PlakotoScene, surface: pygame.Surface, vp: Viewport) -> None:
    g = sd.BoardGeom(scene.lay, vp, scene.flipped)
    m = scene.metrics
    if scene.app.table_mode:  # in the numbering of the player on turn, each edge's facing its player
        sd.point_numbers(surface, g, scene.numbers_facing(), _number_size(g, m.small), top_turned=True)

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

    _outline(scene, surface, g)
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
        tops = point_checkers(surface, g, geom, top, count, pinned, draw_count, small)
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

    paint_trays(surface, g, state, m.small, hide)

    _route_preview(scene, surface, g, hover_q)

    if moving:
        _, start, end, seat = moving
        t = _ease(scene.move_progress())
        hop = radius * 1.4 * math.sin(math.pi * t)  # lifted over the checkers it passes
        c = (start[0] + (end[0] - start[0]) * t, start[1] + (end[1] - start[1]) * t - hop)
        st = styles[seat]
        sd.blit_checker(surface, c, round(radius * (1 + 0.12 * math.sin(math.pi * t))), st.fill, st.edge, st.symbol)
        scene.dirty = True

    scene.effects.draw(surface, scene.effect_px, m.body, radius)

    if dragging_from is not None and scene.drag_pos is not None:
        st = styles[state.turn]
        sd.blit_checker(surface, scene.drag_pos, round(radius * 1.1), st.fill, st.edge, st.symbol)
        draw.glow(surface, scene.drag_pos, radius * 1.15, theme.SELECT, 200)


def _outline(scene: PlakotoScene, surface: pygame.Surface, g: sd.BoardGeom) -> None:
    """The latest turn's steps stay marked until the next turn: the point each checker left (a thin
    outline) and the point it reached (a thick one), so a player who looked away sees the move."""
    outline = scene.outline
    if scene.move_progress() < 1.0 and outline and outline[-1][1] is scene.last_move:
        outline = outline[:-1]  # the step sliding now is marked once it has arrived
    state: PlakotoState = scene.state
    width = max(2, g.radius() // 7)
    for before, move in outline:
        if not isinstance(move, Step) or not same_board(before, state):
            continue
        seat = before.turn
        for point, w in ((move.frm, width), (move.to, 2 * width)):
            if not point:
                rect = g.rect(scene.lay.trays[seat])
                pygame.draw.rect(surface, theme.WHITE, rect.inflate(4, 4), width=w + 2, border_radius=max(4, rect.w // 10))
                pygame.draw.rect(surface, LAST_MOVE, rect.inflate(4, 4), width=w, border_radius=max(4, rect.w // 10))
                continue
            pts = sd.triangle_px(g, scene.lay.point(before.absolute(point, seat)))
            pygame.draw.polygon(surface, theme.WHITE, pts, width=w + 3)
            pygame.draw.polygon(surface, LAST_MOVE, pts, width=w)


def _route_preview(scene: PlakotoScene, surface: pygame.Surface, g: sd.BoardGeom, hover_q: int | None) -> None:
    """Hovering a target that takes several dice (or a way being chosen): the points on the way,
    as dots on a line, a pin on the way in red."""
    state: PlakotoState = scene.state
    if scene.choice is not None:
        route = scene.choice[2][scene.choice[3]]
    elif scene.selected is not None and hover_q is not None and hover_q in scene.targets():
        ways = scene.ways(scene.selected, hover_q)
        route = ways[0] if ways and len(ways[0]) > 1 else None
    else:
        route = None
    if not route:
        return
    radius = g.radius()
    pins = set(state.route_pins(route))
    pts = []
    for k, step in enumerate([None, *route]):
        point = route[0].frm if step is None else step.to
        if point == 0:
            pts.append(g.tray_slab(state.turn, max(0, state.off[state.turn])).center)
            continue
        p = state.absolute(point)
        top, count, pinned = state.point(p)
        own = top == state.turn
        geom = scene.lay.point(p)
        index = max(0, count - 1) if (own and k == 0) else (count if own else 0)
        pts.append(g.px(*g.slot(geom, index, (top is not None and not own) or pinned is not None)))
    pygame.draw.lines(surface, theme.WHITE, False, pts, max(3, radius // 4) + 3)
    pygame.draw.lines(surface, theme.SELECT, False, pts, max(3, radius // 4))
    for k, (step, at) in enumerate(zip(route, pts[1:], strict=True)):
        last = k == len(route) - 1
        rgb = sd.PIN_RED if step.to in pins else theme.SELECT
        pygame.draw.circle(surface, theme.WHITE, at, radius // 2 + 2)
        pygame.draw.circle(surface, rgb, at, radius // 2, width=0 if not last else max(3, radius // 5))


def same_board(before: PlakotoState, state: PlakotoState) -> bool:
    """Do both positions belong to the same game of the match? (A game's last position stays on
    the board until "next game" sets it up again: its last step is still drawn and outlined.)"""
    def started(s: PlakotoState) -> int:
        return len(s.games) + (0 if s.phase in ("next", "over") else 1)

    return started(before) == started(state)


def point_checkers(surface: pygame.Surface, g: sd.BoardGeom, geom: sd.PointGeom, top: int, count: int,
                   pinned: int | None, draw_count: int, small: int) -> list[tuple[float, float]]:
    """The checkers on one point: a pinned one under the stack (ringed, its pin mark over the
    stack), then ``draw_count`` of the ``count`` on top (a count badge once they pass the stack
    limit). Returns the top slots. Play and the menu's and rules' pictures draw points with it."""
    radius = g.radius()
    styles = g.layout.checkers
    low, tops = g.stack(geom, count, pinned is not None)
    pin_at = None
    if low is not None and pinned is not None:
        c = g.px(*low)
        st = styles[pinned]
        sd.blit_checker(surface, c, radius, st.fill, st.edge, st.symbol)
        sd.pin_ring(surface, c, radius)
        toward = (0, 1 if c[1] > g.px(*tops[0])[1] else -1) if tops else (0, 1)
        pin_at = (c, toward)
    st = styles[top]
    shown = min(draw_count, len(tops))
    badge = count > g.layout.stack_limit and draw_count > 0
    for i in range(shown):
        plain = badge and i == shown - 1  # the count replaces the symbol on the top checker
        sd.blit_checker(surface, g.px(*tops[i]), radius, st.fill, st.edge, "none" if plain else st.symbol)
    if badge:
        sd.count_badge(surface, g.px(*tops[min(draw_count, len(tops)) - 1]), count, max(small, radius * 2 // 3),
                       st.fill)
    if pin_at is not None:
        sd.pin_mark(surface, pin_at[0], radius, pin_at[1])
    return tops


def paint_position(surface: pygame.Surface, rect: pygame.Rect, layout, state: PlakotoState, small: int,
                   flipped: bool = False) -> sd.BoardGeom:
    """The board fitted into ``rect`` with every checker of ``state`` and the borne-off ones: the
    menu's picture, the rules' diagram, the review's positions. White at the bottom in White's
    numbering, or (``flipped``) Black at the bottom in his."""
    vp = Viewport(sd.frame_rect(layout), rect)
    g = sd.BoardGeom(layout, vp, flipped)
    cache, area = sd.build_static(surface, g, 1 if flipped else 0, _number_size(g, small), rect)
    surface.blit(cache, area.topleft)
    for geom in layout.points:
        top, count, pinned = state.point(geom.number)
        if top is not None:
            point_checkers(surface, g, geom, top, count, pinned, count, small)
    paint_trays(surface, g, state, small)
    return g


def paint_preview(surface: pygame.Surface, rect: pygame.Rect, layout, state: PlakotoState, small: int) -> None:
    """The menu's picture: the board and the fifteen checkers of each side where a game starts."""
    paint_position(surface, rect, layout, state, small)


def paint_pin_picture(surface: pygame.Surface, rect: pygame.Rect, layout, state: PlakotoState, step: Step,
                      small: int) -> None:
    """The rules' diagram: ``state`` with an arrow from the checker ``step`` moves to where it lands
    (on a lone rival checker it pins), and the die it uses."""
    g = paint_position(surface, rect, layout, state, small)
    src = layout.point(state.absolute(step.frm))
    _top, count, pinned = state.point(src.number)
    start = g.px(*g.stack(src, count, pinned is not None)[1][count - 1])
    dst = layout.point(state.absolute(step.to))
    end = g.px(*g.slot(dst, 0, True))
    radius = g.radius()
    draw.glow(surface, start, radius * 1.1, theme.SELECT, 220)
    draw.glow(surface, end, radius * 1.0, layout.colours["highlight"], 230)
    width = max(3, radius // 3)
    pygame.draw.line(surface, (255, 255, 255), start, end, width + 4)
    pygame.draw.line(surface, theme.SELECT, start, end, width)
    pygame.draw.circle(surface, theme.SELECT, end, width * 1.6)
    board = g.rect(sd.frame_rect(layout))
    size = small * 3
    top = board.y - size - small // 2 if board.y - rect.y >= size + small else rect.y + small // 2
    draw.die_face(surface, pygame.Rect(rect.x + small // 2, top, size, size), step.die)


def _number_size(g: sd.BoardGeom, small: int) -> int:
    return max(small, round(g.layout.field[1] * 0.55 * g.scale))


def paint_trays(surface: pygame.Surface, g: sd.BoardGeom, state: PlakotoState, small: int,
                hide: tuple[str, int] | None = None) -> None:
    """The borne-off checkers in each tray (one fewer where ``hide`` says one is still sliding)
    and how many there are."""
    styles = g.layout.checkers
    for seat in (0, 1):
        n = state.off[seat] - (1 if hide == ("tray", seat) else 0)
        st = styles[seat]
        for i in range(max(0, n)):
            sd.slab(surface, g.tray_slab(seat, i), st.fill, st.edge)
        if state.off[seat]:
            img = theme.render(str(state.off[seat]), small, g.layout.colours["field"], True)
            pill = tray_count_rect(g, seat, state.off[seat], img.get_size(), small)
            # on a dark pill: a full tray puts the number past its end, by the light checkers
            pygame.draw.rect(surface, (52, 36, 26), pill, border_radius=pill.h // 2)
            surface.blit(img, img.get_rect(center=pill.center))


def tray_count_rect(g: sd.BoardGeom, seat: int, count: int, text: tuple[int, int], small: int) -> pygame.Rect:
    """Where the count of ``count`` borne-off checkers stands (its pill, for a number of size
    ``text``): on the tray's centre line just past the last checker, on the side the stack grows
    toward, clear of it. Which side that is comes from the first checker (the stack's foot): the
    last one crosses the tray's middle from about 8 on, which once put the count over the stack."""
    rect = g.rect(g.layout.trays[seat])
    first, last = g.tray_slab(seat, 0), g.tray_slab(seat, max(0, count - 1))
    w, h = text[0] + small // 2, text[1] + 2
    gap = max(2, small // 4)
    if first.centery > rect.centery:  # the stack grows upward: the count above its top
        return pygame.Rect(rect.centerx - w // 2, last.y - gap - h, w, h)
    return pygame.Rect(rect.centerx - w // 2, last.bottom + gap, w, h)


def _moving(scene: PlakotoScene, g: sd.BoardGeom) -> tuple[tuple[str, int], tuple[int, int], tuple[int, int],
                                                          int] | None:
    """(hidden place, start px, end px, seat) of the checker of the last move while it slides."""
    move, before = scene.last_move, scene.last_state
    if not isinstance(move, Step) or before is None or scene.move_progress() >= 1.0:
        return None
    state: PlakotoState = scene.state
    if not same_board(before, state):
        return None  # the board has been set up again since
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

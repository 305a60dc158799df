"""What each part of Captain Flip's turned middle area shows, so that a frame in table mode turns
and copies only the parts that changed.

At a 4K table the middle area is a 2546×1934 picture painted upright and turned to the captain
in focus; turning and copying all of it costs most of a frame. Between two frames usually only a
few spaces change (a tile placed, the lit targets, the column under the finger), the card, the
strip and a header. :func:`regions` lists every part as (pixels, what it shows): a space of any
board, a column's tag, a header, a small board's "on turn" ring, the card, the strip, a sliding
tile's path. A part whose key differs from the last frame's is repainted; everything else is kept.

Anything that may draw outside these parts (a tooltip, a dragged tile, the effect markers) or
that moves everything (another captain in focus, another edge, a new window or language) gives
``None``: the whole area is painted, as before. The parts are generous (a space with its
highlight rim and outline), so a key that covers what is drawn there is all correctness needs;
tests compare the kept frame with a full repaint after every move.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from tabletop.games.captain_flip import scene_draw as sd
from tabletop.games.captain_flip import scene_text as txt
from tabletop.games.captain_flip.moves import FlipAt, Place
from tabletop.games.captain_flip.rules import OVER, PLACE
from tabletop.i18n import language
from tabletop.ui.widgets import Viewport

if TYPE_CHECKING:
    from tabletop.games.captain_flip.scene_paint import Painter

Region = tuple[pygame.Rect, Any]


def outline_spots(painter: Painter) -> list[tuple[int, tuple[int, int], int]]:
    """The latest turn's framed spaces as (seat, (col, row), 3 placed / 2 flipped) — what
    ``Painter.outline`` frames (the painter and the keys read this one list)."""
    sc = painter.scene
    moves = sc.outline
    if sc.anim_progress() < 1.0 and moves and moves[-1][1] is sc.last_move:
        moves = moves[:-1]  # the tile moving now is framed once it has landed
    out = []
    for before, move in moves:
        if isinstance(move, Place):
            spot, width = before.next_space(before.actor, move.col), 3
        elif isinstance(move, FlipAt):
            spot, width = (move.col, move.row), 2
        else:
            continue
        if spot is not None:
            out.append((before.actor, spot, width))
    return out


def _geometry(painter: Painter, vp: Viewport, slots: list) -> dict[Any, pygame.Rect]:
    """Every part's pixels for this view (the same until the whole area's key changes)."""
    sc = painter.scene
    board = sc.board
    out: dict[Any, pygame.Rect] = {}
    for slot in slots:
        seat = slot.seat
        for ci, column in enumerate(board.columns):
            for row in range(column.low, column.top + 1):
                r = sd.px(vp, slot.space(board, ci, row))
                out[seat, ci, row] = r.inflate(r.w // 2 + 8, r.h // 2 + 8)
                out["slide", seat, ci, row] = r.union(sd.px(vp, sc.parts.tile)).inflate(8, 8)
            tag = sd.px(vp, slot.tag(board, ci))
            out["tag", seat, ci] = tag.inflate(tag.w // 4 + 8, tag.h + 8)
        head = sd.px(vp, slot.head_rect(board))
        out["head", seat] = head.inflate(head.h + 8, 8)
        if not slot.big:
            out["ring", seat] = sd.px(vp, slot.board_rect(board)).inflate(head.h + 8, head.h + 8).union(out["head", seat])
    for name, rect in (("card", sc.parts.card), ("strip", sc.parts.strip), ("solo", sc.parts.others)):
        out[name] = sd.px(vp, rect).inflate(8, 8)
    return out


def regions(painter: Painter, vp: Viewport, edge: str) -> tuple[Any, list[Region]] | None:
    """(what the whole area depends on, [(part in pixels, what it shows)]), or None when only a
    full repaint is safe."""
    sc = painter.scene
    if sc.hover_tip is not None or sc.drag or sc.effects.showing():
        return None
    obs = sc.obs
    board = sc.board
    slots = sc.current_slots()
    players = sc.state.num_players
    names = tuple(sc.seat_name(s) for s in range(players))
    whole = (edge, sc.focus_seat(), sc.parts, painter._turned_key, language(), tuple(painter.high), names,
             tuple(vp.rect), sc.metrics.height)
    kept = painter._region_geometry
    if kept is None or kept[0] != whole:
        kept = painter._region_geometry = (whole, _geometry(painter, vp, slots))
    geo = kept[1]
    p = sc.anim_progress()
    moving = sc.anims if p < 1.0 else {}
    targets = sc.targets()
    place = sc.state.phase == PLACE
    actor = sc.state.actor
    framed = {(seat, spot): width for seat, spot, width in outline_spots(painter)}
    ghost = obs.drawn[0] if obs.drawn is not None else None
    out: list[Region] = []
    for slot in slots:
        seat = slot.seat
        active = sc.shown_turn() == seat
        for ci, column in enumerate(board.columns):
            tiles = obs.boards[seat][ci]
            for row in range(column.low, column.top + 1):
                i = row - column.low
                tile = tuple(tiles[i]) if i < len(tiles) else None
                spot = (ci, row)
                lit = None
                if seat == actor and spot in targets:  # no tooltip here: only the hovered column is strong
                    strong = place and sc.hover_col == ci  # (or the tile the keyboard marked to flip)
                    lit = (strong or (not place and sc.key_pick == spot), ghost if strong else None)
                anim = moving.get((seat, ci, row))
                out.append((geo[seat, ci, row], (tile, lit, framed.get((seat, spot)), (anim, p) if anim else None)))
                if anim is not None and anim[0] == "place":  # the path from the card to the space
                    out.append((geo["slide", seat, ci, row], ("slide", p)))
            kraken = (obs.kraken, obs.completed(seat) if obs.solo else 0, len(tiles))
            out.append((geo["tag", seat, ci], ("tag", kraken)))
        out.append((geo["head", seat], ("head", sc.shown_coins(seat), obs.map_holder == seat, active)))
        if not slot.big:
            out.append((geo["ring", seat], ("ring", active)))
    card_anim = (sc.card_anim, p) if p < 1.0 and sc.card_anim else None
    final = tuple(txt.final_lines(sc)) if obs.phase == OVER else None
    drawn = sc.drawn_face()
    out.append((geo["card"], ("card", obs.phase, drawn, obs.bag_n, obs.dolphins, obs.map_holder, sc.can_roll(), obs.actor,
                              card_anim, final)))
    strip_seat = slots[0].seat
    out.append((geo["strip"], ("strip", tuple(txt.strip_lines(obs, strip_seat, sc.seat_name(strip_seat))))))
    if players == 1:
        out.append((geo["solo"], ("solo", tuple(painter.high))))
    return whole, out


def changed(before: tuple[Any, list[Region]] | None, now: tuple[Any, list[Region]] | None) -> list[pygame.Rect] | None:
    """The parts to repaint between two frames' regions, or None for the whole area."""
    if before is None or now is None or before[0] != now[0] or len(before[1]) != len(now[1]):
        return None
    out = []
    for (r0, k0), (r1, k1) in zip(before[1], now[1], strict=True):
        if k0 != k1 or r0 != r1:
            out.append(r0.union(r1))
    return out

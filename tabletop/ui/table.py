"""Table mode geometry: where the board and each seat's strip go on a screen lying flat among the
players, and the turn that makes a strip (or a card) face its player, with its exact inverse.

A panel is drawn upright on its own surface (``size``: width along the edge × depth into the
screen), then turned: bottom 0°, right 90°, top 180°, left 270° (counter-clockwise, as
``pygame.transform.rotate``). ``to_local`` is the inverse used for hit-testing.

:func:`plan_table` places the board first (as large as the strips leave room for: at least 85% of
the screen's short side) and fits the strips into what is left. On a wide screen the room beside
the board forms two columns: a seat at a side edge gets (a share of) the column at his edge, and a
seat at the top or bottom edge gets a corner *block* of a column, at the corner he prefers (next
to his home on the board, else his right-hand end). When the board is too wide for columns that
deep (a wide board, many seats), a top or bottom seat gets a thin *band* along his edge instead.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

EDGES_BY_PLAYERS = {
    1: ["bottom"],
    2: ["bottom", "top"],
    3: ["bottom", "left", "top"],
    4: ["bottom", "left", "top", "right"],
    5: ["bottom", "bottom", "left", "top", "right"],
}
"""Clockwise round the table from the bottom edge (two at the bottom for five: right one first)."""
ANGLE = {"bottom": 0, "right": 90, "top": 180, "left": 270}
RIGHT_HAND = {"bottom": "right", "top": "left", "left": "bottom", "right": "top"}
"""The screen side that is a player's right hand, at each edge (where his strip goes by default)."""
MIN_SHARE = 0.85
"""The board's least share of the screen's short side."""
TILE = 256


@dataclass
class EdgePanel:
    """One seat's panel: its edge, its upright size and where it lands on the screen. ``kind``
    says what shape it is: "band" (thin, along the edge), "block" (a corner of a column beside the
    board, facing a top or bottom seat) or "side" (a share of the column at a side seat's edge)."""

    seat: int
    edge: str
    size: tuple[int, int]  # upright (width along the edge, depth)
    screen_rect: pygame.Rect
    kind: str = "band"
    end: str | None = None  # the screen side of the seat's home, if the game gave one

    @property
    def home_right(self) -> bool:
        """Upright, the seat's home is to the right (his right hand) — else to the left."""
        return self.end is None or self.end == RIGHT_HAND[self.edge]

    @property
    def angle(self) -> int:
        return ANGLE[self.edge]

    def to_local(self, pos: tuple[float, float]) -> tuple[float, float] | None:
        """Screen pixel → upright panel coordinates, or None when outside the panel."""
        if not self.screen_rect.collidepoint(pos):
            return None
        x, y = pos[0] - self.screen_rect.x, pos[1] - self.screen_rect.y
        w, h = self.size
        if self.angle == 0:
            return (x, y)
        if self.angle == 180:
            return (w - 1 - x, h - 1 - y)
        if self.angle == 90:  # rotated counter-clockwise: upright (u, v) sits at (v, w - 1 - u)
            return (w - 1 - y, x)
        return (y, h - 1 - x)  # 270: upright (u, v) sits at (h - 1 - v, u)

    def to_screen(self, local: tuple[float, float]) -> tuple[float, float]:
        """Upright panel coordinates → screen pixel (the inverse of ``to_local``)."""
        u, v = local
        w, h = self.size
        if self.angle == 0:
            x, y = u, v
        elif self.angle == 180:
            x, y = w - 1 - u, h - 1 - v
        elif self.angle == 90:
            x, y = v, w - 1 - u
        else:
            x, y = h - 1 - v, u
        return (self.screen_rect.x + x, self.screen_rect.y + y)

    def rect_to_screen(self, rect: pygame.Rect) -> pygame.Rect:
        """Where an upright rectangle of the panel lands on the screen (turned with it)."""
        a = self.to_screen((rect.x, rect.y))
        b = self.to_screen((rect.right - 1, rect.bottom - 1))
        x0, x1 = sorted((a[0], b[0]))
        y0, y1 = sorted((a[1], b[1]))
        return pygame.Rect(int(x0), int(y0), int(x1 - x0) + 1, int(y1 - y0) + 1)

    def turn(self, upright: pygame.Surface) -> pygame.Surface:
        """An upright picture turned to face this edge."""
        if self.angle == 180:  # the same pixels as rotate(180), in about half the time
            return pygame.transform.flip(upright, True, True)
        if not self.angle:
            return upright
        w, h = upright.get_size()
        if w * h <= TILE * TILE * 4 or upright.get_flags() & pygame.SRCALPHA:  # tiles would blend, not copy
            return pygame.transform.rotate(upright, self.angle)
        # a quarter turn of a big picture, tile by tile: the same pixels, about twice as fast (a
        # whole-picture turn reads rows and writes columns across far more memory than a cache holds)
        out = pygame.Surface((h, w), 0, upright)
        for y in range(0, h, TILE):
            for x in range(0, w, TILE):
                r = pygame.Rect(x, y, min(TILE, w - x), min(TILE, h - y))
                piece = pygame.transform.rotate(upright.subsurface(r), self.angle)
                out.blit(piece, (r.y, w - r.right) if self.angle == 90 else (h - r.bottom, r.x))
        return out

    def blit(self, screen: pygame.Surface, upright: pygame.Surface, region: pygame.Rect | None = None) -> None:
        """Show ``upright`` (the whole panel, or only its part ``region``) turned to this edge."""
        at = self.rect_to_screen(region).topleft if region is not None else self.screen_rect.topleft
        screen.blit(self.turn(upright), at)


def facing_frame(edge: str, size: tuple[int, int]) -> EdgePanel:
    """The whole screen seen from ``edge``: an EdgePanel over the screen whose upright size is the
    screen as that player sees it (sideways for a side edge). Cards turned to a seat use it."""
    w, h = size
    upright = (w, h) if edge in ("bottom", "top") else (h, w)
    return EdgePanel(-1, edge, upright, pygame.Rect(0, 0, w, h), "screen")


@dataclass(frozen=True)
class SeatPlace:
    """Where a seat sits: its ``edge`` and, optionally, the screen side (``end``) of the corner
    nearest its home on the board: "left"/"right" for a top or bottom seat, "top"/"bottom" for a
    side seat. None: his right-hand end."""

    edge: str
    end: str | None = None


@dataclass(frozen=True)
class Sizes:
    """The strips' least sizes in pixels: a band's depth, a column's width holding a corner
    block, a column's width holding only side strips; ``fill`` is the board's largest share of
    the short side and ``margin`` the gap kept round it."""

    band: int
    block: int
    side: int
    fill: float = 0.95
    margin: int = 0


@dataclass
class TablePlan:
    board: pygame.Rect                       # the board's area (the Viewport letterboxes into it)
    panels: list[EdgePanel] = field(default_factory=list)

    def drawn_height(self, aspect: float) -> float:
        """The height of a board of ``aspect`` once fitted into ``board`` (pixels)."""
        return min(self.board.h, self.board.w / aspect) if aspect > 0 else self.board.h


def uncovered(screen: pygame.Rect, covers: list[pygame.Rect]) -> list[pygame.Rect]:
    """The parts of ``screen`` that none of ``covers`` overlaps, as a few rectangles (a frame
    restores only these from its background: the strips and opaque pictures cover the rest)."""
    free = [screen.copy()]
    for cover in covers:
        nxt: list[pygame.Rect] = []
        for r in free:
            c = r.clip(cover)
            if c.w <= 0 or c.h <= 0:
                nxt.append(r)
                continue
            if c.y > r.y:
                nxt.append(pygame.Rect(r.x, r.y, r.w, c.y - r.y))
            if c.bottom < r.bottom:
                nxt.append(pygame.Rect(r.x, c.bottom, r.w, r.bottom - c.bottom))
            if c.x > r.x:
                nxt.append(pygame.Rect(r.x, c.y, c.x - r.x, c.h))
            if c.right < r.right:
                nxt.append(pygame.Rect(c.right, c.y, r.right - c.right, c.h))
        free = nxt
    return free


def default_places(players: int) -> list[SeatPlace]:
    edges = EDGES_BY_PLAYERS.get(players) or (EDGES_BY_PLAYERS[4] * 2)[:players]
    return [SeatPlace(e) for e in edges]


_TRANSPOSE_EDGE = {"bottom": "right", "right": "bottom", "top": "left", "left": "top"}
_TRANSPOSE_END = {"left": "top", "top": "left", "right": "bottom", "bottom": "right", None: None}


def plan_table(size: tuple[int, int], aspect: float, places: list[SeatPlace], sizes: Sizes) -> TablePlan:
    """The board's area and every seat's panel (in seat order) for a screen of ``size`` and a
    board ``aspect`` (width / height as drawn). A portrait screen is planned transposed."""
    w, h = size
    if h > w:
        flipped = [SeatPlace(_TRANSPOSE_EDGE[p.edge], _TRANSPOSE_END[p.end]) for p in places]
        plan = _plan_landscape((h, w), 1 / aspect if aspect > 0 else 1.0, flipped, sizes)
        board = pygame.Rect(plan.board.y, plan.board.x, plan.board.h, plan.board.w)
        panels = [EdgePanel(p.seat, _TRANSPOSE_EDGE[p.edge], p.size,
                            pygame.Rect(p.screen_rect.y, p.screen_rect.x, p.screen_rect.h, p.screen_rect.w), p.kind,
                            places[p.seat].end)
                  for p in plan.panels]
        return TablePlan(board, panels)
    return _plan_landscape(size, aspect, places, sizes)


def _plan_landscape(size: tuple[int, int], aspect: float, places: list[SeatPlace], sizes: Sizes) -> TablePlan:
    best: tuple[float, TablePlan] | None = None
    for blocks in (True, False):
        plan = _attempt(size, aspect, places, sizes, blocks)
        drawn = plan.drawn_height(aspect) / size[1]
        if drawn >= MIN_SHARE:
            return plan
        if best is None or drawn > best[0]:
            best = (drawn, plan)
    assert best is not None
    return best[1]


def _attempt(size: tuple[int, int], aspect: float, places: list[SeatPlace], sizes: Sizes, blocks: bool) -> TablePlan:
    w, h = size
    cells: dict[str, list[tuple[int, str]]] = {"left": [], "right": []}  # column → (seat, role)
    bands: dict[str, list[int]] = {"top": [], "bottom": []}
    for seat, place in enumerate(places):
        if place.edge in cells:
            cells[place.edge].append((seat, "side"))
    taken: set[tuple[str, str]] = set()
    for seat, place in enumerate(places):
        if place.edge not in bands:
            continue
        pref = place.end if place.end in ("left", "right") else RIGHT_HAND[place.edge]
        column = None
        if blocks:
            for col in (pref, "left" if pref == "right" else "right"):
                if (col, place.edge) not in taken:
                    column = col
                    break
        if column is None:
            bands[place.edge].append(seat)
        else:
            taken.add((column, place.edge))
            cells[column].append((seat, place.edge))
    need = {c: (sizes.block if any(role != "side" for _, role in cells[c]) else sizes.side) if cells[c] else 0
            for c in cells}
    depth = {e: sizes.band if bands[e] else 0 for e in bands}
    m = sizes.margin
    room_h = h - sum(depth[e] or m for e in depth)  # a band's strip has its own inner margin
    board_h = min(h * sizes.fill, room_h)
    room_w = w - need["left"] - need["right"] - 2 * m
    board_w = aspect * board_h
    if board_w > room_w:
        board_w, board_h = room_w, room_w / aspect
    board_w, board_h = int(board_w), int(board_h)
    left_over = w - board_w - need["left"] - need["right"] - 2 * m
    used = [c for c in cells if cells[c]]
    col_w = dict(need)
    if used:
        for c in used:
            col_w[c] += left_over // len(used)
    else:
        col_w = {"left": left_over // 2, "right": left_over - left_over // 2}
    band_x0 = col_w["left"] if cells["left"] else 0
    band_x1 = w - (col_w["right"] if cells["right"] else 0)
    y0 = (depth["top"] or m) + (room_h - board_h) // 2
    board = pygame.Rect(col_w["left"] + m, y0, board_w, board_h)
    if not used:  # nothing beside the board: centre it
        board.x = (w - board_w) // 2
    panels: list[EdgePanel] = []
    for c in ("left", "right"):
        panels += _column_panels(c, cells[c], col_w[c], w, h, places)
    for e in ("top", "bottom"):
        seats = bands[e]
        if not seats:
            continue
        if e == "bottom":
            seats = list(reversed(seats))  # clockwise along the bottom edge runs right to left
        span = band_x1 - band_x0
        for i, seat in enumerate(seats):
            x = band_x0 + span * i // len(seats)
            x_end = band_x0 + span * (i + 1) // len(seats)
            rect = pygame.Rect(x, 0 if e == "top" else h - depth[e], x_end - x, depth[e])
            panels.append(EdgePanel(seat, e, (rect.w, rect.h), rect, "band"))
    for p in panels:
        p.end = places[p.seat].end
    panels.sort(key=lambda p: p.seat)
    return TablePlan(board, panels)


def widen_band(panels: list[EdgePanel], seat: int, share: float) -> list[EdgePanel]:
    """``panels`` with ``seat``'s band given ``share`` of its edge's band, the others on that band
    sharing the rest evenly, in the same order along the edge and over the same span. Two
    seats share the bottom band with five at a table: an even half held the acting seat's name,
    its two choices and its Menu but no room to say what to do, while the other seat's half only
    shows its name and last event. A seat that is not on a shared band gets ``panels`` back."""
    me = next((p for p in panels if p.seat == seat), None)
    if me is None or me.kind != "band":
        return panels
    mates = [p for p in panels if p.kind == "band" and p.edge == me.edge]
    if len(mates) < 2:
        return panels
    along_x = me.edge in ("top", "bottom")  # a portrait screen's bands run down its sides

    def span(r: pygame.Rect) -> tuple[int, int]:
        return (r.x, r.right) if along_x else (r.y, r.bottom)

    mates.sort(key=lambda p: span(p.screen_rect)[0])
    start, end = span(mates[0].screen_rect)[0], span(mates[-1].screen_rect)[1]
    rest = (1 - share) / (len(mates) - 1)
    shares = [share if p.seat == seat else rest for p in mates]
    done = 0.0
    wider: dict[int, EdgePanel] = {}
    for p, part in zip(mates, shares, strict=True):
        a = start + round((end - start) * done)
        done += part
        b = start + round((end - start) * done)
        r = p.screen_rect.copy()
        if along_x:
            r.x, r.w = a, b - a
        else:
            r.y, r.h = a, b - a
        wider[p.seat] = EdgePanel(p.seat, p.edge, (b - a, p.size[1]), r, p.kind, p.end)
    return [wider.get(p.seat, p) for p in panels]


def _column_panels(column: str, cells: list[tuple[int, str]], width: int, w: int, h: int,
                   places: list[SeatPlace]) -> list[EdgePanel]:
    """A column's cells top to bottom: the top seat's block, the side seats, the bottom seat's
    block; an alone block keeps to half the height, at its corner."""
    if not cells or width <= 0:
        return []
    top = [c for c in cells if c[1] == "top"]
    sides = [c for c in cells if c[1] == "side"]
    if column == "left":
        sides.reverse()  # clockwise up the left edge: the first side seat lowest
    bottom = [c for c in cells if c[1] == "bottom"]
    order = top + sides + bottom
    x = 0 if column == "left" else w - width
    out: list[EdgePanel] = []
    if len(order) == 1 and order[0][1] != "side":
        seat, role = order[0]
        rect = pygame.Rect(x, 0 if role == "top" else h - h // 2, width, h // 2)
        return [EdgePanel(seat, role, (rect.w, rect.h), rect, "block")]
    n = len(order)
    for i, (seat, role) in enumerate(order):
        y, y_end = h * i // n, h * (i + 1) // n
        rect = pygame.Rect(x, y, width, y_end - y)
        if role == "side":
            out.append(EdgePanel(seat, places[seat].edge, (rect.h, rect.w), rect, "side"))
        else:
            out.append(EdgePanel(seat, role, (rect.w, rect.h), rect, "block"))
    return out

"""Where things sit in Captain Flip's scene, in logical units (no pixels, no pygame).

The scene's logical box is fixed (``BOX``); the Viewport letterboxes it into the window. Inside it:
the focused captain's Adventure board large on the left, the drawn-tile card top right, the other
captains' boards smaller below the card, and a score strip under the large board. Each board is
placed by a :class:`Slot` that maps the board file's own units into the box, so any board file
(any size) fits its slot.
"""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.games.captain_flip.layout import Board

BOX = (0.0, 0.0, 1000.0, 760.0)
TALL_BOX = (0.0, 0.0, 760.0, 1000.0)
"""The box turned on its side, for a captain at a side edge of a table screen (the area he faces
is taller than wide): his board large, the other boards in a column beside it, the score strip
and the drawn-tile card side by side under them, nearest him."""
TALL_OTHERS_W = 215.0
MAIN = (0.0, 0.0, 600.0, 650.0)
CARD = (625.0, 0.0, 375.0, 250.0)
OTHERS = (625.0, 265.0, 375.0, 495.0)
STRIP = (0.0, 665.0, 600.0, 95.0)
HEAD_BIG = 52.0
HEAD_SMALL = 34.0
TAG = 26.0
"""Room above a board (in board units) for the column-bonus tags over the tallest columns."""

FRAME = 14.0
"""Width (board units) the board's frame and shadow add around it, both sides together."""

Rect = tuple[float, float, float, float]


def inside(rect: Rect, x: float, y: float) -> bool:
    rx, ry, rw, rh = rect
    return rx <= x < rx + rw and ry <= y < ry + rh


@dataclass(frozen=True)
class Slot:
    """One captain's place on screen: the header band and the board, with the board's transform
    (board units → logical units: ``ox + bx * s``, ``oy + by * s``)."""

    seat: int
    rect: Rect
    head: float
    ox: float
    oy: float
    s: float
    big: bool

    def board_rect(self, board: Board) -> Rect:
        bw, bh = board.size
        return (self.ox, self.oy - TAG * self.s, bw * self.s, (bh + TAG) * self.s)

    def head_rect(self, board: Board) -> Rect:
        """The header band: as wide as the large board; a small board's takes its whole cell (it is
        often wider than the board), so the name keeps room beside the coins and the map."""
        if not self.big:
            return (self.rect[0], self.rect[1], self.rect[2], self.head)
        bw, _ = board.size
        return (self.ox, self.rect[1], bw * self.s, self.head)

    def space(self, board: Board, col: int, row: int) -> Rect:
        x, y, w, h = board.space_rect(col, row)
        return (self.ox + x * self.s, self.oy + y * self.s, w * self.s, h * self.s)

    def tag(self, board: Board, col: int) -> Rect:
        """The bonus tag just above a column's top space."""
        column = board.columns[col]
        x, y, w, _ = self.space(board, col, column.top)
        h = TAG * self.s * 0.9
        return (x - 4 * self.s, y - h - 2 * self.s, w + 8 * self.s, h)

    def column_at(self, board: Board, x: float, y: float) -> int | None:
        """The column under a logical point (anywhere between the board's top and bottom)."""
        bx, by = (x - self.ox) / self.s, (y - self.oy) / self.s
        if not -TAG <= by <= board.size[1]:
            return None
        w = board.space[0]
        for ci, column in enumerate(board.columns):
            if column.x - 4 <= bx < column.x + w + 4:
                return ci
        return None

    def space_at(self, board: Board, x: float, y: float) -> tuple[int, int] | None:
        return board.space_at((x - self.ox) / self.s, (y - self.oy) / self.s)


def fit(seat: int, rect: Rect, board: Board, big: bool) -> Slot:
    """Scale and centre ``board`` (plus its tag room) under a header inside ``rect``."""
    x, y, w, h = rect
    head = HEAD_BIG if big else HEAD_SMALL
    bw, bh = board.size
    avail = h - head
    # room for the frame drawn around the board (5 board units a side, plus its shadow)
    s = min(w / (bw + FRAME), avail / (bh + TAG + FRAME / 2))
    used = head + (bh + TAG + FRAME / 2) * s
    y += (h - used) / 2  # centre the header and board together in the rectangle
    ox = x + (w - bw * s) / 2
    oy = y + head + TAG * s
    return Slot(seat, (x, y, w, used), head, ox, oy, s, big)


@dataclass(frozen=True)
class Parts:
    """The box's parts for a drawn-tile card ``card_h`` tall and a score strip ``strip_h`` tall.
    Long texts in big type (Russian, a table screen's text sizes) make the card and the strip grow;
    the large board above the strip and the other boards below the card give way. The drawn tile
    keeps its place (``card_tile``); the card's words run beside it, then on under it."""

    card_h: float = CARD[3]
    strip_h: float = STRIP[3]
    row_h: float = 36.0      # one line of the card's bottom rows (the map, the bag's count)
    count_row: bool = False  # the bag's count has its own bottom row (the header is too narrow)
    tall: bool = False       # laid out in ``TALL_BOX`` (a side seat at a table), else in ``BOX``

    @property
    def box(self) -> Rect:
        return TALL_BOX if self.tall else BOX

    @property
    def foot_h(self) -> float:
        """In the tall box: the height of the row of the strip and the card."""
        return max(self.card_h, self.strip_h)

    @property
    def main(self) -> Rect:
        if self.tall:
            return (0.0, 0.0, TALL_BOX[2] - TALL_OTHERS_W - 15.0, TALL_BOX[3] - self.foot_h - 15.0)
        return (MAIN[0], MAIN[1], MAIN[2], BOX[3] - self.strip_h - 15.0)

    @property
    def strip(self) -> Rect:
        if self.tall:
            w = TALL_BOX[2] - CARD[2] - 15.0
            return (0.0, TALL_BOX[3] - self.foot_h, w, self.foot_h)
        return (STRIP[0], BOX[3] - self.strip_h, STRIP[2], self.strip_h)

    @property
    def card(self) -> Rect:
        if self.tall:
            return (TALL_BOX[2] - CARD[2], TALL_BOX[3] - self.foot_h, CARD[2], self.foot_h)
        return (CARD[0], CARD[1], CARD[2], self.card_h)

    @property
    def tile(self) -> Rect:
        """The drawn tile's square inside the card (where the card is, at the same size)."""
        x, y, _, _ = self.card
        return (x + 16, y + 46, 150.0, 150.0)

    @property
    def others(self) -> Rect:
        if self.tall:
            return (TALL_BOX[2] - TALL_OTHERS_W, 0.0, TALL_OTHERS_W, TALL_BOX[3] - self.foot_h - 15.0)
        top = self.card_h + 15.0
        return (OTHERS[0], top, OTHERS[2], BOX[3] - top)

    def card_text(self) -> Rect:
        """Beside the tile."""
        x, y, w, _ = self.card
        return (x + 180, y + 46, w - 192, 150.0)

    def card_below(self) -> Rect:
        """The words' column going on below the tile's bottom, down to the bottom rows: beside the
        tile's picture still, never under it (long words, big type on a table screen)."""
        x, y, w, h = self.card
        top = y + 46 + 150
        bottom = y + h - 8 - self.row_h * (2 if self.count_row else 1)
        return (x + 180, top, w - 192, max(0.0, bottom - top))

    def card_full(self) -> Rect:
        """The card's whole width from under its header to the bottom rows (no tile shown: game over)."""
        x, y, w, h = self.card
        bottom = y + h - 8 - self.row_h * (2 if self.count_row else 1)
        return (x + 16, y + 46, w - 28, max(0.0, bottom - (y + 46)))

    def card_map(self) -> Rect:
        x, y, w, h = self.card
        return (x + 16, y + h - 8 - self.row_h, w - 32, self.row_h)

    def card_count(self) -> Rect:
        """The bag's count on its own row over the map's (when ``count_row``)."""
        x, y, w, h = self.card_map()
        return (x, y - h, w, h)

    def other_rects(self, k: int) -> list[Rect]:
        """Rectangles for ``k`` smaller boards under the card (stacked for 2, a grid for 3-4)."""
        x, y, w, h = self.others
        gap = 12.0
        if k <= 0:
            return []
        if k == 1:
            return [self.others]
        if self.tall:  # one column beside the large board
            ch = (h - gap * (k - 1)) / k
            return [(x, y + i * (ch + gap), w, ch) for i in range(k)]
        if k == 2:
            hh = (h - gap) / 2
            return [(x, y, w, hh), (x, y + hh + gap, w, hh)]
        cw, ch = (w - gap) / 2, (h - gap) / 2
        cells = [(x, y, cw, ch), (x + cw + gap, y, cw, ch), (x, y + ch + gap, cw, ch),
                 (x + cw + gap, y + ch + gap, cw, ch)]
        return cells[:k] if k <= 4 else cells

    def slots(self, board: Board, players: int, focus: int) -> list[Slot]:
        """Every captain's slot: ``focus`` large, the others in seat order from the focus onward."""
        out = [fit(focus, self.main, board, True)]
        others = [(focus + k) % players for k in range(1, players)]
        for seat, rect in zip(others, self.other_rects(len(others)), strict=False):
            out.append(fit(seat, rect, board, False))
        return out


DEFAULT = Parts()


def other_rects(k: int) -> list[Rect]:
    return DEFAULT.other_rects(k)


def slots(board: Board, players: int, focus: int) -> list[Slot]:
    return DEFAULT.slots(board, players, focus)


def card_tile() -> Rect:
    """The drawn tile's square inside the card of the wide box (the same for every card height)."""
    return DEFAULT.tile


def card_text() -> Rect:
    return DEFAULT.card_text()


def card_map() -> Rect:
    return DEFAULT.card_map()

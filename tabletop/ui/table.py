"""Table mode geometry: each seat's panel sits at its edge of a screen lying flat among the
players, rotated to face that player, and clicks on it are mapped back exactly.

A panel is drawn upright on its own surface (``size``: width along the edge × depth into the
screen), then rotated: bottom 0°, right 90°, top 180°, left 270° (counter-clockwise, as
``pygame.transform.rotate``). ``to_local`` is the inverse used for hit-testing.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

EDGES_BY_PLAYERS = {
    1: ["bottom"],
    2: ["bottom", "top"],
    3: ["bottom", "left", "top"],
    4: ["bottom", "left", "top", "right"],
    5: ["bottom", "bottom", "left", "top", "right"],
}
ANGLE = {"bottom": 0, "right": 90, "top": 180, "left": 270}


@dataclass
class EdgePanel:
    """One seat's panel: its edge, its upright size and where it lands on the screen."""

    seat: int
    edge: str
    size: tuple[int, int]  # upright (width along the edge, depth)
    screen_rect: pygame.Rect

    @property
    def angle(self) -> int:
        return ANGLE[self.edge]

    def to_local(self, pos: tuple[int, int]) -> tuple[float, float] | None:
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

    def blit(self, screen: pygame.Surface, upright: pygame.Surface) -> None:
        if self.angle == 180:  # the same pixels as rotate(180), in about half the time
            image = pygame.transform.flip(upright, True, True)
        else:
            image = pygame.transform.rotate(upright, self.angle) if self.angle else upright
        screen.blit(image, self.screen_rect.topleft)


def plan_panels(players: int, screen: tuple[int, int], depth: int,
                edges: list[str] | None = None) -> tuple[list[EdgePanel], pygame.Rect]:
    """Assign every seat an edge (``edges``, when the game knows where each seat belongs, e.g. by
    its home corner) and a panel; return them and the free centre for the board."""
    w, h = screen
    if edges is None or len(edges) != players or any(e not in ANGLE for e in edges):
        edges = EDGES_BY_PLAYERS.get(players, EDGES_BY_PLAYERS[4][:players] if players < 5 else EDGES_BY_PLAYERS[5])
    used = set(edges)
    left = depth if "left" in used else 0
    right = depth if "right" in used else 0
    top = depth if "top" in used else 0
    bottom = depth if "bottom" in used else 0
    centre = pygame.Rect(left, top, w - left - right, h - top - bottom)
    panels: list[EdgePanel] = []
    for edge in ("bottom", "top"):
        seats = [s for s, e in enumerate(edges) if e == edge]
        span = centre.w
        for i, seat in enumerate(seats):
            pw = span // len(seats)
            x = centre.x + i * pw
            rect = pygame.Rect(x, h - depth if edge == "bottom" else 0, pw, depth)
            if edge == "top":  # seat order runs left→right from the bottom player's view, so mirror
                rect.x = centre.right - (i + 1) * pw
            panels.append(EdgePanel(seat, edge, (pw, depth), rect))
    for edge in ("left", "right"):
        for seat in (s for s, e in enumerate(edges) if e == edge):
            rect = pygame.Rect(0 if edge == "left" else w - depth, top, depth, h - top - bottom)
            panels.append(EdgePanel(seat, edge, (rect.h, depth), rect))
    panels.sort(key=lambda p: p.seat)
    return panels, centre

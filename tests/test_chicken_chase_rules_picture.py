"""The How to play picture of Chicken Chase: the hen that moves is seen where it lands, and its
arrow follows the trail field by field.

Why: drawn as the position before the move, the landing field showed the *pushed* hen with the blue
arrow ending on it (it read as that hen moving), and the arrow ran straight across the spiral."""

from __future__ import annotations

import math

import pygame
import pytest

from tabletop.games import get_game
from tabletop.games.chicken_chase import scene_draw
from tabletop.games.chicken_chase.scene import ChickenChaseScene
from tabletop.layout import BoardStore
from tabletop.ui import theme


@pytest.fixture()
def drawn(monkeypatch):
    """The picture at 700x560, with what ``paint_push_picture`` was asked to draw."""
    pygame.init()
    spec = get_game("chicken_chase")
    layout = spec.load_layout(BoardStore.default(), "normal")
    seen = {}
    real = scene_draw.paint_push_picture

    def spy(surface, rect, g, lay, hens, later, *rest):
        seen.update(g=g, lay=lay, hens=list(hens), later=list(later))
        real(surface, rect, g, lay, hens, later, *rest)

    monkeypatch.setattr("tabletop.games.chicken_chase.scene.paint_push_picture", spy)
    surface = pygame.Surface((700, 560))
    surface.fill((0, 0, 0))
    ChickenChaseScene.draw_rules_picture(surface, surface.get_rect(), spec, layout, 14)
    return surface, seen


def _px(seen, point, surface):
    from tabletop.ui.widgets import Viewport

    g = seen["g"]
    return Viewport((0.0, 0.0, g.width, g.height), surface.get_rect()).to_px(*point)


def test_the_landing_field_shows_the_hen_that_moved_there(drawn):
    surface, seen = drawn
    hens, later = seen["hens"], seen["later"]
    mover = next(i for i, (a, b) in enumerate(zip(hens, later, strict=True)) if b > a)
    pushed = next(i for i, (a, b) in enumerate(zip(hens, later, strict=True)) if b < a)
    assert mover // 2 != pushed // 2, "the example pushes a rival's hen"
    lay = seen["lay"]
    x, y = _px(seen, lay.hill_point(later[mover]), surface)
    r = max(3, int(surface.get_width() * 0.004))
    near = [surface.get_at((x + dx, y + dy))[:3] for dx in range(-r, r + 1) for dy in range(-r, r + 1)]

    def closest(rgb):
        return min(math.dist(c, rgb) for c in near)

    mine, theirs = lay.players[mover // 2].hen, lay.players[pushed // 2].hen
    assert closest(mine) < closest(theirs), "the landing field shows the pushed hen, not the mover"


def test_the_movers_arrow_passes_through_the_fields_on_its_way(drawn):
    surface, seen = drawn
    hens, later = seen["hens"], seen["later"]
    mover = next(i for i, (a, b) in enumerate(zip(hens, later, strict=True)) if b > a)
    assert later[mover] - hens[mover] >= 2, "the example crosses at least one field"
    lay = seen["lay"]
    blue = theme.SELECT[:3]
    for field in range(max(1, hens[mover] + 1), later[mover]):
        x, y = _px(seen, lay.hill_point(field), surface)
        box = [(x + dx, y + dy) for dx in range(-14, 15) for dy in range(-14, 15)]
        assert any(math.dist(surface.get_at(p)[:3], blue) < 30 for p in box), f"no arrow at field {field}"


# -- the feed strip: the text speaks of its numbers and cards ----------------------------------------


def _feed_drawn(surface, g, feed: int) -> tuple[bool, bool]:
    """(feed field ``feed`` shows a face-up card, it shows its number badge) on ``surface``, where
    the board ``g`` fills the whole surface: the card's face colour in the card's place, and the
    badge's ink at the trough's top left corner (a blank trough has neither)."""
    from tabletop.games.chicken_chase.scene_draw import CARD_FACE
    from tabletop.ui.widgets import Viewport

    vp = Viewport((0.0, 0.0, g.width, g.height), surface.get_rect())
    x, y, w, h = g.feed_boxes[feed - 1]
    (cx0, cy0), (cx1, cy1) = vp.to_px(x + 14, y + h / 2 - 52), vp.to_px(x + 14 + 74, y + h / 2 + 52)
    card = [surface.get_at((int(px), int(py)))[:3] for px in range(int(cx0), int(cx1)) for py in range(int(cy0), int(cy1))]
    face = sum(math.dist(c, CARD_FACE) < 12 for c in card) > len(card) // 4
    (bx, by), reach = vp.to_px(x, y), max(4, int(vp.length(22)))
    corner = [surface.get_at((int(bx) + dx, int(by) + dy))[:3] for dx in range(-reach, reach) for dy in range(-reach, reach)
              if surface.get_rect().collidepoint(int(bx) + dx, int(by) + dy)]
    badge = any(math.dist(c, theme.INK) < 12 for c in corner)
    return face, badge


def test_the_rules_picture_shows_every_feed_fields_number_and_card(drawn):
    """The text beside it says every feed field 1–10 shows a face-up card and that the dice name
    the fields: the picture drew the troughs blank (no number, no card) while the game shows both."""
    surface, seen = drawn
    g = seen["g"]
    for feed in range(1, len(g.feed_boxes) + 1):
        face, badge = _feed_drawn(surface.subsurface(_board_rect(seen, surface)), g, feed)
        assert face, f"feed field {feed} shows no face-up card"
        assert badge, f"feed field {feed} shows no number"


def _board_rect(seen, surface):
    """The board's rectangle in the picture (the viewport fits it, centred, into the surface)."""
    from tabletop.ui.widgets import Viewport

    g = seen["g"]
    vp = Viewport((0.0, 0.0, g.width, g.height), surface.get_rect())
    (x0, y0), (x1, y1) = vp.to_px(0, 0), vp.to_px(g.width, g.height)
    return pygame.Rect(int(min(x0, x1)), int(min(y0, y1)), int(abs(x1 - x0)), int(abs(y1 - y0)))


def test_the_menu_picture_shows_the_opening_deal_on_the_feed_strip():
    """The menu's picture of the board: the feed strip as a new game deals it (a card face up on
    every field, each with its number), not blank troughs the board never shows."""
    from tabletop.core import Setup
    from tabletop.games.chicken_chase.scene_geom import build_geometry

    pygame.init()
    spec = get_game("chicken_chase")
    layout = spec.load_layout(BoardStore.default(), "normal")
    state = spec.new_state(Setup(4, "normal", spec.parse_options("normal", {}), layout, 0))
    surface = pygame.Surface((900, 640))
    surface.fill((0, 0, 0))
    assert ChickenChaseScene.draw_preview(surface, surface.get_rect(), layout, state, 14)
    g = build_geometry(layout, 8)
    seen = {"g": g}
    for feed in range(1, len(g.feed_boxes) + 1):
        face, badge = _feed_drawn(surface.subsurface(_board_rect(seen, surface)), g, feed)
        assert face, f"feed field {feed} shows no face-up card"
        assert badge, f"feed field {feed} shows no number"

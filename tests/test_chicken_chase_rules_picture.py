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

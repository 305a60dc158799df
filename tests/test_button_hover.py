"""A plain button under the pointer must look it: its fill went from near white (255, 252, 246)
to a barely warmer white (255, 240, 210), and a new player could not tell which button the
pointer was on. A hovered plain button now takes the accent's edge and a warm fill; a disabled
one does not light."""

from __future__ import annotations

import pygame

from tabletop.ui import theme
from tabletop.ui.widgets import Button


def drawn(hover: bool, enabled: bool = True) -> pygame.Surface:
    pygame.font.init()
    surface = pygame.Surface((220, 60))
    surface.fill(theme.PANEL)
    button = Button("Settings", lambda: None, enabled=enabled)
    button.rect = pygame.Rect(10, 10, 200, 40)
    button.hover = hover
    button.draw(surface, 16)
    return surface


def test_a_hovered_plain_button_has_the_accent_edge_and_a_warmer_fill():
    rest, lit = drawn(False), drawn(True)
    edge_at = (110, 10)  # the top edge's middle
    assert tuple(lit.get_at(edge_at))[:3] == theme.ACCENT
    assert tuple(rest.get_at(edge_at))[:3] != theme.ACCENT
    a, b = tuple(rest.get_at((30, 30)))[:3], tuple(lit.get_at((30, 30)))[:3]
    assert sum(abs(x - y) for x, y in zip(a, b, strict=True)) >= 70, (a, b)


def test_a_disabled_button_does_not_light_under_the_pointer():
    assert pygame.image.tobytes(drawn(True, enabled=False), "RGB") == pygame.image.tobytes(drawn(False, enabled=False), "RGB")

"""Table mode geometry: every seat gets an edge, panels never overlap each other or the board,
and the inverse transform maps a click on a rotated panel back to the exact upright point."""

import pygame
import pytest

from tabletop.ui.table import EDGES_BY_PLAYERS, plan_panels


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
@pytest.mark.parametrize("size", [(1024, 600), (1920, 1080), (3840, 2160)])
def test_panels_cover_each_seat_and_leave_the_centre_free(players, size):
    depth = int(min(size) * 0.2)
    panels, centre = plan_panels(players, size, depth)
    assert [p.seat for p in panels] == list(range(players))
    assert [p.edge for p in panels] == EDGES_BY_PLAYERS[players]
    screen = pygame.Rect((0, 0), size)
    for i, p in enumerate(panels):
        assert screen.contains(p.screen_rect)
        assert not p.screen_rect.colliderect(centre)
        w, h = p.size
        assert p.screen_rect.size == ((w, h) if p.angle in (0, 180) else (h, w))
        for other in panels[i + 1:]:
            assert not p.screen_rect.colliderect(other.screen_rect)


@pytest.mark.parametrize("players", [4, 5])
def test_inverse_transform_is_exact_for_every_rotation(players):
    panels, _ = plan_panels(players, (1920, 1080), 200)
    for panel in panels:
        w, h = panel.size
        for local in [(0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1), (w // 3, h // 2), (17, 41)]:
            screen = panel.to_screen(local)
            assert panel.screen_rect.collidepoint(screen)
            assert panel.to_local((int(screen[0]), int(screen[1]))) == local


def test_rotated_panel_pixels_match_the_transform():
    """Draw a marker upright, rotate it as the app does, and find it where to_screen says."""
    pygame.init()
    panels, _ = plan_panels(4, (800, 600), 120)
    for panel in panels:
        upright = pygame.Surface(panel.size)
        upright.fill((0, 0, 0))
        upright.set_at((13, 29), (255, 0, 0))
        screen = pygame.Surface((800, 600))
        panel.blit(screen, upright)
        x, y = panel.to_screen((13, 29))
        assert screen.get_at((int(x), int(y)))[:3] == (255, 0, 0), panel.edge


def test_top_panel_blit_is_the_180_degree_turn():
    """The top edge's panel is mirrored both ways (faster than a rotation): pixel for pixel the
    same picture as turning it 180 degrees."""
    pygame.init()
    panels, _ = plan_panels(2, (640, 480), 100)
    top = next(p for p in panels if p.edge == "top")
    upright = pygame.Surface(top.size)
    for x in range(0, top.size[0], 7):
        for y in range(0, top.size[1], 5):
            upright.set_at((x, y), ((x * 3) % 256, (y * 5) % 256, (x + y) % 256))
    screen = pygame.Surface((640, 480))
    top.blit(screen, upright)
    turned = pygame.transform.rotate(upright, 180)
    shown = screen.subsurface(top.screen_rect)
    assert all(shown.get_at((x, y)) == turned.get_at((x, y))
               for x in range(top.size[0]) for y in range(0, top.size[1], 3))

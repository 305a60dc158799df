"""Trap the Cap's prison tray without its word: when "Prisoners" did not fit, the padlock and the
caps stayed at the hideout's end of the pill and its other half lay empty, which looked like a
drawing fault. Without the word the contents now sit in the tray's middle."""

from __future__ import annotations

import pygame
import pytest

from tabletop.games.trap_the_cap import scene_draw as sd

FILL = (46, 36, 28)
RIM = (88, 72, 58)
LOOK = ((200, 30, 30), "circle")


@pytest.fixture(autouse=True)
def _pygame():
    pygame.init()
    yield


def margins(rect: pygame.Rect, hideout: tuple[int, int], label: str) -> tuple[int, int]:
    """The bare tray left of and right of what is drawn in it, along its middle row."""
    surface = pygame.Surface((rect.right + 40, rect.bottom + 40))
    sd.tray(surface, rect, hideout, (200, 30, 30), [(LOOK, 2)], label)
    frame = max(2, rect.h // 9)
    y = rect.centery
    xs = [x for x in range(rect.x + 2 * frame, rect.right - 2 * frame)
          if tuple(surface.get_at((x, y)))[:3] not in (FILL, RIM)]
    assert xs, "something is drawn in the tray"
    return xs[0] - (rect.x + 2 * frame), (rect.right - 2 * frame) - xs[-1]


@pytest.mark.parametrize("hideout", [(0, 20), (600, 20)])
def test_without_its_word_the_trays_contents_sit_in_the_middle(hideout):
    rect = pygame.Rect(100, 10, 300, 36)
    near, far = margins(rect, hideout, "A word far too long to fit in this small tray at all")
    assert abs(near - far) <= rect.h // 2, (near, far)

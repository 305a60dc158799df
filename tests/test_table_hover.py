"""At a table the board shows no hover the players did not make: not where the system left the
pointer (the screen's centre, before anyone touched it), and not after the pointer or a finger
left the board (a tooltip stayed while a strip was tapped)."""

from __future__ import annotations

import pygame
import pytest
from feedback_helpers import start

from tabletop.launch import Seat


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    """Settings of their own (the user's fast play or pace must not change what is drawn)."""
    monkeypatch.setenv("TABLETOP_DATA", str(tmp_path))


def frame(app) -> bytes:
    app.mark_dirty()
    app.render()
    return pygame.image.tobytes(app.screen, "RGB")


def motion(scene, pos, **extra) -> None:
    scene.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0), **extra))


@pytest.mark.parametrize("game", ["trap_the_cap", "captain_flip"])
def test_a_table_board_shows_only_the_hover_someone_made(game):
    app, scene = start(game, [Seat("human"), Seat("human")], table=True)
    plain = frame(app)
    centre = scene.board_area.center
    motion(scene, centre, resting=True)  # where the pointer was left, never moved
    motion(scene, centre)  # the system's own motion event as the window appears under it
    assert frame(app) == plain, "no hover before anyone moved the pointer or touched the board"
    motion(scene, (centre[0] + 1, centre[1]))
    hovered = frame(app)
    idle = next(p for p in scene.table_panels if p.seat != scene.acting_seat())  # a tap there does nothing
    strip = idle.screen_rect.center
    motion(scene, strip)  # the pointer leaves the board
    assert frame(app) == plain, "the board's hover went with the pointer"
    if hovered != plain:  # a tooltip was shown: a finger's tap on a strip ends it too
        motion(scene, centre, touch=True)
        scene.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=strip, button=1, touch=True))
        assert frame(app) == plain

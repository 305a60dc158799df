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


def tip_spot(scene) -> tuple[int, int]:
    """A pixel of the board whose hover shows a card (a field's name, a column's bonus)."""
    if scene.spec.id == "trap_the_cap":
        return scene.field_px("R10")
    box = scene.board_area
    for x in range(box.left + 5, box.right, 9):
        for y in range(box.top + 5, box.bottom, 9):
            motion(scene, (x, y))
            if scene.hover_tip is not None and scene.hover_tip[0] == "bonus":
                motion(scene, (-1, -1))
                return (x, y)
    raise AssertionError("no bonus space on the board")


def press(scene, pos, down: bool, **extra) -> None:
    kind = pygame.MOUSEBUTTONDOWN if down else pygame.MOUSEBUTTONUP
    scene.handle(pygame.event.Event(kind, pos=pos, button=1, **extra))


@pytest.mark.parametrize("game", ["trap_the_cap", "captain_flip"])
def test_a_tap_leaves_no_hover_card_behind(game):
    """The review, at a table: «Красный луч 1» stayed on the board after the tap, and turned to
    face the next player when the turn passed. A finger does not hover: the card shows while the
    finger rests on the board and goes when it lifts; a click at a table (a mouse standing in for
    the finger) leaves none under the resting pointer; and a hover a mouse made ends when the
    turn moves on."""
    app, scene = start(game, [Seat("human"), Seat("human")], table=True)
    at = tip_spot(scene)
    plain = frame(app)
    press(scene, at, True, touch=True)
    assert frame(app) != plain, "while the finger rests on the field its card shows"
    press(scene, at, False, touch=True)
    assert frame(app) == plain, "the finger lifted: its card stayed on the board"
    motion(scene, at)  # a mouse at the table: it hovers
    press(scene, at, True)
    press(scene, at, False)
    motion(scene, at, resting=True)  # the loop's "the pointer rests here" after the click
    assert frame(app) == plain, "after a click the card came back under the resting pointer"
    motion(scene, (at[0] + 1, at[1]))
    assert frame(app) != plain, "a mouse moved over the field shows its card"
    scene.roll()  # the turn moves on (a roll or a draw)
    scene.skip_animations()
    now = frame(app)
    scene.end_board_hover()
    assert frame(app) == now, "the turn moved on: the card stayed for the next seat"


def test_a_pointer_that_did_not_move_makes_no_hover_after_a_tap():
    """After a click at a table the system may report the pointer where it already was (a window
    uncovered over it sends a motion to the same pixel): that is no move, and brought the card
    back over the field just tapped."""
    app, scene = start("trap_the_cap", [Seat("human"), Seat("human")], table=True)
    at = scene.field_px("R10")
    plain = frame(app)
    motion(scene, (at[0] + 1, at[1]))
    motion(scene, at)
    press(scene, at, True)
    press(scene, at, False)
    assert frame(app) == plain
    motion(scene, at)  # the same pixel again: not a move
    assert frame(app) == plain, "a motion to where the pointer already was brought the card back"

"""Trap the Cap's hover card keeps clear of the lit targets: hovering the selected tower showed
its card down and to the right of the pointer, over the bottom of the lit field beside it (the
field the player clicks next). The card now goes to the first place around the pointer that hides
no target and not the hovered piece; also at a table, where the card faces the seat on turn."""

from __future__ import annotations

import pygame
import pytest
from scene_input import instant_scenes

from tabletop.app import App, AppOptions
from tabletop.core.session import Session
from tabletop.games import get_game
from tabletop.games.trap_the_cap import scene_draw as sd
from tabletop.games.trap_the_cap.rules import TrapState
from tabletop.launch import Seat, new_session
from tabletop.ui import placement
from tabletop.ui.game_scene import make_scene

SPEC = get_game("trap_the_cap")
TOWER = ("red 1 R06:red+red home:red=red,red;green=green,green,green,green locked: gold:- "
         "variant:offensive round:0")
"""Red's tower on the top of the ring with a 1: both fields beside it light up."""


@pytest.fixture(autouse=True)
def fast(monkeypatch, tmp_path):
    instant_scenes(monkeypatch, tmp_path)


def scene_at(size: tuple[int, int], table: bool):
    app = App(AppOptions(size=size, headless=True, mute=True, table=table))
    base = new_session(SPEC, app.store, 2, None, {}, [Seat("human")] * 2, 1)
    session = Session(SPEC, TrapState.from_notation(TOWER), 1, base.meta)
    scene = make_scene(app, session)
    app.push_scene(scene)
    app.render()
    return app, scene


def frame(app, scene, hover: tuple[int, int] | None) -> pygame.Surface:
    """The window with the pointer resting at ``hover`` (None: off the board)."""
    if hover is None:
        scene.hover = None
    else:  # a table takes a pointer's first motion for the system's (no hover): move it twice
        for pos in ((hover[0] + 1, hover[1]), hover):
            scene.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.mark_dirty()
    app.render()
    return app.screen.copy()


def hidden_target_pixels(app, scene) -> int:
    """How many pixels inside the lit targets change when the tower is hovered (its card shown)."""
    x, y = scene.piece_px("R06", 0)
    scene.selected = ("R06", 0)
    plain = frame(app, scene, None)
    shown = frame(app, scene, (x, y - 3))
    assert scene.piece_at(scene.hover) == ("R06", 0), "the pointer is on the tower"
    targets = scene.targets()
    assert sorted(targets) == ["R05", "R07"]
    polys = scene._polys()
    mask = pygame.Surface(plain.get_size())
    area = [pygame.draw.polygon(mask, (255, 255, 255), sd.inset(polys[fid], 4)) for fid in targets]
    # inside the fields, clear of the hovered field's white outline on their edge
    box = area[0].unionall(area[1:])
    return sum(1 for px in range(box.left, box.right) for py in range(box.top, box.bottom)
               if mask.get_at((px, py))[0] and plain.get_at((px, py)) != shown.get_at((px, py)))


def test_the_card_of_a_hovered_tower_hides_no_lit_target():
    app, scene = scene_at((1366, 768), table=False)
    assert hidden_target_pixels(app, scene) == 0


def test_at_a_table_the_facing_card_hides_no_lit_target():
    app, scene = scene_at((1600, 1000), table=True)
    assert hidden_target_pixels(app, scene) == 0


def test_place_takes_the_first_clear_spot_else_the_least_covered():
    bounds = pygame.Rect(0, 0, 400, 400)
    below_right = [(120, 120), (180, 120), (180, 160), (120, 160)]
    spots = placement.centres((100, 100), (60, 40), 10, placement.LAPTOP_ORDER)
    assert placement.place((60, 40), spots, bounds, []).topleft == (110, 110), "down-right by default"
    assert placement.place((60, 40), spots, bounds, [below_right]).topleft == (30, 110), "then down-left"
    everywhere = [[(0, 0), (400, 0), (400, 400), (0, 400)]]
    spot = placement.place((60, 40), spots, bounds, everywhere)
    assert bounds.contains(spot) and spot.size == (60, 40)


def test_overlap_area_of_a_field_and_a_card():
    card = pygame.Rect(0, 0, 10, 10)
    assert placement.overlap_area([(5, 5), (15, 5), (15, 15), (5, 15)], card) == pytest.approx(25)
    assert placement.overlap_area([(20, 20), (30, 20), (25, 30)], card) == 0
    assert placement.overlap_area([(0, 0), (10, 0), (0, 10)], card) == pytest.approx(50)


SPREAD = ("red 3 R06:red R07:green R08:red R09:green R12:red R13:green home:red=red;green=green locked: gold:- "
          "variant:offensive round:0")
"""Caps strewn along the ring, Red to move 3: Red's caps glow (they can move), Green's lie between."""


@pytest.mark.parametrize("table", [False, True], ids=["window", "table"])
def test_a_field_card_hides_no_cap_that_can_move_nor_any_other_cap(monkeypatch, table):
    """Hovering a field with nothing selected: its name card went down-right of the pointer over
    whatever cap lay there (the review saw "Yellow–Blue 2" over a yellow cap). Now on every field
    of the board it hides none of the glowing caps the player clicks next, nor any other cap."""
    app = App(AppOptions(size=(1366, 768) if not table else (1600, 1000), headless=True, mute=True, table=table))
    base = new_session(SPEC, app.store, 2, None, {}, [Seat("human")] * 2, 1)
    scene = make_scene(app, Session(SPEC, TrapState.from_notation(SPREAD), 1, base.meta))
    app.push_scene(scene)
    app.render()
    cards: list[pygame.Rect] = []
    real_place = placement.place
    monkeypatch.setattr(placement, "place", lambda *a, **k: cards.append(real_place(*a, **k)) or cards[-1])
    r = scene.viewport.length(scene.geo.cap)
    movable = scene.movable()
    assert len(movable) == 4
    glowing = [b for piece in movable for b in scene._piece_box(piece, r)]
    piles = scene._stacks(scene.state)
    others = [b for fid, p in piles.items() for i in range(len(p)) if (fid, i) not in movable
              for b in scene._piece_box((fid, i), r)]
    hid_glowing, hid_other = [], []
    for fid in scene.geo.fields:
        cards.clear()
        frame(app, scene, scene.field_px(fid))
        assert cards, f"no card over {fid}"
        if placement.covered(cards[-1], glowing) > 0:
            hid_glowing.append(fid)
        if placement.covered(cards[-1], others) > 0:
            hid_other.append(fid)
    assert not hid_glowing, f"the card over these fields hides a cap that can move: {hid_glowing}"
    assert not hid_other, f"the card over these fields hides a cap: {hid_other}"

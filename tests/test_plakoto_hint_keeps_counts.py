"""The hint's arrows start on the edge of the checker they move, not on its middle: from the
opening's 24-point every arrow's start dot and shaft covered the stack's count ("15"), the one
number that says how many checkers are left there."""

from __future__ import annotations

import pygame
import pytest
from coach_helpers import until
from scene_input import instant_scenes

from tabletop.app import App, AppOptions
from tabletop.games import get_game
from tabletop.games.plakoto.scene_arrows import turn_segments
from tabletop.launch import Seat, advance, new_session
from tabletop.ui.game_scene import make_scene


@pytest.fixture(autouse=True)
def quick(monkeypatch, tmp_path):
    instant_scenes(monkeypatch, tmp_path)


@pytest.mark.parametrize("table, size", [(False, (1366, 768)), (True, (3840, 2160))])
def test_the_hint_leaves_the_count_of_the_stack_it_moves_from_readable(table, size):
    app = App(AppOptions(size=size, headless=True, mute=True, table=table))
    session = new_session(get_game("plakoto"), app.store, 2, None, {}, [Seat("human"), Seat("human")], 5)
    advance(session, 3)  # the opening roll decided: White to move from his 15 on the 24-point
    scene = make_scene(app, session)
    app.push_scene(scene)
    app.render()
    assert scene.state.phase == "move"
    before = app.screen.copy()
    scene.toggle_hint()
    until(app, lambda: scene.hint.shown)
    app.render()
    g = scene.geom()
    starts = {segments[0][0] for segments in (turn_segments(g, scene.state, row.shown.steps) for row in scene.hint.rows(str))
              if segments}
    assert starts, "the hint drew no turn"
    r = int(g.radius() * 0.35)  # the count's digits on the top checker
    for x, y in starts:
        box = pygame.Rect(x - r, y - r, 2 * r, 2 * r)
        changed = sum(before.get_at((px, py)) != app.screen.get_at((px, py))
                      for px in range(box.left, box.right) for py in range(box.top, box.bottom))
        assert changed == 0, f"the hint covers {changed} pixels of the count at {(x, y)}"

"""Captain Flip at a table repaints only the parts of the turned middle area that changed
(``scene_regions``). Every kept frame must equal a full repaint: after every move of seeded games
with four and five captains (every edge in turn), with the column under the pointer changing,
and in the middle of the slides, flips and draws (a clock the test moves by hand)."""

from __future__ import annotations

import random

import pygame
import pytest
from frame_check import differing, full_repaint, play_next
from scene_input import move

import tabletop.launch
import tabletop.ui.game_scene as game_scene
from tabletop.app import App, AppOptions
from tabletop.games import get_game
from tabletop.launch import Seat
from tabletop.ui.game_scene import make_scene

SPEC = get_game("captain_flip")


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture(autouse=True)
def data(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_DATA", str(tmp_path))
    monkeypatch.setattr(game_scene, "AI_PAUSE", 0.0)
    yield
    pygame.display.quit()


@pytest.mark.parametrize("players, animated", [(4, False), (5, False), (4, True)])
def test_every_kept_frame_equals_a_full_repaint(players, animated, monkeypatch):
    clock = Clock()
    if animated:
        monkeypatch.setattr(game_scene, "MOVE_TIME", 0.2)
        monkeypatch.setattr(game_scene, "ROLL_TIME", 0.4)
    else:
        monkeypatch.setattr(game_scene, "MOVE_TIME", 0.0)
        monkeypatch.setattr(game_scene, "ROLL_TIME", 0.0)
    app = App(AppOptions(size=(1366, 768), headless=True, mute=True, table=True))
    app.settings["fast_play"] = not animated
    session = tabletop.launch.new_session(SPEC, app.store, players, "E", {}, [Seat("human")] * players, 7)
    scene = make_scene(app, session)
    scene.timers.clock = clock
    scene.over_shown = True
    app.push_scene(scene)
    app.render()
    rng = random.Random(3)
    agent = SPEC.make_agent("easy")
    area = scene.board_area
    checked = partial = 0
    for step in range(40 if animated else 90):
        if not play_next(scene, agent, rng):
            break
        frames = [0.05, 0.1, 0.3, 0.5] if animated else [0.0]
        for dt in frames:
            clock.now += dt
            if rng.random() < 0.5:  # the pointer over some column of the area (hover lights it)
                move(app, (rng.randrange(area.left, area.right), rng.randrange(area.top, area.bottom)))
                scene.hover_tip = None  # a tooltip repaints the whole area; here the parts are tested
            scene.update(0.0)
            scene.dirty = True
            before = scene.painter._regions is not None
            app.render()
            shown = app.screen.copy()
            fresh = full_repaint(app, scene)
            assert differing(shown, fresh, area) == 0, f"step {step} (+{dt}s): a kept part is stale"
            checked += 1
            partial += before
            app.render()  # back to the incremental path
    assert checked > 30 and partial > checked // 3, "the parts were hardly ever reused"

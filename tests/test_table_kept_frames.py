"""Every game at a table keeps what it drew (each strip's turned picture, a strip repainted only
where its own parts changed, the game's board layers): after every move of seeded games with
several seat counts, the kept frame must equal a forced full repaint pixel for pixel — over the
whole screen, strips included."""

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


@pytest.fixture(autouse=True)
def data(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_DATA", str(tmp_path))
    monkeypatch.setattr(game_scene, "AI_PAUSE", 0.0)
    monkeypatch.setattr(game_scene, "MOVE_TIME", 0.0)
    monkeypatch.setattr(game_scene, "ROLL_TIME", 0.0)
    yield
    pygame.display.quit()


@pytest.mark.parametrize("game, players, size", [
    ("trap_the_cap", 2, (1366, 768)), ("trap_the_cap", 4, (1920, 1080)),
    ("chicken_chase", 3, (1366, 768)), ("chicken_chase", 4, (1366, 768)),
    ("plakoto", 2, (1920, 1080)), ("captain_flip", 3, (1366, 768)), ("captain_flip", 5, (1920, 1080)),
])
def test_kept_frame_equals_full_repaint_after_every_move(game, players, size):
    spec = get_game(game)
    app = App(AppOptions(size=size, headless=True, mute=True, table=True))
    app.settings["fast_play"] = True
    session = tabletop.launch.new_session(spec, app.store, players, None, {}, [Seat("human")] * players, 11)
    scene = make_scene(app, session)
    scene.over_shown = True
    app.push_scene(scene)
    app.render()
    rng = random.Random(players)
    agent = spec.make_agent("easy")
    reused = 0
    for step in range(60):
        if not play_next(scene, agent, rng):
            break
        scene.timers.skip()
        if rng.random() < 0.3:  # the pointer somewhere (a hover in a strip or on the board)
            move(app, (rng.randrange(size[0]), rng.randrange(size[1])))
        scene.update(0.0)
        if step % 7 == 3:  # a seat's Menu card over the table, drawn, then closed: the frame under it is gone
            scene.open_table_menu(step % players)
            app.render()
            app.pop_scene(app.stack[-1])
        kept = dict(scene._strip_cache)
        scene.dirty = True
        app.render()
        reused += sum(1 for seat, entry in scene._strip_cache.items()
                      if seat in kept and entry[1] is kept[seat][1])
        shown = app.screen.copy()
        fresh = full_repaint(app, scene)
        assert differing(shown, fresh) == 0, f"{game} {players} seats, step {step}: the kept frame is stale"
        app.render()  # back to the kept pictures
    assert reused > 10, "the strips' kept pictures were hardly ever reused"
    assert scene.screen_kept, "the frames never drew on the last one"

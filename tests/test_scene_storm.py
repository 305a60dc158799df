"""Click storms on every game scene: thousands of random mouse, touch, keyboard, resize and focus
events (also during animations and while a computer player thinks) never raise, never leave an
illegal state, and the game can still be finished afterwards."""

import json
import os
import random

import pygame
import pytest

import tabletop.ui.game_scene as gs
from tabletop.app import App, AppOptions
from tabletop.games import all_games
from tabletop.launch import Seat, advance, new_session
from tabletop.ui.game_scene import GameScene, make_scene

GAMES = [g for g, spec in all_games().items() if spec.scene]
EVENTS = int(os.environ.get("TABLETOP_STORM_EVENTS", "20000"))
KEYS = [pygame.K_SPACE, pygame.K_ESCAPE, pygame.K_BACKSPACE, pygame.K_m, pygame.K_F1, pygame.K_RETURN, pygame.K_F11,
        pygame.K_z, pygame.K_LEFT, pygame.K_a]


def random_event(rng, w, h):
    r = rng.random()
    pos = (rng.randrange(w), rng.randrange(h))
    if r < 0.45:
        return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=rng.choice([1, 1, 1, 1, 3]))
    if r < 0.6:
        return pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    if r < 0.8:
        return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(rng.random() < 0.3, 0, 0))
    if r < 0.9:
        return pygame.event.Event(pygame.KEYDOWN, key=rng.choice(KEYS), mod=rng.choice([0, pygame.KMOD_CTRL]),
                                  unicode="")
    if r < 0.94:
        kind = rng.choice([pygame.FINGERDOWN, pygame.FINGERUP, pygame.FINGERMOTION])
        return pygame.event.Event(kind, x=rng.random(), y=rng.random(), dx=0.0, dy=0.0, finger_id=1, touch_id=1)
    if r < 0.97:
        return pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice([-1, 1]), flipped=False)
    if r < 0.99:
        return pygame.event.Event(pygame.WINDOWFOCUSLOST)
    return pygame.event.Event(pygame.VIDEORESIZE, w=rng.randrange(700, 2400), h=rng.randrange(500, 1400))


@pytest.mark.parametrize("table", [False, True], ids=["window", "table"])
@pytest.mark.parametrize("game_id", GAMES)
def test_click_storm_never_breaks_the_game(game_id, table, tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_DATA", str(tmp_path))
    monkeypatch.setattr(gs, "AI_PAUSE", 0.0)
    monkeypatch.setattr(gs, "ROLL_TIME", 0.0)
    monkeypatch.setattr(gs, "MOVE_TIME", 0.0)
    spec = all_games()[game_id]
    app = App(AppOptions(size=(1280, 720), headless=True, mute=True, table=table))
    players = spec.default_players
    seats = [Seat("human"), Seat("ai", "random")] + [Seat("human")] * (players - 2)
    session = new_session(spec, app.store, players, None, {}, seats[:players], seed=7)
    scene = make_scene(app, session)
    app.push_scene(scene)
    rng = random.Random(game_id)
    events = EVENTS // 2 if table else EVENTS
    for i in range(events):
        w, h = app.screen.get_size()
        app.dispatch(random_event(rng, w, h))
        game = next((s for s in app.stack if isinstance(s, GameScene)), None)
        if game is None:  # "Leave" was clicked: go back into the same game
            game = make_scene(app, session)
            app.replace_scenes(game)
        elif app.top is not game and rng.random() < 0.5:
            app.pop_scene()
        session = game.session
        if i % 40 == 0 and game.human_to_move():  # a gesture that lands: the game moves on, new states
            game.play(rng.choice(session.state.legal_moves()))
        elif i % 40 == 20 and game.can_roll():
            game.roll()
        app.tick(0.02)
        if game.future is not None:
            game.future.result(timeout=30)
        if i % 250 == 0:
            app.render()
            state = session.state
            assert type(state).from_json(json.loads(json.dumps(state.to_json()))) == state
            assert (state.current_player is None) == (state.outcome() is not None)
        if session.state.current_player is None:
            break
    app.render()
    advance(session, 200_000, level="random")
    assert session.state.outcome() is not None
    pygame.display.quit()

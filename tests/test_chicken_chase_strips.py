"""Chicken Chase: what the hand strip (window) and the seats' strips (table) say about who acts,
and that their buttons keep their words whole in Russian."""

from __future__ import annotations

import itertools

import pytest
from scene_input import instant_scenes

from tabletop.app import App, AppOptions
from tabletop.core import CHANCE
from tabletop.games import get_game
from tabletop.i18n import set_language, tr
from tabletop.launch import Seat, new_session
from tabletop.ui.game_scene import make_scene
from tabletop.ui.text_audit import TextAudit

SPEC = get_game("chicken_chase")


@pytest.fixture
def fast(tmp_path, monkeypatch):
    instant_scenes(monkeypatch, tmp_path)
    yield
    set_language("en")


def open_scene(size, seats, first, table=False, lang="en"):
    app = App(AppOptions(size=size, headless=True, mute=True, table=table, lang=lang))
    session = new_session(SPEC, app.store, len(seats), None, {}, seats, 7, first_player=first)
    scene = make_scene(app, session)
    ticks = itertools.count()
    scene.now = lambda: 1000.0 * next(ticks)
    app.push_scene(scene)
    app.render()
    return app, scene


def step_until(scene, done):
    """Play the position on by hand (the first legal move, or the draw) without the computer
    players' worker, so that a computer seat's own moment can be looked at."""
    session = scene.session
    for _ in range(200):
        if done(session.state):
            break
        if session.state.current_player == CHANCE:
            session.roll()
        else:
            session.play(session.state.legal_moves()[0])
    assert done(session.state)
    scene.on_state_changed()
    scene.state_version += 1
    scene.dirty = True


def test_window_strip_names_the_computer_placing_his_setup_chicks_not_the_starter(fast):
    """Four players, Green starts: while Blue (a computer) places his setup chicks the strip under
    the board said «Green's turn» (``state.turn``, the starter) beside «Blue is thinking…»."""
    seats = [Seat("human"), Seat("ai", "easy"), Seat("ai", "easy"), Seat("ai", "easy")]
    app, scene = open_scene((1366, 768), seats, first=1)
    step_until(scene, lambda s: s.phase == "setup" and s.current_player == 3)
    assert scene.state.turn == 1 and scene.viewer() is None
    with TextAudit() as audit:
        app.render()
    texts = {e.text for e in audit.placed()}
    assert tr("{name}'s turn", name=scene.seat_name(3)) in texts
    assert tr("{name}'s turn", name=scene.seat_name(1)) not in texts
    rows = scene.player_rows()
    assert [r.seat for r in rows if r.active] == [3]  # the players list lights the same seat


def test_nobody_is_named_before_the_starter_is_drawn(fast):
    seats = [Seat("ai", "easy"), Seat("ai", "easy")]
    app = App(AppOptions(size=(1366, 768), headless=True, mute=True))
    session = new_session(SPEC, app.store, 2, None, {}, seats, 7)
    scene = make_scene(app, session)
    if scene.state.phase != "first":
        pytest.skip("this seed's starter is drawn at once")
    assert scene.mover() is None and not any(r.active for r in scene.player_rows())

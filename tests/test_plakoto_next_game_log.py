"""Plakoto's log line for the next game of a match is nobody's. Seen in a real window (match to 3,
White a person, Black the computer): "Next game: Black rolls first" stood after White's piece,
because White clicked on; now it has no piece, as the opening roll."""

from __future__ import annotations

import pytest
from scene_input import instant_scenes

from tabletop.app import App, AppOptions
from tabletop.core.session import Session
from tabletop.games import get_game
from tabletop.games.plakoto.rules import PlakotoState
from tabletop.launch import Seat, new_session
from tabletop.ui.game_scene import make_scene

SPEC = get_game("plakoto")
BLACK_WON = "next - 1:w3 off:w12,b15 mother:w-b- match:0-1/3 start:w"
"""Black has borne off all 15 (1 point); White, the person, clicks on to the next game."""


@pytest.fixture(autouse=True)
def fast(monkeypatch, tmp_path):
    instant_scenes(monkeypatch, tmp_path)


def test_the_next_game_line_has_no_piece():
    app = App(AppOptions(size=(1366, 768), headless=True, mute=True))
    base = new_session(SPEC, app.store, 2, None, {"match": "3"}, [Seat("human"), Seat("ai", "hard")], 1)
    session = Session(SPEC, PlakotoState.from_notation(BLACK_WON), 1, base.meta)
    scene = make_scene(app, session)
    app.push_scene(scene)
    assert scene.roller() == 0, "White, the person, goes on"
    scene.roll()
    app.render()
    line = next(e for e in scene.log.entries if e.text.startswith("Next game"))
    assert "Black" in line.text and line.seat is None and line.colour is None, line

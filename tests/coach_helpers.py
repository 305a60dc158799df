"""Shared by the tests of Plakoto's hint and game review: a short race (both sides bearing in, a
few turns each, with choices) played in a scene, and waiting for a worker's answer through the
scene's own updates (never a timing assertion: only a generous limit against a hang)."""

from __future__ import annotations

import time

from feedback_helpers import play_out, start

from tabletop.games.plakoto.rules import PlakotoState
from tabletop.launch import Seat

RACE = "w - 2:w3 3:w3 4:w2 5:w2 6:w2 8:w3 17:b3 19:b3 20:b2 21:b2 22:b2 23:b3 off:w0,b0 match:0-0/1 start:w"
REVIEW_BUDGET = 120
"""Positions per reviewed turn in these tests (the app's is ``ai_search.BUDGET``)."""


def race_scene(table: bool = False, size=(1366, 768), **kw):
    """A person (White) against a random computer, at the race's start, White to roll."""
    app, scene = start("plakoto", [Seat("human"), Seat("ai", "random")], options={"match": "1"}, size=size,
                       table=table, **kw)
    position = PlakotoState.from_notation(RACE)
    scene.session.state = position
    scene.session.initial = position.copy()
    scene._changed()
    scene.review_budget = REVIEW_BUDGET
    return app, scene


def finished_race(**kw):
    """The race played to its end (the person at random), the end card up."""
    app, scene = race_scene(**kw)
    play_out(app, scene, seed=3)
    return app, scene


def until(app, done, limit: float = 60.0) -> None:
    """Tick the app until ``done()`` (a worker answered); fail after ``limit`` seconds."""
    t0 = time.monotonic()
    while not done():
        if time.monotonic() - t0 > limit:
            raise AssertionError("no answer")
        app.tick(0.0)
        time.sleep(0.002)

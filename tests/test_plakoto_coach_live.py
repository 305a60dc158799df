"""The real main loop with real clocks for Plakoto's hint and game review, in a window and at a
table: the hint thought out in its worker while the loop runs, asked by H and by its button, and
hidden by a move; the review filling in turn by turn, then its keys, a click on its graph and the
pointer resting on it; after
each, once the loop has gone idle, the display must equal a forced full redraw (0 pixels differ)."""

from __future__ import annotations

import pygame
import pytest
from coach_helpers import RACE, REVIEW_BUDGET, finished_race
from live_loop import post_click, post_key, settle, stale_pixels
from test_live_loop import button_at
from test_plakoto_scene import source_px, target_px

from tabletop.app import App, AppOptions
from tabletop.games import get_game
from tabletop.games.plakoto.review_scene import ReviewScene
from tabletop.games.plakoto.rules import PlakotoState, Step
from tabletop.launch import Seat, new_session
from tabletop.ui.game_scene import make_scene


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_DATA", str(tmp_path))


def live_race(table: bool):
    spec = get_game("plakoto")
    app = App(AppOptions(size=(1366, 768), headless=True, mute=True, table=table))
    app.settings["computer_pace"] = "fast"
    session = new_session(spec, app.store, 2, None, {"match": "1"}, [Seat("human"), Seat("ai", "random")], 11)
    session.state = PlakotoState.from_notation(RACE)
    session.initial = session.state.copy()
    scene = make_scene(app, session)
    scene.review_budget = REVIEW_BUDGET
    app.push_scene(scene)
    app.start()
    settle(app)
    return app, scene


@pytest.mark.parametrize("table", [False, True], ids=["window", "table"])
def test_the_hint_in_the_real_loop_leaves_no_stale_frame(table):
    app, scene = live_race(table)
    post_key(pygame.K_SPACE, " ")
    settle(app)
    assert scene.state.phase == "move" and scene.human_to_move()
    post_key(pygame.K_h, "h")
    settle(app)
    assert scene.hint.shown
    assert stale_pixels(app) == 0, "the hint's arrows and legend once its worker answered"
    pos = button_at(scene, lambda label: label == "Hint")
    assert pos is not None
    post_click(pos)  # the button hides it again
    settle(app)
    assert not scene.hint.active
    assert stale_pixels(app) == 0, "the hint hidden by its button"
    post_click(pos)
    settle(app)
    assert scene.hint.shown
    step = next(m for m in scene.state.legal_moves() if isinstance(m, Step))
    post_click(source_px(scene, step.frm))
    post_click(target_px(scene, step.to))
    settle(app)
    assert not scene.hint.active, "a move hides it"
    assert stale_pixels(app) == 0, "the board after the move, without the hint"


@pytest.mark.parametrize("table", [False, True], ids=["window", "table"])
def test_the_review_in_the_real_loop_leaves_no_stale_frame(table):
    record = finished_race()[1].session.record()
    app, scene = live_race(table)
    review = ReviewScene(app, record, scene.lay, [scene.seat_name(0), scene.seat_name(1)], {0}, None,
                         REVIEW_BUDGET, "top" if table else None, ["bottom", "top"] if table else [])
    app.push_scene(review)
    settle(app, limit=60)
    assert review.finished() and review.entries
    assert stale_pixels(app) == 0, "the review once its last turn came in"
    post_key(pygame.K_DOWN)
    settle(app)
    assert review.selected is review.order[min(1, len(review.order) - 1)]
    assert stale_pixels(app) == 0, "the next row chosen by a key"
    frame = review.frame()
    at = (review._graph.xs[-1], review._graph.plot.centery)
    post_click(frame.to_screen(at) if frame is not None else at)
    settle(app)
    assert review.selected is review.entries[-1]
    assert stale_pixels(app) == 0, "a turn chosen on the graph"
    first = (review._graph.xs[0], review._graph.plot.centery)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=frame.to_screen(first) if frame is not None else first,
                                         rel=(0, 0), buttons=(0, 0, 0)))
    settle(app)
    assert review._hovered(review._pointer)[2] == 0, "the pointer rests on the first turn's point"
    assert stale_pixels(app) == 0, "a point of the graph under the pointer"
    post_key(pygame.K_ESCAPE)
    settle(app)
    assert app.top is scene
    assert stale_pixels(app) == 0, "back at the game"

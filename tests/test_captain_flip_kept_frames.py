"""Captain Flip at a table keeps each edge's last turned frame of the middle area and repaints only
what changed (``scene_regions``). The kept frame must equal a full repaint after every action —
also when the captain in focus changes back and forth between edges (each edge's old frame comes
back), after an Undo, and when the replay viewer steps back.

``tests/frame_check.full_repaint`` throws every kept picture away, so the frame after it never
brings back another edge's old frame: the comparison here paints the fresh frame with a new
painter and new strip caches and then puts the scene's own kept pictures back untouched, so the
next frame goes on from exactly what the scene kept (the bug it guards against: another edge's
frame brought back while the screen still showed this edge's, and only the changed parts put on
the screen — a patchwork of two boards)."""

from __future__ import annotations

import random

import pygame
import pytest
from frame_check import differing
from scene_input import instant_scenes, move

import tabletop.launch
from tabletop import i18n
from tabletop.app import App, AppOptions
from tabletop.core import CHANCE
from tabletop.core.session import Session
from tabletop.games import get_game
from tabletop.games.captain_flip.moves import Place
from tabletop.games.captain_flip.rules import DRAW, KEEP_OR_FLIP, PLACE
from tabletop.games.captain_flip.scene_paint import Painter
from tabletop.launch import Seat
from tabletop.ui.game_scene import make_scene
from tabletop.ui.replay import ReplayScene

SPEC = get_game("captain_flip")
STRIP_CACHES = ("_strip_cache", "_strip_base", "_strip_card", "_strip_work", "_screen_mark", "screen_kept")


@pytest.fixture(autouse=True)
def data(tmp_path, monkeypatch):
    instant_scenes(monkeypatch, tmp_path)
    yield
    i18n.set_language("en")
    pygame.display.quit()


def fresh_frame(app, scene) -> pygame.Surface:
    """The frame as a repaint from nothing draws it; the scene's kept pictures (every edge's last
    turned frame, the strips) and the screen are left exactly as they were."""
    shown = app.screen.copy()
    saved = {name: getattr(scene, name) for name in STRIP_CACHES}
    painter = scene.painter
    scene.painter = Painter(scene)
    scene.painter.high = painter.high
    scene.drop_caches()
    scene.dirty = True
    app.render()
    fresh = app.screen.copy()
    app.screen.blit(shown, (0, 0))
    scene.painter = painter
    for name, value in saved.items():
        setattr(scene, name, value)
    mark = saved["_screen_mark"]
    if mark is not None:  # the screen holds the scene's last frame again: the next one draws on it
        scene._screen_mark = (mark[0], mark[1], app.frames)
    return fresh


def computer_moves(scene) -> None:
    """The computer seat's move through the scene's own worker (no pause, no slide)."""
    for _ in range(50):
        if scene.state.current_player is None or scene.seat_is_human(scene.acting_seat()):
            return
        scene.update(0.0)
        if scene.future is not None:
            scene.future.result()
        scene.update(0.0)


class Checker:
    """Draws the next frame on the last one, as the real loop does, and compares it with a fresh one."""

    def __init__(self, app, scene) -> None:
        self.app, self.scene, self.checked = app, scene, 0

    def __call__(self, what: str) -> None:
        scene, app = self.scene, self.app
        scene.timers.skip()
        scene.update(0.0)
        scene.dirty = True
        app.render()
        shown = app.screen.copy()
        fresh = fresh_frame(app, scene)
        focus = scene.seat_name(scene.focus_seat())
        assert differing(shown, fresh) == 0, f"{what} (in focus: {focus}): the kept frame is stale"
        self.checked += 1


def table(size, seats, lang="en", first=1):
    app = App(AppOptions(size=size, headless=True, mute=True, table=True, lang=lang))
    app.settings["fast_play"] = True
    session = tabletop.launch.new_session(SPEC, app.store, len(seats), None, {}, seats, 11, first_player=first)
    scene = make_scene(app, session)
    scene.over_shown = True
    app.push_scene(scene)
    app.render()
    return app, scene


def test_the_reviewers_undo_at_a_4k_table_in_russian():
    """Blue draws, keeps, places; Green (computer) moves; Red draws, keeps, places; Blue's Undo (if
    it may still take Red's move back); Red places again; Blue draws and keeps — and Undo of one's
    own Keep, which is always possible — with the full screen checked after every action."""
    app, scene = table((3840, 2160), [Seat("human"), Seat("human"), Seat("ai", "easy")], "ru")
    check = Checker(app, scene)
    names = [scene.seat_name(s) for s in range(3)]
    red, blue, green = names.index("Красный"), names.index("Синий"), names.index("Зелёный")
    assert scene.state.actor == blue and not scene.seat_is_human(green)

    def turn(seat: int, label: str) -> None:
        """Draw, keep and place the way a person does (the first lit column); extra tiles too."""
        while scene.state.current_player is not None and scene.state.actor == seat:
            state = scene.state
            if state.current_player == CHANCE:
                scene.roll()
            elif state.phase == KEEP_OR_FLIP:
                scene.choose(False)
            elif state.phase == PLACE:
                scene.play(next(m for m in state.legal_moves() if isinstance(m, Place)))
            else:  # a flip the tile asks for: the first lit tile
                scene.play(state.legal_moves()[0])
            check(f"{label}, phase {state.phase}")

    turn(blue, "Blue's turn")
    computer_moves(scene)
    check("Green moved")
    turn(red, "Red's turn")
    assert scene.state.actor == blue and scene.state.phase == DRAW
    if scene.can_undo():  # Blue takes Red's move back (the lead may limit Undo to one's own moves)
        scene.undo()
        check("Blue's Undo of Red's move")
        turn(red, "Red again")
    scene.roll()
    check("Blue draws")
    scene.choose(False)
    check("Blue keeps")
    assert scene.can_undo(), "a person may always take back his own Keep"
    scene.undo()
    check("Blue's Undo of his own Keep")
    scene.choose(True)
    check("Blue flips")
    assert check.checked >= 10


@pytest.mark.parametrize("seats", [("human", "human", "ai"), ("human", "human", "human", "human")])
def test_kept_frame_equals_a_fresh_one_through_undos_and_focus_changes(seats):
    """A seeded game with undos where they are offered (after a Keep, a Flip, a Place), the pointer
    over the board now and then, and the captain in focus changing between edges every turn."""
    app, scene = table((1366, 768), [Seat(s, "easy" if s == "ai" else None) for s in seats], first=0)
    check = Checker(app, scene)
    rng = random.Random(len(seats))
    agent = SPEC.make_agent("easy")
    area = scene.board_area
    undos = 0
    focus_seen: list[int] = []
    for step in range(70):
        state = scene.state
        if state.current_player is None:
            break
        if not scene.seat_is_human(scene.acting_seat()):
            computer_moves(scene)
            check(f"step {step}: the computer moved")
            continue
        if state.current_player == CHANCE:
            scene.roll()
        else:
            scene.play(agent.choose(state.observation(state.current_player), rng))
        if rng.random() < 0.3:
            move(app, (rng.randrange(area.left, area.right), rng.randrange(area.top, area.bottom)))
            scene.hover_tip = None  # a tooltip repaints the whole area; here the kept parts are tested
        check(f"step {step}")
        if scene.can_undo() and rng.random() < 0.4:
            scene.undo()
            undos += 1
            check(f"step {step}: undo")
        focus = scene.focus_seat()
        if not focus_seen or focus_seen[-1] != focus:
            focus_seen.append(focus)
    assert undos >= 3, "hardly any undo was tried"
    assert len(focus_seen) >= 4 and len(set(focus_seen)) >= 2, "the captain in focus never changed back and forth"


def test_replay_viewer_stepping_back_at_a_table():
    """The replay viewer's Back and To the start make the state go back (and the captain in focus
    with it): every frame equals a fresh one."""
    app, scene = table((1366, 768), [Seat("human")] * 3, first=0)
    rng = random.Random(5)
    agent = SPEC.make_agent("easy")
    for _ in range(30):
        state = scene.state
        if state.current_player == CHANCE:
            scene.roll()
        else:
            scene.play(agent.choose(state.observation(state.current_player), rng))
    record = scene.session.record()
    viewer = ReplayScene(app, Session.from_record(SPEC, record, upto=0), [list(m) for m in record["moves"]])
    app.replace_scenes(viewer)
    app.render()
    check = Checker(app, viewer.inner)
    for action in ["forward"] * 12 + ["back"] * 5 + ["forward"] * 3 + ["to_start", "to_end", "back", "back"]:
        getattr(viewer, action)()
        check(f"replay: {action}")

"""The real main loop with real clocks, per game, in a window and in table mode: after every roll
or draw, every human move and every computer turn, once the loop has gone idle, the display must
equal a forced full redraw (0 pixels differ). This is the test that sees a stale frame.

A person's actions are real events posted into the loop's queue: keys where the game has them
(Space rolls or draws, K keeps, D ends a roll, A chooses action A), clicks on the board at the
pixels the scene itself reports for a legal move, and clicks on the acting seat's buttons.
"""

from __future__ import annotations

import random

import pygame
import pytest
from live_loop import differing_pixels, post_click, post_key, settle, stale_pixels

from tabletop.app import App, AppOptions
from tabletop.core import CHANCE
from tabletop.games import get_game
from tabletop.launch import Seat, new_session
from tabletop.ui.game_scene import GameScene, make_scene

GAMES = ["plakoto", "trap_the_cap", "captain_flip", "chicken_chase"]
ACTIONS = 4  # human actions per game; each is followed by a settle and a pixel check


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_DATA", str(tmp_path))


def start(game: str, table: bool) -> tuple[App, GameScene]:
    spec = get_game(game)
    app = App(AppOptions(size=(1366, 768), headless=True, mute=True, table=table))
    app.settings["computer_pace"] = "fast"  # real motion and pauses, just shorter: the suite stays quick
    seats = [Seat("human"), Seat("ai", "random")]
    session = new_session(spec, app.store, 2, None, {}, seats, 11)
    scene = make_scene(app, session)
    app.push_scene(scene)
    app.start()
    return app, scene


def button_at(scene: GameScene, test) -> tuple[float, float] | None:
    """The screen pixel of the acting seat's first enabled button that ``test`` accepts."""
    if scene.app.table_mode:
        for panel in scene.table_panels:
            for b in scene.table_buttons.get(panel.seat, []):
                if b.enabled and test(b.label):
                    return panel.to_screen(b.rect.center)
        return None
    for b in scene.buttons.buttons:
        if b.enabled and test(b.label):
            return b.rect.center
    return None


def plakoto_clicks(scene, rng) -> list:
    from test_plakoto_scene import source_px, target_px

    from tabletop.games.plakoto.rules import Step

    steps = [m for m in scene.state.legal_moves() if isinstance(m, Step)]
    if not steps:
        return []
    m = rng.choice(steps)
    return [source_px(scene, m.frm), target_px(scene, m.to)]


def trap_the_cap_clicks(scene, rng) -> list:
    from tabletop.games.trap_the_cap.rules import Move

    moves = [m for m in scene.state.legal_moves() if isinstance(m, Move)]
    single = [m for m in moves if len(scene.state.destinations(m.start, m.stack).get(m.end, [])) == 1]
    if not single:
        return []
    m = rng.choice(single)
    return [scene.piece_px(m.start, m.stack), scene.free_px(m.end)]


def captain_flip_clicks(scene, rng) -> list:
    from tabletop.games.captain_flip.rules import KEEP_OR_FLIP, PLACE

    st = scene.state
    if st.phase == KEEP_OR_FLIP:
        return []  # the Keep button

    def centre(rect):
        x, y, w, h = rect
        return scene.viewport.to_px(x + w / 2, y + h / 2)

    m = rng.choice(st.legal_moves())
    slot = scene.slot_of(st.actor)
    if st.phase == PLACE:
        return [centre(slot.space(st.layout.board, *st.next_space(st.actor, m.col)))]
    return [centre(slot.space(st.layout.board, m.col, m.row))]  # a flip chosen on the board


def chicken_chase_clicks(scene, rng) -> list:
    st = scene.state
    if st.phase == "action":
        post_key(pygame.K_a, "a")
        return []
    if st.phase == "place":
        legal = [m for m in st.legal_moves() if type(m).__name__ == "Place" and len(m.dice) == 1 and m.source == 0]
        if legal:
            m = legal[0]
            index = st.dice.index(m.dice[0])
            if index not in scene.sel_dice:
                post_key(pygame.K_1 + index, str(index + 1))
            x, y, w, h = scene.geom.feed_boxes[m.field - 1]
            return [scene.viewport.to_px(x + w / 2, y + h / 2)]
        post_key(pygame.K_d, "d")
        return []
    return []


PLANNERS = {"plakoto": plakoto_clicks, "trap_the_cap": trap_the_cap_clicks, "captain_flip": captain_flip_clicks,
            "chicken_chase": chicken_chase_clicks}


def human_action(scene: GameScene, rng: random.Random) -> str:
    """Post the events of one action by the person on turn; say what it was."""
    st = scene.state
    if st.current_player == CHANCE:
        post_key(pygame.K_SPACE, " ")
        return "roll/draw (Space)"
    clicks = PLANNERS[scene.spec.id](scene, rng)
    if clicks:
        for pos in clicks:
            post_click(pos)
        return f"board clicks {clicks}"
    if pygame.event.peek():
        return "keys"
    pos = button_at(scene, lambda label: label not in ("Undo", "Menu", "Rules", "Sound", "Muted"))
    assert pos is not None, f"the person on turn has nothing to press: {scene.prompt_line()!r}"
    post_click(pos)
    return f"button at {pos}"


@pytest.mark.parametrize("table", [False, True], ids=["window", "table"])
@pytest.mark.parametrize("game", GAMES)
def test_idle_screen_equals_a_fresh_redraw(game, table):
    app, scene = start(game, table)
    rng = random.Random(3)
    settle(app)
    assert stale_pixels(app) == 0, "the first frame"
    played = 0
    done: list[str] = []
    while played < ACTIONS and scene.state.current_player is not None:
        assert scene.seat_is_human(scene.acting_seat()), scene.prompt_line()
        before = len(scene.session.played)
        what = human_action(scene, rng)
        settle(app)
        done.append(what)
        assert len(scene.session.played) > before, f"{what} did nothing: {scene.prompt_line()!r}"
        assert stale_pixels(app) == 0, f"stale after {done}"
        played += 1
    computer_moves = sum(1 for p in scene.session.played if p.seat == 1)
    assert computer_moves > 0, "the computer never played: the test did not see its turn"
    scene.closed()
    pygame.display.quit()


def test_a_slide_and_its_pin_marker_end_on_a_fresh_frame():
    """A person pins a checker: it slides, a "Pinned!" marker rises over it, and when all has
    stopped the screen is the final picture (no marker left on it) and equals a fresh redraw."""
    from test_plakoto_scene import source_px, target_px

    from tabletop.games.plakoto.rules import PlakotoState

    app, scene = start("plakoto", False)
    scene.session.state = PlakotoState.from_notation("w 61 1:b14 7:b1 13:w1 24:w14 off:w0,b0 match:0-0/5 start:w")
    scene._changed()
    settle(app)
    post_click(source_px(scene, 13))
    post_click(target_px(scene, 7))
    seen = None
    for _ in range(2000):
        app.step()
        if scene.effects.showing():
            seen = app.screen.copy()
            break
    assert seen is not None, "the pin marker was never on screen"
    assert scene.session.played[-1].text == "13/7"
    settle(app)
    assert not scene.effects.items and not scene.animating()
    assert stale_pixels(app) == 0, "stale after the marker"
    assert differing_pixels(seen, app.screen) > 0, "the marker is gone from the final picture"
    scene.closed()
    pygame.display.quit()

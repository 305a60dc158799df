"""Touch alone at the table: a person in every seat plays each game with finger events only (SDL
FINGERDOWN / FINGERUP, as a touch screen sends them; no keys, no mouse buttons), tapping his own
turned strip and the board; a finger held still on the board does what a right click does; a
finger landing on the board hovers there first (a finger has no hover before it)."""

from __future__ import annotations

import itertools

import pygame
import pytest
from scene_input import instant_scenes

from tabletop.app import App, AppOptions
from tabletop.core import CHANCE
from tabletop.games import get_game
from tabletop.launch import Seat, new_session
from tabletop.ui import table_frame
from tabletop.ui.game_scene import make_scene
from tabletop.ui.widgets import TapGuard

SIZE = (1920, 1080)


@pytest.fixture(autouse=True)
def quick(monkeypatch, tmp_path):
    instant_scenes(monkeypatch, tmp_path)


def finger(app: App, kind: int, pos) -> None:
    w, h = app.screen.get_size()
    app.dispatch(pygame.event.Event(kind, x=pos[0] / w, y=pos[1] / h, dx=0.0, dy=0.0, finger_id=1, touch_id=1,
                                    pressure=1.0))


def tap(app: App, pos) -> None:
    finger(app, pygame.FINGERDOWN, pos)
    finger(app, pygame.FINGERUP, pos)
    settle(app)


def settle(app: App) -> None:
    for _ in range(40):
        app.tick(0.0)
        app.render()
        scene = app.stack[0]
        if not scene.busy():
            return


def start(game: str, players: int, seed: int = 3):
    app = App(AppOptions(size=SIZE, headless=True, mute=True, table=True))
    session = new_session(get_game(game), app.store, players, None, {}, [Seat("human")] * players, seed)
    scene = make_scene(app, session)
    # these taps come machine-fast, one decision after another: as a person's would, each a good
    # second after the last (a double tap's guard must not take them for one)
    seconds = itertools.count(0.0, 1.0)
    scene.tap_guard = TapGuard(lambda: next(seconds))
    app.push_scene(scene)
    settle(app)
    return app, scene


def strip_tap(app, scene, seat: int, local) -> None:
    tap(app, scene.panel_of(seat).to_screen(local))


def button_tap(app, scene, seat: int, test) -> bool:
    for b in scene.table_buttons.get(seat, []):
        if b.enabled and test(b.label):
            strip_tap(app, scene, seat, b.rect.center)
            return True
    return False


def roll_by_touch(app, scene) -> None:
    seat = scene.acting_seat()
    parts = scene.table_parts[seat]
    strip_tap(app, scene, seat, parts.dice.center if parts.dice.w else parts.card.center)


def played_by_touch(scene, before: int) -> bool:
    return len(scene.session.played) > before


# -- one action per game, by touch ------------------------------------------------------------------
def trap_the_cap_action(app, scene) -> str:
    from tabletop.games.trap_the_cap.rules import Move

    st = scene.state
    moves = [m for m in st.legal_moves() if isinstance(m, Move)]
    single = [m for m in moves if len(st.destinations(m.start, m.stack).get(m.end, [])) == 1]
    if single:
        m = single[0]
        tap(app, scene.piece_px(m.start, m.stack))
        if scene.selected != (m.start, m.stack):
            tap(app, scene.piece_px(m.start, m.stack))
        tap(app, scene.free_px(m.end))
        return "piece then field"
    assert button_tap(app, scene, scene.acting_seat(), lambda label: label.startswith(("Pass", "Confirm")))
    return "button"


def plakoto_action(app, scene) -> str:
    from test_plakoto_scene import source_px, target_px

    from tabletop.games.plakoto.rules import Step

    steps = [m for m in scene.state.legal_moves() if isinstance(m, Step)]
    if steps:
        m = steps[0]
        tap(app, source_px(scene, m.frm))
        tap(app, target_px(scene, m.to))
        return "checker then point"
    assert button_tap(app, scene, scene.acting_seat(), lambda label: label.startswith("Pass"))
    return "pass"


def captain_flip_action(app, scene) -> str:
    from tabletop.games.captain_flip.rules import KEEP_OR_FLIP, PLACE

    st = scene.state
    seat = scene.acting_seat()
    if st.phase == KEEP_OR_FLIP:
        assert button_tap(app, scene, seat, lambda label: label in ("Keep", "Flip"))
        return "keep/flip"
    panel, vp = scene.facing()
    m = st.legal_moves()[0]
    slot = scene.slot_of(st.actor)
    x, y, w, h = slot.space(st.layout.board, *(st.next_space(st.actor, m.col) if st.phase == PLACE else (m.col, m.row)))
    tap(app, panel.to_screen(vp.to_px(x + w / 2, y + h / 2)))
    return "turned board"


def chicken_chase_action(app, scene) -> str:
    st = scene.state
    seat = scene.acting_seat()
    panel = scene.panel_of(seat)
    if st.phase == "setup":
        m = st.legal_moves()[0]
        x, y, w, h = scene.geom.feed_boxes[m.field - 1]
        tap(app, scene.viewport.to_px(x + w / 2, y + h / 2))
        return "setup field"
    if st.phase == "action":
        assert button_tap(app, scene, seat, lambda label: label == "Roll the dice")  # action A
        return "A"
    if st.phase == "place":
        legal = [m for m in st.legal_moves() if type(m).__name__ == "Place" and len(m.dice) == 1 and m.source == 0]
        if not legal:
            assert button_tap(app, scene, seat, lambda label: label.startswith("Done"))
            return "done"
        m = legal[0]
        index = st.dice.index(m.dice[0])
        rect = next(r for r, i in scene.die_rects if i == index)
        strip_tap(app, scene, seat, rect.center)
        assert index in scene.sel_dice
        x, y, w, h = scene.geom.feed_boxes[m.field - 1]
        tap(app, scene.viewport.to_px(x + w / 2, y + h / 2))
        return "die then field"
    if st.phase in ("card", "c_second"):
        assert button_tap(app, scene, seat, lambda label: label == "No card")
        return "no card"
    raise AssertionError(f"unexpected phase {st.phase} for {panel}")


ACTIONS = {"trap_the_cap": trap_the_cap_action, "plakoto": plakoto_action, "captain_flip": captain_flip_action,
           "chicken_chase": chicken_chase_action}


@pytest.mark.parametrize("game, players", [("trap_the_cap", 4), ("plakoto", 2), ("captain_flip", 4),
                                           ("chicken_chase", 3)])
def test_every_seat_plays_by_touch_alone(game, players):
    app, scene = start(game, players)
    edges = set()
    for _ in range(14):
        st = scene.state
        if st.current_player is None:
            break
        before = len(scene.session.played)
        seat = scene.acting_seat()
        if st.current_player == CHANCE:
            if seat is None or not scene.can_roll():
                settle(app)
                continue
            roll_by_touch(app, scene)
            what = "roll"
        else:
            what = ACTIONS[game](app, scene)
        assert played_by_touch(scene, before), f"{what} by touch did nothing: {scene.prompt_line()!r}"
        edges.add(scene.panel_of(seat).edge)
    assert len(edges) >= min(players, 2), edges  # seats at different edges played


def test_a_held_finger_drops_the_selection_and_a_tap_does_not(monkeypatch):
    """Trap the Cap: a finger down on a glowing cap selects it; held still for the hold time it
    puts it back (the right click's job); lifted at once it stays selected; moved, it is a drag."""
    app, scene = start("trap_the_cap", 2)
    while scene.state.current_player == CHANCE:
        roll_by_touch(app, scene)
    scene.selected = None
    movable = scene.movable()
    assert movable
    at = scene.piece_px(*movable[0])
    clock = [100.0]
    scene.timers.clock = lambda: clock[0]
    finger(app, pygame.FINGERDOWN, at)
    assert scene.selected == movable[0]
    assert scene.hover is not None  # the finger's landing point hovers (no motion came before it)
    clock[0] += table_frame.HOLD_TIME / 2
    app.tick(0.0)
    assert scene.selected == movable[0]  # not yet
    clock[0] += table_frame.HOLD_TIME
    app.tick(0.0)
    assert scene.selected is None  # held: the selection is dropped
    finger(app, pygame.FINGERUP, at)
    # a quick tap keeps it
    finger(app, pygame.FINGERDOWN, at)
    finger(app, pygame.FINGERUP, at)
    clock[0] += 2 * table_frame.HOLD_TIME
    app.tick(0.0)
    assert scene.selected == movable[0]
    # a finger that moves away is no hold
    scene.cancel_selection()
    finger(app, pygame.FINGERDOWN, at)
    finger(app, pygame.FINGERMOTION, (at[0] + 5 * scene.metrics.pad, at[1]))
    clock[0] += 2 * table_frame.HOLD_TIME
    app.tick(0.0)
    assert scene.selected == movable[0]
    finger(app, pygame.FINGERUP, (at[0] + 5 * scene.metrics.pad, at[1]))


def test_table_words_are_touch_words():
    for game, players in (("trap_the_cap", 4), ("plakoto", 2), ("captain_flip", 3), ("chicken_chase", 2)):
        app, scene = start(game, players)
        for _ in range(12):
            text = scene.prompt_line().lower()
            for word in ("click", "press", "space", "right-click"):
                assert word not in text, (game, text)
            st = scene.state
            if st.current_player == CHANCE and scene.can_roll():
                roll_by_touch(app, scene)
            elif st.current_player not in (None, CHANCE):
                ACTIONS[game](app, scene)
            else:
                settle(app)


@pytest.mark.parametrize("edge", ["top", "left"])
def test_a_long_card_scrolls_by_dragging_its_text_from_any_edge(edge):
    """A long text on a card that faces a seat (as the rules open from his Menu) scrolls when his
    finger drags the text up as he sees it."""
    from tabletop.ui.scene import MessageOverlay

    app, scene = start("captain_flip", 4)
    seat = next(p for p in scene.table_panels if p.edge == edge).seat
    scene.table_focus = seat
    card = app.message("Rules", "\n".join(f"Line {i} of a long text." for i in range(120)), wide=True)
    scene.table_focus = None
    assert isinstance(card, MessageOverlay) and card.facing == edge
    app.render()
    frame = card.frame()
    area = card._body_area()
    line = card.metrics.body
    start_at = frame.to_screen((area.centerx, area.bottom - line))
    end_at = frame.to_screen((area.centerx, area.top + line))
    finger(app, pygame.FINGERDOWN, start_at)
    for k in range(1, 6):  # the finger moves up the text, as its reader sees it
        t = k / 5
        finger(app, pygame.FINGERMOTION, (start_at[0] + (end_at[0] - start_at[0]) * t,
                                          start_at[1] + (end_at[1] - start_at[1]) * t))
    finger(app, pygame.FINGERUP, end_at)
    app.render()
    assert card.scroll > 5

"""Endings are never lost and Undo means something.

The result card ignores keys for its first second (the Space that played the last move must not
close it, let alone start a new game), its default only closes it, the panel then names the winner
and the score, the card opens again from the Result button or Enter, and the menu shows how the
last game ended. Undo is lit only when it gives a person a decision back; the last-move outline
follows it.
"""

from __future__ import annotations

import time

import pygame
import pytest
from scene_input import instant_scenes

from tabletop.app import App, AppOptions
from tabletop.core import CHANCE
from tabletop.games import get_game
from tabletop.games.plakoto.rules import PlakotoState, Step
from tabletop.launch import Seat, new_session
from tabletop.ui import game_scene, richtext
from tabletop.ui.game_scene import make_scene
from tabletop.ui.menu import MenuScene
from tabletop.ui.scene import MessageOverlay

LAST_CHECKER = "w 65 1:w1 24:b15 off:w14,b0 match:0-0/1 start:w"


@pytest.fixture(autouse=True)
def quick(monkeypatch, tmp_path):
    instant_scenes(monkeypatch, tmp_path)


def key(app: App, k: int) -> None:
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=""))


def near_the_end():
    app = App(AppOptions(size=(1366, 768), headless=True, mute=True))
    spec = get_game("plakoto")
    session = new_session(spec, app.store, 2, None, {"match": "1"}, [Seat("human"), Seat("human")], 4)
    session.state = PlakotoState.from_notation(LAST_CHECKER)
    session.initial = session.state.copy()
    scene = make_scene(app, session)
    app.push_scene(scene)
    app.render()
    return app, scene


def finish(app, scene) -> MessageOverlay:
    bear_off = next(m for m in scene.state.legal_moves() if isinstance(m, Step) and m.to == 0)
    assert scene.play(bear_off)
    app.tick(0.0)
    assert scene.state.current_player is None
    card = app.top
    assert isinstance(card, MessageOverlay) and card is not scene
    return card


def test_the_result_card_ignores_the_play_keys_at_first_and_its_default_only_closes_it(monkeypatch):
    monkeypatch.setattr(game_scene, "RESULT_KEY_DELAY", 0.3)
    app, scene = near_the_end()
    card = finish(app, scene)
    assert card.row.buttons[card.default].label == "Look at the board"
    assert card.row.buttons[card.default].primary
    for k in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_ESCAPE):
        key(app, k)
        assert app.top is card, "a key pressed while playing closed the result card"
    time.sleep(0.35)
    session = scene.session
    key(app, pygame.K_SPACE)
    assert app.top is scene and scene.session is session, "the default must close the card, not start a game"


def test_after_looking_at_the_board_the_panel_names_the_winner_and_the_card_opens_again():
    app, scene = near_the_end()
    card = finish(app, scene)
    card.row.buttons[card.default].action()
    assert app.top is scene
    prompt = scene.prompt_line()
    assert ("Player 1" in prompt or "White" in prompt) and "wins" in prompt and "2" in prompt, prompt  # double: 2
    labels = [b.label for b in scene.buttons.buttons]
    assert "Result" in labels and "Play again" in labels
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, MessageOverlay) and "wins" in app.top.body
    app.top.row.buttons[0].action()
    result = next(b for b in scene.buttons.buttons if b.label == "Result")
    result.action()
    assert isinstance(app.top, MessageOverlay)


def test_table_mode_offers_the_result_at_every_edge():
    app = App(AppOptions(size=(1920, 1080), headless=True, mute=True, table=True))
    spec = get_game("plakoto")
    session = new_session(spec, app.store, 2, None, {"match": "1"}, [Seat("human"), Seat("human")], 4)
    session.state = PlakotoState.from_notation(LAST_CHECKER)
    scene = make_scene(app, session)
    app.push_scene(scene)
    app.render()
    card = finish(app, scene)
    card.row.buttons[card.default].action()
    app.render()
    for panel in scene.table_panels:
        assert [b.label for b in scene.table_buttons[panel.seat]] == ["Result", "Play again", "Review"]


def test_the_menu_shows_how_the_last_game_ended(monkeypatch):
    app, scene = near_the_end()
    finish(app, scene)
    last = app.settings["last_result"]
    assert "Plakoto" in last and "White won " in last and "game" in last, last  # told after it ended
    assert ") (" not in last, "the points say the score once, no second bracket"
    from tabletop.ui.text_audit import TextAudit

    again = App(AppOptions(size=(1024, 600), headless=True, mute=True))  # a new start reads the setting
    menu = MenuScene(again)
    again.push_scene(menu)
    with TextAudit() as audit:
        again.render()
    shown = [e.text for e in audit.placed()]
    assert any(line.startswith("Last game:") and "Plakoto" in line for line in shown), shown
    # played in English, read in Russian: the line is Russian through and through
    russian = App(AppOptions(size=(1024, 600), headless=True, mute=True, lang="ru"))
    menu = MenuScene(russian)
    russian.push_scene(menu)
    with TextAudit() as audit:
        russian.render()
    from tabletop.i18n import set_language

    set_language("en")
    words = " ".join(e.text for e in audit.placed())
    assert "Последняя игра:" in words and "Плакото" in words and "Белые" in words, words
    assert "White" not in words and "Plakoto" not in words


def test_undo_is_lit_only_while_it_gives_a_decision_back_and_the_outline_follows_it():
    app, scene = near_the_end()
    # a double: the second step leaves the turn with White (an undo that passed it to Black, the
    # other person, is not offered)
    scene.session.state = PlakotoState.from_notation("w 11 4:w1 6:w1 8:w1 24:b15 off:w12,b0 match:0-0/1 start:w")
    scene._changed()
    first = next(m for m in scene.state.legal_moves() if isinstance(m, Step))
    assert scene.play(first)
    assert scene.can_undo() and scene.last_move == first
    second = next(m for m in scene.state.legal_moves() if isinstance(m, Step))
    assert scene.play(second)
    assert scene.last_move == second
    scene.undo()
    assert scene.last_move == first, "after an undo the outline shows the move that is last now"
    assert scene.last_state is not None and scene.last_state.current_player == 0


def test_undo_is_not_offered_once_a_computer_has_moved_on():
    app = App(AppOptions(size=(1366, 768), headless=True, mute=True))
    spec = get_game("plakoto")
    session = new_session(spec, app.store, 2, None, {}, [Seat("human"), Seat("ai", "random")], 9)
    scene = make_scene(app, session)
    app.push_scene(scene)
    for _ in range(400):  # play until the computer has rolled after a person's move
        st = scene.state
        if st.current_player == CHANCE and scene.can_roll():
            scene.roll()
        elif st.current_player == 0:
            scene.play(st.legal_moves()[0])
        else:
            app.tick(0.0)
            if scene.future is not None:
                scene.future.result()
        played = scene.session.played
        if len(played) >= 2 and played[-1].seat == CHANCE and played[-2].seat == 0:
            break
    assert not scene.can_undo()
    before = scene.state.copy()
    key(app, pygame.K_BACKSPACE)
    assert scene.state == before
    undo = next(b for b in scene.action_buttons() if b.label == "Undo")
    assert not undo.enabled


def test_a_result_heading_is_never_a_raw_hash():
    lines = richtext.layout("Red wins.\n\n# Red: 12 coins\n   Gold 4 · Map 3", 20, 2000)
    texts = ["".join(t for t, _ in runs) for runs, _ in lines]
    assert texts == ["Red wins.", "", "Red: 12 coins", "Gold 4 · Map 3"]
    assert lines[2][1] is True  # drawn as a heading


def test_captain_flip_panel_and_card_show_the_same_final_scores_for_every_captain():
    from tabletop.games.captain_flip import scene_text

    app = App(AppOptions(size=(1366, 768), headless=True, mute=True))
    spec = get_game("captain_flip")
    seats = [Seat("ai", "random"), Seat("ai", "random"), Seat("ai", "random")]
    scene = make_scene(app, new_session(spec, app.store, 3, "B", {}, seats, 21))
    app.push_scene(scene)
    for _ in range(5000):
        if scene.state.current_player is None:
            break
        app.tick(0.0)
        if scene.future is not None:
            scene.future.result()
    assert scene.state.current_player is None
    app.tick(0.0)
    rows = scene.state.score_breakdown()
    card = app.top.body
    for seat, row in enumerate(scene.player_rows()):
        final = scene_text.coins_text(int(rows[seat]["total"]), singular=True)
        assert row.detail.startswith(final), (row.detail, final)
        assert scene.seat_name(seat) in card
    assert "#" not in "".join("".join(t for t, _ in runs) for runs, _ in richtext.layout(card, 20, 3000))


@pytest.mark.parametrize("game", ["plakoto", "trap_the_cap", "captain_flip", "chicken_chase"])
@pytest.mark.parametrize("table", [False, True], ids=["window", "table"])
def test_nobody_takes_back_another_persons_move(game, table):
    """Two people: once a person's move has passed the turn to the other, Undo is not offered
    (at a table the other's strip offered it and took the first one's move back)."""
    import random

    app = App(AppOptions(size=(1366, 768), headless=True, mute=True, table=table))
    spec = get_game(game)
    session = new_session(spec, app.store, 2, None, {"match": "1"} if game == "plakoto" else {},
                          [Seat("human"), Seat("human")], 4)
    scene = make_scene(app, session)
    app.push_scene(scene)
    rng = random.Random(3)
    passed = own = 0
    for _ in range(300):
        st = scene.state
        if st.current_player is None:
            break
        if st.current_player == CHANCE:
            scene.roll()
        else:
            mover = st.current_player
            scene.play(rng.choice(st.legal_moves()))
            scene.timers.skip()
            now = scene.state.current_player
            acting = scene.roller() if now == CHANCE else now
            if now is not None and acting is not None and acting != mover:
                assert not scene.can_undo(), "the next person could take this move back"
                passed += 1
            elif scene.session.can_undo() and now is not None:
                assert scene.can_undo(), "a person may take back his own move within his turn"
                own += 1
        scene.timers.skip()
    assert passed >= 3 and own >= 1

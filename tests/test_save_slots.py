"""One saved game per game: two games in progress are both listed (game, board, players, moves,
date) and both resume, also after a restart; a new game of a game in progress is asked about
first and nothing is overwritten unasked; a damaged slot is set aside alone; the one-slot save of
older versions is taken over; ``tabletop continue`` resumes the newest."""

from __future__ import annotations

import json
import os
import time

import pygame
import pytest
from scene_input import click, instant_scenes

from tabletop.app import App, AppOptions
from tabletop.core import CHANCE
from tabletop.launch import advance
from tabletop.saves import AUTOSAVE_NAME, SaveSlots
from tabletop.ui.continue_list import ContinueScene
from tabletop.ui.game_scene import GameScene
from tabletop.ui.menu import MenuScene
from tabletop.ui.scene import MessageOverlay


@pytest.fixture
def data(tmp_path, monkeypatch):
    instant_scenes(monkeypatch, tmp_path)
    yield tmp_path
    pygame.display.quit()


def open_app():
    app = App(AppOptions(size=(1024, 600), headless=True, mute=True))
    menu = MenuScene(app)
    app.push_scene(menu)
    app.render()
    return app, menu


def play_a_little(app, game_id, moves):
    """Start ``game_id`` from the menu, play ``moves`` moves (saved after each), back to the menu."""
    menu = app.top
    click(app, dict(menu.cards)[game_id].center)
    click(app, menu.start_button.rect.center)
    scene = app.top
    assert isinstance(scene, GameScene) and scene.spec.id == game_id
    advance(scene.session, moves)
    assert app.saves.write(scene.session)
    played = [p.text for p in scene.session.played]
    scene.leave()
    app.render()
    return played


def button(scene, label):
    return next(b for b in scene.row.buttons if b.label == label)


def test_two_games_in_progress_are_listed_and_both_resume_also_after_a_restart(data):
    app, _ = open_app()
    plakoto = play_a_little(app, "plakoto", 12)
    time.sleep(0.02)  # the newest first: saved later
    flip = play_a_little(app, "captain_flip", 9)
    assert sorted(p.name for p in data.glob("autosave*.json")) == ["autosave-captain_flip.json", "autosave-plakoto.json"]
    pygame.display.quit()

    app, menu = open_app()  # a restart
    assert [e.game_id for e in menu.saved] == ["captain_flip", "plakoto"]
    label = next(b.label for b in menu.row.buttons if b.label.startswith("Continue"))
    assert label == "Continue (2 games)"
    click(app, button(menu, label).rect.center)
    listing = app.top
    assert isinstance(listing, ContinueScene)
    app.render()
    first, second = listing.entries
    assert first.title == "Captain Flip — Board A: The pirate ship" and second.title == "Plakoto — Match to 5"
    # the players' moves are counted, not the rolls and draws between them
    saved = [json.loads((data / f"autosave-{g}.json").read_text())["moves"] for g in ("captain_flip", "plakoto")]
    by_players = [sum(seat != CHANCE for seat, _ in moves) for moves in saved]
    assert 0 < by_players[0] < 9 and 0 < by_players[1] < 12
    assert first.detail.startswith(f"Red (you); Blue (computer, easy) · {by_players[0]}\u00a0moves · ")
    assert second.detail.startswith(f"White (you); Black (computer, easy) · {by_players[1]}\u00a0moves · ")
    when = second.detail.rsplit(" · ", 1)[1]
    assert time.strftime("%Y-%m-%d") in when and len(when) == len("2025-01-31 21:45")
    click(app, listing.rows[1].center)  # Plakoto
    scene = app.top
    assert isinstance(scene, GameScene) and scene.spec.id == "plakoto"
    assert [p.text for p in scene.session.played] == plakoto
    scene.leave()
    app.render()
    menu = app.top
    menu.open_saved()
    app.top.choose(0)  # Captain Flip
    scene = app.top
    assert scene.spec.id == "captain_flip" and [p.text for p in scene.session.played] == flip


def test_a_new_game_of_a_game_in_progress_is_asked_about_and_nothing_is_overwritten_unasked(data):
    app, _ = open_app()
    played = play_a_little(app, "plakoto", 10)
    slot = data / "autosave-plakoto.json"
    before = slot.read_bytes()
    play_a_little(app, "trap_the_cap", 3)  # another game: its own slot
    assert slot.read_bytes() == before
    menu = app.top
    click(app, dict(menu.cards)["plakoto"].center)
    click(app, menu.start_button.rect.center)
    question = app.top
    assert isinstance(question, MessageOverlay) and question.title == "A game is in progress"
    by_players = sum(seat != CHANCE for seat, _ in json.loads(before)["moves"])  # not the rolls
    assert f"{by_players}\u00a0moves" in question.body  # the count never wraps apart
    assert question.body.endswith("Starting a new game replaces the saved one."), question.body
    app.render()
    click(app, button(question, "Back").rect.center)
    assert app.top is menu and slot.read_bytes() == before
    click(app, menu.start_button.rect.center)
    click(app, button(app.top, "Continue it").rect.center)
    scene = app.top
    assert isinstance(scene, GameScene) and [p.text for p in scene.session.played] == played
    scene.leave()
    app.render()
    menu = app.top
    click(app, dict(menu.cards)["plakoto"].center)
    click(app, menu.start_button.rect.center)
    click(app, button(app.top, "Start a new game").rect.center)
    scene = app.top
    assert isinstance(scene, GameScene) and scene.session.played == []
    advance(scene.session, 1)
    assert app.saves.write(scene.session)
    assert json.loads(slot.read_text())["moves"] != json.loads(before)["moves"], "replaced, once asked"


def test_a_damaged_slot_is_set_aside_alone_when_the_menu_opens(data):
    app, _ = open_app()
    play_a_little(app, "captain_flip", 6)
    flip = (data / "autosave-captain_flip.json").read_bytes()
    (data / "autosave-plakoto.json").write_text('{"format": "tabletop-record", "moves": [', encoding="utf-8")
    pygame.display.quit()
    app, menu = open_app()
    assert [e.game_id for e in menu.saved] == ["captain_flip"], "only saves that can be continued are listed"
    app.tick(0.02)  # the menu's first tick: the bad one is set aside, and it says so
    assert isinstance(app.top, MessageOverlay) and "kept as autosave-plakoto.corrupt-" in app.top.body
    assert list(data.glob("autosave-plakoto.corrupt-*.json")) and not (data / "autosave-plakoto.json").exists()
    assert (data / "autosave-captain_flip.json").read_bytes() == flip
    assert [e.game_id for e in menu.saved] == ["captain_flip"]
    app.render()


def test_the_one_slot_save_of_older_versions_is_taken_over_and_continue_resumes_the_newest(data):
    app, _ = open_app()
    plakoto = play_a_little(app, "plakoto", 8)
    os.replace(data / "autosave-plakoto.json", data / AUTOSAVE_NAME)  # as an older version left it
    pygame.display.quit()
    slots = SaveSlots(data)
    assert [s.path.name for s in slots.slots()] == ["autosave-plakoto.json"]
    app, menu = open_app()
    time.sleep(0.02)
    play_a_little(app, "chicken_chase", 4)
    assert app.saves.newest().path.name == "autosave-chicken_chase.json"
    app.top.continue_game()  # what `tabletop continue` does: the newest
    assert app.top.spec.id == "chicken_chase"
    os.utime(data / "autosave-plakoto.json")  # now Plakoto's is the newest
    app.replace_scenes(MenuScene(app))
    app.top.continue_game()
    assert app.top.spec.id == "plakoto" and [p.text for p in app.top.session.played] == plakoto


def test_an_old_slot_whose_game_already_has_one_is_kept_and_written_in_its_own_place(data):
    app, _ = open_app()
    play_a_little(app, "plakoto", 8)
    old = data / AUTOSAVE_NAME
    old.write_bytes((data / "autosave-plakoto.json").read_bytes())
    mine = (data / "autosave-plakoto.json").read_bytes()
    pygame.display.quit()
    app, menu = open_app()
    assert {e.slot.path.name for e in menu.saved} == {AUTOSAVE_NAME, "autosave-plakoto.json"}
    menu.continue_game(next(e.slot for e in menu.saved if e.slot.path.name == AUTOSAVE_NAME))
    scene = app.top
    advance(scene.session, 1)
    assert app.saves.write(scene.session)  # as the scene does after every move
    assert len(json.loads(old.read_text())["moves"]) == 9, "the continued old slot is the one written"
    assert (data / "autosave-plakoto.json").read_bytes() == mine, "the other save of the same game is untouched"


def test_a_game_started_on_the_command_line_asks_too_before_it_replaces_one_in_progress(data, monkeypatch):
    """``tabletop plakoto ...`` with a Plakoto game in progress asked nothing and saved the new
    game over it. Now the command line asks as Start does: Back keeps the old game (and the menu),
    Start a new game replaces it."""
    from tabletop import cli

    app, _ = open_app()
    play_a_little(app, "plakoto", 10)
    slot = data / "autosave-plakoto.json"
    before = slot.read_bytes()
    pygame.display.quit()
    apps = []
    monkeypatch.setattr(App, "run", lambda self: apps.append(self))
    assert cli.main(["plakoto", "--seats", "human,human", "--mute", "--size", "1024x600"]) == 0
    app = apps[0]
    question = app.top
    assert isinstance(question, MessageOverlay) and question.title == "A game is in progress", type(question)
    app.render()
    click(app, button(question, "Back").rect.center)
    assert isinstance(app.top, MenuScene) and slot.read_bytes() == before
    assert app.top.game_id == "plakoto", "the menu behind the question shows the game asked about"
    pygame.display.quit()
    assert cli.main(["plakoto", "--seats", "human,ai:easy", "--mute", "--size", "1024x600"]) == 0
    app = apps[1]
    click(app, button(app.top, "Start a new game").rect.center)
    scene = app.top
    assert isinstance(scene, GameScene) and scene.session.played == [] and not scene.seat_is_human(1)


def test_continuing_over_a_broken_board_file_says_the_save_is_kept(data, tmp_path):
    """The card named only the board file's errors, and a player could not tell whether his game
    was gone; the save is kept (untouched) and the card says so."""
    from tabletop.layout.store import BUILTIN_BOARDS

    app, _ = open_app()
    play_a_little(app, "plakoto", 6)
    saved = (data / "autosave-plakoto.json").read_bytes()
    pygame.display.quit()
    boards = tmp_path / "boards"
    boards.mkdir()
    text = (BUILTIN_BOARDS / "plakoto.yaml").read_text(encoding="utf-8")
    (boards / "plakoto.yaml").write_text(text.replace("  radius: 44", "  raduis: 44"), encoding="utf-8")
    app = App(AppOptions(size=(1024, 600), headless=True, mute=True, boards_dir=str(boards)))
    menu = MenuScene(app)
    app.push_scene(menu)
    menu.continue_game()
    assert isinstance(app.top, MessageOverlay) and "raduis" in app.top.body
    assert app.top.body.endswith("The saved game is kept: continue it once the file is fixed.")
    assert (data / "autosave-plakoto.json").read_bytes() == saved
    app.render()


def test_the_question_names_the_saved_games_variant(data):
    """"A game of Trap the Cap is in progress: …" did not say which variant was saved: starting
    a Golden cap game over a saved Partners game, a player could not tell what he would replace."""
    from tabletop.games import all_games
    from tabletop.launch import Seat, new_session
    from tabletop.ui.menu import MenuScene

    app, _ = open_app()
    spec = all_games()["trap_the_cap"]
    app.saves.write(new_session(spec, app.store, 4, "partners", {}, [Seat("ai", "easy")] * 4, 3))
    menu = MenuScene(app, "trap_the_cap")
    app.push_scene(menu)
    menu.start()
    question = app.top
    assert isinstance(question, MessageOverlay) and question.title == "A game is in progress"
    # in quotes: "A game of Plakoto — Match to 5 is in progress" read as if the match were in progress
    assert question.body.startswith("A game of “Trap the Cap — Partners” is in progress: "), question.body


def test_a_save_damaged_while_the_menu_is_open_is_set_aside_with_a_message_by_continue_and_start(data):
    """Continue (C) used to drop the damaged game from the list without a word (its button just
    went away), and Start wrote the new game over the damaged file: both now set it aside and say so."""
    app, _ = open_app()
    play_a_little(app, "captain_flip", 6)
    play_a_little(app, "plakoto", 6)
    pygame.display.quit()
    app, menu = open_app()
    app.tick(0.02)
    assert app.top is menu and len(menu.saved) == 2
    (data / "autosave-captain_flip.json").write_text('{"broken": tru', encoding="utf-8")
    menu.key(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_c, mod=0))
    assert isinstance(app.top, MessageOverlay) and "kept as autosave-captain_flip.corrupt-" in app.top.body
    assert isinstance(app.stack[-2], ContinueScene), "the list of what can still be continued, under the message"
    assert [e.game_id for e in menu.saved] == ["plakoto"]
    app.pop_scene(app.top)
    app.pop_scene(app.top)
    (data / "autosave-plakoto.json").write_text('{"broken": tru', encoding="utf-8")
    menu.select("plakoto")
    menu.start()
    assert isinstance(app.top, MessageOverlay) and "kept as autosave-plakoto.corrupt-" in app.top.body
    assert list(data.glob("autosave-plakoto.corrupt-*.json")) and not (data / "autosave-plakoto.json").exists()
    click(app, button(app.top, "Start a new game").rect.center)
    assert isinstance(app.top, GameScene) and app.top.spec.id == "plakoto"
    app.render()


def test_start_a_new_game_over_one_in_progress_without_the_mouse(data):
    """The question over a game in progress had Continue it on Enter and Back on Esc: Start a new
    game needed the mouse (the README: the keyboard alone does everything)."""
    app, menu = open_app()
    play_a_little(app, "plakoto", 6)
    menu = app.top
    menu.select("plakoto")
    menu.key(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0))
    question = app.top
    assert isinstance(question, MessageOverlay)
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode=""))
    assert [b.label for b in question.row.buttons if b.primary] == ["Start a new game"]
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode=""))
    assert isinstance(app.top, GameScene) and app.top.session.played == []

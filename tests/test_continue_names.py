"""The Continue list names the seats as the game itself does — Plakoto's White and Black, Trap the
Cap's colours in play, Chicken Chase's hens, Captain Flip's captains — in English and Russian, with
who plays each (you, a computer level), never "Player 1 / Computer 2"."""

from __future__ import annotations

import pygame
import pytest
from text_fit import close_app

from tabletop.app import App, AppOptions
from tabletop.games import all_games
from tabletop.i18n import set_language, tr
from tabletop.launch import Seat, new_session
from tabletop.ui.continue_list import SavedGame, saved_games, seats_text
from tabletop.ui.preview import scene_class

SETUPS = [("plakoto", 2, "standard", {}), ("trap_the_cap", 2, "offensive", {}),
          ("trap_the_cap", 3, "offensive", {"colours": "red,green,blue"}), ("trap_the_cap", 4, "partners", {}),
          ("chicken_chase", 4, "normal", {}), ("captain_flip", 5, "A", {}), ("captain_flip", 1, "B", {})]


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_DATA", str(tmp_path))
    app = App(AppOptions(size=(1366, 768), headless=True, mute=True))
    yield app
    close_app()


def saved(app, game_id, players, variant, options, seats):
    session = new_session(all_games()[game_id], app.store, players, variant, options, seats, 3)
    app.saves.write(session)
    entry = next(e for e in saved_games(app) if e.game_id == game_id)
    return session, entry


@pytest.mark.parametrize("lang", ("en", "ru"))
@pytest.mark.parametrize("game_id,players,variant,options", SETUPS)
def test_the_list_names_each_seat_as_the_game_does(app, game_id, players, variant, options, lang):
    set_language(lang)
    seats = [Seat("human")] + [Seat("ai", "easy")] * (players - 1)
    session, entry = saved(app, game_id, players, variant, options, seats)
    scene = scene_class(session.spec)(app, session, session.spec.load_layout(app.store, variant))
    names = [scene.seat_name(s) for s in range(players)]
    assert not any(name.startswith((tr("Player {n}", n=""), tr("Seat {n}", n=""))) for name in names)
    players_text = entry.detail.split(" · ")[0]
    you = f"{names[0]} ({tr('you')})"
    if players == 1:
        assert players_text == you
    else:
        assert players_text == f"{you}; {', '.join(names[1:])} ({tr('computer, {level}', level=tr('easy'))})"
    assert tr("Player {n}", n=1) not in entry.detail and tr("Computer {n} ({level})", n=2, level=tr("easy")) not in entry.detail


def test_who_plays_is_told_seat_by_seat_in_runs():
    names = ["Red", "Green", "Yellow", "Blue"]
    mixed = [Seat("ai", "hard"), Seat("human"), Seat("ai", "easy"), Seat("ai", "easy")]
    assert seats_text(mixed, names) == "Red (computer, hard); Green (you); Yellow, Blue (computer, easy)"
    people = [Seat("human"), Seat("human"), Seat("ai", "easy"), Seat("human", name="Anna")]
    assert seats_text(people, names) == "Red, Green; Yellow (computer, easy); Anna"
    assert seats_text(people[:2], []) == "Player 1, Player 2", "a game without seat names: numbered"


def test_a_save_whose_first_position_cannot_be_read_still_lists_numbered_seats(app):
    _session, entry = saved(app, "plakoto", 2, "standard", {}, [Seat("human"), Seat("ai", "easy")])
    header = dict(entry.header, initial={"nonsense": True})
    slot = entry.slot
    slot.peek = lambda games=None: header  # the list reads the header only
    again = SavedGame.read(slot, all_games(), app.store)
    assert again is not None and again.detail.startswith("Player 1, Computer 2 (easy) · ")
    pygame.display.quit()


@pytest.mark.parametrize("lang", ("en", "ru"))
@pytest.mark.parametrize("window", [((1366, 768), False), ((1024, 600), False), ((3840, 2160), True)],
                         ids=["1366x768", "1024x600", "table 3840x2160"])
def test_the_longest_lists_fit_at_every_text_size(tmp_path, monkeypatch, window, lang):
    """Five captains, four hens, four caps of two teams: every line whole (the card widens, then a
    line of who plays takes two lines), at every text size."""
    from text_fit import Problem, audit_top, problems, report

    from tabletop.ui.continue_list import ContinueScene
    from tabletop.ui.menu import MenuScene
    from tabletop.ui.settings import SCALES

    monkeypatch.setenv("TABLETOP_DATA", str(tmp_path))
    size, table = window
    app = App(AppOptions(size=size, headless=True, mute=True, table=table, lang=lang))
    for game_id, players, variant, options in SETUPS:
        if players == max(n for g, n, _v, _o in SETUPS if g == game_id):  # one save per game: the most seats
            app.saves.write(new_session(all_games()[game_id], app.store, players, variant, options,
                                        [Seat("human")] + [Seat("ai", "easy")] * (players - 1), 3))
    assert len(saved_games(app)) == 4
    found = []
    for scale in SCALES:
        app.ui_scale = scale
        app.replace_scenes(MenuScene(app))
        listing = ContinueScene(app, saved_games(app), lambda slot: None)
        app.push_scene(listing)
        where = f"{size} {lang} {round(scale * 100)}% continue list"
        found += problems(audit_top(app), where, listing.metrics.tiny)
        screen = pygame.Rect((0, 0), size)
        if not screen.contains(listing.card):
            found.append(Problem(where, f"the card {listing.card} is off the screen"))
        if len(listing.rows) < len(listing.entries):
            found.append(Problem(where, f"{len(listing.entries) - len(listing.rows)} games not shown"))
    assert not found, report(found)


def test_a_line_too_long_for_the_widest_card_takes_two_lines(app):
    from text_fit import audit_top, problems, report

    from tabletop.ui.continue_list import ContinueScene

    long_names = [Seat("human", name="Alexandra Konstantinopoulou-Papadimitriou"), Seat("human", name="Bartholomew Fitzgerald-Smythe"),
                  Seat("human", name="Christopher Wolstenholme-Ashworth"), Seat("human", name="Dorothea Montgomery-Featherstone")]
    saved(app, "chicken_chase", 4, "normal", {}, long_names)
    app.ui_scale = 1.3
    listing = ContinueScene(app, saved_games(app), lambda slot: None)
    app.push_scene(listing)
    assert listing.detail_lines == 2
    found = problems(audit_top(app), "1366x768 130% four long names", listing.metrics.tiny)
    assert not found, report(found)


def test_the_menu_footer_names_the_saved_game_in_the_language_just_chosen(app, monkeypatch):
    """Switching to Russian in Settings turns the whole footer Russian at once: the game and its
    board too, not only the sentence around them (they were kept as the list was read)."""
    from tabletop.ui import draw
    from tabletop.ui.menu import MenuScene
    from tabletop.ui.settings import SettingsScene

    saved(app, "captain_flip", 2, "D", {}, [Seat("human"), Seat("ai", "easy")])
    menu = MenuScene(app)
    app.push_scene(menu)
    settings = SettingsScene(app)
    app.push_scene(settings)
    app.render()
    settings.step("lang", 1)
    said: list[str] = []
    paragraph = draw.paragraph
    monkeypatch.setattr(draw, "paragraph", lambda surface, text, *a, **k: said.append(text) or paragraph(surface, text, *a, **k))
    menu.draw_status(app.screen)
    footer = next(text for text in said if text.startswith(tr("A saved game is waiting: {game}.", game="")[:10]))
    assert footer == tr("A saved game is waiting: {game}.",
                        game=f"{tr('Captain Flip')} — {tr('Board D: The desert island')}"), footer
    assert "Captain Flip" not in footer and "desert" not in footer


def two_games_listed(app):
    """The Continue list over the menu, holding a Plakoto and a Captain Flip game."""
    from tabletop.ui.continue_list import ContinueScene
    from tabletop.ui.menu import MenuScene

    for game_id in ("plakoto", "captain_flip"):
        saved(app, game_id, 2, "standard" if game_id == "plakoto" else "A", {}, [Seat("human"), Seat("ai", "easy")])
    menu = MenuScene(app)
    app.push_scene(menu)
    listing = ContinueScene(app, saved_games(app), menu.continue_game)
    app.push_scene(listing)
    app.render()
    return listing


def test_the_list_has_a_continue_button_for_the_marked_game(app):
    """The card had Back alone: nothing said the rows are what to press, nor what Enter does.
    Continue (Enter) resumes the marked game; Down marks the next."""
    from scene_input import click

    from tabletop.ui.game_scene import GameScene

    listing = two_games_listed(app)
    go, back = listing.row.buttons
    assert (go.label, go.key, back.label) == ("Continue", "Enter", "Back")
    assert go.primary and not go.rect.colliderect(back.rect) and listing.card.contains(go.rect.union(back.rect))
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode=""))
    click(app, go.rect.center)
    assert isinstance(app.top, GameScene) and app.top.spec.id == listing.entries[1].game_id


def test_the_row_under_the_mouse_is_the_one_marked(app):
    """The row under the mouse was lit beside the marked one: which would Continue resume? The
    mouse now moves the mark, so one row is lit and Continue (Enter) resumes it."""
    from scene_input import move

    listing = two_games_listed(app)
    move(app, listing.rows[1].center)
    assert listing.chosen == 1 and listing.dirty
    move(app, listing.row.buttons[0].rect.center)  # on to the Continue button: the mark stays
    assert listing.chosen == 1
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode=""))
    assert app.top.spec.id == listing.entries[1].game_id

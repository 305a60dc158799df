"""The menu driven by a scripted mouse and keyboard: choose each game, step players, seats, variants
and options both ways (click, right-click, the arrows, the keys); everything fits at the smallest
window; nothing moves when the form changes; the choices survive a restart; Start opens the game."""

import json
import random

import pygame
import pytest
from scene_input import click

from tabletop.app import App, AppOptions
from tabletop.games import all_games
from tabletop.launch import Seat
from tabletop.ui.menu import MenuScene
from tabletop.ui.stepper import ArrowButton, ValueButton


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_DATA", str(tmp_path))
    app = App(AppOptions(size=(1024, 600), headless=True, mute=True))
    yield app
    pygame.display.quit()


def button(menu, label):
    found = [b for b in menu.row.buttons if b.label == label]
    assert found, f"no button {label!r}: {[b.label for b in menu.row.buttons]}"
    return found[0]


def form_row(menu, label):
    found = [r for r in menu.rows if r.label == label]
    assert found, f"no row {label!r}: {[r.label for r in menu.rows]}"
    return found[0]


def arrows(row):
    back, value, ahead = row.buttons
    assert isinstance(back, ArrowButton) and isinstance(value, ValueButton) and isinstance(ahead, ArrowButton)
    return back, value, ahead


def key(app, k, mod=0):
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=""))


def open_menu(app, game_id=None):
    menu = MenuScene(app)
    app.push_scene(menu)
    if game_id is not None:
        click(app, dict(menu.cards)[game_id].center)
        assert menu.game_id == game_id
    return menu


def _variants_and_scales():
    from tabletop.layout import BoardStore

    for gid, spec in all_games().items():
        for v in spec.all_variants(BoardStore([])):
            for scale in (1.0, 1.3):
                yield pytest.param(gid, v.id, scale, id=f"{gid}-{v.id}-{scale}")


@pytest.mark.parametrize("game_id,variant,scale", list(_variants_and_scales()))
def test_every_game_setup_fits_the_smallest_window(app, game_id, variant, scale):
    app.ui_scale = scale
    menu = open_menu(app, game_id)
    menu.current.variant = variant
    menu.change_players(0)
    spec = all_games()[game_id]
    players = form_row(menu, "Players")
    while arrows(players)[2].enabled:  # the most seats: the tallest form
        click(app, arrows(players)[2].rect.center)
        players = form_row(menu, "Players")
    assert menu.current.players == max(menu.current.allowed_players())
    screen = pygame.Rect(0, 0, 1024, 600)
    for b in menu.row.buttons:
        assert screen.contains(b.rect), f"{b.label!r} is cut off at 1024x600"
    rects = [b.rect for b in menu.row.buttons if b.rect.w]
    for i, r in enumerate(rects):
        for other in rects[i + 1:]:
            assert not r.colliderect(other), "two buttons overlap"
    form = [b.rect for r in menu.rows for b in r.buttons]
    assert all(menu.right.contains(r) for r in form)
    assert all(r.bottom <= menu.help_rect.top for r in form), "a form row runs into the help line"
    assert menu.help_rect.bottom <= menu.start_button.rect.top
    assert not menu.preview_rect.colliderect(menu.right) and menu.preview_rect.h > 100
    app.render()
    assert len(menu.current.in_play()) == menu.current.players
    assert spec.min_players <= menu.current.players <= spec.max_players


def test_seat_and_option_values_step_both_ways_by_click_right_click_and_arrows(app):
    menu = open_menu(app, "trap_the_cap")
    back, value, ahead = arrows(form_row(menu, "Seat 2 — green"))
    click(app, value.rect.center)
    assert menu.current.seats[1] == Seat("ai", "hard")
    click(app, form_row(menu, "Seat 2 — green").buttons[1].rect.center, 3)  # right-click: back
    assert menu.current.seats[1] == Seat("ai", "easy")
    click(app, arrows(form_row(menu, "Seat 2 — green"))[0].rect.center)  # ◀
    assert menu.current.seats[1] == Seat("ai", "random")
    click(app, arrows(form_row(menu, "Seat 2 — green"))[0].rect.center)
    assert menu.current.seats[1] == Seat("human")
    click(app, arrows(form_row(menu, "Seat 2 — green"))[0].rect.center)  # round to the last level
    assert menu.current.seats[1] == Seat("ai", "hard")
    click(app, arrows(form_row(menu, "Seat 2 — green"))[2].rect.center)  # ▶ round to the first
    assert menu.current.seats[1] == Seat("human")
    before = menu.current.options["turn_limit"]
    click(app, arrows(form_row(menu, "Turn limit (rounds)"))[2].rect.center)
    assert menu.current.options["turn_limit"] == "300" and before == "200"
    click(app, form_row(menu, "Turn limit (rounds)").buttons[1].rect.center, 3)
    assert menu.current.options["turn_limit"] == "200"
    click(app, arrows(form_row(menu, "Variant"))[0].rect.center)  # back from the first: the last
    assert menu.current.variant == "golden_cap"


def test_the_player_count_stops_at_its_ends_and_the_variant_keeps_it_in_range(app):
    menu = open_menu(app, "trap_the_cap")
    back, _value, ahead = arrows(form_row(menu, "Players"))
    assert menu.current.players == 4 and not ahead.enabled and back.enabled
    click(app, back.rect.center)
    click(app, arrows(form_row(menu, "Players"))[0].rect.center)
    assert menu.current.players == 2 and not arrows(form_row(menu, "Players"))[0].enabled
    click(app, arrows(form_row(menu, "Players"))[0].rect.center)
    assert menu.current.players == 2
    click(app, arrows(form_row(menu, "Variant"))[2].rect.center)
    click(app, arrows(form_row(menu, "Variant"))[2].rect.center)
    assert menu.current.variant == "partners" and menu.current.players == 4, "partners is for four"


def test_the_arrow_keys_walk_the_rows_and_step_the_focused_one_both_ways(app):
    menu = open_menu(app)
    first = menu.game_id
    key(app, pygame.K_RIGHT)  # focus on the game list: the next game
    assert menu.game_id != first
    key(app, pygame.K_LEFT)
    assert menu.game_id == first == "trap_the_cap"
    key(app, pygame.K_DOWN)   # Players
    key(app, pygame.K_LEFT)
    assert menu.current.players == 3
    key(app, pygame.K_RIGHT)
    assert menu.current.players == 4
    key(app, pygame.K_DOWN)
    key(app, pygame.K_DOWN)   # Seat 2
    assert menu.rows[menu.focus - 1].label.startswith("Seat 2")
    key(app, pygame.K_LEFT)
    assert menu.current.seats[1] == Seat("ai", "random")
    key(app, pygame.K_TAB, pygame.KMOD_SHIFT)
    assert menu.rows[menu.focus - 1].label.startswith("Seat 1")
    key(app, pygame.K_UP)
    key(app, pygame.K_UP)
    assert menu.focus == 0
    key(app, pygame.K_UP)     # round to the last row
    assert menu.focus == len(menu.rows)
    key(app, pygame.K_PAGEDOWN)
    assert menu.game_id == "captain_flip"
    app.render()


def test_the_start_button_and_rows_do_not_move_when_the_seat_count_or_the_game_changes(app):
    menu = open_menu(app, "captain_flip")
    start = menu.start_button.rect.copy()
    seat1 = form_row(menu, "Seat 1 — red").rect.copy()
    help_rect = menu.help_rect.copy()
    for _ in range(4):
        click(app, arrows(form_row(menu, "Players"))[2].rect.center)
        assert menu.start_button.rect == start and menu.help_rect == help_rect
    assert menu.current.players == 5
    for _ in range(4):
        click(app, arrows(form_row(menu, "Players"))[0].rect.center)
        assert menu.start_button.rect == start
        assert form_row(menu, "Seat 1 — red").rect == seat1
    for gid in all_games():
        click(app, dict(menu.cards)[gid].center)
        assert menu.start_button.rect == start and menu.help_rect == help_rect


def test_every_choice_is_remembered_across_a_restart(app, tmp_path):
    menu = open_menu(app, "captain_flip")
    for _ in range(4):  # board E
        click(app, arrows(form_row(menu, "Variant"))[2].rect.center)
    click(app, arrows(form_row(menu, "Dolphin tile"))[2].rect.center)
    click(app, arrows(form_row(menu, "Players"))[2].rect.center)
    click(app, arrows(form_row(menu, "Seat 3 — green"))[2].rect.center)  # computer: hard
    click(app, dict(menu.cards)["plakoto"].center)
    click(app, arrows(form_row(menu, "Match to"))[0].rect.center)        # 3
    click(app, dict(menu.cards)["captain_flip"].center)
    saved = json.loads((tmp_path / "settings.json").read_text())
    assert saved["menu_game"] == "captain_flip"
    assert saved["menu"]["captain_flip"]["variant"] == "E"
    pygame.display.quit()

    again = App(AppOptions(size=(1024, 600), headless=True, mute=True))  # a restart reads the file
    menu = MenuScene(again)
    again.push_scene(menu)
    assert menu.game_id == "captain_flip"
    cf = menu.current
    assert (cf.variant, cf.options["dolphin"], cf.players) == ("E", "on", 3)
    assert cf.in_play() == [Seat("human"), Seat("ai", "easy"), Seat("ai", "hard")]
    assert menu.choices["plakoto"].options["match"] == "3"
    assert form_row(menu, "Variant").buttons[1].label == "Board E: In the Jaws of the Kraken"
    click(again, menu.start_button.rect.center)
    scene = again.top
    assert scene.spec.id == "captain_flip" and scene.state.variant == "E" and scene.state.num_players == 3
    assert scene.session.meta["options"] == {"dolphin": "on"}


def test_a_hand_edited_or_stale_settings_file_falls_back_field_by_field(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_DATA", str(tmp_path))
    (tmp_path / "settings.json").write_text(json.dumps({"menu_game": "no_such_game", "menu": {
        "captain_flip": {"players": 9, "variant": "Z", "options": {"dolphin": "maybe"},
                         "seats": ["human", "ai:genius", 7, "ai:hard"]},
        "plakoto": "not a mapping",
        "trap_the_cap": {"players": 2, "variant": "partners"}}}))
    app = App(AppOptions(size=(1024, 600), headless=True, mute=True))
    try:
        menu = MenuScene(app)
        app.push_scene(menu)
        assert menu.game_id == "trap_the_cap"
        cf = menu.choices["captain_flip"]
        assert (cf.players, cf.variant, cf.options["dolphin"]) == (2, "A", "off")
        assert cf.seats[:4] == [Seat("human"), Seat("ai", "easy"), Seat("ai", "easy"), Seat("ai", "hard")]
        ttc = menu.choices["trap_the_cap"]
        assert ttc.variant == "partners" and ttc.players == 4, "partners needs four: the count follows"
        app.render()
    finally:
        pygame.display.quit()


def test_seats_beyond_the_count_are_kept_for_when_it_goes_up_again(app):
    menu = open_menu(app, "trap_the_cap")
    click(app, arrows(form_row(menu, "Seat 4 — blue"))[0].rect.center)  # random
    click(app, arrows(form_row(menu, "Players"))[0].rect.center)
    assert menu.current.players == 3
    click(app, arrows(form_row(menu, "Players"))[2].rect.center)
    assert menu.current.in_play()[3] == Seat("ai", "random")


def test_random_click_storm_on_the_menu_never_raises(app):
    menu = open_menu(app)
    rng = random.Random(3)
    start = menu.start
    menu.start = lambda: None  # stay in the menu
    for _ in range(3000):
        kind = rng.random()
        pos = (rng.randrange(1024), rng.randrange(600))
        if kind < 0.6:
            click(app, pos, rng.choice([1, 1, 1, 3]))
        elif kind < 0.8:
            app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        elif kind < 0.85:
            app.dispatch(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice([-1, 1]), flipped=False))
        else:
            k = rng.choice([pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB,
                            pygame.K_PAGEUP, pygame.K_a])
            key(app, k)
        while app.top is not menu and app.stack:
            app.pop_scene()  # close any overlay it opened (settings, rules)
            if not app.stack:
                app.push_scene(menu)
    menu.start = start
    app.render()


@pytest.mark.parametrize("game_id", list(all_games()))
def test_start_opens_the_game_scene(app, game_id):
    menu = open_menu(app, game_id)
    click(app, menu.start_button.rect.center)
    from tabletop.ui.game_scene import GameScene

    assert isinstance(app.top, GameScene), [type(s).__name__ for s in app.stack]
    assert app.top.spec.id == game_id
    app.render()


def test_the_help_line_follows_the_mouse_out_of_the_form_too(app):
    """A stale frame caught in a real window: the help of the row last hovered stayed after the
    mouse left the form, until something else redrew."""
    from scene_input import move

    menu = open_menu(app, "captain_flip")
    move(app, form_row(menu, "Seat 2 — blue").rect.center)
    assert menu.hover_help.startswith("A person or the computer")
    app.render()
    assert not menu.dirty
    move(app, (300, 590))  # below the form, outside it
    assert menu.hover_help == "" and menu.dirty
    move(app, form_row(menu, "Dolphin tile").rect.center)
    assert menu.hover_help == "Adds the Dolphin expansion tile to the bag: when drawn, every captain flips a tile."
    app.dispatch(pygame.event.Event(pygame.WINDOWLEAVE))
    assert menu.hover_help == ""


@pytest.mark.parametrize("players,colours", [(2, "auto"), (2, "green,blue"), (2, "red,green"), (3, "auto"),
                                             (3, "green,yellow,blue"), (4, "auto")])
def test_the_seat_rows_name_the_colours_the_game_will_give(app, players, colours):
    """Trap the Cap with 2 or 3 players: the colours option (and, left on auto, the player count)
    decides who plays which colour; the seat rows said the first colours of the list whatever was
    chosen (Seat 2 "green" in a red-against-yellow game)."""
    from tabletop.games.trap_the_cap.board import COLOURS

    menu = open_menu(app, "trap_the_cap")
    c = menu.current
    while c.players > players:
        menu.step(c.step_players, -1)
    c.options["colours"] = colours
    menu.step(lambda _d: None, 0)
    rows = [r for r in menu.rows if r.label.startswith("Seat")]
    assert len(rows) == players
    shown = [r.colour for r in rows]
    click(app, menu.start_button.rect.center)
    game = app.top
    assert [COLOURS[s] for s in game.state.rules.seats] == shown
    assert all(r.label.endswith(tr_colour(colour)) for r, colour in zip(rows, shown, strict=True))


@pytest.mark.parametrize("players", [2, 3])
def test_the_colours_row_offers_every_set_for_the_player_count_and_nothing_else(app, players):
    """Trap the Cap's Colours row stepped the same six texts whatever the count: with 2 players it
    offered three-colour sets (Start then failed: "3 colours given for 2 players") and left out
    red+blue, green+yellow and yellow+blue; with 3 it left out red,green,blue and red,yellow,blue.
    Now it steps through auto and every set of as many colours as players, each of which starts."""
    from itertools import combinations

    from tabletop.games.trap_the_cap.board import COLOURS

    menu = open_menu(app, "trap_the_cap")
    while menu.current.players > players:
        menu.step(menu.current.step_players, -1)
    seen = []
    for _ in range(12):
        seen.append(menu.current.options["colours"])
        click(app, arrows(form_row(menu, "Colours"))[2].rect.center)
        if menu.current.options["colours"] == seen[0]:
            break
    assert seen[0] == "auto"
    sets = [frozenset(s.split(",")) for s in seen[1:]]
    assert len(set(sets)) == len(sets) and set(sets) == set(map(frozenset, combinations(COLOURS, players)))
    click(app, arrows(form_row(menu, "Colours"))[0].rect.center)  # backwards: the last set
    last = menu.current.options["colours"]
    assert last == seen[-1]
    shown = [r.colour for r in menu.rows if r.label.startswith("Seat")]
    assert sorted(shown) == sorted(last.split(","))
    click(app, menu.start_button.rect.center)
    assert [COLOURS[s] for s in app.top.state.rules.seats] == shown


def test_changing_the_player_count_repairs_a_colours_choice_that_no_longer_fits(app, tmp_path):
    """Three colours chosen, then two players: the choice goes back to auto (the seat rows and the
    game agree: red against yellow) instead of a set the game refuses; a count that does not offer
    the row at all (4) keeps the choice for when it comes back; a saved choice is checked too."""
    menu = open_menu(app, "trap_the_cap")
    c = menu.current
    menu.step(c.step_players, -1)
    assert c.players == 3
    for _ in range(12):
        if c.options["colours"] == "red,yellow,blue":
            break
        menu.step(lambda d: c.step_option("colours", d), 1)
    assert c.options["colours"] == "red,yellow,blue", "offered with 3 players"
    menu.step(c.step_players, 1)
    menu.step(c.step_players, -1)
    assert c.options["colours"] == "red,yellow,blue", "hidden with 4 players, kept"
    menu.step(c.step_players, -1)
    assert c.players == 2 and c.options["colours"] == "auto"
    assert [r.colour for r in menu.rows if r.label.startswith("Seat")] == ["red", "yellow"]
    preview = menu.previews.get(menu.games["trap_the_cap"], c.variant, c.players, c.start_options(), (200, 200), 12)
    assert preview.picture is not None and not preview.problem
    saved = json.loads((tmp_path / "settings.json").read_text()) if (tmp_path / "settings.json").exists() else {}
    saved.setdefault("menu", {})["trap_the_cap"] = {"players": 2, "options": {"colours": "red,green,yellow"}}
    (tmp_path / "settings.json").write_text(json.dumps(saved))
    again = App(AppOptions(size=(1024, 600), headless=True, mute=True))
    restored = MenuScene(again).choices["trap_the_cap"]
    assert restored.players == 2 and restored.options["colours"] == "auto"
    restored.players = 3
    restored.options["colours"] = "red,green,blue"
    restored.step_players(-1)
    assert restored.options["colours"] == "auto"


def tr_colour(colour: str) -> str:
    from tabletop.i18n import tr
    from tabletop.ui import theme

    return tr(theme.style(colour).name)


def test_custom_blocked_fields_are_picked_freely_in_the_menu_and_kept(app, tmp_path):
    """Chicken Chase's custom variant: the players choose the blocked fields (the rules), so a click
    on the value opens a card of the hill's fields 1-14; the menu only stepped through four ready
    sets. A set no hen could pass is refused there with the reason; the choice is remembered and
    played."""
    from tabletop.ui.number_picker import NumberSetPicker

    menu = open_menu(app, "chicken_chase")
    while menu.current.variant != "custom":
        click(app, arrows(form_row(menu, "Variant"))[2].rect.center)
    click(app, arrows(form_row(menu, "Blocked fields"))[1].rect.center)
    picker = app.top
    assert isinstance(picker, NumberSetPicker) and picker.chosen == {5, 12}
    app.render()

    def press(label):
        click(app, next(b for b in picker.toggles.buttons + picker.row.buttons if b.label == label).rect.center)

    for n in (5, 12, 3, 7, 9):
        press(str(n))
    assert picker.chosen == {3, 7, 9} and picker.row.buttons[0].enabled
    for n in (1, 2, 4, 5, 6, 8):  # 1-9 in a row: impassable
        press(str(n))
    app.render()
    assert not picker.row.buttons[0].enabled and "in a row" in picker.reason
    press("Done")
    assert app.top is picker, "a refused set cannot be taken"
    for n in (1, 2, 4, 5, 6, 8):
        press(str(n))
    press("Done")
    assert app.top is menu and menu.current.options["blocked"] == "3,7,9"
    assert form_row(menu, "Blocked fields").buttons[1].label == "3,7,9"
    pygame.display.quit()

    again = App(AppOptions(size=(1024, 600), headless=True, mute=True))  # a restart keeps the set
    menu = MenuScene(again)
    again.push_scene(menu)
    assert menu.game_id == "chicken_chase" and menu.current.options["blocked"] == "3,7,9"
    click(again, menu.start_button.rect.center)
    assert again.top.state.blocked == frozenset({3, 7, 9})


@pytest.mark.parametrize(("game_id", "argv", "players", "seats"), [
    ("captain_flip", ["--players", "1"], 1, ["human"]),
    ("trap_the_cap", ["--players", "2", "--variant", "golden_cap"], 2, ["human", "ai:easy"]),
    ("chicken_chase", ["--seats", "human,ai:hard,human"], 3, ["human", "ai:hard", "human"]),
    ("plakoto", ["--seats", "ai:hard,human"], 2, ["ai:hard", "human"]),
])
def test_a_command_line_game_puts_its_setup_in_the_menu_behind_it(app, game_id, argv, players, seats):
    """`tabletop captain_flip --players 1` with a 3-player game saved asked "A game is in
    progress" over a menu still set for 3 players: Back (then Start) did not lead to the game
    typed. The menu behind now holds the command line's setup, and keeps it after a restart."""
    from tabletop import cli
    from tabletop.launch import new_session
    from tabletop.ui.scene import MessageOverlay

    spec = all_games()[game_id]
    most = spec.max_players
    app.saves.write(new_session(spec, app.store, most, None, {}, [Seat("ai", "easy")] * most, 3))
    app.settings["menu"] = {game_id: {"players": most, "seats": ["ai:random"] * most}}
    args = cli.build_parser(list(all_games())).parse_args([game_id, *argv])
    session = cli.session_from_args(args, app.store, game_id)
    menu = MenuScene(app, game_id)
    app.push_scene(menu)
    menu.start_session(session)
    card = app.top
    assert isinstance(card, MessageOverlay) and card.title == "A game is in progress"
    next(b for b in card.row.buttons if b.label == "Back").action()
    assert app.top is menu
    for shown in (menu.current, MenuScene(app, game_id).current):  # now, and after a restart
        assert shown.players == players
        assert [s.kind if s.is_human else f"ai:{s.level}" for s in shown.in_play()] == seats
        assert shown.variant == session.meta["variant"]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_row_shows_its_own_help_under_the_mouse(app, lang, monkeypatch):
    """The Players row had no help of its own, so with the mouse on it the help line kept showing
    the variant's (Trap the Cap: "Most caps trapped wins."; Plakoto: "Plakoto as played in
    Greece…"). Every row of every game, at every player count and variant, shows its own help:
    the Players row how many may play (or that the count is fixed), the seats theirs, the variant
    its own, each option its own."""
    from scene_input import move

    import tabletop.ui.menu as menu_module
    from tabletop.i18n import set_language, tr

    set_language(lang)
    said: list[str] = []
    paragraph = menu_module.draw.paragraph
    monkeypatch.setattr(menu_module.draw, "paragraph",
                        lambda s, text, *a, **k: said.append(text) or paragraph(s, text, *a, **k))
    try:
        menu = open_menu(app)
        for gid in all_games():
            menu.select(gid)
            c = menu.current
            for variant in c.variant_ids:
                c.variant = variant
                c._fit_players()
                for players in c.allowed_players():
                    c.players = players
                    menu.layout(menu.size)
                    helps = {}
                    for row in menu.rows:
                        move(app, row.rect.center)
                        said.clear()
                        app.render()
                        where = f"{gid} {variant} {players} players, row {row.label!r}"
                        assert row.help and menu.hover_help == row.help, where
                        assert lang == "en" or any("а" <= ch <= "я" for ch in row.help.lower()), (where, row.help)
                        assert row.help in said, (where, said)
                        helps[row.label] = row.help
                    players_help = helps[tr("Players")]
                    others = {label: h for label, h in helps.items() if label != tr("Players")}
                    assert players_help not in others.values(), (gid, variant, "the Players row has its own help")
                    assert str(players) in players_help or "–" in players_help, players_help
    finally:
        set_language("en")


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_at_a_table_the_rows_help_names_the_taps_that_work(tmp_path, monkeypatch, lang):
    """At a table the screen lies flat and is tapped: the Players and Seat rows' help said
    "click for the next, right-click for the previous" there too, and a finger has no right
    button. It says to tap, and that the left arrow steps back (as a tap on it does)."""
    from scene_input import move

    from tabletop.i18n import set_language
    from tabletop.ui.menu import STEP_HELP

    monkeypatch.setenv("TABLETOP_DATA", str(tmp_path))
    table = App(AppOptions(size=(1024, 600), headless=True, mute=True, table=True))
    set_language(lang)
    try:
        menu = open_menu(table)
        right, tap = {"en": ("right", "tap"), "ru": ("правый", "касание")}[lang]
        for gid in all_games():
            menu.select(gid)
            for row in [r for r in menu.rows if r.colour] + [menu.rows[0]]:  # the seats, the Players
                move(table, row.rect.center)
                table.render()
                assert menu.hover_help == row.help, (gid, row.label)
                if menu.current.allowed_players() != [menu.current.players]:  # (a fixed count: no stepping)
                    assert right not in row.help.lower() and tap in row.help.lower(), (gid, row.label, row.help)
        for key in STEP_HELP:
            words = menu.step_help(key, counts="2–4")
            assert right not in words.lower() and tap in words.lower(), words
        menu.select("trap_the_cap")
        before = menu.current.seats[1]
        click(table, arrows(menu.rows[2])[0].rect.center)  # Seat 2's left arrow, as the help says
        assert menu.current.seats[1] != before, "the left arrow did not step the seat"
    finally:
        set_language("en")
        pygame.display.quit()


def test_the_picture_behind_the_question_is_the_position_typed(app, monkeypatch):
    """`tabletop plakoto --position …` with a Plakoto game saved asks "A game is in progress" over
    the menu: its board picture showed the usual start, not the position about to be played.
    While the question is up it is the position; after Back the menu's own Start is the usual
    game again, and so is its picture."""
    from tabletop import cli
    from tabletop.launch import new_session
    from tabletop.ui import preview
    from tabletop.ui.scene import MessageOverlay

    spec = all_games()["plakoto"]
    app.saves.write(new_session(spec, app.store, 2, None, {}, [Seat("ai", "easy")] * 2, 3))
    position = "w - 1:w1 24:b1 off:w14,b14 mother:w-b- match:0-0/1"
    args = cli.build_parser(list(all_games())).parse_args(["plakoto", "--position", position])
    session = cli.session_from_args(args, app.store, "plakoto")
    drawn: list = []
    real = preview.scene_class(spec).draw_preview

    def record(surface, rect, layout, state, text_size):
        drawn.append(state.to_notation())
        return real(surface, rect, layout, state, text_size)

    monkeypatch.setattr(preview.scene_class(spec), "draw_preview", staticmethod(record))
    menu = MenuScene(app, "plakoto")
    app.push_scene(menu)
    menu.start_session(session)
    card = app.top
    assert isinstance(card, MessageOverlay) and card.title == "A game is in progress"
    app.mark_dirty()
    app.render()
    assert drawn and drawn[-1] == session.initial.to_notation()
    next(b for b in card.row.buttons if b.label == "Back").action()
    assert app.top is menu
    app.mark_dirty()
    app.render()
    assert drawn[-1] != session.initial.to_notation()


def _key(app, key):
    app.top.handle(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))


def test_esc_in_the_menu_asks_before_quitting(app):
    """Esc closed the whole program at once (a player backing out of a game with one Esc too
    many lost the window); now a card asks: Esc again stays, Enter quits."""
    from tabletop.ui.scene import MessageOverlay

    menu = MenuScene(app)
    app.push_scene(menu)
    app.render()
    _key(app, pygame.K_ESCAPE)
    card = app.top
    assert isinstance(card, MessageOverlay) and card.title == "Quit tabletop?" and app.running
    assert card.body == "No game is in progress."
    card.keys_from = 0.0
    _key(app, pygame.K_ESCAPE)
    assert app.top is menu and app.running
    _key(app, pygame.K_ESCAPE)
    app.top.keys_from = 0.0
    _key(app, pygame.K_RETURN)
    assert not app.running


def drawn_texts(app):
    """Every text the next frame draws."""
    from tabletop.ui.text_audit import TextAudit

    app.top.dirty = True
    with TextAudit() as audit:
        app.render()
    return [d.text for d in audit.entries if d.rect is not None]


def test_the_help_line_says_what_the_keyboards_row_does(app):
    """Tab (or Down) to a seat or an option: the help line kept the game's tagline, so a player
    without a mouse never read what the row means."""
    menu = open_menu(app, "captain_flip")
    app.dispatch(pygame.event.Event(pygame.WINDOWLEAVE))
    for _ in range(2):  # the game list, Players, Seat 1
        key(app, pygame.K_TAB)
    assert menu.rows[menu.focus - 1].label == "Seat 1 — red"
    assert any(t.startswith("A person or the computer") for t in drawn_texts(app))
    while menu.rows[menu.focus - 1].label != "Dolphin tile":
        key(app, pygame.K_DOWN)
    assert "Adds the Dolphin expansion tile to the bag: when drawn, every captain flips a tile." in drawn_texts(app)


def test_f1_s_and_c_open_how_to_play_the_settings_and_continue_and_their_buttons_say_so(app):
    """The keyboard alone reached neither How to play, Settings nor Continue: Tab and the arrows
    go through the game list and the form, Enter starts. Now F1, S and C open them (as F1 and S
    do in a game), and the buttons show those keys."""
    from tabletop.ui.continue_list import ContinueScene
    from tabletop.ui.rules import RulesScene
    from tabletop.ui.settings import SettingsScene

    menu = open_menu(app, "plakoto")
    app.render()
    assert button(menu, "How to play").key == "F1" and button(menu, "Settings").key == "S"
    key(app, pygame.K_F1)
    assert isinstance(app.top, RulesScene) and app.top.spec.id == "plakoto"
    key(app, pygame.K_ESCAPE)
    assert app.top is menu
    key(app, pygame.K_s)
    assert isinstance(app.top, SettingsScene)
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_c)  # nothing to continue: C does nothing
    assert app.top is menu
    from tabletop.launch import advance

    click(app, menu.start_button.rect.center)
    advance(app.top.session, 4)
    assert app.saves.write(app.top.session)
    app.top.leave()
    menu = app.top
    app.render()
    continue_button = next(b for b in menu.row.buttons if b.label.startswith("Continue"))
    assert continue_button.key == "C"
    key(app, pygame.K_c)
    assert isinstance(app.top, ContinueScene)


def test_custom_blocked_fields_are_picked_with_the_keyboard_alone(app):
    """Left/Right step through the printed sets only, and the card of the fields took clicks
    alone: without a mouse the rules' free choice could not be made. Space on the row opens the
    card (as a click on the value); there the arrows move the outline, Space chooses or drops,
    Enter is Done."""
    from tabletop.ui.number_picker import NumberSetPicker

    menu = open_menu(app, "chicken_chase")
    key(app, pygame.K_TAB)  # to Players, then down to the variant
    while menu.rows[menu.focus - 1].label != "Variant":
        key(app, pygame.K_DOWN)
    while menu.current.variant != "custom":
        key(app, pygame.K_RIGHT)
    while menu.rows[menu.focus - 1].label != "Blocked fields":
        key(app, pygame.K_DOWN)
    app.render()  # its help names the key, not the click alone
    assert any("press Space" in t and "hill fields" in t for t in drawn_texts(app)), drawn_texts(app)
    key(app, pygame.K_SPACE)
    picker = app.top
    assert isinstance(picker, NumberSetPicker) and picker.chosen == {5, 12}
    assert picker.row.buttons[1].key == "Esc"
    app.render()
    assert picker.low + picker.cursor == 5  # the first chosen number is outlined
    key(app, pygame.K_SPACE)  # 5 dropped
    key(app, pygame.K_DOWN)  # 12
    key(app, pygame.K_SPACE)
    for _ in range(3):
        key(app, pygame.K_LEFT)  # 9
    key(app, pygame.K_SPACE)
    key(app, pygame.K_UP)  # 2
    key(app, pygame.K_SPACE)
    app.render()
    assert picker.chosen == {2, 9}
    key(app, pygame.K_RETURN)
    assert app.top is menu and menu.current.options["blocked"] == "2,9"


@pytest.mark.parametrize("game_id", list(all_games()))
def test_every_variant_and_option_has_a_help_sentence(game_id):
    """The menu's help line shows a variant's or option's help: Chicken Chase's read "blocked fields
    as printed for the number of players" (a fragment, lower case), Captain Flip's boards A-D had
    none at all and E only "expansion board". Each is a sentence now, in both languages."""
    from tabletop.i18n import in_language, tr

    spec = all_games()[game_id]
    helps = [(v.id, v.help) for v in spec.all_variants(None)] + [(o.key, o.help) for o in spec.options]
    for lang in ("en", "ru"):
        with in_language(lang):
            for name, text in helps:
                said = tr(text) if text else ""
                assert said[:1].isupper() and said.endswith("."), (lang, name, said)

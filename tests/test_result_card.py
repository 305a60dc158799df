"""The end card is for everyone: a winner banner and one row per seat with that game's breakdown
(Captain Flip: coins by source, column bonuses, end characters; Trap the Cap: prisoners locked up
and in towers; Chicken Chase: hens and cards; Plakoto: games and match score), then Look at the
board (the default, it only closes the card), Play again, New game and Menu."""

from __future__ import annotations

import pygame
import pytest
from feedback_helpers import play_out, start
from scene_input import instant_scenes

from tabletop.games.chicken_chase.moves import PlayB
from tabletop.games.plakoto.rules import PlakotoState, Step
from tabletop.launch import Seat
from tabletop.ui import text_audit
from tabletop.ui.menu import MenuScene
from tabletop.ui.results import ResultOverlay


@pytest.fixture(autouse=True)
def quick(monkeypatch, tmp_path):
    instant_scenes(monkeypatch, tmp_path)


def card_of(app, scene) -> ResultOverlay:
    app.tick(0.0)
    card = app.top
    assert isinstance(card, ResultOverlay), card
    return card


def check_card(app, scene, card: ResultOverlay, columns: list[str], extra: tuple[str, ...] = ()) -> None:
    """``extra``: the game's own buttons, right after the default (Plakoto's Review)."""
    table = card.table
    n = scene.state.num_players
    assert sorted(r.seat for r in table.rows) == list(range(n)), "every seat has a row"
    for row in table.rows:
        assert row.name == scene.seat_name(row.seat)
        assert len(row.cells) == len(table.columns)
    for word in columns:
        assert word in table.columns, (word, table.columns)
    outcome = scene.state.outcome()
    winners = [r for r in table.rows if r.winner]
    assert {r.seat for r in winners} == set(outcome.winners)
    for r in winners:
        assert r.name in table.banner
    assert [b.label for b in card.row.buttons] == ["Look at the board", *extra, "Play again", "New game", "Menu"]
    with text_audit.TextAudit() as audit:
        app.mark_dirty()
        app.render()
    shown = " ".join(d.text for d in audit.placed())
    for row in table.rows:
        assert row.name in shown, f"{row.name} is not drawn on the card"
    assert not audit.cut(), [d.wanted for d in audit.cut()]


def test_plakoto_card_shows_each_colours_games_and_the_match_score():
    app, scene = start("plakoto", [Seat("human"), Seat("ai", "random")], options={"match": "1"})
    scene.session.state = PlakotoState.from_notation("w 65 1:w1 24:b15 off:w14,b0 match:0-0/1 start:w")
    scene._changed()
    assert scene.play(next(m for m in scene.state.legal_moves() if isinstance(m, Step) and m.to == 0))
    card = card_of(app, scene)
    # a single game is no match: "wins a double game (2 points)", its points, never "2 of 1"
    check_card(app, scene, card, ["Games won", "Game points", "Points"], extra=("Review",))
    white = next(r for r in card.table.rows if r.seat == 0)
    assert white.cells[0] == "1" and white.cells[2] == "2" and "borne off" in white.cells[1]
    assert "wins a double game (2 points)" in card.table.banner and "match" not in card.table.banner


def test_plakoto_card_of_a_match_says_the_score_and_what_was_needed():
    app, scene = start("plakoto", [Seat("human"), Seat("ai", "random")], options={"match": "3"})
    scene.session.state = PlakotoState.from_notation("w 65 1:w1 24:b15 off:w14,b0 match:2-0/3 start:w")
    scene._changed()
    assert scene.play(next(m for m in scene.state.legal_moves() if isinstance(m, Step) and m.to == 0))
    card = card_of(app, scene)
    check_card(app, scene, card, ["Games won", "Game points", "Match score"], extra=("Review",))
    white = next(r for r in card.table.rows if r.seat == 0)
    black = next(r for r in card.table.rows if r.seat == 1)
    assert white.cells[2] == "4 (3 needed)" and black.cells[2] == "0 (3 needed)"  # both alike past the target
    assert "wins the match 4–0" in card.table.banner


def test_trap_the_cap_card_shows_prisoners_locked_up_and_in_towers_for_every_seat():
    app, scene = start("trap_the_cap", players=3, options={"turn_limit": "3"}, seed=4)
    play_out(app, scene)
    card = card_of(app, scene)
    check_card(app, scene, card, ["Locked up", "In towers", "Points"])


def test_captain_flip_card_shows_coins_by_source_bonuses_and_end_characters():
    app, scene = start("captain_flip", players=4, variant="B", seed=9)
    play_out(app, scene)
    card = card_of(app, scene)
    check_card(app, scene, card, ["Coins in play", "Column bonuses", "Characters at the end", "Gunners", "Total"])
    rows = scene.state.score_breakdown()
    for row in card.table.rows:
        assert str(int(rows[row.seat]["total"])) in row.cells[-1]
        assert "Swabby" in row.cells[2] and "Lookout" in row.cells[2]


def test_chicken_chase_card_shows_every_seats_hens_and_cards():
    app, scene = start("chicken_chase", players=3, seed=2)
    state = scene.state
    while state.phase in ("setup", "first") or state.current_player not in (0, 1, 2) or state.phase != "action":
        play_out(app, scene, limit=1)
        state = scene.state
    state.hens[:] = [15, 14, 3, 0, 0, 0]
    seat = state.turn
    state.hens[2 * seat:2 * seat + 2] = [15, 14]
    state.known[seat] = [1]
    state.hidden[seat] = []
    scene._changed()
    move = next(m for m in state.legal_moves() if isinstance(m, PlayB) and m.hen == 1)
    before = state.copy()
    scene.session.play(move)
    scene._after_move(before, move, seat)
    card = card_of(app, scene)
    check_card(app, scene, card, ["Hens on", "Cards won", "Cards in hand"])


def test_new_game_opens_the_menu_on_this_game():
    app, scene = start("plakoto", [Seat("human"), Seat("ai", "random")], options={"match": "1"})
    scene.session.state = PlakotoState.from_notation("w 65 1:w1 24:b15 off:w14,b0 match:0-0/1 start:w")
    scene._changed()
    scene.play(next(m for m in scene.state.legal_moves() if isinstance(m, Step) and m.to == 0))
    card = card_of(app, scene)
    next(b for b in card.row.buttons if b.label == "New game").action()
    assert isinstance(app.top, MenuScene) and app.top.game_id == "plakoto"
    assert pygame.display.get_init()


def finished(game: str, table: bool = False, size=(1366, 768), lang: str = "en"):
    """A game of ``game`` over, its card up (Plakoto from a position one step from the end)."""
    if game == "plakoto":
        app, scene = start("plakoto", [Seat("human"), Seat("ai", "random")], options={"match": "1"}, size=size,
                           table=table, lang=lang)
        scene.session.state = PlakotoState.from_notation("w 65 1:w1 24:b15 off:w14,b0 match:0-0/1 start:w")
        scene._changed()
        scene.play(next(m for m in scene.state.legal_moves() if isinstance(m, Step) and m.to == 0))
    else:
        app, scene = start("trap_the_cap", players=3, options={"turn_limit": "3"}, seed=4, size=size, table=table,
                           lang=lang)
        play_out(app, scene)
    return app, scene, card_of(app, scene)


@pytest.mark.parametrize(("game", "lang", "look"), [
    ("plakoto", "ru", "Показать доску"), ("trap_the_cap", "ru", "Показать поле"),
    ("plakoto", "en", "Look at the board"), ("trap_the_cap", "en", "Look at the board")])
def test_plakotos_card_shows_the_backgammon_board_as_a_doska(game, lang, look):
    """The card's first button said «Показать поле» in every game; a backgammon board is a
    «доска»: Plakoto's says «Показать доску», its hint too, and the other games keep «поле»."""
    from tabletop.i18n import set_language

    try:
        app, scene, card = finished(game, lang=lang)
        button = card.row.buttons[0]
        assert button.label == look
        card.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=button.rect.center, rel=(0, 0), buttons=(0, 0, 0)))
        assert card.hint_line().startswith(look + ": "), card.hint_line()
    finally:
        set_language("en")


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("game", ["plakoto", "trap_the_cap"])
@pytest.mark.parametrize("where", ["1366x768", "table 3840x2160"])
def test_the_card_says_how_play_again_and_new_game_differ(game, lang, where):
    """«Сыграть ещё» and «Новая игра» stood side by side with nothing saying how they differ. A
    line over the buttons says it (the same players and options, or choose them in the menu),
    read at a table too, where nothing is hovered; with the pointer on a button the line is that
    button's own hint. Drawn whole, on the card, above the buttons, whichever is shown."""
    from text_fit import audit_top, problems, readable

    from tabletop.i18n import set_language, tr

    table = where.startswith("table")
    size = tuple(int(v) for v in where.split()[-1].split("x"))
    try:
        app, scene, card = finished(game, table, size, lang)
        again, new = tr("Play again"), tr("New game")
        assert again in card.guide and new in card.guide, card.guide
        others = {b.label for b in card.row.buttons} | {c for r in card.table.rows for c in r.cells}

        def pointer_at(pos) -> None:
            if card.frame() is not None:
                pos = tuple(int(v) for v in card.frame().to_screen(pos))
            card.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))

        hints = {}
        for button in [None, *card.row.buttons]:
            pointer_at(button.rect.center if button is not None else card.card.topleft)
            line = card.hint_line()
            hints[button.label if button is not None else ""] = line
            app.mark_dirty()
            audit = audit_top(app)
            found = problems(audit, f"{where} {lang} {game} card, pointer on {button and button.label!r}",
                             readable(app))
            assert not found, found
            drawn = [d for d in audit.placed() if d.text not in others and d.text in line]
            assert " ".join(d.text for d in drawn).split() == line.split(), (line, [d.text for d in drawn])
            if card.frame() is None:  # upright: the line stands between the table and the buttons
                top = min(b.rect.top for b in card.row.buttons)
                assert all(d.rect[1] + d.rect[3] <= top for d in drawn), "the line is over the buttons"
        assert hints[""] == card.guide, "nothing under the pointer: how the two differ"
        assert hints[again].startswith(again) and hints[new].startswith(new) and hints[again] != hints[new]
        assert hints[tr("Menu")].startswith(tr("Menu")) and hints[card.row.buttons[0].label] != card.guide
    finally:
        set_language("en")


@pytest.mark.parametrize("game", ["trap_the_cap", "captain_flip", "chicken_chase"])
@pytest.mark.parametrize("lang, word", [("en", " and "), ("ru", " и ")])
def test_three_winners_are_named_as_a_sentence_lists_them(game, lang, word):
    """A three-way shared win: "Red, Green and Yellow", not "Red and Green and Yellow"."""
    from tabletop.core.game import Outcome

    app, scene = start(game, players=4, lang=lang)
    a, b, c = (scene.seat_name(s) for s in (0, 1, 2))
    banner = scene.result_table(Outcome("tie", (0, 1, 2), (3.0, 3.0, 3.0, 1.0))).banner
    assert f"{a}, {b}{word}{c}" in banner, banner
    assert f"{a}{word}{b}" not in banner, banner


def test_menu_after_a_finished_game_leaves_without_saying_it_is_saved():
    """Menu on a game that goes on asks, saying Continue resumes it; on a finished game (its
    autosave is gone, the record is with the finished games) it leaves at once: the card said
    "The game is saved: Continue in the menu resumes it" of a game with nothing to continue."""
    app, scene = start("plakoto", [Seat("human"), Seat("ai", "random")], options={"match": "1"})
    scene.roll()  # a first move: the game is saved (before it there is nothing to continue)
    scene.confirm_leave()
    assert "Continue" in app.top.body
    app.pop_scene()
    scene.session.state = PlakotoState.from_notation("w 65 1:w1 24:b15 off:w14,b0 match:0-0/1 start:w")
    scene._changed()
    scene.play(next(m for m in scene.state.legal_moves() if isinstance(m, Step) and m.to == 0))
    card_of(app, scene)
    app.pop_scene()  # Look at the board
    assert app.top is scene
    scene.confirm_leave()
    assert isinstance(app.top, MenuScene)


def test_a_plakoto_result_line_has_one_bracket_and_says_double_game():
    """The log and menu line: "White wins a double game (2 points) — White 2, Black 0", not
    "White wins the game double (2 points) (White 2, Black 0)"."""
    app, scene = start("plakoto", [Seat("human"), Seat("ai", "random")], options={"match": "1"})
    scene.session.state = PlakotoState.from_notation("w 65 1:w1 24:b15 off:w14,b0 match:0-0/1 start:w")
    scene._changed()
    scene.play(next(m for m in scene.state.legal_moves() if isinstance(m, Step) and m.to == 0))
    card_of(app, scene)
    line = scene.result_summary()
    assert line == "White wins a double game (2 points) — White 2, Black 0", line


@pytest.mark.parametrize("game", ["trap_the_cap", "captain_flip", "chicken_chase", "plakoto"])
def test_the_russian_game_over_line_reads_as_sentences(game):
    """«Игра окончена: Побеждает Жёлтый» put a capital verb after a colon (Russian results begin
    with it: «Побеждает …», «Побеждают: …»), and Plakoto's «Партия окончена: Белые выигрывают
    партию, сняв все фишки: 1 очко» had a second colon. Now «Игра окончена. Побеждает Жёлтый» and
    «… сняв все фишки, и получают 1 очко»: after a colon only a player's name has a capital."""
    import re

    from tabletop.i18n import set_language

    try:
        app, scene = start(game, lang="ru", options={"match": "1"} if game == "plakoto" else None)
        play_out(app, scene, seed=2)
        names = {scene.seat_name(s) for s in range(len(scene.seats))}
        for line in (scene.prompt_line(), scene.log.entries[-2].text):
            assert line.startswith(("Игра окончена", "Партия окончена")), line
            assert line.count(":") <= 1, line
            for word in re.findall(r": ([А-ЯЁ]\w*)", line):
                assert word in names, line
    finally:
        set_language("en")


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_plakotos_tie_between_games_reads_without_two_colons(lang):
    """A tie between two games of a match read "Game over: Both mothers are pinned: the game is
    a tie." (Russian: «Партия окончена: Обе …: партия вничью»)."""
    from tabletop.games.plakoto.scene import PlakotoScene
    from tabletop.i18n import set_language, tr

    try:
        set_language(lang)
        tie = tr("Both mothers are pinned: the game is a tie")
        line = PlakotoScene.game_over_line(tie)
        assert line.count(":") == 1 and tie in line, line
        win = tr("{name} wins the game by bearing off, {points} point", name=tr("White"), points=1)
        assert PlakotoScene.game_over_line(win) == tr("Game over: {result}.", result=win)
    finally:
        set_language("en")


def press(app, key, mod=0):
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=""))


def test_every_button_of_the_card_is_reached_from_the_keyboard():
    """Enter pressed only the default (Look at the board) and Esc the cancel: Play again, New game
    and Menu needed the mouse. Right/Left and Tab move the card's primary button, which Enter presses,
    and the line over the buttons says what the keyboard's one does."""
    app, scene, card = finished("plakoto")
    card.keys_from = 0.0
    assert [b.label for b in card.row.buttons if b.primary] == ["Look at the board"]
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_TAB)
    press(app, pygame.K_TAB)
    press(app, pygame.K_LEFT)
    press(app, pygame.K_TAB, pygame.KMOD_SHIFT)
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_RIGHT)
    assert [b.label for b in card.row.buttons if b.primary] == ["New game"]
    assert card.hint_line() == card.hints[card.focus] and "menu" in card.hint_line()
    press(app, pygame.K_RETURN)
    assert isinstance(app.top, MenuScene) and app.top.game_id == "plakoto"

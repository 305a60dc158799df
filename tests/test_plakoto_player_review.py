"""Plakoto as a new player met it (a review in a real window, English and Russian): the words of
the log's heading, the single game's end card, the board's buttons once the game is over, and
How to play naming an option as the menu does."""

from __future__ import annotations

from pathlib import Path

import pytest
from scene_input import instant_scenes

import tabletop
from tabletop.app import App, AppOptions
from tabletop.games import get_game
from tabletop.games.plakoto.rules import PlakotoState
from tabletop.i18n import in_language, tr
from tabletop.launch import Seat, new_session, session_from_position
from tabletop.ui.game_scene import make_scene

SPEC = get_game("plakoto")
GAME_DIR = Path(tabletop.__file__).resolve().parent / "games" / "plakoto"


@pytest.fixture(autouse=True)
def quick(tmp_path, monkeypatch):
    instant_scenes(monkeypatch, tmp_path)


def _app() -> App:
    return App(AppOptions(size=(1366, 768), headless=True, mute=True))


def _finished_single_game(app: App):
    """White bears off its last checker: a single game, over."""
    session = session_from_position(SPEC, app.store, "w 21 1:w1 20:b14 off:w14,b1 match:0-0/1 start:w", seed=4)
    scene = make_scene(app, session)
    app.push_scene(scene)
    scene.play(scene.state.parse_move("1/off"))
    scene.timers.skip()
    scene.update(0.0)
    assert scene.state.current_player is None
    return scene


@pytest.mark.parametrize(("lang", "heading"), [("en", "Plakoto — Standard; Match to 3"),
                                               ("ru", "Плакото — Обычный; Матч до 3")])
def test_the_log_heading_says_match_to_3_not_match_to_colon_3(lang, heading):
    """The heading read "Match to: 3" ("Матч до: 3"), a form's field, where the panel's own line
    says "Match to 3"."""
    app = _app()
    with in_language(lang):
        session = new_session(SPEC, app.store, 2, None, {"match": "3"}, [Seat("human"), Seat("human")], 1)
        assert make_scene(app, session).log.entries[0].text == heading


def test_a_single_games_end_card_does_not_repeat_its_banner_in_notes():
    """"Black wins a double game (2 points)." over "Last game: Black wins the game by bearing off,
    2 points. Games played: 1.": the same game told twice, and a count of one."""
    app = _app()
    scene = _finished_single_game(app)
    table = scene.result_table(scene.state.outcome())
    assert table.banner == "White wins the game (1 point)."
    assert table.notes == (), table.notes
    assert [r.cells for r in table.rows][0] == ("1", "game 1: 1 (borne off)", "1")


def test_the_board_after_the_game_offers_the_review_as_a_button():
    """After "Look at the board" the panel had Result and Play again; the review only behind R,
    a key no button named."""
    app = _app()
    scene = _finished_single_game(app)
    labels = [b.label for b in scene.action_buttons()]
    assert tr("Review") in labels, labels
    review = next(b for b in scene.action_buttons() if b.label == tr("Review"))
    assert review.key == "R"


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_how_to_play_quotes_the_option_as_the_menu_names_it(lang):
    """Italics are shown plain (the font has none), so "(при правиле Зафиксированная фишка в доме:
    только занимает зафиксированная фишка этому не мешает)" ran the option's name into the
    sentence: the name goes in quotes."""
    path = GAME_DIR / ("summary.md" if lang == "en" else f"summary.{lang}.md")
    text = " ".join(path.read_text(encoding="utf-8").split())
    with in_language(lang):
        name = f"{tr('Pinned home checker')}: {tr('occupies')}"
    quoted = f"“{name}”" if lang == "en" else f"«{name}»"
    assert quoted in text, name


def test_russian_says_pin_with_one_verb_throughout():
    """The rules, the log and the review say "зафиксировать" (the catalogue's own glossary), but
    the board's mark read "Зажата!", the card "зажата мать", a way "по пути зажимает": a new
    player met two words for one rule."""
    with in_language("ru"):
        said = [tr("Pinned!"), tr("mother pinned"), tr("{route}, pins on {points} on the way"),
                tr("{route}, no pin on the way")]
    assert not [s for s in said if "зажа" in s.lower() or "зажим" in s.lower()], said
    assert "фиксир" in said[0] and "материнская фишка" in said[1], said


def test_game_ends_passed_at_once_are_logged_each_with_its_own_score():
    """The replay's To the end (a match to 3 won 3–2) logged "White wins the game by bearing off,
    2 points. Match to 3 — White 2, Black 3" for the game that made it 2–1: every game end passed
    in one jump said the final score."""
    app = _app()
    session = session_from_position(SPEC, app.store, "w 21 1:w1 20:b14 off:w14,b1 match:0-0/3 start:w", seed=4)
    scene = make_scene(app, session)
    final = PlakotoState.from_notation("over - 2:w3 off:w12,b15 mother:w-b- match:2-3/3 start:w "
                                       "games:b2m@w,w2m@b,b1o@w")
    before = len(scene.log.entries)
    scene._log_results(0, final)
    said = [e.text for e in scene.log.entries[before:]]
    assert [s.rsplit("— ", 1)[1] for s in said] == ["White 0, Black 2", "White 2, Black 2", "White 2, Black 3"], said


def test_a_review_with_only_forced_turns_adds_up_no_loss():
    """Every turn forced: the line over the review read "White: 0 turns reviewed (1 forced turn
    without a choice left out), 0.00 points lost in all": a sum of no turns."""
    from coach_helpers import race_scene, until
    from test_plakoto_coach import play_forced_game

    from tabletop.games.plakoto.review_scene import ReviewScene

    app, scene = race_scene()
    play_forced_game(scene)
    review = ReviewScene(app, scene.session.record(), scene.layout_data, ["White", "Black"])
    app.push_scene(review)
    until(app, review.finished)
    line = review.summary()
    assert line.startswith("White: 0 turns reviewed (1 forced turn") and "points lost" not in line, line


def test_the_hints_double_column_speaks_as_the_end_card_does():
    """The hint's columns read «Победа · Двойная · Матч»: "double" what? The end card calls it
    «выигрывают партию вдвойне»; the column says the same word."""
    with in_language("ru"):
        column, card = tr("Double"), tr("{who} wins a double game (2 points).", who="Белые")
    assert column.lower() in card.lower(), (column, card)


def test_the_rules_picture_names_the_lone_checker_as_the_rules_beside_it():
    """How to play: the rules say «на одиночную фишку противника», the picture's caption beside
    them «на одинокую фишку соперника»: two names for one thing on one screen."""
    rules = " ".join((GAME_DIR / "summary.ru.md").read_text(encoding="utf-8").replace("**", "").split())
    with in_language("ru"):
        caption = tr("With a {n}, this checker moves {n} points and lands on a lone rival checker: it pins it. "
                     "A pinned checker cannot move until the one on top of it leaves.", n=4)
    assert "одиночную фишку противника" in rules and "одиночную фишку противника" in caption, caption

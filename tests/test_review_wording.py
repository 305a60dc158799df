"""Prompts and wording a reviewer found: a log line naming a long file is never cut at the panel's
edge, menu hints use the choices' shown words (no ids), the dice box asks to roll once and
invitingly, Chicken Chase's setup says what it is, Trap the Cap offers another piece only when
there is one, and Russian/English wordings read right."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest

from tabletop.i18n import set_language
from tabletop.ui import theme
from tabletop.ui.table_strip import log_rows
from tabletop.ui.widgets import LogPanel, log_indent

NAME = "The game is kept with the finished games as captain_flip-20261202-164144.json."


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    pygame.init()  # never quit here: the theme's font cache outlives this module


@pytest.fixture(autouse=True)
def _english():
    set_language("en")
    yield
    set_language("en")


@pytest.mark.parametrize("width", [90, 140, 200, 260])
def test_a_log_line_with_a_long_file_name_wraps_inside_the_panel(width):
    """The window log and the table strip's log cut a word too long for the line (a file name)
    into pieces that fit, instead of running it past the panel's edge."""
    size = 13
    f = theme.font(size)
    log = LogPanel()
    log.add(NAME)
    rows = [text for _e, text, _first in log.rows(log.entries, size, width)]
    assert "".join(rows).replace(" ", "") == NAME.replace(" ", ""), "nothing is lost"
    room = width - log_indent(size) - size // 2  # the rows leave room for the mover's piece
    assert all(f.size(text)[0] <= room for text in rows), rows
    strip = [text for text, _rgb in log_rows([(NAME, (0, 0, 0))], size, width, 20)]
    assert all(f.size(text)[0] <= width for text in strip), strip
    assert "".join(strip).replace(" ", "") == NAME.replace(" ", "")


def test_other_wrapping_keeps_words_whole():
    """Elsewhere (buttons, prompts) a too-wide word still keeps its line whole: callers that
    measure the lines to pick a size rely on it."""
    lines = theme.wrap("a captain_flip-20261202-164144.json b", 13, 60)
    assert "captain_flip-20261202-164144.json" in lines


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_menu_option_hints_name_the_choices_as_the_menu_shows_them(lang):
    """An option's hint under the form never names a choice by its id ("own_three: ...") when
    the menu shows it in other words ("three own chicks"), in any game or language."""
    import re

    from tabletop.games import all_games
    from tabletop.i18n import tr, tr_value

    set_language(lang)
    for spec in all_games().values():
        for opt in spec.options:
            hint = tr(opt.help)
            rest = hint.lower()
            for choice in opt.choices:  # the shown words may hold an id ("only occupies")
                rest = rest.replace(tr_value(choice).lower(), "")
            for choice in opt.choices:
                if tr_value(choice) != choice:
                    assert not re.search(rf"(?<![\w+]){re.escape(choice)}(?![\w+])", rest), (spec.id, opt.key, hint)


def _to_second_roll(game: str, table: bool = False, lang: str = "en", first: bool = False):
    """Two people; the first has rolled and moved: the second's roll is due, the first's die used
    (``first``: the first roll of the game is due)."""
    from feedback_helpers import start

    from tabletop.core import CHANCE
    from tabletop.launch import Seat

    app, scene = start(game, [Seat("human"), Seat("human")], seed=5, table=table,
                       size=(3840, 2160) if table else (1366, 768))
    set_language(lang)  # after the app set its own
    moved = first
    for _ in range(0 if first else 200):
        state = scene.state
        if state.current_player == CHANCE and scene.can_roll():
            if moved:
                break
            scene.roll()
        elif state.current_player not in (None, CHANCE) and not scene.queued:
            scene.play(state.legal_moves()[0])
            moved = True
        else:
            scene.update(0.0)
        scene.timers.skip()
        scene.update(0.0)
    assert scene.can_roll() and moved
    return app, scene


@pytest.mark.parametrize("game", ["trap_the_cap", "plakoto"])
def test_a_due_roll_shows_inviting_dice_and_no_words_in_the_dice_box(game):
    """When a roll is due, the dice box shows clean dice to roll: not the last roll's die dimmed
    and struck through in red (read as "you cannot roll"), and no "Click to roll" over the Roll
    button that says it already."""
    from tabletop.ui.text_audit import TextAudit

    app, scene = _to_second_roll(game)
    assert scene.dice() or game == "plakoto", "the last roll is still known (Plakoto clears it)"
    with TextAudit() as audit:
        app.render()
    box = scene.dice_rect
    words = [e.text for e in audit.placed() if box.colliderect(e.rect)]
    assert words == [], words
    surface = app.screen
    red = [(x, y) for x in range(box.left, box.right) for y in range(box.top, box.bottom)
           if tuple(surface.get_at((x, y)))[:3] == tuple(theme.BAD[:3])]
    assert red == [], "no struck-through die"
    assert any(e.text.startswith("Roll") for e in audit.placed()), "the button says it"


def test_a_table_strip_says_roll_once():
    """A table strip: the prompt and the Roll button, no third «Коснитесь, чтобы бросить»."""
    from tabletop.ui.text_audit import TextAudit

    app, scene = _to_second_roll("trap_the_cap", table=True, lang="ru", first=True)
    with TextAudit() as audit:
        app.render()
    texts = [e.text for e in audit.placed()]
    assert any(t.startswith("Бросить") for t in texts), texts
    assert not any(t.startswith("Коснитесь, чтобы бросить") for t in texts), texts


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_chicken_chase_setup_prompt_says_it_is_the_setup_before_the_starter_plays(lang):
    """Green starts; Red places his setup chick: the prompt said only "Red: put a chick on a lit
    feed field 1–4 (1 to place)", against the log's "Green starts". It says it is the setup,
    before Green's first turn; the log says Red *chooses* action A (no dice are rolled yet)."""
    from tabletop.app import App, AppOptions
    from tabletop.core import CHANCE
    from tabletop.games import get_game
    from tabletop.games.chicken_chase.moves import ChooseRoll
    from tabletop.launch import Seat, new_session
    from tabletop.ui.game_scene import make_scene

    app = App(AppOptions(size=(1366, 768), headless=True, mute=True, lang=lang))
    set_language(lang)
    session = new_session(get_game("chicken_chase"), app.store, 2, None, {}, [Seat("human")] * 2, 7,
                          first_player=1)
    scene = make_scene(app, session)
    while session.state.current_player == CHANCE:
        session.roll()
    scene.on_state_changed()
    state = session.state
    assert state.phase == "setup" and state.current_player == 0 and state.turn == 1
    prompt = scene.prompt_line()
    red, green = scene.seat_name(0), scene.seat_name(1)
    if lang == "en":
        assert prompt == f"{red}: setup, then {green} starts — put a chick on a lit feed field\u00a01–4 (1 left to place)."
    else:
        assert prompt.startswith(f"{red}: расстановка, затем начинает {green} — "), prompt
    while state.phase == "setup" or state.current_player == CHANCE:
        session.play(state.legal_moves()[0]) if state.current_player != CHANCE else session.roll()
        state = session.state
    choose = next(m for m in state.legal_moves() if isinstance(m, ChooseRoll))
    said = state.describe_move(choose, [red, green])
    assert said == (f"{green} chooses action A (rolling the dice)" if lang == "en"
                    else f"{green} выбирает действие A (бросок кубиков)"), said


@pytest.mark.parametrize("table", [False, True])
def test_trap_the_cap_offers_another_piece_only_when_there_is_one(table):
    """All caps still in the hideout: one piece to move, selected at once; the prompt said
    "(right-click: other piece)" anyway. It says so only when another piece may move."""
    from feedback_helpers import start

    from tabletop.core import CHANCE
    from tabletop.launch import Seat

    app, scene = start("trap_the_cap", [Seat("human"), Seat("human")], seed=5, table=table)
    other = "hold a finger on the chosen cap to pick another" if table else "or right-click to pick another cap"
    seen = set()
    for _ in range(300):
        state = scene.state
        if state.current_player == CHANCE:
            scene.roll()
        elif state.current_player is not None and not scene.queued:
            if scene.selected is None and scene.movable():
                scene.selected = scene.movable()[0]
            count = len(scene.movable())
            if scene.selected is not None and scene.choice is None and count:
                said = scene.prompt()
                assert (other in said) == (count > 1), (count, said)
                seen.add(count > 1)
            scene.play(state.legal_moves()[0])
        scene.timers.skip()
        scene.update(0.0)
        if seen == {False, True}:
            break
    assert seen == {False, True}, seen


def test_trap_the_cap_russian_counts_its_fields_and_calls_its_pieces_caps():
    """«ход на 4» said no word for what is counted; «другая фишка» for a cap."""
    from tabletop.games.trap_the_cap.scene import _mouse_words, _touch_words
    from tabletop.i18n import plural, tr

    set_language("ru")
    words = {**_mouse_words(), **{"t " + k: v for k, v in _touch_words().items()}}
    assert not any("фишк" in w for w in words.values()), words
    got = [plural(d, tr("{n}\u00a0step", n=d), tr("{n}\u00a0steps (2–4)", n=d), tr("{n}\u00a0steps", n=d))
           for d in (1, 4, 5)]
    assert got == ["1\u00a0клетку", "4\u00a0клетки", "5\u00a0клеток"]


def test_plakoto_match_end_prompt_names_the_match_winner():
    """«Матч окончен. Чёрные выигрывают партию…» told the last game; it names the match's winner."""
    from feedback_helpers import start

    from tabletop.games.plakoto.rules import PlakotoState
    from tabletop.launch import Seat

    for lang, said in (("en", "Match over. Black wins the match 3–2."), ("ru", "Матч окончен. Чёрные выигрывают матч 3–2.")):
        app, scene = start("plakoto", [Seat("human"), Seat("human")])
        set_language(lang)
        scene.session.state = PlakotoState.from_notation("over - 2:w3 off:w12,b15 mother:w-b- match:2-3/3 start:w")
        scene._changed()
        assert scene.prompt_line() == said


def test_plakoto_russian_keeps_one_word_for_its_pieces_and_names_sides_alike():
    """Plakoto's pieces are «фишки» everywhere, as the Russian rules the game follows call them (never
    also «шашки»), its pinning one word («Зафиксированная фишка в доме», was «Зафиксированная фишка
    дома»), and a score names both sides with capitals («Белые 0, Чёрные 2»; one log line said «чёрные»)."""
    import yaml

    from tabletop import PACKAGE_DIR

    texts = yaml.safe_load((PACKAGE_DIR / "games" / "plakoto" / "locale" / "ru.yaml").read_text(encoding="utf-8"))
    assert not [v for v in texts.values() if "шашк" in v or "шашек" in v]
    assert not [v for v in texts.values() if "чёрные {" in v or "белые {" in v]
    set_language("ru")
    from tabletop.i18n import tr

    assert tr("Pinned home checker") == "Зафиксированная фишка в доме"
    assert "шашк" not in tr("Plakoto as played in Greece: pin, don't hit.")


def test_the_continue_list_says_a_plakoto_match_or_single_game_and_keeps_counts_whole(tmp_path, monkeypatch):
    """The Plakoto entry said only "Plakoto" (one variant), unlike the others; it says the match's
    length. The count of moves is never broken between its number and word («4 / хода»)."""
    from tabletop.app import App, AppOptions
    from tabletop.games import get_game
    from tabletop.launch import Seat, new_session
    from tabletop.ui.continue_list import saved_games

    monkeypatch.setenv("TABLETOP_DATA", str(tmp_path))
    app = App(AppOptions(size=(1366, 768), headless=True, mute=True))
    for match in ("3", "1"):
        session = new_session(get_game("plakoto"), app.store, 2, None, {"match": match},
                              [Seat("human"), Seat("human")], 3)
        session.roll()
        app.saves.write(session)
        entry = next(e for e in saved_games(app) if e.game_id == "plakoto")
        assert entry.title == ("Plakoto — Match to 3" if match == "3" else "Plakoto — Single game"), entry.title
        set_language("ru")
        assert entry.title == ("Плакото — Матч до 3" if match == "3" else "Плакото — Одна партия"), entry.title
        set_language("en")
        assert "\u00a0move" in entry.detail, entry.detail

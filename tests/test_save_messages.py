"""What the player is told about saves: a damaged save says so in plain words and where the file
was set aside before the JSON reader's detail (in the language chosen); the Continue list and the resumed log count the
players' moves, not the rolls and draws, with Russian plural forms."""

from __future__ import annotations

import json

import pytest
from scene_input import instant_scenes

from tabletop.core import CHANCE
from tabletop.games import all_games, get_game
from tabletop.i18n import in_language
from tabletop.launch import Seat, advance, new_session
from tabletop.layout import BoardStore
from tabletop.saves import SaveSlot
from tabletop.ui.continue_list import SavedGame
from tabletop.ui.game_scene import make_scene

GAMES = all_games()
BROKEN = b'{"format": "tabletop-record", "version": 1, "game": "da'


@pytest.mark.parametrize("lang,lead,where,detail", [
    ("en", "The saved game could not be restored: its file autosave.json is damaged. It was set aside and kept as ",
     " in {folder}. ", "Details: Unterminated string starting at line 1, column 53."),
    ("ru", "Сохранённую игру не удалось восстановить: её файл autosave.json повреждён. Он отложен в сторону "
           "под именем ", " в папке {folder}. ", "Подробности: строка в кавычках не закрыта, начало: строка 1, столбец 53."),
])
def test_a_damaged_save_says_so_plainly_and_where_it_went(tmp_path, lang, lead, where, detail):
    slot = SaveSlot(tmp_path)
    slot.path.write_bytes(BROKEN)
    with in_language(lang):
        message = SaveSlot(tmp_path).load(GAMES).message
    (kept,) = tmp_path.glob("autosave.corrupt-*.json")
    assert kept.read_bytes() == BROKEN
    assert message == lead + kept.name + where.format(folder=tmp_path) + detail


def test_the_menu_check_of_a_damaged_save_says_the_same(tmp_path):
    SaveSlot(tmp_path).path.write_bytes(b"{damaged")
    message = SaveSlot(tmp_path).check(GAMES)
    (kept,) = tmp_path.glob("autosave.corrupt-*.json")
    assert message.startswith("The saved game cannot be continued: its file autosave.json is damaged. "
                              f"It was set aside and kept as {kept.name} in {tmp_path}. Details: ")


def _played(game: str, moves: int, players: int = 2):
    spec = get_game(game)
    session = new_session(spec, BoardStore.default(None), players, None, {},
                          [Seat("ai", "random")] * players, seed=4)
    advance(session, moves, level="random")
    return session


def _players_moves(session) -> int:
    return sum(p.seat != CHANCE for p in session.played)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_continue_list_counts_the_players_moves_not_the_rolls(tmp_path, lang):
    # the number and its word kept together (a no-break space): «4 / хода» never wraps apart
    forms = {"en": {1: "1\u00a0move", 3: "3\u00a0moves", 5: "5\u00a0moves"},
             "ru": {1: "1\u00a0ход", 3: "3\u00a0хода", 5: "5\u00a0ходов"}}
    for wanted in (1, 3, 5):
        session = _played("captain_flip", 1)
        while _players_moves(session) < wanted:  # the draws come between the player's moves
            advance(session, 1, level="random")
        assert len(session.played) > wanted, "the draws are in the record too"
        slot = SaveSlot(tmp_path)
        assert slot.write(session)
        with in_language(lang):
            entry = SavedGame.read(slot, GAMES)
        assert entry is not None and f" · {forms[lang][wanted]} · " in entry.detail


@pytest.mark.parametrize("moves", [[[]], [True, False], [[-1, "roll"], "x", [0, "24/21"]]])
def test_moves_of_the_wrong_shape_are_listed_without_a_failure(tmp_path, moves):
    session = _played("plakoto", 4)
    slot = SaveSlot(tmp_path)
    assert slot.write(session)
    record = json.loads(slot.path.read_text())
    slot.path.write_text(json.dumps({**record, "moves": moves}))
    entry = SavedGame.read(slot, GAMES)  # whether it is listed is the record check's business
    assert entry is None or " · " in entry.detail


@pytest.mark.parametrize("lang,texts", [
    ("en", {1: "Resumed after 1 move.", 2: "Resumed after 2 moves.", 5: "Resumed after 5 moves."}),
    ("ru", {1: "Игра продолжена после 1 хода.", 2: "Игра продолжена после 2 ходов.",
            5: "Игра продолжена после 5 ходов."}),
])
def test_the_resumed_log_line_counts_the_same_way(monkeypatch, tmp_path, lang, texts):
    from tabletop.app import App, AppOptions

    instant_scenes(monkeypatch, tmp_path)
    app = App(AppOptions(size=(1024, 600), headless=True, mute=True))
    for wanted, text in texts.items():
        session = _played("captain_flip", 1)
        while _players_moves(session) < wanted:
            advance(session, 1, level="random")
        with in_language(lang):
            scene = make_scene(app, session.__class__.from_record(session.spec, session.record()))
        assert scene.log.entries[-1].text == text


@pytest.mark.parametrize("lang,text", [("en", "Resumed before the first move."),
                                       ("ru", "Игра продолжена: ходов ещё не было.")])
def test_resumed_before_anyone_moved_says_so_not_after_0_moves(monkeypatch, tmp_path, lang, text):
    from tabletop.app import App, AppOptions

    instant_scenes(monkeypatch, tmp_path)
    app = App(AppOptions(size=(1024, 600), headless=True, mute=True))
    session = _played("plakoto", 0)
    while session.state.current_player is not None and session.state.current_player < 0:
        session.roll()  # the opening roll: a chance move, not a player's
    assert session.played and _players_moves(session) == 0
    with in_language(lang):
        scene = make_scene(app, session.__class__.from_record(session.spec, session.record()))
    assert scene.log.entries[-1].text == text

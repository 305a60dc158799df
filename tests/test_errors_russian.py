"""What is wrong with a save, a record (its starting position or a move) or a game option is said in
the language chosen: the state readers, the option parsers, the save reader and the replay of a
record raise their reasons through ``tr``, with the field's name (``coins``, ``hens``,
``boards[0][1][0]``) kept as the file writes it. So do the session (a roll, an undo or a move at the
wrong time: the game log), the rules' own refusals of a move, the computer players' levels and the
high-score file's reader (the JSON reader's own sentences too). In English every text stays word
for word what it was (but for a high-score entry missing a key, once just ``'coins'``). A damaged
settings.json is reported in the language of --lang, else in the one its text still names."""

from __future__ import annotations

import ast
import json
import re

import pytest
from test_cli_russian import _exit_2

from tabletop import PACKAGE_DIR
from tabletop.core import CHANCE, StateError
from tabletop.games import all_games, get_game
from tabletop.i18n import catalogue, in_language
from tabletop.launch import Seat, new_session
from tabletop.layout import BoardStore
from tabletop.saves import SaveSlot

GAMES = all_games()
CYRILLIC = re.compile(r"[а-яё]", re.IGNORECASE)
ENGLISH_WORDS = re.compile(r"\b[A-Za-z]{2,}\b(?: \b[A-Za-z]{2,}\b)+")  # two English words in a row

READERS = [  # modules whose every raised text must go through tr
    "games/captain_flip/state_json.py", "games/chicken_chase/stateio.py", "games/trap_the_cap/board.py",
    "games/trap_the_cap/setup.py", "games/chicken_chase/__init__.py", "games/plakoto/__init__.py", "saves.py",
    "core/session.py", "core/game.py", "games/captain_flip/highscores.py", "cli.py", "launch.py", "simulate.py",
    "ai/agents.py", "ai/play.py",
    *[f"games/{game}/{module}.py" for game in ("captain_flip", "chicken_chase", "plakoto", "trap_the_cap")
      for module in ("rules", "notation", "ai")],
    "games/captain_flip/moves.py", "games/chicken_chase/moves.py",
]
FUNCTIONS = [  # and these functions of modules that hold other (internal) raises too
    ("games/captain_flip/rules.py", "__init__"), ("games/captain_flip/layout.py", "from_json"),
    ("games/chicken_chase/rules.py", "from_json"), ("games/plakoto/rules.py", "from_json"),
    ("games/trap_the_cap/rules.py", "from_position"), ("games/trap_the_cap/rules.py", "from_json"),
    ("games/trap_the_cap/rules.py", "new_game"), ("games/trap_the_cap/rules.py", "apply"),
    ("core/session.py", "from_record"), ("core/game.py", "apply"), ("core/game.py", "parse_move"),
]
ERRORS = {"StateError", "ValueError", "OptionError", "DamagedFile", "IllegalMoveError", "RecordError", "TypeError",
          "UsageError"}


def _english(arg: ast.AST) -> bool:
    """A text written in the code: a literal, an f-string, or one joined or chosen from such."""
    if isinstance(arg, ast.JoinedStr) or isinstance(arg, ast.Constant) and isinstance(arg.value, str):
        return True
    if isinstance(arg, ast.BinOp):
        return _english(arg.left) or _english(arg.right)
    if isinstance(arg, ast.IfExp):
        return _english(arg.body) or _english(arg.orelse)
    return False


def _untranslated(tree: ast.AST, where: str) -> list[str]:
    """``raise XError("...")`` or ``raise XError(f"...")``: English text raised past tr (a DamagedFile's
    detail, its second argument, too; what the JSON reader says stays its own words)."""
    return [f"{where}:{node.lineno}" for node in ast.walk(tree)
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ERRORS
            and any(_english(arg) for arg in node.args)]


def test_the_state_readers_and_option_parsers_raise_no_english_past_tr():
    found: list[str] = []
    for name in READERS:
        found += _untranslated(ast.parse((PACKAGE_DIR / name).read_text(encoding="utf-8")), name)
    for name, function in FUNCTIONS:
        tree = ast.parse((PACKAGE_DIR / name).read_text(encoding="utf-8"))
        defs = [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef) and n.name == function]
        assert defs, f"{name}: no {function}()"
        for node in defs:
            found += _untranslated(node, f"{name}:{function}")
    assert found == [], "raised without tr:\n" + "\n".join(found)


def _record(game: str) -> dict:
    session = new_session(get_game(game), BoardStore.default(None), 2, None, {}, [Seat("ai", "random")] * 2, seed=4)
    return session.record()


def _loaded_in_both(tmp_path, record: dict) -> dict[str, str]:
    """What Continue says of a save holding ``record``, in Russian and in English (a slot each)."""
    said = {}
    for lang in ("ru", "en"):
        slot = SaveSlot(tmp_path / lang)
        slot.folder.mkdir()
        slot.path.write_text(json.dumps(record), encoding="utf-8")
        with in_language(lang):
            said[lang] = slot.load(GAMES).message
    return said


def _tile_both_sides(initial: dict) -> None:
    initial["boards"][0][1] = [[2, 2, False]]


BROKEN_SAVES = [  # (game, how the starting position is broken, the Russian reason, the English one)
    ("captain_flip", lambda s: s.__setitem__("coins", [0, "x"]),
     "coins: ожидалось целое число от 0 до 100000, получено: 'x'",
     "coins: expected a whole number from 0 to 100000, got 'x'"),
    ("captain_flip", lambda s: s.__setitem__("coins", [0]),
     "coins: ожидался список длиной 2, получено: [0]", "coins: expected a list of 2, got [0]"),
    ("captain_flip", _tile_both_sides,
     "boards[0][1][0]: на обеих сторонах жетона не может быть один и тот же персонаж",
     "boards[0][1][0]: a tile cannot show the same character on both sides"),
    ("captain_flip", lambda s: s.__setitem__("phase", "fly"), "неизвестная фаза 'fly'", "unknown phase 'fly'"),
    ("captain_flip", lambda s: s.pop("bag"), "в позиции игры «Капитан Флип» нет ключа 'bag'",
     "the Captain Flip state lacks 'bag'"),
    ("captain_flip", lambda s: s.__setitem__("bag_n", 70), "bag_n не сходится с содержимым мешочка",
     "bag_n does not match the bag"),
    ("captain_flip", lambda s: s.__setitem__("layout", {}),
     "в сохранённой позиции игры «Капитан Флип» нет раскладки планшета и жетонов (board/tiles)",
     "the saved Captain Flip state has no board/tiles layout"),
    ("chicken_chase", lambda s: s.__setitem__("hens", [0]), "hens: ожидалось элементов: 4, получено: 1",
     "hens: expected 4 entries, got 1"),
    ("chicken_chase", lambda s: s.__setitem__("supply", [15, 99]), "supply: значения должны быть от 0 до 15",
     "supply: values must be from 0 to 15"),
    ("chicken_chase", lambda s: s.__setitem__("known", [[99], []]), "known[0]: такой карты нет в этих колодах",
     "known[0]: not a card of these decks"),
    ("chicken_chase", lambda s: s.__setitem__("turn", 5),
     "turn: ожидалось целое число от 0 до 1, получено: 5", "turn: expected a whole number from 0 to 1, got 5"),
    ("chicken_chase", lambda s: s.__setitem__("reason", 3), "значение reason должно быть текстом",
     "reason must be text"),
    ("plakoto", lambda s: s.__setitem__("last_opening", [7, 1]), "испорченный последний начальный бросок: [7, 1]",
     "bad last opening roll [7, 1]"),
    ("plakoto", lambda s: s.__setitem__("games", "x"), "'games' должно быть списком законченных партий",
     "'games' must be a list of finished games"),
    ("trap_the_cap", lambda s: s.__setitem__("variant", "zzz"), "неизвестный вариант 'zzz'",
     "unknown variant 'zzz'"),
    ("trap_the_cap", lambda s: s.__setitem__("seats", ["red", "red"]),
     "мест должно быть от 2 до 4, и у каждого свой цвет игрока",
     "the seats must be 2 to 4 different player colours"),
    ("trap_the_cap", lambda s: s.__setitem__("stacks", {"nowhere": [["red"]]}), "неизвестная клетка 'nowhere'",
     "unknown field 'nowhere'"),
    ("trap_the_cap", lambda s: s["board"].__setitem__("hideouts", {"pink": s["board"]["nodes"][0][0]}),
     "на доске указан неизвестный домик-укрытие", "the board names an unknown hideout"),
]


@pytest.mark.parametrize("game,breaks,russian,english", BROKEN_SAVES,
                         ids=[f"{g}-{i}" for i, (g, *_) in enumerate(BROKEN_SAVES)])
def test_a_broken_save_is_said_in_russian_and_unchanged_in_english(tmp_path, game, breaks, russian, english):
    record = _record(game)
    breaks(record["initial"])
    messages = _loaded_in_both(tmp_path, record)
    lead, rest = messages["ru"].split(": ", 1)
    assert lead == "Сохранённую игру не удалось восстановить"
    reason = rest.split(". Он отложен в сторону")[0]
    assert reason == russian
    assert CYRILLIC.search(reason) and not ENGLISH_WORDS.search(reason), reason
    assert messages["en"].startswith(f"The saved game could not be restored: {english}. It was set aside")


def test_a_save_with_nan_says_why_in_russian(tmp_path):
    slot = SaveSlot(tmp_path)
    slot.path.write_text('{"a": NaN}', encoding="utf-8")
    with in_language("ru"):
        message = slot.load(GAMES).message
    assert message.endswith("Подробности: NaN — не число, которое может быть в сохранении.")


def test_a_bad_record_start_is_said_in_russian_on_the_command_line(tmp_path, capsys):
    record = _record("captain_flip")
    record["initial"]["coins"] = [0, -3]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(record))
    assert _exit_2(["--lang", "ru", "replay", str(path)], capsys) == [
        f"tabletop: не удаётся открыть запись {path}: coins: ожидалось целое число от 0 до 100000, получено: -3"]
    assert _exit_2(["--lang", "en", "replay", str(path)], capsys) == [
        f"tabletop: cannot replay {path}: coins: expected a whole number from 0 to 100000, got -3"]


def test_a_trap_the_cap_position_built_from_names_is_refused_in_russian():
    from tabletop.games.trap_the_cap.rules import TrapState

    rules = TrapState.from_json(_record("trap_the_cap")["initial"]).rules
    cases = [({"R99x": [["red"]]}, {}, "red", "неизвестная клетка 'R99x'", "unknown field 'R99x'"),
             ({}, {"pink": ["red"]}, "red", "у цвета 'pink' нет домика-укрытия на этой доске",
              "'pink' has no hideout on this board"),
             ({}, {}, "blue", "цвет blue не участвует в этой партии", "blue does not play in this game")]
    for stacks, home, to_move, russian, english in cases:
        for lang, said in (("ru", russian), ("en", english)):
            with in_language(lang), pytest.raises(StateError) as caught:
                TrapState.from_position(rules, stacks, home, {}, None, to_move)
            assert str(caught.value) == said


BAD_OPTIONS = [
    (["plakoto", "--option", "match=4"], "plakoto: настройка match: ожидалось 1, 3, 5 или 7, а дано 4",
     "plakoto: option match: expected 1, 3, 5 or 7, got 4"),
    (["chicken_chase", "--variant", "custom", "--option", "blocked=4,x"],
     "chicken_chase: настройка blocked: ожидались поля холма, например 4,5,12, а дано 'x'",
     "chicken_chase: option blocked: expected hill fields like 4,5,12, got 'x'"),
    (["chicken_chase", "--variant", "custom", "--option", "blocked=4,20"],
     "chicken_chase: настройка blocked: закрытое поле должно быть от 1 до 14, а дано 20",
     "chicken_chase: option blocked: a blocked field must be from 1 to 14, got 20"),
    (["chicken_chase", "--variant", "custom", "--option", "blocked=4,4"], "chicken_chase: настройка blocked: поле 4 указано дважды",
     "chicken_chase: option blocked: field 4 is listed twice"),
    (["trap_the_cap", "--option", "colours=red"],
     "trap_the_cap: настройка colours: ожидалось 'auto' или от 2 до 4 разных цветов из: red, green, yellow, blue, "
     "а дано 'red'",
     "trap_the_cap: option colours: expected 'auto' or 2–4 different colours from red, green, yellow, blue, got 'red'"),
    (["trap_the_cap", "--players", "2", "--option", "colours=red,green,blue"],
     "colours: цветов дано 3, а игроков 2", "colours: 3 colours given for 2 players"),
]


@pytest.mark.parametrize("args,russian,english", BAD_OPTIONS, ids=[str(i) for i in range(len(BAD_OPTIONS))])
def test_a_bad_game_option_is_said_in_russian(args, russian, english, capsys):
    assert _exit_2(["--lang", "ru", *args], capsys) == [f"tabletop: {russian}"]
    assert _exit_2(["--lang", "en", *args], capsys) == [f"tabletop: {english}"]


def test_the_new_reasons_have_their_russian_with_the_same_values():
    """Every case above reads in Russian: the catalogue has each template with its placeholders."""
    ru = catalogue("ru")
    for key in ("{what}: expected a whole number from {low} to {high}, got {got}", "not a Plakoto state",
                "not a Trap the Cap state", "not a Chicken Chase position", "not a Captain Flip state"):
        assert key in ru and CYRILLIC.search(ru[key])


def _bad_moves(game: str):
    session = new_session(get_game(game), BoardStore.default(None), 2, None, {}, [Seat("ai", "random")] * 2, seed=4)
    return session.record(), session.state.current_player


@pytest.mark.parametrize("moves,russian,english", [
    (lambda seat: [["x"]], "ход 1 записан неправильно: список", "move 1 is malformed: a list"),
    (lambda seat: [[seat, "fly away"]], "ход 1 (fly away) недопустим: ход 'fly away' здесь недопустим",
     "move 1 (fly away) is illegal: 'fly away' is not a legal move here"),
    (lambda seat: [[seat + 7, "fly away"]], "ход 1 (fly away) сделан местом {bad}, а ходить должно место {seat}",
     "move 1 (fly away) is by seat {bad}, but {seat} is to move"),
], ids=["malformed", "illegal", "wrong-seat"])
def test_a_bad_move_in_a_save_is_said_in_russian(tmp_path, moves, russian, english):
    record, seat = _bad_moves("trap_the_cap")
    record["moves"] = moves(seat)
    said = _loaded_in_both(tmp_path, record)
    values = {"bad": seat + 7, "seat": seat}
    assert said["ru"].startswith(f"В сохранённой игре испорченный ход: {russian.format(**values)}. Игра продолжается")
    assert said["en"].startswith(f"The saved game has a bad move: {english.format(**values)}. It resumes")


def _said(lang: str, call) -> str:
    """What ``call`` raises, in ``lang``."""
    with in_language(lang), pytest.raises(Exception) as caught:
        call()
    return str(caught.value)


def _russian_and_english(call, russian: str, english: str) -> None:
    said = _said("ru", call)
    assert said == russian
    assert CYRILLIC.search(said) and not ENGLISH_WORDS.search(said), said
    assert _said("en", call) == english


def _fresh(game: str):
    return new_session(get_game(game), BoardStore.default(None), 2, None, {}, [Seat("ai", "random")] * 2, seed=4)


def test_a_roll_an_undo_or_a_step_back_at_the_wrong_time_is_said_in_russian():
    session = _fresh("plakoto")
    while session.state.current_player == CHANCE:
        session.roll()
    _russian_and_english(session.roll, "сейчас нечего бросать или тянуть", "nothing to roll or draw now")
    _russian_and_english(session.undo, "после последнего броска отменять нечего", "nothing to undo since the last roll")
    start = _fresh("plakoto")
    _russian_and_english(start.step_back, "это уже начало партии", "already at the start")
    from tabletop.launch import advance

    advance(session, 100_000, level="random")
    assert session.state.current_player is None
    _russian_and_english(lambda: session.play(None), "игра окончена", "the game is over")


def test_a_move_the_rules_cannot_play_is_said_in_russian():
    import random

    from tabletop.core.game import GameState
    from tabletop.games.captain_flip import rules as flip

    plakoto = _fresh("plakoto")
    while plakoto.state.current_player == CHANCE:
        plakoto.roll()
    _russian_and_english(lambda: GameState.sample_chance(plakoto.state, random.Random(1)),
                         "в этой позиции не нужно ни бросать, ни тянуть", "no chance move is due in this position")
    _russian_and_english(lambda: plakoto.state.apply_unchecked(42), "это не ход игры «Плакото»: 42",
                         "not a Plakoto move: 42")
    trap = _fresh("trap_the_cap")
    while trap.state.current_player == CHANCE:
        trap.roll()
    _russian_and_english(lambda: trap.state.sample_chance(random.Random(1)), "в этой позиции бросок не нужен",
                         "no roll is due in this position")
    state = _fresh("captain_flip").state
    state.phase = flip.OVER
    _russian_and_english(lambda: state.apply_unchecked(None), "в этой позиции никакой ход не ожидается",
                         "no move is due in this position")
    hens = _fresh("chicken_chase").state
    _russian_and_english(lambda: hens.copy().apply_unchecked(42), "42 — не ход игры «Драка в курятнике»",
                         "42 is not a Chicken Chase move")
    held = set(hens.known[0]) | set(hens.hidden[0])
    card = next(deck * 10 + value for deck in range(3) for value in range(1, 9) if deck * 10 + value not in held)
    _russian_and_english(lambda: hens.copy()._take_from_hand(0, card),
                         f"у места 1 нет карты {card % 10} из колоды {card // 10 + 1}",
                         f"seat 1 holds no {card % 10} of deck {card // 10 + 1}")


@pytest.mark.parametrize("game,russian,english", [
    ("captain_flip", "в «Капитан Флип» нет уровня компьютера 'bogus'; уровни: random, easy, hard",
     "unknown Captain Flip level 'bogus'; levels are random, easy, hard"),
    ("chicken_chase", "нет такого уровня компьютера: 'bogus' (уровни: random, easy, hard)",
     "unknown computer level 'bogus' (random, easy, hard)"),
    ("plakoto", "нет такого уровня компьютера: 'bogus'; уровни: random, easy, hard, hard-2026-11",
     "unknown level 'bogus': expected random, easy, hard, hard-2026-11"),
    ("trap_the_cap", "нет такого уровня компьютера: 'bogus'; выберите random, easy или hard",
     "unknown level 'bogus'; choose random, easy or hard"),
])
def test_an_unknown_computer_level_is_said_in_russian(game, russian, english):
    _russian_and_english(lambda: get_game(game).make_agent("bogus"), russian, english)


HIGH_SCORES = [  # (what the file holds, the Russian reason, the English one: Python's or the reader's words)
    ('{"format": "tabletop-captain-flip-highscores", "entries": [', "ожидалось значение: строка 1, столбец 60 (символ 59)",
     "Expecting value: line 1 column 60 (char 59)"),
    ('{"format": "x", "entries": []}', "это не файл рекордов «Капитан Флип»", "not a Captain Flip high-score file"),
    ('{"format": "tabletop-captain-flip-highscores", "entries": [3]}', "запись таблицы — не словарь",
     "an entry is not a mapping"),
    ('{"format": "tabletop-captain-flip-highscores", "entries": [{"name": "A", "board": "A", "coins": "9", '
     '"rank": "r", "when": "w"}]}', "coins должно быть целым числом", "coins must be a whole number"),
    ('{"format": "tabletop-captain-flip-highscores", "entries": [{"name": 1, "board": "A", "coins": 9, '
     '"rank": "r", "when": "w"}]}', "name, board, rank и when должны быть текстом",
     "name, board, rank and when must be text"),
    ('{"format": "tabletop-captain-flip-highscores", "entries": [{"name": "A", "board": "A", "rank": "r", '
     '"when": "w"}]}', "в записи таблицы нет ключа 'coins'", "an entry lacks 'coins'"),
]


@pytest.mark.parametrize("text,russian,english", HIGH_SCORES, ids=[str(i) for i in range(len(HIGH_SCORES))])
def test_a_damaged_high_score_file_is_said_in_russian(tmp_path, text, russian, english):
    from tabletop.games.captain_flip import highscores

    said = {}
    for lang in ("ru", "en"):
        path = tmp_path / lang / "captain_flip_highscores.json"
        path.parent.mkdir()
        path.write_text(text, encoding="utf-8")
        with in_language(lang):
            loaded = highscores.load(path)
        assert loaded.entries == [] and list(path.parent.glob("*.corrupt-1.json"))
        said[lang] = loaded.message
    reason = said["ru"].removeprefix("Не удалось прочитать файл рекордов (").split("); он сохранён как")[0]
    assert reason == russian
    assert CYRILLIC.search(reason) and not ENGLISH_WORDS.search(reason.replace("name, board, rank", "")), reason
    assert said["en"] == (f"The high-score file could not be read ({english}); it was kept as "
                          "captain_flip_highscores.corrupt-1.json and a new table was started.")


SETTINGS = "settings.json"


def test_a_damaged_settings_file_that_names_russian_is_reported_in_russian(tmp_path):
    """Cut short after the language: the language is read first, kept, and the note is in it."""
    from tabletop.saves import Settings

    (tmp_path / SETTINGS).write_text('{"lang": "ru", "table": false, "sound": tr')
    settings = Settings(tmp_path)  # the app starts in English until it applies the settings' language
    assert settings["lang"] == "ru"
    assert json.loads((tmp_path / SETTINGS).read_text())["lang"] == "ru"  # and kept for the next start
    assert settings.message.startswith("Настройки сброшены: файл settings.json повреждён (ожидалось значение: "
                                       "строка 1, столбец 41); старый файл — settings.corrupt-")
    assert not ENGLISH_WORDS.search(settings.message), settings.message


@pytest.mark.parametrize("text", ["{nope", "[1, 2]", ""])
def test_a_damaged_settings_file_is_reported_in_the_language_of_lang(tmp_path, text):
    from tabletop.saves import Settings

    (tmp_path / "ru").mkdir()
    (tmp_path / "ru" / SETTINGS).write_text(text)
    message = Settings(tmp_path / "ru", lang="ru").message
    assert message.startswith("Настройки сброшены: ") and not ENGLISH_WORDS.search(message), message
    (tmp_path / SETTINGS).write_text('{"lang": "ru", nope')
    assert Settings(tmp_path, lang="en").message.startswith("Settings were reset: settings.json is damaged "
                                                            "(Expecting property name enclosed in double quotes "
                                                            "at line 1, column 16); the old file is settings.corrupt-")


def test_the_app_started_over_a_damaged_russian_settings_file_speaks_russian(tmp_path, monkeypatch):
    from tabletop.app import App, AppOptions
    from tabletop.i18n import set_language

    monkeypatch.setenv("TABLETOP_DATA", str(tmp_path))
    (tmp_path / SETTINGS).write_text('{"fullscreen": false, "lang": "ru", "sound": true, "table": fal')
    try:
        app = App(AppOptions(size=(800, 600), headless=True, mute=True))
        assert app.lang == "ru"
        assert app.pending_message.startswith("Настройки сброшены: файл settings.json повреждён (")
        assert not ENGLISH_WORDS.search(app.pending_message), app.pending_message
    finally:
        set_language("en")

"""Every message the command line gives a person follows ``--lang`` (and, without it, the language
the settings keep): an unknown game, a bad --size, a missing record, a broken board, a bad
--option, --seats or simulate level. argparse's usage line stays as it is; our words do not."""

import json

import pytest

from tabletop.cli import ARGPARSE_SHAPES, main
from tabletop.i18n import catalogue, language


@pytest.fixture(autouse=True)
def data(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_DATA", str(tmp_path / "data"))
    return tmp_path / "data"


def _exit_2(args, capsys) -> list[str]:
    """The lines on stderr of a command that stops with exit code 2 (returned or raised)."""
    try:
        code = main(args)
    except SystemExit as exc:
        code = exc.code
    assert code == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err
    return err.splitlines()


GAMES = "trap_the_cap, captain_flip, chicken_chase, plakoto"
COMMANDS = "continue, screenshot, simulate, check-boards, replay, bench, boards, menu"


@pytest.mark.parametrize("args,last", [
    (["nosuchgame"], f"tabletop: ошибка: нет такой игры или команды: 'nosuchgame'; игры: {GAMES}; команды: {COMMANDS}"),
    (["--size", "10x", "plakoto"], "tabletop: ошибка: параметр --size: нужен размер ШИРИНАxВЫСОТА, например 1920x1080, "
                                   "а дано '10x'"),
    (["--size", "100x100", "plakoto"], "tabletop: ошибка: параметр --size: размер 100x100 вне допустимого "
                                       "(от 320x240 до 8192x8192)"),
    (["plakoto", "--option", "foo"], "tabletop: --option ждёт КЛЮЧ=ЗНАЧЕНИЕ, а дано 'foo'"),
    (["plakoto", "--option", "a=b"], "tabletop: plakoto: нет настройки 'a'; есть: match, pinned_home"),
    (["plakoto", "--option", "match=zz"], "tabletop: plakoto: настройка match: ожидалось целое число, а дано 'zz'"),
    (["plakoto", "--seats", "robot,human"], "tabletop: непонятное место 'robot': пишите human или ai:УРОВЕНЬ, где "
                                            "УРОВЕНЬ — одно из: random, easy, hard"),
    (["plakoto", "--players", "5"], "tabletop: Плакото: игроков может быть 2, а не 5"),
    (["simulate", "plakoto", "--agents", "foo,bar"], "tabletop: нет такого уровня: 'foo'; уровни: random, easy, hard, "
                                                     "hard-2026-11"),
    (["simulate", "plakoto", "--games", "0"], "tabletop: --games должно быть не меньше 1"),
    (["simulate", "plakoto", "--games", "x"], "tabletop simulate: ошибка: параметр --games: нужно целое число, "
                                              "а дано 'x'"),
    (["plakoto", "--seed"], "tabletop plakoto: ошибка: параметр --seed: после него нужно значение"),
    (["plakoto", "--blah"], "tabletop: ошибка: непонятные аргументы: --blah"),
])
def test_a_mistake_on_the_command_line_is_said_in_russian(args, last, capsys):
    assert _exit_2(["--lang", "ru", *args], capsys)[-1] == last
    assert language() == "en"  # main leaves the language as it found it


def test_a_missing_record_is_said_in_russian(tmp_path, capsys):
    missing = tmp_path / "missing.json"
    assert _exit_2(["--lang", "ru", "replay", str(missing)], capsys) == [
        f"tabletop: не удаётся открыть запись {missing}: не удаётся прочитать missing.json: такого файла нет"]


def test_check_boards_says_a_broken_file_and_the_count_in_russian(tmp_path, capsys):
    board = tmp_path / "plakoto.yaml"
    board.write_text("layout_version: 1\nsize: 1: 2\n")
    assert _exit_2(["--lang", "ru", "check-boards", str(board), str(tmp_path / "nonexist.yaml")], capsys) == [
        f"{board}:2:8: синтаксис YAML: ': ' внутри значения здесь не допускается; возьмите значение в кавычки "
        "или дайте каждому ключу свою строку",
        f"{tmp_path / 'nonexist.yaml'}:1:1: такого файла нет",
        "найдены 2 ошибки"]


def test_without_lang_the_settings_language_is_used_and_lang_wins(data, capsys):
    data.mkdir()
    (data / "settings.json").write_text(json.dumps({"lang": "ru"}))
    assert _exit_2(["plakoto", "--players", "5"], capsys) == ["tabletop: Плакото: игроков может быть 2, а не 5"]
    assert _exit_2(["--lang", "en", "plakoto", "--players", "5"], capsys) == ["tabletop: Plakoto takes 2 players, not 5"]
    assert json.loads((data / "settings.json").read_text()) == {"lang": "ru"}  # read, never rewritten


def test_a_broken_settings_file_leaves_the_command_line_english_and_the_file_alone(data, capsys):
    data.mkdir()
    (data / "settings.json").write_text("{not json")
    assert _exit_2(["plakoto", "--players", "5"], capsys) == ["tabletop: Plakoto takes 2 players, not 5"]
    assert (data / "settings.json").read_text() == "{not json"  # the app sets it aside, with its message


def test_every_argparse_shape_has_its_russian_words():
    russian = catalogue("ru")
    for _shape, template in ARGPARSE_SHAPES:
        assert template in russian, template


@pytest.mark.parametrize("record,reason", [
    ({}, "это не запись партии tabletop"),
    ({"format": "tabletop-record", "version": 1, "game": "plakoto", "rules_version": 1, "seed": 1, "moves": [],
      "initial": {}, "meta": {"seats": [1]}}, "место 1 в записи должно быть человеком или компьютером; здесь: 1"),
    ({"format": "tabletop-record", "version": 1, "game": "plakoto", "rules_version": 1, "seed": 1, "moves": {},
      "initial": {}}, "ходы в записи должны быть списком; здесь: словарь"),
])
def test_a_bad_record_is_said_in_russian(tmp_path, record, reason, capsys):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(record))
    assert _exit_2(["--lang", "ru", "replay", str(path)], capsys) == [
        f"tabletop: не удаётся открыть запись {path}: {reason}"]


def test_what_the_commands_report_is_said_in_russian(tmp_path, capsys):
    """Not only the mistakes: simulate's summary, boards export's and screenshot's line too."""
    assert main(["--lang", "ru", "simulate", "plakoto", "--games", "1", "--agents", "random,random"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("plakoto (standard): партий: 1, доиграно: 1, ходов за партию: ")
    assert [line.split()[:2] for line in out[1:]] == [["место", "1"], ["место", "2"]]
    assert main(["--lang", "ru", "boards", "export", str(tmp_path / "b")]) == 0
    count = len(list((tmp_path / "b").rglob("*.yaml")))
    assert capsys.readouterr().out == (f"в {tmp_path / 'b'} записано файлов полей: {count} "
                                       "(прежние файлы не тронуты)\n")
    assert main(["--lang", "ru", "check-boards", str(tmp_path / "b")]) == 0
    assert capsys.readouterr().out == f"все поля в порядке (проверено: {count})\n"


def test_a_window_raised_to_the_smallest_says_so_in_russian(capsys):
    from tabletop.cli import window_size
    from tabletop.i18n import in_language

    with in_language("ru"):
        assert window_size((800, 600)) == (1024, 600)
    assert capsys.readouterr().err == ("tabletop: --size 800x600 меньше самого маленького окна, 1024x600: "
                                       "окно откроется размером 1024x600\n")


@pytest.mark.parametrize("game_id", ["plakoto", "chicken_chase"])
def test_the_help_is_in_russian_but_argparses_own_headings(game_id, capsys):
    """Our words in the help follow --lang (the options' help, a game's variants, options and
    seats); argparse's own headings ("usage:", "options:") stay as argparse says them."""
    from tabletop.games import get_game
    from tabletop.i18n import in_language, tr

    with pytest.raises(SystemExit):
        main(["--lang", "ru", game_id, "--help"])
    out = " ".join(capsys.readouterr().out.split())
    with in_language("ru"):
        title = tr(get_game(game_id).title)
    for said in (f"{title}: игроков: ", "варианты (--variant V, первый — по умолчанию):",
                 "места (--seats S,S,..., по одному на игрока):", "human человек за этим компьютером",
                 "--lang {en,ru} язык интерфейса", "--players N сколько игроков"):
        assert said in out, said
    assert "a person at this computer" not in out and "interface language" not in out
    with pytest.raises(SystemExit):
        main(["--lang", "ru", "--help"])
    assert "Четыре игры с кубиками и полем на одном компьютере." in capsys.readouterr().out

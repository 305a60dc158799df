"""An OS error (a file not found, permission denied, a folder where a file should be…) is said in
our own words, in the language chosen, with the file's path: never the system's own text.

Why: the Captain Flip high-score reader put Python's "[Errno 13] Permission denied: '/…'" (or
"[Errno 21] Is a directory: '/…'") in the middle of its Russian sentence, and the saves, the
settings and the board reader did the same with ``strerror`` ("Permission denied"). Every reader
now goes through one helper, ``files.os_error_text``: our phrase for the common errors, only the
error's number for the rest, and the path kept."""

from __future__ import annotations

import ast
import errno
import os
from pathlib import Path

import pytest

from tabletop import PACKAGE_DIR, files
from tabletop.games.captain_flip import highscores
from tabletop.i18n import in_language

SYSTEM_WORDS = ("Errno", "Permission denied", "Is a directory", "No such file", "Input/output error")


def _clean(text: str) -> str:
    assert not any(words in text for words in SYSTEM_WORDS), text
    return text


def _failing(monkeypatch, target, name: str, exc: OSError) -> None:
    """``target.name`` raises ``exc``; a ``Path`` method or ``os.open`` only for the file the error
    names (the language catalogues, read on first use in a fresh test worker, read on as before)."""
    real = getattr(target, name)

    def fail(*args, **kwargs):
        if (target is Path or name == "open") and str(args[0]) != exc.filename:
            return real(*args, **kwargs)
        raise exc

    monkeypatch.setattr(target, name, fail)


@pytest.mark.parametrize("lang,words", [("ru", "это папка, а не файл"), ("en", "is a folder, not a file")])
def test_a_high_score_path_that_is_a_folder_is_said_in_our_words_with_its_path(tmp_path, lang, words):
    path = tmp_path / "captain_flip_highscores.json"
    path.mkdir()
    with in_language(lang):
        loaded = highscores.load(path)
    assert loaded.entries == [] and f"({words}: {path})" in _clean(loaded.message)


@pytest.mark.parametrize("code,russian,english", [
    (errno.EACCES, "нет доступа", "permission denied"),
    (errno.EPERM, "нет доступа", "permission denied"),
    (errno.EIO, f"системная ошибка {errno.EIO}", f"system error {errno.EIO}"),
])
def test_an_unreadable_high_score_file_is_said_in_our_words_with_its_path(tmp_path, monkeypatch, code, russian,
                                                                          english):
    path = tmp_path / "captain_flip_highscores.json"
    path.write_text("{}", encoding="utf-8")
    _failing(monkeypatch, files.os, "open", OSError(code, os.strerror(code), str(path)))
    with in_language("ru"):
        said = _clean(highscores.load(path).message)
    assert said.startswith(f"Не удалось прочитать файл рекордов ({russian}: {path}); он сохранён как ")
    path.write_text("{}", encoding="utf-8")
    with in_language("en"):
        said = _clean(highscores.load(path).message)
    assert said.startswith(f"The high-score file could not be read ({english}: {path}); it was kept as ")


def test_a_high_score_file_left_in_place_names_its_path_once(tmp_path, monkeypatch):
    path = tmp_path / "captain_flip_highscores.json"
    path.write_text("{}", encoding="utf-8")
    _failing(monkeypatch, files.os, "open", PermissionError(errno.EACCES, "Permission denied", str(path)))
    _failing(monkeypatch, Path, "rename", PermissionError(errno.EACCES, "Permission denied", str(path)))
    with in_language("ru"):
        said = _clean(highscores.load(path).message)
    assert said == f"Не удалось прочитать файл рекордов {path} (нет доступа); он оставлен на месте."


def test_a_missing_high_score_file_is_an_empty_table(tmp_path):
    assert highscores.load(tmp_path / "none.json") == highscores.Loaded([])


def test_a_high_score_file_that_is_not_text_is_said_in_russian(tmp_path):
    path = tmp_path / "captain_flip_highscores.json"
    path.write_bytes(b"\xff\xfe\x00")
    with in_language("ru"):
        said = highscores.load(path).message
    assert said.startswith("Не удалось прочитать файл рекордов (файл — не текст); он сохранён как "), said


def test_a_save_that_cannot_be_moved_aside_says_why_in_our_words(tmp_path, monkeypatch):
    from tabletop import saves

    path = tmp_path / "autosave.json"
    path.write_text("{", encoding="utf-8")
    target = str(tmp_path / "autosave.corrupt.json")
    _failing(monkeypatch, saves.os, "replace", PermissionError(errno.EACCES, "Permission denied", str(path), None,
                                                                          target))
    with in_language("ru"):
        aside, reason = saves.try_set_aside(path)
    assert aside is None and _clean(reason) == f"нет доступа: {path}, {target}"


def test_a_save_folder_that_cannot_be_written_says_why_in_our_words(tmp_path, monkeypatch):
    from tabletop import saves
    from tabletop.games import get_game
    from tabletop.launch import Seat, new_session
    from tabletop.layout import BoardStore

    session = new_session(get_game("plakoto"), BoardStore.default(None), 2, None, {}, [Seat("human")] * 2, seed=1)
    slot = saves.SaveSlot(tmp_path)
    _failing(monkeypatch, saves, "atomic_write_json", OSError(errno.ENOSPC, "No space left on device", str(slot.path)))
    with in_language("ru"):
        assert not slot.write(session)
    assert "(на диске нет места)." in _clean(slot.disabled_reason)  # the folder is named already
    assert slot.path.name not in slot.disabled_reason  # (a temp file's name said nothing more)


def test_a_settings_file_that_cannot_be_moved_aside_says_why_in_our_words(tmp_path, monkeypatch):
    from tabletop import saves

    (tmp_path / "settings.json").write_text("[1]", encoding="utf-8")
    _failing(monkeypatch, saves.os, "replace", PermissionError(errno.EACCES, "Permission denied",
                                                               str(tmp_path / "settings.json")))
    settings = saves.Settings(tmp_path, lang="ru")
    assert "старый файл не удалось переместить (нет доступа: " in _clean(settings.message), settings.message


def test_a_file_that_cannot_be_opened_is_said_in_our_words(tmp_path, monkeypatch):
    from tabletop.saves import read_json

    path = tmp_path / "autosave.json"
    path.write_text("{}", encoding="utf-8")
    _failing(monkeypatch, files.os, "open", PermissionError(errno.EACCES, "Permission denied", str(path)))
    with in_language("ru"), pytest.raises(Exception) as caught:
        read_json(path)
    assert _clean(str(caught.value)) == "не удаётся прочитать autosave.json: нет доступа"
    with in_language("en"), pytest.raises(Exception) as caught:
        read_json(path)
    assert str(caught.value) == "cannot read autosave.json: it cannot be read (permission denied)"


def test_a_board_file_that_cannot_be_opened_is_said_in_our_words(tmp_path, monkeypatch):
    from tabletop.i18n import tr
    from tabletop.layout import LayoutErrors
    from tabletop.layout.yamlsrc import load_yaml

    path = tmp_path / "board.yaml"
    path.write_text("a: 1\n", encoding="utf-8")
    _failing(monkeypatch, files.os, "open", PermissionError(errno.EACCES, "Permission denied", str(path)))
    with in_language("ru"):
        with pytest.raises(LayoutErrors) as caught:
            load_yaml(path)
        said = caught.value.issues[0].what.say(tr)
    assert _clean(said) == "не удаётся прочитать файл (нет доступа)"


def test_no_module_shows_the_systems_own_error_text():
    """``exc.strerror`` is the system's English: a reason goes through ``files.os_error_text``."""
    found = []
    for path in sorted(PACKAGE_DIR.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        found += [f"{path.relative_to(PACKAGE_DIR)}:{node.lineno}" for node in ast.walk(tree)
                  if isinstance(node, ast.Attribute) and node.attr == "strerror"]
    assert found == []

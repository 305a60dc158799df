"""What the player is told about saves: a damaged save says so in plain words and where the file
was set aside before the JSON reader's detail."""

from __future__ import annotations

import pytest

from tabletop.games import all_games
from tabletop.i18n import in_language
from tabletop.saves import SaveSlot

GAMES = all_games()
BROKEN = b'{"format": "tabletop-record", "version": 1, "game": "da'


@pytest.mark.parametrize("lang,lead,where,detail", [
    ("en", "The saved game could not be restored: its file autosave.json is damaged. It was set aside and kept as ",
     " in {folder}. ", "Details: Unterminated string starting at line 1, column 53."),
    ("ru", "Сохранённую игру не удалось восстановить: её файл autosave.json повреждён. Он отложен в сторону "
           "под именем ", " в папке {folder}. ", "Подробности: Unterminated string starting at line 1, column 53."),
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


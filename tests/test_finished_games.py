"""The finished games' folder as a user may leave it: a file where the folder should be, a broken
link or a folder among the records. The game's end says whether its record was kept, in words."""

import os

from tabletop import finished_games
from tabletop.finished_games import FOLDER
from tabletop.games import get_game
from tabletop.i18n import in_language
from tabletop.launch import Seat, new_session
from tabletop.layout import BoardStore


def _session():
    session = new_session(get_game("plakoto"), BoardStore.default(None), 2, None, {}, [Seat("human")] * 2, seed=1)
    session.roll()
    return session


def test_a_file_where_the_folder_should_be_is_said_in_words(tmp_path):
    """Before, keep() answered only None, and the game's end said nothing: its autosave went and
    no record of the game stayed, unsaid."""
    (tmp_path / FOLDER).write_text("not a folder")
    kept, why = finished_games.keep(_session(), tmp_path)
    assert kept is None and why.startswith("a file is where a folder should be")
    with in_language("ru"):
        assert finished_games.keep(_session(), tmp_path)[1].startswith("на месте папки лежит файл")


def test_a_broken_link_or_a_folder_among_the_records_does_not_hide_the_one_written(tmp_path, monkeypatch):
    """A dangling link made the old records' sort fail after the record was written: it was kept,
    but the log did not name it; a folder named like a record stopped the pruning."""
    folder = tmp_path / FOLDER
    folder.mkdir()
    os.symlink(folder / "gone.json", folder / "dangling.json")
    (folder / "a-folder.json").mkdir()
    monkeypatch.setattr(finished_games, "KEEP", 1)
    kept, why = finished_games.keep(_session(), tmp_path)
    assert kept is not None and kept.exists() and why == ""
    assert (folder / "a-folder.json").is_dir(), "a folder is never removed"

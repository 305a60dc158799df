"""Command-line mistakes are one line naming what is wrong (exit 2), never a traceback:
``boards export`` to a path that is no folder, ``check-boards`` on a missing file or a folder."""

import pytest

from tabletop.cli import main


def _error(args, capsys):
    with pytest.raises(SystemExit) as info:
        raise SystemExit(main(args))
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err
    return err


def test_boards_export_to_a_file_says_it_is_not_a_folder(tmp_path, capsys):
    target = tmp_path / "f.txt"
    target.write_text("")
    err = _error(["boards", "export", str(target)], capsys)
    assert err.strip() == f"tabletop: boards export: {target} is a file, not a folder (name a folder; a missing one is made)"


def test_boards_export_where_no_folder_can_be_made_names_the_path(tmp_path, capsys):
    (tmp_path / "f.txt").write_text("")
    target = tmp_path / "f.txt" / "inside"  # below a file: mkdir fails (NotADirectoryError)
    err = _error(["boards", "export", str(target)], capsys)
    assert err.count("\n") == 1
    assert err.startswith(f"tabletop: boards export: cannot write {target}")

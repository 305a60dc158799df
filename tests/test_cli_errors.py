"""Command-line mistakes are one line naming what is wrong (exit 2), never a traceback:
``boards export`` to a path that is no folder, ``check-boards`` on a missing file or a folder."""

import pytest

from tabletop.cli import main
from tabletop.games import all_games


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


def test_check_boards_on_a_missing_file_says_there_is_none(tmp_path, capsys):
    missing = tmp_path / "nonexist.yaml"
    err = _error(["check-boards", str(missing)], capsys)
    assert f"{missing}:1:1: there is no such file" in err
    assert "not a board file" not in err


def test_check_boards_on_a_folder_checks_every_board_in_it(tmp_path, capsys):
    assert main(["boards", "export", str(tmp_path)]) == 0
    exported = sorted(tmp_path.rglob("*.yaml"))
    assert main(["check-boards", str(tmp_path)]) == 0
    assert f"all boards are fine ({len(exported)} checked)" in capsys.readouterr().out
    broken = tmp_path / "plakoto.yaml"
    broken.write_text(broken.read_text().replace("layout_version: 1", "layout_version: 7", 1))
    err = _error(["check-boards", str(tmp_path)], capsys)
    assert f"{broken}:" in err and "layout_version: expected 1" in err and "not a board file" not in err


def test_check_boards_on_a_folder_without_boards_says_so(tmp_path, capsys):
    err = _error(["check-boards", str(tmp_path)], capsys)
    assert f"{tmp_path}:1:1: is a folder with no board files (*.yaml) in it" in err


@pytest.mark.parametrize("game_id", list(all_games()))
def test_game_help_lists_variants_options_and_levels_from_the_spec(game_id, capsys):
    spec = all_games()[game_id]
    with pytest.raises(SystemExit) as info:
        main([game_id, "--help"])
    assert info.value.code == 0
    out = " ".join(capsys.readouterr().out.split())  # unwrapped
    for variant in spec.variants:
        assert f"{variant.id} {variant.label}" in out
    for option in spec.options:
        assert f"{option.key} {option.label}: {' | '.join(option.choices)} (default {option.default})" in out
        if option.help and not option.pick_from:
            assert " ".join(option.help.split()) in out
    assert f"LEVEL one of {', '.join(spec.agent_levels)}" in out
    assert f"{spec.title}: {spec.player_counts} players" in out


def test_the_main_help_points_to_the_game_help(capsys):
    with pytest.raises(SystemExit):
        main(["--help"])
    assert "tabletop GAME --help lists a game's variants, options and computer levels" in capsys.readouterr().out


@pytest.mark.parametrize("args,reason", [
    (["chess"], "tabletop: error: unknown game or command 'chess': the games are trap_the_cap, captain_flip, "
                "chicken_chase, plakoto; the commands are continue, screenshot, simulate, check-boards, "
                "replay, bench, boards, menu"),
    (["--lang", "de"], "tabletop: error: argument --lang: invalid choice: 'de' (choose from 'en', 'ru')"),
])
def test_a_bad_game_or_choice_is_a_short_usage_line_and_one_reason(args, reason, capsys):
    err = _error(args, capsys)
    assert err.splitlines() == ["usage: tabletop [options] [GAME|COMMAND ...]", reason]


def test_a_game_for_exactly_two_says_two_players_not_a_range(capsys):
    err = _error(["plakoto", "--seats", "human"], capsys)
    assert err.strip() == "tabletop: Plakoto takes 2 players, not 1"


def test_a_window_size_below_the_smallest_is_raised_and_said(capsys):
    from tabletop.app import MIN_SIZE
    from tabletop.cli import WINDOW_MIN, build_parser, window_size

    assert WINDOW_MIN == MIN_SIZE  # the help's number is the app's
    assert window_size((800, 600)) == (1024, 600)
    assert capsys.readouterr().err == ("tabletop: --size 800x600 is smaller than the smallest window, 1024x600: "
                                       "the window opens at 1024x600\n")
    assert window_size((1366, 768)) == (1366, 768) and window_size(None) is None
    assert capsys.readouterr().err == ""
    helps = " ".join(build_parser(list(all_games())).format_help().split())
    assert "--size WxH window size, at least 1024x600 (a smaller one is raised to it" in helps


@pytest.mark.parametrize("args", [["plakoto", "--seats", "human,human"], ["menu"], ["check-boards"],
                                  ["screenshot", "plakoto", "x.png"]])
def test_a_boards_folder_that_is_not_there_is_refused(tmp_path, capsys, monkeypatch, args):
    """A mistyped ``--boards`` folder was taken without a word: the built-in boards were played
    while the user's edited files were never read."""
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")  # a window that did open closes at once
    monkeypatch.setenv("TABLETOP_QUIT_AFTER_FRAMES", "1")
    monkeypatch.setenv("TABLETOP_DATA", str(tmp_path / "data"))
    monkeypatch.chdir(tmp_path)
    missing = tmp_path / "my-bords"
    err = _error(["--boards", str(missing), *args] if args[0] != "screenshot" else [*args, "--boards", str(missing)],
                 capsys)
    assert err.startswith(f"tabletop: --boards {missing}: there is no such folder") and err.count("\n") == 1
    afile = tmp_path / "f.yaml"
    afile.write_text("")
    err = _error(["--boards", str(afile), *args] if args[0] != "screenshot" else [*args, "--boards", str(afile)],
                 capsys)
    assert err.strip() == f"tabletop: --boards {afile}: it is not a folder"


@pytest.mark.parametrize("lang, words", [("en", "cannot open a window (nosuchdriver not available)"),
                                         ("ru", "не удаётся открыть окно (nosuchdriver not available)")])
def test_no_display_is_said_in_a_sentence_not_a_traceback(tmp_path, lang, words):
    """Started where no window can open (no desktop, a video driver that is not there), the app
    says so and exits 1; it printed pygame's traceback ending in "x11 not available"."""
    import os
    import subprocess
    import sys

    env = dict(os.environ, SDL_VIDEODRIVER="nosuchdriver", SDL_AUDIODRIVER="dummy", TABLETOP_DATA=str(tmp_path))
    done = subprocess.run([sys.executable, "-m", "tabletop", "menu", "--lang", lang], env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    assert done.stderr.startswith(f"tabletop: {words}: ")
    assert done.stderr.count("\n") == 1

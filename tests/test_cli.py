"""The command line: clear errors with exit code 2, check-boards, boards export, simulate's JSON,
screenshots of the menu and of every game."""

import json
import subprocess
import sys

import pytest

from tabletop.cli import main
from tabletop.games import all_games


def run(*args):
    return subprocess.run([sys.executable, "-m", "tabletop", *args], capture_output=True, text=True, timeout=600)


@pytest.mark.parametrize("args,needle", [
    (["nosuchgame"], "unknown game or command"),
    (["simulate", "nosuchgame", "--games", "1"], "unknown game"),
    (["screenshot", "menu", "x.png", "--size", "big"], "expected WIDTHxHEIGHT"),
    (["simulate", next(iter(all_games())), "--games", "1", "--option", "nonsense"], "KEY=VALUE"),
    (["simulate", next(iter(all_games())), "--games", "1", "--option", "zzz=1"], "unknown option 'zzz'"),
    (["simulate", next(iter(all_games())), "--games", "1", "--agents", "genius,random"], "unknown agent"),
])
def test_bad_arguments_exit_2_with_a_reason(args, needle, capsys):
    with pytest.raises(SystemExit) as info:
        code = main(args)
        raise SystemExit(code)
    assert info.value.code == 2
    assert needle in capsys.readouterr().err


def test_check_boards_passes_on_shipped_boards_and_fails_on_a_broken_one(tmp_path, capsys):
    assert main(["check-boards"]) == 0
    written = []
    main(["boards", "export", str(tmp_path)])
    for path in tmp_path.rglob("*.yaml"):
        written.append(path)
    assert written
    broken = written[0]
    broken.write_text(broken.read_text().replace("layout_version: 1", "layout_version: 7", 1))
    assert main(["check-boards", str(broken)]) == 2
    err = capsys.readouterr().err
    assert f"{broken}:" in err and "layout_version: expected 1" in err


@pytest.mark.parametrize("game_id", list(all_games()))
def test_simulate_json_has_the_documented_shape(game_id, capsys):
    spec = all_games()[game_id]
    agents = ",".join(["random"] * spec.default_players)
    assert main(["simulate", game_id, "--games", "2", "--agents", agents, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["games"] == 2 and data["finished"] == 2
    assert {"mean_moves", "games_per_second"} <= set(data)
    assert len(data["seats"]) == spec.default_players
    for seat in data["seats"]:
        assert set(seat) == {"agent", "wins", "win_rate", "mean_score"}


@pytest.mark.parametrize("game_id", list(all_games()))
def test_simulate_in_several_processes_counts_exactly_what_one_process_does(game_id, capsys):
    """Game g is the same game whichever process plays it, so splitting a measurement over the
    cores changes no count (the Plakoto strength figures are summed over runs like this)."""
    spec = all_games()[game_id]
    agents = ",".join(["easy"] + ["random"] * (spec.default_players - 1))
    runs = []
    for processes in ("1", "3"):
        assert main(["simulate", game_id, "--games", "7", "--seed", "4", "--agents", agents, "--json",
                     "--processes", processes]) == 0
        data = json.loads(capsys.readouterr().out)
        runs.append((data["finished"], data["mean_moves"], [(s["wins"], s["mean_score"]) for s in data["seats"]]))
    assert runs[0] == runs[1]
    assert runs[0][1] > 0


def test_simulate_refuses_fewer_than_one_process(capsys):
    assert main(["simulate", next(iter(all_games())), "--games", "1", "--processes", "0"]) == 2
    assert "--processes must be at least 1" in capsys.readouterr().err


def test_screenshot_of_the_menu(tmp_path):
    out = tmp_path / "menu.png"
    result = run("screenshot", "menu", str(out), "--size", "1024x600")
    assert result.returncode == 0, result.stderr
    import pygame

    image = pygame.image.load(str(out))
    assert image.get_size() == (1024, 600)
    assert result.stderr == ""


def test_a_game_may_be_named_with_hyphens(capsys):
    """'tabletop chicken-chase' (the name as people read it) is the game 'chicken_chase', as a
    sub-command and as the GAME of simulate."""
    from tabletop.cli import _spell_game_ids, build_parser

    games = list(all_games())
    args = build_parser(games).parse_args(["chicken-chase", "--players", "3"])
    _spell_game_ids(args, games)
    assert args.command == "chicken_chase"
    assert main(["simulate", "trap-the-cap", "--games", "1", "--agents", "random,random", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["finished"] == 1
    args = build_parser(games).parse_args(["check-boards"])
    _spell_game_ids(args, games)
    assert args.command == "check-boards"


def test_the_default_window_fits_the_screen_it_opens_on():
    """1280x760 on a 1024x600 screen opened with its title and edges off the screen."""
    from tabletop.app import DEFAULT_SIZE, MIN_SIZE, fit_window

    assert fit_window(DEFAULT_SIZE, (1920, 1080)) == DEFAULT_SIZE
    assert fit_window(DEFAULT_SIZE, None) == DEFAULT_SIZE
    w, h = fit_window(DEFAULT_SIZE, (1366, 768))
    assert w == DEFAULT_SIZE[0] and h <= 768 - 64, "room for a title bar and a task bar"
    assert fit_window(DEFAULT_SIZE, (1024, 600)) == MIN_SIZE, "never below the smallest layout"

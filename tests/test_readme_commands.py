"""Every command line the README shows starts what it says.

The README's own run command (after ``<!-- run-command -->``) is run literally by ``.ci/run`` on a
fresh clone; here every ``tabletop ...`` line of its code blocks runs as a real process (through
``python -m tabletop``, the same entry point): commands that open the app must still be running
after a few seconds with nothing on stderr that looks like a crash, the others must exit 0.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tabletop.cli import build_parser
from tabletop.games import all_games

README = Path(__file__).resolve().parent.parent / "README.md"
ALIVE = 3.0  # seconds an app command must stay up


def readme_commands() -> list[str]:
    """The ``tabletop ...`` lines of the README's code blocks, comments cut off."""
    text = README.read_text(encoding="utf-8")
    out = []
    for block in re.findall(r"```\n(.*?)```", text, flags=re.S):
        for line in block.splitlines():
            line = line.split("  #", 1)[0].strip()
            if line.startswith("tabletop"):
                out.append(line)
    return out


def is_template(line: str) -> bool:
    """Lines that show a command's shape (``GAME``, ``OUT.png``, ``[--size WxH]``) are not runnable."""
    return bool(re.search(r"\b(GAME|OUT\.png|RECORD\.json|WxH)\b|\[", line))


def opens_app(words: list[str]) -> bool:
    command = build_parser(list(all_games())).parse_args(words[1:]).command
    return command in (None, "menu", "continue", *all_games())


def env(home: Path, data: Path) -> dict[str, str]:
    e = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", HOME=str(home),
             TABLETOP_DATA=str(data), XDG_CONFIG_HOME=str(home / ".config"))
    e.pop("DISPLAY", None)
    return e


def run_line(line: str, home: Path, data: Path) -> None:
    words = [str(home) + w[1:] if w.startswith("~") else w for w in shlex.split(line)]
    argv = [sys.executable, "-m", "tabletop", *words[1:]]
    if not opens_app(words):
        done = subprocess.run(argv, env=env(home, data), capture_output=True, text=True, timeout=120, cwd=home)
        assert done.returncode == 0, f"{line}: exit {done.returncode}\n{done.stderr}"
        return
    proc = subprocess.Popen(argv, env=env(home, data), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            cwd=home)
    try:
        time.sleep(ALIVE)
        alive = proc.poll() is None
    finally:
        proc.terminate()
        try:
            _, err = proc.communicate(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            _, err = proc.communicate()
    assert alive, f"{line!r} stopped within {ALIVE} s:\n{err}"
    assert "Traceback" not in err and "Error" not in err, f"{line!r} wrote to stderr:\n{err}"


def run_command() -> str:
    text = README.read_text(encoding="utf-8")
    block = text.split("<!-- run-command -->", 1)[1].split("```", 2)[1]
    return next(line for line in block.splitlines() if line.startswith("python3 "))


def test_the_run_command_ends_by_starting_the_bare_program():
    assert run_command().endswith("/tabletop"), "the run command must start the menu (a bare tabletop)"


@pytest.mark.parametrize("line", ["tabletop", *(line for line in readme_commands() if not is_template(line))])
def test_every_readme_command_starts_what_it_says(line, tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    # the board-editing lines follow each other: the exported folder exists before it is used
    if "my-boards" in line and "export" not in line:
        run_line("tabletop boards export ~/my-boards", home, tmp_path / "data")
    run_line(line, home, tmp_path / "data")


@pytest.mark.parametrize("argv,expected", [
    ([], {"command": None, "lang": None, "fullscreen": False, "table": None}),
    (["--lang", "ru", "--table"], {"command": None, "lang": "ru", "table": True}),
    (["--lang", "ru", "plakoto"], {"command": "plakoto", "lang": "ru"}),
    (["plakoto", "--lang", "ru", "--mute"], {"command": "plakoto", "lang": "ru", "mute": True}),
    (["--fullscreen", "--display", "1", "menu"], {"command": "menu", "fullscreen": True, "display": 1}),
    (["--size", "1100x700", "continue", "--boards", "b"], {"size": (1100, 700), "boards": "b"}),
    (["--boards", "b", "check-boards"], {"command": "check-boards", "boards": "b"}),
])
def test_shared_options_work_before_after_and_without_a_subcommand(argv, expected):
    args = build_parser(list(all_games())).parse_args(argv)
    for key, value in expected.items():
        assert getattr(args, key) == value, key

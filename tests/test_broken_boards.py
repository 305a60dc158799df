"""Every game's loader on a corpus of realistic broken board files: each file is a shipped board
with one mistake a user editing it would make, and gives exactly its expected one-line error(s),
quickly, as LayoutErrors (never a traceback). ``broken_boards/expected.yaml`` lists each file with
the board name it replaces, the variant to load with and the exact lines; a case marked ``xfail``
is a problem found but not fixed yet (its lines are what the message should be)."""

import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
import yaml

from tabletop.games import all_games
from tabletop.layout import BoardStore, LayoutErrors

HERE = Path(__file__).parent / "broken_boards"
GAMES = ("plakoto", "trap_the_cap", "captain_flip", "chicken_chase")
EXPECTED: dict = yaml.safe_load((HERE / "expected.yaml").read_text(encoding="utf-8"))


def _params():
    for name, case in EXPECTED.items():
        marks = [pytest.mark.xfail(reason=case["xfail"], strict=False)] if "xfail" in case else []
        yield pytest.param(name, id=name, marks=marks)


def _install(tmp_path: Path, name: str) -> Path:
    """Copy the broken file where the store looks for the board it replaces (an override folder)."""
    dest = tmp_path / EXPECTED[name]["board"]
    dest.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(HERE / name, dest)
    return dest


@pytest.mark.parametrize("name", list(_params()))
def test_broken_board_gives_its_exact_lines(tmp_path, name):
    case = EXPECTED[name]
    dest = _install(tmp_path, name)
    spec = all_games()[name.split("/")[0]]
    start = time.perf_counter()
    with pytest.raises(LayoutErrors) as info:  # any other exception fails the test
        spec.load_layout(BoardStore([tmp_path]), case["variant"])
    assert time.perf_counter() - start < 5  # a hang guard, not a timing claim
    # an override file is shown by its full path; compare by the board's own name
    lines = [line.replace(str(dest), case["board"]) for line in info.value.lines()]
    assert lines == case["lines"]


def test_corpus_and_expectations_match():
    files = {p.relative_to(HERE).as_posix() for game in GAMES for p in (HERE / game).rglob("*.yaml")}
    assert files == set(EXPECTED)
    for game in GAMES:
        assert sum(name.startswith(game + "/") for name in EXPECTED) >= 8, game
    assert len(EXPECTED) >= 40
    for name, case in EXPECTED.items():
        assert set(case) <= {"board", "variant", "lines", "xfail"}, name
        assert case["variant"] in {v.id for v in all_games()[name.split("/")[0]].variants}, name
        assert all(line.startswith(case["board"] + ":") for line in case["lines"]), name


CLI_CASES = ("plakoto/point_base_as_text.yaml", "chicken_chase/blocked_fifteen.yaml",
             "captain_flip/A_unknown_bonus_kind.yaml", "captain_flip/tiles_unknown_character.yaml",
             "trap_the_cap/edge_unknown_id.yaml")


def test_check_boards_command_prints_the_lines_and_exits_2(tmp_path):
    paths, wanted = [], []
    for i, name in enumerate(CLI_CASES):
        dest = _install(tmp_path / str(i), name)
        paths.append(str(dest))
        wanted += [line.replace(EXPECTED[name]["board"], str(dest), 1) for line in EXPECTED[name]["lines"]]
    result = subprocess.run([sys.executable, "-m", "tabletop", "check-boards", *paths],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 2, result.stderr
    printed = result.stderr.splitlines()
    for line in wanted:
        assert line in printed
    assert "Traceback" not in result.stderr


def test_in_russian_every_case_is_said_in_russian_at_the_same_place(tmp_path):
    """The app's overlay in Russian: each line keeps its file:line:column and its path in the file,
    and the message itself is Russian (the checker's templates are translated, not only the card's
    title). The lines above are the English (``str`` of the errors)."""
    from tabletop.i18n import in_language

    for name, case in EXPECTED.items():
        if "xfail" in case:
            continue
        folder = tmp_path / name.replace("/", "_")
        dest = _install(folder, name)
        with pytest.raises(LayoutErrors) as info:
            all_games()[name.split("/")[0]].load_layout(BoardStore([folder]), case["variant"])
        with in_language("ru"):
            lines = [line.replace(str(dest), case["board"]) for line in info.value.lines()]
        assert len(lines) == len(case["lines"]), name
        for russian, english in zip(lines, case["lines"], strict=True):
            head = english.split(": ")[0] if english.split(": ")[1:2] == [""] else english.split(": ", 1)[0]
            assert russian.startswith(head + ": "), (name, russian)
            assert any("а" <= ch <= "я" for ch in russian.lower()), (name, russian)

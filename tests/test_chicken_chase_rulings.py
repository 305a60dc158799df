"""Chicken Chase rulings of issue 21 (/work/shared/rules/chicken_chase.md): unwinnable custom sets
of blocked fields are refused at every entry point (menu, ``--option``, board file), the game has no
turn limit and no winner by progress (a 5,000-turn safety net stops a faulty game with no winner),
and three points written down as the project plays them (reshuffle on demand, a bare field waits
for its card, setup chicks never take one)."""

import os
import subprocess
import sys

import pytest
from scene_input import click
from test_menu import app  # noqa: F401  (the headless app fixture)

from tabletop import PACKAGE_DIR
from tabletop.core import Setup
from tabletop.core.spec import OptionError
from tabletop.games import get_game
from tabletop.games.chicken_chase import hill, layout, parse_blocked, rules
from tabletop.games.chicken_chase.rules import (
    new_game,
)
from tabletop.layout import BoardStore

SPEC = get_game("chicken_chase")
LAYOUT = SPEC.load_layout(BoardStore([]), "normal")
GOLD = 3  # the deck of feed fields 9 and 10
UNWINNABLE = "3,4,5,6,7,8,9,10"
REASON = ("fields 3 to 10 are 8 blocked fields in a row: no card and no action-B sum is more than 8, "
          "so no hen could ever pass them")


# -- the refusal -----------------------------------------------------------------------------------
def test_the_longest_move_is_the_longest_card_and_action_b_sum():
    assert hill.LONGEST_MOVE == max(rules.B_LIMIT, layout.MAX_CARD) == 8


@pytest.mark.parametrize("text,run", [("3,4,5,6,7,8,9,10", (3, 10)), ("1,2,3,4,5,6,7,8", (1, 8)),
                                      ("14,13,12,11,10,9,8,7,2", (7, 14)), (",".join(map(str, range(1, 15))), (1, 14))])
def test_eight_or_more_blocked_fields_in_a_row_are_refused_with_the_reason(text, run):
    with pytest.raises(ValueError) as info:
        parse_blocked(text)
    first, last = run
    assert str(info.value) == (f"fields {first} to {last} are {last - first + 1} blocked fields in a row: no card "
                               "and no action-B sum is more than 8, so no hen could ever pass them")


@pytest.mark.parametrize("text", ["1,2,3,4,5,6,7", "8,9,10,11,12,13,14", "2,3,6,7,8,9,10,11,12", "1,2,3,4,5,6,7,9,10"])
def test_seven_in_a_row_can_be_passed_and_is_accepted(text):
    assert parse_blocked(text) == tuple(sorted(int(f) for f in text.split(",")))


def test_command_line_option_is_refused_with_one_line_and_exit_2():
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    result = subprocess.run([sys.executable, "-m", "tabletop", "chicken_chase", "--players", "3", "--variant",
                             "custom", "--option", f"blocked={UNWINNABLE}", "--mute"],
                            capture_output=True, text=True, timeout=60, env=env)
    assert result.returncode == 2
    assert result.stderr.strip().splitlines() == [f"tabletop: chicken_chase: option blocked: {REASON}"]
    assert "Traceback" not in result.stderr


def test_simulate_option_is_refused_too(capsys):
    from tabletop.cli import main

    assert main(["simulate", "chicken_chase", "--games", "1", "--variant", "custom",
                 "--option", f"blocked={UNWINNABLE}"]) == 2
    assert capsys.readouterr().err.strip() == f"tabletop: chicken_chase: option blocked: {REASON}"


def test_board_file_is_refused_by_check_boards_at_the_list(tmp_path):
    source = (PACKAGE_DIR / "boards" / "chicken_chase.yaml").read_text(encoding="utf-8")
    old = "    2: [4, 5, 8, 10, 13, 14]"
    assert source.count(old) == 1
    line = source[:source.index(old)].count("\n") + 1
    board = tmp_path / "chicken_chase.yaml"
    board.write_text(source.replace(old, "    2: [3, 4, 5, 6, 7, 8, 9, 10]"), encoding="utf-8")
    result = subprocess.run([sys.executable, "-m", "tabletop", "check-boards", str(board)],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 2
    assert result.stderr.splitlines() == [f"{board}:{line}:8: blocked.normal[2]: {REASON}", "1 problem(s) found"]


def test_menu_does_not_start_an_unwinnable_set_and_says_why(app):  # noqa: F811
    from tabletop.ui.game_scene import GameScene
    from tabletop.ui.menu import MenuScene
    from tabletop.ui.scene import MessageOverlay

    menu = MenuScene(app)
    app.push_scene(menu)
    click(app, dict(menu.cards)["chicken_chase"].center)
    cfg = menu.config["chicken_chase"]
    cfg["variant"] = "custom"
    cfg["options"]["blocked"] = UNWINNABLE  # what the players chose for the custom set
    menu.layout(menu.size)
    click(app, menu.start_button.rect.center)
    assert not any(isinstance(s, GameScene) for s in app.stack)
    assert isinstance(app.top, MessageOverlay)
    assert app.top.title == "Cannot start"
    assert app.top.body == f"chicken_chase: option blocked: {REASON}"
    app.render()
    cfg["options"]["blocked"] = "4,5,12"  # a winnable set starts
    app.pop_scene(app.top)
    click(app, menu.start_button.rect.center)
    assert isinstance(app.top, GameScene) and sorted(app.top.state.blocked) == [4, 5, 12]


def test_new_game_takes_the_blocked_set_from_the_menu_options():
    state = new_game(Setup(3, "custom", SPEC.parse_options("custom", {"blocked": "1,2,3,4,5,6,7"}), LAYOUT, 0))
    assert sorted(state.blocked) == list(range(1, 8))
    with pytest.raises(OptionError, match="8 blocked fields in a row"):
        SPEC.parse_options("custom", {"blocked": "1,2,3,4,5,6,7,8"})

"""Captain Flip board files: the shipped ones validate; a user's board F is discovered and plays;
broken files give one line each with file, line and column."""

from __future__ import annotations

import random

import pytest

from tabletop.ai.play import random_playout
from tabletop.core import Setup
from tabletop.core.errors import StateError
from tabletop.games.captain_flip import GAME
from tabletop.games.captain_flip.layout import BONUS_PARAMS
from tabletop.games.captain_flip.rules import CaptainFlipState
from tabletop.layout import BoardStore, LayoutErrors

BUILTIN = BoardStore([])
A_TEXT = (BUILTIN.builtin / "captain_flip" / "A.yaml").read_text()


@pytest.mark.parametrize("board", "ABCDE")
def test_shipped_boards_validate(board):
    layout = GAME.load_layout(BUILTIN, board)
    assert len(layout.board.columns) == 5 and layout.board.spaces == 15
    assert len(layout.tiles.characters) == 9 and layout.tiles.dolphins == 1


def test_shipped_bonuses_match_the_ruling():
    b = {v: [(c.low, c.height, c.bonus.kind, c.bonus.a, c.bonus.b) for c in GAME.load_layout(BUILTIN, v).board.columns]
         for v in "ABCDE"}
    assert b["A"][1][2] == "take_map" and b["A"][2][2:4] == ("coins", 5) and b["A"][3][:2] == (2, 2)
    assert [x[3:] for x in b["B"]] == [(1, 0), (2, 1), (6, 3), (0, 2), (4, 2)]
    assert b["C"][1][2:4] == ("end_all_identical", 6) and b["C"][3][2:4] == ("end_all_different", 4)
    assert b["D"][4][:4] == (2, 1, "pay_to_place", 1) and b["D"][1][2] == "per_completed_column"
    assert [x[2] for x in b["E"]][1:4] == ["map_if_all_identical", "flip_if_all_different", "draw_if_all_identical"]


def _user_store(tmp_path, text: str, name: str = "F") -> BoardStore:
    folder = tmp_path / "captain_flip"
    folder.mkdir(exist_ok=True)
    (folder / f"{name}.yaml").write_text(text)
    return BoardStore([tmp_path])


def test_user_board_f_is_discovered_and_plays(tmp_path):
    text = A_TEXT.replace('name: "The pirate ship"', 'name: "My ship"').replace(
        '{kind: "coins", coins: 3}', '{kind: "draw_if_all_identical"}')
    store = _user_store(tmp_path, text)
    assert "F" in [v.id for v in GAME.all_variants(store)]
    options = GAME.parse_options("F", {"dolphin": "on"}, store)
    layout = GAME.load_layout(store, "F")
    state = GAME.new_state(Setup(3, "F", options, layout, first_player=0))
    random_playout(state, random.Random(1))
    assert state.outcome() is not None
    again = CaptainFlipState.from_json(state.to_json())
    assert again.layout.board.name == "My ship"


def _errors(tmp_path, text: str) -> list[str]:
    with pytest.raises(LayoutErrors) as info:
        GAME.load_layout(_user_store(tmp_path, text), "F")
    return info.value.lines()


def test_unknown_bonus_kind(tmp_path):
    lines = _errors(tmp_path, A_TEXT.replace('{kind: "take_map"}', '{kind: "treasure"}'))
    assert len(lines) == 1
    assert lines[0].startswith("captain_flip/F.yaml:") or "F.yaml:" in lines[0]
    assert ":23:" in lines[0] and "columns[1].bonus.kind: unknown bonus kind 'treasure'" in lines[0]


def test_unknown_bonus_word(tmp_path):
    lines = _errors(tmp_path, A_TEXT.replace('bonus: "none"}', 'bonus: "gold"}', 1))
    assert len(lines) == 1 and "F.yaml:22:" in lines[0] and "unknown bonus kind 'gold'" in lines[0]


def test_overlapping_spaces(tmp_path):
    lines = _errors(tmp_path, A_TEXT.replace("x: 130,", "x: 60,"))
    assert len(lines) == 1 and "F.yaml:23:" in lines[0]
    assert "columns[1].x: its space at row 0 overlaps column 0's space at row 0" in lines[0]


def test_column_without_spaces(tmp_path):
    lines = _errors(tmp_path, A_TEXT.replace("{low: 2, height: 2,", "{low: 2, height: 0,"))
    assert len(lines) == 1 and "F.yaml:25:" in lines[0]
    assert "columns[3].height: a column needs at least one space, got height 0" in lines[0]


def test_bonus_with_wrong_numbers_and_every_error_at_once(tmp_path):
    text = A_TEXT.replace('{kind: "coins", coins: 5}', '{kind: "coins", gold: 5}').replace(
        'board: "#c9a66b"', 'board: "brown"')
    lines = _errors(tmp_path, text)
    assert len(lines) == 3
    assert any("colours.board: expected a colour" in line for line in lines)
    assert any("unknown key 'gold'" in line for line in lines)
    assert any("missing key 'coins'" in line for line in lines)


def test_every_bonus_kind_is_accepted(tmp_path):
    for kind, params in BONUS_PARAMS.items():
        numbers = "".join(f", {p}: 1" for p in params)
        spec = "{kind: \"" + kind + "\"" + numbers + "}"
        store = _user_store(tmp_path, A_TEXT.replace('{kind: "take_map"}', spec))
        assert GAME.load_layout(store, "F").board.columns[1].bonus.kind == kind


def test_broken_saved_state_is_a_state_error():
    layout = GAME.load_layout(BUILTIN, "A")
    data = CaptainFlipState(layout, "A", 2, 0, False).to_json()
    data["bag"][0] = 1
    data["bag_n"] -= 1
    with pytest.raises(StateError, match="tiles do not add up"):
        CaptainFlipState.from_json(data)
    data = CaptainFlipState(layout, "A", 2, 0, False).to_json()
    data["boards"][0][0] = [[1, 1, False]]
    with pytest.raises(StateError):
        CaptainFlipState.from_json(data)

"""Trap the Cap board file: the shipped board validates; broken copies give the right error with
file, line and column; an edited board changes play."""

from pathlib import Path

import pytest

from tabletop.games.trap_the_cap.layout import BOARD_FILE, load_layout
from tabletop.games.trap_the_cap.rules import Rules, TrapState
from tabletop.layout import BoardStore, LayoutErrors

SHIPPED = (Path(__file__).parent.parent / "boards" / BOARD_FILE).read_text(encoding="utf-8")


def broken(tmp_path, old: str, new: str, variant: str = "offensive") -> list[str]:
    assert old in SHIPPED
    (tmp_path / BOARD_FILE).write_text(SHIPPED.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(LayoutErrors) as err:
        load_layout(BoardStore([tmp_path]), variant)
    return err.value.lines()


def line_of(text: str) -> int:
    return SHIPPED.splitlines().index(next(line for line in SHIPPED.splitlines() if text in line)) + 1


@pytest.mark.parametrize("variant", ["offensive", "golden_cap"])
def test_shipped_board_validates(variant):
    layout = load_layout(BoardStore([]), variant)
    assert len(layout.fields) == 81 and len(layout.edges) == 84
    assert layout.field("R00").shape == "sector" and layout.field("C").shape == "diamond"


def test_edge_to_unknown_id(tmp_path):
    lines = broken(tmp_path, '- ["R05", "R06"]', '- ["R05", "R6"]')
    line = line_of('- ["R05", "R06"]')
    assert lines == [f"{tmp_path / BOARD_FILE}:{line}:13: edges[5][1]: unknown field id 'R6'"]


def test_hideout_not_touching_the_board(tmp_path):
    lines = broken(tmp_path, '  - ["H_NE", "R00"]\n', "")
    line = line_of('id: "H_NE"')
    assert f"{tmp_path / BOARD_FILE}:{line}:5: nodes[77]: the hideout 'H_NE' does not touch the board " \
           "(add an edge to its junction)" in lines


def test_island_unreachable_from_a_hideout(tmp_path):
    lines = broken(tmp_path, '  - ["S_NE_3", "S_NE_4"]\n  - ["S_NE_4", "S_NE_5"]\n', "")
    line = line_of('id: "S_NE_4"')
    assert len(lines) == 1
    assert lines[0].startswith(f"{tmp_path / BOARD_FILE}:{line}:5: nodes[55]: 1 field(s) cannot be reached "
                               "from the hideout 'H_NE': S_NE_4")


def test_golden_cap_needs_a_centre(tmp_path):
    old = '{id: "C", kind: "centre"'
    (tmp_path / BOARD_FILE).write_text(SHIPPED.replace(old, '{id: "C", kind: "spoke"'), encoding="utf-8")
    assert load_layout(BoardStore([tmp_path]), "offensive")  # fine without the golden cap
    lines = broken(tmp_path, old, '{id: "C", kind: "spoke"', "golden_cap")
    assert lines == [f"{tmp_path / BOARD_FILE}:{line_of('nodes:') + 1}:3: nodes: the golden cap game needs a "
                     "field of kind 'centre' (the golden cap starts there)"]


def test_bad_values_are_all_reported_at_once(tmp_path):
    text = SHIPPED.replace('colour: "grey", at: [0.4104', 'colour: "gray", at: [0.4104', 1)
    text = text.replace('{id: "R07"', '{id: "R06"', 1)
    (tmp_path / BOARD_FILE).write_text(text, encoding="utf-8")
    with pytest.raises(LayoutErrors) as err:
        load_layout(BoardStore([tmp_path]))
    lines = err.value.lines()
    r03, r07 = line_of('id: "R03"'), line_of('id: "R07"')
    assert any(f":{r03}:" in x and "unknown value 'gray'" in x for x in lines)
    assert any(f":{r07}:" in x and "already used" in x for x in lines)


def test_an_edited_board_changes_play(tmp_path):
    old = '{id: "R05", kind: "ring", colour: "yellow"'
    (tmp_path / BOARD_FILE).write_text(SHIPPED.replace(old, old.replace("yellow", "grey")), encoding="utf-8")
    layout = load_layout(BoardStore([tmp_path]))
    topo = layout.topology
    assert topo.grey[topo.index["R05"]]
    rules = Rules(topo, "offensive", (0, 1, 2, 3), (0, 1, 2, 3))
    state = TrapState.from_position(rules, {"R02": [["red"]], "R05": [["green"]]},
                                    {"red": ["red"] * 3, "green": ["green"] * 3, "yellow": ["yellow"] * 4,
                                     "blue": ["blue"] * 4}, {}, None, "red", 3)
    move = state.find_moves("R02", "R05")[0]
    state.apply(move)
    assert sorted(state.stacks_at("R05")) == [("green",), ("red",)]  # grey now: no trap

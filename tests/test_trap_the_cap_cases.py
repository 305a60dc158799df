"""All 250 shared rules cases (tests/cases/trap_the_cap_moves.json), through our own notation:
build the position, ask the rules core for every move with the die, compare the set of results."""

import json

import pytest
from conftest import CASES
from test_trap_the_cap_support import build, results

DATA = json.loads((CASES / "trap_the_cap_moves.json").read_text(encoding="utf-8"))


def test_case_file_is_complete():
    assert len(DATA["cases"]) == 250


@pytest.mark.parametrize("index", range(len(DATA["cases"])))
def test_case(index):
    case = DATA["cases"][index]
    state = build(case)
    assert set(results(state)) == set(case["results"])

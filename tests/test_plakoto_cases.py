"""All shared Plakoto cases (an independent implementation's legal whole turns), through our notation."""

from __future__ import annotations

import json

import pytest
from conftest import CASES
from test_plakoto_helpers import S, case_notation, results

_DATA = json.loads((CASES / "plakoto_turns.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("index", range(len(_DATA["cases"])))
def test_case(index):
    case = _DATA["cases"][index]
    state = S(case_notation(case))
    assert results(state) == set(case["results"]), f"case {index} ({case['kind']})"
    if not case["results"]:
        assert [str(m) for m in state.legal_moves()] == ["pass"]


def test_all_cases_present():
    assert len(_DATA["cases"]) == 300

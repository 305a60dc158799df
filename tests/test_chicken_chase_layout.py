"""Chicken Chase board file: the shipped file validates, and each broken edit of it is reported
as one ``file:line:col: where: what`` line pointing at the edited value."""

import pytest

from tabletop import PACKAGE_DIR
from tabletop.games.chicken_chase.layout import build_layout
from tabletop.layout import BoardStore, LayoutErrors
from tabletop.layout.yamlsrc import parse_yaml

NAME = "boards/chicken_chase.yaml"
TEXT = (PACKAGE_DIR / "boards" / "chicken_chase.yaml").read_text(encoding="utf-8")


def test_shipped_board_is_valid():
    layout = BoardStore([]).load("chicken_chase.yaml", build_layout)
    assert len(layout.fields) == 15 and len(layout.feed_at) == 10
    assert [len(d.cards) for d in layout.decks] == [15, 15, 15, 15]
    assert layout.feed_deck == (0, 0, 0, 1, 1, 1, 2, 2, 3, 3)
    assert layout.starting_hand == (0, 1)
    assert layout.blocked_for("normal", 4) == (5, 12)
    assert layout.blocked_for("peaceful", 2) == (4, 5, 8, 11, 13)
    assert layout.hill_point(0) == layout.start and layout.hill_point(15) == layout.fields[14]
    assert len(layout.players) == 4


def errors_for(old: str, new: str, nth: int = 0) -> tuple[list[str], tuple[int, int]]:
    """Apply one edit to the shipped text; return the error lines and where the edit starts."""
    at = -1
    for _ in range(nth + 1):
        at = TEXT.index(old, at + 1)
    text = TEXT[:at] + new + TEXT[at + len(old):]
    line = text.count("\n", 0, at) + 1
    column = at - (text.rfind("\n", 0, at) + 1) + 1
    with pytest.raises(LayoutErrors) as caught:
        build_layout(parse_yaml(text.encode("utf-8"), NAME))
    return caught.value.lines(), (line, column)


@pytest.mark.parametrize("old,new,offset,where,what", [
    # a card value outside 1-8 (a user may change the decks, but not invent values)
    ("cards: [1, 1, 1, 1, 1, 2", "cards: [9, 1, 1, 1, 1, 2", 8, "decks[0].cards[0]",
     "expected a whole number from 1 to 8, got 9"),
    ("cards: [5, 5, 5, 6", "cards: [0, 5, 5, 6", 8, "decks[3].cards[0]",
     "expected a whole number from 1 to 8, got 0"),
    # a feed field naming a deck that does not exist
    ('{at: [1182, 807], deck: "green"}', '{at: [1182, 807], deck: "blue"}', 24, "feed[6].deck",
     "no deck named 'blue' (the decks are: grey, brown, green, gold)"),
    # blocked fields must be 1-14
    ("    4: [5, 12]", "    4: [5, 15]", 11, "blocked.normal[4][1]",
     "expected a whole number from 1 to 14, got 15"),
    ("    3: [4, 5, 12]", "    3: [0, 5, 12]", 8, "blocked.peaceful[3][0]",
     "expected a whole number from 1 to 14, got 0"),
    ("    2: [4, 5, 8, 10, 13, 14]", "    2: [4, 5, 8, 10, 13, 13]", 25, "blocked.normal[2][5]",
     "field 13 is listed twice"),
    # the starting hand's decks must exist too
    ('starting_hand: ["grey", "brown"]', 'starting_hand: ["grey", "mud"]', 24, "starting_hand[1]",
     "no deck named 'mud' (the decks are: grey, brown, green, gold)"),
    # hill geometry
    ("    - [486, 685]", "    - [486, ten]", 6, "hill.fields[0]", "expected [x, y] numbers"),
    ('back: "#8e9196"', 'back: "grey"', 6, "decks[0].back", "expected a colour"),
])
def test_broken_edit_is_reported_with_position(old, new, offset, where, what):
    lines, (line, column) = errors_for(old, new)
    assert len(lines) == 1, lines
    assert lines[0].startswith(f"{NAME}:{line}:{column + offset}: {where}: {what}"), lines[0]


def test_wrong_number_of_hill_fields_and_feed_fields():
    lines, _ = errors_for("    - [780, 470]\n", "")
    assert any("hill.fields: expected exactly 15 entries, got 14" in s for s in lines), lines
    lines, _ = errors_for('  - {at: [1401, 326], deck: "gold"}\n', "")
    assert any("feed: expected exactly 10 entries, got 9" in s for s in lines), lines


def test_every_problem_reported_at_once():
    text = TEXT.replace("cards: [1, 1, 1", "cards: [11, 1, 1").replace("    4: [5, 12]", "    4: [5, 19]")
    with pytest.raises(LayoutErrors) as caught:
        build_layout(parse_yaml(text.encode("utf-8"), NAME))
    assert len(caught.value.lines()) == 2


def test_unknown_key_and_missing_deck_id():
    lines, _ = errors_for("size: [1600, 960]", "sise: [1600, 960]")
    assert any("unknown key 'sise'" in s for s in lines), lines
    lines, _ = errors_for('  - id: "grey"\n    name', '  - name', 0)
    assert any("decks[0]: missing key 'id'" in s for s in lines), lines

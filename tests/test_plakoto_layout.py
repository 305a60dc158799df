"""boards/plakoto.yaml: the shipped file validates, and broken copies each give the exact
``file:line:col: where: what`` message."""

from __future__ import annotations

from pathlib import Path

import pytest

from tabletop.games.plakoto.layout import build_layout, load_layout
from tabletop.layout import BoardStore, LayoutErrors
from tabletop.layout.yamlsrc import parse_yaml

SHIPPED = (Path(__file__).parent.parent / "boards" / "plakoto.yaml").read_text(encoding="utf-8")
NAME = "boards/plakoto.yaml"


def _errors(text: str) -> list[str]:
    with pytest.raises(LayoutErrors) as info:
        build_layout(parse_yaml(text.encode("utf-8"), NAME))
    return info.value.lines()


def test_shipped_board_validates():
    layout = load_layout(BoardStore([]))
    assert [p.number for p in layout.points] == list(range(1, 25))
    assert layout.point(1).direction == "up" and layout.point(24).direction == "down"
    assert layout.stack_limit == 5 and layout.radius == 44
    x, y = layout.point(1).stack_position(0, layout.radius, layout.stack_limit)
    assert (x, y) == (1350.0, 916.0)


def test_wrong_type():
    text = SHIPPED.replace("  radius: 44", "  radius: \"big\"")
    assert _errors(text) == [f"{NAME}:19:11: checkers.radius: expected a number, got 'big'"]


def test_missing_key():
    text = SHIPPED.replace("bar: [700, 40, 100, 920]\n", "")
    assert _errors(text) == [f"{NAME}:5:1: missing key 'bar'"]


def test_unknown_key():
    text = SHIPPED.replace("  stack_limit: 5", "  stack_limit: 5\n  glow: 3")
    assert _errors(text) == [f"{NAME}:22:3: checkers.glow: unknown key 'glow' "
                             "(expected one of: black, radius, stack_limit, white)"]


def test_bad_colour():
    text = SHIPPED.replace('  bar: "#5a3720"', '  bar: "brown"')
    assert _errors(text) == [f"{NAME}:13:8: colours.bar: expected a colour like \"#a0b0c0\", got 'brown'"]


def test_bad_point_entry_and_every_error_at_once():
    text = (SHIPPED.replace('direction: "up", colour: "#c8553d"}', 'direction: "left", colour: "#c8553d"}', 1)
            .replace("size: [1600, 1000]", "size: [1600, \"tall\"]"))
    assert _errors(text) == [
        f"{NAME}:7:7: size: expected [x, y] numbers, got [1600, 'tall']",
        f"{NAME}:37:71: points[0].direction: unknown value 'left' (expected one of: up, down)",
    ]


def test_duplicate_point_number():
    text = SHIPPED.replace("{number: 2,", "{number: 1,")
    assert _errors(text) == [f"{NAME}:38:14: points[1].number: point 1 is given twice"]

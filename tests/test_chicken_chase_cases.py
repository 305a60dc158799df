"""All shared Chicken Chase move cases (tests/cases/chicken_chase_moves.json), through our own
position builder: steps a single card can make are played as action B through ``apply`` (legality
checked); larger sums go through the rules' hen mover directly."""

import json

import pytest
from conftest import CASES

from tabletop.core import Setup
from tabletop.games.chicken_chase import hill
from tabletop.games.chicken_chase.moves import PlayB
from tabletop.games.chicken_chase.rules import ChickenState, new_game

DATA = json.loads((CASES / "chicken_chase_moves.json").read_text(encoding="utf-8"))
COLOURS = "rgyb"


def hen_index(name: str) -> int:
    return 2 * COLOURS.index(name[0]) + int(name[1])


def build(players: int, blocked: list[int], hens: dict[str, int], turn: int) -> ChickenState:
    """A game in the action phase with the given hens and blocked fields, ``turn`` to move."""
    state = new_game(Setup(players, "custom", {"blocked": tuple(blocked)}, None, first_player=turn))
    while state.draws:
        state.apply(state.chance_outcomes()[-1][0])
    state.setup_queue = []
    state.phase = "action"
    state.turn = turn
    for name, field in hens.items():
        state.hens[hen_index(name)] = field
    return state


def give_card(state: ChickenState, seat: int, value: int) -> int:
    """Move one card of ``value`` from a draw pile into the seat's hand (cards stay conserved)."""
    for deck, pile in enumerate(state.pile):
        if pile[value]:
            pile[value] -= 1
            state.hidden[seat].append(deck * 10 + value)
            state.hidden[seat].sort()
            return deck * 10 + value
    raise AssertionError(f"no card of value {value} left in the piles")


@pytest.mark.parametrize("index", range(len(DATA["cases"])))
def test_case(index):
    case = DATA["cases"][index]
    mover = case["move"]
    seat = COLOURS.index(mover[0])
    state = build(case["players"], case["blocked"], case["hens"], seat)
    if case["steps"] <= 8:
        card = give_card(state, seat, case["steps"])
        state.apply(PlayB((card,), int(mover[1])))
    else:
        state._step(seat, int(mover[1]), case["steps"])
    got = {name: state.hens[hen_index(name)] for name in case["hens"]}
    assert got == case["expected_hens"]
    assert hill.has_won(state.hens, seat) == case["expected_win"]
    assert (state.outcome() is not None and state.outcome().winners == (seat,)) == case["expected_win"]

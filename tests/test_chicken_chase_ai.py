"""Chicken Chase computer players: each level plays whole games through observations only
(strength is measured in the report, not here)."""

import random

import pytest

from tabletop.ai.play import play_game
from tabletop.core import Setup
from tabletop.games import get_game
from tabletop.layout import BoardStore

SPEC = get_game("chicken_chase")
LAYOUT = SPEC.load_layout(BoardStore([]), "normal")


@pytest.mark.parametrize("levels", [("hard", "easy", "random", "hard"), ("easy", "hard")])
def test_levels_play_a_whole_game(levels):
    state = SPEC.new_state(Setup(len(levels), "normal", SPEC.parse_options("normal", {}), LAYOUT, 0))
    result = play_game(state, [SPEC.make_agent(level) for level in levels], random.Random(3))
    assert result.outcome is not None and result.outcome.reason == "finish"


def test_hard_never_reads_hidden_hands():
    """The observation re-deals the others' face-down cards: the hard player's choice can only
    depend on what the seat may know, so two states differing only in a rival's hidden hand give
    the same observation for the seat."""
    state = SPEC.new_state(Setup(3, "normal", SPEC.parse_options("normal", {}), LAYOUT, 0))
    rng = random.Random(1)
    while state.draws or state.phase != "action":
        state.apply(state.sample_chance(rng) if state.current_player == -1 else state.legal_moves()[0])
    other = state.copy()
    # swap a rival's hidden card with an equal-deck card of the pile
    card = other.hidden[1][0]
    deck = card // 10
    swap = next(deck * 10 + v for v in range(1, 9) if other.pile[deck][v] and deck * 10 + v != card)
    other.hidden[1] = sorted(other.hidden[1][1:] + [swap])
    other.pile[deck][swap % 10] -= 1
    other.pile[deck][card % 10] += 1
    assert state.observation(0).to_json() == other.observation(0).to_json()

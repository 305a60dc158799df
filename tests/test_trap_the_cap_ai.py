"""Trap the Cap computer players: each level plays legal moves through a short game and sees only
its observation. (Strength and timing are measured outside the test suite.)"""

import random

import pytest

from tabletop.ai.play import play_game
from tabletop.core import Setup
from tabletop.games import get_game
from tabletop.games.trap_the_cap.ai import evaluate
from tabletop.layout import BoardStore

SPEC = get_game("trap_the_cap")
LAYOUT = SPEC.load_layout(BoardStore([]), "golden_cap")


@pytest.mark.parametrize("variant", ["offensive", "total_partners", "golden_cap"])
def test_levels_play_a_short_game(variant):
    options = SPEC.parse_options(variant, {"turn_limit": "15"})
    state = SPEC.new_state(Setup(4, variant, options, LAYOUT))
    agents = [SPEC.make_agent(level) for level in ("hard", "easy", "random", "easy")]
    result = play_game(state, agents, random.Random(3))
    assert result.outcome is not None and result.decisions > 0


def test_evaluation_prefers_trapping():
    from test_trap_the_cap_support import make

    state = make({"R05": ["red"], "R08": ["green"]}, die=3)
    agent = SPEC.make_agent("easy")
    move = agent.choose(state.observation(0), random.Random(1))
    assert move.end == "R08"
    trapped = state.copy()
    trapped.apply(move)
    assert evaluate(trapped, 0) > evaluate(state, 0)


def test_unknown_level_is_refused():
    with pytest.raises(ValueError):
        SPEC.make_agent("genius")

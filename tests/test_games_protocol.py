"""Every registered game, every variant, fewest and most players: seeded random playouts that
check the rules protocol at every step (see protocol_checks.py)."""

import random

import pytest
from protocol_checks import check_playout

from tabletop.core import Setup
from tabletop.games import all_games
from tabletop.layout import BoardStore

STORE = BoardStore([])


def _setups():
    for spec in all_games().values():
        for variant in spec.all_variants(STORE):
            counts = sorted({spec.min_players, spec.max_players})
            for players in counts:
                if spec.extra.get("players_for_variant") and players not in spec.extra["players_for_variant"](variant.id):
                    continue
                yield pytest.param(spec.id, variant.id, players, id=f"{spec.id}-{variant.id}-{players}p")


@pytest.mark.parametrize("game_id,variant,players", list(_setups()))
def test_random_playout(game_id, variant, players):
    spec = all_games()[game_id]
    options = spec.parse_options(variant, {}, STORE)
    layout = spec.load_layout(STORE, variant)
    for seed in range(2):
        state = spec.new_state(Setup(players, variant, options, layout, first_player=random.Random(seed).randrange(players)))
        check_playout(spec, state, seed, json_every=spec.extra.get("json_every", 1))


def test_every_game_registers():
    assert all_games(), "no game is registered"

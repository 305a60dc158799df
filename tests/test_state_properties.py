"""Property tests (hypothesis) over every game and variant: random legal sequences reach only
states that the game's own validator accepts (``from_json`` checks conservation and placement), and
that round-trip exactly; a JSON state damaged at random is either refused with a StateError that
says why, or is a state that round-trips — never a crash of another kind."""

from __future__ import annotations

import copy
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop.core import CHANCE, Setup, StateError
from tabletop.games import all_games
from tabletop.layout import BoardStore

STORE = BoardStore([])
SETUPS = []
for _spec in all_games().values():
    for _variant in _spec.all_variants(STORE):
        allowed = _spec.extra.get("players_for_variant")
        players = [p for p in range(_spec.min_players, _spec.max_players + 1) if not allowed or p in allowed(_variant.id)]
        SETUPS.append(pytest.param(_spec.id, _variant.id, players, id=f"{_spec.id}-{_variant.id}"))

_LAYOUTS: dict = {}


def _start(game_id: str, variant: str, players: int, first: int):
    spec = all_games()[game_id]
    key = (game_id, variant)
    if key not in _LAYOUTS:
        _LAYOUTS[key] = spec.load_layout(STORE, variant)
    options = spec.parse_options(variant, dict(spec.extra.get("bench_options", {})), STORE)
    return spec.new_state(Setup(players, variant, options, _LAYOUTS[key], first_player=first % players))


def _play(state, choices: list[int]):
    for c in choices:
        if state.current_player is None:
            break
        if state.current_player == CHANCE:
            outcomes = state.chance_outcomes()
            move = outcomes[c % len(outcomes)][0]
        else:
            moves = state.legal_moves()
            move = moves[c % len(moves)]
        state.apply(move)
        assert type(state).from_json(json.loads(json.dumps(state.to_json()))) == state
    return state


@pytest.mark.parametrize("game_id,variant,players", SETUPS)
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_random_legal_sequences_stay_valid(game_id, variant, players, data):
    n = data.draw(st.sampled_from(players))
    choices = data.draw(st.lists(st.integers(0, 10**6), min_size=1, max_size=120))
    _play(_start(game_id, variant, n, choices[0]), choices)


def _mutations(value, rng: random.Random):
    """Replace one leaf of a JSON value with something wrong."""
    paths = []

    def walk(v, path):
        if isinstance(v, dict):
            for k, x in v.items():
                walk(x, (*path, k))
        elif isinstance(v, list):
            for i, x in enumerate(v):
                walk(x, (*path, i))
        paths.append(path)

    walk(value, ())
    path = rng.choice(paths[:-1] or paths)
    bad = rng.choice([-1, 10**9, "x", None, [], {}, 3.5, True, [1, 2, 3]])
    damaged = copy.deepcopy(value)
    target = damaged
    for part in path[:-1]:
        target = target[part]
    if path:
        target[path[-1]] = bad
    return damaged, path


@pytest.mark.parametrize("game_id", list(all_games()))
@settings(max_examples=int(__import__("os").environ.get("TABLETOP_FUZZ", "60")), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), steps=st.lists(st.integers(0, 10**6), max_size=60))
def test_damaged_json_is_refused_with_a_reason_or_still_valid(game_id, seed, steps):
    spec = all_games()[game_id]
    state = _play(_start(game_id, spec.default_variant, spec.default_players, seed), steps)
    damaged, path = _mutations(state.to_json(), random.Random(seed))
    try:
        loaded = type(state).from_json(damaged)
    except StateError as exc:
        assert str(exc), f"a refusal must say why (damaged {path})"
        return
    again = type(loaded).from_json(json.loads(json.dumps(loaded.to_json())))
    assert again == loaded, f"an accepted state must round-trip (damaged {path})"

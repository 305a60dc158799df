"""Game-independent checks of the rules protocol, run on seeded random playouts of any game.

At every step: ``current_player`` and ``outcome`` agree; chance outcomes are legal and their
probabilities sum to 1; every legal move has a unique text form that parses back; ``apply``
refuses a move that is not legal; ``copy`` is independent; the JSON round trip is exact. At the
end: the game ended, the record replays to the identical state, and stepping back reaches the
start. ``invariant(state)`` lets a game add its own checks (pieces conserved, ...).
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Callable

import pytest

from tabletop.core import CHANCE, GameSpec, GameState, IllegalMoveError
from tabletop.core.session import Session


class _NotAMove:
    def __str__(self) -> str:
        return "not-a-move"


def check_playout(spec: GameSpec, state: GameState, seed: int, max_moves: int = 20_000,
                  invariant: Callable[[GameState], None] | None = None,
                  json_every: int = 1) -> Session:
    rng = random.Random(seed)
    session = Session(spec, state, seed)
    snapshots = [session.state.to_json()]
    for step in range(max_moves):
        s = session.state
        player = s.current_player
        assert (player is None) == (s.outcome() is not None), "current_player and outcome disagree"
        if invariant:
            invariant(s)
        if step % json_every == 0:
            data = json.loads(json.dumps(s.to_json()))
            again = type(s).from_json(data)
            assert again.to_json() == s.to_json(), "JSON round trip changed the state"
            assert again == s
        if player is None:
            break
        with pytest.raises(IllegalMoveError):
            s.copy().apply(_NotAMove())
        if player == CHANCE:
            outcomes = s.chance_outcomes()
            assert outcomes, "a chance node lists no outcomes"
            assert math.isclose(sum(p for _, p in outcomes), 1.0, rel_tol=1e-9), "chance weights do not sum to 1"
            session.roll()
        else:
            moves = s.legal_moves()
            assert moves, "a player is to move but has no legal move (a pass must be a move)"
            texts = [str(m) for m in moves]
            assert len(set(texts)) == len(texts), f"two legal moves share a text form: {texts}"
            move = rng.choice(moves)
            assert s.parse_move(str(move)) == move
            before = s.to_json()
            probe = s.copy()
            probe.apply(move)
            assert s.to_json() == before, "copy() is not independent"
            session.play(move)
        snapshots.append(session.state.to_json())
    else:
        raise AssertionError(f"the game did not end within {max_moves} moves")

    replayed = Session.from_record(spec, json.loads(json.dumps(session.record())))
    assert replayed.state.to_json() == session.state.to_json(), "the record did not replay exactly"

    back = Session.from_record(spec, session.record())
    for expected in reversed(snapshots[:-1]):
        back.step_back()
        assert back.state.to_json() == expected, "stepping back did not restore the earlier state"
    return session

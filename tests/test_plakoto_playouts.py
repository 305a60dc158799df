"""Seeded random playouts of whole Plakoto matches checking invariants at every step, and the
step-by-step protocol checked against whole-turn generation and the slow reference generator."""

from __future__ import annotations

import random

from test_plakoto_helpers import reference_results, results

from tabletop.ai.play import random_playout
from tabletop.core import CHANCE
from tabletop.games.plakoto.movegen import dice_left
from tabletop.games.plakoto.notation import on_point
from tabletop.games.plakoto.rules import PASS, PlakotoState, Turn


def _pinned(state: PlakotoState, seat: int) -> set[int]:
    return {p for p in range(1, 25) if state.pin[p] and (state.cnt[p] > 0) == (seat == 1)}


def _check(state: PlakotoState) -> None:
    for seat in (0, 1):
        total = sum(on_point(state.cnt, state.pin, p, seat) for p in range(1, 25)) + state.off[seat]
        assert total == 15
    for p in range(1, 25):
        assert state.pin[p] in (0, 1)
        assert not (state.pin[p] and state.cnt[p] == 0)


def test_whole_matches_keep_invariants():
    rng = random.Random(7)
    for match, rule in ((3, "blocks"), (3, "occupies"), (1, "blocks")):
        state = PlakotoState(match, rule, None)
        moves = 0
        while state.current_player is not None:
            assert moves < 50_000, "the match did not end"
            _check(state)
            if state.current_player == CHANCE:
                state.apply(state.sample_chance(rng))
            else:
                seat = state.turn
                pinned_before = _pinned(state, seat)
                games = len(state.games)
                state.apply(rng.choice(state.legal_moves()))
                if len(state.games) == games:
                    # a pinned checker never moves: its opponent's pinner cannot leave in my turn
                    assert pinned_before <= _pinned(state, seat)
            moves += 1
        assert max(state.score) >= match
        assert sum(g.points for g in state.games if g.winner is not None) == sum(state.score)


def test_step_protocol_reaches_exactly_the_legal_turns():
    rng = random.Random(3)
    checked = 0
    for _ in range(3):
        state = PlakotoState(1, "blocks", 0)
        while state.current_player is not None:
            if state.current_player == CHANCE:
                state.apply(state.sample_chance(rng))
                continue
            fresh = len(state.left) == len(dice_left(*state.dice))
            if fresh and rng.random() < 0.5:
                expected = results(state) or {"pass"}
                got = set()
                for move in state.legal_moves():
                    got |= _walk(state, move)
                assert got == expected, state.position
                if state.dice[0] != state.dice[1] or checked % 8 == 0:
                    assert reference_results(state) == (expected - {"pass"})
                checked += 1
            state.apply(rng.choice(state.legal_moves()))
    assert checked > 30


def _walk(state: PlakotoState, move) -> set[str]:
    if move is PASS:
        return {"pass"}
    seat = state.turn
    child = state.copy()
    child.apply(move)
    if child.phase == "move" and child.turn == seat and len(child.games) == len(state.games):
        out: set[str] = set()
        for nxt in child.legal_moves():
            out |= _walk(child, nxt)
        return out
    return {_last_board(state, move)}


def _last_board(state: PlakotoState, move) -> str:
    """The board right after the turn's last step, before any game end resets it."""
    probe = state.copy()
    frame = probe.frame()
    frame.do(move.frm, move.to)
    return probe.turn_points(Turn((), frame.key()))


def test_random_playout_speed_smoke():
    rng = random.Random(1)
    for _ in range(3):
        assert random_playout(PlakotoState(1, "blocks", None), rng) > 0


def _each_step_offered(state: PlakotoState, turn: Turn) -> None:
    probe = state.copy()
    for step in turn.steps:
        assert step in probe.legal_moves(), (state.position, str(turn), step)
        probe.apply(step)


def test_every_whole_turn_is_spelt_as_the_step_list_offers_it():
    """A whole turn's steps are exactly the core's own step moves, die included, one after the
    other: 6-5 bearing off the last checkers from the 2- and 1-points was spelt "2/off" by the 6
    while the step list offers "2/off" by the 5, so whoever played the turn step by step was
    refused (the game hung on such a forced turn)."""
    endgame = PlakotoState.from_notation("w 65 1:w1 2:w1 13:b15 off:w13,b0 start:w")
    for turn in endgame.legal_turns():
        _each_step_offered(endgame, turn)
    rng = random.Random(11)
    checked = 0
    for _ in range(4):
        state = PlakotoState(1, "blocks", None)
        while state.current_player is not None:
            if state.current_player == CHANCE:
                state.apply(state.sample_chance(rng))
                continue
            for turn in state.legal_turns():
                _each_step_offered(state, turn)
                checked += 1
            state.apply(rng.choice(state.legal_moves()))
    assert checked > 1000

"""Plakoto: the end of each game of a match is a state of its own (phase ``next``): its last
position stays on the board, it is saved and written, computer players and ``simulate`` go on by
themselves, and a match to 3 runs through every game end to the match's end."""

from __future__ import annotations

import json
import random

from tabletop.ai.play import play_game
from tabletop.core import CHANCE
from tabletop.core.session import Session
from tabletop.games import get_game
from tabletop.games.plakoto.ai import make_agent
from tabletop.games.plakoto.notation import finished_game
from tabletop.games.plakoto.rules import NEXT_GAME, PlakotoState
from tabletop.saves import SaveSlot
from tabletop.simulate import simulate

SPEC = get_game("plakoto")


def test_a_match_to_three_stops_at_every_game_end():
    rng = random.Random(11)
    state = PlakotoState(3, "blocks", None)
    ends = 0
    while state.current_player is not None:
        before = state.copy()
        if state.current_player == CHANCE:
            move = state.sample_chance(rng)
        else:
            move = rng.choice(state.legal_moves())
        state.apply(move)
        if state.phase != "next":
            continue
        ends += 1
        # the position the last step left is the state: not a new board
        assert before.phase == "move" and finished_game(state.cnt, state.pin, state.off) is not None
        assert state.cnt != PlakotoState(3).cnt
        assert state.current_player == CHANCE and state.legal_moves() == [NEXT_GAME]
        assert state.chance_outcomes() == [(NEXT_GAME, 1.0)] and state.outcome() is None
        result = state.game_result()
        assert result == state.games[-1] and max(state.score) < 3
        text = state.to_notation()
        assert text.startswith("next - ") and PlakotoState.from_notation(text) == state
        assert PlakotoState.from_json(json.loads(json.dumps(state.to_json()))) == state
        assert state.describe_move(NEXT_GAME).startswith("Next game: ")
        starter = state.starter if result.winner is None else result.winner
        state.apply(NEXT_GAME)
        assert state.phase == "roll" and state.turn == state.starter == starter
        assert state.off == [0, 0] and state.cnt[24] == 15 and state.cnt[1] == -15
    assert ends == len(state.games) - 1 >= 1
    assert max(state.score) >= 3 and state.outcome().reason == state.games[-1].reason
    assert state.to_notation().startswith("over - ")


def test_the_game_end_is_saved_and_replayed_and_undo_stops_before_the_next_game(tmp_path):
    state = PlakotoState.from_notation("w 21 1:w1 20:b14 off:w14,b1 match:1-0/3 start:w")
    session = Session(SPEC, state, seed=4, meta={"players": 2, "variant": "standard", "options": {}})
    session.play(session.state.parse_move("1/off"))
    assert session.state.phase == "next" and session.state.score == [2, 0]
    slot = SaveSlot(tmp_path)
    assert slot.write(session)
    loaded = slot.load({"plakoto": SPEC}).session
    assert loaded is not None and loaded.state == session.state and loaded.state.phase == "next"
    assert session.roll() == NEXT_GAME
    assert not session.can_undo()  # going on is a chance step: undo never crosses it
    replayed = Session.from_record(SPEC, json.loads(json.dumps(session.record())))
    assert replayed.state == session.state and replayed.played[-1].text == "next game"


def test_computer_players_play_a_match_to_three_through_its_game_ends():
    agents = [make_agent("easy"), make_agent("random")]
    state = PlakotoState(3, "blocks", None)
    result = play_game(state, agents, random.Random(5))
    assert result.outcome is not None and max(result.outcome.points) >= 3
    assert len(state.games) >= 2


def test_simulate_finishes_matches_to_three():
    data = simulate("plakoto", 2, ["random", "random"], seed=3, options={"match": "3"})
    assert data["finished"] == 2

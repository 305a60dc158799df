"""Captain Flip computer players (smoke: each level finishes games, sees only observations) and
the solo high-score table."""

from __future__ import annotations

import json
import os
import random

import pytest

from tabletop.ai.play import play_game
from tabletop.core import CHANCE, Setup
from tabletop.games.captain_flip import GAME, highscores
from tabletop.games.captain_flip.ai import EasyAgent, HardAgent
from tabletop.games.captain_flip.rules import UNKNOWN
from tabletop.layout import BoardStore

LAYOUT = GAME.load_layout(BoardStore([]), "E")


class _Spy:
    """Wraps an agent and checks that no hidden side reaches it."""

    def __init__(self, agent):
        self.agent = agent
        self.name = agent.name

    def choose(self, state, rng):
        assert state.masked
        for board in state.boards:
            for column in board:
                assert all(t[2] or t[1] == UNKNOWN for t in column)
        if state.drawn is not None:
            assert state.drawn[2] or state.drawn[1] == UNKNOWN
        return self.agent.choose(state, rng)


@pytest.mark.parametrize("players", [1, 3])
def test_levels_play_whole_games_through_observations(players):
    agents = [_Spy(GAME.make_agent(level)) for level in ("random", "easy", "hard")][:players]
    if players == 1:
        agents = [_Spy(HardAgent(playouts=20, min_rounds=2))]
    else:
        agents[2] = _Spy(HardAgent(playouts=20, min_rounds=2))
    state = GAME.new_state(Setup(players, "E", {"dolphin": "on"}, LAYOUT, first_player=0))
    result = play_game(state, agents, random.Random(5))
    assert result.outcome is not None


def test_easy_keeps_a_gunner_only_while_safe():
    state = GAME.new_state(Setup(1, "E", {"dolphin": "off"}, LAYOUT, first_player=0))
    state.apply(state.parse_move("draw Gunner/Swabby"))
    assert str(EasyAgent().choose(state.observation(0), random.Random(1))) == "keep"


def test_unknown_level_is_refused():
    with pytest.raises(ValueError):
        GAME.make_agent("genius")


def test_highscores_add_top_and_corrupt_file(tmp_path):
    path = tmp_path / "scores.json"
    assert highscores.load(path).entries == []
    e1 = highscores.Entry("Ann", "A", 45, "Sailor", "2026-01-01T10:00")
    e2 = highscores.Entry("Bob", "A", 61, "Legend of the Sea", "2026-01-02T10:00")
    e3 = highscores.Entry("Cy", "B", 20, "Landlubber", "2026-01-03T10:00")
    assert highscores.add(path, e1) == (1, "")
    assert highscores.add(path, e2) == (1, "")
    assert highscores.add(path, e3)[0] == 1
    entries = highscores.load(path).entries
    assert [e.name for e in highscores.top(entries, "A")] == ["Bob", "Ann"]
    assert [e.name for e in highscores.top(entries, "B")] == ["Cy"]
    assert json.loads(path.read_text())["format"] == highscores.FORMAT
    path.write_text("{not json")
    loaded = highscores.load(path)
    assert loaded.entries == [] and "corrupt-1" in loaded.message
    assert (tmp_path / "scores.corrupt-1.json").read_text() == "{not json"
    assert not path.exists()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_highscores_named_pipe_is_set_aside_not_waited_on(tmp_path):
    """A named pipe at the table's path would block a plain read for ever (no writer): the reader
    refuses it, moves it aside and says what it is, and the next result starts a new table."""
    path = tmp_path / "highscores.json"
    os.mkfifo(path)
    loaded = highscores.load(path)
    assert loaded.entries == []
    assert "named pipe" in loaded.message and "highscores.corrupt-1.json" in loaded.message
    assert not path.exists() and (tmp_path / "highscores.corrupt-1.json").exists()
    place, message = highscores.add(path, highscores.Entry("Ann", "A", 45, "Sailor", "2026-01-01T10:00"))
    assert place == 1 and message == ""


def test_hard_thinks_the_same_on_a_busy_machine(monkeypatch):
    """The same seed and position give the same move at any machine load: the search counts
    playouts, not seconds (it stopped at 0.3 s of wall-clock time, so a loaded machine ran fewer
    rounds and could pick another move). A clock that races ahead changes nothing here."""
    import time

    from tabletop.games.captain_flip import ai

    state = GAME.new_state(Setup(3, "E", {"dolphin": "off"}, LAYOUT, first_player=0))
    rng = random.Random(2)
    while state.current_player == CHANCE or len(state.legal_moves()) < 4:
        if state.current_player == CHANCE:
            state.apply_unchecked(state.sample_chance(rng))
        else:
            state.apply(rng.choice(state.legal_moves()))
    seat = state.current_player
    moves = state.legal_moves()
    assert seat is not None and len(moves) >= 4
    agent = HardAgent(playouts=400)
    calm = agent.choose(state.observation(seat), random.Random(7))
    runs = []
    real = ai.playout

    def counted(*args):
        runs.append(1)
        return real(*args)

    monkeypatch.setattr(ai, "playout", counted)
    clock = iter(range(0, 10**9, 5))
    monkeypatch.setattr(time, "perf_counter", lambda: float(next(clock)))  # five seconds a look
    busy = agent.choose(state.observation(seat), random.Random(7))
    assert busy == calm
    assert len(runs) == agent.rounds_for(len(moves)) * len(moves) == (400 // len(moves)) * len(moves)

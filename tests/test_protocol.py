"""The rules protocol proven on the test-only Dash game, plus the session (undo, records)."""

import json

import pytest
from protocol_checks import check_playout
from toygame import DASH, DashState, Step

from tabletop.core import CHANCE, IllegalMoveError, Setup, StateError
from tabletop.core.session import RecordError, Session


def new(players=2, goal=20):
    return DASH.new_state(Setup(players, "normal", {"goal": goal}))


@pytest.mark.parametrize("seed", range(5))
@pytest.mark.parametrize("players", [2, 3])
def test_random_playouts_keep_the_protocol(seed, players):
    check_playout(DASH, new(players), seed)


def test_chance_is_seeded_and_undo_never_rerolls():
    a = Session(DASH, new(), seed=7)
    b = Session(DASH, new(), seed=7)
    assert a.roll() == b.roll()
    a.play(Step("walk"))
    assert a.can_undo()
    a.undo()
    assert not a.can_undo(), "undo must not cross the roll"
    assert a.state.roll is not None


def test_undo_never_takes_back_a_move_that_revealed_something(monkeypatch):
    """A move the state says revealed something hidden (``reveals``) stands like a roll: undo
    stops before it, in the session and after a record's replay; a move after it may be undone."""
    monkeypatch.setattr(DashState, "reveals", lambda self, after: self.roll is not None and after.turn == 1)
    session = Session(DASH, new(), seed=7)
    session.roll()
    session.play(Step("sneak"))  # seat 0's move "reveals"
    assert not session.can_undo()
    with pytest.raises(IllegalMoveError):
        session.undo()
    session.roll()
    session.play(Step("walk"))  # seat 1's does not
    assert session.can_undo()
    replayed = Session.from_record(DASH, session.record(), upto=2)
    assert not replayed.can_undo()
    replayed.step_back()  # the replay viewer still steps back over it
    assert replayed.can_undo() is False and len(replayed.played) == 1


def test_illegal_move_is_refused():
    state = new()
    with pytest.raises(IllegalMoveError):
        state.apply(Step("walk"))  # the die has not been rolled
    assert state.current_player == CHANCE


def test_record_replays_and_names_the_bad_move():
    session = Session(DASH, new(), seed=3)
    for _ in range(6):
        session.roll()
        session.play(Step("sneak"))
    record = json.loads(json.dumps(session.record()))
    assert Session.from_record(DASH, record).state == session.state
    record["moves"][3][1] = "fly"
    with pytest.raises(RecordError) as info:
        Session.from_record(DASH, record)
    assert info.value.index == 3
    assert len(info.value.session.played) == 3


@pytest.mark.parametrize("bad", [None, {}, {"game": "dash"}, {"game": "dash", "players": "x"},
                                 {"game": "dash", "players": 2, "goal": 5, "pos": [-1, 0], "turn": 0,
                                  "roll": None}])
def test_from_json_refuses_bad_data(bad):
    with pytest.raises(StateError):
        DashState.from_json(bad)


def test_options_are_validated():
    from tabletop.core.spec import OptionError
    assert DASH.parse_options("normal", {"goal": "30"}) == {"goal": 30}
    with pytest.raises(OptionError, match="unknown option"):
        DASH.parse_options("normal", {"speed": "1"})
    with pytest.raises(OptionError, match="from 5 to 100"):
        DASH.parse_options("normal", {"goal": "1000"})
    with pytest.raises(OptionError, match="unknown variant"):
        DASH.parse_options("turbo", {})

"""Trap the Cap: the rulings of issues 17 and 20 (rules/trap_the_cap.md, "Golden cap" and "End and
winner"), each from its example: a golden move entering its owner's hideout twice, the grey limit at
the end of a golden first leg, rounds counted from the first player, and an owned golden cap as a
prisoner."""

import pytest
from test_trap_the_cap_support import LAYOUT, make, render

from tabletop import i18n
from tabletop.core import Setup, StateError
from tabletop.games import get_game
from tabletop.games.trap_the_cap.rules import Roll, TrapState

TWICE_HOME = "gold:R25-R26-H_SW-R26-S_SW_1-R26-H_SW"


def golden(stacks, to_move, die, seats, **more):
    return make(stacks, to_move=to_move, die=die, variant="golden_cap", gold=to_move, seats=seats, **more)


def texts(state):
    return {str(m) for m in state.legal_moves()}


@pytest.fixture
def russian():
    i18n.set_language("ru")
    yield
    i18n.set_language("en")


# -- a golden move may enter its owner's hideout more than once ------------------------------------
def twice_home_position():
    """The ruling's example: yellow's golden cap on R25 on top of a green cap, another green cap on
    S_SW_1 (yellow's spoke), die 6."""
    return golden({"R25": ["green+gold"], "S_SW_1": ["green"]}, "yellow", 6, ("green", "yellow"))


def test_the_golden_cap_enters_its_hideout_in_both_legs():
    state = twice_home_position()
    assert TWICE_HOME in texts(state)
    move = state.parse_move(TWICE_HOME)
    assert move.walk.visits == (2, 6) and move.walk.turn == 4
    state.apply(move)
    # first entry: the green prisoner is locked up; S_SW_1: the other green cap trapped at the end
    # of the first leg; second entry: it is locked up too, and the move ends at home
    assert state.locked[2] == [1, 1]
    assert sorted(state.stacks_at("H_SW")) == [("gold",)] + [("yellow",)] * 4
    assert state.stacks_at("S_SW_1") == [] and state.stacks_at("R25") == []
    assert state.prisoners(2) == 2


def test_each_entry_needs_something_to_unload():
    # Without the second green cap the golden cap comes back empty-handed: no second entry.
    state = golden({"R25": ["green+gold"]}, "yellow", 6, ("green", "yellow"))
    assert TWICE_HOME not in texts(state)
    assert "gold:R25-R26-H_SW-R26-S_SW_1-S_SW_2-S_SW_3" in texts(state)
    # Empty at the first entry, loaded for the second: only the second entry is made.
    state = golden({"R27": ["gold"], "R25": ["green"]}, "yellow", 5, ("green", "yellow"))
    assert "gold:R27-R26-R25-R26-H_SW-R26" in texts(state)
    assert not any(m.count("H_SW") > 1 for m in texts(state))


def test_the_turn_of_a_leg_never_leads_straight_back_into_the_hideout():
    """Decided (the ruling is silent): stepping out of the hideout is the hideout's own reversal,
    and the golden turn is never made in it, nor from its doorstep straight back in; so a golden
    cap waiting at home cannot trap on its junction and go straight home again."""
    state = golden({"R26": ["green"]}, "yellow", 2, ("green", "yellow"), home={"yellow": ["yellow"] * 4 + ["gold"]})
    assert {m for m in texts(state) if m.startswith("gold:")} == {
        "gold:H_SW-R26-R25", "gold:H_SW-R26-R27", "gold:H_SW-R26-S_SW_1"}
    state = golden({"R27": ["green+gold"], "R26": ["green"]}, "yellow", 4, ("green", "yellow"))
    assert "gold:R27-R26-H_SW-R26-H_SW" not in texts(state)


def test_a_tower_still_enters_at_most_once():
    state = make({"R02": ["blue+red"], "R01": ["green"]}, die=6)
    assert all(m.count("H_NE") <= 1 for m in texts(state))


def test_the_log_reads_both_entries_in_english_and_russian(russian):
    state = twice_home_position()
    move = state.parse_move(TWICE_HOME)
    assert state.describe_move(move) == (
        "Жёлтый: Жёлтый–Зелёный\u00a01->Жёлтый домик->Жёлтый луч\u00a01->Жёлтый домик — ведёт золотой колпачок в домик "
        "на 2\u00a0клетки, запирает пленников: 1, затем выходит на 2\u00a0клетки, ловит там 1 колпачок (Зелёный), "
        "затем на 2\u00a0клетки назад в домик, запирает пленников: 1.")
    i18n.set_language("en")
    assert state.describe_move(move) == (
        "Yellow: Yellow–Green\u00a01->Yellow hideout->Yellow spoke\u00a01->Yellow hideout — moves the golden cap 2 fields "
        "into the hideout, locks up 1 prisoner, then 2 fields out, traps 1 cap (Green) there, then 2 fields back "
        "into the hideout, locks up 1 prisoner.")
    # trap first, then home, then out again: every stop of the walk is named, from start to end;
    # the first leg goes "forward" (as the rules' "forwards 2, trap, back 3"), not "out": that
    # word is for leaving the hideout
    other = state.parse_move("gold:R25-R26-S_SW_1-R26-H_SW-R26-R27")
    assert state.describe_move(other) == (
        "Yellow: Yellow–Green\u00a01->Yellow spoke\u00a01->Yellow hideout->Yellow–Blue\u00a01 — moves the golden cap 2 fields "
        "forward, traps 1 cap (Green) there, then 2 fields back into the hideout, locks up 2 prisoners, then 2 fields out.")
    assert state.describe_move(other, ["Ann", "Bob"]).startswith("Bob: "), "the app's name for the seat"


# -- the end of the first leg is a landing: the grey limit applies there ---------------------------
def grey_position(r10):
    """The ruling's example: red on R05, green's golden cap on R08, ``r10`` on the grey R10, die 5."""
    return golden({"R05": ["red"], "R08": ["gold"], "R10": r10}, "green", 5, ("red", "green"))


def test_a_first_leg_may_not_make_four_on_a_grey_field():
    assert "gold:R08-R09-R10-R09-R08-R07" not in texts(grey_position(["green", "green", "green"]))
    assert "gold:R08-R09-R10-R11-R12-R13" in texts(grey_position(["green", "green", "green"]))  # passing over
    assert "gold:R08-R09-R10-R09-R08-R07" in texts(grey_position(["green", "green"]))


def test_the_grey_count_is_taken_after_trapping_there():
    state = grey_position(["green", "green", "red"])
    move = "gold:R08-R09-R10-R09-R08-R07"
    assert move in texts(state)
    state.apply(state.parse_move(move))
    assert state.stacks_at("R07") == [("red", "gold")]
    assert sorted(state.stacks_at("R10")) == [("green",), ("green",)]


# -- rounds are counted from the first player -------------------------------------------------------
def test_rounds_count_from_the_first_player():
    """The repro: yellow and blue play, blue begins, limit 2: blue, yellow, blue, yellow."""
    spec = get_game("trap_the_cap")
    options = spec.parse_options("offensive", {"colours": "yellow,blue", "turn_limit": "2"})
    state = spec.new_state(Setup(2, "offensive", options, LAYOUT, first_player=1))
    movers = []
    while state.current_player is not None:
        movers.append(state.colour_to_move)
        state.apply(Roll(2))
        state.apply(state.legal_moves()[0])
    assert movers == ["blue", "yellow", "blue", "yellow"]
    assert state.rounds == 2 and state.outcome().reason == "turn_limit"
    assert TrapState.from_json(state.to_json()).first == 1


def test_a_round_ends_at_the_first_seat_even_when_it_is_out_of_play():
    # green began and has been trapped out of play; yellow then red finish the round
    state = make({"R05": ["red"], "R30": ["yellow"]}, to_move="yellow", die=2, seats=("red", "green", "yellow"),
                 home={"green": []}, locked={"red": ["green"] * 4}, first="green", turn_limit=1)
    state.apply(state.legal_moves()[0])
    assert state.current_player is not None and state.colour_to_move == "red" and state.rounds == 0
    state.apply(Roll(3))
    state.apply(state.legal_moves()[0])
    assert state.current_player is None and state.rounds == 1


def test_the_first_seat_is_kept_and_checked():
    state = make({}, first="blue")
    assert state.first == 3 and TrapState.from_json(state.to_json()) == state
    old_save = state.to_json()
    del old_save["first"]
    assert TrapState.from_json(old_save).first == 0
    with pytest.raises(StateError):
        make({}, first="blue", seats=("red", "green"))
    with pytest.raises(StateError):
        TrapState.from_json(dict(state.to_json(), first=4))


# -- an owned golden cap is a prisoner of whoever else holds it -------------------------------------
def test_an_owned_golden_cap_trapped_is_a_prisoner():
    """The repro: at the turn limit R02 holds red, the golden cap (red's) and green on top."""
    state = make({"R02": ["red+gold+green"]}, to_move="red", variant="golden_cap", gold="red",
                 seats=("red", "green"), rounds=5, turn_limit=5)
    assert state.prisoners(1) == 2 and state.prisoners(0) == 0
    out = state.outcome()
    assert out.reason == "turn_limit" and out.winners == (1,) and out.points == (0.0, 2.0)


def test_an_unowned_or_own_golden_cap_is_nobodys_prisoner():
    state = make({"R02": ["gold+green"]}, to_move="red", variant="golden_cap", seats=("red", "green"))
    assert state.prisoners(1) == 0
    # red's own golden cap under a tower red commands again is not red's prisoner
    state = make({"R02": ["gold+green+red"]}, to_move="red", variant="golden_cap", gold="red",
                 seats=("red", "green"))
    assert state.prisoners(0) == 1
    assert "R02:gold+green+red" in render(state)


def test_a_partners_cap_is_never_held_locked_up():
    """Unloading frees the partner's caps too, so no position holds one locked up. Seen in a real
    window: red holding a yellow cap locked up in a partners game was taken, and the result card's
    "Locked up" column then left it out (a partner's caps never count)."""
    text = ("red - R07:red R35:red+green R36:red R49:blue S_SW_5:yellow home:red=red;green=green,green,green;"
            "yellow=yellow,yellow;blue=blue,blue locked:red={locked} gold:- variant:partners")
    assert TrapState.from_notation(text.format(locked="green,blue").replace("green,green,green", "green,green")
                                   .replace("yellow=yellow,yellow", "yellow=yellow,yellow,yellow"), LAYOUT)
    with pytest.raises(StateError):
        TrapState.from_notation(text.format(locked="yellow,blue"), LAYOUT)

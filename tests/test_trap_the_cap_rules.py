"""Trap the Cap: one scenario per ruling of rules/trap_the_cap.md and per variant, legal-move counts
on fixed positions, and seeded random playouts with the game's invariants."""

import random

import pytest
from test_trap_the_cap_support import LAYOUT, ends, make, render, rules_for

from tabletop.core import CHANCE, IllegalMoveError, Setup, StateError
from tabletop.core.spec import OptionError
from tabletop.games import get_game
from tabletop.games.trap_the_cap.rules import GOLD, PASS, Move, Roll, TrapState

SPEC = get_game("trap_the_cap")


def play(state, start, end, stack=0):
    """Apply the single move of the piece on ``start`` ending on ``end``."""
    moves = [m for m in state.destinations(start, stack).get(end, [])]
    assert len(moves) == 1, f"{start}->{end}: {moves}"
    state.apply(moves[0])
    return moves[0]


# -- the board ---------------------------------------------------------------------------------------
def test_board_graph_matches_the_ruling():
    topo = LAYOUT.topology
    assert len(topo.names) == 81
    assert sum(len(n) for n in topo.neighbours) // 2 == 84
    grey = {topo.names[i] for i, g in enumerate(topo.grey) if g}
    assert grey == {"R03", "R10", "R16", "R23", "R29", "R36", "R42", "R49",
                    "S_NE_3", "S_NW_3", "S_SW_3", "S_SE_3"}
    assert {c: topo.names[h] for c, h in topo.hideouts.items()} == {
        "red": "H_NE", "green": "H_NW", "yellow": "H_SW", "blue": "H_SE"}
    assert topo.names[topo.centre] == "C"
    for hideout in topo.hideouts.values():
        assert len(topo.neighbours[hideout]) == 1


# -- a turn ------------------------------------------------------------------------------------------
def test_walk_never_steps_straight_back():
    state = make({"R05": ["red"]}, die=3)
    assert ends(state, "R05") == {"R02", "R08"}


def test_any_branch_at_a_junction():
    state = make({"R50": ["red"]}, die=4)
    assert ends(state, "R50") == {"R02", "S_NE_2", "R46"}


def test_any_branch_at_the_centre():
    state = make({"S_NE_5": ["red"]}, die=3)
    assert ends(state, "S_NE_5") == {"S_NW_6", "S_SW_6", "S_SE_6", "S_NE_2"}


def test_leaving_the_hideout_first_step_is_the_junction():
    state = make({}, die=1)
    assert [str(m) for m in state.legal_moves()] == ["red:H_NE-R00"]
    state = make({}, die=6)
    assert sorted(str(m) for m in state.legal_moves()) == [
        "red:H_NE-R00-R01-R02-R03-R04-R05", "red:H_NE-R00-R51-R50-R49-R48-R47",
        "red:H_NE-R00-S_NE_1-S_NE_2-S_NE_3-S_NE_4-S_NE_5"]


def test_passing_over_caps_does_nothing():
    state = make({"R05": ["red"], "R06": ["green"], "R07": ["blue+yellow"]}, die=3)
    play(state, "R05", "R08")
    assert state.stacks_at("R06") == [("green",)] and state.stacks_at("R08") == [("red",)]


BOXED = {"R13": ["red"], "R10": ["green", "blue", "yellow"], "R16": ["green", "blue", "yellow"],
         "S_NW_3": ["green", "blue", "yellow"]}
"""Red's one free cap on the NW junction; all three fields 3 away are full grey fields."""


def test_must_move_else_pass():
    state = make(BOXED, locked={"green": ["red", "red", "red"]}, die=3)
    assert state.legal_moves() == [PASS]
    assert "cannot move" in state.describe_move(PASS)
    state.apply(PASS)
    assert state.current_player == CHANCE and state.colour_to_move == "green"
    state = make(BOXED, locked={"green": ["red", "red", "red"]}, die=2)
    assert state.legal_moves() != [PASS]
    with pytest.raises(IllegalMoveError):
        state.apply(PASS)


def test_a_six_rolls_again_also_after_a_pass():
    state = make({}, die=6)
    state.apply(state.legal_moves()[0])
    assert state.current_player == CHANCE and state.colour_to_move == "red"
    state.apply(Roll(6))
    state.apply(state.legal_moves()[0])
    assert state.colour_to_move == "red"
    state.apply(Roll(2))
    state.apply(state.legal_moves()[0])
    assert state.colour_to_move == "green"
    # No move on a 6: the same player rolls again (the die is forced to 6 after the moves were
    # found, because no position blocks every 6-step walk on the real board).
    state = make(BOXED, locked={"green": ["red", "red", "red"]}, die=3)
    assert state.legal_moves() == [PASS]
    state.die = 6
    assert "rolls again" in state.describe_move(PASS)
    state.apply(PASS)
    assert state.colour_to_move == "red" and state.current_player == CHANCE


# -- landing -----------------------------------------------------------------------------------------
def test_trap_on_yellow_takes_every_stack():
    state = make({"R05": ["red"], "R08": ["green", "yellow+blue"]}, die=3)
    play(state, "R05", "R08")
    assert state.stacks_at("R08") == [("green", "yellow", "blue", "red")]
    assert state.prisoners(0) == 3


def test_own_caps_stand_side_by_side_on_yellow():
    state = make({"R05": ["red"], "R08": ["red"]}, die=3)
    play(state, "R05", "R08")
    assert state.stacks_at("R08") == [("red",), ("red",)]


def test_partner_caps_are_not_trapped():
    teams = [["red", "yellow"], ["green", "blue"]]
    state = make({"R05": ["red"], "R08": ["yellow", "green"]}, die=3, variant="partners", teams=teams)
    play(state, "R05", "R08")
    assert sorted(state.stacks_at("R08")) == [("green", "red"), ("yellow",)]


def test_grey_holds_three_stacks_and_nobody_is_trapped():
    state = make({"R05": ["red"], "R08": ["red"], "R10": ["green", "blue"]}, die=5)
    assert "R10" in ends(state, "R05")
    play(state, "R05", "R10")
    assert sorted(state.stacks_at("R10")) == [("blue",), ("green",), ("red",)]
    state.apply(Roll(2))  # green's turn now; then back to red with a full grey field
    state = make({"R05": ["red"], "R10": ["green", "blue", "yellow"]}, die=5)
    assert "R10" not in ends(state, "R05")


def test_a_tower_is_commanded_by_its_top_cap_and_trapped_whole():
    state = make({"R05": ["green+red"], "R08": ["blue"]}, to_move="green", die=3)
    assert "R05" not in {m.start for m in state.legal_moves() if isinstance(m, Move)}
    state = make({"R05": ["green+red"], "R08": ["blue"]}, to_move="red", die=3)
    play(state, "R05", "R08")
    assert state.stacks_at("R08") == [("blue", "green", "red")]
    state = make({"R05": ["green+red"], "R02": ["blue"]}, to_move="blue", die=3)
    play(state, "R02", "R05")
    assert state.stacks_at("R05") == [("green", "red", "blue")]


# -- the hideout -------------------------------------------------------------------------------------
def test_no_entry_without_prisoners_and_never_into_another_hideout():
    state = make({"R02": ["red"]}, die=3)
    assert all("H_NE" not in m.path[1:] for m in state.legal_moves())
    state = make({"R02": ["red+green"]}, to_move="green", die=3)
    assert all("H_NE" not in m.path for m in state.legal_moves() if isinstance(m, Move))


def test_entry_counts_one_step_and_need_not_be_exact():
    # Exactly: R02-R01-R00-H_NE with 3; unloading frees red, locks green.
    state = make({"R02": ["red+green+red"]}, home={"red": ["red"]}, locked={"blue": ["red"]}, die=3)
    assert "H_NE" in ends(state, "R02")
    play(state, "R02", "H_NE")
    assert sorted(state.stacks_at("H_NE")) == [("red",)] * 3
    assert [c for c in state.locked[0]] == [1]
    # Not exact: 5 steps = 2 to the junction, 1 in, then out to R00 and one more on any branch
    # (back towards R01 is allowed: the reversal was at the hideout).
    state = make({"R02": ["blue+red"]}, die=5)
    home_ends = {m.end for m in state.legal_moves() if m.start == "R02" and "H_NE" in m.path}
    assert home_ends == {"R01", "R51", "S_NE_1"}
    move = next(m for m in state.legal_moves() if "H_NE" in m.path and m.end == "R01")
    assert str(move) == "red:R02-R01-R00-H_NE-R00-R01"
    state.apply(move)
    assert state.stacks_at("R01") == [("red",)] and state.locked[0] == [3]


def test_distinct_results_ending_on_one_field_stay_distinct_moves():
    state = make({"R05": ["gold"], "R07": ["blue"], "R08": ["green"]}, gold="red", die=4, variant="golden_cap")
    back_home = [str(m) for m in state.destinations("R05")["R05"]]
    assert "gold:R05-R06-R07-R06-R05" in back_home and len(back_home) == len(set(back_home)) >= 2
    state = make({"R01": ["blue+red"]}, die=4)
    assert set(state.destinations("R01")) == {"R05", "R49", "S_NE_3", "R01", "R51", "S_NE_1"}


def test_partner_prisoners_are_freed_to_their_own_hideout():
    teams = [["red", "yellow"], ["green", "blue"]]
    state = make({"R01": ["yellow+green+red"]}, die=2, variant="partners", teams=teams)
    play(state, "R01", "H_NE")
    assert state.stacks_at("H_SW").count(("yellow",)) == 4
    assert state.locked[0] == [1]


def test_total_partners_move_partner_pieces_but_enter_only_own_hideout():
    teams = [["red", "yellow"], ["green", "blue"]]
    state = make({"R01": ["green+yellow"], "R30": ["red"]}, die=2, variant="total_partners", teams=teams)
    starts = {m.start for m in state.legal_moves()}
    assert {"R01", "R30", "H_NE", "H_SW"} <= starts
    assert all(m.end != "H_NE" for m in state.legal_moves() if m.start == "R01")
    state = make({"R01": ["green+yellow"]}, die=2, variant="partners", teams=teams)
    assert "R01" not in {m.start for m in state.legal_moves()}


def test_tower_race_never_goes_home():
    state = make({"R02": ["blue+red"]}, die=3, variant="tower_race")
    assert ends(state, "R02") == {"R05", "S_NE_1", "R51"}


# -- the end -----------------------------------------------------------------------------------------
def test_game_ends_when_one_player_is_left_offensive_scoring():
    state = make({"R05": ["red"], "R08": ["green+blue+yellow"]},
                 locked={"red": ["green", "green", "green", "blue", "blue", "blue", "yellow", "yellow", "yellow"]},
                 die=3)
    play(state, "R05", "R08")
    assert state.current_player is None
    out = state.outcome()
    assert out.reason == "trapped" and out.winners == (0,)
    assert out.points[0] == 12


def test_offensive_ties_are_shared():
    state = make({}, locked={"red": ["green", "green"], "green": ["red", "red"]}, die=None, turn_limit=5)
    state.rounds = 5
    state._refresh()
    out = state.outcome()
    assert out.reason == "turn_limit" and out.winners == (0, 1) and out.points == (2, 2, 0, 0)


def test_defensive_winner_is_the_last_in_play():
    kw = dict(variant="defensive", die=3, home={"red": [], "green": [], "blue": [], "yellow": []},
              locked={"green": ["red", "red", "red", "yellow", "yellow", "yellow", "yellow"],
                      "blue": ["green", "green", "green"], "red": ["blue", "blue", "blue"]})
    state = make({"R05": ["red"], "R08": ["green+blue"]}, **kw)
    play(state, "R05", "R08")
    out = state.outcome()
    assert out.reason == "last_in_play" and out.winners == (0,)


def test_partners_team_wins_together():
    teams = [["red", "yellow"], ["green", "blue"]]
    state = make({"R05": ["red"], "R08": ["green+blue"], "R20": ["yellow"]}, variant="partners", teams=teams,
                 die=3, home={"red": [], "green": [], "blue": [], "yellow": []},
                 locked={"red": ["green", "green", "green"], "yellow": ["blue", "blue", "blue"],
                         "green": ["red", "red", "red"], "blue": ["yellow", "yellow", "yellow"]})
    play(state, "R05", "R08")
    out = state.outcome()
    assert out.winners == (0, 2) and out.points == (8, 6, 8, 6)


def test_turn_limit_scores_as_offensive():
    state = make({"R05": ["red"], "R08": ["green+blue"]}, die=2, turn_limit=3)
    state.rounds = 2
    state.turn = 3
    state.die = 2
    state._moves = None
    state.apply(state.legal_moves()[0])
    out = state.outcome()
    assert out is not None and out.reason == "turn_limit" and "200" not in out.detail and "3 rounds" in out.detail


def test_free_caps_are_those_on_top_at_home_or_on_the_board():
    """What the players list shows in a game won by staying in play: a cap under a tower is not
    free, one waiting at home is; a player with none is out of play."""
    state = make({"R05": ["green+green+red"], "R20": ["red+blue"], "R29": ["yellow", "red"]},
                 home={"red": ["red"], "green": [], "blue": ["blue", "blue", "blue"]},
                 locked={"yellow": ["green", "green"]}, variant="defensive")
    assert [state.free_caps(c) for c in range(4)] == [3, 0, 4, 4]
    assert [state.caps_of(c) for c in range(4)] == [4, 4, 4, 4]
    assert state.in_play() == {0, 2, 3}


def test_an_owned_golden_cap_is_one_of_its_owners_free_caps():
    state = make({"R02": ["green+gold"]}, variant="golden_cap", gold="red", seats=("red", "green"))
    assert (state.free_caps(0), state.caps_of(0)) == (5, 5)
    assert (state.free_caps(1), state.caps_of(1)) == (3, 4)
    trapped = make({"R02": ["gold+green"]}, variant="golden_cap", gold="red", seats=("red", "green"))
    assert (trapped.free_caps(0), trapped.caps_of(0)) == (4, 5)
    unowned = make({"C": ["gold"]}, variant="golden_cap", seats=("red", "green"))
    assert [unowned.free_caps(c) for c in (0, 1)] == [4, 4] and unowned.caps_of(0) == 4


@pytest.mark.parametrize(("variant", "scoring", "last"), [
    ("offensive", "offensive", False), ("defensive", "offensive", True), ("tower_race", "offensive", True),
    ("golden_cap", "offensive", False), ("partners", "offensive", False), ("partners", "defensive", True),
    ("total_partners", "defensive", True)])
def test_which_games_the_last_in_play_wins(variant, scoring, last):
    teams = [["red", "yellow"], ["green", "blue"]] if "partners" in variant else None
    assert rules_for(variant, teams, scoring=scoring).last_in_play_wins is last


def test_a_player_out_of_play_is_skipped():
    state = make({"R05": ["red"], "R08": ["green+blue"]}, home={"green": []},
                 locked={"blue": ["green", "green", "green"]}, die=2, to_move="red")
    state.apply(state.legal_moves()[0])
    assert state.colour_to_move == "yellow"


# -- golden cap --------------------------------------------------------------------------------------
def test_golden_cap_starts_on_the_centre_and_is_trapped_like_any_cap():
    state = SPEC.new_state(Setup(4, "golden_cap", SPEC.parse_options("golden_cap", {}), LAYOUT))
    assert state.stacks_at("C") == [("gold",)]
    state = make({"S_NE_4": ["red"], "C": ["gold"]}, die=3, variant="golden_cap")
    play(state, "S_NE_4", "C")
    assert state.stacks_at("C") == [("gold", "red")]


def test_bringing_the_golden_cap_home_makes_it_yours():
    state = make({"R02": ["gold+red"]}, die=3, variant="golden_cap")
    play(state, "R02", "H_NE")
    assert state.golden_owner == 0 and ("gold",) in state.stacks_at("H_NE")
    # Now it moves like red's caps, and is trapped by others.
    state.rounds, state.turn, state.die, state._moves = 0, 0, 1, None
    assert any(m.label == "gold" for m in state.legal_moves())


def test_golden_cap_traps_on_grey_and_moves_in_two_legs():
    state = make({"R05": ["gold"], "R03": ["green"], "R07": ["blue"]}, gold="red", die=4,
                 variant="golden_cap")
    dest = state.destinations("R05")
    # Forwards 2 to R07 (trap blue), back 2 to R05... and forward 2 to R03 (grey: trap green).
    moves = {str(m) for ms in dest.values() for m in ms}
    assert "gold:R05-R06-R07-R06-R05" in moves
    assert "gold:R05-R04-R03-R04-R05" in moves
    move = state.parse_move("gold:R05-R06-R07-R06-R05")
    state.apply(move)
    assert state.stacks_at("R05") == [("blue", "gold")]
    state = make({"R05": ["gold"], "R03": ["green"], "R07": ["blue"]}, gold="red", die=6,
                 variant="golden_cap")
    state.apply(state.parse_move("gold:R05-R04-R03-R04-R05-R06-R07"))
    assert state.stacks_at("R07") == [("blue", "green", "gold")]


def test_golden_cap_winner_is_the_owner():
    state = make({"R05": ["gold"], "R08": ["green+blue+yellow"]}, gold="red", home={"red": []},
                 locked={"red": ["green", "green", "green", "blue", "blue", "blue"],
                         "green": ["red", "red", "red", "red"], "blue": ["yellow", "yellow", "yellow"]},
                 die=3, variant="golden_cap")
    play(state, "R05", "R08")
    out = state.outcome()
    assert out.reason == "golden_cap" and out.winners == (0,)


# -- legal-move counts --------------------------------------------------------------------------------
@pytest.mark.parametrize("die,count", [(1, 1), (2, 3), (5, 3), (6, 3)])
def test_opening_move_counts(die, count):
    state = SPEC.new_state(Setup(4, "offensive", SPEC.parse_options("offensive", {}), LAYOUT))
    state.apply(Roll(die))
    assert len(state.legal_moves()) == count


def test_move_counts_of_a_busy_position():
    state = make({"R00": ["red"], "S_NE_6": ["green+red"], "R10": ["red", "blue"], "C": ["yellow"]}, die=4,
                 home={"red": ["red"]})
    texts = sorted(str(m) for m in state.legal_moves())
    assert len(texts) == len(set(texts))
    # R00: 3 branches; S_NE_6 (a tower): 3 spokes past C + back to S_NE_2; R10 (grey, beside a blue
    # cap): R06, R14, S_NW_1; from home: R03, R49, S_NE_3.
    assert len(texts) == 3 + 4 + 3 + 3


# -- options and set-up -------------------------------------------------------------------------------
def test_colours_option_and_players_per_variant():
    options = SPEC.parse_options("offensive", {"colours": "green,blue"})
    state = SPEC.new_state(Setup(2, "offensive", options, LAYOUT))
    assert state.rules.seats == (1, 3)
    state = SPEC.new_state(Setup(2, "offensive", SPEC.parse_options("offensive", {}), LAYOUT))
    assert state.rules.seats == (0, 2)
    with pytest.raises(OptionError):
        SPEC.new_state(Setup(2, "partners", SPEC.parse_options("partners", {}), LAYOUT))
    with pytest.raises(OptionError):
        SPEC.new_state(Setup(3, "offensive", options, LAYOUT))
    assert SPEC.extra["players_for_variant"]("partners") == (4,)
    options = SPEC.parse_options("partners", {"teams": "red+green"})
    state = SPEC.new_state(Setup(4, "partners", options, LAYOUT))
    assert state.rules.team[0] == state.rules.team[1] != state.rules.team[2] == state.rules.team[3]


def test_bad_states_are_refused():
    good = make({"R05": ["red"]}, die=2).to_json()
    assert TrapState.from_json(good) == make({"R05": ["red"]}, die=2)
    for damage in ({"stacks": {"R05": [["red"], ["red"]]}}, {"stacks": {"R99": [["red"]]}},
                   {"turn": 9}, {"die": 7}, {"stacks": {"H_NW": [["red"]]}}, {"board": "x"}):
        bad = dict(good, **damage)
        with pytest.raises(StateError):
            TrapState.from_json(bad)
    with pytest.raises(IllegalMoveError):
        make({"R05": ["red"]}, die=2).apply(Move("red", ("R05", "R06")))


# -- random playouts with invariants --------------------------------------------------------------------
def invariant(state):
    counts = {}
    topo = state.rules.topology
    for node, piles in state.occ.items():
        assert piles, "an empty stack list is left on a field"
        if topo.grey[node]:
            assert len(piles) <= 3, f"{topo.names[node]} holds {len(piles)} stacks"
        if topo.is_hideout[node]:
            owner = next(c for c, h in topo.hideouts.items() if h == node)
            for pile in piles:
                assert len(pile) == 1
                colour = state.golden_owner if pile[0] == GOLD else pile[0]
                assert ("red", "green", "yellow", "blue")[colour] == owner
        for pile in piles:
            for cap in pile:
                counts[cap] = counts.get(cap, 0) + 1
    for owner, caps in enumerate(state.locked):
        for cap in caps:
            assert state.rules.team[cap] != state.rules.team[owner]
            counts[cap] = counts.get(cap, 0) + 1
    for colour in state.rules.seats:
        assert counts.get(colour) == 4
        assert 0 <= state.free_caps(colour) <= state.caps_of(colour)
    assert counts.get(GOLD, 0) == (1 if state.rules.golden else 0)
    # in play while a cap is free (rules "End and winner"): the players list counts them so
    assert state.in_play() == {c for c in state.rules.seats if state.free_caps(c) > 0}


@pytest.mark.parametrize("variant", ["offensive", "defensive", "partners", "total_partners", "tower_race",
                                     "golden_cap"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_playouts_keep_the_invariants(variant, players):
    if players not in SPEC.extra["players_for_variant"](variant):
        pytest.skip("variant needs 4 players")
    options = SPEC.parse_options(variant, {})
    rng = random.Random(f"{variant}{players}")
    for game in range(3):
        state = SPEC.new_state(Setup(players, variant, options, LAYOUT, first_player=game % players))
        steps = 0
        while state.current_player is not None:
            invariant(state)
            if state.current_player == CHANCE:
                state.apply(state.sample_chance(rng))
            else:
                state.apply(rng.choice(state.legal_moves()))
            steps += 1
            assert steps < 20_000
        invariant(state)
        out = state.outcome()
        assert out.winners and len(out.points) == players
        assert render(state)


def test_a_partners_piece_is_named_in_its_own_colour_and_in_natural_russian():
    """Moving a partner's cap, the log named it "фигура цвета Жёлтый" (a piece of colour
    Yellow); each colour now has its own phrase, the adjective agreeing: "жёлтый колпачок"."""
    from tabletop.i18n import set_language

    teams = [["red", "yellow"], ["green", "blue"]]
    state = make({"R01": ["yellow"], "R30": ["red"]}, die=2, variant="total_partners", teams=teams)
    move = next(m for m in state.legal_moves() if m.start == "R01")
    assert "Yellow piece: " in state.describe_move(move)
    set_language("ru")
    try:
        said = state.describe_move(move)
    finally:
        set_language("en")
    assert "жёлтый колпачок: " in said and "цвета" not in said, said

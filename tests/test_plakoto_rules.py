"""Plakoto rules: a scenario test for every ruling in ../shared/rules/plakoto.md, positions written in
our notation (White's numbering; moves in the mover's numbering)."""

from __future__ import annotations

import json

import pytest
from test_plakoto_helpers import PASS, S, play, reference_results, results, steps

from tabletop.core import CHANCE, IllegalMoveError, StateError
from tabletop.games.plakoto.notation import parse_position
from tabletop.games.plakoto.rules import NEXT_GAME, Opening, PlakotoState, Roll

START = "1:b15 24:w15 off:w0,b0"


# -- open and closed points, pinning ------------------------------------------------------------------
def test_open_and_closed_points_and_pinned_checker_cannot_move():
    # 19: two black (closed); 18: one black (open, pins); 17: black pins white (closed, and the
    # pinned white checker there cannot move)
    s = S("w 21 17:b1* 18:b1 19:b2 20:w1 24:w13 1:b11 off:w0,b0")
    assert steps(s) == {"20/18", "24/23", "24/22"}
    assert all(not r.startswith("17:w") for r in results(s))
    play(s, "20/18")
    assert s.point(18) == (0, 1, 1)  # white on top, black pinned below


def test_pinner_may_stack_more_checkers():
    s = S("w 21 10:w1* 12:w1 24:w13 1:b14 off:w0,b0")
    assert "12/10" in steps(s)
    play(s, "12/10")
    assert s.point(10) == (0, 2, 1)
    assert any("10:w2*" in r.split() for r in results(S("w 21 10:w1* 12:w1 24:w13 1:b14 off:w0,b0")))


def test_pinning_checker_moves_on_frees_and_pins_again():
    s = S("w 31 7:b1 10:w1* 24:w14 1:b13 off:w0,b0")
    play(s, "10/7")
    assert s.point(10) == (1, 1, None)  # the black checker is free again
    assert s.point(7) == (0, 1, 1)


def test_own_pinned_point_is_closed():
    s = S("w 21 10:b1* 12:w1 24:w13 1:b14 off:w0,b0")
    assert "12/10" not in steps(s)
    assert steps(s) == {"12/11", "24/23", "24/22"}


def test_opponent_cannot_free_by_stepping_onto_pinner():
    # Black cannot land on 10 where white pins one of his checkers.
    s = S("b 21 10:w1* 8:b1 24:w14 1:b13 off:w0,b0")
    # black's 17 is white's 8; black's 15 is white's 10 (two pips away)
    assert "17/15" not in steps(s)


# -- dice: combined moves, doubles, forced play ----------------------------------------------------------
def test_combined_move_needs_an_open_intermediate_point():
    blocked = S("w 65 14:b2 15:b2 20:w1 24:w14 1:b11 off:w0,b0")
    assert all("9:w1" not in r.split() for r in results(blocked))
    assert steps(blocked) == {"24/18", "24/19"}
    open_ = S("w 65 14:b1 15:b2 20:w1 24:w14 1:b12 off:w0,b0")
    assert any("9:w1" in r.split() for r in results(open_))


def test_hop_over_a_lone_checker_pins_it_on_the_way():
    s = S("w 65 14:b1 15:b2 20:w1 24:w14 1:b12 off:w0,b0")
    play(s, "20/14")
    assert s.point(14) == (0, 1, 1)
    play(s, "14/9")
    assert s.point(14) == (1, 1, None)
    assert s.current_player == CHANCE and s.turn == 1


def test_doubles_are_played_four_times():
    s = S(f"w 11 {START}")
    for i in range(4):
        assert s.current_player == 0, i
        play(s, "24/23")
    assert s.current_player == CHANCE and s.turn == 1
    assert s.point(23) == (0, 4, None)


def test_must_use_both_dice_when_possible():
    # 10/5 would leave the 6 unplayable; 13/8/2 uses both dice, so only 13/8 may start the turn.
    s = S("w 65 4:b2 7:b2 10:w1 13:w1 18:b2 19:b2 24:w13 1:b7 off:w0,b0")
    assert steps(s) == {"13/8"}
    play(s, "13/8")
    assert steps(s) == {"8/2"}


def test_only_one_die_usable_must_be_the_larger():
    s = S("w 65 10:w1 18:b2 19:b2 24:w14 1:b11 off:w0,b0")
    assert steps(s) == {"10/4"}
    play(s, "10/4")
    assert s.current_player == CHANCE  # the 5 cannot be used: the turn is over


def test_smaller_die_when_the_larger_cannot_be_used():
    s = S("w 65 4:b2 10:w1 18:b2 19:b2 24:w14 1:b9 off:w0,b0")
    assert steps(s) == {"10/5"}


def test_no_legal_move_is_a_pass():
    s = S("w 65 18:b2 19:b2 24:w15 1:b11 off:w0,b0")
    assert s.legal_moves() == [PASS]
    assert results(s) == set()
    assert "no legal move" in s.describe_move(PASS)
    s.apply(PASS)
    assert s.current_player == CHANCE and s.turn == 1


# -- bearing off ----------------------------------------------------------------------------------------
def test_bearing_off_only_when_all_home_and_may_continue_same_turn():
    s = S("w 61 7:w1 3:w14 20:b15 off:w0,b0")
    first = steps(s)
    assert "3/off" not in first and "7/1" in first and "7/6" in first
    play(s, "7/6")
    assert "6/off" in steps(s)  # the last checker came home; bearing off goes on


def test_pinned_home_checker_blocks_bearing_off_by_default():
    text = "w 31 5:b1* 3:w14 20:b14 off:w0,b0"
    assert results(S(text)) == {"2:w1 3:w13 5:b1* 20:b14 off:w0,b0"}
    occupies = S(text + " home:occupies")
    assert any("off:w1,b0" in r.split() for r in results(occupies))
    assert "3/off" in steps(occupies)


def test_pinned_checker_cannot_be_borne_off_even_when_it_occupies():
    # "occupies": the pinned checker on 5 still stands higher, so a 6 cannot bear off from 3
    s = S("w 61 5:b1* 3:w14 20:b14 off:w0,b0 home:occupies")
    assert "5/off" not in steps(s)
    assert "3/off" not in {str(m) for m in s.legal_moves() if getattr(m, "die", 0) == 6}


def test_exact_die_and_higher_die_from_highest_point():
    s = S("w 65 4:w1 2:w14 20:b15 off:w0,b0")
    assert results(s) == {"2:w13 20:b15 off:w2,b0"}
    exact = S("w 21 4:w1 2:w14 20:b15 off:w0,b0")
    assert "2/off" in steps(exact)
    assert "4/off" not in steps(exact)


def test_empty_point_forces_a_move_from_a_higher_point():
    s = S("w 54 6:w1 2:w14 20:b15 off:w0,b0")
    assert results(s) == {"1:w1 2:w13 20:b15 off:w1,b0", "2:w14 20:b15 off:w1,b0"}
    assert steps(s) == {"6/1", "6/2"}


# -- the mother and game ends ----------------------------------------------------------------------------
def test_pinned_mother_wins_two_points_when_pinner_has_left_his_start():
    s = S("b 21 24:w1 22:b1 10:w14 15:b14 off:w0,b0 match:0-0/1")
    play(s, "3/1")  # black's 3 is white's 22; lands on the mother
    assert s.current_player == 1
    play(s, s.legal_moves()[0].__str__())
    assert s.current_player is None
    out = s.outcome()
    assert out.winners == (1,) and out.reason == "mother" and out.points == (0.0, 2.0)
    assert s.games[-1].text == "Black wins the game by pinning the mother, 2 points"


def test_pinned_mother_does_not_end_while_pinner_still_on_his_start():
    s = S("b 21 24:w1 22:b1 10:w14 15:b13 1:b1 off:w0,b0")
    play(s, "3/1", "10/9")
    assert s.point(24) == (1, 1, 0) and s.current_player == CHANCE and not s.games
    # the check is made again at the end of later turns: black's last start checker leaves
    s = S("b 21 24:b1* 1:b1 10:w14 15:b13 off:w0,b0 match:0-0/3")
    play(s, "24/23", "10/8")
    assert s.games[-1].winner == 1 and s.games[-1].reason == "mother" and s.score == [0, 2]


def test_both_mothers_pinned_is_a_tie_and_the_same_player_starts_again():
    s = S("w 21 24:b1* 1:b1 3:w1 10:w13 15:b13 off:w0,b0 match:0-0/5 start:b")
    play(s, "3/1", "10/9")
    assert s.games[-1].winner is None and s.games[-1].reason == "tie"
    assert s.score == [0, 0] and s.turn == 1 and s.current_player == CHANCE
    assert s.position == "next - 1:w1* 9:w1 10:w12 15:b13 24:b1* off:w0,b0 mother:wpbp match:0-0/5 start:b"
    s.apply(NEXT_GAME)
    assert s.position.startswith("b - " + START)


def test_bear_off_win_scores_one_or_two_and_winner_starts_next_game():
    two = S("w 21 1:w1 20:b15 off:w14,b0 match:0-0/5 start:b")
    play(two, "1/off")
    assert two.score == [2, 0] and two.games[-1].points == 2 and two.games[-1].reason == "borne_off"
    assert two.current_player == CHANCE and two.chance_outcomes() == [(NEXT_GAME, 1.0)]
    assert two.position == "next - 20:b15 off:w15,b0 mother:w-b- match:2-0/5 start:b"  # who began this game
    two.apply(NEXT_GAME)
    assert two.turn == 0 and two.starter == 0 and two.current_player == CHANCE
    assert two.position == f"w - {START} mother:w+b+ match:2-0/5 start:w"
    one = S("w 21 1:w1 20:b14 off:w14,b1 match:0-0/5")
    play(one, "1/off")
    assert one.score == [1, 0] and one.games[-1].text == "White wins the game by bearing off, 1 point"


def test_match_ends_when_target_reached():
    s = S("w 21 1:w1 20:b14 off:w14,b1 match:2-1/3")
    play(s, "1/off")
    assert s.current_player is None
    assert s.outcome().winners == (0,) and s.outcome().points == (3.0, 1.0)
    with pytest.raises(IllegalMoveError):
        s.apply(PASS)


# -- the opening roll ------------------------------------------------------------------------------------
def test_opening_roll_ties_reroll_and_higher_starts():
    s = PlakotoState(5, "blocks", None)
    assert s.current_player == CHANCE and len(s.chance_outcomes()) == 36
    s.apply(Opening(3, 3))
    assert s.phase == "opening"
    s.apply(Opening(2, 5))
    assert s.turn == 1 and s.starter == 1 and s.current_player == CHANCE
    assert {m for m, _ in s.chance_outcomes()} >= {Roll(6, 5), Roll(1, 1)}
    assert abs(sum(p for _, p in s.chance_outcomes()) - 1) < 1e-12
    s.apply(Roll(6, 5))
    assert s.current_player == 1 and steps(s) == {"24/18", "24/19"}


# -- notation and JSON -----------------------------------------------------------------------------------
@pytest.mark.parametrize("text", [
    f"w - {START} mother:w+b+ match:0-0/5 start:w",
    "b 65/5 1:b14 7:b1 24:w15 off:w0,b0 mother:w+b+ match:1-3/5 start:w",
    "w 33/33 1:b14 3:w1* 24:w14 off:w0,b0 mother:w+b+ match:0-0/7 start:b home:occupies",
    f"opening - {START} mother:w+b+ match:2-2/5 start:w",
    "over - 10:w14 20:b14 24:b1* off:w0,b0 mother:wpb- match:0-5/5 start:b",
])
def test_notation_round_trip(text):
    s = S(text)
    assert s.position == text
    assert PlakotoState.from_json(json.loads(json.dumps(s.to_json()))).position == text


@pytest.mark.parametrize("text,reason", [
    ("w - 1:b15 24:w14 off:w0,b0", "White has 14 checkers"),
    ("w 77 1:b15 24:w15 off:w0,b0", "bad dice"),
    ("w 65/4 1:b15 24:w15 off:w0,b0", "4 is not left"),
    ("w - 1:b15 24:w15 24:w1 off:w0,b0", "point 24 is given twice"),
    ("w - 1:b15 25:w15 off:w0,b0", "points are 1 to 24"),
    ("w - 1:b15 24:w15", "no 'off:"),
    ("w - 1:b15 24:w15 off:w0,b0 mother:wmb+", "does not match"),
    ("w - 1:b15 24:w15 off:w0,b0 match:5-0/5", "already ends"),
    ("w - 1:b15 24:w15 off:w0,b0 match:0-0/4", "1, 3, 5 or 7"),
    ("x - 1:b15 24:w15 off:w0,b0", "unknown side"),
    ("w - 1:b15 24:w15 off:w0,b0 banana", "cannot read"),
])
def test_notation_errors(text, reason):
    with pytest.raises(StateError, match=reason):
        parse_position(text)


def test_from_json_rejects_bad_data():
    with pytest.raises(StateError):
        PlakotoState.from_json({"game": "chess"})
    good = S(f"w - {START}").to_json()
    with pytest.raises(StateError):
        PlakotoState.from_json({**good, "games": [{"winner": 3}]})


# -- legal-turn counts and the slow reference generator ------------------------------------------------------
START_COUNTS = {(6, 6): 4, (5, 5): 5, (4, 4): 5, (3, 3): 5, (2, 2): 5, (1, 1): 5}


@pytest.mark.parametrize("high", range(1, 7))
@pytest.mark.parametrize("low", range(1, 7))
def test_start_position_turn_counts(high, low):
    if low > high:
        pytest.skip("each roll once")
    s = S(f"w {high}{low} {START}")
    assert len(results(s)) == START_COUNTS.get((high, low), 2)
    assert results(s) == reference_results(s)


FIXED = [
    ("w 31 2:b2 4:b1 6:w2 8:w3 9:b1 13:w4 15:b2 17:b1* 19:w1 21:b3 24:w4 1:b5 off:w0,b0", 22),
    ("b 42 1:b6 3:w1 5:b2 8:b1 12:w3 14:b4 18:w2 20:b2* 23:w5 24:w3 off:w0,b0", 13),
    ("w 22 1:b3 5:w3 7:w2 9:b2 12:w1 16:w4 18:b5 20:w3 22:b5 24:w2 off:w0,b0", 42),
    ("w 64 1:w2 2:w4 3:w3 4:w2 5:w2 6:w1 20:b15 off:w1,b0", 3),
]


@pytest.mark.parametrize("text,count", FIXED)
def test_fixed_position_turn_counts(text, count):
    s = S(text)
    assert results(s) == reference_results(s)
    assert len(results(s)) == count

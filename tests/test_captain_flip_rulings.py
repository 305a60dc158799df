"""Captain Flip rulings of issue 20 (/work/shared/rules/captain_flip.md, "A turn" and "End of game"):
board B's first/later values follow the order in which columns were completed; an extra draw with
nowhere to go is not taken (Parrot, board E's draw space, the draw after the Dolphin); and seeded
whole games end with every seat on the same number of turns and the winner the ruling names."""

from __future__ import annotations

import random

import pytest
from test_captain_flip_rules import LAYOUTS, new, play, put

from tabletop.core import CHANCE, Setup
from tabletop.games.captain_flip import GAME
from tabletop.games.captain_flip.moves import DOLPHIN, DRAWS, KEEP, PLACES, flip_at
from tabletop.games.captain_flip.rules import (
    CARPENTER,
    CARTOGRAPHER,
    COOK,
    GUNNER,
    LOOKOUT,
    MONKEY,
    NAVIGATOR,
    PARROT,
    PID,
    SWABBY,
    CaptainFlipState,
)

# (a kept tile's hidden side does not matter: ``play`` and ``put`` take any pair left in the bag)


# -- board B: the order of completion ------------------------------------------------------------------
def test_board_b_solo_pays_by_the_order_columns_were_completed_not_by_when_the_bonus_is_paid():
    """The repro of issue 20 (columns numbered from 0 here: column 2 of the issue is index 1)."""
    s = new("B", 1)
    play(s, NAVIGATOR, SWABBY, 1)  # no Cartographer yet: 0
    play(s, CARTOGRAPHER, COOK, 0)  # takes the map: +1 at the end of each turn
    play(s, LOOKOUT, COOK, 3)  # completes column 3 (height 1), the first: its first value 0
    assert s.coins[0] == 2
    play(s, MONKEY, COOK, 1)  # +1, flips the Navigator under it to its Swabby side (no effect)
    assert s.boards[0][1][0] == (SWABBY, NAVIGATOR, True) and s.coins[0] == 4
    play(s, PARROT, COOK, 1)  # completes column 1, the second: the extra tile comes first
    assert s.current_player == CHANCE and s.completed(0) == 2
    again = CaptainFlipState.from_json(s.to_json())  # a save now keeps the decision
    for state in (s, again):
        state.apply(DRAWS[CARPENTER][GUNNER])
        state.apply(KEEP)
        state.apply(PLACES[0])  # completes column 0, the third: its later value 0
        assert state.completed(0) == 3
        # column 1 still pays its first value (2), not its later value (1); +1 for the map
        assert state.coins[0] == 4 + 0 + 2 + 1 == 7


def test_board_b_solo_a_parrot_completing_the_third_column_pays_its_later_value():
    s = new("B", 1)
    play(s, SWABBY, NAVIGATOR, 3)  # first completed (column 3: 0/2)
    put(s, 0, 0, LOOKOUT)
    play(s, SWABBY, NAVIGATOR, 0)  # second completed (column 0: 1/0) -> 1
    assert s.coins[0] == 1
    for _ in range(2):
        put(s, 0, 1, LOOKOUT)
    play(s, PARROT, NAVIGATOR, 1)  # third completed (column 1: 2/1): the extra tile first
    again = CaptainFlipState.from_json(s.to_json())
    for state in (s, again):
        play(state, SWABBY, NAVIGATOR, 2)
        assert state.coins[0] == 1 + 1


def test_board_b_with_several_players_the_first_to_complete_a_column_takes_its_first_value():
    s = new("B", 2)
    put(s, 1, 0, LOOKOUT)
    play(s, SWABBY, NAVIGATOR, 4)  # seat 0: column 4 gets a first tile
    play(s, SWABBY, NAVIGATOR, 0)  # seat 1 completes column 0 first: +1
    assert s.coins == [0, 1]
    put(s, 0, 0, LOOKOUT)
    for _ in range(2):
        put(s, 0, 1, LOOKOUT)
    play(s, PARROT, NAVIGATOR, 1)  # seat 0 completes column 1 first (2/1); the extra tile comes first
    assert s.current_player == CHANCE and s.actor == 0
    again = CaptainFlipState.from_json(s.to_json())
    for state in (s, again):
        play(state, SWABBY, NAVIGATOR, 0)  # completes column 0, which seat 1 completed before: later 0
        assert state.coins == [0 + 0 + 2, 1]
        play(state, SWABBY, NAVIGATOR, 1)  # seat 1 starts column 1 (no bonus yet)
        put(state, 1, 1, LOOKOUT)
        play(state, CARPENTER, NAVIGATOR, 4)  # seat 0
        play(state, PARROT, NAVIGATOR, 1)  # seat 1 completes column 1 after seat 0: later value
        assert state.current_player == CHANCE and state.actor == 1
        play(state, SWABBY, NAVIGATOR, 2)
        assert state.coins == [2, 1 + 1]


# -- an extra draw with nowhere to go is not taken ---------------------------------------------------------
FILLERS = (SWABBY, LOOKOUT, CARPENTER)  # no immediate effect


def _fill_all_but(s: CaptainFlipState, seat: int, col: int, left: int = 1) -> None:
    """Fill the seat's board with effect-free faces, leaving the top ``left`` spaces of ``col``."""
    k = 0
    for c in range(s.topo.ncols):
        while len(s.boards[seat][c]) < s.topo.height[c] - (left if c == col else 0):
            put(s, seat, c, FILLERS[k % 3])
            k += 1


def _draw_keep(s: CaptainFlipState, up: int) -> None:
    s.apply(DRAWS[up][next(o for o in range(9) if o != up and s.bag[PID[up][o]])])
    s.apply(KEEP)


def _next_turn_is_seat_1(s: CaptainFlipState, bag_before: int) -> None:
    assert s.current_player == CHANCE and s.actor == 1 and s.turn == 1
    assert s.bag_n == bag_before  # seat 0 drew nothing more
    assert not s.open_columns(0)


def test_a_parrot_on_the_last_empty_space_draws_nothing():
    s = new("A", 2)
    _fill_all_but(s, 0, 2)
    _draw_keep(s, PARROT)
    bag = s.bag_n
    s.apply(PLACES[2])  # the last space, the top of column 2 (+5)
    _next_turn_is_seat_1(s, bag)
    assert s.coins[0] == 5


def test_board_e_draw_space_on_the_last_empty_space_draws_nothing():
    s = new("E", 2)
    put(s, 0, 3, SWABBY)
    put(s, 0, 3, SWABBY)
    _fill_all_but(s, 0, 3)
    _draw_keep(s, SWABBY)
    bag = s.bag_n
    s.apply(PLACES[3])  # all identical: "draw and play a new tile", but the board is full
    _next_turn_is_seat_1(s, bag)


def test_the_draw_after_the_dolphin_is_not_taken_when_the_board_filled_meanwhile():
    s = new("A", 2, dolphin=True)
    put(s, 0, 2, LOOKOUT, PARROT)  # this tile hides a Parrot
    _fill_all_but(s, 0, 2)
    s.apply(DOLPHIN)  # seat 0 draws the Dolphin: everybody flips a tile, then he draws again
    assert s.phase_name == "dolphin_flip" and s.actor == 0
    s.apply(flip_at("dolphin", 2, 0))  # reveals the Parrot: its extra tile fills the last space
    assert s.current_player == CHANCE and s.actor == 0
    _draw_keep(s, GUNNER)
    bag = s.bag_n
    s.apply(PLACES[2])  # +5 Gunner, +5 column bonus; seat 1 has no tile to flip
    _next_turn_is_seat_1(s, bag)
    assert s.coins[0] == 10 and s.dolphins == 0


def test_a_parrot_with_room_left_still_draws():
    s = new("A", 2)
    _fill_all_but(s, 0, 2, left=2)
    play(s, PARROT, GUNNER, 2)
    assert s.current_player == CHANCE and s.actor == 0


# -- whole games -----------------------------------------------------------------------------------------
def _expected_winners(state: CaptainFlipState) -> tuple[int, ...]:
    """The ranking of the ruling, from the final faces and coins: 3+ visible Gunners lose; most
    coins wins; a tie goes to the Treasure Map's holder, otherwise it is shared."""
    rows = state.score_breakdown()
    alive = [s for s in range(state.n) if sum(f == GUNNER for col in state.faces(s) for f in col) < 3]
    if not alive:
        return ()
    best = max(rows[s]["total"] for s in alive)
    tied = tuple(s for s in alive if rows[s]["total"] == best)
    if len(tied) > 1 and state.map_holder in tied:
        return (state.map_holder,)
    return tied


SOLO_RANKS = ((30, "Landlubber"), (40, "Deckhand"), (50, "Sailor"), (55, "Lieutenant"), (60, "Admiral"))


@pytest.mark.parametrize("board", "ABCDE")
def test_seeded_whole_games_give_equal_turns_and_the_ruling_s_winner(board):
    rng = random.Random(f"whole:{board}")
    for game in range(40):
        players = 1 + game % 5
        first = rng.randrange(players)
        s = GAME.new_state(Setup(players, board, {"dolphin": "on" if game % 3 == 0 else "off"}, LAYOUTS[board],
                                 first_player=first))
        turns = [0] * players
        turns[first] = 1
        round_start = [0] * players  # completed columns per seat when the current round began
        while s.current_player is not None:
            before = s.turn
            s.apply(s.sample_chance(rng) if s.current_player == CHANCE else rng.choice(s.legal_moves()))
            seat = before
            while seat != s.turn and s.current_player is not None:  # each seat passed has had a turn
                seat = (seat + 1) % players
                turns[seat] += 1
                if seat == first:
                    round_start = [s.completed(p) for p in range(players)]
        out = s.outcome()
        bag_empty = s.bag_n + s.dolphins == 0
        assert max(round_start) < 4  # nobody had four columns when the last round began
        if not bag_empty:
            assert out.reason == "fourth_column" and max(s.completed(p) for p in range(players)) >= 4
            assert len(set(turns)) == 1, (board, game, turns)  # the round was played out
            assert s.turn == (first - 1) % players
        rows = s.score_breakdown()
        assert out.winners == _expected_winners(s), (board, game)
        assert out.points == tuple(0.0 if r["lost"] else float(r["total"]) for r in rows)
        if players == 1:
            total, lost = int(rows[0]["total"]), bool(rows[0]["lost"])
            rank = "Sunk" if lost else next((name for top, name in SOLO_RANKS if total <= top), "Legend of the Sea")
            assert out.detail == rank

"""Captain Flip rules: one scenario per ruling (characters, board bonuses, turn order, end, solo,
Dolphin, hidden side), the 150 scoring cases, and seeded playouts with tile invariants."""

from __future__ import annotations

import json
import random

import pytest
from conftest import CASES

from tabletop.ai.play import random_playout
from tabletop.core import CHANCE, IllegalMoveError, Setup
from tabletop.games.captain_flip import GAME
from tabletop.games.captain_flip.layout import CHARACTER_IDS
from tabletop.games.captain_flip.moves import DOLPHIN, DRAWS, FLIP, KEEP, PLACES, flip_at
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
    UNKNOWN,
    CaptainFlipState,
)
from tabletop.layout import BoardStore

STORE = BoardStore([])
LAYOUTS = {b: GAME.load_layout(STORE, b) for b in "ABCDE"}
C = {name: i for i, name in enumerate(CHARACTER_IDS)}


def new(board: str = "A", players: int = 2, first: int = 0, dolphin: bool = False) -> CaptainFlipState:
    return CaptainFlipState(LAYOUTS[board], board, players, first, dolphin)


def put(state: CaptainFlipState, seat: int, col: int, face: int, other: int | None = None) -> None:
    """Put a tile straight on a board (test set-up), taking its pair out of the bag."""
    if other is None:
        other = next(o for o in range(9) if o != face and state.bag[PID[face][o]] > 0)
    state.bag[PID[face][other]] -= 1
    state.bag_n -= 1
    state.boards[seat][col].append((face, other, False))


def play(state: CaptainFlipState, up: int, down: int, col: int, flip: bool = False) -> None:
    """Draw (up, down), keep or flip, place in ``col``."""
    assert state.current_player == CHANCE
    if state.bag[PID[up][down]] == 0 and not flip:  # the hidden side does not matter when kept
        down = next(o for o in range(9) if o != up and state.bag[PID[up][o]] > 0)
    state.apply(DRAWS[up][down])
    state.apply(FLIP if flip else KEEP)
    state.apply(PLACES[col])


# -- drawing, keep/flip, placing -----------------------------------------------------------------
def test_draw_keep_places_on_lowest_empty_space_and_turn_passes():
    s = new("A")
    play(s, LOOKOUT, GUNNER, 0)
    assert s.boards[0][0] == [(LOOKOUT, GUNNER, False)]
    assert s.current_player == CHANCE and s.actor == 1 and s.turn == 1
    play(s, SWABBY, COOK, 3)  # board A col 3 starts at row 2
    assert s.tile_at(1, 3, 2) == (SWABBY, COOK, False)


def test_flip_takes_the_other_side_and_marks_it_seen():
    s = new("A")
    s.apply(DRAWS[LOOKOUT][GUNNER])
    assert [str(m) for m in s.legal_moves()] == ["keep", "flip"]
    s.apply(FLIP)
    assert [str(m) for m in s.legal_moves()] == ["col 0", "col 1", "col 2", "col 3", "col 4"]
    s.apply(PLACES[1])
    assert s.boards[0][1] == [(GUNNER, LOOKOUT, True)]
    assert s.coins[0] == 5


def test_full_column_is_not_offered():
    s = new("A")
    put(s, 0, 0, LOOKOUT)
    put(s, 0, 0, LOOKOUT)
    s.apply(DRAWS[SWABBY][COOK])
    s.apply(KEEP)
    assert PLACES[0] not in s.legal_moves()
    with pytest.raises(IllegalMoveError):
        s.apply(PLACES[0])


def test_hidden_side_is_masked_in_every_observation():
    s = new("A", 3)
    put(s, 1, 0, LOOKOUT, GUNNER)
    s.apply(DRAWS[COOK][SWABBY])
    for seat in range(3):
        obs = s.observation(seat)
        assert obs.drawn == (COOK, UNKNOWN, False)
        assert obs.boards[1][0] == [(LOOKOUT, UNKNOWN, False)]
        text = json.dumps(obs.to_json())
        assert obs.masked and '"drawn": [3, -1, false]' in text
        assert sum(obs.bag) == s.bag_n + 2  # the pool: bag + the two unseen tiles
        d = obs.determinised(random.Random(seat))
        assert d.drawn[0] == COOK and d.drawn[1] not in (UNKNOWN, COOK)
        assert sum(d.bag) == s.bag_n


def test_seen_side_stays_visible():
    s = new("A", 2)
    play(s, LOOKOUT, SWABBY, 0, flip=True)
    assert s.observation(1).boards[0][0] == [(SWABBY, LOOKOUT, True)]


def test_a_move_that_shows_a_hidden_side_reveals_and_one_that_shows_nothing_new_does_not():
    """Flip of the drawn tile, a Monkey's forced flip inside a Place: revealed (undo stops there);
    Keep, a plain Place, or a flip of a tile whose both sides were seen: nothing revealed."""
    s = new("A")
    s.apply(DRAWS[LOOKOUT][GUNNER])
    for move, reveals in ((FLIP, True), (PLACES[0], False)):
        before = s.copy()
        s.apply(move)
        assert before.reveals(s) is reveals, move
    s = new("A")
    put(s, 0, 0, LOOKOUT, GUNNER)
    s.apply(DRAWS[MONKEY][COOK])
    before = s.copy()
    s.apply(KEEP)
    assert not before.reveals(s)
    before = s.copy()
    s.apply(PLACES[0])  # the Monkey's one neighbour flips at once: the Gunner is shown
    assert s.boards[0][0][0] == (GUNNER, LOOKOUT, True) and before.reveals(s)
    s = new("A")
    s.boards[0][0].append((GUNNER, LOOKOUT, True))  # both sides already seen (flipped once)
    s.boards[0][2].append((SWABBY, COOK, True))
    s.apply(DRAWS[MONKEY][COOK])
    s.apply(KEEP)
    s.apply(PLACES[1])  # Monkey at (1,0): two neighbours, a choice
    assert s.phase_name == "monkey_flip"
    before = s.copy()
    s.apply(flip_at("monkey", 0, 0))
    assert s.boards[0][0][0] == (LOOKOUT, GUNNER, True) and not before.reveals(s)


# -- characters ------------------------------------------------------------------------------------
def test_gunner_gives_five():
    s = new("A")
    play(s, GUNNER, COOK, 0)
    assert s.coins[0] == 5


def test_monkey_single_neighbour_flips_at_once_and_applies_it():
    s = new("A")
    put(s, 0, 0, LOOKOUT, GUNNER)
    play(s, MONKEY, COOK, 0)
    assert s.boards[0][0][0] == (GUNNER, LOOKOUT, True)
    assert s.coins[0] == 1 + 5


def test_monkey_without_neighbours_gives_one_coin():
    s = new("A")
    play(s, MONKEY, COOK, 2)
    assert s.coins[0] == 1 and s.current_player == CHANCE and s.actor == 1


def test_monkey_several_neighbours_is_a_choice_and_chains():
    s = new("A")
    put(s, 0, 1, LOOKOUT, MONKEY)  # (1,0)
    put(s, 0, 2, CARPENTER, GUNNER)  # (2,0)
    put(s, 0, 0, SWABBY, NAVIGATOR)  # (0,0)
    s.apply(DRAWS[MONKEY][COOK])
    s.apply(KEEP)
    s.apply(PLACES[1])  # Monkey at (1,1): neighbours (1,0) only -> flips Lookout to Monkey
    # the revealed Monkey at (1,0): +1, neighbours (1,1) the first Monkey, (0,0), (2,0): a choice
    assert s.current_player == 0 and s.phase_name == "monkey_flip"
    assert sorted(str(m) for m in s.legal_moves()) == ["monkey 0,0", "monkey 1,1", "monkey 2,0"]
    assert s.coins[0] == 2
    s.apply(s.parse_move("monkey 2,0"))
    assert s.boards[0][2][0] == (GUNNER, CARPENTER, True)
    assert s.coins[0] == 2 + 5
    assert s.current_player == CHANCE and s.actor == 1


def test_parrot_plays_extra_tile_before_its_column_bonus():
    s = new("A")
    put(s, 0, 4, LOOKOUT)
    put(s, 0, 4, LOOKOUT)
    play(s, PARROT, COOK, 4)  # top of col 4: +3 after the extra tile
    assert s.current_player == CHANCE and s.actor == 0 and s.coins[0] == 0
    s.apply(DRAWS[GUNNER][COOK])
    s.apply(KEEP)
    assert s.coins[0] == 0
    s.apply(PLACES[0])
    assert s.coins[0] == 5 + 3
    assert s.actor == 1


def test_cook_counts_its_row_itself_included():
    s = new("A")
    put(s, 0, 0, LOOKOUT)
    put(s, 0, 0, LOOKOUT)
    put(s, 0, 1, LOOKOUT)
    put(s, 0, 1, LOOKOUT)
    put(s, 0, 2, LOOKOUT)
    put(s, 0, 2, LOOKOUT)
    play(s, COOK, SWABBY, 3)  # col 3 starts at row 2: row 2 holds only (2,?) no: col 2 has rows 0,1
    assert s.coins[0] == 1
    put(s, 1, 0, LOOKOUT)
    put(s, 1, 2, LOOKOUT)
    put(s, 1, 4, LOOKOUT)
    play(s, COOK, SWABBY, 1)
    assert s.coins[1] == 4


def test_navigator_two_per_cartographer():
    s = new("A", 1)
    put(s, 0, 0, CARTOGRAPHER)
    put(s, 0, 2, CARTOGRAPHER)
    put(s, 0, 2, LOOKOUT)
    play(s, NAVIGATOR, COOK, 4)
    assert s.coins[0] == 4


def test_cartographer_takes_map_from_another_player_and_map_pays_end_of_own_turn():
    s = new("A", 2)
    play(s, CARTOGRAPHER, COOK, 0)
    assert s.map_holder == 0 and s.coins[0] == 1
    play(s, CARTOGRAPHER, COOK, 0)
    assert s.map_holder == 1 and s.coins[1] == 1 and s.coins[0] == 1
    play(s, LOOKOUT, COOK, 2)
    assert s.coins[0] == 1  # no map, no coin


# -- board bonuses -------------------------------------------------------------------------------------
def test_board_a_coins_and_map():
    s = new("A", 2)
    for _ in range(4):
        put(s, 0, 2, LOOKOUT)
    put(s, 0, 1, LOOKOUT)
    put(s, 0, 1, LOOKOUT)
    play(s, SWABBY, COOK, 2)
    assert s.coins[0] == 5
    play(s, SWABBY, COOK, 2)
    play(s, SWABBY, COOK, 1)
    assert s.map_holder == 0 and s.coins[0] == 5 + 1


def test_board_b_first_and_later_across_players():
    s = new("B", 3)
    play(s, SWABBY, COOK, 3)  # col 3: (0,1) first 0 / later 2
    play(s, SWABBY, COOK, 3)
    play(s, SWABBY, COOK, 3)
    assert s.coins == [0, 2, 2]
    put(s, 0, 0, LOOKOUT)
    play(s, SWABBY, COOK, 0)  # col 0 first 1
    assert s.coins[0] == 1


def test_board_b_solo_first_two_completed_columns_pay_first():
    s = new("B", 1)
    play(s, SWABBY, COOK, 3)  # 1st completed: first value 0
    put(s, 0, 0, LOOKOUT)
    play(s, SWABBY, COOK, 0)  # 2nd: first value 1
    put(s, 0, 1, LOOKOUT)
    put(s, 0, 1, LOOKOUT)
    play(s, SWABBY, COOK, 1)  # 3rd: later value 1
    assert s.coins[0] == 0 + 1 + 1


def test_board_c_end_bonuses_judged_on_final_faces():
    s = new("C", 1)
    for ch in (LOOKOUT, LOOKOUT, LOOKOUT):
        put(s, 0, 1, ch)
    for ch in (LOOKOUT, SWABBY, COOK, CARPENTER, NAVIGATOR):
        put(s, 0, 3, ch)
    row = s.score_breakdown()[0]
    assert row["board_end"] == 6 + 4
    s.boards[0][1][2] = (COOK, LOOKOUT, True)
    assert s.score_breakdown()[0]["board_end"] == 4


def test_board_d_bonuses_and_paid_space():
    s = new("D", 1)
    s.apply(DRAWS[SWABBY][COOK])
    s.apply(KEEP)
    assert PLACES[4] not in s.legal_moves()  # costs 1, no coins
    s.apply(PLACES[3])
    play(s, GUNNER, COOK, 3)
    play(s, SWABBY, COOK, 4)
    assert s.coins[0] == 5 - 1
    for _ in range(3):
        put(s, 0, 1, LOOKOUT)
    play(s, SWABBY, COOK, 1)  # completed: cols 1, 3 and 4 -> 2 per completed column = 6
    assert s.coins[0] == 4 + 6
    for ch in (LOOKOUT, LOOKOUT, SWABBY, COOK):
        put(s, 0, 2, ch)
    play(s, CARPENTER, COOK, 2)  # different: Lookout, Swabby, Cook, Carpenter = 4
    assert s.coins[0] == 10 + 4


def test_board_e_identical_and_different_bonuses():
    s = new("E", 2)
    put(s, 0, 1, SWABBY)
    play(s, SWABBY, COOK, 1)  # all identical: map
    assert s.map_holder == 0 and s.coins[0] == 1
    put(s, 1, 3, SWABBY)
    put(s, 1, 3, SWABBY)
    play(s, SWABBY, COOK, 3)  # all identical: draw and play a new tile
    assert s.current_player == CHANCE and s.actor == 1
    play(s, LOOKOUT, COOK, 0)
    assert s.actor == 0
    put(s, 0, 2, LOOKOUT, GUNNER)
    put(s, 0, 2, COOK)
    play(s, SWABBY, COOK, 2)  # all different: flip any tile
    assert s.phase_name == "bonus_flip"
    assert "bonus 2,0" in [str(m) for m in s.legal_moves()]
    s.apply(flip_at("bonus", 2, 0))
    assert s.coins[0] == 1 + 5 + 1  # map coin at end of turn


# -- the end ----------------------------------------------------------------------------------------------
def _fill_three_columns(s, seat):
    fillers = [SWABBY, COOK, NAVIGATOR, CARPENTER, LOOKOUT, CARTOGRAPHER, MONKEY]
    for col in (0, 1, 3):
        for _ in range(s.topo.height[col]):
            put(s, seat, col, fillers.pop())


def test_fourth_column_ends_after_the_round():
    s = new("A", 3, first=0)
    _fill_three_columns(s, 1)
    for _ in range(2):
        put(s, 1, 4, LOOKOUT)
    play(s, SWABBY, COOK, 0)
    play(s, SWABBY, COOK, 4)  # seat 1 completes a fourth column
    assert s.ended and s.current_player == CHANCE and s.actor == 2
    play(s, SWABBY, COOK, 0)
    assert s.current_player is None
    assert s.outcome().reason == "fourth_column"


def test_solo_ends_in_the_turn_of_the_fourth_column_and_ranks():
    s = new("A", 1)
    _fill_three_columns(s, 0)
    put(s, 0, 4, LOOKOUT)
    put(s, 0, 4, LOOKOUT)
    play(s, SWABBY, COOK, 4)
    assert s.current_player is None
    out = s.outcome()
    row = s.score_breakdown()[0]
    assert out.winners == (0,) and out.detail == row["rank"] == "Landlubber"


def test_solo_cartographer_toggles_the_map():
    s = new("A", 1)
    play(s, CARTOGRAPHER, COOK, 0)
    assert s.map_holder == 0 and s.coins[0] == 1
    play(s, CARTOGRAPHER, COOK, 0)
    assert s.map_holder == -1 and s.coins[0] == 1


def test_three_gunners_lose_and_ties_go_to_map_holder():
    s = new("A", 3)
    for seat in range(3):
        _fill_three_columns(s, seat)
    for _ in range(3):
        put(s, 0, 2, GUNNER)
    s.coins = [40, 10, 10]
    s.map_holder = 2
    s.phase = 6  # OVER
    out = s.outcome()
    assert out.winners == (2,) and out.points[0] == 0
    s.map_holder = 0
    assert s.outcome().winners == (1, 2)


def test_bag_running_out_ends_the_game_at_end_of_turn():
    s = new("A", 5)
    s.bag = [0] * len(s.bag)
    s.bag[PID[SWABBY][COOK]] = 1
    s.bag_n = 1
    play(s, SWABBY, COOK, 0)
    assert s.current_player is None and s.outcome().reason == "bag_empty"


# -- the Dolphin -------------------------------------------------------------------------------------------
def test_dolphin_every_player_flips_then_drawer_draws_again():
    s = new("A", 3, first=0, dolphin=True)
    put(s, 0, 0, LOOKOUT, GUNNER)
    put(s, 0, 2, LOOKOUT, COOK)
    put(s, 1, 0, SWABBY, CARTOGRAPHER)
    put(s, 1, 2, SWABBY, COOK)
    assert any(m == DOLPHIN for m, _ in s.chance_outcomes())
    s.apply(DOLPHIN)
    assert s.current_player == 0 and s.phase_name == "dolphin_flip"
    s.apply(s.parse_move("dolphin 0,0"))
    assert s.coins[0] == 5 and s.current_player == 1
    s.apply(s.parse_move("dolphin 0,0"))
    assert s.map_holder == 1
    # seat 2 has no tile: skipped; the Dolphin is gone; the drawer draws again
    assert s.current_player == CHANCE and s.actor == 0 and s.dolphins == 0
    play(s, SWABBY, NAVIGATOR, 4)
    assert s.coins[1] == 0  # the map paid nobody during seat 0's turn
    assert s.actor == 1
    play(s, SWABBY, NAVIGATOR, 4)
    assert s.coins[1] == 1


# -- scoring cases -------------------------------------------------------------------------------------------
_CASES = json.loads((CASES / "captain_flip_scoring.json").read_text())["cases"]


@pytest.mark.parametrize("index", range(len(_CASES)))
def test_scoring_case(index):
    case = _CASES[index]
    board = case["board"]
    s = new(board, 1)
    low = s.topo.low
    for t in sorted(case["tiles"], key=lambda t: (t["column"], t["row"])):
        col = t["column"]
        assert t["row"] == low[col] + len(s.boards[0][col]), "tiles are stacked from the column's lowest space"
        put(s, 0, col, C[t["character"]])
    s.coins[0] = case["coins_before_end"]
    row = s.score_breakdown()[0]
    expected = case["expected"]
    for key, value in expected.items():
        assert row[key] == value, (key, row, expected)
    assert row["rank"] == case["solo_rank"]


# -- seeded playouts ----------------------------------------------------------------------------------------
def _invariants(s: CaptainFlipState) -> None:
    placed = sum(len(c) for b in s.boards for c in b)
    assert placed + s.bag_n + (s.drawn is not None) == 72
    assert sum(s.bag) == s.bag_n
    for board in s.boards:
        assert sum(len(c) for c in board) <= 15
        for c, column in enumerate(board):
            assert len(column) <= s.topo.height[c]
    assert all(c >= 0 for c in s.coins)


@pytest.mark.parametrize("board", "ABCDE")
@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_random_playouts_keep_invariants(board, players):
    rng = random.Random(hash((board, players)) & 0xFFFF)
    for game in range(4):
        s = GAME.new_state(Setup(players, board, {"dolphin": "on" if game % 2 else "off"}, LAYOUTS[board],
                                 first_player=game % players))
        steps = 0
        while s.current_player is not None:
            _invariants(s)
            moves = [m for m, _ in s.chance_outcomes()] if s.current_player == CHANCE else s.legal_moves()
            assert moves
            s.apply(s.sample_chance(rng) if s.current_player == CHANCE else rng.choice(moves))
            steps += 1
            assert steps < 2000
        _invariants(s)
        assert s.outcome() is not None
        if s.ended:
            assert max(s.completed(p) for p in range(players)) >= 4


def test_random_playout_helper_finishes():
    s = GAME.new_state(Setup(4, "A", {"dolphin": "off"}, LAYOUTS["A"], first_player=0))
    assert random_playout(s, random.Random(3)) > 40
    assert s.outcome() is not None


# -- the log's sentences ---------------------------------------------------------------------------------
NAMES = ["Red", "Blue", "Green"]


def test_a_monkeys_forced_flip_has_its_own_log_line():
    """The reviewer's solo line "Monkey +1, Treasure Map +1" left out that the Monkey flipped the
    Cartographer to a Navigator."""
    s = new("A", 1)
    put(s, 0, 0, CARTOGRAPHER, NAVIGATOR)
    s.map_holder = 0
    s.apply(DRAWS[MONKEY][COOK])
    s.apply(KEEP)
    assert s.describe_lines(PLACES[0], NAMES) == [
        (0, "Red places the Monkey in column 1: Monkey\u00a0+1"),
        (0, "Red's Monkey flips the Cartographer in column 1, row 1 over to the Navigator"),
        (0, "Red ends the turn: Treasure Map\u00a0+1"),
    ]


def test_the_column_bonus_stays_on_the_placings_line_after_a_forced_flip():
    """Completing board A's column 5 with a Monkey that flips the tile below it: "+3" is the
    placing's, not the flip's (the window had it after "now Cook"): a line of its own after the
    flip, in the order the rules pay them."""
    s = new("A", 1)
    put(s, 0, 4, SWABBY, GUNNER)
    put(s, 0, 4, SWABBY, COOK)
    s.apply(DRAWS[MONKEY][COOK])
    s.apply(KEEP)
    lines = s.describe_lines(PLACES[4], NAMES)
    assert lines == [(0, "Red places the Monkey in column 5: Monkey\u00a0+1"),
                     (0, "Red's Monkey flips the Swabby in column 5, row 2 over to the Cook: Cook\u00a0+1"),
                     (0, "Red collects the column 5 bonus (for the Monkey): +3")]
    from tabletop.i18n import in_language

    with in_language("ru"):  # «Мартышка: Красный переворачивает …: Кок +1» had two colons
        flip = s.describe_lines(PLACES[4], ["Красный"])[1][1]
    assert flip.count(":") == 1 and flip.startswith("Из-за Мартышки Красный"), flip


def test_after_a_dolphin_each_forced_flip_is_told_by_its_own_seat():
    """Red chooses among two tiles; Blue and Green have one each, flipped at once: each gets its
    own line (the reviewer saw Blue's folded into Red's and Green's left out)."""
    s = new("A", 3, first=0, dolphin=True)
    put(s, 0, 0, MONKEY, COOK)
    put(s, 0, 2, LOOKOUT, GUNNER)
    put(s, 1, 0, LOOKOUT, CARTOGRAPHER)
    put(s, 2, 0, SWABBY, GUNNER)
    s.apply(DOLPHIN)
    move = s.parse_move("dolphin 0,0")
    lines = s.describe_lines(move, NAMES)
    assert [seat for seat, _ in lines] == [0, 1, 2]
    assert lines[0][1].startswith("Red flips the Monkey in column 1, row 1 over to the Cook for the Dolphin: Cook\u00a0+")
    assert "Blue" not in lines[0][1]
    assert lines[1][1] == "Blue flips the Lookout in column 1, row 1 over to the Cartographer for the Dolphin: takes the Treasure Map"
    assert lines[2][1] == "Green flips the Swabby in column 1, row 1 over to the Gunner for the Dolphin: Gunner\u00a0+5"
    assert s.describe_move(move, NAMES) == "; ".join(text for _, text in lines)


def test_solo_log_says_the_map_is_put_back_not_taken():
    s = new("A", 1)
    play(s, CARTOGRAPHER, COOK, 0)
    assert s.map_holder == 0
    s.apply(DRAWS[CARTOGRAPHER][COOK])
    s.apply(KEEP)
    text = s.describe_move(PLACES[1], NAMES)
    assert text == "Red places the Cartographer in column 2: puts the Treasure Map back"
    s.apply(PLACES[1])
    assert s.map_holder == -1


@pytest.mark.parametrize(("col", "low", "extra", "to", "lines"), [
    # the reviewer: "Red places the Swabby in column 4: column bonus +5" (column 4 has none)
    (2, 4, (SWABBY, GUNNER), 3, ["Red places the Swabby in column 4",
                                 "Red collects the column 3 bonus (for the Parrot): +5"]),
    # and "Red places the Cook in column 2: Cook +3, column bonus +3" (the +3 was column 5's)
    (4, 2, (COOK, GUNNER), 1, ["Red places the Cook in column 2: Cook\u00a0+2",
                               "Red collects the column 5 bonus (for the Parrot): +3"]),
])
def test_a_parrots_column_bonus_has_its_own_line_after_the_extra_tiles(col, low, extra, to, lines):
    """A Parrot on a top space: its column bonus is paid after the extra tile (rules, "A turn"
    step 4) and told so, on a line of its own naming the Parrot's column, not the extra tile's."""
    s = new("A", 2)
    for _ in range(low):
        put(s, 0, col, SWABBY, LOOKOUT)
    play(s, PARROT, COOK, col)
    assert s.phase_name == "draw" and s.actor == 0
    s.apply(DRAWS[extra[0]][extra[1]])
    s.apply(KEEP)
    assert s.describe_lines(PLACES[to], NAMES) == [(0, line) for line in lines]


def test_a_monkeys_flip_is_told_before_its_column_bonus_and_the_maps_coin():
    """The reviewer saw "Blue places the Monkey in column 3: Monkey +1, column bonus +5, Treasure
    Map +1" and only then the flip that gave him the map: the lines follow the rules' order."""
    s = new("A", 2, first=1)
    for _ in range(3):
        put(s, 1, 2, SWABBY, LOOKOUT)
    put(s, 1, 2, PARROT, CARTOGRAPHER)
    s.apply(DRAWS[MONKEY][COOK])
    s.apply(KEEP)
    lines = s.describe_lines(PLACES[2], NAMES)
    assert lines == [
        (1, "Blue places the Monkey in column 3: Monkey\u00a0+1"),
        (1, "Blue's Monkey flips the Parrot in column 3, row 4 over to the Cartographer: takes the Treasure Map"),
        (1, "Blue collects the column 3 bonus (for the Monkey): +5"),
        (1, "Blue ends the turn: Treasure Map\u00a0+1"),
    ]
    s.apply(PLACES[2])
    assert s.coins[1] == 1 + 5 + 1 and s.map_holder == 1


@pytest.mark.parametrize(("up", "down", "said"), [
    (CARTOGRAPHER, SWABBY, "Красный переворачивает: Картограф становится Матросом"),
    (NAVIGATOR, PARROT, "Красный переворачивает: Штурман становится Попугаем"),
    (COOK, MONKEY, "Красный переворачивает: Кок становится Мартышкой"),
])
def test_russian_says_what_a_flipped_tile_becomes_in_the_instrumental(up, down, said):
    """"Картограф становится Матрос": the new side goes in the instrumental case."""
    from tabletop.i18n import in_language

    s = new("A", 2)
    s.apply(DRAWS[up][down])
    with in_language("ru"):
        assert s.describe_move(FLIP, ["Красный", "Синий"]) == said
    assert s.describe_move(FLIP, NAMES) == f"Red flips the {CHARACTER_IDS[up]} over to the {CHARACTER_IDS[down]}"


def test_every_character_has_its_instrumental_form_in_russian():
    from tabletop.i18n import catalogue

    ru = catalogue("ru")
    assert all(f"{name}|instrumental" in ru for name in CHARACTER_IDS)


def test_the_log_says_what_flipped_a_tile_and_what_gave_another_in_both_languages():
    """The reviewer read "Red flips the Cartographer in column 3, row 2 (the Monkey): now Swabby"
    and "Red places the Parrot in column 3: another tile (Parrot)": the cause, the tile and what
    it became now make one sentence, in English and in Russian."""
    from tabletop.i18n import in_language

    s = new("A", 1)
    put(s, 0, 0, CARTOGRAPHER, NAVIGATOR)
    s.apply(DRAWS[MONKEY][COOK])
    s.apply(KEEP)
    flip = s.describe_lines(PLACES[0], NAMES)[1][1]
    assert flip == "Red's Monkey flips the Cartographer in column 1, row 1 over to the Navigator"
    with in_language("ru"):
        flip = s.describe_lines(PLACES[0], ["Красный"])[1][1]
    # the cause leads without a colon: the coins the flip pays follow after one («…: Кок +1»)
    assert flip == "Из-за Мартышки Красный переворачивает жетон «Картограф» в столбце 1, строке 1, и он становится Штурманом"
    parrot = new("A", 1)
    parrot.apply(DRAWS[PARROT][COOK])
    parrot.apply(KEEP)
    assert parrot.describe_move(PLACES[2], NAMES) == "Red places the Parrot in column 3: the Parrot gives another tile"
    with in_language("ru"):
        said = parrot.describe_move(PLACES[2], ["Красный"])
    assert said == "Красный ставит жетон «Попугай» в столбец 3: Попугай даёт ещё один жетон"



def test_taking_the_map_and_its_coin_do_not_name_the_map_twice():
    """The reviewer's log line «Зелёный ставит жетон «Картограф» в столбец 2: берёт карту сокровищ,
    карта сокровищ +1» said the map twice: the +1 is the map's coin at the end of the turn."""
    from tabletop.i18n import in_language

    s = new("A", 1)
    s.apply(DRAWS[CARTOGRAPHER][COOK])
    s.apply(KEEP)
    assert s.describe_move(PLACES[1], NAMES) == \
        "Red places the Cartographer in column 2: takes the Treasure Map, +1 for it at the end of the turn"
    with in_language("ru"):
        said = s.describe_move(PLACES[1], ["Зелёный"])
    assert said == "Зелёный ставит жетон «Картограф» в столбец 2: берёт карту сокровищ, +1 за неё в конце хода"
    held = new("A", 1)  # a map held from before keeps its short name beside the other coins
    held.map_holder = 0
    held.apply(DRAWS[COOK][LOOKOUT])
    held.apply(KEEP)
    assert held.describe_move(PLACES[0], NAMES) == "Red places the Cook in column 1: Cook\u00a0+1, Treasure Map\u00a0+1"
    # a part between them (board E's column 2 not all identical): "for it" would be the bonus's
    assert filling("E", 1, (SWABBY,), CARTOGRAPHER) == ("Red places the Cartographer in column 2: takes the Treasure"
                                                        " Map, no column 2 bonus (not all identical), +1 for the map"
                                                        " at the end of the turn")


def filling(board: str, col: int, below: tuple[int, ...], face: int, players: int = 1) -> str:
    """The log's sentence for Red placing a drawn ``face`` on ``col`` over the tiles ``below``."""
    s = new(board, players)
    for ch in below:
        put(s, 0, col, ch)
    s.apply(DRAWS[face][COOK if face != COOK else LOOKOUT])
    s.apply(KEEP)
    return s.describe_move(PLACES[col], NAMES)


def test_a_bonus_space_that_gives_nothing_says_so_in_the_log():
    """Board E's column 2 (map if all identical) filled with two characters, and board B's column
    4 (0/2) filled first: the log said only "places the Cook in column 2", as if the space were
    blank; a player could not tell the bonus was missed or worth nothing."""
    assert filling("E", 1, (SWABBY,), COOK, 2) == "Red places the Cook in column 2: Cook\u00a0+1, no column 2 bonus (not all identical)"
    assert filling("E", 1, (SWABBY,), SWABBY, 2) == \
        "Red places the Swabby in column 2: takes the Treasure Map, +1 for it at the end of the turn"
    assert filling("E", 2, (LOOKOUT, LOOKOUT), SWABBY) == "Red places the Swabby in column 3: no column 3 bonus (not all different)"
    assert filling("E", 2, (LOOKOUT,), SWABBY) == "Red places the Swabby in column 3"  # not full yet
    assert filling("B", 3, (), COOK) == "Red places the Cook in column 4: Cook\u00a0+1, column bonus\u00a0+0"


def test_filling_a_board_c_end_bonus_column_says_what_it_will_pay():
    """Board C's column 2 (+6 at the end if all identical) filled with three characters: the log
    said only "places the Cook in column 2", and the +6 was gone unsaid."""
    assert filling("C", 1, (SWABBY, LOOKOUT), COOK) == (
        "Red places the Cook in column 2: Cook\u00a0+1, column 2 pays nothing at the end for now (not all identical)")
    assert filling("C", 1, (SWABBY, SWABBY), SWABBY) == (
        "Red places the Swabby in column 2: column 2 pays +6 at the end if it stays so")
    assert filling("C", 3, (SWABBY, LOOKOUT, COOK, CARPENTER), SWABBY).endswith(
        "column 4 pays nothing at the end for now (not all different)")
    assert filling("C", 3, (SWABBY, LOOKOUT, COOK, CARPENTER), GUNNER).endswith(
        "column 4 pays +4 at the end if it stays so")

def test_the_dolphin_card_says_who_flips_next_and_who_draws_again():
    """The card said "Now: Red flips." and nothing of Blue's and Green's flips to come or of the
    drawer's next tile: at a table a waiting captain could not tell the Dolphin was his to answer."""
    from tabletop.games.captain_flip.scene_text import dolphin_after, prompt

    s = new("A", 3, first=1, dolphin=True)
    s.actor = s.turn = 1
    put(s, 0, 0, MONKEY, COOK)
    put(s, 1, 0, LOOKOUT, CARPENTER)
    put(s, 1, 2, SWABBY, COOK)
    put(s, 2, 0, SWABBY, GUNNER)
    put(s, 2, 2, LOOKOUT, COOK)
    s.apply(DOLPHIN)
    assert s.phase_name == "dolphin_flip" and s.actor == 1
    assert dolphin_after(s, NAMES) == "Then Green, Red; then Blue draws again."
    assert prompt(s, drawer="Blue") == "click one of your lit tiles to flip it (Dolphin)."  # Blue's own turn
    s.apply(s.parse_move("dolphin 0,0"))
    assert s.actor == 2  # Red's one tile flipped at once, after Green
    assert dolphin_after(s, NAMES) == "Then Red; then Blue draws again."
    assert prompt(s, drawer="Blue") == "click one of your lit tiles to flip it (Blue's Dolphin)."  # Green acts in Blue's turn
    # the panel says "Green: " before it: a prompt that began "Dolphin:" or "Monkey:" read
    # "Green: Blue's Dolphin: click …", two colons in a row
    from tabletop.i18n import in_language

    for lang in ("en", "ru"):
        with in_language(lang):
            for touch in (False, True):
                assert ":" not in prompt(s, touch=touch, drawer="Blue"), (lang, touch)
    s.apply(s.parse_move("dolphin 0,0"))
    assert s.phase_name == "draw" and s.actor == 1
    s = new("A", 2, dolphin=True)
    put(s, 0, 0, MONKEY, COOK)
    put(s, 0, 1, LOOKOUT, COOK)
    s.apply(DOLPHIN)
    assert dolphin_after(s, NAMES) == "Then Red draws again."  # Blue has no tile to flip


@pytest.mark.parametrize(("players", "said"), [(1, None), (2, "You hold the Treasure Map: it wins a tie.")])
def test_a_finished_games_card_does_not_promise_the_maps_coin(players, said):
    """At the end of a solo game at a table Red's card still said "You hold the Treasure Map (+1
    coin after each of your turns)": there are no turns left. With several captains the map now
    says what it still does, break a tie."""
    from tabletop.games.captain_flip.rules import OVER
    from tabletop.games.captain_flip.scene_text import seat_lines

    s = new("A", players)
    s.map_holder = 0
    assert seat_lines(s, 0)[-1][0] == "You hold the Treasure Map (+1 coin after each of your turns)."
    s.phase = OVER
    words = [text for text, *_ in seat_lines(s, 0)]
    assert not any("+1 coin" in w for w in words)
    assert (said in words) if said else not any("Treasure Map" in w for w in words)


def test_a_solo_dolphin_is_not_told_as_every_captains_flip():
    """The reviewer's solo game: «Красный тянет Дельфина: каждый капитан переворачивает один из
    своих жетонов», though he plays alone; with several captains the line stays as it was."""
    from tabletop.i18n import in_language

    s = new("A", 1, dolphin=True)
    put(s, 0, 0, COOK, SWABBY)
    assert s.describe_lines(DOLPHIN, NAMES)[0][1] == "Red draws the Dolphin: he flips one of his tiles"
    with in_language("ru"):
        said = s.describe_lines(DOLPHIN, ["Красный"])[0][1]
    assert said == "Красный тянет Дельфина и переворачивает один из своих жетонов"
    two = new("A", 2, dolphin=True)
    assert two.describe_move(DOLPHIN, NAMES) == "Red draws the Dolphin: every captain flips one of his tiles"

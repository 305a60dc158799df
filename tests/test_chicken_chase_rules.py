"""A scenario per Chicken Chase ruling (/work/shared/rules/chicken_chase.md), through the state
and its moves, plus seeded random playouts checking conservation and the one-hen-per-field rule."""

import random

import pytest
from test_chicken_chase_cases import build, give_card

from tabletop.core import CHANCE, IllegalMoveError, Setup, StateError
from tabletop.games import get_game
from tabletop.games.chicken_chase import hill, parse_blocked
from tabletop.games.chicken_chase.moves import (
    END_ROLL,
    NO_CARD,
    ChooseRoll,
    Draw,
    FirstPlayer,
    Place,
    PlayB,
    PlayC,
    PlayCard,
    Roll,
    SetupChick,
)
from tabletop.games.chicken_chase.rules import ChickenState, new_game
from tabletop.layout import BoardStore

SPEC = get_game("chicken_chase")
LAYOUT = SPEC.load_layout(BoardStore([]), "normal")


def fresh(players=4, variant="normal", first=0, **options):
    opts = SPEC.parse_options(variant, options)
    return new_game(Setup(players, variant, opts, LAYOUT, first_player=first))


def settle(state):
    """Resolve pending draws with the first outcome (tests choose, never chance)."""
    while state.current_player == CHANCE and state.draws:
        state.apply(state.chance_outcomes()[0][0])


def roll(state, *dice):
    assert state.current_player == CHANCE and state.phase == "roll"
    state.apply(Roll(tuple(sorted(dice))))


# -- setup ---------------------------------------------------------------------------------------
def test_setup_deals_feed_and_hands_then_chicks_by_seats_after_starter():
    state = fresh(4, first=2)
    assert state.current_player == CHANCE
    assert state.field_due() == 0 and all(state.hand_being_dealt(seat) for seat in range(4))
    while state.field_due() is not None:  # the feed fields are laid first, then the hands dealt
        state.apply(state.chance_outcomes()[0][0])
    assert all(card is not None for card in state.face) and state.hand_being_dealt(3)
    settle(state)
    assert state.field_due() is None and not any(state.hand_being_dealt(seat) for seat in range(4))
    assert all(card is not None for card in state.face)
    for field, card in enumerate(state.face):
        assert card // 10 == LAYOUT.feed_deck[field]
    for seat in range(4):
        assert sorted(c // 10 for c in state.hand(seat)) == [0, 1]
    order = []
    while state.phase == "setup":
        seat = state.current_player
        moves = state.legal_moves()
        assert all(isinstance(m, SetupChick) and 1 <= m.field <= 4 for m in moves)
        order.append(seat)
        state.apply(moves[0])
    assert order == [3, 0, 0, 1, 1, 1]
    assert state.supply == [13, 12, 15, 14]
    assert all(max(row) <= 1 for row in state.chicks)  # one chick of each player per field
    assert state.current_player == 2 and state.phase == "action"


def test_first_player_by_chance_when_not_chosen():
    state = new_game(Setup(3, "normal", SPEC.parse_options("normal", {}), LAYOUT, first_player=None))
    settle(state)
    assert state.phase == "first"
    assert {m for m, _ in state.chance_outcomes()} == {FirstPlayer(s) for s in range(3)}
    state.apply(FirstPlayer(1))
    assert state.current_player == 2  # the player after the starter places a chick


def test_blocked_fields_per_variant_and_players():
    assert fresh(2).blocked == {4, 5, 8, 10, 13, 14}
    assert fresh(3).blocked == {4, 5, 10, 12}
    assert fresh(4).blocked == {5, 12}
    assert fresh(2, "peaceful").blocked == {4, 5, 8, 11, 13}
    assert fresh(3, "peaceful").blocked == {4, 5, 12}
    assert fresh(4, "peaceful").blocked == set()
    assert fresh(3, "custom", blocked="3, 9").blocked == {3, 9}


@pytest.mark.parametrize("text", ["0", "15", "4,4", "x", "1,2,99"])
def test_custom_blocked_option_rejects(text):
    with pytest.raises(ValueError):
        parse_blocked(text)


# -- action A ------------------------------------------------------------------------------------
def ready(players=4, turn=0, **options):
    """A game in the action phase with the setup chicks skipped."""
    state = build(players, [], {}, turn)
    state.card_rule = options.get("card_rule", "own_three")
    return state


def test_three_rolls_of_three_two_one_dice_and_groupings():
    state = ready()
    state.apply(ChooseRoll())
    assert all(len(m.dice) == 3 for m, _ in state.chance_outcomes())
    roll(state, 2, 4, 6)
    texts = {str(m) for m in state.legal_moves()}
    # groups: 2, 4, 6, 2+4, 2+6, 4+6; 2+4+6 = 12 names no field
    assert texts == {"place chick on feed 2 using 2", "place chick on feed 4 using 4",
                     "place chick on feed 6 using 6", "place chick on feed 6 using 2+4",
                     "place chick on feed 8 using 2+6", "place chick on feed 10 using 4+6",
                     "done with this roll"}
    state.apply(Place(6, (2, 4)))
    assert state.dice == (6,)
    state.apply(Place(6, (6,)))  # two groups may name the same field
    assert state.chicks[5][0] == 2 and state.supply[0] == 13
    assert state.phase == "roll" and state.roll_index == 1
    assert all(len(m.dice) == 2 for m, _ in state.chance_outcomes())
    roll(state, 1, 1)
    state.apply(END_ROLL)
    assert all(len(m.dice) == 1 for m, _ in state.chance_outcomes())
    roll(state, 5)
    state.apply(Place(5, (5,)))
    assert state.phase == "card"  # the starting hand can be played


def test_taking_a_card_mid_turn_then_placing_again():
    state = ready()
    settle(state)
    state.chicks[6][0] = 2
    state.chicks[6][1] = 1
    state.supply[0] -= 2
    state.supply[1] -= 1
    card = state.face[6]
    state.apply(ChooseRoll())
    roll(state, 3, 4, 6)
    state.apply(Place(7, (3, 4)))
    assert card in state.hand(0) and card in state.known[0]  # everybody saw it
    assert state.chicks[6] == [0, 0, 0, 0] and state.supply[:2] == [15, 15]  # all colours go home
    assert state.face[6] is None and state.current_player == CHANCE  # the refill is a draw
    assert state.field_due() == 6 and not state.hand_being_dealt(0)
    draws = state.chance_outcomes()
    assert all(m.card // 10 == LAYOUT.feed_deck[6] for m, _ in draws)
    state.apply(draws[0][0])
    assert state.face[6] is not None and state.current_player == 0
    roll_moves = {str(m) for m in state.legal_moves()}
    assert "place chick on feed 6 using 6" in roll_moves
    state.apply(END_ROLL)
    roll(state, 3, 4)
    state.apply(Place(7, (3, 4)))  # the emptied field takes chicks again in the same turn
    assert state.chicks[6][0] == 1


def test_any_three_house_rule():
    state = ready(card_rule="any_three")
    settle(state)
    state.chicks[2][1] = 1
    state.chicks[2][2] = 1
    card = state.face[2]
    state.apply(ChooseRoll())
    roll(state, 1, 2, 6)
    state.apply(Place(3, (1, 2)))
    assert card in state.hand(0) and state.chicks[2] == [0, 0, 0, 0]


def test_own_three_needs_own_chicks():
    state = ready()
    settle(state)
    state.chicks[2][1] = 1
    state.chicks[2][2] = 1
    state.apply(ChooseRoll())
    roll(state, 1, 2, 6)
    state.apply(Place(3, (1, 2)))
    assert state.chicks[2] == [1, 1, 1, 0] and state.face[2] is not None


def test_out_of_chicks_moves_a_placed_chick():
    state = ready()
    settle(state)
    state.supply[0] = 0
    state.chicks[0][0] = 14
    state.chicks[9][0] = 1
    state.apply(ChooseRoll())
    roll(state, 2, 3, 5)
    moves = state.legal_moves()
    assert all(isinstance(m, Place) and m.source in (1, 10) or m == END_ROLL for m in moves)
    assert Place(5, (5,), 10) in moves and Place(5, (5,), 0) not in moves
    state.apply(Place(5, (5,), 10))
    assert state.chicks[9][0] == 0 and state.chicks[4][0] == 1 and state.supply[0] == 0


def test_play_at_most_one_card_after_rolling():
    state = ready()
    settle(state)
    state.apply(ChooseRoll())
    for dice in ((1, 1, 1), (1, 1), (1,)):
        roll(state, *dice)
        state.apply(END_ROLL)
    moves = state.legal_moves()
    assert NO_CARD in moves and all(isinstance(m, PlayCard) for m in moves if m != NO_CARD)
    card = state.hand(0)[0]
    state.apply(PlayCard(card, 1))
    assert state.hens[1] == card % 10
    assert state.turn == 1 and state.phase == "action"


def test_no_card_phase_without_cards():
    state = ready()
    settle(state)
    state.hidden[0] = []
    state.apply(ChooseRoll())
    for dice in ((1, 1, 1), (1, 1), (1,)):
        roll(state, *dice)
        state.apply(END_ROLL)
    assert state.turn == 1 and state.phase == "action"


# -- actions B and C -----------------------------------------------------------------------------
def test_action_b_cards_up_to_eight_on_one_hen():
    state = ready()
    settle(state)
    state.hidden[0] = []
    a, b, c = give_card(state, 0, 3), give_card(state, 0, 5), give_card(state, 0, 1)
    b_moves = [m for m in state.legal_moves() if isinstance(m, PlayB)]
    sums = {sum(x % 10 for x in m.cards) for m in b_moves}
    assert max(sums) == 8 and PlayB(tuple(sorted((a, b, c))), 0) not in b_moves  # 9 is too much
    state.apply(PlayB(tuple(sorted((a, b))), 0))
    assert state.hens[0] == 8 and state.hand(0) == [c]
    assert state.discards[a // 10][3] == 1 and state.discards[b // 10][5] == 1


def test_action_c_one_card_per_hen_in_chosen_order():
    state = ready()
    settle(state)
    state.hidden[0] = []
    a, b = give_card(state, 0, 4), give_card(state, 0, 2)
    state.hens[:2] = [0, 0]
    state.apply(PlayC(b, 1))
    assert state.phase == "c_second" and state.hens[1] == 2
    assert state.legal_moves() == [PlayCard(a, 0)]
    state.apply(PlayCard(a, 0))
    assert state.hens[:2] == [4, 2] and state.turn == 1


def test_action_c_needs_two_cards_and_two_movable_hens():
    state = ready()
    settle(state)
    state.hidden[0] = state.hidden[0][:1]
    assert not any(isinstance(m, PlayC) for m in state.legal_moves())
    give_card(state, 0, 3)
    assert any(isinstance(m, PlayC) for m in state.legal_moves())
    state.hens[0] = 15
    assert not any(isinstance(m, PlayC) for m in state.legal_moves())
    assert all(m.hen == 1 for m in state.legal_moves() if isinstance(m, PlayB))


# -- moving hens ---------------------------------------------------------------------------------
def test_push_goes_to_nearest_free_field_and_never_chains():
    hens = [3, 0, 7, 6, 5, 0, 0, 0]  # red0 on 3, green on 7 and 6, yellow0 on 5
    pushed = hill.move_hen(hens, {4}, 0, 4)  # red0 3 → 7: green0 drops past 6, 5, blocked 4 → 3 (freed)
    assert hens[:5] == [7, 0, 3, 6, 5] and pushed == (2, 3)


def test_push_to_start_when_nothing_free():
    hens = [0, 0, 1, 2, 3, 0]
    hill.move_hen(hens, set(), 0, 3)
    assert hens == [3, 0, 1, 2, 0, 0]


def test_blocked_target_drops_without_pushing():
    hens = [2, 0, 4, 0]
    hill.move_hen(hens, {5}, 0, 3)  # 5 blocked, 4 occupied, 3 free
    assert hens == [3, 0, 4, 0]
    hens = [3, 0, 4, 0]
    hill.move_hen(hens, {5}, 0, 2)  # 5 blocked, 4 occupied, 3 is its own field: it stays
    assert hens == [3, 0, 4, 0]


def test_own_hen_is_pushed_too():
    hens = [2, 6, 0, 0]
    hill.move_hen(hens, set(), 0, 4)
    assert hens[:2] == [6, 5]


def test_overshoot_and_finish_push_and_win():
    state = ready(2)
    settle(state)
    state.hens = [9, 12, 15, 0]
    state.hidden[0] = []
    card = give_card(state, 0, 8)
    state.apply(PlayB((card,), 0))  # 9 + 8 → 15, green's hen drops to 14... unless blocked
    assert state.hens[0] == 15 and state.hens[2] == 14
    assert state.outcome() is None
    state.turn = 0
    state.phase = "action"
    card = give_card(state, 0, 3)
    state.apply(PlayB((card,), 1))
    assert state.hens[:2] == [15, 15]
    out = state.outcome()
    assert out is not None and out.winners == (0,) and out.reason == "finish"
    assert state.current_player is None


def test_preview_helpers():
    state = ready()
    settle(state)
    state.hens = [3, 0, 7, 0, 0, 0, 0, 0]
    assert state.hen_landing(0, 0, 4)[:3] == [7, 0, 6]
    assert state.hens[0] == 3
    state.apply(ChooseRoll())
    roll(state, 2, 3, 6)
    assert state.reachable_feed_fields((3, 2)) == [5]
    assert state.reachable_feed_fields((6, 2, 3)) == []  # 11 names no field
    assert state.subphase == "place"


# -- reshuffle, hidden hands, JSON ---------------------------------------------------------------
def test_empty_deck_reshuffles_discards_and_bare_field_waits():
    state = ready()
    settle(state)
    gold = 3
    # everything of gold into player 1's hand except one discard
    state.face[8] = None
    state.face[9] = None
    held = [gold * 10 + v for v in range(9) for _ in range(state.pile[gold][v])]
    held += [c for c in state.known[1] + state.hidden[1] if c // 10 == gold]
    state.pile[gold] = [0] * 9
    state.hidden[1] = sorted(held[1:] + [c for c in state.hidden[1] if c // 10 != gold])
    state.discards[gold][held[0] % 10] += 1
    state.draws = [(8,), (9,)]
    assert state.current_player == CHANCE
    assert state.chance_outcomes() == [(Draw(held[0]), 1.0)]  # the discards are reshuffled
    state.apply(Draw(held[0]))
    assert state.face[8] == held[0] and state.draws == []  # field 10 stays bare
    assert state.face[9] is None and state.current_player == 0


def test_observation_hides_other_hands():
    state = fresh(4)
    settle(state)
    view = state.observation(0)
    assert view.hand(0) == state.hand(0)
    assert [len(view.hand(s)) for s in range(4)] == [len(state.hand(s)) for s in range(4)]
    seen_differ = False
    for seed_state in range(20):
        other = fresh(4)
        other.turns = seed_state
        settle(other)
        v = other.observation(0)
        seen_differ |= any(v.hand(s) != other.hand(s) for s in (1, 2, 3))
        for s in (1, 2, 3):
            assert sorted(c // 10 for c in v.hand(s)) == sorted(c // 10 for c in other.hand(s))
    assert seen_differ


def test_from_json_refuses_impossible_positions():
    state = fresh(3)
    settle(state)
    data = state.to_json()
    assert ChickenState.from_json(data) == state
    bad = state.to_json()
    bad["hens"][0] = 6
    bad["hens"][2] = 6
    with pytest.raises(StateError, match="two hens"):
        ChickenState.from_json(bad)
    bad = state.to_json()
    bad["supply"][0] = 3
    with pytest.raises(StateError, match="chicks"):
        ChickenState.from_json(bad)
    bad = state.to_json()
    bad["pile"][0][1] += 1
    with pytest.raises(StateError, match="deck 1"):
        ChickenState.from_json(bad)
    with pytest.raises(StateError):
        ChickenState.from_json({"game": "chicken_chase"})
    with pytest.raises(StateError):
        ChickenState.from_json([1, 2])


def test_illegal_moves_refused():
    state = ready()
    settle(state)
    with pytest.raises(IllegalMoveError):
        state.apply(PlayB((38,), 0))  # a card not in the hand
    with pytest.raises(IllegalMoveError):
        state.apply(END_ROLL)


# -- seeded random playouts ----------------------------------------------------------------------
def check_invariants(state: ChickenState) -> None:
    for seat in range(state.n):
        assert state.supply[seat] + sum(row[seat] for row in state.chicks) == 15
    cards = sum(map(sum, state.pile)) + sum(map(sum, state.discards))
    cards += sum(len(h) for h in state.known) + sum(len(h) for h in state.hidden)
    cards += sum(1 for c in state.face if c is not None)
    assert cards == 60
    fields = [f for f in state.hens if f not in (0, 15)]
    assert len(fields) == len(set(fields))
    on_top = [h for h, f in enumerate(state.hens) if f == 15]
    assert len(on_top) <= 1 or (len(on_top) == 2 and on_top[0] // 2 == on_top[1] // 2
                                and state.outcome() is not None)
    assert not set(state.hens) & state.blocked


@pytest.mark.parametrize("players,variant,rule", [(2, "normal", "own_three"), (3, "peaceful", "any_three"),
                                                  (4, "normal", "own_three"), (4, "custom", "any_three")])
def test_random_playouts_conserve_and_end(players, variant, rule):
    for seed in range(6):
        rng = random.Random(seed)
        state = fresh(players, variant, first=None, card_rule=rule)
        for _ in range(50_000):
            check_invariants(state)
            if state.current_player is None:
                break
            if state.current_player == CHANCE:
                state.apply(state.sample_chance(rng))
            else:
                state.apply(rng.choice(state.legal_moves()))
        assert state.outcome() is not None and state.outcome().reason == "finish"


def test_a_push_names_the_pushed_hen_and_its_colour_without_declining_it():
    """Russian said «сталкивает курицу 1 игрока Зелёный»: a colour name does not decline after
    «игрока». The pushed hen's colour now stands in brackets after it, as a label."""
    from tabletop.i18n import in_language

    state = ChickenState.from_notation(
        "1 action hens:6,1/9,0 feed:1grey,2grey,3grey,2brown,5brown,4brown,5green,4green,8gold,6gold "
        "hands:3grey/5brown first:1 turns:40 blocked:5,12 variant:normal")
    move = next(m for m in state.legal_moves() if isinstance(m, PlayB) and m.hen == 0)
    assert state.describe_move(move) == "Red plays 3 (grey stone) (action B): hen 1: 6->9, pushes Green's hen 1 down: 9->8"
    with in_language("ru"):
        text = state.describe_move(move)
    assert text == "Красный играет 3 (серый камень) (действие B): курица 1: 6->9, сталкивает курицу 1 (Зелёный): 9->8"

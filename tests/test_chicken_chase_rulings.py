"""Chicken Chase rulings of issue 21 (/work/shared/rules/chicken_chase.md): unwinnable custom sets
of blocked fields are refused at every entry point (menu, ``--option``, board file), the game has no
turn limit and no winner by progress (a 5,000-turn safety net stops a faulty game with no winner),
and three points written down as the project plays them (reshuffle on demand, a bare field waits
for its card, setup chicks never take one)."""

import os
import random
import subprocess
import sys
from types import SimpleNamespace

import pytest
from scene_input import click
from test_chicken_chase_rules import check_invariants, fresh, ready, roll, settle
from test_menu import app  # noqa: F401  (the headless app fixture)

from tabletop import PACKAGE_DIR
from tabletop.core import CHANCE, Setup
from tabletop.core.spec import OptionError
from tabletop.games import get_game
from tabletop.games.chicken_chase import hill, layout, parse_blocked, rules
from tabletop.games.chicken_chase.moves import END_ROLL, NO_CARD, ChooseRoll, Draw, Place, PlayB, SetupChick
from tabletop.games.chicken_chase.rules import (
    MAX_TURNS,
    STOPPED,
    ChickenState,
    new_game,
    topology_from_layout,
)
from tabletop.layout import BoardStore

SPEC = get_game("chicken_chase")
LAYOUT = SPEC.load_layout(BoardStore([]), "normal")
GOLD = 3  # the deck of feed fields 9 and 10
UNWINNABLE = "3,4,5,6,7,8,9,10"
REASON = ("fields 3 to 10 are 8 blocked fields in a row: no card and no action-B sum is more than 8, "
          "so no hen could ever pass them")


# -- the refusal -----------------------------------------------------------------------------------
def test_the_longest_move_is_the_longest_card_and_action_b_sum():
    assert hill.LONGEST_MOVE == max(rules.B_LIMIT, layout.MAX_CARD) == 8


@pytest.mark.parametrize("text,run", [("3,4,5,6,7,8,9,10", (3, 10)), ("1,2,3,4,5,6,7,8", (1, 8)),
                                      ("14,13,12,11,10,9,8,7,2", (7, 14)), (",".join(map(str, range(1, 15))), (1, 14))])
def test_eight_or_more_blocked_fields_in_a_row_are_refused_with_the_reason(text, run):
    with pytest.raises(ValueError) as info:
        parse_blocked(text)
    first, last = run
    assert str(info.value) == (f"fields {first} to {last} are {last - first + 1} blocked fields in a row: no card "
                               "and no action-B sum is more than 8, so no hen could ever pass them")


@pytest.mark.parametrize("text", ["1,2,3,4,5,6,7", "8,9,10,11,12,13,14", "2,3,6,7,8,9,10,11,12", "1,2,3,4,5,6,7,9,10"])
def test_seven_in_a_row_can_be_passed_and_is_accepted(text):
    assert parse_blocked(text) == tuple(sorted(int(f) for f in text.split(",")))


def test_command_line_option_is_refused_with_one_line_and_exit_2():
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    result = subprocess.run([sys.executable, "-m", "tabletop", "chicken_chase", "--players", "3", "--variant",
                             "custom", "--option", f"blocked={UNWINNABLE}", "--mute"],
                            capture_output=True, text=True, timeout=60, env=env)
    assert result.returncode == 2
    assert result.stderr.strip().splitlines() == [f"tabletop: chicken_chase: option blocked: {REASON}"]
    assert "Traceback" not in result.stderr


def test_simulate_option_is_refused_too(capsys):
    from tabletop.cli import main

    assert main(["simulate", "chicken_chase", "--games", "1", "--variant", "custom",
                 "--option", f"blocked={UNWINNABLE}"]) == 2
    assert capsys.readouterr().err.strip() == f"tabletop: chicken_chase: option blocked: {REASON}"


def test_board_file_is_refused_by_check_boards_at_the_list(tmp_path):
    source = (PACKAGE_DIR / "boards" / "chicken_chase.yaml").read_text(encoding="utf-8")
    old = "    2: [4, 5, 8, 10, 13, 14]"
    assert source.count(old) == 1
    line = source[:source.index(old)].count("\n") + 1
    board = tmp_path / "chicken_chase.yaml"
    board.write_text(source.replace(old, "    2: [3, 4, 5, 6, 7, 8, 9, 10]"), encoding="utf-8")
    result = subprocess.run([sys.executable, "-m", "tabletop", "check-boards", str(board)],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 2
    assert result.stderr.splitlines() == [f"{board}:{line}:8: blocked.normal[2]: {REASON}", "1 problem found"]


def test_menu_does_not_start_an_unwinnable_set_and_says_why(app):  # noqa: F811
    from tabletop.ui.game_scene import GameScene
    from tabletop.ui.menu import MenuScene
    from tabletop.ui.scene import MessageOverlay

    menu = MenuScene(app)
    app.push_scene(menu)
    click(app, dict(menu.cards)["chicken_chase"].center)
    cfg = menu.choices["chicken_chase"]
    cfg.variant = "custom"
    cfg.options["blocked"] = UNWINNABLE  # what the players chose for the custom set
    menu.layout(menu.size)
    click(app, menu.start_button.rect.center)
    assert not any(isinstance(s, GameScene) for s in app.stack)
    assert isinstance(app.top, MessageOverlay)
    assert app.top.title == "Cannot start"
    assert app.top.body == f"chicken_chase: option blocked: {REASON}"
    app.render()
    cfg.options["blocked"] = "4,5,12"  # a winnable set starts
    app.pop_scene(app.top)
    click(app, menu.start_button.rect.center)
    assert isinstance(app.top, GameScene) and sorted(app.top.state.blocked) == [4, 5, 12]


# -- no turn limit, no winner by progress --------------------------------------------------------------
def _random_game(state: ChickenState, seed: int) -> ChickenState:
    rng = random.Random(seed)
    while state.current_player is not None:
        if state.current_player == CHANCE:
            state.apply_unchecked(state.sample_chance(rng))
        else:
            state.apply_unchecked(rng.choice(state.legal_moves()))
    return state


@pytest.mark.parametrize("players,variant,rule", [(2, "normal", "own_three"), (3, "normal", "any_three"),
                                                  (4, "normal", "own_three"), (2, "peaceful", "any_three"),
                                                  (3, "peaceful", "own_three"), (4, "peaceful", "any_three")])
def test_seeded_games_end_with_a_winner_well_before_the_safety_net(players, variant, rule):
    for seed in range(5):
        state = _random_game(fresh(players, variant, first=None, card_rule=rule), seed)
        out = state.outcome()
        assert out.reason == "finish" and len(out.winners) == 1
        assert hill.has_won(state.hens, out.winners[0])
        assert state.turns < MAX_TURNS // 10


def test_a_game_that_reaches_the_safety_net_stops_with_no_winner():
    # an unwinnable set, built past the entry points that refuse it, stands in for a program fault
    state = ChickenState(3, topology_from_layout(LAYOUT), tuple(range(3, 11)), "any_three", "custom", 0)
    _random_game(state, 7)
    check_invariants(state)
    assert state.turns == MAX_TURNS and state.current_player is None and state.winner is None
    out = state.outcome()
    assert out.winners == () and out.reason == STOPPED
    assert out.detail == "the game was stopped after 5,000 turns with no winner (a safety net against a program fault)"
    assert state.legal_moves() == []
    again = ChickenState.from_json(state.to_json())  # a save of it loads
    assert again.outcome() == out
    from tabletop.games.chicken_chase.scene import ChickenChaseScene

    scene = SimpleNamespace(state=state, seat_name=lambda s: f"Seat {s + 1}", seat_role=lambda s: "",
                            layout_data=LAYOUT, cards_won=lambda: None)
    scene.result_table = lambda o: ChickenChaseScene.result_table(scene, o)
    text = ChickenChaseScene.result_text(scene, out).splitlines()
    assert text[:2] == ["Nobody wins.", "The" + out.detail[3:] + "."]


def test_the_net_fires_at_the_end_of_the_5000th_turn_only():
    state = ready(2)
    settle(state)
    state.turns = MAX_TURNS - 2
    state.apply(ChooseRoll())
    for _ in range(3):
        roll(state, *([1] * (3 - state.roll_index)))
        state.apply(END_ROLL)
    state.apply(NO_CARD)
    assert state.turns == MAX_TURNS - 1 and state.outcome() is None and state.current_player == 1
    card = state.hand(1)[0]
    state.apply(PlayB((card,), 0))
    assert state.turns == MAX_TURNS and state.outcome().winners == ()


def test_a_finished_game_over_without_a_winner_is_refused_unless_stopped_by_the_net():
    state = ready(2)
    settle(state)
    data = state.to_json()
    data.update(phase="over", winner=None, reason=STOPPED, turns=12)
    with pytest.raises(Exception, match="nobody won"):
        ChickenState.from_json(data)


# -- written down as the project plays them ---------------------------------------------------------------
def _gold_into_hand(state: ChickenState, seat: int) -> list[int]:
    """Every gold card of the draw pile into ``seat``'s hidden hand (cards stay conserved)."""
    moved = [GOLD * 10 + v for v in range(9) for _ in range(state.pile[GOLD][v])]
    state.pile[GOLD] = [0] * 9
    state.hidden[seat] = sorted(state.hidden[seat] + moved)
    return moved


def _chicks(state: ChickenState, field: int, seat: int, count: int) -> None:
    state.chicks[field - 1][seat] += count
    state.supply[seat] -= count


def test_an_empty_deck_is_reshuffled_only_when_a_card_must_be_drawn_from_it():
    state = ready(2)
    settle(state)
    _gold_into_hand(state, 1)
    state.hidden[0].append(state.hidden[1].pop(state.hidden[1].index(GOLD * 10 + 5)))
    state.hidden[0].sort()
    state.apply(PlayB((GOLD * 10 + 5,), 0))  # the gold pile is empty: the played card waits on the discards
    assert state.pile[GOLD] == [0] * 9 and state.discards[GOLD][5] == 1 and not state.draws
    state.apply(PlayB((GOLD * 10 + 6,), 0))
    assert state.pile[GOLD] == [0] * 9 and state.discards[GOLD][5:7] == [1, 1]
    _chicks(state, 9, 0, 2)
    taken = state.face[8]
    state.apply(ChooseRoll())
    roll(state, 4, 5, 6)
    state.apply(Place(9, (4, 5)))  # the third own chick takes the card: now one must be drawn
    assert taken in state.known[0] and state.face[8] is None
    assert state.current_player == CHANCE
    assert state.chance_outcomes() == [(Draw(GOLD * 10 + 5), 0.5), (Draw(GOLD * 10 + 6), 0.5)]  # all the discards
    state.apply(Draw(GOLD * 10 + 6))
    assert state.face[8] == GOLD * 10 + 6
    assert state.pile[GOLD][5] == 1 and sum(state.pile[GOLD]) == 1 and state.discards[GOLD] == [0] * 9
    check_invariants(state)


@pytest.mark.parametrize("rule", ["own_three", "any_three"])
def test_a_bare_field_gives_nothing_until_a_card_is_laid_then_the_next_chick_takes_it(rule):
    state = ready(2, card_rule=rule)
    settle(state)
    state.hidden[1] = sorted(state.hidden[1] + [state.face[9]])  # field 10 is bare, no gold card anywhere
    state.face[9] = None
    _gold_into_hand(state, 1)
    _chicks(state, 10, 0, 2)
    hands = [state.hand(s) for s in range(2)]
    state.apply(ChooseRoll())
    roll(state, 4, 6, 6)
    state.apply(Place(10, (4, 6)))  # three own chicks, but no card: nothing happens
    assert state.chicks[9][0] == 3 and state.face[9] is None and not state.draws
    assert [state.hand(s) for s in range(2)] == hands and state.phase == "place"
    state.apply(END_ROLL)
    for dice in ((1, 1), (1,)):
        roll(state, *dice)
        state.apply(END_ROLL)
    state.apply(NO_CARD)
    gold = next(c for c in state.hand(1) if c // 10 == GOLD and c % 10 <= 8)
    state.apply(PlayB((gold,), 0))  # a gold card comes back: the bare field gets it
    assert state.current_player == CHANCE and state.chance_outcomes() == [(Draw(gold), 1.0)]
    state.apply(Draw(gold))
    assert state.face[9] == gold and state.chicks[9][0] == 3  # laying the card gives it to nobody
    assert state.current_player == 0 and gold not in state.hand(0)
    state.apply(ChooseRoll())
    roll(state, 4, 6, 6)
    state.apply(Place(10, (4, 6)))  # the next chick placed there takes it
    assert gold in state.known[0] and state.chicks[9] == [0, 0] and state.supply[0] == 15
    assert state.face[9] is None and not state.draws  # the gold deck is empty again: the field stays bare
    check_invariants(state)


def test_setup_chicks_never_take_a_card_even_with_any_three_and_four_players():
    state = fresh(4, first=0, card_rule="any_three")
    settle(state)
    faces = state.face[:]
    hands = [state.hand(s) for s in range(4)]
    for field in (1, 1, 2, 1, 2, 3):  # seat 2 puts 1, seat 3 puts 2, seat 4 puts 3 chicks
        assert state.phase == "setup"
        state.apply(SetupChick(field))
    assert state.phase == "action" and state.current_player == 0
    assert state.chicks[0] == [0, 1, 1, 1]  # three chicks on feed field 1: the card stays
    assert state.face == faces and [state.hand(s) for s in range(4)] == hands and not state.draws
    state.apply(ChooseRoll())
    roll(state, 1, 5, 6)
    state.apply(Place(1, (1,)))  # the first chick placed there in play takes it
    assert faces[0] in state.known[0] and state.chicks[0] == [0, 0, 0, 0]
    assert state.supply == [15, 15, 14, 13]  # (seat 3 and 4 still have chicks on fields 2 and 3)
    assert state.current_player == CHANCE and state.draws == [(0,)]


def test_new_game_takes_the_blocked_set_from_the_menu_options():
    state = new_game(Setup(3, "custom", SPEC.parse_options("custom", {"blocked": "1,2,3,4,5,6,7"}), LAYOUT, 0))
    assert sorted(state.blocked) == list(range(1, 8))
    with pytest.raises(OptionError, match="8 blocked fields in a row"):
        SPEC.parse_options("custom", {"blocked": "1,2,3,4,5,6,7,8"})


# -- the starting player: at random, or chosen in the menu ----------------------------------------------
def test_the_menu_offers_the_first_player_and_the_chosen_seat_starts(app):  # noqa: F811
    """The ruling: the starter is "random, or chosen in the menu"; the menu had no such row, so it
    was always drawn. First player offers random or a seat that plays, follows the player count,
    and the chosen seat starts: the others place their setup chicks after him."""
    from tabletop.ui.game_scene import GameScene
    from tabletop.ui.menu import MenuScene

    menu = MenuScene(app)
    app.push_scene(menu)
    click(app, dict(menu.cards)["chicken_chase"].center)
    cfg = menu.choices["chicken_chase"]
    starter = next(o for o in cfg.shown_options() if o.key == "starter")
    cfg.players = 4
    assert starter.choices_at(cfg.players) == ("random", "red", "green", "yellow", "blue")
    cfg.options["starter"] = "blue"
    cfg.players = 2
    cfg._fit_options()
    assert cfg.options["starter"] == "random", "blue does not play with two: back to the default"
    cfg.step_option("starter", 1)
    cfg.step_option("starter", 1)
    assert cfg.options["starter"] == "green"
    menu.layout(menu.size)
    app.render()
    click(app, menu.start_button.rect.center)
    scene = app.top
    assert isinstance(scene, GameScene)
    state = scene.state
    assert state.first == 1 and state.phase != "first"
    assert [seat for seat, _n in state.setup_queue][:1] == [0], "the others place after the starter"


def test_a_random_first_player_is_drawn_and_a_seat_that_does_not_play_is_refused():
    drawn = new_game(Setup(3, "normal", {"starter": "random"}, LAYOUT))
    assert drawn.phase == "first" and drawn.current_player == CHANCE
    chosen = new_game(Setup(3, "normal", {"starter": "yellow"}, LAYOUT))
    assert chosen.first == 2
    with pytest.raises(OptionError, match="blue does not play with 3 players"):
        new_game(Setup(3, "normal", {"starter": "blue"}, LAYOUT))
    assert new_game(Setup(3, "normal", {"starter": "yellow"}, LAYOUT, first_player=0)).first == 0

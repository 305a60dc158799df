"""Trap the Cap, whole games (rules/trap_the_cap.md, "End and winner"): seeded random games over
every variant, 2–4 players, both scorings, both golden-cap winners and a range of turn limits,
followed turn by turn from the outside. At the turn limit every seat has had the same number of
turns (rounds count from the first player), and the winner is the one the ruling names, worked out
here from the position by a referee written from the ruling text, not by the rules core."""

import random

import pytest

from tabletop.core import CHANCE, Setup
from tabletop.games import get_game
from tabletop.games.trap_the_cap.rules import GOLD, Move, Pass, Roll
from tabletop.layout import BoardStore

SPEC = get_game("trap_the_cap")
LAYOUT = SPEC.load_layout(BoardStore([]), "golden_cap")
LIMITS = (1, 2, 3, 4, 5, 7, 10, 15)
GAMES_PER_SETUP = 2
COLOURS = {2: ("auto", "green,blue", "yellow,blue", "red,green"), 3: ("auto", "green,yellow,blue", "red,green,blue")}


def cap_owner(state, cap):
    """Whose cap it is: its colour, or for the golden cap its owner (None: nobody's)."""
    return state.golden_owner if cap == GOLD else cap


def free_colours(state):
    """Colours with a free cap (a piece they command, at home or out): still in play."""
    return {cap_owner(state, stack[-1]) for piles in state.occ.values() for stack in piles} - {None}


def prisoners(state, colour):
    """The ruling's count: other teams' caps locked up or under a tower ``colour`` commands; an
    owned golden cap is its owner's cap, an unowned one nobody's."""
    team = state.rules.team
    count = sum(1 for c in state.locked[colour] if team[c] != team[colour])
    for piles in state.occ.values():
        for stack in piles:
            if cap_owner(state, stack[-1]) == colour:
                for cap in stack[:-1]:
                    owner = cap_owner(state, cap)
                    count += owner is not None and team[owner] != team[colour]
    return count


def referee(state):
    """(reason, winning seats, points per seat) as the ruling says, from the final position alone."""
    rules = state.rules
    seats, team = rules.seats, rules.team
    alive = {team[c] for c in free_colours(state)}
    points = {}
    for c in seats:
        points[team[c]] = points.get(team[c], 0) + prisoners(state, c)

    per_seat = tuple(float(points[team[c]]) for c in seats)

    def most():
        best = max(points.values())
        return tuple(i for i, c in enumerate(seats) if points[team[c]] == best)

    if len(alive) > 1:
        return "turn_limit", most(), per_seat
    if rules.variant == "golden_cap" and rules.golden_win == "owner" and state.golden_owner is not None:
        return "golden_cap", tuple(i for i, c in enumerate(seats) if c == state.golden_owner), per_seat
    last_standing = rules.variant in ("defensive", "tower_race") or (
        rules.variant in ("partners", "total_partners") and rules.scoring == "defensive")
    if last_standing:
        return "last_in_play", tuple(i for i, c in enumerate(seats) if team[c] in alive), per_seat
    return "trapped", most(), per_seat


def options_to_vary(variant):
    """The ruling's options that matter for one variant: scoring and teams, or the golden winner."""
    if variant in ("partners", "total_partners"):
        return [{"scoring": s, "teams": t} for s in ("offensive", "defensive") for t in ("red+yellow", "red+green")]
    if variant == "golden_cap":
        return [{"golden_win": w} for w in ("owner", "prisoners")]
    return [{}]


def game_setups():
    """(players, variant, options, first seat) for every combination the ruling distinguishes,
    each with several turn limits, seat colours and first players."""
    rng = random.Random("trap the cap whole games")
    for variant in ("offensive", "defensive", "partners", "total_partners", "tower_race", "golden_cap"):
        for players in SPEC.extra["players_for_variant"](variant):
            for extra in options_to_vary(variant):
                # short limits end on the limit; 200 (the default) lets some games end early, a
                # side trapped out of play
                for limit in (*LIMITS, 200, 200):
                    given = {"turn_limit": str(limit), **extra}
                    if players in COLOURS:
                        given["colours"] = rng.choice(COLOURS[players])
                    yield players, variant, given, rng.randrange(players)


SETUPS = list(game_setups())


def play(setup, seed):
    """Play one random game; return the final state, the turns each seat had and the seats that
    stayed in play all game."""
    players, variant, given, first = setup
    state = SPEC.new_state(Setup(players, variant, SPEC.parse_options(variant, given), LAYOUT, first_player=first))
    rng = random.Random(seed)
    turns = [0] * players
    always = set(range(players))
    extra_roll_for = None  # the seat that threw a 6 and rolls again within the same turn
    while state.current_player is not None:
        seat = state.turn
        if state.current_player == CHANCE:
            if extra_roll_for != seat:
                turns[seat] += 1
            extra_roll_for = None
            state.apply(state.sample_chance(rng))
            continue
        move = rng.choice(state.legal_moves())
        assert isinstance(move, (Move, Pass))
        extra_roll_for = seat if state.die == 6 else None
        state.apply(move)
        free = free_colours(state)
        always -= {i for i, c in enumerate(state.rules.seats) if c not in free}
    return state, turns, always


def test_setups_cover_every_variant_player_count_and_option():
    seen = {(p, v, g.get("scoring"), g.get("golden_win")) for p, v, g, _ in SETUPS}
    assert {(v, p) for p, v, _, _ in SETUPS} == {(v, p) for v in ("offensive", "defensive", "tower_race", "golden_cap")
                                                 for p in (2, 3, 4)} | {("partners", 4), ("total_partners", 4)}
    assert (4, "partners", "defensive", None) in seen and (4, "total_partners", "offensive", None) in seen
    assert (3, "golden_cap", None, "prisoners") in seen and (2, "golden_cap", None, "owner") in seen
    assert {f for _, _, _, f in SETUPS} == {0, 1, 2, 3}


@pytest.mark.parametrize("chunk", range(4))
def test_whole_games_end_with_equal_turns_and_the_ruled_winner(chunk):
    ended = set()
    for number, (setup, seed) in enumerate((setup, seed) for setup in SETUPS for seed in range(GAMES_PER_SETUP)):
        if number % 4 != chunk:
            continue
        state, turns, always = play(setup, f"game {number}/{seed}")
        limit = state.rules.turn_limit
        outcome = state.outcome()
        assert outcome is not None
        reason, winners, points = referee(state)
        where = f"game {number} {setup} seed {seed}: turns {turns}, rounds {state.rounds}"
        assert (outcome.reason, outcome.winners, outcome.points) == (reason, winners, points), where
        ended.add(reason == "turn_limit")
        if reason == "turn_limit":
            assert state.rounds == limit, where
            assert all(turns[s] == limit for s in always), where
        else:
            assert state.rounds <= limit, where
            # Cut short: seats from the first player up to the one that ended it are one turn ahead.
            order = [(setup[3] + k) % len(turns) for k in range(len(turns))]
            ahead = [turns[s] for s in order if s in always]
            assert ahead == sorted(ahead, reverse=True) and (not ahead or ahead[0] - ahead[-1] <= 1), where
        assert all(t <= limit for t in turns), where
    assert ended == {True, False}


def test_the_first_roll_after_a_six_is_the_same_turn():
    """The test's own turn counting agrees with the repro of the ruling: blue begins, limit 2."""
    options = SPEC.parse_options("offensive", {"colours": "yellow,blue", "turn_limit": "2"})
    state = SPEC.new_state(Setup(2, "offensive", options, LAYOUT, first_player=1))
    movers = []
    for roll in (6, 1, 3, 2, 4):
        movers.append(state.colour_to_move)
        state.apply(Roll(roll))
        state.apply(state.legal_moves()[0])
    assert movers == ["blue", "blue", "yellow", "blue", "yellow"]
    assert state.current_player is None and state.outcome().reason == "turn_limit"

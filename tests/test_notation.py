"""Every game's position notation (docs/notation.md): exact round trips over positions reached by
seeded random play of every game, variant, option and seat count (hypothesis), errors that name the
bad word, seat views that hide what they must, and the shared cases' syntax read as positions."""

from __future__ import annotations

import json
import random
import re

import pytest
from conftest import CASES
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from tabletop.core import CHANCE, Setup, StateError
from tabletop.core.spec import OptionError
from tabletop.games import all_games
from tabletop.games.captain_flip.rules import UNKNOWN, CaptainFlipState
from tabletop.games.chicken_chase.rules import ChickenState
from tabletop.games.plakoto.rules import PlakotoState
from tabletop.games.trap_the_cap.rules import TrapState
from tabletop.layout import BoardStore

STORE = BoardStore([])
_LAYOUTS: dict = {}


def _setups():
    for spec in all_games().values():
        for variant in spec.all_variants(STORE):
            allowed = spec.extra.get("players_for_variant")
            players = [p for p in range(spec.min_players, spec.max_players + 1)
                       if not allowed or p in allowed(variant.id)]
            yield pytest.param(spec.id, variant.id, players, id=f"{spec.id}-{variant.id}")


def layout(game_id: str, variant: str):
    if (game_id, variant) not in _LAYOUTS:
        _LAYOUTS[game_id, variant] = all_games()[game_id].load_layout(STORE, variant)
    return _LAYOUTS[game_id, variant]


def new_game(game_id: str, variant: str, players: int, picks: list[int]):
    """A new game with options picked from each option's menu choices (None if they do not fit)."""
    spec = all_games()[game_id]
    texts = {}
    for option, pick in zip(spec.options, picks, strict=False):
        if option.applies_to(variant) and (not option.players or players in option.players):
            texts[option.key] = option.choices[pick % len(option.choices)]
    if game_id == "trap_the_cap" and picks[0] % 2:
        texts["turn_limit"] = str(picks[0] % 40 + 1)  # short games reach the turn limit too
    try:
        options = spec.parse_options(variant, texts, STORE)
        return spec.new_state(Setup(players, variant, options, layout(game_id, variant),
                                    first_player=None if picks[-1] % 3 == 0 else picks[-1] % players))
    except OptionError:
        return None


def check_round_trip(state) -> None:
    """Text → state → text is exact: the same state (all of its JSON), the same text, the same
    legal moves, and every seat's view reads back as that seat's observation where it can."""
    cls = type(state)
    text = state.to_notation()
    assert "\n" not in text and text == " ".join(text.split())
    back = cls.from_notation(text, layout(state.game_id, _variant(state)))
    assert back == state, text
    assert back.to_notation() == text
    assert back.current_player == state.current_player
    assert sorted(map(str, back.legal_moves())) == sorted(map(str, state.legal_moves())), text
    assert (back.outcome() is None) == (state.outcome() is None)
    for seat in range(state.num_players):
        view = state.to_notation(seat=seat)
        if isinstance(state, CaptainFlipState):
            assert view == state.observation(seat).to_notation()
            assert cls.from_notation(view) == state.observation(seat)
        elif isinstance(state, ChickenState):
            assert view.endswith(f" view:{seat + 1}")
        else:
            assert view == text


def _variant(state) -> str:
    if isinstance(state, TrapState):
        return state.rules.variant
    return getattr(state, "variant", "standard")


@pytest.mark.parametrize("game_id,variant,players", list(_setups()))
@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_round_trip_over_random_play(game_id, variant, players, data):
    n = data.draw(st.sampled_from(players), label="players")
    picks = data.draw(st.lists(st.integers(0, 10**6), min_size=6, max_size=6), label="options")
    seed = data.draw(st.integers(0, 10**9), label="seed")
    length = data.draw(st.one_of(st.integers(0, 300), st.just(10**5)), label="moves")
    state = new_game(game_id, variant, n, picks)
    assume(state is not None)
    rng = random.Random(seed)
    check_round_trip(state)
    for step in range(length):
        if state.current_player is None:
            break
        if state.current_player == CHANCE:
            state.apply(state.sample_chance(rng))
        else:
            moves = state.legal_moves()
            state.apply(moves[0] if len(moves) == 1 else rng.choice(moves))
        if step % 7 == 0:
            check_round_trip(state)
    check_round_trip(state)


# -- the example of each game in docs/notation.md ----------------------------------------------------------
EXAMPLES = {
    PlakotoState: "b 65/5 1:b14 7:b1 24:w15 off:w0,b0 mother:w+b+ match:1-3/5 start:b games:b2m@w,w1o@b,b1o@w",
    TrapState: "yellow 6 R25:green+gold S_SW_1:green home:green=green,green;yellow=yellow,yellow,yellow,yellow "
               "locked: gold:yellow variant:golden_cap round:3",
    CaptainFlipState: "2 keep tile:Gm coins:5,0 boards:Lp/-/GS/-/-;-/-/-/-/- first:1 bag:69 variant:A",
    ChickenState: "1 roll2 hens:3,0/0,0 feed:1grey,2grey,3grey,2brown,-,4brown,5green,4green,8gold,6gold "
                  "chicks:2=1.0,3=1.1 hands:4brown,~1grey,~2brown/~1grey,~3brown discards:3grey draws:f5 first:1 "
                  "turns:4 blocked:4,5,8,10,13,14 variant:normal",
}


@pytest.mark.parametrize("cls", list(EXAMPLES), ids=lambda c: c.__name__)
def test_documented_examples_read_and_write_back(cls):
    text = EXAMPLES[cls]
    state = cls.from_notation(text)
    assert state.to_notation() == text
    assert text in (CASES.parent.parent / "docs" / "notation.md").read_text(encoding="utf-8")


def test_documented_examples_say_what_they_show():
    trap = TrapState.from_notation(EXAMPLES[TrapState])
    assert trap.colour_to_move == "yellow" and trap.die == 6 and trap.rules.variant == "golden_cap"
    assert trap.stacks_at("R25") == [("green", "gold")] and trap.golden_owner == 2
    flip = CaptainFlipState.from_notation(EXAMPLES[CaptainFlipState])
    assert flip.current_player == 1 and flip.drawn == (1, 0, False) and flip.coins == [5, 0]
    chicken = ChickenState.from_notation(EXAMPLES[ChickenState])
    assert chicken.current_player == CHANCE and chicken.draws == [(4,)] and chicken.hens == [3, 0, 0, 0]
    assert chicken.known[0] == [14] and chicken.hidden[0] == [1, 12] and chicken.supply == [13, 14]
    plakoto = PlakotoState.from_notation(EXAMPLES[PlakotoState])
    assert plakoto.current_player == 1 and plakoto.left == (5,) and [g.winner for g in plakoto.games] == [1, 0, 1]


def test_documented_option_defaults_are_the_codes():
    """The shared paragraph names each game's option at its default and changed: the default word is
    read and left out when written back, the changed word is written back."""
    doc = (CASES.parent.parent / "docs" / "notation.md").read_text(encoding="utf-8")
    found = re.search(r"Options at their default\s+\(([^)]*)\) are left out; a changed option is\s+"
                      r"written \(([^)]*)\)", doc)
    assert found, "the paragraph on options at their default is missing"
    defaults, changed = (re.findall(r"`([a-z_]+:[a-z_0-9]+)`", part) for part in found.groups())
    games = (PlakotoState, TrapState, ChickenState)
    assert len(defaults) == len(changed) == len(games)
    for cls, default, other in zip(games, defaults, changed, strict=True):
        base = EXAMPLES[cls]
        assert cls.from_notation(f"{base} {default}").to_notation() == base, default
        assert other in cls.from_notation(f"{base} {other}").to_notation().split(), other
    assert f"`turn_limit:N` (default {TrapState.from_notation(EXAMPLES[TrapState]).rules.turn_limit})" in doc


# -- errors name the bad word ----------------------------------------------------------------------------
BAD = [
    (PlakotoState, "w - 1:b15 25:w15 off:w0,b0", "25:w15"),
    (PlakotoState, "next - 1:b15 24:w15 off:w0,b0", "'next'"),
    (PlakotoState, "over - 1:b15 24:w15 off:w0,b0 match:5-0/5", "'over'"),
    (PlakotoState, "w - 1:b15 24:w15 off:w0,b0 games:x2m@w", "x2m@w"),
    (PlakotoState, "w - 1:b15 24:w15 off:w0,b0 match:1-0/5 games:b1o@w", "games:"),
    (PlakotoState, "w - 1:b15 24:w15 off:w0,b0 games:w1m@w", "w1m@w"),
    (TrapState, "red - R99:red home: locked: gold:-", "R99:red"),
    (TrapState, "red - R01:purple home: locked: gold:-", "'purple'"),
    (TrapState, "red - H_NE:red home: locked: gold:-", "H_NE:red"),
    (TrapState, "red 7 home:red=red,red,red,red;green=green,green,green,green locked: gold:-", "'7'"),
    (TrapState, "blue - home:red=red,red,red,red;green=green,green,green,green", "'blue'"),
    (TrapState, "red - home:red=red,red,red,red;green=green,green,green,green variant:chess", "variant:chess"),
    (TrapState, "red - home:red=red,red,red,red;green=green,green,green,green scoring:defensive", "scoring:defensive"),
    (TrapState, "red - home:red=red,red,red,red;green=green,green,green,green round:-1", "round:-1"),
    (TrapState, "red - home:red=red,red,red,red;green=green,green,green locked: gold:-", "green has 3 caps"),
    (TrapState, "red - home:red=red,red,red,red;green=green,green,green,green locked:red=red", "red cannot hold"),
    (CaptainFlipState, "1 draw coins:0 boards:-/-/-/-/- variant:Z", "variant:Z"),
    (CaptainFlipState, "1 draw coins:0 boards:Gx/-/-/-/- variant:A", "'Gx'"),
    (CaptainFlipState, "1 draw coins:0 boards:G?/-/-/-/- variant:A", "'G?'"),
    (CaptainFlipState, "1 dance coins:0 boards:-/-/-/-/- variant:A", "'dance'"),
    (CaptainFlipState, "1 draw coins:0 boards:-/-/- variant:A", "3 columns"),
    (CaptainFlipState, "1 draw coins:0,0 boards:-/-/-/-/- variant:A", "coins:0,0"),
    (CaptainFlipState, "1 draw coins:0 boards:-/-/-/-/- bag:3 variant:A", "bag:3"),
    (CaptainFlipState, "1 draw coins:0 boards:-/-/-/-/- tasks:jump1 variant:A", "jump1"),
    (CaptainFlipState, "3 draw coins:0 boards:-/-/-/-/- variant:A", "'3'"),
    (ChickenState, "1 action hens:0,0/0,0 hands:9grey/-", "9grey"),
    (ChickenState, "1 action hens:0,0/0,0 hands:1pink/-", "1pink"),
    (ChickenState, "1 action hens:0,0/0,16", "hens:0,0/0,16"),
    (ChickenState, "1 dance hens:0,0/0,0", "'dance'"),
    (ChickenState, "1 place2 hens:0,0/0,0 dice:356", "dice:356"),
    (ChickenState, "1 action hens:0,0/0,0 dice:3", "dice:3"),
    (ChickenState, "1 action hens:0,0/0,0 chicks:11=1.0", "chicks:11=1.0"),
    (ChickenState, "1 action hens:0,0/0,0 hands:-/-/-", "hands:-/-/-"),
    (ChickenState, "1 action hens:0,0/0,0 hands:~?grey/-", "~?grey"),
    (ChickenState, "1 action hens:0,0/0,0 feed:1brown,-,-,-,-,-,-,-,-,-", "feed:1brown"),
    (ChickenState, "1 action hens:0,0/0,0 draws:x3", "x3"),
    (ChickenState, "1 action hens:0,0/0,0 banana", "banana"),
    (ChickenState, "1 action hens:0,0/0,0 variant:chess", "variant:chess"),
    (ChickenState, "1 action hens:0,0/0,0 discards:1grey,1grey,1grey,1grey,1grey,1grey", "1grey"),
]


@pytest.mark.parametrize("cls,text,bad", BAD, ids=[f"{c.__name__}-{i}" for i, (c, _, _) in enumerate(BAD)])
def test_errors_name_the_bad_part(cls, text, bad):
    with pytest.raises(StateError) as info:
        cls.from_notation(text)
    message = str(info.value)
    assert bad in message, message
    assert "\n" not in message


@pytest.mark.parametrize("cls", [PlakotoState, TrapState, CaptainFlipState, ChickenState], ids=lambda c: c.__name__)
@pytest.mark.parametrize("text", [None, 5, "", "w"])
def test_no_text_or_too_little_is_refused(cls, text):
    with pytest.raises(StateError):
        cls.from_notation(text)


# -- views hide what they must ---------------------------------------------------------------------------
def _played(game_id: str, variant: str, players: int, moves: int, seed: int = 3, until=None):
    """A position after ``moves`` random moves, or the first one after them where ``until`` holds."""
    state = new_game(game_id, variant, players, [0] * 6)
    rng = random.Random(seed)
    done = 0
    while state.current_player is not None and (done < moves or (until is not None and not until(state))):
        state.apply(state.sample_chance(rng) if state.current_player == CHANCE else rng.choice(state.legal_moves()))
        done += 1
    return state


def test_captain_flip_view_shows_no_secret_side():
    state = _played("captain_flip", "A", 3, 60, until=lambda s: s.drawn is not None)
    full = state.to_notation()
    secret = [t for b in state.boards for col in b for t in col if not t[2]]
    assert secret and not full.endswith(" view")
    for seat in range(3):
        view = state.to_notation(seat=seat)
        boards = next(t for t in view.split() if t.startswith("boards:"))[len("boards:"):]
        assert view.endswith(" view") and boards.count("?") == len(secret)
        assert not any(c.islower() for c in boards)  # no secret side, only seen ones and '?'
        masked = CaptainFlipState.from_notation(view)
        assert masked.masked and masked.bag_n == state.bag_n
        assert all(t[1] == UNKNOWN for b in masked.boards for col in b for t in col if not t[2])


def test_chicken_chase_view_shows_only_the_backs_of_the_others_face_down_cards():
    state = _played("chicken_chase", "normal", 4, 20,
                    until=lambda s: s.phase == "action" and all(s.hidden[k] for k in range(4)))
    assert all(state.hidden[s] for s in range(4)) and state.phase == "action"
    for seat in range(4):
        view = state.to_notation(seat=seat)
        hands = next(t for t in view.split() if t.startswith("hands:"))[len("hands:"):].split("/")
        for s, hand in enumerate(hands):
            secret = [c for c in hand.split(",") if c.startswith("~")]
            assert len(secret) == len(state.hidden[s])
            if s == seat:
                assert not any(c.startswith("~?") for c in secret)  # he knows his own cards
            else:
                decks = sorted(state.topo.deck_ids[c // 10] for c in state.hidden[s])
                assert sorted(c[2:] for c in secret) == decks and all(c.startswith("~?") for c in secret)
        with pytest.raises(StateError, match="view"):
            ChickenState.from_notation(view)
    assert ChickenState.from_notation(state.to_notation()) == state


def test_perfect_information_games_show_every_seat_everything():
    for game_id, variant, players in (("plakoto", "standard", 2), ("trap_the_cap", "offensive", 3)):
        state = _played(game_id, variant, players, 30)
        assert {state.to_notation(seat=s) for s in range(players)} == {state.to_notation()}


# -- the shared cases' syntax is the notation's --------------------------------------------------------------
def test_trap_the_cap_case_results_read_as_positions():
    from test_trap_the_cap_support import render

    data = json.loads((CASES / "trap_the_cap_moves.json").read_text(encoding="utf-8"))
    read = 0
    for case in data["cases"]:
        teams = ""
        if case.get("teams"):
            partner = next(c for team in case["teams"] if "red" in team for c in team if c != "red")
            teams = "" if partner == "yellow" else f" teams:red+{partner}"
        for result in case["results"]:
            state = TrapState.from_notation(f"{case['to_move']} - {result} variant:{case['variant']}{teams}",
                                            layout("trap_the_cap", "golden_cap"))
            assert render(state) == result
            read += 1
    assert read > 1000


def test_plakoto_case_positions_read_as_positions():
    from test_plakoto_helpers import case_notation

    data = json.loads((CASES / "plakoto_turns.json").read_text(encoding="utf-8"))
    for case in data["cases"]:
        state = PlakotoState.from_notation(case_notation(case))
        assert PlakotoState.from_notation(state.to_notation()) == state

"""The Plakoto evaluator of ``hard`` (win / double win / double loss), its search, the hint and
review functions the UI uses, the fast whole-turn generator and the match table. No strength or
timing assertions: strength is measured with ``tabletop simulate`` and reported."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest

from tabletop.core.game import CHANCE
from tabletop.games.plakoto.ai_search import Objective, analyse
from tabletop.games.plakoto.ai_value import equity, equity_net, final
from tabletop.games.plakoto.movegen import Frame, dice_left, flip
from tabletop.games.plakoto.rules import PlakotoState


def S(text: str) -> PlakotoState:
    return PlakotoState.from_notation(text)


def _midgame(seed: int, moves: int, level: str = "easy") -> PlakotoState:
    """A position reached by seeded play, with the dice rolled (a decision to make)."""
    from tabletop.games.plakoto.ai import make_agent

    rng = random.Random(seed)
    state = PlakotoState(1, "blocks", 0)
    agent = make_agent(level)
    played = 0
    while True:
        if state.current_player == CHANCE:
            state.apply(state.sample_chance(rng))
        elif played >= moves and len(state.legal_turns()) > 5:
            return state
        else:
            state.apply(agent.choose(state, rng))
            played += 1


# -- the evaluator -------------------------------------------------------------------------------
def test_exact_values_at_game_ends():
    net = equity_net()
    # the mover has borne off all (no notation for that: the game is over): single when the
    # opponent has borne off, double when not
    for theirs, want in ((14, (1.0, 0.0, 0.0)), (15, (1.0, 1.0, 0.0))):
        b, pn = [0] * 25, [0] * 25
        b[1] = -theirs
        assert net.probs(b, pn) == want and final(b, pn) == want
    cases = {
        # White pins Black's mother and has none left on his own starting point: double
        "w - 1:w1* 10:w14 20:b14 off:w0,b0": (1.0, 1.0, 0.0),
        # both mothers pinned: a tie, half a win, no double
        "w - 1:w1* 10:w13 24:b1* 20:b13 off:w0,b0": (0.5, 0.0, 0.0),
    }
    for text, want in cases.items():
        state = S(text)
        assert net.probs(state.cnt, state.pin) == want, text
        assert final(state.cnt, state.pin) == want, text
    lost = S("w - 1:w1* 10:w14 20:b14 off:w0,b0")
    b, pn = flip(lost.cnt, lost.pin)
    assert net.probs(b, pn) == (0.0, 0.0, 1.0)
    assert equity((1.0, 1.0, 0.0)) == 2.0 and equity((0.0, 0.0, 1.0)) == -2.0 and equity((0.5, 0, 0)) == 0.0
    start = S("w 21 1:b15 24:w15 off:w0,b0")
    assert final(start.cnt, start.pin) is None
    w, wd, ld = net.probs(start.cnt, start.pin)
    assert 0.0 < wd <= w < 1.0 and 0.0 < ld <= 1 - w


def test_no_double_once_the_loser_has_borne_off():
    net = equity_net()
    # Black has borne off two: White cannot win double; White has borne off none, so he can lose double
    state = S("w - 1:b3 2:b4 3:b6 14:w2 19:w6 24:w7 off:w0,b2")
    w, wd, ld = net.probs(state.cnt, state.pin)
    assert wd == 0.0 and 0.0 < w < 1.0
    # the same from Black's side: his double loss is White's double win, 0 as well
    bw, bwd, bld = net.probs(*flip(state.cnt, state.pin))
    assert bld == 0.0
    # and with both having borne off, no double either way
    both = S("w - 1:b3 2:b4 3:b6 4:w3 5:w6 off:w6,b2")
    assert net.probs(both.cnt, both.pin)[1:] == (0.0, 0.0)


def _mirror(text: str) -> str:
    """The same position with the colours swapped (White's point p is Black's 25 - p)."""
    state = S(text)
    cnt, pin = flip(state.cnt, state.pin)
    side = "b" if state.turn == 0 else "w"
    parts = []
    for p in range(1, 25):
        x = cnt[p]
        if x:
            parts.append(f"{p}:{'w' if x > 0 else 'b'}{abs(x)}{'*' if pin[p] else ''}")
    dice = f"{state.dice[0]}{state.dice[1]}" if state.dice else "-"
    return f"{side} {dice} {' '.join(parts)} off:w{state.off[1]},b{state.off[0]}"


@pytest.mark.parametrize("seed", [3, 8])
def test_symmetry_under_flipping_colours(seed):
    state = _midgame(seed, 30)
    text = state.position.split(" mother:")[0]
    mirrored = S(_mirror(text))
    assert mirrored.turn == 1 - state.turn
    one = analyse(state, budget=400)
    two = analyse(mirrored, budget=400)
    assert len(one) == len(two)
    for a, b in zip(one, two, strict=True):
        assert (a.win, a.double_win, a.double_loss, a.ply) == (b.win, b.double_win, b.double_loss, b.ply)
        assert str(a.turn) == str(b.turn) or a.value == b.value  # equal values may list in either order


# -- the hint API --------------------------------------------------------------------------------
def test_ranked_turns_are_the_legal_turns_best_first():
    state = _midgame(5, 24)
    ranked = analyse(state, budget=800)
    legal = {t.key for t in state.legal_turns()}
    assert {a.turn.key for a in ranked} == legal and len(ranked) == len(legal)
    plies = [a.ply for a in ranked]
    assert plies == sorted(plies, reverse=True) and sum(p >= 1 for p in plies) >= 2  # deepest first
    for ply in set(plies):
        group = [a for a in ranked if a.ply == ply]
        assert all(x.value >= y.value for x, y in zip(group, group[1:], strict=False))
    for a in ranked:
        assert 0.0 <= a.double_win <= a.win <= 1.0 and 0.0 <= a.double_loss <= 1.0 - a.win
        assert a.equity == pytest.approx(2 * a.win - 1 + a.double_win - a.double_loss)
        probe = state.copy()
        for step in a.turn.steps:  # every listed turn can be played step by step
            probe.apply(probe.parse_move(str(step)))
        assert probe.current_player == CHANCE


def test_a_position_has_one_value_whatever_batch_it_is_evaluated_in():
    """The evaluator's sums are of whole numbers, exact in any order: a position's chances are the
    same alone, in a batch, or in another order (a matrix library may sum a big product otherwise
    than a small one; the computer's turn must not depend on it)."""
    net = equity_net()
    keys = [t.key for moves in (10, 60, 120) for t in _midgame(7, moves).legal_turns()]
    together = net.probs_many(keys)
    backwards = net.probs_many(keys[::-1])[::-1]
    assert together == backwards
    assert together[::17] == [net.probs(*k) for k in keys[::17]]


def _two_plies_by_hand(state: PlakotoState, key, objective: Objective) -> tuple[float, float, float]:
    """My chances after my turn ``key`` two plies deep, plainly: each of his 21 rolls answered with
    his reply worst for me, then each of my 21 rolls with my best turn; every node on its own."""
    from tabletop.games.plakoto.ai_search import ROLLS21
    from tabletop.games.plakoto.ai_value import flip_probs

    net = equity_net()

    def turns_after(k):
        b, pn = flip(k[0], k[1])
        frame = Frame(b, pn, state.home_rule == "blocks")
        return [(list(frame.turns(dice_left(h, lo))) or [(tuple(b), tuple(pn))], p) for (h, lo), p in ROLLS21]

    total = [0.0, 0.0, 0.0]
    for answers, p in turns_after(key):
        probs = net.probs_many(answers)
        answer = answers[min(range(len(answers)), key=lambda i: (objective.after_reply(probs[i]), i))]
        if final(*answer) is not None:
            mine = flip_probs(final(*answer))
        else:
            mine = [0.0, 0.0, 0.0]
            for replies, r in turns_after(answer):
                best = max(net.probs_many(replies), key=objective.value)
                mine = [m + r * x for m, x in zip(mine, best, strict=True)]
        total = [t + p * x for t, x in zip(total, mine, strict=True)]
    return tuple(total)


def test_two_plies_deep_the_values_are_those_of_a_plain_search(monkeypatch):
    from tabletop.games.plakoto import ai_search

    monkeypatch.setattr(ai_search, "DEEP_MARGIN", 1.0)  # every close-enough turn: the best three
    state = _midgame(5, 24)
    ranked = analyse(state)
    deep = [a for a in ranked if a.ply == 2]
    assert len(deep) == ai_search.DEEP_CANDIDATES
    objective = Objective.for_state(state)
    for a in deep[:2]:
        assert (a.win, a.double_win, a.double_loss) == pytest.approx(_two_plies_by_hand(state, a.turn.key, objective))


def test_two_plies_only_for_close_calls_and_within_the_budget(monkeypatch):
    from tabletop.games.plakoto import ai_search

    state = _midgame(5, 24)
    assert all(a.ply < 2 for a in analyse(state, deep_budget=0))
    monkeypatch.setattr(ai_search, "DEEP_MARGIN", 0.0)  # nothing is that close
    assert all(a.ply < 2 for a in analyse(state))
    monkeypatch.setattr(ai_search, "DEEP_MARGIN", 1.0)
    assert any(a.ply == 2 for a in analyse(state))
    assert all(a.ply < 2 for a in analyse(state, deep_budget=1000))  # not even two turns fit


def test_match_objective_follows_the_score():
    state = _midgame(5, 24)
    single = Objective.for_state(state)
    assert not single.match and single.value((1.0, 1.0, 0.0)) == 2.0
    state.target, state.score = 5, [4, 4]  # both need one point: only winning counts
    dmp = Objective.for_state(state)
    assert dmp.match and dmp.cwd == pytest.approx(0.0) and dmp.cld == pytest.approx(0.0)
    assert dmp.value((1.0, 0.0, 0.0)) == pytest.approx(1.0) and dmp.value((0.0, 0.0, 0.0)) == pytest.approx(0.0)
    state.score = [3, 0]  # I need 2: a double win is worth more than a single one
    two = Objective.for_state(state)
    assert two.cwd > 0.0 and two.cw > 0.0


def test_match_table_is_consistent():
    from tabletop.games.plakoto.ai_match import match_table, shipped_table

    table = shipped_table()
    for a in range(1, 8):
        for b in range(1, 8):
            for s in (0, 1):
                # my chance and his chance from the same score add up to one
                assert table[a][b][s] + table[b][a][1 - s] == pytest.approx(1.0, abs=1e-4)
            if a < 7:
                assert table[a][b][1] >= table[a + 1][b][1]  # needing fewer points is better
    even = match_table({"first_single": 0.3, "first_double": 0.2, "second_single": 0.3,
                        "second_double": 0.2, "tie": 0.0})
    # needing 1 against 2: I win the game (half the time), or lose it single and then play one
    # more game where either needs one point (0.3 * 0.5)
    assert even[3][3][0] == pytest.approx(0.5) and even[1][2][1] == pytest.approx(0.5 + 0.3 * 0.5)


# -- determinism ---------------------------------------------------------------------------------
def test_same_turn_for_the_same_position_even_on_a_busy_machine():
    from tabletop.games.plakoto.ai import make_agent

    state = _midgame(11, 20)
    first = make_agent("hard").choose(state.copy(), random.Random(1))
    busy = subprocess.Popen([sys.executable, "-c", "while True: pass"])
    try:
        second = make_agent("hard").choose(state.copy(), random.Random(1))
        again = [(str(a.turn), a.value) for a in analyse(state)]
    finally:
        busy.kill()
        busy.wait()
    assert first == second
    assert again == [(str(a.turn), a.value) for a in analyse(state)]


# -- review --------------------------------------------------------------------------------------
def test_review_never_finds_the_played_turn_better_than_the_best():
    from tabletop.games import get_game
    from tabletop.games.plakoto.ai import make_agent
    from tabletop.games.plakoto.ai_review import review_game
    from tabletop.launch import Seat, new_session
    from tabletop.layout import BoardStore

    spec = get_game("plakoto")
    session = new_session(spec, BoardStore.default(), 2, None, {"match": "1"},
                          [Seat("human"), Seat("ai", "easy")], seed=6)
    agents = [make_agent("random"), make_agent("easy")]
    rng = random.Random(2)
    while session.state.current_player is not None and len(session.played) < 120:
        if session.state.current_player == CHANCE:
            session.roll()
        else:
            session.play(agents[session.state.current_player].choose(session.state, rng))
    reviews = review_game(session.record(), budget=150)
    assert reviews and all(r.seat == 0 for r in reviews)  # only the person's turns
    for r in reviews:
        assert r.best.equity >= r.played.equity and r.loss == pytest.approx(r.best.equity - r.played.equity)
        assert r.played.ply == r.best.ply >= 1  # compared at the same depth
        assert r.played.turn.key in {t.key for t in S(r.before).legal_turns()}
    assert any(r.loss > 0 for r in reviews)  # random play makes mistakes the review sees


# -- the generator -------------------------------------------------------------------------------
def test_fast_turn_generator_matches_the_frozen_one():
    rng = random.Random(12)
    checked = 0
    for g in range(12):
        state = PlakotoState(1, "blocks" if g % 3 else "occupies", g % 2)
        while state.current_player is not None and checked < 3000:
            if state.current_player == CHANCE:
                state.apply_unchecked(state.sample_chance(rng))
                continue
            frame = state.frame()
            before = (list(frame.b), list(frame.pn))
            for left in (state.left, dice_left(rng.randint(1, 6), rng.randint(1, 6))):
                new = Frame(list(frame.b), list(frame.pn), frame.block).turns(left)
                old = Frame(list(frame.b), list(frame.pn), frame.block).turns_2026_11(left)
                assert set(new) == set(old), (state.position, left)
                checked += 1
            assert (frame.b, frame.pn) == before
            state.apply_unchecked(rng.choice(state.legal_moves()))
    assert checked >= 3000


def test_exact_network_matches_a_plain_matrix_product():
    """The play-time network computes in whole numbers (so its sums are the same in any order, on
    any machine); it must give the textbook forward pass's numbers (to its rounding)."""
    import json

    from test_plakoto_helpers import plain_hidden

    from tabletop.games.plakoto.ai_value import WEIGHTS_FILE

    data = json.loads(WEIGHTS_FILE.read_text(encoding="utf-8"))
    net = equity_net()
    keys = [t.key for moves in (10, 40, 80, 120, 160) for t in _midgame(4, moves).legal_turns()]
    # pinned points of both kinds must be among them: each content class has its own weights
    assert any(b[q] > 0 and pn[q] for b, pn in keys for q in range(1, 25))
    assert any(b[q] < 0 and pn[q] for b, pn in keys for q in range(1, 25))
    for b, pn in keys:
        hidden = plain_hidden(data, b, pn)
        want = [z + sum(max(h, 0.0) * w for h, w in zip(hidden, out, strict=True))
                for z, out in zip(data["out_bias"], data["out"], strict=True)]
        assert net.logits(b, pn) == pytest.approx(want, abs=1e-4)


def test_the_frozen_agent_is_for_simulate_only():
    from tabletop.games import get_game
    from tabletop.simulate import simulate

    spec = get_game("plakoto")
    assert "hard-2026-11" not in spec.agent_levels
    result = simulate("plakoto", 1, ["hard-2026-11", "random"], seed=3, options={"match": "1"})
    assert result["finished"] == 1

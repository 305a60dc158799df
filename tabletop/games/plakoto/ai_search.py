"""The ``hard`` Plakoto search and the analysis the UI shows (hints): every legal whole turn ranked
best first with its chances, from the evaluator of ``ai_value``. No pygame.

Why a budget of positions and not of seconds: the computer must play the same turn from the same
position on any machine at any load, so the search stops after a number of evaluated positions
(a wall-clock cap remains only as a safety net, far above anything normal play reaches).

How it searches: every turn is scored by the network (0 ply); the best are then searched one ply
deeper, best first -- for each of the opponent's 21 rolls he answers with the reply that is best
for him by the same network -- while the budget lasts (the first two always are, hopeless ones
never). What is maximised is an ``Objective``: the expected points of the game in a single game,
the chance to win the match in a match (with the table of ``ai_match``). Both are linear in the
network's (win, double win, double loss), so averaging the chances over the rolls is exact.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass

from .ai_match import shipped_table
from .ai_value import EquityNet, Probs, equity, equity_net, final
from .movegen import Frame, Key, dice_left, flip
from .rules import PlakotoState, Turn

ROLLS21 = [((h, lo), (1 if h == lo else 2) / 36) for h in range(1, 7) for lo in range(1, h + 1)]
BUDGET = 8000
"""Positions the ``hard`` player may evaluate one ply deep per turn (over the bench's 60 turns, a
median turn takes about 80 ms of CPU and the longest about 0.6 s with the 144-unit network; on 74
test positions its turn agreed with a search of every turn 80% of the time, against 72% with
3,000)."""
CANDIDATES = 8
SAFETY_SECONDS = 20.0
"""Never reached in normal play (a turn takes well under a second): only a guard against a bug."""


@dataclass(frozen=True)
class Objective:
    """What the mover maximises: ``c0 + cw * win + cwd * double_win + cld * double_loss``.

    ``match`` is False for a single game (expected points), True in a match (match-winning
    chance); ``scale`` is how much one more percent of winning is worth, to size margins."""

    c0: float
    cw: float
    cwd: float
    cld: float
    match: bool

    def value(self, p: Probs) -> float:
        return self.c0 + self.cw * p[0] + self.cwd * p[1] + self.cld * p[2]

    def after_reply(self, q: Probs) -> float:
        """My value when the opponent's outlook after his turn is ``q``."""
        return self.c0 + self.cw * (1.0 - q[0]) + self.cwd * q[2] + self.cld * q[1]

    @classmethod
    def points(cls) -> Objective:
        return cls(-1.0, 2.0, 1.0, -1.0, False)

    @classmethod
    def for_state(cls, state: PlakotoState) -> Objective:
        """Points in a single game (a match to 1), the match chance at this score otherwise."""
        if state.single_game:
            return cls.points()
        me = state.turn
        a, b = state.target - state.score[me], state.target - state.score[1 - me]
        table = shipped_table()

        def at(x: int, y: int, first: int) -> float:
            return 1.0 if x <= 0 else (0.0 if y <= 0 else table[x][y][first])

        won1, won2 = at(a - 1, b, 1), at(a - 2, b, 1)
        lost1, lost2 = at(a, b - 1, 0), at(a, b - 2, 0)
        # win1 = w - wd, win2 = wd, lose2 = ld, lose1 = 1 - w - ld (a tie counts as half a win)
        return cls(lost1, won1 - lost1, won2 - won1, lost2 - lost1, True)


@dataclass(frozen=True)
class TurnAnalysis:
    """One legal whole turn as the evaluator sees it, for the mover.

    ``win``, ``double_win``, ``double_loss``: his chances in this game (a tie counts as half a win;
    ``double_loss`` is the opponent's double win); ``equity``: his expected points of this game
    (-2..2); ``value``: what the ranking maximises (``equity`` in a single game, the chance to
    win the match in a match); ``ply``: 1 when searched over the opponent's replies, else 0."""

    turn: Turn
    win: float
    double_win: float
    double_loss: float
    equity: float
    value: float
    ply: int


def reply_outlook(key: Key, blocks: bool, objective: Objective, net: EquityNet) -> tuple[Probs, int]:
    """My chances after my turn ``key`` once the opponent has rolled and played his best reply
    (the one worst for my objective), averaged over his 21 rolls; and how many positions that
    evaluated. When a roll leaves him no move, the board is his to judge as it stands."""
    end = final(*key)
    if end is not None:
        return end, 0
    b, pn = flip(key[0], key[1])
    frame = Frame(b, pn, blocks)
    probs = net.probs
    after = objective.after_reply
    w = wd = ld = 0.0
    evaluated = 0
    for (h, lo), p in ROLLS21:
        replies = frame.turns(dice_left(h, lo))
        if replies:
            evaluated += len(replies)
            best = None
            best_v = 0.0
            for k in replies:
                q = probs(k[0], k[1])
                v = after(q)
                if best is None or v < best_v:
                    best, best_v = q, v
        else:
            evaluated += 1
            best = probs(b, pn)
        assert best is not None
        w += p * (1.0 - best[0])
        wd += p * best[2]
        ld += p * best[1]
    return (w, wd, ld), evaluated


def analyse(state: PlakotoState, turns: Sequence[Turn] | None = None, budget: int | None = BUDGET,
            objective: Objective | None = None, must: Sequence[Key] = (),
            net: EquityNet | None = None) -> list[TurnAnalysis]:
    """Every legal whole turn of the mover (``state`` with the dice rolled), ranked best first.

    This is the hint function: a pure function of the position (and the budget), so the same
    position always gets the same list. ``budget``: positions that may be evaluated one ply deep
    (``None``: every turn is searched one ply deep, the most exact and slowest); the turns searched
    come first, best first, then the others by their 0-ply value. ``objective``: what is ranked
    (default: points in a single game, the match chance in a match). ``must``: positions whose
    turns are searched whatever the budget (the review's played turn). Empty when no die can be
    used."""
    turns = list(state.legal_turns() if turns is None else turns)
    if not turns:
        return []
    net = net or equity_net()
    objective = objective or Objective.for_state(state)
    blocks = state.home_rule == "blocks"
    now = [net.probs(t.key[0], t.key[1]) for t in turns]
    order = sorted(range(len(turns)), key=lambda i: (-objective.value(now[i]), i))
    margin = 0.25 * abs(objective.cw)
    top = objective.value(now[order[0]])
    searched: dict[int, Probs] = {}
    spent = last = 0  # positions evaluated so far, and by the last turn searched (the next one's guess)
    start = time.process_time()
    for rank, i in enumerate(order if len(turns) > 1 else ()):
        key = turns[i].key
        if budget is not None and rank >= 2 and key not in must:
            if (rank >= CANDIDATES or spent + last > budget or objective.value(now[i]) < top - margin
                    or time.process_time() - start > SAFETY_SECONDS):
                continue
        searched[i], last = reply_outlook(key, blocks, objective, net)
        spent += last
    result = []
    for i, t in enumerate(turns):
        p = searched.get(i, now[i])
        result.append(TurnAnalysis(t, p[0], p[1], p[2], equity(p), objective.value(p), 1 if i in searched else 0))
    result.sort(key=lambda a: (-a.ply, -a.value))
    return result


def best_now(keys: list[Key], net: EquityNet | None = None) -> Key:
    """The position with the best expected points by the network alone (0 ply; first of equals)."""
    net = net or equity_net()
    return max(keys, key=lambda k: equity(net.probs(k[0], k[1])))

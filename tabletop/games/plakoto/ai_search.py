"""The ``hard`` Plakoto search and the analysis the UI shows (hints, review): every legal whole turn
ranked best first with its chances, from the evaluator of ``ai_value``. No pygame.

Why a budget of positions and not of seconds: the computer must play the same turn from the same
position on any machine at any load, so the search is bounded by counts of positions, known before
they are evaluated (the replies are generated first, then evaluated in one batch): no clock.

How it searches: every turn is scored by the network (0 ply). The best are searched one ply
deeper -- for each of the opponent's 21 rolls he answers with the reply that is worst for me by the
same network -- while the budget lasts (the first two always are, hopeless ones never). Where the
best few are then close, they are searched a second ply deeper: after each of his 21 answers I
roll again, 21 ways, and answer with my best turn (about 20 times the work of one ply, so only
for close calls, and within a budget of its own). Measured on positions of ``hard``'s own games,
the two-ply search changes the one-ply choice about one time in five, nearly always among turns
less than 0.05 points apart at one ply.

What is maximised is an ``Objective``: the expected points of the game in a single game, the
chance to win the match in a match (with the table of ``ai_match``). Both are linear in the
network's (win, double win, double loss), so averaging the chances over the rolls is exact.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass

from .ai_match import shipped_table
from .ai_value import EquityNet, Probs, equity, equity_net, final, flip_probs
from .movegen import Frame, Key, dice_left, flip
from .rules import PlakotoState, Turn

ROLLS21 = [((h, lo), (1 if h == lo else 2) / 36) for h in range(1, 7) for lo in range(1, h + 1)]
BUDGET = 8000
"""Positions the ``hard`` player may evaluate one ply deep per turn (the first two turns are always
searched; on 74 test positions its turn agreed with a search of every turn 80% of the time, against
72% with 3,000, and 97% on 300 positions of its own games)."""
CANDIDATES = 8
"""Turns searched one ply deep at most (besides those the caller must have searched)."""
DEEP_BUDGET = 60000
"""Positions the ``hard`` player may evaluate two plies deep per turn (a turn two plies deep costs
about 16,000 in the middle game)."""
DEEP_CANDIDATES = 3
"""Turns searched two plies deep at most: the best at one ply, and those close to it."""
DEEP_MARGIN = 0.025
"""How close to the best at one ply a turn must be to be searched two plies deep, as a share of the
objective's value of a whole game won (0.05 points in a single game)."""


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


class _Outlook:
    """One of my turns searched one ply deep: my chances averaged over the opponent's 21 rolls,
    and his answer to each roll (the position after his turn, in his frame) with its weight."""

    __slots__ = ("key", "probs", "answers")

    def __init__(self, key: Key, probs: Probs, answers: list[tuple[Key, float]]) -> None:
        self.key, self.probs, self.answers = key, probs, answers


def _replies(key: Key, blocks: bool) -> list[tuple[list[Key], float]]:
    """The other player's turns after ``key`` (a position after a turn, in its mover's frame), for
    each of his 21 rolls with its chance; a roll that leaves him no move leaves the board as it is
    (his "turn" is the flipped board)."""
    b, pn = flip(key[0], key[1])
    frame = Frame(b, pn, blocks)
    out = []
    for (h, lo), p in ROLLS21:
        found = list(frame.turns(dice_left(h, lo)))
        out.append((found or [(tuple(b), tuple(pn))], p))
    return out


def _pick(rs: Sequence[Key], probs: Iterator[Probs], score: Callable[[Probs], float],
          lowest: bool) -> tuple[Key, Probs]:
    """The turn of ``rs`` (their chances the next ones of ``probs``) with the lowest or highest
    ``score``: the first such, in generation order."""
    best = best_q = None
    best_v = 0.0
    for k in rs:
        q = next(probs)
        v = score(q)
        if best is None or (v < best_v if lowest else v > best_v):
            best, best_q, best_v = k, q, v
    assert best is not None and best_q is not None
    return best, best_q


def _mix(weighted: Iterable[tuple[float, Probs]]) -> Probs:
    """Chances averaged over the rolls: the sum of each roll's chance times its outcome."""
    w = wd = ld = 0.0
    for p, u in weighted:
        w += p * u[0]
        wd += p * u[1]
        ld += p * u[2]
    return (w, wd, ld)


def _one_ply(keys: Sequence[Key], sets: Sequence[list[tuple[list[Key], float]]], objective: Objective,
             net: EquityNet) -> list[_Outlook]:
    """Each of my turns ``keys`` one ply deep, from its opponent's replies ``sets`` (``_replies``):
    for each roll he plays the reply worst for my objective (the first such, in generation
    order). All the replies are evaluated in one batch."""
    probs = iter(net.probs_many([k for replies in sets for rs, _ in replies for k in rs]))
    result = []
    for key, replies in zip(keys, sets, strict=True):
        answers = [(_pick(rs, probs, objective.after_reply, lowest=True), p) for rs, p in replies]
        mine = _mix((p, flip_probs(q)) for (_, q), p in answers)
        result.append(_Outlook(key, mine, [(k, p) for (k, _), p in answers]))
    return result


def _two_ply(outlooks: Sequence[_Outlook], sets: Sequence[list[list[tuple[list[Key], float]] | None]],
             objective: Objective, net: EquityNet) -> list[Probs]:
    """Each of my turns two plies deep: after each of the opponent's answers (``outlooks``), my
    own best turn by the objective for each of my 21 rolls (``sets``: my turns after each answer,
    ``None`` where his answer ended the game). All my turns are evaluated in one batch."""
    probs = iter(net.probs_many([k for per_answer in sets for replies in per_answer if replies is not None
                                 for rs, _ in replies for k in rs]))

    def after(answer: Key, replies: list[tuple[list[Key], float]] | None) -> Probs:
        if replies is None:  # his answer ended the game: its exact result, seen from my side
            end = final(*answer)
            assert end is not None
            return flip_probs(end)
        return _mix((r, _pick(rs, probs, objective.value, lowest=False)[1]) for rs, r in replies)

    return [_mix((p, after(answer, replies)) for (answer, p), replies in zip(outlook.answers, per_answer, strict=True))
            for outlook, per_answer in zip(outlooks, sets, strict=True)]


def reply_outlook(key: Key, blocks: bool, objective: Objective, net: EquityNet) -> tuple[Probs, int]:
    """My chances after my turn ``key`` once the opponent has rolled and played his best reply
    (the one worst for my objective), averaged over his 21 rolls; and how many positions that
    evaluated. When a roll leaves him no move, the board is his to judge as it stands."""
    end = final(*key)
    if end is not None:
        return end, 0
    replies = _replies(key, blocks)
    return _one_ply([key], [replies], objective, net)[0].probs, sum(len(rs) for rs, _ in replies)


def analyse(state: PlakotoState, turns: Sequence[Turn] | None = None, budget: int | None = BUDGET,
            objective: Objective | None = None, must: Sequence[Key] = (),
            net: EquityNet | None = None, deep_budget: int = DEEP_BUDGET) -> list[TurnAnalysis]:
    """Every legal whole turn of the mover (``state`` with the dice rolled), ranked best first.

    This is the hint function: a pure function of the position (and the budgets), so the same
    position always gets the same list. ``budget``: positions that may be evaluated one ply deep
    (``None``: every turn is searched one ply deep, the most exact and slowest); ``deep_budget``:
    positions that may be evaluated two plies deep (0: none). The turns searched deepest come
    first, best first, then the others by their value at the depth they were searched to.
    ``objective``: what is ranked (default: points in a single game, the match chance in a match).
    ``must``: positions whose turns are searched whatever the budgets, as deep as the deepest (the
    review's played turn). Empty when no die can be used."""
    turns = list(state.legal_turns() if turns is None else turns)
    if not turns:
        return []
    net = net or equity_net()
    objective = objective or Objective.for_state(state)
    blocks = state.home_rule == "blocks"
    now = net.probs_many([t.key for t in turns])
    order = sorted(range(len(turns)), key=lambda i: (-objective.value(now[i]), i))
    margin = 0.25 * abs(objective.cw)
    top = objective.value(now[order[0]])
    # one ply: the replies are generated first, so the budget counts them before any is evaluated
    chosen: list[int] = []
    sets: list[list[tuple[list[Key], float]]] = []
    spent = 0
    for rank, i in enumerate(order if len(turns) > 1 else ()):
        key = turns[i].key
        if final(*key) is not None:
            continue  # the game ends here: its value is exact already
        required = rank < 2 or key in must or budget is None
        if not required and (rank >= CANDIDATES or objective.value(now[i]) < top - margin):
            continue
        replies = _replies(key, blocks)
        size = sum(len(rs) for rs, _ in replies)
        if not required and spent + size > budget:
            continue
        chosen.append(i)
        sets.append(replies)
        spent += size
    outlooks = dict(zip(chosen, _one_ply([turns[i].key for i in chosen], sets, objective, net), strict=True))
    deep = _deep(outlooks, turns, objective, net, blocks, must, deep_budget)
    # a turn that ends the game has its exact value: it counts as searched as deep as any
    deepest = 2 if deep else (1 if outlooks else 0)
    result = []
    for i, t in enumerate(turns):
        ply = 2 if i in deep else (1 if i in outlooks else 0)
        p = deep[i] if ply == 2 else (outlooks[i].probs if ply == 1 else now[i])
        if len(turns) > 1 and final(*t.key) is not None:
            ply = deepest
        result.append(TurnAnalysis(t, p[0], p[1], p[2], equity(p), objective.value(p), ply))
    result.sort(key=lambda a: (-a.ply, -a.value))
    return result


def _deep(outlooks: dict[int, _Outlook], turns: Sequence[Turn], objective: Objective, net: EquityNet,
          blocks: bool, must: Sequence[Key], budget: int) -> dict[int, Probs]:
    """The close calls of the one-ply search, two plies deep: the best turn and the next ones within
    ``DEEP_MARGIN`` of it (``DEEP_CANDIDATES`` at most), while ``budget`` positions last; none when
    fewer than two are close (the choice is clear). Turns in ``must`` are added whenever any is."""
    ranked = sorted(outlooks, key=lambda i: (-objective.value(outlooks[i].probs), i))
    if len(ranked) < 2 or budget <= 0:
        return {}
    best = objective.value(outlooks[ranked[0]].probs)
    close = [i for i in ranked[:DEEP_CANDIDATES]
             if objective.value(outlooks[i].probs) >= best - DEEP_MARGIN * abs(objective.cw)]
    if len(close) < 2:
        return {}
    close += [i for i in ranked if turns[i].key in must and i not in close]
    chosen: list[int] = []
    sets: list[list[list[tuple[list[Key], float]] | None]] = []
    spent = 0
    for i in close:
        per_answer = [None if final(*answer) is not None else _replies(answer, blocks)
                      for answer, _ in outlooks[i].answers]
        size = sum(len(rs) for replies in per_answer if replies is not None for rs, _ in replies)
        if spent + size > budget and turns[i].key not in must:
            if len(chosen) < 2:
                return {}  # not even the two best fit: nothing to compare
            continue
        chosen.append(i)
        sets.append(per_answer)
        spent += size
    if len(chosen) < 2:
        return {}
    values = _two_ply([outlooks[i] for i in chosen], sets, objective, net)
    return dict(zip(chosen, values, strict=True))


def best_now(keys: list[Key], net: EquityNet | None = None) -> Key:
    """The position with the best expected points by the network alone (0 ply; first of equals)."""
    net = net or equity_net()
    values = [equity(p) for p in net.probs_many(keys)]
    return keys[max(range(len(keys)), key=lambda i: (values[i], -i))]

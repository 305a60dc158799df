"""Plakoto computer players: ``random``, ``easy`` (greedy over whole turns by a hand-written
evaluation), ``hard`` (a network trained by self-play that estimates win and double-win chances,
see ``ai_value``, searched one ply deeper and close calls two plies deeper, within budgets of
positions, see ``ai_search``) and the
frozen ``hard-2026-11`` (``ai_2026_11``, for ``simulate`` only). No pygame.

Why plan whole turns: the protocol offers one step at a time, but a good move is a good *turn*.
The agent picks a whole turn from ``legal_turns()`` and then returns its steps one by one, keeping
the plan keyed by position, so the later steps of the turn cost nothing.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from tabletop.ai.agents import RandomAgent
from tabletop.core.game import CHANCE, GameState, Move
from tabletop.i18n import tr

from .rules import PlakotoState

WIN = 1000.0
# Chance (in 36ths) that one checker at that distance can land on a point with a single roll.
_HIT = (0, 11, 12, 14, 15, 15, 17, 6, 6, 5, 3, 2, 3)


def _presence(b: Sequence[int], pn: Sequence[int], q: int) -> int:
    x = b[q]
    return x if x > 0 else (1 if x < 0 and pn[q] else 0)


def evaluate(b: Sequence[int], pn: Sequence[int]) -> float:
    """The position after my turn, from my side (``b``/``pn`` in my numbering, see movegen); the
    opponent moves next. Race, pins, exposed single checkers, made points and the mothers."""
    my_on = opp_on = 0
    my_pips = opp_pips = 0
    score = 0.0
    opp_shooters: list[int] = []
    my_blots: list[int] = []
    for q in range(1, 25):
        x = b[q]
        if x > 0:
            my_on += x
            my_pips += x * q
            if pn[q]:
                opp_on += 1
                opp_pips += 25 - q
                score += 5.0 + (25 - q) * 0.35  # an opposing checker pinned far from his home
            elif x == 1:
                my_blots.append(q)
            else:
                score += 1.5 if q <= 12 else 0.8  # a made point blocks the opponent
        elif x < 0:
            opp_on -= x
            opp_pips -= x * (25 - q)
            opp_shooters.append(q)
            if pn[q]:
                my_on += 1
                my_pips += q
                score -= 5.0 + q * 0.35
    my_off, opp_off = 15 - my_on, 15 - opp_on
    if my_off == 15:
        return WIN + (WIN if opp_off == 0 else 0)
    mine_pinned = b[24] < 0 and pn[24] == 1
    theirs_pinned = b[1] > 0 and pn[1] == 1
    if mine_pinned and theirs_pinned:
        return 0.0
    if theirs_pinned:
        if _presence(b, pn, 24) == 0:
            return 2 * WIN
        score += 60.0
    if mine_pinned:
        opp_home = -b[1] if b[1] < 0 else 0
        if opp_home == 0:
            return -2 * WIN
        score -= 80.0
    # my single checkers the opponent can land on next turn (he moves up my numbering)
    for q in my_blots:
        chance = 0
        for r in opp_shooters:
            d = q - r
            if 0 < d <= 12:
                chance += _HIT[d]
        if chance:
            worth = 60.0 if q == 24 else 5.0 + q * 0.35
            score -= min(chance, 36) / 36 * worth
    score += (opp_pips - my_pips) * 0.12 + (my_off - opp_off) * 0.5
    return score


class _Planner:
    """Shared turn planning: choose a whole turn, then hand out its steps by position."""

    name = "plakoto"

    def __init__(self) -> None:
        self._plan: dict[str, str] = {}

    def choose(self, state: GameState, rng: random.Random) -> Move:
        assert isinstance(state, PlakotoState) and state.current_player not in (None, CHANCE)
        moves = state.legal_moves()
        if len(moves) == 1:
            return moves[0]
        step = self._plan.get(state.position)
        if step is not None:
            for m in moves:
                if str(m) == step:
                    return m
        turns = self.turns(state)
        chosen = self.pick(state, turns, rng)
        self._plan.clear()
        probe = state.copy()
        for s in chosen.steps:
            self._plan[probe.position] = str(s)
            probe.apply_unchecked(probe.parse_move(str(s)))
        return state.parse_move(str(chosen.steps[0]))

    def turns(self, state: PlakotoState) -> list:
        """The whole turns to choose from (a frozen player may list them its own way)."""
        return state.legal_turns()

    def pick(self, state: PlakotoState, turns: list, rng: random.Random):  # pragma: no cover
        raise NotImplementedError


class GreedyPlakoto(_Planner):
    """``easy``: the whole turn whose resulting position evaluates best (ties at random)."""

    name = "easy"

    def pick(self, state: PlakotoState, turns: list, rng: random.Random):
        scored = [(evaluate(t.key[0], t.key[1]), i) for i, t in enumerate(turns)]
        top = max(v for v, _ in scored)
        return turns[rng.choice([i for v, i in scored if v >= top - 1e-9])]


class EquityPlakoto(_Planner):
    """``hard``: the turn ranked first by ``ai_search.analyse`` -- the three-output network of
    ``ai_value`` (win, double win, double loss) searched one ply deeper, and its close calls two
    plies deeper, within budgets of evaluated positions, maximising expected points in a single
    game and the match-winning chance in a match. Deterministic: the same position gives the same
    turn on any machine."""

    name = "hard"

    def __init__(self, budget: int | None = None) -> None:
        super().__init__()
        from .ai_search import BUDGET

        self.budget = BUDGET if budget is None else budget

    def pick(self, state: PlakotoState, turns: list, rng: random.Random):
        from .ai_search import analyse

        return analyse(state, turns, self.budget)[0].turn


LEVELS = ("random", "easy", "hard")
"""The levels the menu offers."""
HIDDEN_LEVELS = ("hard-2026-11",)
"""Levels for ``tabletop simulate --agents`` only: frozen yardsticks (``ai_2026_11``)."""


def make_agent(level: str):
    """The computer player for a level: ``random``, ``easy``, ``hard`` or ``hard-2026-11``."""
    if level == "random":
        return RandomAgent()
    if level == "easy":
        return GreedyPlakoto()
    if level == "hard":
        return EquityPlakoto()
    if level == "hard-2026-11":
        from .ai_2026_11 import Hard202611

        return Hard202611()
    raise ValueError(tr("unknown level {level}: expected {levels}", level=repr(level), levels=", ".join(LEVELS + HIDDEN_LEVELS)))

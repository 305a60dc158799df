"""Computer players for Trap the Cap: ``random``, ``easy`` (greedy on a hand-made evaluation) and
``hard`` (looks one roll ahead: each of its moves is scored by the average, over the next roll, of
the position after the next mover's greedy reply).

The evaluation counts what the rules reward (prisoners carried and locked up, own caps lost), what
threatens (own pieces on yellow fields that an opposing piece can reach with one roll) and what
pays later (towers with prisoners close to their hideout). Agents see only the observation they
are given. No pygame.
"""

from __future__ import annotations

import random
import time
from typing import Any

from tabletop.ai.agents import GreedyAgent, RandomAgent
from tabletop.core.game import CHANCE
from tabletop.games.trap_the_cap.board import COLOURS, Topology
from tabletop.games.trap_the_cap.rules import GOLD, Move, Roll, TrapState
from tabletop.i18n import tr

PRISONER = 1.0
LOCKED = 1.3
OWN_LOST = 1.2
DANGER = 0.75
HOMING = 0.25
GOLDEN = 3.0
FREE_CAP = 0.3


class _Reach:
    """Per board: which fields a piece can reach with each die value, and distances to each
    hideout's junction (cached, the board never changes during a game)."""

    def __init__(self, topo: Topology) -> None:
        n = len(topo.names)
        self.ends = [[frozenset(w.path[-1] for w in topo.walks(node, d)) for d in range(7)]
                     for node in range(n)]
        self.home_distance: dict[int, list[int]] = {}
        for colour, hideout in topo.hideouts.items():
            dist = [99] * n
            dist[hideout] = 0
            todo = [hideout]
            for here in todo:
                for nxt in topo.neighbours[here]:
                    if dist[nxt] == 99 and not (topo.is_hideout[nxt] and nxt != hideout):
                        dist[nxt] = dist[here] + 1
                        todo.append(nxt)
            self.home_distance[COLOURS.index(colour)] = dist


_REACH: dict[int, tuple[Topology, _Reach]] = {}


def reach_of(topo: Topology) -> _Reach:
    entry = _REACH.get(id(topo))
    if entry is None or entry[0] is not topo:
        entry = (topo, _Reach(topo))
        _REACH[id(topo)] = entry
    return entry[1]


def evaluate(state: TrapState, colour: int) -> float:
    """How good the position is for ``colour``'s team (higher is better)."""
    rules = state.rules
    topo = rules.topology
    team = rules.team
    mine = team[colour]
    reach = reach_of(topo)
    score = 0.0
    threats: set[tuple[int, int]] = set()  # (node, die) pairs an opponent can land on
    my_pieces: list[tuple[int, tuple[int, ...], int]] = []
    for node, piles in state.occ.items():
        for stack in piles:
            top = stack[-1]
            cmd = state.golden_owner if top == GOLD else top
            friendly = cmd is not None and team[cmd] == mine
            if friendly:
                my_pieces.append((node, stack, cmd))
                score += FREE_CAP
                for cap in stack[:-1]:
                    if cap == GOLD:
                        score += GOLDEN
                    elif team[cap] != mine:
                        score += PRISONER
                if top == GOLD:
                    score += GOLDEN
            else:
                for cap in stack:
                    if cap != GOLD and team[cap] == mine:
                        score -= OWN_LOST
                if cmd is not None and not topo.is_hideout[node]:
                    for d in range(1, 7):
                        for end in reach.ends[node][d]:
                            threats.add((end, d))
    for owner, caps in enumerate(state.locked):
        if team[owner] == mine:
            score += LOCKED * len(caps)
        else:
            score -= LOCKED * sum(1 for c in caps if team[c] == mine)
    for node, stack, cmd in my_pieces:
        if topo.is_hideout[node]:
            continue
        worth = sum(1 for c in stack if c == GOLD or team[c] != mine) * PRISONER + OWN_LOST * sum(
            1 for c in stack if c != GOLD and team[c] == mine)
        if not topo.grey[node] or (rules.golden and state.golden_owner is not None
                                   and team[state.golden_owner] != mine):
            hits = sum(1 for d in range(1, 7) if (node, d) in threats)
            if hits:
                score -= DANGER * worth * min(1.0, hits / 6 * 1.5)
        if len(stack) > 1 and not rules.tower_race:
            dist = reach.home_distance.get(cmd, [0] * len(topo.names))[node]
            score += HOMING * (len(stack) - 1) * max(0.0, 1 - dist / 30)
    return score


def _evaluate_for_seat(state: Any, seat: int) -> float:
    return evaluate(state, state.rules.seats[seat])


class HardAgent:
    """One roll of lookahead: for each own move, average over the next die the value (for us) of
    the position after the next mover's greedy reply. A time budget falls back to greedy."""

    name = "hard"

    def __init__(self, budget: float = 1.0) -> None:
        self.budget = budget

    def choose(self, state: Any, rng: random.Random) -> Any:
        seat = state.current_player
        assert seat is not None and seat != CHANCE
        moves = state.legal_moves()
        if len(moves) == 1:
            return moves[0]
        colour = state.rules.seats[seat]
        start = time.perf_counter()
        scored = []
        for move in moves:
            child = state.copy()
            child.apply_unchecked(move)
            scored.append((evaluate(child, colour), move, child))
        scored.sort(key=lambda x: -x[0])
        best_value, best = float("-inf"), scored[0][1]
        for quick, move, child in scored:
            if time.perf_counter() - start > self.budget * 0.8:
                break
            value = self._lookahead(child, colour) if child.current_player is not None else quick + 100
            if value > best_value + 1e-9:
                best_value, best = value, move
        return best

    def _lookahead(self, state: TrapState, colour: int) -> float:
        total = 0.0
        for die in range(1, 7):
            child = state.copy()
            child.apply_unchecked(Roll(die))
            mover = child.rules.seats[child.turn]
            replies = child.legal_moves()
            if len(replies) == 1 or not isinstance(replies[0], Move):
                after = child
                after.apply_unchecked(replies[0])
            else:
                after, best = child, float("-inf")
                for reply in replies:
                    probe = child.copy()
                    probe.apply_unchecked(reply)
                    value = evaluate(probe, mover)
                    if value > best:
                        best, after = value, probe
            total += evaluate(after, colour)
        return total / 6


def make_agent(level: str) -> Any:
    if level == "random":
        return RandomAgent()
    if level == "easy":
        return GreedyAgent(_evaluate_for_seat, name="easy")
    if level == "hard":
        return HardAgent()
    raise ValueError(tr("unknown level {level}; choose random, easy or hard", level=repr(level)))

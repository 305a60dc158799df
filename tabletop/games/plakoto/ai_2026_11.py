"""``hard-2026-11``: the ``hard`` Plakoto player of November 2026, frozen as a yardstick.

Why keep it: the current ``hard`` is judged by how often it beats this one (``tabletop simulate
plakoto --agents hard,hard-2026-11``), so this must not change when the rest of the AI does. It is
the win-chance network of ``ai_net`` (``plakoto_value.json``) under a one-ply expectimax over the
best three turns, with its own turn generator (``Frame.turns_2026_11``), so even the order of equal
turns is as it was. One change: it used to stop after two candidates when 0.3 s of wall-clock time
had passed, so it played differently on a busy machine; here it always searches all three (its
full strength, and deterministic). Accepted by ``simulate --agents``, not offered in the menu.
"""

from __future__ import annotations

import random

from .ai import _Planner
from .ai_net import value_net
from .movegen import Frame, Key, dice_left, flip
from .rules import PlakotoState, Step, Turn

_ROLLS = [((h, lo), (1 if h == lo else 2) / 36) for h in range(1, 7) for lo in range(1, h + 1)]


def turns_2026_11(state: PlakotoState) -> list[Turn]:
    """``state.legal_turns()`` as the November 2026 generator listed them (same set, its order)."""
    found = state.frame().turns_2026_11(state.left)
    return [Turn(tuple(Step(*s) for s in steps), key) for key, steps in found.items()]


def pick_2026_11(state: PlakotoState, turns: list[Turn], candidates: int = 3) -> Turn:
    """Every turn scored by the network; the best ``candidates`` searched one ply deeper (the
    opponent's 21 rolls, each answered with his best reply by the same network)."""
    value = value_net().win_chance
    scored = sorted(((value(t.key[0], t.key[1]), i) for i, t in enumerate(turns)), reverse=True)
    if scored[0][0] >= 1.0 or len(scored) == 1 or candidates <= 1:
        return turns[scored[0][1]]
    blocks = state.home_rule == "blocks"
    best_i, best_v = scored[0][1], float("-inf")
    for now, i in scored[:candidates]:
        v = _expect(turns[i].key, now, blocks)
        if v > best_v:
            best_i, best_v = i, v
    return turns[best_i]


def _expect(key: Key, now: float, blocks: bool) -> float:
    """My expected win chance after the opponent's roll and his best reply."""
    value = value_net().win_chance
    b, pn = flip(key[0], key[1])
    total = 0.0
    for (h, lo), p in _ROLLS:
        replies = Frame(list(b), list(pn), blocks).turns_2026_11(dice_left(h, lo))
        if not replies:
            total += p * now
            continue
        total += p * (1.0 - max(value(k[0], k[1]) for k in replies))
    return total


class Hard202611(_Planner):
    """The agent: plans a whole turn with ``pick_2026_11``."""

    name = "hard-2026-11"

    def turns(self, state: PlakotoState) -> list[Turn]:
        return turns_2026_11(state)

    def pick(self, state: PlakotoState, turns: list[Turn], rng: random.Random) -> Turn:
        return pick_2026_11(state, turns)

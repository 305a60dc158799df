"""Helpers (no tests): the shared cases' position notation ↔ Trap the Cap states, and a compact
position builder for the scenario tests.

A result reads ``NODE:stack|stack ... home:colour=caps;... locked:colour=caps;... gold:owner``, nodes
and stacks sorted, each stack bottom+...+top.
"""

from __future__ import annotations

from typing import Any

from tabletop.games.trap_the_cap.board import COLOURS
from tabletop.games.trap_the_cap.layout import load_layout
from tabletop.games.trap_the_cap.rules import NAMES, Move, Rules, TrapState
from tabletop.layout import BoardStore

LAYOUT = load_layout(BoardStore([]), "golden_cap")
TOPO = LAYOUT.topology


def rules_for(variant: str, teams: list[list[str]] | None = None, seats: tuple[str, ...] = COLOURS,
              **options: Any) -> Rules:
    team = [0, 1, 2, 3]
    for number, members in enumerate(teams or []):
        for colour in members:
            team[COLOURS.index(colour)] = number
    return Rules(TOPO, variant, tuple(COLOURS.index(c) for c in seats), tuple(team), **options)


def build(case: dict[str, Any], **options: Any) -> TrapState:
    pos = case["position"]
    rules = rules_for(case["variant"], case.get("teams"), **options)
    return TrapState.from_position(rules, pos["stacks"], pos["home"], pos["locked"], pos["golden_owner"],
                                   case["to_move"], case["die"])


def render(state: TrapState) -> str:
    topo = state.rules.topology
    parts = []
    home: dict[str, list[str]] = {}
    hideout_of = {h: c for c, h in topo.hideouts.items()}
    for node, piles in state.occ.items():
        if not piles:
            continue
        if topo.is_hideout[node]:
            home.setdefault(hideout_of[node], []).extend(NAMES[s[0]] for s in piles)
            continue
        shown = sorted("+".join(NAMES[c] for c in s) for s in piles)
        parts.append(f"{topo.names[node]}:{'|'.join(shown)}")
    parts.sort()
    homes = ";".join(f"{c}={','.join(sorted(caps))}" for c, caps in sorted(home.items()))
    locked = ";".join(f"{COLOURS[c]}={','.join(sorted(NAMES[x] for x in caps))}"
                      for c, caps in sorted(enumerate(state.locked), key=lambda x: COLOURS[x[0]]) if caps)
    gold = "-" if state.golden_owner is None else COLOURS[state.golden_owner]
    return " ".join(parts) + f" home:{homes} locked:{locked} gold:{gold}"


def results(state: TrapState) -> dict[str, Move]:
    """Every distinct position one move reaches, with the move that reaches it."""
    found: dict[str, Move] = {}
    for move in state.moves_for(state.die or 0):
        child = state.copy()
        child.apply_unchecked(move)
        text = render(child)
        assert text not in found, f"{move} and {found.get(text)} reach the same position"
        found[text] = move
    return found


def make(stacks: dict[str, list[str]], to_move: str = "red", die: int | None = None, variant: str = "offensive",
         home: dict[str, list[str]] | None = None, locked: dict[str, list[str]] | None = None,
         teams: list[list[str]] | None = None, gold: str | None = None, seats: tuple[str, ...] = COLOURS,
         rounds: int = 0, first: str | None = None, **options: Any) -> TrapState:
    """A position from ``{"R05": ["green+red", "blue"]}`` (stacks bottom+top); every cap not placed
    (nor given in ``locked``) waits in its hideout, unless ``home`` lists that colour. ``rounds``
    played so far count from ``first`` (default the first seat)."""
    placed = {c: 0 for c in (*COLOURS, "gold")}
    piles = {node: [s.split("+") for s in texts] for node, texts in stacks.items()}
    for texts in piles.values():
        for pile in texts:
            for cap in pile:
                placed[cap] += 1
    home = {c: list(v) for c, v in (home or {}).items()}
    locked = locked or {}
    for caps in [*home.values(), *locked.values()]:
        for cap in caps:
            placed[cap] += 1
    for colour in seats:
        missing = 4 - placed[colour]
        if missing > 0 and colour not in home:
            home[colour] = [colour] * missing
    rules = rules_for(variant, teams, seats, **options)
    return TrapState.from_position(rules, piles, home, locked, gold, to_move, die, rounds, first)


def ends(state: TrapState, start: str, stack: int = 0) -> set[str]:
    return set(state.destinations(start, stack))

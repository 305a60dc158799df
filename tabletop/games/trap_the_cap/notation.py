"""Trap the Cap positions as one line of text (``docs/notation.md``), read and written. No pygame.

Why this shape: the board part is the shared rules cases' result syntax (fields sorted by id, each
stack bottom+...+top, ``home:``/``locked:``/``gold:``), so a case's result is a position here too;
in front of it who is to move and the die, behind it the variant, the round (``first:`` names the
colour that began, when it is not the first seat: rounds count from it) and the options that
differ from their defaults. Example (four players, red to roll)::

    red - home:blue=blue,blue,blue,blue;green=green,green,green,green;red=red,red,red,red;yellow=...
        locked: gold:- variant:offensive round:0

Stacks on one field are written in the state's own order (``R05:red+green|green``): a move text
``green:R05[1]-...`` counts stacks in that order, so a position and a move text travel together.
The colours in play are the colours whose caps appear (every player always has his four caps
somewhere: on the board, at home or locked up by another).
"""

from __future__ import annotations

from typing import Any

from tabletop.core.errors import StateError
from tabletop.core.notation import keyed, number, words
from tabletop.games.trap_the_cap.board import COLOURS, Topology
from tabletop.games.trap_the_cap.rules import CODE, NAMES, TEAM_VARIANTS, VARIANTS, Rules, TrapState
from tabletop.i18n import tr

KEYS = ("home", "locked", "gold", "variant", "round", "first", "turn_limit", "scoring", "teams", "golden_win")
DEFAULTS = {"turn_limit": "200", "scoring": "offensive", "teams": "red+yellow", "golden_win": "owner"}
OPTION_VARIANTS = {"scoring": TEAM_VARIANTS, "teams": TEAM_VARIANTS, "golden_win": ("golden_cap",)}
CHOICES = {"scoring": ("offensive", "defensive"), "golden_win": ("owner", "prisoners"),
           "teams": ("red+yellow", "red+green", "red+blue")}

_BUILTIN: dict[str, Topology] = {}


def builtin_topology(variant: str) -> Topology:
    """The shipped board's topology (read once; every position on it shares its walk cache)."""
    if variant not in _BUILTIN:
        from tabletop.games.trap_the_cap.layout import load_layout
        from tabletop.layout import BoardStore

        _BUILTIN[variant] = load_layout(BoardStore([]), variant).topology
    return _BUILTIN[variant]


# -- writing ---------------------------------------------------------------------------------------------
def _stacks(piles: list[tuple[int, ...]]) -> str:
    return "|".join("+".join(NAMES[c] for c in stack) for stack in piles)


def format_state(state: TrapState) -> str:
    rules, topo = state.rules, state.rules.topology
    names = topo.names
    tokens = [state.colour_to_move, "-" if state.die is None else str(state.die)]
    hideout_of = {h: c for c, h in topo.hideouts.items()}
    home: dict[str, list[str]] = {}
    for node in sorted(state.occ, key=lambda n: names[n]):
        piles = state.occ[node]
        if not piles:
            continue
        if topo.is_hideout[node]:
            home[hideout_of[node]] = [NAMES[s[0]] for s in piles]
        else:
            tokens.append(f"{names[node]}:{_stacks(piles)}")
    tokens.append("home:" + ";".join(f"{c}={','.join(caps)}" for c, caps in sorted(home.items())))
    locked = sorted((COLOURS[c], sorted(NAMES[x] for x in caps)) for c, caps in enumerate(state.locked) if caps)
    tokens.append("locked:" + ";".join(f"{c}={','.join(caps)}" for c, caps in locked))
    tokens.append(f"gold:{'-' if state.golden_owner is None else COLOURS[state.golden_owner]}")
    tokens += [f"variant:{rules.variant}", f"round:{state.rounds}"]
    if state.first != 0:  # rounds count from the seat that began; the first seat unless said
        tokens.append(f"first:{COLOURS[rules.seats[state.first]]}")
    partner = next((c for c in rules.seats if c != 0 and rules.team[c] == rules.team[0]), None)
    options = {"turn_limit": str(rules.turn_limit), "scoring": rules.scoring, "golden_win": rules.golden_win,
               "teams": f"red+{COLOURS[partner]}" if rules.variant in TEAM_VARIANTS and partner else "red+yellow"}
    tokens += [f"{key}:{value}" for key, value in options.items() if value != DEFAULTS[key]]
    return " ".join(tokens)


# -- reading ---------------------------------------------------------------------------------------------
def _caps(text: str, token: str, sep: str) -> list[int]:
    caps = []
    for name in text.split(sep):
        if name not in CODE:
            raise StateError(tr("{token}: {name} is not a cap colour (red, green, yellow, blue or gold)",
                                token=repr(token), name=repr(name)))
        caps.append(CODE[name])
    return caps


def _by_colour(value: str, token: str) -> dict[str, list[int]]:
    """``red=blue,green;yellow=red`` (``home:`` and ``locked:``)."""
    found: dict[str, list[int]] = {}
    for part in filter(None, value.split(";")):
        colour, eq, caps = part.partition("=")
        if not eq or colour not in COLOURS:
            raise StateError(tr("{token}: expected colour=caps,... with a player colour, got {part}",
                                token=repr(token), part=repr(part)))
        if colour in found:
            raise StateError(tr("{token}: {colour} is given twice", token=repr(token), colour=colour))
        found[colour] = _caps(caps, token, ",") if caps else []
    return found


def parse_state(text: str, layout: Any = None) -> TrapState:
    """A state from its notation on the shipped board, or on ``layout`` (a Trap the Cap layout or
    its topology); raises :class:`StateError` naming the bad word."""
    (who, die_text), rest = words(text, "Trap the Cap", 2)
    if who not in COLOURS:
        raise StateError(tr("{who} is not a player colour: the position starts with the colour to move", who=repr(who)))
    die = None if die_text == "-" else number(die_text, die_text, 1, 6, "the die")
    fields: list[str] = []
    others: list[str] = []
    for token in rest:
        key = token.partition(":")[0]
        (others if key in KEYS else fields).append(token)
    found = keyed(others, KEYS)
    variant = found.get("variant", "offensive")
    if variant not in VARIANTS:
        raise StateError(tr("{token}: expected one of {choices}", token=repr(f"variant:{variant}"),
                            choices=", ".join(VARIANTS)))
    topo = builtin_topology(variant) if layout is None else getattr(layout, "topology", layout)
    occ: dict[int, list[tuple[int, ...]]] = {}
    for token in fields:
        name, colon, value = token.partition(":")
        if not colon or name not in topo.index:
            raise StateError(tr("cannot read {token}: not a field of this board nor one of {keys}",
                                token=repr(token), keys=", ".join(KEYS)))
        node = topo.index[name]
        if topo.is_hideout[node]:
            raise StateError(tr("{token}: {name} is a hideout; caps at home are written home:colour=caps",
                                token=repr(token), name=name))
        if node in occ:
            raise StateError(tr("{token}: field {name} is given twice", token=repr(token), name=name))
        occ[node] = [tuple(_caps(stack, token, "+")) for stack in value.split("|")]
    home = _by_colour(found.get("home", ""), f"home:{found.get('home', '')}")
    for colour, caps in home.items():
        if colour not in topo.hideouts:
            raise StateError(tr("{token}: the board has no {colour} hideout", token=f"home:{found['home']}",
                                colour=colour))
        if caps:
            occ.setdefault(topo.hideouts[colour], []).extend((cap,) for cap in caps)
    locked = _by_colour(found.get("locked", ""), f"locked:{found.get('locked', '')}")
    rules = _rules(found, variant, topo, occ, locked, who)
    state = TrapState(rules)
    state.occ = occ
    for colour, caps in locked.items():
        state.locked[CODE[colour]] = sorted(caps)
    gold = found.get("gold", "-")
    if gold != "-" and gold not in COLOURS:
        raise StateError(tr("{token}: expected gold:- or the owner's colour", token=repr(f"gold:{gold}")))
    state.golden_owner = None if gold == "-" else CODE[gold]
    state.turn = rules.seats.index(CODE[who])
    state.die = die
    state.rounds = number(found.get("round", "0"), f"round:{found.get('round', '0')}", 0, 10**7, "the round")
    first = found.get("first", COLOURS[rules.seats[0]])
    if first not in COLOURS or CODE[first] not in rules.seats:
        raise StateError(tr("{token}: expected the colour of a player in this game (who began it)",
                            token=repr(f"first:{first}")))
    state.first = rules.seats.index(CODE[first])
    state.validate()
    state._refresh()
    if state.current_player is None and state.die is not None:
        raise StateError(tr("die {die}: the game is over, nobody rolls", die=repr(die_text)))
    return state


def _rules(found: dict[str, str], variant: str, topo: Topology, occ: dict[int, list[tuple[int, ...]]],
           locked: dict[str, list[int]], who: str) -> Rules:
    """The fixed setup: who plays (the colours with caps in the position), teams and options."""
    present = {cap for piles in occ.values() for stack in piles for cap in stack}
    present |= {cap for caps in locked.values() for cap in caps}
    seats = tuple(c for c in range(4) if c in present)
    if not 2 <= len(seats) <= 4:
        raise StateError(tr("colours with caps in the position: {n}; 2 to 4 must play", n=len(seats)))
    if who not in COLOURS or CODE[who] not in seats:
        raise StateError(tr("{who} is not a colour in play (the colours with caps: {colours})", who=repr(who),
                            colours=", ".join(COLOURS[c] for c in seats)))
    for key in ("turn_limit", "scoring", "teams", "golden_win"):
        if key in found:
            if variant not in OPTION_VARIANTS.get(key, (variant,)):
                raise StateError(tr("{token} does not apply to the {variant} game", token=repr(f"{key}:{found[key]}"),
                                    variant=variant))
            if key in CHOICES and found[key] not in CHOICES[key]:
                raise StateError(tr("{token}: expected one of {choices}", token=repr(f"{key}:{found[key]}"),
                                    choices=", ".join(CHOICES[key])))
    limit = number(found.get("turn_limit", "200"), f"turn_limit:{found.get('turn_limit')}", 1, 100_000,
                   "the turn limit")
    team = [0, 1, 2, 3]
    if variant in TEAM_VARIANTS:
        if len(seats) != 4:
            raise StateError(tr("{token}: the team games take 4 players, the position has {n}",
                                token=repr(f"variant:{variant}"), n=len(seats)))
        partner = COLOURS.index(found.get("teams", "red+yellow").split("+")[1])
        team = [1, 1, 1, 1]
        team[0] = team[partner] = 0
    return Rules(topo, variant, seats, tuple(team), limit, found.get("scoring", "offensive"),
                 found.get("golden_win", "owner"))


__all__ = ["builtin_topology", "format_state", "parse_state"]

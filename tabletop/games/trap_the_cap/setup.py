"""Turning the menu's choices (players, variant, options) into the fixed :class:`Rules` of a game.

Kept apart from ``__init__`` so the registry stays light, and from ``rules.py`` so the rules core
has no knowledge of option texts.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from tabletop.core.spec import OptionError, Setup
from tabletop.games.trap_the_cap.board import COLOURS
from tabletop.games.trap_the_cap.rules import TEAM_VARIANTS, Rules, TrapState
from tabletop.i18n import tr

DEFAULT_COLOURS = {2: ("red", "yellow"), 3: ("red", "green", "yellow"), 4: COLOURS}
"""Opposite corners for two players; three neighbouring corners for three."""

TEAM_CHOICES = ("red+yellow", "red+green", "red+blue")


def colour_choices(players: int) -> tuple[str, ...]:
    """The colours option's menu choices for a player count: ``auto`` and every set of that many
    colours, in colour order (only 2 and 3 players choose; 4 play all colours)."""
    sets = combinations(COLOURS, players) if players in (2, 3) else ()
    return ("auto", *(",".join(s) for s in sets))


COLOUR_CHOICES = tuple(dict.fromkeys(c for n in (2, 3) for c in colour_choices(n)))
"""Every choice of any player count."""


def parse_colours(text: str) -> tuple[str, ...] | None:
    """``auto`` or a comma list of distinct player colours (the count is checked at set-up)."""
    if text == "auto":
        return None
    names = tuple(t.strip() for t in text.split(",") if t.strip())
    if len(names) < 2 or len(set(names)) != len(names) or any(n not in COLOURS for n in names):
        raise ValueError(tr("expected 'auto' or 2–4 different colours from {colours}, got {given}",
                            colours=", ".join(COLOURS), given=repr(text)))
    return names


def parse_teams(text: str) -> str:
    """``red+X``: red's partner; the other two colours form the other team."""
    if text not in TEAM_CHOICES:
        raise ValueError(tr("expected one of {choices}, got {given}", choices=", ".join(TEAM_CHOICES), given=repr(text)))
    return text


def players_for_variant(variant: str) -> tuple[int, ...]:
    return (4,) if variant in TEAM_VARIANTS else (2, 3, 4)


def playing_colours(players: int, chosen: tuple[str, ...] | None) -> tuple[str, ...]:
    """The colours that play: the ``colours`` option's, or the default for the player count."""
    return tuple(chosen) if chosen else DEFAULT_COLOURS.get(players, COLOURS)


def seat_colours(players: int, chosen: tuple[str, ...] | None) -> list[str]:
    """Each seat's colour in seat order (seats go round the board in colour order, whatever
    order the option names them in): what the menu writes beside each seat."""
    return sorted(playing_colours(players, chosen), key=COLOURS.index)


def make_rules(setup: Setup, layout: Any) -> Rules:
    variant = setup.variant
    options = setup.options
    if setup.players not in players_for_variant(variant):
        raise OptionError(tr("the {variant} game takes {counts} players", variant=variant.replace("_", " "),
                             counts=tr(" or ").join(map(str, players_for_variant(variant)))))
    names = playing_colours(setup.players, options.get("colours"))
    if len(names) != setup.players:
        raise OptionError(tr("colours: {n} colours given for {players} players", n=len(names), players=setup.players))
    topo = layout.topology
    for name in names:
        if name not in topo.hideouts:
            raise OptionError(tr("colours: the board has no {colour} hideout", colour=name))
    seats = tuple(COLOURS.index(n) for n in seat_colours(setup.players, names))
    team = [0, 1, 2, 3]
    if variant in TEAM_VARIANTS:
        partner = COLOURS.index(str(options.get("teams", "red+yellow")).split("+")[1])
        others = [c for c in range(1, 4) if c != partner]
        team = [0] * 4
        team[partner] = 0
        for c in others:
            team[c] = 1
    return Rules(topo, variant, seats, tuple(team), int(options.get("turn_limit", 200)),
                 str(options.get("scoring", "offensive")), str(options.get("golden_win", "owner")))


def new_state(setup: Setup) -> TrapState:
    layout = setup.layout
    if layout is None:
        from tabletop.games.trap_the_cap.layout import load_layout
        from tabletop.layout import BoardStore

        layout = load_layout(BoardStore([]), setup.variant)
    rules = make_rules(setup, layout)
    first = setup.first_player or 0
    if not 0 <= first < setup.players:
        raise OptionError(tr("there is no seat {seat}", seat=first))
    return TrapState.new_game(rules, first)

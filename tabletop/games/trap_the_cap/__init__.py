"""Trap the Cap (Fang den Hut!, 1927): registry entry. The rules core is small and pure; the layout
loader and the AI are imported only when needed."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tabletop.core.spec import GameSpec, OptionSpec, VariantSpec, choice_parser, int_parser
from tabletop.games.trap_the_cap.rules import TEAM_VARIANTS as _TEAMS
from tabletop.games.trap_the_cap.rules import TrapState, colour_text
from tabletop.games.trap_the_cap.setup import (
    COLOUR_CHOICES,
    colour_choices,
    new_state,
    parse_colours,
    parse_teams,
    players_for_variant,
    seat_colours,
)


def _seat_names(state: TrapState) -> list[str]:
    """Each seat by its caps' colour, as the board and the game's panel name it ("Red"): the
    colours that play depend on the player count and the colours option, so the state says."""
    from tabletop.games.trap_the_cap.board import COLOURS

    return [colour_text(COLOURS[c]) for c in state.rules.seats]


def _load_layout(store: Any, variant: str) -> Any:
    from tabletop.games.trap_the_cap.layout import load_layout

    return load_layout(store, variant)


def _make_agent(level: str) -> Any:
    from tabletop.games.trap_the_cap.ai import make_agent

    return make_agent(level)


def _summary() -> str:
    try:
        return (Path(__file__).with_name("summary.md")).read_text(encoding="utf-8")
    except OSError:
        return ""


_EDGE_BY_COLOUR = {"red": "right", "green": "top", "yellow": "left", "blue": "bottom"}


def _menu_seat_colours(players: int, variant: str, options: dict[str, str]) -> list[str]:
    """The seats' colours for the menu's choices: the colours option decides them with 2 or 3
    players (the menu wrote the first colours of the list whatever was chosen)."""
    try:
        chosen = parse_colours(options.get("colours", "auto")) if players in (2, 3) else None
    except ValueError:
        chosen = None
    if chosen is not None and len(chosen) != players:
        chosen = None  # a choice for another player count: the game refuses it, the default stands
    return seat_colours(players, chosen)


def _table_edges(state: TrapState) -> list[str]:
    """In table mode each player sits at the edge next to his hideout's corner (red NE, green NW,
    yellow SW, blue SE), going round the table in turn order."""
    from tabletop.games.trap_the_cap.rules import COLOURS

    return [_EDGE_BY_COLOUR[COLOURS[c]] for c in state.rules.seats]


def _topology(layout: Any) -> Any:
    """What the rules read from the board file (fields, grey/yellow, connections, hideouts): an edit
    of these applies from the next game; positions, shapes and colours apply at once."""
    t = layout.topology
    return (t.names, t.kinds, t.grey, t.neighbours, tuple(sorted(t.hideouts.items())), t.centre)


GAME = GameSpec(
    id="trap_the_cap",
    title="Trap the Cap",
    rules_version=1,
    min_players=2,
    max_players=4,
    default_players=4,
    variants=(
        VariantSpec("offensive", "Offensive", "Most caps trapped wins."),
        VariantSpec("defensive", "Defensive", "The last player still in play wins."),
        VariantSpec("partners", "Partners", "Opposite seats play as a team (4 players)."),
        VariantSpec("total_partners", "Total partners", "As partners, and you may move your partner's pieces."),
        VariantSpec("tower_race", "Tower race", "No cap ever goes home again; the last tower wins."),
        VariantSpec("golden_cap", "Golden cap", "A golden cap starts in the centre; bring it home to own it."),
    ),
    options=(
        OptionSpec("turn_limit", "Turn limit (rounds)", "200", ("100", "200", "300", "500"),
                   int_parser(1, 100_000), "The game ends after this many rounds; most prisoners wins."),
        OptionSpec("colours", "Colours", "auto", COLOUR_CHOICES, parse_colours,
                   "Which colours play with 2 or 3 players (auto: opposite corners for 2).",
                   players=(2, 3), choices_for=colour_choices),
        OptionSpec("scoring", "Scoring", "offensive", ("offensive", "defensive"),
                   choice_parser(("offensive", "defensive")), "Team game: most prisoners or last team in play.",
                   variants=_TEAMS),
        OptionSpec("teams", "Teams", "red+yellow", ("red+yellow", "red+green", "red+blue"), parse_teams,
                   "Red's partner; the other two colours are the other team.", variants=_TEAMS),
        OptionSpec("golden_win", "Golden cap winner", "owner", ("owner", "prisoners"),
                   choice_parser(("owner", "prisoners")),
                   "Who wins: its owner (whoever owns the golden cap when the game ends), or most prisoners.", variants=("golden_cap",)),
    ),
    new_state=new_state,
    state_class=TrapState,
    load_layout=_load_layout,
    make_agent=_make_agent,
    scene="tabletop.games.trap_the_cap.scene:TrapTheCapScene",
    board_files=("trap_the_cap.yaml",),
    rules_summary=_summary(),
    colours=("red", "green", "yellow", "blue"),
    extra={"log_has_subject": True, "players_for_variant": players_for_variant, "topology": _topology,
           "table_edges": _table_edges, "seat_names": _seat_names,
           "menu_seat_colours": _menu_seat_colours},
)

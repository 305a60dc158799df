"""Plakoto (the Greek tables game of pinning): the game's entry in the registry.

Kept light on purpose: the registry imports every game package at start-up, so the rules, the AI
and the layout code are imported only when a game is actually set up.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tabletop.core.spec import GameSpec, OptionSpec, Setup, VariantSpec, choice_parser, int_parser
from tabletop.games.plakoto.rules import PlakotoState, new_state
from tabletop.i18n import tr


def _seat_names(state: PlakotoState) -> list[str]:
    """Each seat by its checkers' colour, as the game names it: "White", "Black"."""
    from tabletop.games.plakoto.notation import NAMES

    return [tr(name) for name in NAMES[: state.num_players]]


def _load_layout(store: Any, variant: str) -> Any:
    from tabletop.games.plakoto.layout import load_layout

    return load_layout(store, variant)


def _make_agent(level: str) -> Any:
    from tabletop.games.plakoto.ai import make_agent

    return make_agent(level)


def _new_state(setup: Setup) -> PlakotoState:
    return new_state(setup)


def _saved_note(options: dict) -> tuple[str, dict]:
    """What the continue list says beside "Plakoto" (it has one variant): the match's length,
    as an English template and its values (translated when shown)."""
    try:
        target = _match_parser(str(options.get("match", "5")))
    except ValueError:
        return "", {}
    return ("Single game", {}) if target == 1 else ("Match to {target}", {"target": target})


def _match_parser(text: str) -> int:
    value = int_parser(1, 7)(text)
    if value not in (1, 3, 5, 7):
        raise ValueError(tr("expected 1, 3, 5 or 7, got {value}", value=value))
    return value


_SUMMARY = (Path(__file__).with_name("summary.md")).read_text(encoding="utf-8")

GAME = GameSpec(
    id="plakoto",
    title="Plakoto",
    rules_version=1,
    min_players=2,
    max_players=2,
    variants=(VariantSpec("standard", "Standard", "Plakoto as played in Greece: pin, don't hit."),),
    options=(
        OptionSpec("match", "Match to", "5", ("1", "3", "5", "7"), _match_parser,
                   "Points needed to win the match."),
        OptionSpec("pinned_home", "Pinned home checker", "blocks", ("blocks", "occupies"),
                   choice_parser(("blocks", "occupies")),
                   "Blocks bearing off: while one of your checkers is pinned in your home board, you cannot "
                   "bear off; only occupies: it only holds its point."),
    ),
    new_state=_new_state,
    state_class=PlakotoState,
    load_layout=_load_layout,
    make_agent=_make_agent,
    scene="tabletop.games.plakoto.scene:PlakotoScene",
    board_files=("plakoto.yaml",),
    rules_summary=_SUMMARY,
    colours=("white", "black"),
    # the log sentences name the mover; the bench counts single games, not matches; the frozen
    # yardstick hard-2026-11 (ai_2026_11) plays in `tabletop simulate --agents` but is not in the menu
    extra={"log_has_subject": True, "bench_options": {"match": "1"},
           "hidden_agent_levels": ("hard-2026-11",), "seat_names": _seat_names, "saved_note": _saved_note},
)

"""Captain Flip: draw a two-sided character tile, keep it or flip it, fill your Adventure board.

Kept light for the registry: the rules are imported when a game starts, the AI when an agent is
made. Variants are the board files in ``boards/captain_flip/`` (A–E shipped; a user's F.yaml
appears as variant F).
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from tabletop.core.spec import GameSpec, OptionSpec, Setup, VariantSpec, choice_parser
from tabletop.layout import BoardStore

BOARD_NAMES = {"A": "The pirate ship", "B": "The Kraken", "C": "The raft", "D": "The desert island",
               "E": "In the Jaws of the Kraken"}


COLOURS = ("#c0392b", "#2e86c1", "#27ae60", "#f1c40f", "#8e44ad")
COLOUR_NAMES = ("Red", "Blue", "Green", "Yellow", "Purple")
"""The captains' colours in seat order, and their names (the family palette's nearest colours,
which the game's panel, log and result card call the captains by)."""


def _seat_names(state: Any) -> list[str]:
    """Each captain by his colour: "Red", "Blue"…"""
    from tabletop.i18n import tr

    return [tr(name) for name in COLOUR_NAMES[: state.num_players]]


BOARD_HELP = {
    "A": "The base game's board: each column's bonus is printed above it.",
    "B": "The first captain to fill a column takes its first value, later ones the second.",
    "C": "Two columns pay at the end if full: one of a single character, one of all different ones.",
    "D": "The last column's one space costs 1 coin.",
    "E": "The expansion board: three bonuses need a column of one character or of all different ones.",
}
"""What each board changes, for the menu's help line (the rules card says it at length)."""


def _variant(board_id: str) -> VariantSpec:
    name = BOARD_NAMES.get(board_id)
    return VariantSpec(board_id, f"Board {board_id}: {name}" if name else f"Board {board_id}",
                       BOARD_HELP.get(board_id, ""))


def _discover(store: BoardStore) -> tuple[VariantSpec, ...]:
    from tabletop.games.captain_flip.layout import board_ids

    ids = board_ids(store)
    ordered = [b for b in BOARD_NAMES if b in ids] + [b for b in ids if b not in BOARD_NAMES]
    return tuple(_variant(b) for b in ordered)


def _load_layout(store: BoardStore, variant: str) -> Any:
    from tabletop.games.captain_flip.layout import load

    return load(store, variant)


def _new_state(setup: Setup) -> Any:
    from tabletop.games.captain_flip.rules import CaptainFlipState

    first = setup.first_player
    if first is None:
        deal = random.Random(setup.seed) if setup.seed is not None else random
        first = deal.randrange(setup.players)  # the pirate flag board is dealt at random
    return CaptainFlipState(setup.layout, setup.variant, setup.players, first,
                            setup.options.get("dolphin", "off") == "on")


def _make_agent(level: str) -> Any:
    from tabletop.games.captain_flip.ai import make_agent

    return make_agent(level)


def _state_class() -> type:
    from tabletop.games.captain_flip.rules import CaptainFlipState

    return CaptainFlipState


def _topology(layout: Any) -> Any:
    """What the rules read from the layout: an edit of these applies from the next game only."""
    tiles = layout.tiles
    return (tuple((c.low, c.height, c.bonus) for c in layout.board.columns),
            tuple((ch.id, ch.kind) for ch in tiles.characters), tiles.tile_rule, tiles.dolphins,
            tiles.swabby_coins, tiles.solo_ranks, tiles.sunk_rank)


_SUMMARY = Path(__file__).with_name("summary.md")

GAME = GameSpec(
    id="captain_flip",
    title="Captain Flip",
    rules_version=1,
    min_players=1,
    max_players=5,
    variants=tuple(_variant(b) for b in BOARD_NAMES),
    options=(OptionSpec("dolphin", "Dolphin tile", "off", ("off", "on"), choice_parser(("off", "on")),
                        "Adds the Dolphin expansion tile to the bag: when drawn, every captain flips a tile."),),
    new_state=_new_state,
    state_class=_state_class(),
    load_layout=_load_layout,
    make_agent=_make_agent,
    scene="tabletop.games.captain_flip.scene:CaptainFlipScene",
    board_files=tuple(f"captain_flip/{b}.yaml" for b in BOARD_NAMES) + ("captain_flip/tiles.yaml",),
    default_players=2,
    rules_summary=_SUMMARY.read_text(encoding="utf-8") if _SUMMARY.exists() else "",
    colours=COLOURS,
    discover_variants=_discover,
    extra={"board_folder": "captain_flip", "topology": _topology, "log_has_subject": True,
           "layout_files": lambda variant: (f"captain_flip/{variant}.yaml", "captain_flip/tiles.yaml"),
           "seat_names": _seat_names},
)

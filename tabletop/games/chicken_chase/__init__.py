"""Chicken Chase (Ravensburger "Krawall vorm Stall"): hens race up a hill on speed cards won by
placing chicks on a feed strip with the dice. Kept light: rules and AI are imported on use."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tabletop.core.spec import GameSpec, OptionSpec, Setup, VariantSpec, choice_parser
from tabletop.games.chicken_chase import hill
from tabletop.i18n import tr

_HERE = Path(__file__).resolve().parent


def _seat_names(state: Any) -> list[str]:
    """Each seat by its hens' colour, as the board file names them and the game calls them."""
    return [state.player_name(seat) for seat in range(state.num_players)]


def parse_blocked(text: str) -> tuple[int, ...]:
    """``"4,5,12"`` → (4, 5, 12); ``""`` or ``"none"`` → no blocked fields. Fields must be 1–14
    (Start and the finish can never be blocked) and distinct, and no run of them may be too long
    for any hen to pass (then no game could be won): such a set is refused with the reason."""
    text = text.strip()
    if text.lower() in ("", "none"):
        return ()
    fields: list[int] = []
    for part in text.split(","):
        part = part.strip()
        try:
            value = int(part)
        except ValueError:
            raise ValueError(tr("expected hill fields like 4,5,12, got {given}", given=repr(part))) from None
        if not 1 <= value <= 14:
            raise ValueError(tr("a blocked field must be from 1 to 14, got {value}", value=value))
        if value in fields:
            raise ValueError(tr("field {n} is listed twice", n=value))
        fields.append(value)
    reason = hill.impassable_reason(fields)
    if reason:
        raise ValueError(reason)
    return tuple(sorted(fields))


SEAT_COLOURS = ("red", "green", "yellow", "blue")
"""The seats' colours in seat order (``GAME.colours``), as the menu's seat rows name them: the
values of the First player option."""


def starter_choices(players: int) -> tuple[str, ...]:
    """First player: at random, or one of the seats that play."""
    return ("random", *SEAT_COLOURS[:players])


def _new_state(setup: Setup) -> Any:
    from tabletop.games.chicken_chase.rules import new_game

    return new_game(setup)


def _load_layout(store: Any, variant: str) -> Any:
    from tabletop.games.chicken_chase.layout import load_layout

    return load_layout(store, variant)


def _make_agent(level: str) -> Any:
    from tabletop.games.chicken_chase.ai import make_agent

    return make_agent(level)


def _state_class() -> type:
    from tabletop.games.chicken_chase.rules import ChickenState

    return ChickenState


def _summary() -> str:
    try:
        return (_HERE / "summary.md").read_text(encoding="utf-8")
    except OSError:
        return ""


def _topology(layout: Any) -> Any:
    """What the rules read from the layout (decks, feed decks, blocked fields): an edit of these
    applies from the next game only; positions and colours apply at once."""
    return (tuple((d.id, d.cards) for d in layout.decks), layout.starting_hand, layout.feed_deck,
            tuple(sorted((k, tuple(sorted(v.items()))) for k, v in layout.blocked.items())))


GAME = GameSpec(
    id="chicken_chase",
    title="Chicken Chase",
    rules_version=1,
    min_players=2,
    max_players=4,
    default_players=4,
    variants=(
        VariantSpec("normal", "Normal", "Blocked fields as printed for the number of players."),
        VariantSpec("peaceful", "Peaceful", "Fewer blocked fields (none with four players)."),
        VariantSpec("custom", "Custom", "Choose the blocked fields yourselves."),
    ),
    options=(
        OptionSpec("card_rule", "Who takes a card", "own_three", ("own_three", "any_three"),
                   choice_parser(("own_three", "any_three")),
                   "Three own chicks: three of your own on a feed field take its card; any three chicks: whoever places the third chick there takes it."),
        OptionSpec("starter", "First player", "random", starter_choices(4), choice_parser(starter_choices(4)),
                   "Who starts (the rulebook's \"the one who clucks best\"): drawn at random, or the seat you choose.",
                   choices_for=starter_choices),
        OptionSpec("blocked", "Blocked fields", "5,12",
                   ("5,12", "4,5,12", "4,5,10,12", "4,5,8,10,13,14", "4,5,8,11,13", "none"),
                   parse_blocked, "Click the value (or press Space) to choose any hill fields 1–14; the arrows "
                   "step through the printed sets.", variants=("custom",), pick_from=(1, 14)),
    ),
    new_state=_new_state,
    state_class=_state_class(),
    load_layout=_load_layout,
    make_agent=_make_agent,
    scene="tabletop.games.chicken_chase.scene:ChickenChaseScene",
    board_files=("chicken_chase.yaml",),
    rules_summary=_summary(),
    colours=("#c8412f", "#2f8f4e", "#e0b21b", "#2f62b8"),
    extra={"log_has_subject": True, "topology": _topology, "seat_names": _seat_names},
)

"""What a game tells the app about itself: id, seats, variants, options, boards, agents, scene.

Each game package (``tabletop/games/<id>/__init__.py``) defines ``GAME = GameSpec(...)``; the
registry finds it by scanning the folder, so adding a game adds a folder and a board file only.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from tabletop.core.errors import TabletopError
from tabletop.i18n import tr

if TYPE_CHECKING:
    from tabletop.core.game import GameState
    from tabletop.layout.store import BoardStore


class OptionError(TabletopError):
    """A variant or option value the game does not accept."""


@dataclass(frozen=True)
class VariantSpec:
    """One rules variant, offered in the menu and as ``--variant ID``."""

    id: str
    label: str
    help: str = ""


@dataclass(frozen=True)
class OptionSpec:
    """One option, offered in the menu (cycling through ``choices``) and as ``--option KEY=VALUE``.

    ``parse`` turns the text into the value the rules use and raises ``ValueError`` with a reason
    for bad text; ``choices`` are the texts the menu cycles through (free text is allowed on the
    command line when ``parse`` accepts it). ``variants`` limits the option to some variants.
    """

    key: str
    label: str
    default: str
    choices: tuple[str, ...]
    parse: Callable[[str], Any] = str
    help: str = ""
    variants: tuple[str, ...] = ()
    players: tuple[int, ...] = ()  # offered in the menu only for these player counts (empty: all)
    pick_from: tuple[int, int] | None = None
    """The value is a set of whole numbers in this range (a comma list ``parse`` checks): the
    menu lets the players pick any such set by clicking the numbers, beside the ready ``choices``."""
    choices_for: Callable[[int], tuple[str, ...]] | None = None
    """The menu's choices for a player count, where they depend on it (Trap the Cap's colours: a
    set of as many colours as players); ``choices`` then holds all of them (translations, the
    settings file)."""

    def applies_to(self, variant: str) -> bool:
        return not self.variants or variant in self.variants

    def choices_at(self, players: int) -> tuple[str, ...]:
        """The texts the menu offers with this many players."""
        return self.choices if self.choices_for is None else self.choices_for(players)


@dataclass(frozen=True)
class Setup:
    """Everything a new game needs: seat count, variant, parsed options, the game's layout and the
    first player (None: the game decides, e.g. by an opening roll or at random); ``seed`` is the
    session's, so a game that deals its first player at random deals the same one for the same
    seed (``--seed`` replays the game from its start)."""

    players: int
    variant: str
    options: Mapping[str, Any]
    layout: Any = None
    first_player: int | None = None
    seed: int | None = None


def choice_parser(choices: tuple[str, ...]) -> Callable[[str], str]:
    """A parser that accepts exactly one of ``choices``."""

    def parse(text: str) -> str:
        if text not in choices:
            raise ValueError(tr("expected one of {choices}, got {given}", choices=", ".join(choices), given=repr(text)))
        return text

    return parse


def int_parser(low: int, high: int) -> Callable[[str], int]:
    """A parser for a whole number in [low, high]."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise ValueError(tr("expected a whole number, got {given}", given=repr(text))) from None
        if not low <= value <= high:
            raise ValueError(tr("expected a number from {low} to {high}, got {value}", low=low, high=high, value=value))
        return value

    return parse


@dataclass(frozen=True)
class GameSpec:
    """A game as the app, the command line and the tests see it.

    ``load_layout(store, variant)`` reads and validates the game's board file(s) through the board
    store and raises ``LayoutErrors``; ``new_state(setup)`` deals a new game; ``state_class`` gives
    ``from_json``; ``make_agent(level)`` builds a computer player (imported lazily, AI code is
    heavier); ``scene`` names the pygame scene class as ``module:Class`` (imported only by the app).

    ``extra`` holds optional hooks the frame looks for:
    ``players_for_variant(variant) -> player counts``; ``topology(layout)`` (what the rules read
    from the board file: a live edit that changes it waits for the next game); ``layout_files(variant)``
    and ``board_folder`` (which files to watch / check); ``table_edges(state) -> edges`` (where each
    seat sits in table mode); ``log_has_subject`` (log sentences already name the mover);
    ``bench_options`` (options for the playout benchmark).
    """

    id: str
    title: str
    rules_version: int
    min_players: int
    max_players: int
    variants: tuple[VariantSpec, ...]
    options: tuple[OptionSpec, ...]
    new_state: Callable[[Setup], GameState]
    state_class: type
    load_layout: Callable[[BoardStore, str], Any]
    make_agent: Callable[[str], Any]
    scene: str
    agent_levels: tuple[str, ...] = ("random", "easy", "hard")
    board_files: tuple[str, ...] = ()
    default_players: int = 2
    rules_summary: str = ""
    colours: tuple[str, ...] = ()
    discover_variants: Callable[[BoardStore], tuple[VariantSpec, ...]] | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)

    @property
    def default_variant(self) -> str:
        return self.variants[0].id

    def all_variants(self, store: BoardStore | None = None) -> tuple[VariantSpec, ...]:
        """The fixed variants plus any the game finds among the boards (e.g. a user's board F)."""
        if self.discover_variants is not None and store is not None:
            return self.discover_variants(store)
        return self.variants

    def parse_options(self, variant: str, given: Mapping[str, str],
                      store: BoardStore | None = None) -> dict[str, Any]:
        """Validate a variant id and ``KEY=VALUE`` texts; fill defaults; raise OptionError."""
        ids = [v.id for v in self.all_variants(store)]
        if variant not in ids:
            raise OptionError(tr("{game}: unknown variant {variant}; choose one of {ids}", game=self.id,
                                 variant=repr(variant), ids=", ".join(ids)))
        known = {o.key: o for o in self.options}
        for key in given:
            if key not in known:
                names = ", ".join(known) or tr("none")
                raise OptionError(tr("{game}: unknown option {key}; options are: {names}", game=self.id, key=repr(key),
                                     names=names))
            if not known[key].applies_to(variant):
                raise OptionError(tr("{game}: option {key} does not apply to variant {variant}", game=self.id,
                                     key=repr(key), variant=repr(variant)))
        result: dict[str, Any] = {}
        for key, spec in known.items():
            if not spec.applies_to(variant):
                continue
            text = given.get(key, spec.default)
            try:
                result[key] = spec.parse(text)
            except ValueError as exc:
                raise OptionError(tr("{game}: option {key}: {error}", game=self.id, key=key, error=exc)) from None
        return result

    def check_players(self, players: int) -> None:
        if not self.min_players <= players <= self.max_players:
            raise OptionError(tr("{game} takes {counts} players, not {n}", game=tr(self.title),
                                 counts=self.player_counts, n=players))

    @property
    def player_counts(self) -> str:
        """How many may play, in words: ``2–4``, or ``2`` when that is the only count."""
        if self.min_players == self.max_players:
            return str(self.min_players)
        return f"{self.min_players}–{self.max_players}"

"""Checking a loaded game record (an autosave, a replay file) before anything else reads it.

A record is JSON a user can edit, truncate or replace; the menu reads its header, the scene its
seats, the session its seed and moves. Every one of those readers used to trust the types (a
``"game": [[]]`` raised TypeError in the menu, ``"meta": {"seats": 5}`` in the scene). This layer
is the one place that says what a record may hold: it raises :class:`StateError` with a plain
reason, so the callers only have to catch that. It knows nothing about where the record came
from (one autosave slot today, one per game later), and it never replays moves: that is
:meth:`Session.from_record`'s job, which reports a bad move as a ``RecordError``. No pygame.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from tabletop.core.errors import StateError
from tabletop.core.spec import GameSpec, OptionError
from tabletop.i18n import tr

if TYPE_CHECKING:
    from tabletop.layout.store import BoardStore

RECORD_FORMAT = "tabletop-record"
RECORD_VERSION = 1
MAX_MOVES = 200_000
"""Far beyond any real game (a long Trap the Cap game is a few thousand moves)."""
MAX_SEED = 2**63
MAX_TEXT = 200
_ID = re.compile(r"^[A-Za-z0-9_][A-Za-z0-9_\-]{0,63}$")


def show(value: Any) -> str:
    """A short, one-line picture of a value for a message (never a megabyte of repr)."""
    if isinstance(value, (list, dict)):
        return tr("a list") if isinstance(value, list) else tr("a mapping")
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**15:
        return tr("a very large number")
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def check_record(data: Any, games: Mapping[str, GameSpec], store: BoardStore | None = None) -> GameSpec:
    """The game of a well-formed record; raise StateError saying what is wrong with it."""
    if not isinstance(data, dict):
        raise StateError(tr("the file is not a game record"))
    if data.get("format") != RECORD_FORMAT:
        raise StateError(tr("not a tabletop game record"))
    version = data.get("version")
    if not _is_int(version) or version != RECORD_VERSION:
        raise StateError(tr("record version {version} is not supported (this program reads version {ours})",
                            version=show(version), ours=RECORD_VERSION))
    game = data.get("game")
    if not isinstance(game, str) or game not in games:
        raise StateError(tr("the save is of an unknown game {game}", game=show(game)))
    spec = games[game]
    rules = data.get("rules_version")
    if not _is_int(rules) or rules != spec.rules_version:
        raise StateError(tr("the record was made with rules version {version}; this program plays version {ours}",
                            version=show(rules), ours=spec.rules_version))
    seed = data.get("seed")
    if not _is_int(seed) or not -MAX_SEED <= seed <= MAX_SEED:
        raise StateError(tr("the record's seed must be a whole number of at most 19 digits, not {value}",
                            value=show(seed)))
    moves = data.get("moves")
    if not isinstance(moves, list):
        raise StateError(tr("the record's moves must be a list, not {value}", value=show(moves)))
    if len(moves) > MAX_MOVES:
        raise StateError(tr("the record has {n} moves, more than any game can have", n=f"{len(moves):,}"))
    if "initial" not in data:
        raise StateError(tr("the record has no starting position"))
    check_meta(spec, data.get("meta", {}), store)
    return spec


def check_meta(spec: GameSpec, meta: Any, store: BoardStore | None = None) -> None:
    """The set-up a record carries (players, variant, options, seats): each part optional, but
    of the right kind when present, since the scene, the menu and "New game" read them."""
    if not isinstance(meta, dict):
        raise StateError(tr("the record's set-up must be a mapping, not {value}", value=show(meta)))
    players = meta.get("players", spec.min_players)
    if not _is_int(players) or not spec.min_players <= players <= spec.max_players:
        raise StateError(tr("the record's player count must be {low} to {high} for {game}, not {value}",
                            low=spec.min_players, high=spec.max_players, game=spec.id, value=show(players)))
    variant = meta.get("variant", spec.default_variant)
    if not isinstance(variant, str) or not _ID.match(variant):
        raise StateError(tr("the record's variant must be a variant name, not {value}", value=show(variant)))
    known = [v.id for v in spec.all_variants(store)]
    if variant not in known and spec.discover_variants is None:
        raise StateError(tr("the record's variant {variant} is not one of {known}", variant=repr(variant),
                            known=", ".join(known)))
    options = meta.get("options", {})
    if not isinstance(options, dict) or not all(
            isinstance(k, str) and isinstance(v, str) and len(k) <= MAX_TEXT and len(v) <= MAX_TEXT
            for k, v in options.items()):
        raise StateError(tr("the record's options are not a mapping of texts"))
    if variant in known:
        try:
            spec.parse_options(variant, options, store)
        except OptionError as exc:
            raise StateError(tr("the record's options are not valid: {error}", error=exc)) from None
    if "seats" in meta:
        _check_seats(spec, meta["seats"], players if "players" in meta else None)


def _check_seats(spec: GameSpec, seats: Any, players: int | None) -> None:
    if not isinstance(seats, list) or not 1 <= len(seats) <= spec.max_players:
        raise StateError(tr("the record's seats must be a list of up to {most}, not {value}", most=spec.max_players,
                            value=show(seats)))
    if players is not None and len(seats) != players:
        raise StateError(tr("the record has {seats} seats for {players} players", seats=len(seats), players=players))
    for i, seat in enumerate(seats):
        if not isinstance(seat, dict) or seat.get("kind") not in ("human", "ai"):
            raise StateError(tr("seat {n} of the record must be a person or a computer, not {value}", n=i + 1,
                                value=show(seat)))
        level = seat.get("level", "hard")
        if seat["kind"] == "ai" and level not in spec.agent_levels:
            raise StateError(tr("seat {n} of the record has an unknown computer level {value}", n=i + 1,
                                value=show(level)))
        name = seat.get("name", "")
        if not isinstance(name, str) or len(name) > MAX_TEXT or not isinstance(level, str):
            raise StateError(tr("seat {n} of the record has a name or level that is not a short text", n=i + 1))


def check_loaded(session: Any) -> None:
    """After the record's starting position is built: the set-up must match it (the scene
    indexes seats by the state's players)."""
    meta = session.meta
    players = session.state.num_players
    if meta.get("players", players) != players:
        raise StateError(tr("the record is set up for {meant} players but its position has {players}",
                            meant=meta["players"], players=players))
    seats = meta.get("seats")
    if isinstance(seats, list) and len(seats) != players:
        raise StateError(tr("the record has {seats} seats for a game of {players} players", seats=len(seats),
                            players=players))

"""Starting games without a window: seats, new sessions, computer moves. Shared by the menu, the
command line (``simulate``, ``screenshot``) and the tests. No pygame."""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import asdict, dataclass
from typing import Any

from tabletop.core import CHANCE, Setup
from tabletop.core.notation import variant_of
from tabletop.core.session import Session
from tabletop.core.spec import GameSpec, OptionError
from tabletop.i18n import tr
from tabletop.layout import BoardStore


@dataclass(frozen=True)
class Seat:
    """Who sits in a seat: a person, or a computer player of a level."""

    kind: str  # "human" | "ai"
    level: str = "hard"
    name: str = ""

    @property
    def is_human(self) -> bool:
        return self.kind == "human"

    def label(self, index: int) -> str:
        if self.name:
            return self.name
        if self.is_human:
            return tr("Player {n}", n=index + 1)
        return tr("Computer {n} ({level})", n=index + 1, level=tr(self.level))

    @classmethod
    def parse(cls, text: str, levels: tuple[str, ...]) -> Seat:
        """``human`` or ``ai:LEVEL`` (also a bare level name)."""
        text = text.strip()
        if text == "human":
            return cls("human")
        level = text.split(":", 1)[1] if text.startswith("ai:") else text
        if level == "ai":
            level = "hard"
        if level not in levels:
            raise OptionError(tr("unknown seat {seat}: use human or ai:LEVEL with LEVEL one of {levels}", seat=repr(text),
                                 levels=", ".join(levels)))
        return cls("ai", level)

    @classmethod
    def from_json(cls, data: Any) -> Seat:
        if not isinstance(data, dict) or data.get("kind") not in ("human", "ai"):
            return cls("ai", "random")
        return cls(data["kind"], str(data.get("level", "hard")), str(data.get("name", "")))


def parse_option_texts(items: list[str] | None) -> dict[str, str]:
    """``["match=3", "pinned_home=occupies"]`` → dict; raise OptionError on a malformed item."""
    result: dict[str, str] = {}
    for item in items or []:
        if "=" not in item:
            raise OptionError(tr("--option takes KEY=VALUE, got {item}", item=repr(item)))
        key, value = item.split("=", 1)
        result[key.strip()] = value.strip()
    return result


def new_session(spec: GameSpec, store: BoardStore, players: int, variant: str | None,
                option_texts: dict[str, str], seats: list[Seat], seed: int | None = None,
                first_player: int | None = None) -> Session:
    """Validate everything, load the board, deal a new game and wrap it in a session."""
    spec.check_players(players)
    variant = variant or spec.default_variant
    allowed = spec.extra.get("players_for_variant")
    if allowed and players not in allowed(variant):
        raise OptionError(tr("{game}: variant {variant} is for {counts} players", game=tr(spec.title), variant=repr(variant),
                             counts=", ".join(map(str, allowed(variant)))))
    options = spec.parse_options(variant, option_texts, store)
    if len(seats) != players:
        raise OptionError(tr("{n} players need {n} seats, got {got}", n=players, got=len(seats)))
    layout = spec.load_layout(store, variant)
    seed = random.randrange(1 << 30) if seed is None else seed
    state = spec.new_state(Setup(players, variant, options, layout, first_player, seed))
    meta = {"players": players, "variant": variant, "options": dict(option_texts),
            "seats": [asdict(s) for s in seats]}
    return Session(spec, state, seed, meta)


def default_seats(players: int) -> list[Seat]:
    """A person in the first seat, easy computer players in the others (the command line's default)."""
    return [Seat("human")] + [Seat("ai", "easy") for _ in range(players - 1)]


def session_from_position(spec: GameSpec, store: BoardStore, text: str, seats: list[Seat] | None = None,
                          seed: int | None = None, players: int | None = None) -> Session:
    """A game that starts from a position in the game's notation (``docs/notation.md``), on the
    board the store holds for the position's ``variant:``.

    The record stays an ordinary record: its ``initial`` state is this position (so replay, undo
    and Continue work from it, and undo never goes before it) and ``meta["position"]`` keeps the
    starting notation, which is what "Play again" starts from. Raises StateError/OptionError."""
    variant = variant_of(text) or spec.default_variant
    ids = [v.id for v in spec.all_variants(store)]
    if variant not in ids:
        raise OptionError(tr("{game}: unknown variant {variant}; choose one of {ids}", game=tr(spec.title),
                             variant=repr(variant), ids=", ".join(ids)))
    state = spec.state_class.from_notation(text, spec.load_layout(store, variant))
    count = state.num_players
    if players is not None and players != count:
        raise OptionError(tr("--players {n}: the position is for {count} players", n=players, count=count))
    seats = seats if seats is not None else default_seats(count)
    if len(seats) != count:
        raise OptionError(tr("the position is for {count} players; {got} seats were given", count=count, got=len(seats)))
    meta = {"players": count, "variant": variant, "options": {}, "seats": [asdict(s) for s in seats],
            "position": state.to_notation()}
    return Session(spec, state, random.randrange(1 << 30) if seed is None else seed, meta)


def seats_of(session: Session) -> list[Seat]:
    """The session's seats, one per player (records are checked by ``core.records``; this still
    never fails on a meta of the wrong shape: missing seats are people)."""
    raw = session.meta.get("seats")
    seats = [Seat.from_json(s) for s in raw] if isinstance(raw, list) else []
    n = session.state.num_players
    return seats[:n] + [Seat("human") for _ in range(n - len(seats))]


def player_moves(seats: Iterable[int]) -> int:
    """How many of a record's moves (given by their seats) the players made: rolls and draws
    (``CHANCE``) are not counted, as the Continue list and "Resumed after N moves" say it."""
    return sum(1 for seat in seats if seat != CHANCE)


def advance(session: Session, moves: int, agents: dict[int, Any] | None = None,
            rng: random.Random | None = None, level: str = "easy") -> int:
    """Play up to ``moves`` moves (rolls included) with computer players in every seat."""
    rng = rng or random.Random(session.seed)
    agents = agents if agents is not None else {}
    done = 0
    while done < moves and session.state.current_player is not None:
        seat = session.state.current_player
        if seat == CHANCE:
            session.roll()
        else:
            if seat not in agents:
                agents[seat] = session.spec.make_agent(level)
            session.play(agents[seat].choose(session.state.observation(seat), rng))
        done += 1
    return done

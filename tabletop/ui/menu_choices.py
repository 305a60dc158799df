"""The new-game choices of one game in the menu — player count, who sits in each seat, variant
(a Captain Flip board), options — stepped forwards and backwards, and kept in the settings file so
the menu shows the last game's choices again after a restart. No pygame: the menu draws them.

What comes back from the settings file is checked against the game as it is now (a variant whose
board file was removed, a level that no longer exists, a hand-edited file): anything that does not
fit falls back to the game's default, one field at a time, never an error.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tabletop.core.spec import GameSpec, OptionSpec
from tabletop.launch import Seat


@dataclass
class GameChoices:
    """One game's choices. ``seats`` always holds ``spec.max_players`` entries: the first
    ``players`` are in play, the rest are remembered for when the count goes up again."""

    spec: GameSpec
    variant_ids: list[str]
    players: int = 2
    seats: list[Seat] = field(default_factory=list)
    variant: str = ""
    options: dict[str, str] = field(default_factory=dict)

    # -- building --------------------------------------------------------------------------------
    @classmethod
    def default(cls, spec: GameSpec, variant_ids: list[str]) -> GameChoices:
        seats = [Seat("human")] + [Seat("ai", "easy") for _ in range(spec.max_players - 1)]
        choices = cls(spec, variant_ids or [spec.default_variant], spec.default_players, seats,
                      spec.default_variant, {o.key: o.default for o in spec.options})
        if choices.variant not in choices.variant_ids:
            choices.variant = choices.variant_ids[0]
        choices._fit_players()
        return choices

    @classmethod
    def restore(cls, spec: GameSpec, variant_ids: list[str], data: Any) -> GameChoices:
        """The choices saved by :meth:`to_json`, each field checked; what does not fit is the default."""
        choices = cls.default(spec, variant_ids)
        if not isinstance(data, dict):
            return choices
        if data.get("variant") in choices.variant_ids:
            choices.variant = data["variant"]
        seats = data.get("seats")
        if isinstance(seats, list):
            for i, text in enumerate(seats[: spec.max_players]):
                seat = _seat(text, spec.agent_levels)
                if seat is not None:
                    choices.seats[i] = seat
        options = data.get("options")
        if isinstance(options, dict):
            for opt in spec.options:
                value = options.get(opt.key)
                if isinstance(value, str) and (value in opt.choices or _picked(opt, value)):
                    choices.options[opt.key] = value
        players = data.get("players")
        if isinstance(players, int) and not isinstance(players, bool) and players in choices.allowed_players():
            choices.players = players
        choices._fit_players()
        return choices

    def adopt(self, meta: Any) -> GameChoices:
        """These choices turned into those a game set up elsewhere (the command line) started
        with -- its record's ``meta``: player count, seats, variant, options (those not given at
        their defaults) -- checked as :meth:`restore` checks the settings file. Seats beyond its
        player count stay as they were."""
        meta = meta if isinstance(meta, dict) else {}
        data = self.to_json()
        for key in ("players", "variant"):
            if key in meta:
                data[key] = meta[key]
        given = meta.get("options")
        data["options"] = {o.key: o.default for o in self.spec.options} | (given if isinstance(given, dict) else {})
        raw = meta.get("seats")
        seats = [_seat_text(Seat.from_json(s)) for s in raw] if isinstance(raw, list) else []
        data["seats"] = seats + data["seats"][len(seats):]
        return GameChoices.restore(self.spec, self.variant_ids, data)

    def to_json(self) -> dict[str, Any]:
        return {"players": self.players, "variant": self.variant, "options": dict(self.options),
                "seats": [_seat_text(s) for s in self.seats]}

    # -- what the menu shows ---------------------------------------------------------------------
    def allowed_players(self) -> list[int]:
        spec = self.spec
        players = list(range(spec.min_players, spec.max_players + 1))
        allowed_fn = spec.extra.get("players_for_variant")
        if allowed_fn:
            players = [p for p in players if p in allowed_fn(self.variant)]
        return players or [spec.min_players]

    def seat_kinds(self) -> list[Seat]:
        """What a seat steps through: a person, then the computer levels."""
        return [Seat("human")] + [Seat("ai", level) for level in self.spec.agent_levels]

    def in_play(self) -> list[Seat]:
        return list(self.seats[: self.players])

    def option_shown(self, opt: OptionSpec) -> bool:
        """Offered in the menu: it applies to the variant and player count and has a choice."""
        return (opt.applies_to(self.variant) and len(opt.choices_at(self.players)) > 1
                and (not opt.players or self.players in opt.players))

    def shown_options(self) -> list[OptionSpec]:
        return [o for o in self.spec.options if self.option_shown(o)]

    def start_options(self) -> dict[str, str]:
        """The option texts a new game is started with: only those that apply now."""
        return {o.key: self.options[o.key] for o in self.shown_options()}

    def row_count(self) -> int:
        """Form rows now: players, one per seat, the variant (when there is a choice), options."""
        return 1 + self.players + (1 if len(self.variant_ids) > 1 else 0) + len(self.shown_options())

    def most_rows(self) -> int:
        """The most form rows any player count and variant of this game can need (the menu sizes
        its rows for this, so the form never jumps when a choice adds or removes a row)."""
        most = 0
        for variant in self.variant_ids:
            probe = GameChoices(self.spec, self.variant_ids, self.players, self.seats, variant, self.options)
            for players in probe.allowed_players():
                probe.players = players
                most = max(most, probe.row_count())
        return most

    # -- stepping (delta +1 forwards, -1 backwards) ----------------------------------------------
    def step_players(self, delta: int) -> bool:
        """One more or one fewer player, within the allowed counts (no wrap-around)."""
        allowed = self.allowed_players()
        later = [p for p in allowed if (p > self.players if delta > 0 else p < self.players)]
        if not later:
            return False
        self.players = min(later) if delta > 0 else max(later)
        self._fit_options()
        return True

    def cycle_players(self) -> None:
        """A click on the count itself: the next count, round to the smallest after the largest."""
        if not self.step_players(1):
            self.players = self.allowed_players()[0]
            self._fit_options()

    def step_seat(self, index: int, delta: int) -> None:
        kinds = self.seat_kinds()
        current = next((i for i, s in enumerate(kinds) if s == self.seats[index]), 0)
        self.seats[index] = kinds[(current + delta) % len(kinds)]

    def step_variant(self, delta: int) -> None:
        ids = self.variant_ids
        i = ids.index(self.variant) if self.variant in ids else -delta
        self.variant = ids[(i + delta) % len(ids)]
        self._fit_players()

    def step_option(self, key: str, delta: int) -> None:
        opt = next(o for o in self.spec.options if o.key == key)
        choices = list(opt.choices_at(self.players))
        i = choices.index(self.options[key]) if self.options.get(key) in choices else -delta
        self.options[key] = choices[(i + delta) % len(choices)]

    def _fit_players(self) -> None:
        """A variant for fewer players (or more) brings the count into its range."""
        allowed = self.allowed_players()
        if self.players not in allowed:
            below = [p for p in allowed if p <= self.players]
            self.players = below[-1] if below else allowed[0]
        self._fit_options()

    def _fit_options(self) -> None:
        """An option offered now whose value is not among the choices for this player count (three
        colours when two play) goes back to its default, or the first choice; an option not offered
        now keeps its value for when it is again."""
        for opt in self.shown_options():
            choices, value = opt.choices_at(self.players), self.options.get(opt.key, opt.default)
            if value not in choices and not _picked(opt, value):
                self.options[opt.key] = opt.default if opt.default in choices else choices[0]


def _seat_text(seat: Seat) -> str:
    return "human" if seat.is_human else f"ai:{seat.level}"


def _seat(text: Any, levels: tuple[str, ...]) -> Seat | None:
    if text == "human":
        return Seat("human")
    if isinstance(text, str) and text.startswith("ai:") and text[3:] in levels:
        return Seat("ai", text[3:])
    return None


def _picked(opt: OptionSpec, value: str) -> bool:
    """A value the players picked themselves (an option with ``pick_from``) that its parser accepts."""
    if opt.pick_from is None:
        return False
    try:
        opt.parse(value)
    except ValueError:
        return False
    return True

"""A tiny test-only game that proves the rules protocol without any real game's complexity.

"Dash to N": two or three players; on a turn the die is rolled (a chance move), then the player
either ``walk``s the full roll or ``sneak``s half of it (rounded down) and pushes every rival one
step back. First to reach N wins.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tabletop.ai.agents import RandomAgent
from tabletop.core import CHANCE, GameSpec, GameState, Outcome, Setup, StateError, VariantSpec
from tabletop.core.spec import OptionSpec, int_parser


@dataclass(frozen=True)
class Roll:
    value: int

    def __str__(self) -> str:
        return f"roll {self.value}"


@dataclass(frozen=True)
class Step:
    kind: str  # "walk" | "sneak"

    def __str__(self) -> str:
        return self.kind


class DashState(GameState):
    game_id = "dash"

    def __init__(self, players: int, goal: int) -> None:
        self.players = players
        self.goal = goal
        self.pos = [0] * players
        self.turn = 0
        self.roll: int | None = None

    @property
    def num_players(self) -> int:
        return self.players

    @property
    def current_player(self) -> int | None:
        if self.outcome() is not None:
            return None
        return CHANCE if self.roll is None else self.turn

    def chance_outcomes(self):
        return [(Roll(v), 1 / 6) for v in range(1, 7)] if self.current_player == CHANCE else []

    def legal_moves(self):
        player = self.current_player
        if player == CHANCE:
            return [m for m, _ in self.chance_outcomes()]
        if player is None:
            return []
        return [Step("walk"), Step("sneak")]

    def apply_unchecked(self, move) -> None:
        if isinstance(move, Roll):
            self.roll = move.value
            return
        if move.kind == "walk":
            self.pos[self.turn] += self.roll
        else:
            self.pos[self.turn] += self.roll // 2
            for seat in range(self.players):
                if seat != self.turn:
                    self.pos[seat] = max(0, self.pos[seat] - 1)
        self.roll = None
        self.turn = (self.turn + 1) % self.players

    def outcome(self):
        winners = tuple(s for s, p in enumerate(self.pos) if p >= self.goal)
        if not winners:
            return None
        return Outcome("reached", winners, tuple(float(p) for p in self.pos))

    def copy(self) -> DashState:
        other = DashState(self.players, self.goal)
        other.pos = list(self.pos)
        other.turn = self.turn
        other.roll = self.roll
        return other

    def to_json(self) -> dict[str, Any]:
        return {"game": "dash", "players": self.players, "goal": self.goal, "pos": list(self.pos),
                "turn": self.turn, "roll": self.roll}

    @classmethod
    def from_json(cls, data: Any) -> DashState:
        try:
            if data["game"] != "dash":
                raise StateError("not a dash state")
            state = cls(int(data["players"]), int(data["goal"]))
            pos = [int(p) for p in data["pos"]]
            if len(pos) != state.players or any(p < 0 for p in pos):
                raise StateError("positions do not match the players")
            state.pos = pos
            state.turn = int(data["turn"])
            state.roll = data["roll"]
        except (KeyError, TypeError, ValueError) as exc:
            raise StateError(f"bad dash state: {exc}") from None
        return state


def new_dash(setup: Setup) -> DashState:
    return DashState(setup.players, setup.options["goal"])


DASH = GameSpec(
    id="dash", title="Dash", rules_version=1, min_players=2, max_players=3,
    variants=(VariantSpec("normal", "Normal"),),
    options=(OptionSpec("goal", "Goal", "20", ("10", "20", "30"), int_parser(5, 100)),),
    new_state=new_dash, state_class=DashState, load_layout=lambda store, variant: None,
    make_agent=lambda level: RandomAgent(), scene="",
)

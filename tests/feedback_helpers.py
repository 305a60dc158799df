"""Shared by the tests of what a player sees happen (log, motion, markers, pace, result card,
Plakoto's gestures): a scene on a clock the test turns by hand, and a scene played to its end.

A hand-turned clock makes timed pictures testable without timing anything: the test sets the
time, draws, and looks at what was drawn (never how long something took).
"""

from __future__ import annotations

import random

from tabletop.ai.agents import RandomAgent
from tabletop.app import App, AppOptions
from tabletop.core import CHANCE
from tabletop.games import get_game
from tabletop.launch import Seat, new_session
from tabletop.ui.game_scene import GameScene, make_scene


class Clock:
    """A clock that moves only when told (``clock.t += 0.1``)."""

    def __init__(self, t: float = 1000.0) -> None:
        self.t = t

    def __call__(self) -> float:
        return self.t


def start(game: str, seats: list[Seat] | None = None, *, players: int = 2, variant: str | None = None,
          options: dict | None = None, seed: int = 5, size=(1366, 768), clock: Clock | None = None,
          settings: dict | None = None, table: bool = False, lang: str | None = None) -> tuple[App, GameScene]:
    """A scene of ``game`` in a headless window (in ``lang``, else the settings' language);
    computer seats play at random (fast, no AI code); with ``clock`` every timer of the scene
    runs on it."""
    spec = get_game(game)
    app = App(AppOptions(size=size, headless=True, mute=True, table=table, lang=lang))
    for key, value in (settings or {}).items():
        app.settings[key] = value
    seats = seats or [Seat("human")] + [Seat("ai", "random") for _ in range(players - 1)]
    session = new_session(spec, app.store, len(seats), variant, dict(options or {}), seats, seed)
    scene = make_scene(app, session)
    for i, seat in enumerate(seats):
        if not seat.is_human:
            scene.agents[i] = RandomAgent()
    if clock is not None:
        on_clock(scene, clock)
    app.push_scene(scene)
    app.render()
    return app, scene


def on_clock(scene: GameScene, clock: Clock) -> None:
    scene.now = clock  # type: ignore[method-assign]
    scene.timers.clock = clock


def play_out(app: App, scene: GameScene, seed: int = 1, limit: int = 20000) -> list:
    """Play the game to its end through the scene (people at random through ``scene.play``,
    computers and rolls through the frame); return the moves seen, as (state before, move, seat)."""
    rng = random.Random(seed)
    for _ in range(limit):
        state = scene.state
        cp = state.current_player
        if cp is None:
            break
        if cp == CHANCE and scene.can_roll():
            scene.roll()
        elif cp != CHANCE and scene.seat_is_human(cp) and not scene.queued:
            scene.play(rng.choice(state.legal_moves()))
        else:
            scene.update(0.0)
            if scene.future is not None:
                scene.future.result(timeout=30)
        scene.timers.skip()
    app.tick(0.0)
    return list(scene.history)

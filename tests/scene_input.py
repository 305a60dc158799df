"""Mouse input and fast timers for the headless scene tests, shared so every test file sends the
same events the way pygame delivers them (integer positions, a press then a release)."""

from __future__ import annotations

import pygame

import tabletop.ui.game_scene as game_scene


def instant_scenes(monkeypatch, tmp_path, move_time: float = 0.0) -> None:
    """No pauses before computer moves, no roll or slide animations, saves in ``tmp_path``."""
    monkeypatch.setenv("TABLETOP_DATA", str(tmp_path))
    monkeypatch.setattr(game_scene, "AI_PAUSE", 0.0)
    monkeypatch.setattr(game_scene, "ROLL_TIME", 0.0)
    monkeypatch.setattr(game_scene, "DEAL_TIME", 0.0)
    monkeypatch.setattr(game_scene, "MOVE_TIME", move_time)


def _px(pos) -> tuple[int, int]:
    return int(pos[0]), int(pos[1])


def click(app, pos, button: int = 1) -> None:
    pos = _px(pos)
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))


def move(app, pos, held: bool = False) -> None:
    app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=_px(pos), rel=(0, 0), buttons=(int(held), 0, 0)))


def drag(app, a, b) -> None:
    """Press at ``a``, move through the midpoint to ``b`` with the button held, release."""
    a, b = _px(a), _px(b)
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1))
    mid = ((a[0] + b[0]) // 2, (a[1] + b[1]) // 2)
    for p in (mid, b):
        app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(1, 1), buttons=(1, 0, 0)))
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b, button=1))


def random_step(app, scene, rng) -> None:
    """One step of a game among people at random: the roll (or the deal) when chance is due,
    else any legal move; the scene's timers skipped and the app ticked."""
    from tabletop.core import CHANCE

    state = scene.state
    if state.current_player == CHANCE:
        scene.roll() if scene.can_roll() else scene.update(0.0)
    else:
        scene.play(rng.choice(state.legal_moves()))
    scene.timers.skip()
    app.tick(0.0)

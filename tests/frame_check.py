"""Helpers for tests that a kept (incrementally drawn) frame equals a full repaint."""

from __future__ import annotations

import pygame


def full_repaint(app, scene) -> pygame.Surface:
    """The same frame with every kept picture thrown away (the screen is put back after)."""
    kept = app.screen.copy()
    scene.drop_caches()
    scene.forget_board_frame()
    scene.dirty = True
    app.render()
    fresh = app.screen.copy()
    app.screen.blit(kept, (0, 0))
    return fresh


def differing(a: pygame.Surface, b: pygame.Surface, area: pygame.Rect | None = None) -> int:
    """Bytes of the RGB pictures that differ inside ``area`` (the whole surface by default)."""
    area = area or a.get_rect()
    raw_a = pygame.image.tobytes(a.subsurface(area), "RGB")
    raw_b = pygame.image.tobytes(b.subsurface(area), "RGB")
    if raw_a == raw_b:
        return 0
    return sum(x != y for x, y in zip(raw_a, raw_b, strict=True))


def play_next(scene, agent, rng) -> bool:
    """One more step of the game: a roll, or ``agent``'s move for the seat on turn. False once
    the game is over."""
    from tabletop.core import CHANCE

    state = scene.state
    if state.current_player is None:
        return False
    if state.current_player == CHANCE:
        scene.roll()
    else:
        scene.play(agent.choose(state.observation(state.current_player), rng))
    return True

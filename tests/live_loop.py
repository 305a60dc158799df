"""Drive the real main loop (``App.step``) with real clocks and real events, and compare what the
display shows with a forced full redraw of the same state.

Scene tests elsewhere use instant timers and call handlers directly: good for logic, blind to a
frame that is never drawn. Here the dice really tumble for ``ROLL_TIME``, pieces slide, computer
players pause and think in their thread, and events go through ``pygame.event.post`` into the
loop's own queue. After the loop has gone idle, a screen that differs from a fresh redraw was
stale: a player would be looking at it.
"""

from __future__ import annotations

import time

import pygame

from tabletop.app import App


def post_click(pos: tuple[float, float], button: int = 1) -> None:
    p = (int(pos[0]), int(pos[1]))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=p, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=p, button=button))


def post_key(key: int, unicode: str = "") -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=unicode, scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode=unicode, scancode=0))


def settle(app: App, limit: float = 30.0, quiet: float = 0.25) -> float:
    """Run the real loop until it has been idle (nothing busy, dirty, timed or queued) for
    ``quiet`` seconds; return how long that took. Fails if it never goes idle."""
    t0 = time.monotonic()
    quiet_since: float | None = None
    while time.monotonic() - t0 < limit:
        app.step()
        if not app.running:
            raise AssertionError("the app quit")
        if app.any_busy() or app.any_dirty() or app.next_deadline() is not None or pygame.event.peek():
            quiet_since = None
            continue
        now = time.monotonic()
        if quiet_since is None:
            quiet_since = now
        elif now - quiet_since >= quiet:
            return now - t0
    raise AssertionError("the loop never went idle")


def stale_pixels(app: App) -> int:
    """How many pixels of the shown frame differ from a forced full redraw of the same state
    (drawn afresh: pictures a scene keeps while nothing changes are forgotten first, so a kept
    picture that missed a change shows up here too)."""
    shown = app.screen.copy()
    for scene in app.stack:
        forget = getattr(scene, "drop_caches", None)
        if forget is not None:
            forget()
    app.mark_dirty()
    app.render()
    return differing_pixels(shown, app.screen)


def differing_pixels(a: pygame.Surface, b: pygame.Surface) -> int:
    if a.get_size() != b.get_size():
        return a.get_width() * a.get_height()
    da, db = pygame.image.tobytes(a, "RGB"), pygame.image.tobytes(b, "RGB")
    if da == db:
        return 0
    return sum(1 for i in range(0, len(da), 3) if da[i:i + 3] != db[i:i + 3])

"""Every timed change of a scene in one place, so the picture after the last one is always drawn.

A die tumbling, a piece sliding, a tile turning over, a computer's pause: each is a named timer
with an end time. The scene asks :meth:`Timers.poll` once per tick: it answers True while any
timer runs *and once more after the last one ended*, which is the frame that shows the landed
dice and the piece at rest. The main loop asks :meth:`Timers.next_deadline` to know how long it
may sleep. No scene has to remember to draw its final frame: that is the point of this module.
"""

from __future__ import annotations

import time
from collections.abc import Callable


class Timers:
    """Named timers on one clock (``time.monotonic`` unless a test gives another)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self._spans: dict[str, tuple[float, float]] = {}  # name -> (start, end)
        self._ended_unseen = False

    def start(self, name: str, duration: float) -> None:
        """(Re)start ``name`` now for ``duration`` seconds; zero or less ends it at once (but the
        next poll still asks for one redraw, as for any timer that ended)."""
        now = self.clock()
        self._spans[name] = (now, now + max(0.0, duration))
        self._ended_unseen = True

    def cancel(self, name: str) -> None:
        if self._spans.pop(name, None) is not None:
            self._ended_unseen = True

    def skip(self, which: Callable[[str], bool] | None = None) -> bool:
        """End every running timer now, or those ``which`` accepts (a click that skips the
        animations but not a computer's pause). True if any ran."""
        now = self.clock()
        running = [n for n, (_, end) in self._spans.items() if end > now and (which is None or which(n))]
        for name in running:
            start, _ = self._spans[name]
            self._spans[name] = (start, now)
        if running:
            self._ended_unseen = True
        return bool(running)

    def running(self, name: str) -> bool:
        span = self._spans.get(name)
        return span is not None and self.clock() < span[1]

    def any_running(self) -> bool:
        now = self.clock()
        return any(now < end for _, end in self._spans.values())

    def started(self, name: str) -> float | None:
        span = self._spans.get(name)
        return span[0] if span else None

    def progress(self, name: str) -> float:
        """0 → 1 over the timer's span; 1 when it has ended, never ran, or had no length."""
        span = self._spans.get(name)
        if span is None:
            return 1.0
        start, end = span
        if end <= start:
            return 1.0
        return min(1.0, max(0.0, (self.clock() - start) / (end - start)))

    def next_deadline(self) -> float | None:
        """The clock time at which the next running timer ends (None when none runs)."""
        now = self.clock()
        ends = [end for _, end in self._spans.values() if end > now]
        return min(ends) if ends else None

    def poll(self) -> bool:
        """True when the picture depends on time now: a timer runs, or one has ended since the
        last poll (its final frame is not drawn yet)."""
        now = self.clock()
        ended = [n for n, (_, end) in self._spans.items() if end <= now]
        for name in ended:
            del self._spans[name]
        changed = bool(ended) or self._ended_unseen or bool(self._spans)
        self._ended_unseen = False
        return changed

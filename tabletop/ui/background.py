"""One piece of slow work at a time off the UI thread (a hint, a turn of a game review), tagged
with what it was asked for, so that an answer that no longer fits is never shown.

Why not the computer players' worker: that one belongs to the game frame and thinks for the seat on
turn; a hint or a review is asked for by a person while that worker may be busy, and is thrown away
as soon as the position changes. Here the caller gives every job a ``key`` (the position it is
about); :meth:`Background.take` hands a finished result over only for the key asked last, and
:meth:`Background.cancel` forgets the job (a running one ends in the worker and is dropped).
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

NOTHING = object()
"""What :meth:`Background.take` returns while there is no answer to hand over."""


class Background:
    """A single worker thread and the one job whose answer is still wanted."""

    def __init__(self, name: str) -> None:
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix=name)
        self._future: Future | None = None
        self._key: Any = None
        self._closed = False

    @property
    def key(self) -> Any:
        """The key of the job asked last (None when nothing is asked)."""
        return self._key if self._future is not None else None

    def start(self, key: Any, work: Callable[..., Any], *args: Any) -> None:
        """Run ``work(*args)`` in the worker for ``key``; a job still waiting is dropped."""
        self.cancel()
        if self._closed:
            return
        self._key = key
        self._future = self._pool.submit(work, *args)

    def running(self) -> bool:
        """True while the job asked last has not finished."""
        return self._future is not None and not self._future.done()

    def take(self, key: Any) -> Any:
        """The finished job's result if it was asked for ``key`` (once), else ``NOTHING``. A job
        for another key is dropped. A job that failed hands over its exception (the caller says
        so on screen: a hint that failed must not take the table down)."""
        future = self._future
        if future is None:
            return NOTHING
        if self._key != key:
            self.cancel()
            return NOTHING
        if not future.done():
            return NOTHING
        self._future = None
        error = future.exception()
        return error if error is not None else future.result()

    def cancel(self) -> None:
        if self._future is not None:
            self._future.cancel()  # a job not started yet never runs; a running one is ignored
        self._future = None
        self._key = None

    def close(self) -> None:
        """The scene is gone: no new jobs, waiting ones dropped (a running one ends by itself)."""
        self.cancel()
        self._closed = True
        self._pool.shutdown(wait=False, cancel_futures=True)

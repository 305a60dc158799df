"""Live board editing without freezing the window: a changed board file is loaded in a worker
thread, and the frame applies the result on the main loop once it is ready.

Why a thread: a board file up to the size cap takes up to about a second to parse and check in
pure Python; on the main loop that second is a frozen window every time the user saves the file.
Here the main loop only compares modification times (about once a second) and, later, picks up
the finished load. One load runs at a time; an edit made during a load starts the next one. No
pygame: the frame (``GameScene.poll_boards``) shows the result.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tabletop.layout.phrase import Phrase
from tabletop.layout.store import BoardStore
from tabletop.layout.yamlsrc import LayoutErrors, LayoutIssue


@dataclass(frozen=True)
class Reload:
    """A finished load: the new layout, or the errors (then the last good layout stays in use).
    ``forced``: asked for with F5 (the errors are shown again even if unchanged)."""

    layout: Any
    errors: LayoutErrors | None
    forced: bool


class BoardReloader:
    """Watches board ``names`` in ``store`` and runs ``load`` off the main loop when one changes."""

    def __init__(self, store: BoardStore, names: list[str], load: Callable[[], Any]) -> None:
        self.store = store
        self.names = list(names)
        self.load = load
        self.mtimes = self._stamp()
        self._thread: threading.Thread | None = None
        self._result: Reload | None = None

    def _stamp(self) -> dict[str, float]:
        return {name: self.store.mtime(name) for name in self.names}

    @property
    def busy(self) -> bool:
        """A load has been started and its result not yet taken by :meth:`poll`."""
        return self._thread is not None

    def poll(self, force: bool = False) -> Reload | None:
        """Start a load when a file changed (or ``force``); return each finished load once."""
        if self._thread is not None:
            if self._thread.is_alive():
                return None
            self._thread = None
            result, self._result = self._result, None
            return result
        stamp = self._stamp()
        if stamp == self.mtimes and not force:
            return None
        self.mtimes = stamp
        self._thread = threading.Thread(target=self._run, args=(force,), name="board-reload", daemon=True)
        self._thread.start()
        return None

    def wait(self, timeout: float | None = None) -> None:
        """Block until the running load is done (tests; the app never waits)."""
        if self._thread is not None:
            self._thread.join(timeout)

    def _run(self, forced: bool) -> None:
        try:
            self._result = Reload(self.load(), None, forced)
        except LayoutErrors as exc:
            self._result = Reload(None, exc, forced)
        except Exception as exc:  # noqa: BLE001 - a loader bug must show as a message, not kill the thread silently
            first = self.store.shown_name(self.store.path(self.names[0])) if self.names else "board"
            issue = LayoutIssue(first, 1, 1, "", Phrase("the board cannot be loaded ({error})",
                                                        error=f"{type(exc).__name__}: {exc}"))
            self._result = Reload(None, LayoutErrors([issue]), forced)

"""Finished games kept as records, so a game can be replayed and reviewed after it ended.

Why: the autosave of a game goes when the game ends (Continue lists games in progress only), and
with it the only record of the game; ``tabletop replay FILE`` had nothing to open. Each finished
game is written to ``finished/`` in the data folder as ``GAME-YYYYmmdd-HHMMSS.json`` (the same
record format as a save), and only the newest ``KEEP`` stay so the folder never grows without end.
"""

from __future__ import annotations

import time
from pathlib import Path

from tabletop.core.session import Session
from tabletop.saves import atomic_write_json

KEEP = 100
FOLDER = "finished"


def keep(session: Session, data_folder: Path) -> Path | None:
    """Write the finished game's record; its path, or None when the folder cannot be written
    (a game's end must never fail on it). The oldest records beyond ``KEEP`` are removed."""
    folder = data_folder / FOLDER
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = folder / f"{session.spec.id}-{stamp}.json"
    n = 1
    while path.exists():  # two games ending in the same second
        n += 1
        path = folder / f"{session.spec.id}-{stamp}-{n}.json"
    try:
        atomic_write_json(path, session.record())
        records = sorted(folder.glob("*.json"), key=lambda p: (p.stat().st_mtime, p.name))
        for old in records[:-KEEP]:
            old.unlink()
    except OSError:
        return None
    return path

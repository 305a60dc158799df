"""Finished games kept as records, so a game can be replayed and reviewed after it ended.

Why: the autosave of a game goes when the game ends (Continue lists games in progress only), and
with it the only record of the game; ``tabletop replay FILE`` had nothing to open. Each finished
game is written to ``finished/`` in the data folder as ``GAME-YYYYmmdd-HHMMSS.json`` (the same
record format as a save), and only the newest ``KEEP`` stay so the folder never grows without end.
"""

from __future__ import annotations

import time
from pathlib import Path

from tabletop import files
from tabletop.core.session import Session
from tabletop.saves import atomic_write_json

KEEP = 100
FOLDER = "finished"


def keep(session: Session, data_folder: Path) -> tuple[Path | None, str]:
    """Write the finished game's record: (its path, "") or (None, why it could not be written,
    in words; a game's end must never fail on it). The oldest records beyond ``KEEP`` are removed;
    one that cannot be (a folder or a broken link among them) is passed over, and the record just
    written is still named (it was written, but the log said nothing of it)."""
    folder = data_folder / FOLDER
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = folder / f"{session.spec.id}-{stamp}.json"
    n = 1
    while files.exists(path):  # two games ending in the same second
        n += 1
        path = folder / f"{session.spec.id}-{stamp}-{n}.json"
    try:
        atomic_write_json(path, session.record())
    except OSError as exc:
        return None, files.os_error_text(exc)
    records = []
    for record in folder.glob("*.json"):
        try:
            records.append((record.lstat().st_mtime, record.name, record))
        except OSError:
            continue
    for _, _, old in sorted(records)[:-KEEP]:
        try:
            old.unlink()
        except OSError:
            continue
    return path, ""

"""The local solo high-score table (one list per board). Pure functions over a file path, so the
app decides where the file lives (platformdirs data dir) and tests use a temporary folder.

A corrupt file is never deleted: it is renamed aside (``name.corrupt-N.json``) and the message
says so; writes go to a temporary file first and are renamed into place (atomic on one disk).
"""

from __future__ import annotations

import json
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tabletop import files
from tabletop.files import os_error_text
from tabletop.i18n import tr

FORMAT = "tabletop-captain-flip-highscores"
KEEP_PER_BOARD = 20
KEYS = ("name", "board", "coins", "rank", "when")  # what every entry holds
MAX_BYTES = 1_000_000
"""Far above a full table (20 entries per board); a larger file is refused unread, not parsed."""


@dataclass(frozen=True)
class Entry:
    name: str
    board: str
    coins: int
    rank: str
    when: str  # ISO date-time text, given by the caller (pure: no clock here)

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "board": self.board, "coins": self.coins, "rank": self.rank, "when": self.when}


@dataclass(frozen=True)
class Loaded:
    entries: list[Entry]
    message: str = ""  # non-empty when the file was unreadable and moved aside


def load(path: Path) -> Loaded:
    """Read the table; a missing file is an empty table; a corrupt or unreadable one is moved
    aside (the message says why in the language chosen, see ``os_error_text``). Read with
    ``files.read_regular``, so a named pipe or a device at the path is refused, not waited on."""
    if not files.exists(path):
        return Loaded([])
    try:
        data = json.loads(files.read_regular(path, MAX_BYTES).decode("utf-8"))
        if not isinstance(data, dict) or data.get("format") != FORMAT or not isinstance(data.get("entries"), list):
            raise ValueError(tr("not a Captain Flip high-score file"))
        entries = [_entry(e) for e in data["entries"]]
    except json.JSONDecodeError as exc:  # the reader's own words, said in the language chosen
        return _set_aside(path, tr("{what}: line {line} column {col} (char {pos})", what=tr(exc.msg),
                                   line=exc.lineno, col=exc.colno, pos=exc.pos))
    except UnicodeDecodeError:  # Python's words ("'utf-8' codec can't decode…") are English
        return _set_aside(path, tr("the file is not text"))
    except files.FileProblem as exc:
        return _set_aside(path, exc.os_error or tr("{what}: {path}", what=exc.words(), path=path))
    except (OSError, ValueError, TypeError, KeyError) as exc:
        return _set_aside(path, exc)
    return Loaded(entries)


def _set_aside(path: Path, error: object) -> Loaded:
    """An empty table, the unreadable file moved aside, and a message that says why (an OS error
    in our words with the file's path, said once)."""
    aside = _aside(path)
    try:
        path.rename(aside)
    except OSError:
        why = os_error_text(error, path=False) if isinstance(error, OSError) else error
        return Loaded([], tr("The high-score file {path} could not be read ({error}); it was left in place.",
                             path=path, error=why))
    why = os_error_text(error) if isinstance(error, OSError) else error
    return Loaded([], tr("The high-score file could not be read ({error}); it was kept as {name} "
                         "and a new table was started.", error=why, name=aside.name))


def _entry(raw: Any) -> Entry:
    if not isinstance(raw, dict):
        raise ValueError(tr("an entry is not a mapping"))
    for key in KEYS:
        if key not in raw:
            raise ValueError(tr("an entry lacks {key}", key=repr(key)))
    coins = raw["coins"]
    if isinstance(coins, bool) or not isinstance(coins, int):
        raise ValueError(tr("coins must be a whole number"))
    texts = [raw[k] for k in ("name", "board", "rank", "when")]
    if not all(isinstance(t, str) for t in texts):
        raise ValueError(tr("name, board, rank and when must be text"))
    return Entry(texts[0], texts[1], coins, texts[2], texts[3])


def _aside(path: Path) -> Path:
    n = 1
    while True:
        candidate = path.with_name(f"{path.stem}.corrupt-{n}{path.suffix}")
        if not candidate.exists():
            return candidate
        n += 1


def top(entries: list[Entry], board: str, n: int = 10) -> list[Entry]:
    """The best ``n`` results of one board: most coins first, earlier results first on a tie."""
    mine = [e for e in entries if e.board == board]
    return sorted(mine, key=lambda e: (-e.coins, e.when))[:n]


def add(path: Path, entry: Entry) -> tuple[int | None, str]:
    """Record a result; returns (its place on its board's table from 1, or None if it did not make
    the table; a message if the old file was corrupt)."""
    loaded = load(path)
    entries = loaded.entries + [entry]
    kept: list[Entry] = []
    for board in sorted({e.board for e in entries}):
        kept += top(entries, board, KEEP_PER_BOARD)
    save(path, kept)
    table = top(kept, entry.board, KEEP_PER_BOARD)
    place = next((i + 1 for i, e in enumerate(table) if e is entry), None)
    return place, loaded.message


def save(path: Path, entries: list[Entry]) -> None:
    """Atomic write: a temporary file in the same folder, then a rename over the old one."""
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps({"format": FORMAT, "entries": [e.to_json() for e in entries]}, indent=1)
    fd, tmp = tempfile.mkstemp(prefix=path.name, suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise

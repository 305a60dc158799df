"""Autosave, settings and other small JSON files in the platformdirs data folder. No pygame.

Every write is atomic (temp file in the same folder, fsync, rename), so a crash mid-write leaves
the previous file intact. A file that cannot be read is renamed aside (``*.corrupt-<time>.json``)
with a message, never deleted. Saves are JSON records (seed + moves), never pickle.
"""

from __future__ import annotations

import json
import os
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tabletop.core.errors import StateError
from tabletop.core.session import RecordError, Session

MAX_SAVE_BYTES = 20_000_000
AUTOSAVE_NAME = "autosave.json"


def data_dir() -> Path:
    """The folder for saves (``TABLETOP_DATA`` overrides, for tests and portable installs)."""
    env = os.environ.get("TABLETOP_DATA")
    if env:
        return Path(env)
    import platformdirs

    return Path(platformdirs.user_data_dir("tabletop", appauthor=False))


def atomic_write_json(path: Path, data: Any) -> None:
    """Write JSON so that the file is either the old or the new content, never half of one."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            json.dump(data, handle, separators=(",", ":"))
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def set_aside(path: Path) -> Path:
    """Rename an unreadable file out of the way (kept for the user, never deleted)."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.stem}.corrupt-{stamp}{path.suffix}")
    n = 1
    while target.exists():
        target = path.with_name(f"{path.stem}.corrupt-{stamp}-{n}{path.suffix}")
        n += 1
    os.replace(path, target)
    return target


def read_json(path: Path, max_bytes: int = MAX_SAVE_BYTES) -> Any:
    """Read a JSON file; raise StateError with a plain reason."""
    try:
        size = path.stat().st_size
    except OSError as exc:
        raise StateError(f"cannot read {path.name}: {exc.strerror or exc}") from None
    if size > max_bytes:
        raise StateError(f"{path.name} is {size:,} bytes, larger than any save can be")
    if size == 0:
        raise StateError(f"{path.name} is empty")
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except UnicodeDecodeError:
        raise StateError(f"{path.name} is not text") from None
    except json.JSONDecodeError as exc:
        raise StateError(f"{path.name} is damaged (line {exc.lineno}, column {exc.colno}: {exc.msg})") from None
    except OSError as exc:
        raise StateError(f"cannot read {path.name}: {exc.strerror or exc}") from None


@dataclass
class LoadedSave:
    session: Session | None
    message: str = ""


class SaveSlot:
    """The one autosave slot the "Continue" button resumes."""

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = folder or data_dir()
        self.path = self.folder / AUTOSAVE_NAME
        self.disabled_reason = ""

    def clean_stale_temps(self) -> None:
        """Remove temp files left by a write that was killed half-way (the save itself is whole)."""
        for tmp in self.folder.glob(f"{AUTOSAVE_NAME}.*.tmp"):
            try:
                tmp.unlink()
            except OSError:
                pass

    def exists(self) -> bool:
        return self.path.is_file()

    def write(self, session: Session) -> bool:
        """Autosave; on an unwritable folder remember why (the app says saving is off)."""
        try:
            atomic_write_json(self.path, session.record())
            self.disabled_reason = ""
            return True
        except OSError as exc:
            self.disabled_reason = f"saving is off: {self.folder} is not writable ({exc.strerror or exc})"
            return False

    def clear(self) -> None:
        try:
            self.path.unlink()
        except OSError:
            pass

    def peek(self) -> dict[str, Any] | None:
        """The save's header (game, meta) for the menu, or None if absent/unreadable."""
        if not self.exists():
            return None
        try:
            data = read_json(self.path)
        except StateError:
            return None
        return data if isinstance(data, dict) else None

    def load(self, games: dict | None = None) -> LoadedSave:
        """Restore the saved game. A bad file is set aside and the message says what happened."""
        if games is None:
            from tabletop.games import all_games

            games = all_games()
        self.clean_stale_temps()
        if not self.exists():
            return LoadedSave(None, "There is no saved game.")
        try:
            data = read_json(self.path)
            if not isinstance(data, dict):
                raise StateError("the save is not a game record")
            spec = games.get(data.get("game"))  # type: ignore[arg-type]
            if spec is None:
                raise StateError(f"the save is of an unknown game {data.get('game')!r}")
            try:
                session = Session.from_record(spec, data)
            except RecordError as exc:  # keep what is good: the position before the bad move
                aside = set_aside(self.path)
                return LoadedSave(exc.session, f"The saved game has a bad move: {exc}. It resumes at the "
                                               f"position before it; the file was kept as {aside.name}.")
            return LoadedSave(session)
        except StateError as exc:
            aside = set_aside(self.path)
            return LoadedSave(None, f"The saved game could not be restored: {exc}. "
                                    f"It was kept as {aside.name}.")


class Settings:
    """User settings (fullscreen, sound, language, table mode, UI scale) in settings.json."""

    DEFAULTS: dict[str, Any] = {"fullscreen": False, "sound": True, "lang": "en", "table": False,
                                "ui_scale": 1.0, "last_result": ""}

    def __init__(self, folder: Path | None = None) -> None:
        self.path = (folder or data_dir()) / "settings.json"
        self.values = dict(self.DEFAULTS)
        self.message = ""
        if self.path.is_file():
            try:
                data = read_json(self.path, 100_000)
                if not isinstance(data, dict):
                    raise StateError("settings.json is not a mapping")
                for key, default in self.DEFAULTS.items():
                    if isinstance(data.get(key), type(default)):
                        self.values[key] = data[key]
            except StateError as exc:
                aside = set_aside(self.path)
                self.message = f"Settings were reset: {exc}; the old file is {aside.name}."

    def __getitem__(self, key: str) -> Any:
        return self.values[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.values[key] = value
        try:
            atomic_write_json(self.path, self.values)
        except OSError:
            pass

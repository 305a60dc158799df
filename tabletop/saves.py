"""Autosave, settings and other small JSON files in the platformdirs data folder. No pygame.

Every write is atomic (temp file in the same folder, fsync, rename), so a crash mid-write leaves
the previous file intact. A file that cannot be read is renamed aside (``*.corrupt-<time>.json``)
with a message, never deleted; where it cannot be renamed (a read-only folder) it stays, is
ignored, and the message says so. Saves are JSON records (seed + moves), never pickle; what a
record may hold is checked by :mod:`tabletop.core.records`, the one validation layer.
"""

from __future__ import annotations

import json
import os
import re
import tempfile
import time
import weakref
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tabletop import files
from tabletop.core.errors import StateError
from tabletop.core.records import check_record
from tabletop.core.session import RecordError, Session
from tabletop.i18n import LANGUAGES, in_language, language, tr

MAX_SAVE_BYTES = 20_000_000
MAX_JSON_DEPTH = 64
"""A record nests about 8 deep; deeper is damage (or an attack on the recursion limit)."""
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
    """Rename an unreadable file out of the way (kept for the user, never deleted); raise OSError
    when it cannot be moved (use :func:`try_set_aside` to get the reason instead)."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.stem}.corrupt-{stamp}{path.suffix}")
    n = 1
    while files.exists(target):
        target = path.with_name(f"{path.stem}.corrupt-{stamp}-{n}{path.suffix}")
        n += 1
    os.replace(path, target)
    return target


def try_set_aside(path: Path) -> tuple[Path | None, str]:
    """(where the file went, "") or (None, why it could not be moved: a read-only folder)."""
    try:
        return set_aside(path), ""
    except OSError as exc:
        return None, files.os_error_text(exc)


class DamagedFile(StateError):
    """A file whose text is not the JSON it should be: ``name`` is damaged, ``detail`` is what the
    JSON reader found and where (for the end of a message, after the plain words)."""

    def __init__(self, name: str, detail: str) -> None:
        super().__init__(tr("{name} is damaged ({detail})", name=name, detail=detail))
        self.name = name
        self.detail = detail


def _json_detail(exc: json.JSONDecodeError) -> str:
    """``Unterminated string starting at line 1, column 53`` (the reader's own words end in
    'starting at' and leave the place to a suffix that ``msg`` does not hold), said in the
    language chosen: the reader's few sentences are in the catalogue."""
    what = exc.msg.removesuffix(" at")
    return tr("{what} at line {line}, column {col}", what=tr(what), line=exc.lineno, col=exc.colno)


def _refuse_constant(name: str) -> Any:
    raise ValueError(tr("{name} is not a number a save can hold", name=name))


def _too_deep(data: Any, limit: int) -> bool:
    """True when ``data`` nests deeper than ``limit`` (walked with a list, not recursion)."""
    todo = [(data, 1)]
    while todo:
        value, depth = todo.pop()
        if isinstance(value, (list, dict)):
            if depth > limit:
                return True
            todo.extend((v, depth + 1) for v in (value.values() if isinstance(value, dict) else value))
    return False


def read_json(path: Path, max_bytes: int = MAX_SAVE_BYTES) -> Any:
    """Read a JSON file; raise StateError with a plain reason (whatever the file holds or is)."""
    try:
        raw = files.read_regular(path, max_bytes)
    except files.TooBig as exc:
        raise StateError(tr("{name} is {size} bytes, larger than any save can be", name=path.name,
                            size=f"{exc.size:,}")) from None
    except files.FileProblem as exc:
        raise StateError(tr("cannot read {name}: it {why}", name=path.name, why=exc.words())) from None
    if not raw:
        raise StateError(tr("{name} is empty", name=path.name))
    try:
        data = json.loads(raw.decode("utf-8"), parse_constant=_refuse_constant)
    except UnicodeDecodeError:
        raise StateError(tr("{name} is not text", name=path.name)) from None
    except json.JSONDecodeError as exc:
        raise DamagedFile(path.name, _json_detail(exc)) from None
    except RecursionError:
        raise DamagedFile(path.name, tr("it nests too deeply")) from None
    except ValueError as exc:  # a number of thousands of digits, NaN or Infinity
        raise DamagedFile(path.name, " ".join(str(exc).split())[:100]) from None
    if _too_deep(data, MAX_JSON_DEPTH):
        raise DamagedFile(path.name, tr("it nests deeper than {n} levels", n=MAX_JSON_DEPTH))
    return data


@dataclass
class LoadedSave:
    session: Session | None
    message: str = ""


class SaveSlot:
    """One autosave file (``name`` in ``folder``): written after every move, resumed by Continue.
    Reading and checking a save happens here only (the one validation layer); :class:`SaveSlots`
    just keeps one of these per game."""

    def __init__(self, folder: Path | None = None, name: str = AUTOSAVE_NAME) -> None:
        self.folder = folder or data_dir()
        self.path = self.folder / name
        self.disabled_reason = ""
        self._reported: tuple[int, int, int] | None = None  # a bad file already told about

    def clean_stale_temps(self) -> None:
        """Remove temp files left by a write that was killed half-way (the save itself is whole)."""
        for tmp in self.folder.glob(f"{self.path.name}.*.tmp"):
            try:
                tmp.unlink()
            except OSError:
                pass

    def exists(self) -> bool:
        """Anything at the save's place (a folder or a pipe there is a bad save to set aside)."""
        return files.exists(self.path)

    def write(self, session: Session) -> bool:
        """Autosave; on an unwritable folder remember why (the app says saving is off)."""
        try:
            atomic_write_json(self.path, session.record())
            self.disabled_reason = ""
            return True
        except OSError as exc:
            self.disabled_reason = tr("Saving is off: {folder} is not writable ({why}). If the app closes, this game "
                                      "is lost.", folder=self.folder, why=files.os_error_text(exc, path=False))
            return False

    def clear(self, session: Session | None = None) -> None:
        """The game ended: its save goes (``session`` is for :class:`SaveSlots`, which finds the slot)."""
        try:
            self.path.unlink()
        except OSError:
            pass

    def modified(self) -> float:
        """When the save was last written (0 when there is none): the newest is continued first."""
        try:
            return os.lstat(self.path).st_mtime
        except OSError:
            return 0.0

    def ignored(self) -> bool:
        """A bad file already reported that could not be moved aside: it is left alone, unlisted."""
        return self._reported is not None and self._identity() == self._reported

    def _read(self, games: dict | None) -> tuple[dict[str, Any], Any]:
        """The record and its game spec, validated; raise StateError."""
        if games is None:
            from tabletop.games import all_games

            games = all_games()
        data = read_json(self.path)
        return data, check_record(data, games)

    def peek(self, games: dict | None = None) -> dict[str, Any] | None:
        """The save's header (game, meta) for the menu, or None if absent or not a valid record.
        Never changes anything (the crash tests poll it while a game writes)."""
        if not self.exists():
            return None
        try:
            return self._read(games)[0]
        except StateError:
            return None

    def check(self, games: dict | None = None) -> str:
        """Set a bad save aside when the menu opens (else the next autosave would overwrite it
        unseen); the message to show, or "" when the save is fine, absent or already reported."""
        if not self.exists():
            return ""
        try:
            self._read(games)
            return ""
        except DamagedFile as exc:
            return self._refuse(tr("The saved game cannot be continued: its file {name} is damaged.", name=exc.name),
                                detail=exc.detail)
        except StateError as exc:
            return self._refuse(tr("The saved game cannot be continued: {error}.", error=exc))

    def load(self, games: dict | None = None) -> LoadedSave:
        """Restore the saved game. A bad file is set aside and the message says what happened."""
        self.clean_stale_temps()
        if not self.exists():
            return LoadedSave(None, tr("There is no saved game."))
        try:
            data, spec = self._read(games)
            try:
                session = Session.from_record(spec, data)
            except RecordError as exc:  # keep what is good: the position before the bad move
                message = self._refuse(tr("The saved game has a bad move: {error}. It resumes at the position "
                                          "before it.", error=exc), force=True, resumed=True)
                if not self.exists():  # the bad file went aside: what is good is the save now (until
                    self.write(exc.session)  # the next move there was none: Leave said "saved", and it was not)
                return LoadedSave(exc.session, message)
            return LoadedSave(session)
        except DamagedFile as exc:
            return LoadedSave(None, self._refuse(
                tr("The saved game could not be restored: its file {name} is damaged.", name=exc.name),
                force=True, detail=exc.detail))
        except StateError as exc:
            return LoadedSave(None, self._refuse(tr("The saved game could not be restored: {error}.", error=exc),
                                                 force=True))

    def _refuse(self, first: str, force: bool = False, resumed: bool = False, detail: str = "") -> str:
        """Set the bad file aside and say where it went (the folder too); when it cannot be moved,
        leave it, ignore it from now on, and say that instead; ``detail`` (what the JSON reader
        found) comes last. Silent for a file already reported (``force``: the user asked to
        continue, so always answer)."""
        identity = self._identity()
        if not force and identity is not None and identity == self._reported:
            return ""
        after = " " + tr("Details: {detail}.", detail=detail) if detail else ""
        aside, reason = try_set_aside(self.path)
        if aside is not None:
            self._reported = None
            return first + " " + tr("It was set aside and kept as {name} in {folder}.", name=aside.name,
                                    folder=aside.parent) + after
        self._reported = identity
        if resumed:
            return first + " " + tr("It could not be moved aside ({reason}) and stays as it was.", reason=reason) + after
        return first + " " + tr("It could not be moved aside ({reason}), so it stays where it is and is ignored.",
                                reason=reason) + after

    def _identity(self) -> tuple[int, int, int] | None:
        try:
            st = os.lstat(self.path)
        except OSError:
            return None
        return (st.st_ino, st.st_mtime_ns, st.st_size)


class SaveSlots:
    """One autosave per game: ``autosave-<game>.json``. A new game of a game writes its own slot, so
    games of different games never replace each other; the menu asks before a new game of a game
    whose slot holds one in progress. A save from the one-slot versions (``autosave.json``) is taken
    over as its game's slot when that is free, else it stays listed on its own and keeps being the
    file that game writes — nothing is ever overwritten unasked.

    A session continued from a slot keeps writing to that slot (``bind``); a new one writes to its
    game's slot. Each slot reads and checks its own file (:class:`SaveSlot`)."""

    PREFIX = "autosave-"

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = folder or data_dir()
        self.disabled_reason = ""
        self._bound: weakref.WeakKeyDictionary[Session, SaveSlot] = weakref.WeakKeyDictionary()
        self._known: dict[str, SaveSlot] = {}  # one object per file: it remembers what it reported
        self._adopt_old_slot()

    def _slot(self, name: str) -> SaveSlot:
        if name not in self._known:
            self._known[name] = SaveSlot(self.folder, name)
        return self._known[name]

    def slot_for(self, game_id: str) -> SaveSlot:
        return self._slot(f"{self.PREFIX}{game_id}.json")

    @property
    def path(self) -> Path:
        """The one-slot file of older versions (still listed, continued and checked like the rest)."""
        return self.folder / AUTOSAVE_NAME

    def slots(self) -> list[SaveSlot]:
        """Every save there is, newest first: damaged ones too (continuing one sets it aside),
        but not one already reported that could not be moved (it is ignored, as it was told)."""
        found = [slot for slot in (self._slot(path.name) for path in self._files()) if not slot.ignored()]
        return sorted(found, key=lambda slot: (-slot.modified(), slot.path.name))

    def check(self, games: dict | None = None) -> str:
        """When the menu opens: every bad save is set aside (see :meth:`SaveSlot.check`); the
        messages to show, one per line, or ""."""
        notes = [slot.check(games) for slot in self.slots()]
        return "\n".join(note for note in notes if note)

    def newest(self) -> SaveSlot | None:
        found = self.slots()
        return found[0] if found else None

    def _files(self) -> list[Path]:
        if not self.folder.is_dir():
            return []
        names = [self.folder / AUTOSAVE_NAME, *sorted(self.folder.glob(f"{self.PREFIX}*.json"))]
        return [p for p in names if ".corrupt-" not in p.name and files.exists(p)]

    def _adopt_old_slot(self) -> None:
        """``autosave.json`` becomes its game's slot, when it is readable and that slot is free."""
        old = self._slot(AUTOSAVE_NAME)
        header = old.peek() if old.exists() else None
        game = header.get("game") if header else None
        if not isinstance(game, str) or not game.replace("_", "").isalnum():
            return
        target = self.slot_for(game)
        if not target.exists():
            try:
                os.replace(old.path, target.path)
            except OSError:
                pass  # a read-only folder: the old slot stays listed as it is

    # -- what a game scene calls ---------------------------------------------------------------------
    def bind(self, session: Session, slot: SaveSlot) -> None:
        """``session`` was continued from ``slot``: its moves go on being saved there."""
        self._bound[session] = slot

    def slot_of(self, session: Session) -> SaveSlot:
        return self._bound.get(session) or self.slot_for(session.spec.id)

    def write(self, session: Session) -> bool:
        slot = self.slot_of(session)
        ok = slot.write(session)
        self.disabled_reason = slot.disabled_reason
        return ok

    def clear(self, session: Session | None = None) -> None:
        if session is not None:
            self.slot_of(session).clear()
            self._bound.pop(session, None)

    def load(self, slot: SaveSlot, games: dict | None = None) -> LoadedSave:
        """Continue ``slot`` (its own checks; a bad file is set aside); the session stays bound to it."""
        loaded = slot.load(games)
        if loaded.session is not None:
            self.bind(loaded.session, slot)
        return loaded


def saved_language() -> str | None:
    """The language settings.json keeps, read without changing anything (the command line's
    messages follow it; a missing or broken file is the app's to report, not the command line's)."""
    try:
        data = read_json(data_dir() / "settings.json", 100_000)
    except StateError:
        return None
    lang = data.get("lang") if isinstance(data, dict) else None
    return lang if isinstance(lang, str) else None


_LANG_SETTING = re.compile(rb'"lang"\s*:\s*"([a-z]+)"')


def _language_in(path: Path) -> str | None:
    """The language a settings file names, found in its text even when the file is no longer
    JSON (cut short, edited by hand); None when it names none of ours or cannot be read."""
    try:
        found = _LANG_SETTING.findall(files.read_regular(path, 100_000))
    except (files.FileProblem, OSError):
        return None
    lang = found[-1].decode() if found else None  # the last one: what json.loads would have kept
    return lang if lang in LANGUAGES else None


class Settings:
    """User settings (fullscreen, sound, language, table mode, UI scale) in settings.json, and what
    the menu remembers: ``menu_game`` (the game last chosen) and ``menu`` (game id → that game's
    last choices, checked against the game by the menu when it reads them back)."""

    DEFAULTS: dict[str, Any] = {"fullscreen": False, "sound": True, "lang": "en", "table": False,
                                "ui_scale": 1.0, "last_result": "", "last_results": {},
                                "fast_play": False, "computer_pace": "normal", "auto_forced": True,
                                "menu_game": "", "menu": {}}

    def __init__(self, folder: Path | None = None, lang: str | None = None) -> None:
        """``lang``: the language the command line chose (``--lang``). A damaged file is reported
        in it, else in the language the file still names (read first, from its text, and kept),
        so a Russian user is not told in English before the app turns Russian."""
        self.path = (folder or data_dir()) / "settings.json"
        self.values = {k: dict(v) if isinstance(v, dict) else v for k, v in self.DEFAULTS.items()}  # no shared dicts
        self.message = ""
        self.unsaved: OSError | None = None  # why the last change could not be written (the settings card says)
        if not files.exists(self.path):
            return
        named = _language_in(self.path)
        with in_language(lang if lang in LANGUAGES else named or language()):
            try:
                data = read_json(self.path, 100_000)
                if not isinstance(data, dict):
                    raise StateError(tr("settings.json is not a mapping"))
                for key, default in self.DEFAULTS.items():
                    if isinstance(data.get(key), type(default)):
                        self.values[key] = data[key]
            except StateError as exc:
                aside, reason = try_set_aside(self.path)
                if named:  # kept, and written to a fresh file (never over one left in place) for the next start
                    self.values["lang"] = named
                    if aside:
                        self["lang"] = named
                kept = tr("the old file is {name}", name=aside.name) if aside else \
                    tr("the old file could not be moved ({reason})", reason=reason)
                self.message = tr("Settings were reset: {error}; {kept}.", error=exc, kept=kept)

    def __getitem__(self, key: str) -> Any:
        return self.values[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.values[key] = value
        try:
            atomic_write_json(self.path, self.values)
            self.unsaved = None
        except OSError as exc:  # the change holds until the app closes
            self.unsaved = exc

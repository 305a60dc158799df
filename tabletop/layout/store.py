"""Where board files come from: ``--boards DIR`` first, then the user's boards folder, then the
built-in boards shipped in the package. A user edits copies (``tabletop boards export DIR``); a
file of the same name in an override folder replaces the built-in one.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from tabletop import PACKAGE_DIR, files
from tabletop.layout.yamlsrc import LayoutErrors, LayoutIssue, SourceDoc, load_yaml

BUILTIN_BOARDS = PACKAGE_DIR / "boards"

T = TypeVar("T")


def default_user_dir() -> Path:
    """The platformdirs config folder's ``boards`` (created only when exporting)."""
    import platformdirs

    return Path(platformdirs.user_config_dir("tabletop", appauthor=False)) / "boards"


class BoardStore:
    """Resolves a board name like ``plakoto.yaml`` or ``captain_flip/A.yaml`` to a file and loads it."""

    def __init__(self, overrides: list[Path] | None = None, builtin: Path = BUILTIN_BOARDS) -> None:
        self.overrides = [Path(p) for p in (overrides or [])]
        self.builtin = builtin

    @classmethod
    def default(cls, boards_dir: str | os.PathLike[str] | None = None) -> BoardStore:
        dirs = [Path(boards_dir)] if boards_dir else []
        env = os.environ.get("TABLETOP_BOARDS")
        if env:
            dirs.append(Path(env))
        dirs.append(default_user_dir())
        return cls(dirs)

    def _safe(self, name: str) -> str:
        """Board names are relative paths inside a boards folder; nothing may climb out."""
        parts = Path(name).parts
        if (not parts or Path(name).is_absolute() or any(p in ("..", "") for p in parts)
                or "\0" in name or "\\" in name):
            raise LayoutErrors([LayoutIssue(name, 1, 1, "", "not a board name inside a boards folder")])
        return name

    def path(self, name: str) -> Path:
        """The file that provides ``name`` (an override if one exists).

        Anything at the override's place counts, not only a regular file: a folder, a pipe or a
        broken symlink named ``plakoto.yaml`` is the user's file and must be reported as unreadable,
        never silently replaced by the built-in board."""
        name = self._safe(name)
        for folder in self.overrides:
            candidate = folder / name
            if files.exists(candidate):
                return candidate
        return self.builtin / name

    def shown_name(self, path: Path) -> str:
        """How a file is named in errors: ``boards/x.yaml`` for built-ins, else its full path."""
        try:
            return "boards/" + path.relative_to(self.builtin).as_posix()
        except ValueError:
            return str(path)

    def read(self, name: str) -> SourceDoc:
        path = self.path(name)
        if not files.exists(path):
            raise LayoutErrors([LayoutIssue(self.shown_name(path), 1, 1, "", "the board file does not exist")])
        return load_yaml(path, self.shown_name(path))

    def load(self, name: str, build: Callable[[SourceDoc], T]) -> T:
        """Read ``name`` and build the game's layout from it; raise LayoutErrors with every issue."""
        return build(self.read(name))

    def names(self, folder: str = "") -> list[str]:
        """Every board name available under ``folder`` (built-in and overrides)."""
        found: set[str] = set()
        for base in [self.builtin, *self.overrides]:
            root = base / folder if folder else base
            if root.is_dir():
                for path in root.glob("*.yaml"):
                    found.add(path.relative_to(base).as_posix())
        return sorted(found)

    def mtime(self, name: str) -> float:
        try:
            return self.path(name).stat().st_mtime
        except (OSError, LayoutErrors):
            return 0.0

    def export(self, target: Path) -> list[Path]:
        """Copy every built-in board into ``target`` for editing; existing files are kept."""
        written: list[Path] = []
        for source in sorted(self.builtin.rglob("*.yaml")):
            dest = target / source.relative_to(self.builtin)
            if dest.exists():
                continue
            dest.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, dest)
            written.append(dest)
        return written


"""``tabletop check-boards``: validate board files, print every problem as file:line:col, exit 2
if there is any. Without FILES it checks every board each game uses (overrides included); a
folder named stands for every ``*.yaml`` file below it, each checked as if named.

A file is checked the way every game setting that reads it would read it: once per variant whose
layout includes it (a Trap the Cap board must also hold a centre for the golden cap game), and a
game is dealt on it for every player count that variant allows, so a board that passes here cannot
fail later when a game starts. Whatever a file is (a folder, a pipe, a broken link), the answer is
a line, never "fine" and never a traceback.
"""

from __future__ import annotations

import sys
from pathlib import Path

from tabletop import files
from tabletop.core import Setup, TabletopError
from tabletop.core.spec import GameSpec
from tabletop.games import all_games
from tabletop.i18n import plural, tr
from tabletop.layout import BoardStore, LayoutErrors, SourceDoc


class _ReadOnce(BoardStore):
    """A store that parses each file once per check: a board read by six variants is still one
    parse (the answer, a document or its errors, is the same every time)."""

    def __init__(self, overrides: list[Path] | None = None) -> None:
        super().__init__(overrides)
        self._read: dict[str, SourceDoc | LayoutErrors] = {}

    def read(self, name: str) -> SourceDoc:
        if name not in self._read:
            try:
                self._read[name] = super().read(name)
            except LayoutErrors as exc:
                self._read[name] = exc
        found = self._read[name]
        if isinstance(found, LayoutErrors):
            raise LayoutErrors(found.issues)
        return found


def _owner(path: Path) -> tuple[GameSpec | None, str | None]:
    """The game whose board file this is: by file name, or by its folder (captain_flip/F.yaml)."""
    for spec in all_games().values():
        for name in spec.board_files:
            if path.name == Path(name).name and "/" not in name:
                return spec, name
        folder = spec.extra.get("board_folder")
        if folder and path.parent.name == folder:
            return spec, f"{folder}/{path.name}"
    return None, None


def readers(spec: GameSpec, name: str, store: BoardStore) -> list[str]:
    """The variants whose layout reads board ``name``."""
    files_of = spec.extra.get("layout_files")
    found = []
    for variant in spec.all_variants(store):
        names = files_of(variant.id) if files_of else spec.board_files
        if name in names:
            found.append(variant.id)
    return found


def _player_counts(spec: GameSpec, variant: str) -> list[int]:
    allowed = spec.extra.get("players_for_variant")
    counts = range(spec.min_players, spec.max_players + 1)
    return [n for n in counts if not allowed or n in allowed(variant)]


def check_variant(spec: GameSpec, store: BoardStore, variant: str) -> list[str]:
    """Every problem of ``variant``'s layout, then of dealing a game on it (empty when fine)."""
    try:
        layout = spec.load_layout(store, variant)
    except LayoutErrors as exc:
        return exc.lines()
    problems = []
    shown = ", ".join(store.shown_name(store.path(n)) for n in _files(spec, variant))
    for players in _player_counts(spec, variant):
        try:
            options = spec.parse_options(variant, {}, store)
            spec.new_state(Setup(players, variant, options, layout))
        except TabletopError as exc:
            problems.append(tr("{file}:1:1: {game} variant {variant} with {n} players: {error}", file=shown, game=spec.id,
                               variant=repr(variant), n=players, error=exc))
        except Exception as exc:  # noqa: BLE001 - a board that passed the checks must still not crash a game
            problems.append(tr("{file}:1:1: {game} variant {variant} with {n} players cannot be dealt: {error}",
                               file=shown, game=spec.id, variant=repr(variant), n=players,
                               error=f"{type(exc).__name__}: {exc}"))
    return problems


def _files(spec: GameSpec, variant: str) -> list[str]:
    files_of = spec.extra.get("layout_files")
    return list(files_of(variant) if files_of else spec.board_files)


def _check_file(text: str) -> tuple[list[str], int]:
    """(problems, variants checked) for one file named on the command line."""
    path = Path(text)
    if not files.exists(path):
        return [tr("{file}:1:1: there is no such file", file=text)], 0
    spec, name = _owner(path)
    if (spec is None or name is None) and path.is_dir():
        return [tr("{file}:1:1: is a folder with no board files (*.yaml) in it", file=text)], 0
    if spec is None or name is None:
        return [tr("{file}:1:1: not a board file of any game (name it like the built-in files)", file=text)], 0
    # the file's folder becomes an override folder, so the game loads exactly this file
    store = _ReadOnce([path.parent.parent if "/" in name else path.parent])
    problems: list[str] = []
    variants = readers(spec, name, store)
    for variant in variants:
        problems += [line for line in check_variant(spec, store, variant) if line not in problems]
    return problems, len(variants)


def _expand_folders(given: list[str]) -> list[str]:
    """The files named, a folder (such as a ``--boards`` folder) standing for every ``*.yaml``
    below it; a folder with none stays itself, to be reported."""
    found: list[str] = []
    for text in given:
        path = Path(text)
        inside = sorted(p for p in path.rglob("*.yaml") if not p.is_dir()) if path.is_dir() else []
        found += [str(p) for p in inside] or [text]
    return found


def check_boards(files_given: list[str], boards_dir: str | None = None) -> int:
    problems: list[str] = []
    checked = 0
    if files_given:
        for text in _expand_folders(files_given):
            found, variants = _check_file(text)
            problems += found
            checked += bool(variants) and not found
    else:
        store = _ReadOnce.default(boards_dir)
        for spec in all_games().values():
            for variant in spec.all_variants(store):
                found = check_variant(spec, store, variant.id)
                problems.extend(line for line in found if line not in problems)
                checked += not found
    for line in problems:
        print(line, file=sys.stderr)
    if problems:
        print(plural(len(problems), tr("{n} problem found", n=len(problems)), tr("{n} problems found (2–4)", n=len(problems)),
                     tr("{n} problems found", n=len(problems))), file=sys.stderr)
        return 2
    print(tr("all boards are fine ({n} checked)", n=checked))
    return 0

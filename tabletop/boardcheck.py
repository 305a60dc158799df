"""``tabletop check-boards``: validate board files, print every problem as file:line:col, exit 2
if there is any. Without FILES it checks every board each game uses (overrides included)."""

from __future__ import annotations

import sys
from pathlib import Path

from tabletop.games import all_games
from tabletop.layout import BoardStore, LayoutErrors


def _owner(path: Path):
    """The game whose board file this is: by file name, or by its folder (captain_flip/F.yaml)."""
    for spec in all_games().values():
        for name in spec.board_files:
            if path.name == Path(name).name and "/" not in name:
                return spec, name
        folder = spec.extra.get("board_folder")
        if folder and path.parent.name == folder:
            return spec, f"{folder}/{path.name}"
    return None, None


def check_boards(files: list[str], boards_dir: str | None = None) -> int:
    problems: list[str] = []
    checked = 0
    if files:
        for text in files:
            path = Path(text)
            spec, name = _owner(path)
            if spec is None:
                problems.append(f"{text}:1:1: not a board file of any game (name it like the built-in files)")
                continue
            try:
                # the file's folder becomes an override folder, so the game loads exactly this file
                store = BoardStore([path.parent.parent if "/" in name else path.parent])
                variants = {v.id for v in spec.all_variants(store)}
                spec.load_layout(store, path.stem if path.stem in variants else spec.default_variant)
                checked += 1
            except LayoutErrors as exc:
                problems.extend(exc.lines())
    else:
        store = BoardStore.default(boards_dir)
        for spec in all_games().values():
            for variant in spec.all_variants(store):
                try:
                    spec.load_layout(store, variant.id)
                    checked += 1
                except LayoutErrors as exc:
                    problems.extend(line for line in exc.lines() if line not in problems)
    for line in problems:
        print(line, file=sys.stderr)
    if problems:
        print(f"{len(problems)} problem(s) found", file=sys.stderr)
        return 2
    print(f"all boards are fine ({checked} checked)")
    return 0

"""The walls between layers: the rules core, layouts, AI and every game's rules/AI/layout modules
never import pygame (they run in workers, tests and tools without a display)."""

import re
import subprocess
import sys
from pathlib import Path

import tabletop

PKG = Path(tabletop.__file__).resolve().parent
PURE = ["core", "layout", "ai"]
PURE_GAME_FILES = ["rules.py", "ai.py", "layout.py", "__init__.py"]
IMPORT = re.compile(r"^\s*(import pygame|from pygame)", re.MULTILINE)


def _pure_files():
    for folder in PURE:
        yield from (PKG / folder).rglob("*.py")
    for game in (PKG / "games").iterdir():
        if game.is_dir():
            for name in PURE_GAME_FILES:
                if (game / name).is_file():
                    yield game / name
    for name in ["launch.py", "saves.py", "simulate.py", "boardcheck.py"]:
        yield PKG / name


def test_no_pure_file_imports_pygame():
    offenders = [str(p.relative_to(PKG)) for p in _pure_files() if IMPORT.search(p.read_text(encoding="utf-8"))]
    assert offenders == []


def test_importing_every_game_leaves_pygame_unloaded():
    code = ("import sys; from tabletop.games import all_games; from tabletop.simulate import simulate;"
            "import tabletop.launch, tabletop.saves;"
            "import importlib.util as u;"
            "[__import__(f'tabletop.games.{g}.ai') for g in all_games() if u.find_spec(f'tabletop.games.{g}.ai')];"
            "print('pygame' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"

"""Collect every key the program looks up with ``tr``: literal keys from the source, and the
dynamic ones (game titles, variant and option labels, option values, levels, colour names)."""

from __future__ import annotations

import ast
from pathlib import Path

import tabletop
from tabletop.games import all_games
from tabletop.layout import BoardStore
from tabletop.ui.menu import STEP_HELP, TAGLINES
from tabletop.ui.settings import HELP as SETTINGS_HELP
from tabletop.ui.theme import PLAYER_STYLES

PKG = Path(tabletop.__file__).resolve().parent


def literal_keys(folder: Path = PKG) -> dict[str, str]:
    """key → first place it is used (file:line), for every ``tr("...")`` in the package."""
    keys: dict[str, str] = {}
    for path in sorted(folder.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "tr"
                    and node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
                keys.setdefault(node.args[0].value, f"{path.relative_to(PKG)}:{node.lineno}")
    return keys


def board_message_keys(folder: Path = PKG) -> dict[str, str]:
    """key → place, for every board-file message template: ``Phrase("...")``, a checker's
    ``.error(path, "...")`` and a ``LayoutIssue(file, line, column, where, "...")`` (the app and
    ``tabletop check-boards`` say them in the language chosen)."""
    keys: dict[str, str] = {}
    for path in sorted(folder.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            name = node.func.id if isinstance(node.func, ast.Name) else \
                node.func.attr if isinstance(node.func, ast.Attribute) else ""
            index = {"Phrase": 0, "error": 1, "LayoutIssue": 4}.get(name)
            if (index is not None and len(node.args) > index and isinstance(node.args[index], ast.Constant)
                    and isinstance(node.args[index].value, str)):
                keys.setdefault(node.args[index].value, f"{path.relative_to(PKG)}:{node.lineno}")
    return keys


def dynamic_keys() -> dict[str, str]:
    keys: dict[str, str] = {}
    store = BoardStore([])
    for spec in all_games().values():
        keys.setdefault(spec.title, f"{spec.id}: title")
        for v in spec.all_variants(store):
            keys.setdefault(v.label, f"{spec.id}: variant {v.id}")
            if v.help:
                keys.setdefault(v.help, f"{spec.id}: variant {v.id} help")
        for o in spec.options:
            keys.setdefault(o.label, f"{spec.id}: option {o.key}")
            if o.help:
                keys.setdefault(o.help, f"{spec.id}: option {o.key} help")
            for c in o.choices:
                keys.setdefault(c, f"{spec.id}: option {o.key} value")
        for level in spec.agent_levels:
            keys.setdefault(level, "agent level")
    for text in TAGLINES.values():
        keys.setdefault(text, "menu tagline")
    for pair in STEP_HELP.values():
        for text in pair:
            keys.setdefault(text, "menu row help")
    for text in SETTINGS_HELP.values():
        keys.setdefault(text, "settings help")
    for name in PLAYER_STYLES:
        keys.setdefault(name, "colour name")
    return keys

"""The game registry: every subpackage of ``tabletop.games`` that defines ``GAME`` is a game.

Adding a game means adding ``tabletop/games/<id>/`` (``__init__.py`` with ``GAME``, ``rules.py``,
``ai.py``, ``scene.py``) and its board file; nothing here changes.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache

from tabletop.core.spec import GameSpec, OptionError
from tabletop.i18n import tr


@cache
def all_games() -> dict[str, GameSpec]:
    """Every registered game by id, in a stable order."""
    games: dict[str, GameSpec] = {}
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda i: i.name):
        if not info.ispkg:
            continue
        module = importlib.import_module(f"{__name__}.{info.name}")
        spec = getattr(module, "GAME", None)
        if isinstance(spec, GameSpec):
            games[spec.id] = spec
    return dict(sorted(games.items(), key=lambda kv: _ORDER.get(kv[0], 99)))


_ORDER = {"trap_the_cap": 0, "captain_flip": 1, "chicken_chase": 2, "plakoto": 3}


def get_game(game_id: str) -> GameSpec:
    games = all_games()
    if game_id not in games:
        raise OptionError(tr("unknown game {name}; the games are: {games}", name=repr(game_id), games=", ".join(games)))
    return games[game_id]

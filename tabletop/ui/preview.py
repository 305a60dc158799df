"""Pictures of a game's board for the menu, drawn by the game's own scene code from its board file.

The menu asks for the board its choices would deal (variant, player count, options); the game's
scene class draws it (``GameScene.draw_preview``) from the layout freshly read from the file and
the first position the rules deal, so an edited board file shows its real look, a user's Captain
Flip board F included, and Chicken Chase's blocked fields or Trap the Cap's unused corners match
the chosen player count. Pictures are cached per choice, size, language and the files' times.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any

import pygame

from tabletop.core.errors import TabletopError
from tabletop.core.spec import GameSpec, Setup
from tabletop.i18n import language, tr
from tabletop.layout import BoardStore, LayoutErrors
from tabletop.ui import theme

CACHE_SIZE = 12


def board_files(spec: GameSpec, variant: str) -> list[str]:
    """The board files a variant reads (the frame watches the same list while playing)."""
    extra = spec.extra.get("layout_files")
    files = list(extra(variant)) if extra else list(spec.board_files)
    return list(dict.fromkeys(files))


def scene_class(spec: GameSpec) -> Any:
    """The game's scene class, imported by name (only the UI imports scenes)."""
    module_name, _, class_name = spec.scene.partition(":")
    return getattr(importlib.import_module(module_name), class_name)


@dataclass
class Preview:
    """A picture of the board, or the reason there is none (a broken board file, bad options)."""

    picture: pygame.Surface | None
    problem: list[str]


class BoardPreviews:
    """The menu's board pictures, made on demand and kept for the last few choices."""

    def __init__(self, store: BoardStore) -> None:
        self.store = store
        self._cache: dict[tuple, Preview] = {}
        self._layouts: dict[tuple, Any] = {}  # (game, variant, file times) → layout: reading YAML is slow

    def stamp(self, spec: GameSpec, variant: str) -> tuple[float, ...]:
        """The modification times of the variant's files: an edit makes a new picture."""
        return tuple(self.store.mtime(name) for name in board_files(spec, variant))

    def get(self, spec: GameSpec, variant: str, players: int, options: dict[str, str],
            size: tuple[int, int], text_size: int, start: tuple[str, Any] | None = None) -> Preview:
        """``start``: ``(its notation, state)`` of a position to draw instead of the first one the
        rules deal (a game typed with ``--position``, while the menu asks about the saved one)."""
        key = (spec.id, variant, players, tuple(sorted(options.items())), size, text_size, language(),
               self.stamp(spec, variant), start[0] if start else None)
        found = self._cache.get(key)
        if found is None:
            found = self._make(spec, variant, players, options, size, text_size, start[1] if start else None)
            if len(self._cache) >= CACHE_SIZE:
                self._cache.pop(next(iter(self._cache)))
            self._cache[key] = found
        return found

    def layout(self, spec: GameSpec, variant: str) -> Any:
        """The variant's layout, read again only when one of its files changed (raises LayoutErrors)."""
        key = (spec.id, variant, self.stamp(spec, variant))
        if key not in self._layouts:
            if len(self._layouts) >= CACHE_SIZE:
                self._layouts.pop(next(iter(self._layouts)))
            self._layouts[key] = spec.load_layout(self.store, variant)
        return self._layouts[key]

    def _make(self, spec: GameSpec, variant: str, players: int, options: dict[str, str],
              size: tuple[int, int], text_size: int, start: Any = None) -> Preview:
        try:
            layout = self.layout(spec, variant)
            if start is None:
                parsed = spec.parse_options(variant, options, self.store)
                state = spec.new_state(Setup(players, variant, parsed, layout, 0))
            else:
                state = start
        except LayoutErrors as exc:
            return Preview(None, [tr("The board file has errors"), *exc.lines()])
        except TabletopError as exc:
            return Preview(None, [str(exc)])
        except Exception as exc:  # a broken game module must not take the menu down
            return Preview(None, [tr("{game} could not be opened: {error}", game=tr(spec.title), error=repr(exc))])
        picture = pygame.Surface(size)
        picture.fill(theme.TABLE)
        try:
            drawn = scene_class(spec).draw_preview(picture, picture.get_rect(), layout, state, text_size)
        except Exception as exc:  # the same: a drawing bug shows as text, the menu goes on
            return Preview(None, [tr("{game} could not be opened: {error}", game=tr(spec.title), error=repr(exc))])
        return Preview(picture if drawn else None, [])

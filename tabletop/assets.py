"""Sprites from ``sprites/``: SVG rasterised at the size asked for (crisp at any scale) or PNG,
cached per size. A missing or broken file gives None and one logged warning; callers draw a plain
fallback shape instead (never a crash)."""

from __future__ import annotations

import logging
import re
from functools import lru_cache
from pathlib import Path

import pygame

from tabletop import PACKAGE_DIR

log = logging.getLogger(__name__)
SPRITES_DIR = PACKAGE_DIR / "sprites"
_warned: set[str] = set()


_PART = re.compile(r"^[A-Za-z0-9_][A-Za-z0-9_\-]{0,63}$")
"""One part of a sprite name (``captain_flip/cf_cook``): the code supplies the folder, a board or
a save only the bare name, and neither may climb out of ``sprites/`` (no ``..``, no absolute path)."""


def _find(name: str) -> Path | None:
    parts = name.split("/")
    if not 1 <= len(parts) <= 2 or not all(_PART.match(part) for part in parts):
        return None
    root = SPRITES_DIR.resolve()
    for ext in (".svg", ".png"):
        path = SPRITES_DIR.joinpath(*parts[:-1], parts[-1] + ext)
        # a symlink inside sprites/ could still point away: only what resolves inside is used
        if path.is_file() and path.resolve().is_relative_to(root):
            return path
    return None


@lru_cache(maxsize=1024)
def sprite(name: str, width: int, height: int) -> pygame.Surface | None:
    """The sprite ``name`` at exactly ``width × height`` pixels, or None if it cannot be had."""
    width, height = max(1, width), max(1, height)
    path = _find(name)
    if path is None:
        if name not in _warned:
            _warned.add(name)
            log.warning("missing sprite %r (drawing a plain shape instead)", name[:80])
        return None
    try:
        if path.suffix == ".svg":
            image = pygame.image.load_sized_svg(str(path), (width, height))
        else:
            image = pygame.transform.smoothscale(pygame.image.load(str(path)), (width, height))
        return image.convert_alpha() if pygame.display.get_surface() is not None else image
    except (pygame.error, OSError, ValueError) as exc:
        if name not in _warned:
            _warned.add(name)
            log.warning("cannot load sprite %s: %s", path, exc)
        return None

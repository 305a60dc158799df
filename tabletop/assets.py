"""Sprites from ``sprites/``: SVG rasterised at the size asked for (crisp at any scale) or PNG,
cached per size. A missing or broken file gives None and one logged warning; callers draw a plain
fallback shape instead (never a crash)."""

from __future__ import annotations

import logging
from functools import lru_cache
from pathlib import Path

import pygame

from tabletop import PACKAGE_DIR

log = logging.getLogger(__name__)
SPRITES_DIR = PACKAGE_DIR / "sprites"
_warned: set[str] = set()


def _find(name: str) -> Path | None:
    for ext in (".svg", ".png"):
        path = SPRITES_DIR / f"{name}{ext}"
        if path.is_file():
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
            log.warning("missing sprite %s (drawing a plain shape instead)", name)
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

"""tabletop: four dice/board games on one computer.

The package is split by job: ``core`` (the game-independent rules protocol), ``layout`` (YAML
boards), ``games/<id>`` (one game each: rules, AI, scene), ``ai`` (generic agents), ``ui`` and
``app`` (pygame). Only ``ui``, ``app`` and the ``games/*/scene.py`` modules may import pygame.
"""

import os
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # before anything imports pygame
# before anything imports numpy (Plakoto's hard player): its matrices are small, so threads of the
# matrix library cost more than they gain, beside the window's thread or in simulate's processes
# (a user's own setting wins)
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

__version__ = "0.1.0"

PACKAGE_DIR = Path(__file__).resolve().parent
"""Where the package lives; ``boards``, ``sprites`` and ``sounds`` sit inside it."""

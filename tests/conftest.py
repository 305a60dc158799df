"""Shared test set-up: headless SDL, the shared rules cases copied into tests/cases."""

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# the command line reads the settings' language: a test never reads (or writes) the person's own data
os.environ.setdefault("TABLETOP_DATA", tempfile.mkdtemp(prefix="tabletop-tests-"))

sys.path.insert(0, str(Path(__file__).parent))

CASES = Path(__file__).parent / "cases"

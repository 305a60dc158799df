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


import pytest  # noqa: E402  (after the environment above, which pygame reads when first imported)

from tabletop.i18n import set_language  # noqa: E402


@pytest.fixture(autouse=True)
def _english_for_every_test():
    """Every test starts and ends in English: a test that opens a Russian app and does not set the
    language back would turn the next test in its process Russian, and pytest-xdist orders the
    tests differently on each run, so such a leak failed at random."""
    set_language("en")
    yield
    set_language("en")

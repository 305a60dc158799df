"""Plakoto as a new player met it (a review in a real window, English and Russian): the words of
the log's heading, the single game's end card, the board's buttons once the game is over, and
How to play naming an option as the menu does."""

from __future__ import annotations

from pathlib import Path

import pytest

import tabletop
from tabletop.i18n import in_language, tr

GAME_DIR = Path(tabletop.__file__).resolve().parent / "games" / "plakoto"


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_how_to_play_quotes_the_option_as_the_menu_names_it(lang):
    """Italics are shown plain (the font has none), so "(при правиле Зафиксированная фишка в доме:
    только занимает зафиксированная фишка этому не мешает)" ran the option's name into the
    sentence: the name goes in quotes."""
    path = GAME_DIR / ("summary.md" if lang == "en" else f"summary.{lang}.md")
    text = " ".join(path.read_text(encoding="utf-8").split())
    with in_language(lang):
        name = f"{tr('Pinned home checker')}: {tr('occupies')}"
    quoted = f"“{name}”" if lang == "en" else f"«{name}»"
    assert quoted in text, name


def test_russian_says_pin_with_one_verb_throughout():
    """The rules, the log and the review say "зафиксировать" (the catalogue's own glossary), but
    the board's mark read "Зажата!", the card "зажата мать", a way "по пути зажимает": a new
    player met two words for one rule."""
    with in_language("ru"):
        said = [tr("Pinned!"), tr("mother pinned"), tr("{route}, pins on {points} on the way"),
                tr("{route}, no pin on the way")]
    assert not [s for s in said if "зажа" in s.lower() or "зажим" in s.lower()], said
    assert "фиксир" in said[0] and "материнская фишка" in said[1], said

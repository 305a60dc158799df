"""The How to play texts (every game's summary.md and summary.ru.md): their headings are set alike.

The rule: a paragraph (the lines after a blank line, the title and list items aside) that opens
with a bold run opens with a heading, whether text follows it on its line or a list below it.
Every such heading ends, inside its bold run, in "." or ":", the same mark in every heading of a
file and in both languages of a game. Why: Captain Flip's card read "**Ваш ход** 1. Из мешочка…"
and "**Персонажи**" with no colon beside "**Цель:**" and "**Конец игры:**", and Plakoto's
"**Bearing off** starts…" was the one bold paragraph opening that was no heading."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import tabletop

GAMES = Path(tabletop.__file__).resolve().parent / "games"
SUMMARIES = sorted(GAMES.glob("*/summary*.md"))
OPENING = re.compile(r"\*\*(.+?)\*\*")


def headings(text: str) -> list[str]:
    """The bold runs that open a paragraph of ``text`` (the title and list items aside)."""
    found, before = [], ""
    for line in text.splitlines():
        line = line.strip()
        starts = not before or before.startswith("#")
        if line and starts and not line.startswith(("#", "- ", "* ")) and not re.match(r"\d+\.\s", line):
            match = OPENING.match(line)
            if match:
                found.append(match.group(1))
        before = line
    return found


def test_every_game_has_summaries_with_headings():
    assert {p.parent.name for p in SUMMARIES} >= {"captain_flip", "chicken_chase", "plakoto", "trap_the_cap"}
    for path in SUMMARIES:
        assert headings(path.read_text(encoding="utf-8")), path


@pytest.mark.parametrize("path", SUMMARIES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_a_summarys_headings_all_end_in_the_same_mark(path):
    found = headings(path.read_text(encoding="utf-8"))
    marks = {h[-1] for h in found}
    assert marks <= {".", ":"}, f"headings without '.' or ':' at the end: {[h for h in found if h[-1] not in '.:']}"
    assert len(marks) == 1, f"headings end in {sorted(marks)}: {found}"


@pytest.mark.parametrize("game", sorted({p.parent.name for p in SUMMARIES}))
def test_a_games_english_and_russian_headings_end_alike(game):
    marks = {path.name: {h[-1] for h in headings(path.read_text(encoding="utf-8"))}
             for path in SUMMARIES if path.parent.name == game}
    assert len({frozenset(m) for m in marks.values()}) == 1, marks


def test_a_heading_stands_alone_on_its_line_before_a_list():
    assert headings("# T\n\n**Goal:** win.\n\n**Your turn:**\n1. Roll.\n2. **Move** it.\n\n- **A:** x") == \
        ["Goal:", "Your turn:"]


MENTIONED = {
    "captain_flip": ["**B**", "**C**", "**D**", "**E**"],  # what each board does differently
    "chicken_chase": ["Normal", "Peaceful", "Custom", "any_three"],  # option values by their ids,
    "plakoto": ["Pinned home checker", "occupies"],
    # the team options and who wins a golden cap game (the owner, by default)
    "trap_the_cap": ["Scoring", "Teams", "Golden cap winner"],
}


@pytest.mark.parametrize("lang", ("en", "ru"))
@pytest.mark.parametrize("game", sorted(MENTIONED))
def test_the_variants_and_options_the_menu_offers_are_explained(game, lang):
    """The menu offers boards A–E, Peaceful and Custom, "any three chicks", "Pinned home checker:
    only occupies"; How to play said nothing about what they change."""
    from tabletop.i18n import in_language, tr

    path = GAMES / game / ("summary.md" if lang == "en" else f"summary.{lang}.md")
    text = " ".join(path.read_text(encoding="utf-8").split())
    with in_language(lang):
        missing = [tr(words) for words in MENTIONED[game] if tr(words) not in text]
    assert not missing, missing

"""The log shows whole entries: a wrapped entry's later lines never stand at the top of the card
without its first line (seen in a real window: '6 (зелёный луг)' alone above the newest lines,
read as a stray sentence). Only the newest entry, alone longer than the card, may show just a part:
at a table its start, cut with "…" (its end alone said what happened without who did it)."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest

from tabletop.ui import theme
from tabletop.ui.table_strip import log_rows
from tabletop.ui.text_audit import TextAudit
from tabletop.ui.widgets import LogPanel

SHORT = "Red rolls 1, 2, 4"


def _long(k: int) -> str:
    """A sentence of three or four lines, every line of it naming ``k`` (so lines are told apart)."""
    return f"On field {k} of the feed strip a card {k} is laid out (golden straw {k}), face up {k} for all {k} to see"


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    pygame.init()  # never quit here: the theme's font cache outlives this module


def _entries(n: int) -> list[str]:
    return [_long(k) if k % 2 else SHORT for k in range(n)]


@pytest.mark.parametrize("height", range(40, 140, 7))
def test_the_window_log_shows_whole_entries(height):
    log = LogPanel()
    for k, text in enumerate(_entries(9)):
        log.add(f"{k}: {text}")
    surface = pygame.Surface((260, 200))
    size = 13
    with TextAudit() as audit:
        log.draw(surface, pygame.Rect(0, 0, 260, height), size)
    drawn = [entry.text for entry in audit.entries]
    width = 260 - size - log_indent_room(size)
    for k, entry in enumerate(log.entries):
        parts = log.wrap(entry.text, size, width)
        shown = [part for part in parts if part in drawn]
        newest = k == len(log.entries) - 1
        assert shown in ([], parts) or newest, (height, parts, shown)
    assert any(log.entries[-1].text.endswith(part) or part in log.entries[-1].text for part in drawn)


def log_indent_room(size: int) -> int:
    from tabletop.ui.widgets import log_indent

    return log_indent(size) + size // 2


@pytest.mark.parametrize("n", [7, 8])  # the newest entry short (7), or three lines or more (8)
@pytest.mark.parametrize("fit", range(1, 9))
def test_the_table_strip_log_shows_whole_entries(fit, n):
    entries = [(f"{k}: {text}", theme.INK) for k, text in enumerate(_entries(n))]
    rows = log_rows(entries, 14, 200, fit)
    texts = [text for text, _ in rows]
    assert texts and len(texts) <= fit
    newest = theme.wrap(entries[-1][0], 14, 200)
    if len(newest) <= fit:  # the newest entry is always there: whole when it fits
        assert texts[-len(newest):] == newest
    else:  # else its start, who did what, cut with "…" (its end alone read as a stray sentence)
        assert texts[:-1] == newest[:fit - 1] and texts[-1].endswith("…"), texts
        assert newest[fit - 1].startswith(texts[-1][:-1]) and theme.font(14).size(texts[-1])[0] <= 200
    for text, _rgb in entries[:-1]:
        parts = theme.wrap(text, 14, 200)
        assert [p for p in parts if p in texts] in ([], parts)


PATH = "The game is kept in /work/data-b/finished/plakoto-20261202-164150.json (tabletop replay opens it)."
"""The log's last line after a match at a 4K table: the path ran out of the strip's card."""


@pytest.mark.parametrize("width", [150, 200, 260])
def test_a_log_line_too_long_for_its_box_is_cut_into_pieces_that_fit(width):
    size = 14
    rows = [text for text, _ in log_rows([(PATH, theme.INK)], size, width, 12)]
    assert all(theme.font(size).size(text)[0] <= width for text in rows), rows
    assert "".join(rows).replace(" ", "") == PATH.replace(" ", ""), "every letter of it, in order"
    log = LogPanel()
    log.add(PATH)
    window = [text for _entry, text, _first in log.rows(log.entries, size, width + log_indent_room(size))]
    assert all(theme.font(size).size(text)[0] <= width for text in window), window


def test_a_strips_one_line_log_says_who_did_it():
    """The reviewer's Captain Flip band: one line of log showed «карту сокровищ, карта сокровищ +1»."""
    text = "Жёлтый ставит жетон «Картограф» в столбец 3: берёт карту сокровищ, карта сокровищ +1"
    rows = [t for t, _ in log_rows([("Красный тянет жетон", theme.INK), (text, theme.INK)], 14, 220, 1)]
    assert len(rows) == 1 and rows[0].startswith("Жёлтый ставит") and rows[0].endswith("…"), rows
    assert theme.font(14).size(rows[0])[0] <= 220


def test_a_route_never_leaves_a_lone_number_after_its_arrow():
    """"Green plays 1 (grey stone) (action C): hen 2: Start->1" broke after the arrow, leaving "1"
    alone on the next row; a word whose last piece after "->" is a few letters goes down whole,
    while a long route still breaks after an arrow rather than inside a field's name."""
    from tabletop.ui import theme

    text = "Green plays 1 (grey stone) (action C): hen 2: Start->1"
    whole = theme.font(14).size(text)[0]
    for width in range(whole // 3, whole, 3):
        lines = theme.wrap(text, 14, width)
        assert all(line.strip() not in ("1", "->1") for line in lines), (width, lines)
        assert not any(line.endswith("Start->") for line in lines), (width, lines)
    route = "Red: Red hideout->Red–Blue 2->Red corner->Red spoke 4"
    lines = theme.wrap(route, 14, theme.font(14).size("Red: Red hideout->Red–Blue 2->")[0] + 2)
    assert lines[0].endswith("->"), lines


def test_a_sum_of_dice_stays_on_one_line():
    """Chicken Chase's log read "Blue: chick supply->feed field 6 with dice 3 +" over a lone "3"."""
    from tabletop.ui import theme

    for text in ("Blue: chick supply->feed field 6 with dice 3 + 3",
                 "Красный: цыплёнок из запаса->на поле корма 10 кубиками 5 + 5"):
        whole = theme.font(14).size(text)[0]
        for width in range(whole // 3, whole, 3):
            lines = theme.wrap(text, 14, width)
            assert not any(line.rstrip().endswith("+") or line.startswith("+") for line in lines), (width, lines)
            assert all(line.strip() not in ("3", "5") for line in lines), (width, lines)
            assert "".join(lines).replace(" ", "") == text.replace(" ", "")

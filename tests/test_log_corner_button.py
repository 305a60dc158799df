"""The window log's "open large" corner button never covers a line of the log. Seen in a real
window (Trap the Cap, 1366×768, Russian): a full log's top line "Синий: Синий домик->Синий луч 3 —
выходит из" ran under the button, "из" hidden. Now an entry whose top row would run under the
button is left out (the log shows whole entries only), and a short top row stays."""

import pygame
import pytest

from tabletop.ui import theme, widgets
from tabletop.ui.widgets import LogPanel, arrow_text_width, log_indent

LONG = "Blue: Blue hideout->Blue spoke 3 — moves 4 fields out of the hideout onto the board"
SHORT = "Red rolls 2."


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    pygame.init()  # never quit here: the theme's font cache outlives this module


def drawn_rows(monkeypatch, log: LogPanel, rect: pygame.Rect, size: int) -> list[tuple[int, int, str]]:
    """(x where the words end, y, words) of every row the log draws."""
    rows = []
    real = widgets.draw_log_row

    def record(surface, row, at, width, size_, line_h):
        if not row[0].rule:
            rows.append((at[0] + log_indent(size_) + arrow_text_width(row[1], size_), at[1], row[1]))
        real(surface, row, at, width, size_, line_h)

    monkeypatch.setattr(widgets, "draw_log_row", record)
    log.draw(pygame.Surface((rect.right + 10, rect.bottom + 10)), rect, size)
    return rows


def full_row(log: LogPanel, size: int, width: int) -> str:
    """The longest "Blue moves ab ab … abbb" that the log still writes on one row ``width`` wide."""
    words = "Blue moves"
    for more in (" ab", "b"):  # whole words, then a last word grown letter by letter
        while len(log.rows([widgets.LogEntry(words + more, theme.INK)], size, width)) == 1:
            words += more
    return words


@pytest.mark.parametrize("height", range(90, 260, 11))
@pytest.mark.parametrize("size", [13, 15, 18])
def test_no_log_row_runs_under_the_corner_button(monkeypatch, height, size):
    log = LogPanel()
    rect = pygame.Rect(5, 5, 330, height)
    row = full_row(log, size, rect.w - size)
    for k in range(16):
        log.add([LONG, row, SHORT, row][k % 4])
        if k % 2:
            log.turn()
    rows = drawn_rows(monkeypatch, log, rect, size)
    button = log.button
    assert button.w and rows
    line_h = theme.font(size).get_linesize()
    for end, y, text in rows:
        if y < button.bottom and y + line_h > button.y:
            assert end <= button.x, (height, size, text)


def test_a_short_top_row_keeps_its_place_beside_the_button(monkeypatch):
    log = LogPanel()
    for _ in range(12):
        log.add(SHORT)
    rect = pygame.Rect(5, 5, 330, 160)
    rows = drawn_rows(monkeypatch, log, rect, 15)
    assert min(y for _, y, _ in rows) < log.button.bottom, "the card stays full up to its top"

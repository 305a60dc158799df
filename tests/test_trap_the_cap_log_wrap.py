"""Trap the Cap's log lines wrap as a reader expects. Seen in a real window (1366×768, Russian):
"Зелёный: Зелёный–Красный" / "1->Зелёный–Красный 5 — ходит…", the field's number starting the
next row, and "— выходит из домика…" starting a row with its dash. Now a field's name keeps its
number (a no-break space), a long route breaks after an arrow, and a dash stays on the row of
the word before it."""

import re

import pygame
import pytest
from test_trap_the_cap_support import make

from tabletop import i18n
from tabletop.games.trap_the_cap.fields import field_name
from tabletop.ui import theme
from tabletop.ui.widgets import ARROW, LogPanel

SIZE = 14


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    pygame.init()  # never quit here: the theme's font cache outlives this module


def ring_moves(lang: str) -> list[tuple[str, list[str]]]:
    """(log line, the names of its stops) of every move of a few positions with caps out on the
    ring, which name fields "Green–Red 1" and the like."""
    i18n.set_language(lang)
    out = []
    for die in range(1, 7):
        state = make({"R08": ["green"], "R12": ["green"], "R03": ["red"], "R30": ["yellow"]}, "green", die)
        topo = state.rules.topology
        for move in state.legal_moves():
            path = move.walk.path
            stops = [path[i] for i in dict.fromkeys([0, *move.walk.stops, len(path) - 1])]
            out.append((state.describe_move(move), [field_name(topo, n) for n in stops]))
    return out


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_field_keeps_its_number_and_no_row_starts_with_a_dash(lang):
    moves = ring_moves(lang)
    assert any(any("–" in name for name in names) for _, names in moves), "ring fields are named by their sides"
    log = LogPanel()
    for width in range(170, 420, 9):
        for text, names in moves:
            rows = [row for _, row, _ in log.rows([log.add(text)], SIZE, width)]
            for name in names:  # "Green–Red 5", "spoke 2" whole on one row ("Red hideout" may wrap)
                if name[-1].isdigit():
                    word, number = name.split()[-2:]
                    kept = re.compile(f"{re.escape(word)}[ \u00a0]{number}")
                    assert any(kept.search(row) for row in rows), (width, name, rows)
            for row in rows:
                assert not row.startswith(("—", "–")), (width, rows)
                assert theme.font(SIZE).size(row)[0] <= width, (width, row)
            assert "".join(r if r.endswith(ARROW) else r + " " for r in rows).strip() == text, "nothing lost"

"""A 1024×600 screen in table mode (a netbook lying flat): every seat's strip — a thin band along
the bottom for two captains of five, a deep column for a side seat — and the middle area show
every text whole, in English and Russian, for every seat in every phase and at the end (the
game-over line, the buttons, the Treasure Map's holder with the longest name), never cut with "…"
and never overlapping."""

from __future__ import annotations

import re

import pytest
from text_fit import app_data, audit_game, every_seat, open_app, position_session, report  # noqa: F401 (app_data: a fixture)

LANGS = ("en", "ru")
WINDOW = "table 1024x600"
CAPTAIN_FLIP = {2: ("B", {"dolphin": "on"}), 3: ("A", {}), 4: ("E", {}), 5: ("C", {})}

pytestmark = pytest.mark.usefixtures("app_data")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("players", sorted(CAPTAIN_FLIP))
def test_captain_flip_every_seat_fits_a_small_table(players, lang):
    app = open_app(WINDOW, lang)
    variant, options = CAPTAIN_FLIP[players]
    found = []
    for label, session in every_seat(app, "captain_flip", [(players, variant, options)]):
        found += audit_game(app, session, f"{WINDOW} {lang} {label}")
        if session.state.current_player is None:  # the end with the Map in every captain's hands
            text = re.sub(r" map:\d+", "", session.state.to_notation())
            for seat in range(players):
                held = position_session(app, "captain_flip", f"{text} map:{seat + 1}")
                found += audit_game(app, held, f"{WINDOW} {lang} {label}, map held by seat {seat + 1}")
    assert not found, report(found)


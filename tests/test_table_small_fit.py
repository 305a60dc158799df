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


PLAKOTO_ENDS = [
    "next - 10:b14 6:w14 24:b1* off:w0,b0 mother:wpb- match:0-2/3 start:w",   # Black pins the mother
    "next - 1:w1* 15:w14 19:b14 off:w0,b0 mother:w-bp match:2-0/3 start:b",   # White pins the mother
    "next - 1:w3 off:w12,b15 mother:w-b- match:2-1/3 start:w",                 # Black bears off
    "over - 10:b14 6:w14 24:b1* off:w0,b0 mother:wpb- match:0-3/3 start:w",
    "over - 1:w1* 15:w14 19:b14 off:w0,b0 mother:w-bp match:2-0/1 start:b",
]


@pytest.mark.parametrize("lang", LANGS)
def test_plakoto_fits_a_small_table(lang):
    """Both seats in every phase of a seeded match, and the long ends of a game of a match (the
    mother pinned: "… Tap "Next game" to go on.") and of the match."""
    app = open_app(WINDOW, lang)
    found = []
    for label, session in every_seat(app, "plakoto", [(2, "standard", {"match": "3"})]):
        found += audit_game(app, session, f"{WINDOW} {lang} {label}")
    for text in PLAKOTO_ENDS:
        found += audit_game(app, position_session(app, "plakoto", text), f"{WINDOW} {lang} {text}")
    assert not found, report(found)

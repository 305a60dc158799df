"""A marker that says the same word at the same place as one still on screen replaces it.

Why: two checkers borne off in one Plakoto turn put two "Borne off!" labels over the tray, the
second rising through the first (a helper saw «Снята!» over «Снята!»)."""

from __future__ import annotations

from tabletop.ui.effects import Effects
from tabletop.ui.timers import Timers


def test_the_same_word_at_the_same_place_shows_once():
    now = [0.0]
    effects = Effects(Timers(lambda: now[0]))
    effects.pop(("tray", 0), "Borne off!")
    now[0] = 0.3
    effects.pop(("tray", 0), "Borne off!")
    effects.pop(("tray", 1), "Borne off!")  # another place: both stay
    effects.mark(("point", 5), "Pinned!")
    now[0] = 0.35
    shown = [(e.at, e.text, round(t, 2)) for e, t in effects.showing()]
    assert [s for s in shown if s[0] == ("tray", 0)] == [(("tray", 0), "Borne off!", shown[0][2])]
    assert len(shown) == 3
    assert shown[0][2] < 0.2  # the newer one, just begun

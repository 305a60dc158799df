"""The menu's words for Trap the Cap's option values say what they choose.

"Golden cap winner: prisoners" left a newcomer guessing (the prisoners win?); the value is the
player with the most prisoners, and "owner" is the golden cap's owner."""

from __future__ import annotations

import pytest

from tabletop.i18n import in_language, tr_value


@pytest.mark.parametrize(("lang", "owner", "prisoners"), [
    ("en", "its owner", "most prisoners"),
    ("ru", "его владелец", "больше пленников"),
])
def test_the_golden_cap_winner_values_read_as_who_wins(lang, owner, prisoners):
    with in_language(lang):
        assert (tr_value("owner"), tr_value("prisoners")) == (owner, prisoners)

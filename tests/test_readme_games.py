"""The README's list of the games says of each how it is won.

Captain Flip's line ended "most coins wins", Chicken Chase's "Both hens on the finish wins",
Plakoto's named its double win; Trap the Cap's told how to trap and carry caps home but not who
wins, or when the game ends."""

from __future__ import annotations

import re
from pathlib import Path

README = Path(__file__).resolve().parent.parent / "README.md"


def game_bullets() -> dict[str, str]:
    text = README.read_text(encoding="utf-8").split("### The games", 1)[1].split("\n#", 1)[0]
    bullets = re.findall(r"^- \*\*(.+?)\*\*(.*?)(?=^- \*\*|\Z)", text, flags=re.S | re.M)
    return {name: " ".join(body.split()) for name, body in bullets}


def test_every_game_in_the_list_says_how_it_is_won():
    bullets = game_bullets()
    assert set(bullets) == {"Trap the Cap", "Captain Flip", "Chicken Chase", "Plakoto"}
    assert not [name for name, body in bullets.items() if not re.search(r"\bwins?\b", body)]

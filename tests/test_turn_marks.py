"""Table mode marks the numbers that read as another number upside down (6 and 9, 16, 66, 99...):
they are underlined wherever they are drawn, so a player across the table knows which way is up.
In a window (everyone reads from one side) nothing is marked."""

from __future__ import annotations

import pygame
import pytest

from tabletop.ui import theme


@pytest.mark.parametrize("text, marked", [("6", True), ("9", True), ("66", True), ("99", True), ("16", True),
                                          ("19", True), ("×6", True), ("+9", True), ("69", True),
                                          ("1", False), ("8", False), ("10", False), ("26", False), ("5", False),
                                          ("Player 6", False), ("6 pips", False), ("", False)])
def test_which_numbers_are_marked(text, marked):
    assert theme.turnable(text) == marked


def ink_rows(img: pygame.Surface) -> set[int]:
    return {y for y in range(img.get_height()) for x in range(img.get_width()) if img.get_at((x, y)).a > 128}


def test_a_marked_number_has_a_bar_under_it_only_at_a_table():
    pygame.init()
    try:
        theme.set_turn_marks(False)
        plain = theme.render("6", 40, theme.INK, True)
        theme.set_turn_marks(True)
        marked = theme.render("6", 40, theme.INK, True)
        other = theme.render("7", 40, theme.INK, True)
    finally:
        theme.set_turn_marks(False)
    assert plain.get_size() == marked.get_size()
    f = theme.font(40, True)
    below = {y for y in ink_rows(marked) if y > f.get_ascent()}  # ink under the baseline: the bar
    assert below and not {y for y in ink_rows(plain) if y > f.get_ascent()}
    bar_y = min(below)
    assert sum(marked.get_at((x, bar_y)).a > 128 for x in range(marked.get_width())) > marked.get_width() // 2
    assert not {y for y in ink_rows(other) if y > f.get_ascent()}  # a 7 is never marked


def test_table_scenes_mark_and_windows_do_not(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_DATA", str(tmp_path))
    from tabletop.app import App, AppOptions
    from tabletop.games import get_game
    from tabletop.launch import Seat, new_session
    from tabletop.ui.game_scene import make_scene

    for table in (True, False):
        app = App(AppOptions(size=(1366, 768), headless=True, mute=True, table=table))
        session = new_session(get_game("plakoto"), app.store, 2, None, {}, [Seat("human")] * 2, 1)
        app.push_scene(make_scene(app, session))
        app.render()
        assert theme.turn_marks() == table
    theme.set_turn_marks(False)

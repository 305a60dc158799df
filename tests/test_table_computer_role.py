"""At a table a computer's strip says who plays it ("computer, hard") under its name, as the
laptop's player list does: the strip showed only the colour and the score, so the people round
the table could not tell which seat the computer moves. Where its head has the room (a stack's,
which grows a line or two for it); a thin band keeps its score line alone."""

from __future__ import annotations

import pygame
import pytest
from scene_input import instant_scenes

from tabletop import i18n
from tabletop.app import App, AppOptions
from tabletop.games import get_game
from tabletop.i18n import tr
from tabletop.launch import Seat, new_session
from tabletop.ui import table_frame
from tabletop.ui.game_scene import make_scene


@pytest.fixture(autouse=True)
def fast(monkeypatch, tmp_path):
    instant_scenes(monkeypatch, tmp_path)
    yield
    i18n.set_language("en")


def head_texts(scene, seat: int, monkeypatch) -> list[str]:
    """The lines a seat's strip head draws, as laid out now."""
    drawn: list[str] = []
    real = table_frame.draw.fitted_text

    def record(surface, text, rect, *args, **kwargs):
        drawn.append(text)
        return real(surface, text, rect, *args, **kwargs)

    monkeypatch.setattr(table_frame.draw, "fitted_text", record)
    parts = scene.table_parts[seat]
    row = next(r for r in scene.player_rows() if r.seat == seat)
    scene._draw_head(pygame.Surface(scene.table_panels[seat].size), parts.head, seat, row)
    monkeypatch.setattr(table_frame.draw, "fitted_text", real)
    return drawn


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("scale", [1.0, 1.3])
@pytest.mark.parametrize("size", [(3840, 2160), (1920, 1080)])
def test_a_computers_strip_says_computer_under_its_name(size, scale, lang, monkeypatch):
    app = App(AppOptions(size=size, headless=True, mute=True, table=True, lang=lang))
    app.ui_scale = scale
    spec = get_game("plakoto")
    session = new_session(spec, app.store, 2, None, {}, [Seat("human"), Seat("ai", "hard")], 5)
    scene = make_scene(app, session)
    app.push_scene(scene)
    app.render()
    scene.table_relayout()
    role = tr("computer, {level}", level=tr("hard"))
    panel = next(p for p in scene.table_panels if p.seat == 1)
    assert scene.table_parts[1].mode == "stack", "a two-seat table gives each a stack"
    lines = head_texts(scene, 1, monkeypatch)
    assert scene.seat_name(1) in lines, lines
    assert " ".join(lines[1:]).startswith(role), f"{size} {scale} {lang}: {lines}"
    words = {w for line in lines for w in line.split()}
    assert set(role.split()) <= words
    # the person's strip says nothing of who plays it: the people sit at their own edges
    assert not any(role in line for line in head_texts(scene, 0, monkeypatch))
    # the taller head leaves the Menu a button high and the log room for its lines
    parts = scene.table_parts[1]
    assert parts.menu.h <= scene.metrics.button_h and parts.log.h > 0 and parts.head.bottom <= parts.log.top
    assert panel.size[1] >= parts.card.h


@pytest.mark.parametrize("size", [(3840, 2160), (1920, 1080)])
@pytest.mark.parametrize("game, levels", [("captain_flip", ["easy", "hard"]), ("trap_the_cap", ["easy", "hard", "random"])])
def test_every_computers_stack_says_so_beside_the_games_own_part(game, levels, size, monkeypatch):
    """Captain Flip's ship card took all of a waiting captain's strip but two button heights, and
    the role had no line: the card gives way to it."""
    app = App(AppOptions(size=size, headless=True, mute=True, table=True, lang="ru"))
    session = new_session(get_game(game), app.store, 1 + len(levels), None, {},
                          [Seat("human"), *(Seat("ai", level) for level in levels)], 4)
    scene = make_scene(app, session)
    app.push_scene(scene)
    app.render()
    scene.table_relayout()
    stacks = 0
    for seat, level in enumerate(levels, start=1):
        if scene.table_parts[seat].mode != "stack":
            continue
        stacks += 1
        role = tr("computer, {level}", level=tr(level))
        lines = head_texts(scene, seat, monkeypatch)
        assert " ".join(lines[1:]).startswith(role), (seat, lines)
    assert stacks, "no computer has a stack here"


@pytest.mark.parametrize("game, players", [("plakoto", 2), ("captain_flip", 3), ("trap_the_cap", 4)])
@pytest.mark.parametrize("size", [(3840, 2160), (1920, 1080)])
@pytest.mark.parametrize("scale", [1.0, 1.3])
def test_the_stack_widths_measured_before_the_layout_are_the_layouts(game, players, size, scale):
    """The frame sizes a stack's head (the role's lines) and prompt before the strip is laid out:
    its widths are the laid-out ones, not a guess a few pads narrower or wider."""
    from tabletop.ui import table_strip

    app = App(AppOptions(size=size, headless=True, mute=True, table=True))
    app.ui_scale = scale
    seats = [Seat("human")] + [Seat("ai", "hard")] * (players - 1)
    scene = make_scene(app, new_session(get_game(game), app.store, players, None, {}, seats, 5))
    app.push_scene(scene)
    app.render()
    scene.table_relayout()
    m = scene.metrics
    stacks = [p for p in scene.table_panels if scene.table_parts[p.seat].mode == "stack"]
    assert stacks
    grown = 0
    for panel in stacks:
        parts = scene.table_parts[panel.seat]
        assert table_strip.stack_inner_width(panel.size[0], m) == parts.log.w
        if scene.head_role(panel.seat) and parts.head.h > m.button_h:  # a computer's head, grown for its role
            text_w = parts.head.right - parts.head.x - table_strip.head_piece_width(m, parts.head.h)
            assert table_strip.stack_head_text_width(panel.size[0], m, parts.menu.w) == text_w
            grown += 1
    assert grown, "no computer's stack head grew for its role"

"""Every table strip keeps its words a pad from the screen's edge, as all of them keep it from the
ends of the strip. Before: a deep strip kept only three quarters of a pad at the player's own
edge, so five captains' side strips ran their score card to 18 px of a 4K screen's edge (the top
and bottom ones, less full, left 50); a band's log ended 16 px from it; and a band's prompt was
set from the top, a few pixels from the board's side of the strip with a wide gap at the
player's, while the name and the buttons beside it sit in the middle."""

from __future__ import annotations

import random

import pygame
import pytest
from scene_input import instant_scenes, random_step

from tabletop import i18n
from tabletop.app import App, AppOptions
from tabletop.core import CHANCE
from tabletop.games import get_game
from tabletop.launch import Seat, new_session
from tabletop.ui.game_scene import make_scene
from tabletop.ui.text_audit import TextAudit


@pytest.fixture(autouse=True)
def fast(monkeypatch, tmp_path):
    instant_scenes(monkeypatch, tmp_path)
    yield
    i18n.set_language("en")


def table(game: str, players: int, size: tuple[int, int], acting: int | None = None):
    """A table of people at ``game`` (in Russian, the longer words); with ``acting``, played on at
    random until that seat decides."""
    app = App(AppOptions(size=size, headless=True, mute=True, table=True, lang="ru"))
    session = new_session(get_game(game), app.store, players, None, {}, [Seat("human")] * players, 5)
    scene = make_scene(app, session)
    app.push_scene(scene)
    rng = random.Random(1)
    for _ in range(200):
        state = scene.state
        if acting is None or (scene.acting_seat() == acting and state.current_player != CHANCE):
            break
        random_step(app, scene, rng)
    assert acting is None or scene.acting_seat() == acting
    return app, scene


def strip_words(app, scene) -> list[tuple[object, pygame.Rect, str]]:
    """Each strip's words outside its buttons (a label keeps inside its button, whose box is the
    strip's own), as (panel, upright rectangle, text), drawn afresh under an audit."""
    app.mark_dirty()
    with TextAudit() as audit:
        app.render()
    upright = {id(scene._strip_work[p.seat]): p for p in scene.table_panels}
    out = []
    for e in audit.placed():
        panel = upright.get(e.surface)
        if panel is None:
            continue
        rect = pygame.Rect(e.rect)
        buttons = [b.rect for b in scene.table_buttons[panel.seat]] + [scene.table_menus[panel.seat].rect]
        if rect.collidelist(buttons) < 0:
            out.append((panel, rect, e.text))
    return out


@pytest.mark.parametrize("game, players, acting, size", [
    ("captain_flip", 5, None, (3840, 2160)),
    ("captain_flip", 4, None, (1920, 1080)),
    ("chicken_chase", 4, None, (3840, 2160)),
    ("chicken_chase", 2, 1, (3840, 2160)),
    ("trap_the_cap", 4, None, (3840, 2160)),
    ("plakoto", 2, None, (1920, 1080)),
])
def test_every_strip_keeps_its_words_a_pad_from_the_screen_edge(game, players, acting, size):
    app, scene = table(game, players, size, acting)
    screen = pygame.Rect((0, 0), size)
    pad = scene.metrics.pad
    near = []
    for panel, rect, text in strip_words(app, scene):
        r = panel.rect_to_screen(rect)
        gap = min(r.left, screen.right - r.right, r.top, screen.bottom - r.bottom)
        if gap < pad:
            near.append((panel.edge, gap, text))
    assert near == [], f"closer than a pad ({pad} px) to the screen's edge"


def test_a_band_sets_its_prompt_in_its_middle():
    app, scene = table("chicken_chase", 2, (3840, 2160), acting=1)
    panel = scene.panel_of(1)
    parts = scene.table_parts[1]
    assert panel.edge == "top" and parts.mode == "band" and parts.prompt.w
    lines = [rect for p, rect, _ in strip_words(app, scene) if p is panel and rect.colliderect(parts.prompt)]
    assert lines, "the prompt is drawn"
    above = min(r.top for r in lines)
    below = panel.size[1] - max(r.bottom for r in lines)
    assert abs(above - below) <= 2, (above, below)


def test_a_deep_strips_log_shows_as_many_events_as_it_holds(tmp_path, monkeypatch):
    """A waiting seat's deep strip at a 4K table showed its last eight events at its foot and
    was empty above them, while the players wanted to see what the computers had done: the log
    now fills its box with as many whole events as it holds."""
    from tabletop.ui import table_strip
    from tabletop.ui.game_scene import make_scene

    instant_scenes(monkeypatch, tmp_path)
    app = App(AppOptions(size=(3840, 2160), headless=True, mute=True, table=True))
    session = new_session(get_game("trap_the_cap"), app.store, 4, None, {}, [Seat("human")] * 4, 3)
    scene = make_scene(app, session)
    app.push_scene(scene)
    rng = random.Random(1)
    for _ in range(80):
        random_step(app, scene, rng)
    drawn: list[tuple[pygame.Rect, int]] = []
    real = table_strip.log_rows

    def spy(entries, size, width, fit):
        rows = real(entries, size, width, fit)
        drawn.append((fit, len(rows)))
        return rows

    monkeypatch.setattr(table_strip, "log_rows", spy)
    scene.drop_caches()
    app.mark_dirty()
    app.render()
    deep = [(fit, rows) for fit, rows in drawn if fit >= 20]
    assert deep, drawn
    assert all(rows >= fit - 3 for fit, rows in deep), deep  # full, less an entry's lines that did not fit whole

"""Every seat's strip keeps its Menu button and its prompt, at 100% and 130% text, on a 4K table
and a 1366x768 one. Before: at 130% Chicken Chase's bands put the hand, the dice's "tap to roll
2 dice", Roll 2 dice and Undo first, and the Menu (Rules, Leave, Turn) ran off the strip's end
while the prompt got no room at all; a side strip's Undo ran out of its card the same way."""

from __future__ import annotations

import random

import pygame
import pytest
from scene_input import instant_scenes, random_step

from tabletop import i18n
from tabletop.app import App, AppOptions
from tabletop.games import get_game
from tabletop.launch import Seat, new_session
from tabletop.ui.game_scene import make_scene

STEPS = 45


@pytest.fixture(autouse=True)
def fast(monkeypatch, tmp_path):
    instant_scenes(monkeypatch, tmp_path)
    yield
    i18n.set_language("en")


def lost_parts(scene, size: tuple[int, int]) -> list[tuple]:
    """What a strip misses now: its Menu (not inside the strip's card, or off the screen), the
    prompt of the seat that acts (no form of it fits whole), a button out of its card."""
    scene.table_relayout()
    screen = pygame.Rect((0, 0), size)
    acting, over = scene.acting_seat(), scene.state.current_player is None
    lost = []
    for panel in scene.table_panels:
        parts = scene.table_parts[panel.seat]
        menu = parts.menu
        if menu.w < scene.metrics.button_h or not parts.card.contains(menu) \
                or not screen.contains(panel.rect_to_screen(menu)):
            lost.append((panel.edge, "Menu", tuple(menu)))
        if (panel.seat == acting or over) and not scene._prompt_fits(parts):
            lost.append((panel.edge, "prompt", tuple(parts.prompt), scene.current_prompt()))
        lost += [(panel.edge, b.label, tuple(b.rect)) for b in scene.table_buttons[panel.seat]
                 if not parts.card.contains(b.rect)]
    return lost


@pytest.mark.parametrize("size", [(3840, 2160), (1920, 1080), (1366, 768)])
@pytest.mark.parametrize("scale", [1.0, 1.3])
@pytest.mark.parametrize("game, players", [("chicken_chase", 3), ("chicken_chase", 4), ("trap_the_cap", 4),
                                           ("captain_flip", 3), ("captain_flip", 4), ("captain_flip", 5),
                                           ("plakoto", 2)])
def test_every_strip_keeps_its_menu_and_prompt(game, players, scale, size):
    app = App(AppOptions(size=size, headless=True, mute=True, table=True, lang="ru"))
    app.ui_scale = scale
    session = new_session(get_game(game), app.store, players, None, {}, [Seat("human")] * players, 5)
    scene = make_scene(app, session)
    app.push_scene(scene)
    rng = random.Random(1)
    for step in range(STEPS):
        assert lost_parts(scene, size) == [], f"step {step}"
        if scene.state.current_player is None:
            break
        random_step(app, scene, rng)

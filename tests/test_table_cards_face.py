"""At a table every card faces the player it is for. Before: the rules, opened from a seat's own
Menu, stood upright for the bottom edge with no Turn button (a right-hand seat read them
sideways); and a seat that had tapped a button in his strip (Roll, Keep) kept the cards' focus
for the rest of the game, so Esc's «Leave the game?» on the next player's turn faced him."""

from __future__ import annotations

import random

import pygame
import pytest
from scene_input import click, instant_scenes, random_step

from tabletop import i18n
from tabletop.app import App, AppOptions
from tabletop.games import get_game
from tabletop.launch import Seat, new_session
from tabletop.ui.game_scene import make_scene
from tabletop.ui.rules import RulesScene
from tabletop.ui.scene import MessageOverlay


@pytest.fixture(autouse=True)
def fast(monkeypatch, tmp_path):
    instant_scenes(monkeypatch, tmp_path)
    yield
    i18n.set_language("en")


def people(game: str, players: int, size=(1920, 1080)):
    app = App(AppOptions(size=size, headless=True, mute=True, table=True, lang="ru"))
    session = new_session(get_game(game), app.store, players, None, {}, [Seat("human")] * players, 5)
    scene = make_scene(app, session)
    app.push_scene(scene)
    app.render()
    return app, scene


def tap(app, panel, rect: pygame.Rect) -> None:
    """A finger on the middle of ``rect`` of ``panel``'s upright strip, where it is drawn on screen."""
    click(app, panel.to_screen(rect.center))


@pytest.mark.parametrize("edge", ["right", "top", "left"])
def test_the_rules_from_a_seats_menu_face_him_and_turn_round(edge):
    app, scene = people("trap_the_cap", 4)
    panel = next(p for p in scene.table_panels if p.edge == edge)
    tap(app, panel, scene.table_menus[panel.seat].rect)
    menu = app.top
    assert isinstance(menu, MessageOverlay) and menu.facing == edge
    app.render()
    rules_button = menu.row.buttons[0]
    click(app, menu.frame().to_screen(rules_button.rect.center))
    rules = app.top
    assert isinstance(rules, RulesScene) and rules.facing == edge
    app.render()
    assert rules.turn_button is not None
    frame = rules.frame()
    click(app, frame.to_screen(rules.turn_button.rect.center))  # answers where it is drawn
    edges = scene.table_edge_cycle()
    assert rules.facing == edges[(edges.index(edge) + 1) % len(edges)]
    app.render()
    close = rules.row.buttons[0]
    frame = rules.frame()
    click(app, frame.to_screen(close.rect.center) if frame is not None else close.rect.center)
    assert app.top is scene


@pytest.mark.parametrize("game, players", [("trap_the_cap", 3), ("captain_flip", 3), ("chicken_chase", 3),
                                           ("plakoto", 2)])
def test_esc_on_the_next_turn_faces_the_seat_on_turn_not_the_last_tapper(game, players):
    app, scene = people(game, players)
    rng = random.Random(3)
    tapper = None
    for _ in range(400):
        acting = scene.acting_seat()
        if tapper is not None and acting is not None and acting != tapper and scene.can_roll():
            break
        roll = next((b for b in scene.table_buttons.get(acting, []) if b.action == scene.roll and b.enabled), None)
        if tapper is None and roll is not None:
            tap(app, scene.panel_of(acting), roll.rect)  # his strip's Roll (Draw) button
            tapper = acting
            scene.timers.skip()
            app.tick(0.0)
            continue
        random_step(app, scene, rng)
        app.render()
    acting = scene.acting_seat()
    assert tapper is not None and acting != tapper
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    card = app.top
    assert isinstance(card, MessageOverlay) and card.facing == scene.panel_of(acting).edge

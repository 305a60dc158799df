"""The menu driven by a scripted mouse: choose each game, change players and seats, cycle
variants and options; everything fits at the smallest window; Start opens the game."""

import random

import pygame
import pytest
from scene_input import click

from tabletop.app import App, AppOptions
from tabletop.games import all_games
from tabletop.ui.menu import MenuScene


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_DATA", str(tmp_path))
    app = App(AppOptions(size=(1024, 600), headless=True, mute=True))
    yield app
    pygame.display.quit()


def button(menu, label):
    found = [b for b in menu.row.buttons if b.label == label]
    assert found, f"no button {label!r}: {[b.label for b in menu.row.buttons]}"
    return found[0]


def _variants_and_scales():
    from tabletop.layout import BoardStore

    for gid, spec in all_games().items():
        for v in spec.all_variants(BoardStore([])):
            for scale in (1.0, 1.3):
                yield pytest.param(gid, v.id, scale, id=f"{gid}-{v.id}-{scale}")


@pytest.mark.parametrize("game_id,variant,scale", list(_variants_and_scales()))
def test_every_game_setup_fits_the_smallest_window(app, game_id, variant, scale):
    app.ui_scale = scale
    menu = MenuScene(app)
    app.push_scene(menu)
    card = dict(menu.cards)[game_id]
    click(app, card.center)
    assert menu.game_id == game_id
    menu.config[game_id]["variant"] = variant
    menu.change_players(0)
    spec = all_games()[game_id]
    while button(menu, "+").enabled:  # the most seats: the tallest form
        click(app, button(menu, "+").rect.center)
    assert menu.config[game_id]["players"] == max(menu._allowed_players())
    screen = pygame.Rect(0, 0, 1024, 600)
    for b in menu.row.buttons:
        assert screen.contains(b.rect), f"{b.label!r} is cut off at 1024x600"
    rects = [b.rect for b in menu.row.buttons if b.label]
    for i, r in enumerate(rects):
        for other in rects[i + 1:]:
            assert not r.colliderect(other), "two buttons overlap"
    form = [b.rect for b in menu.row.buttons if menu.right.contains(b.rect)]
    assert all(menu.right.contains(r) for r in form)
    assert all(r.bottom <= menu.help_rect.top for r in form if r not in (menu.start_button.rect,)
               and r.bottom <= menu.start_button.rect.top - 1), "a form row runs into the help line"
    app.render()
    assert len(menu.config[game_id]["seats"]) == menu.config[game_id]["players"]
    assert spec.min_players <= menu.config[game_id]["players"] <= spec.max_players


def test_seat_and_option_buttons_cycle(app):
    menu = MenuScene(app)
    app.push_scene(menu)
    gid = menu.game_id
    seat_button = button(menu, "Computer: easy")
    click(app, seat_button.rect.center)
    assert menu.config[gid]["seats"][1].level == "hard"
    spec = all_games()[gid]
    opt = next(o for o in spec.options if len(o.choices) > 1 and o.applies_to(menu.config[gid]["variant"]))
    before = menu.config[gid]["options"][opt.key]
    click(app, button(menu, before).rect.center)
    assert menu.config[gid]["options"][opt.key] != before


def test_random_click_storm_on_the_menu_never_raises(app):
    menu = MenuScene(app)
    app.push_scene(menu)
    rng = random.Random(3)
    start = menu.start
    menu.start = lambda: None  # stay in the menu
    for _ in range(3000):
        kind = rng.random()
        pos = (rng.randrange(1024), rng.randrange(600))
        if kind < 0.6:
            click(app, pos, rng.choice([1, 1, 1, 3]))
        elif kind < 0.9:
            app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        else:
            key = rng.choice([pygame.K_UP, pygame.K_DOWN, pygame.K_a])
            app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))
        while app.top is not menu and app.stack:
            app.pop_scene()  # close any overlay it opened (settings, rules)
            if not app.stack:
                app.push_scene(menu)
    menu.start = start
    app.render()


@pytest.mark.parametrize("game_id", list(all_games()))
def test_start_opens_the_game_scene(app, game_id):
    menu = MenuScene(app)
    app.push_scene(menu)
    click(app, dict(menu.cards)[game_id].center)
    click(app, menu.start_button.rect.center)
    from tabletop.ui.game_scene import GameScene

    assert isinstance(app.top, GameScene), [type(s).__name__ for s in app.stack]
    assert app.top.spec.id == game_id
    app.render()

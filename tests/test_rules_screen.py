"""The rules screen: every game's summary beside a picture of a real move (found by seeded play,
checked by the rules core) with a caption, from the menu and from a game (F1), in both languages."""

import pygame
import pytest
from scene_input import click

from tabletop.app import App, AppOptions
from tabletop.core import Setup
from tabletop.games import all_games
from tabletop.i18n import set_language
from tabletop.layout import BoardStore
from tabletop.ui.menu import MenuScene
from tabletop.ui.moments import after, find_moment
from tabletop.ui.rules import RulesScene

RULE_WORDS = {"trap_the_cap": "trapped", "plakoto": "pins", "chicken_chase": "pushed down",
              "captain_flip": "lowest free space"}


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_DATA", str(tmp_path))
    app = App(AppOptions(size=(1024, 600), headless=True, mute=True))
    yield app
    set_language("en")
    pygame.display.quit()


@pytest.mark.parametrize("game_id", list(all_games()))
def test_how_to_play_shows_the_rules_and_a_picture_of_the_rule_at_work(app, game_id):
    menu = MenuScene(app, game_id)
    app.push_scene(menu)
    click(app, next(b for b in menu.row.buttons if b.label == "How to play").rect.center)
    rules = app.top
    assert isinstance(rules, RulesScene) and rules.spec.id == game_id
    app.render()
    picture, caption = rules.picture()
    assert picture is not None and RULE_WORDS[game_id] in caption, caption
    colours = {picture.get_at((x, y))[:3] for x in range(0, picture.get_width(), 9)
               for y in range(0, picture.get_height(), 9)}
    assert len(colours) > 8
    click(app, rules.row.buttons[0].rect.center)
    assert app.top is menu


def test_the_moments_are_real_legal_moves_showing_their_rule():
    """The searches find their rule in the shipped boards: a trap, a pin, a push, a placing."""
    store = BoardStore([])
    games = all_games()
    ttc = games["trap_the_cap"]
    state = ttc.new_state(Setup(2, "offensive", ttc.parse_options("offensive", {}), ttc.load_layout(store, "offensive"), 0))
    position, move = find_moment(state, lambda s, m: str(m) != "pass")
    assert move in position.legal_moves()
    before = state.copy()
    find_moment(state, lambda s, m: False, limit=50)
    assert state.to_json() == before.to_json(), "the search never changes the position it is given"
    later = after(position, move)
    assert later.to_json() != position.to_json()


@pytest.mark.parametrize("game_id", list(all_games()))
def test_the_rules_screen_in_russian_has_a_russian_caption(app, game_id):
    set_language("ru")
    rules = RulesScene(app, all_games()[game_id])
    app.push_scene(rules)
    app.render()
    picture, caption = rules.picture()
    assert picture is not None and caption and not any("a" <= ch <= "z" for ch in caption.lower().replace("{", "")), caption


def test_f1_in_a_game_opens_the_same_screen_on_the_boards_in_play(app):
    from tabletop.launch import Seat, new_session
    from tabletop.ui.game_scene import make_scene

    spec = all_games()["captain_flip"]
    session = new_session(spec, app.store, 2, "D", {}, [Seat("human"), Seat("human")], seed=3)
    scene = make_scene(app, session)
    app.push_scene(scene)
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F1, mod=0, unicode=""))
    rules = app.top
    assert isinstance(rules, RulesScene) and rules._layout is scene.layout_data
    app.render()
    assert rules.picture()[0] is not None
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    assert app.top is scene


def test_long_rules_scroll_and_say_how_much_is_left(app):
    set_language("ru")
    rules = RulesScene(app, all_games()["trap_the_cap"])
    app.push_scene(rules)
    app.render()
    for _ in range(40):
        app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode=""))
    app.render()
    assert rules.scroll > 0

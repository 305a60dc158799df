"""The players list says who plays each seat in every game, in a form that reads as a label.

Chicken Chase's own list said it nowhere (no "you", no "computer, hard"); where a row was too
narrow the others fell back to the bare level after the name, which read as an adjective of it
(«Чёрные сильный», «Зелёный лёгкий»)."""

from __future__ import annotations

import pygame
import pytest
from scene_input import instant_scenes

from tabletop.app import App, AppOptions
from tabletop.games import get_game
from tabletop.i18n import set_language, tr
from tabletop.launch import Seat, new_session
from tabletop.ui.game_scene import make_scene
from tabletop.ui.text_audit import TextAudit

GAMES = ("plakoto", "chicken_chase", "captain_flip", "trap_the_cap")
LEVELS = ("hard", "easy", "random")


@pytest.fixture
def fast(tmp_path, monkeypatch):
    instant_scenes(monkeypatch, tmp_path)
    yield
    set_language("en")


def drawn_list(game, size, lang, scale):
    app = App(AppOptions(size=size, headless=True, mute=True, lang=lang))
    app.ui_scale = scale
    n = 2 if game == "plakoto" else 4
    seats = [Seat("human"), *(Seat("ai", level) for level in LEVELS[: n - 1])]
    session = new_session(get_game(game), app.store, n, None, {}, seats, 5)
    scene = make_scene(app, session)
    app.push_scene(scene)
    with TextAudit() as audit:
        app.mark_dirty()
        app.render()
    area = pygame.Rect(scene.players_rect)
    return scene, [e for e in audit.placed() if e.rect and area.colliderect(pygame.Rect(e.rect))]


@pytest.mark.parametrize("size,lang,scale", [((1366, 768), "en", 1.0), ((1024, 600), "ru", 1.3),
                                             ((1024, 600), "en", 1.3)])
@pytest.mark.parametrize("game", GAMES)
def test_every_seat_says_who_plays_it(fast, game, size, lang, scale):
    scene, drawn = drawn_list(game, size, lang, scale)
    texts = [e.text for e in drawn]
    levels = LEVELS[: scene.state.num_players - 1]
    assert tr("you") in texts, texts
    for level in levels:
        forms = [tr(key, level=tr(level)) for key in ("computer, {level}", "AI, {level}", "({level})")]
        assert any(f in texts for f in forms), (level, texts)
        assert tr(level) not in texts, f"the bare level reads as an adjective of the name: {texts}"
    roles = [e for e in drawn if e.text in {tr("you")} | {tr(k, level=tr(v)) for v in levels
                                                       for k in ("computer, {level}", "AI, {level}", "({level})")}]
    others = [e for e in drawn if e not in roles and e.text.strip()]
    for role in roles:  # beside its name, over no other word of the list
        box = pygame.Rect(role.rect)
        assert not [o.text for o in others if box.colliderect(pygame.Rect(o.rect))], role.text


def test_the_short_forms_read_as_labels():
    set_language("ru")
    try:
        assert tr("AI, {level}", level=tr("hard")) == "ИИ, сильный"
        assert tr("({level})", level=tr("easy")) == "(лёгкий)"
    finally:
        set_language("en")

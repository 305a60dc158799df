"""Plakoto's "Borne off!" marker rises inside the tray of the seat that bore off. It stood on his
last checker: with the lower tray nearly full that is the board's middle, and at a 4K table the
marker rose into the other seat's tray (a reviewer saw «Снята!» in Black's tray as White bore off)."""

from __future__ import annotations

import pygame
import pytest
from scene_input import instant_scenes

from tabletop.app import App, AppOptions
from tabletop.games import get_game
from tabletop.i18n import set_language
from tabletop.launch import Seat, new_session
from tabletop.ui import effects
from tabletop.ui.game_scene import make_scene


@pytest.fixture(autouse=True)
def quick(monkeypatch, tmp_path):
    instant_scenes(monkeypatch, tmp_path)
    yield
    set_language("en")  # the app took Russian: later tests in this process expect English


@pytest.mark.parametrize("off", [1, 8, 14])
@pytest.mark.parametrize("table, size", [(True, (3840, 2160)), (False, (1366, 768))])
def test_the_borne_off_marker_rises_within_its_own_tray(table, size, off):
    app = App(AppOptions(size=size, headless=True, mute=True, table=table, lang="ru"))
    session = new_session(get_game("plakoto"), app.store, 2, None, {}, [Seat("human"), Seat("human")], 3)
    scene = make_scene(app, session)
    app.push_scene(scene)
    app.render()
    g = scene.geom()
    for seat in (0, 1):
        scene.state.off[seat] = off  # the checkers already in the tray (the marker's old anchor)
        tray = g.rect(g.layout.trays[seat])
        x, y = scene.effect_px(("tray", seat))
        layer = pygame.Surface(app.screen.get_size(), pygame.SRCALPHA)
        marker = effects.Effect("t", "pop", ("tray", seat), "Снята!", (90, 170, 90), 0.0, 1.0)
        for t in (0.0, 0.6, 0.95):  # from its start to the top of its rise (still faintly seen)
            effects.Effects._one(layer, marker, t, x, y, scene.metrics.body, g.radius())
        drawn = layer.get_bounding_rect()
        other = g.rect(g.layout.trays[1 - seat])
        assert drawn.w and not drawn.colliderect(other), (seat, off, drawn, other)
        assert tray.collidepoint(x, y) and tray.inflate(tray.w, 0).contains(drawn), (seat, off, drawn, tray)

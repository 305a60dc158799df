"""Trap the Cap: hovering a lit target whose move takes the cap home. The card named the field
only ("R04"); the drawn route showed the trip through the hideout but nothing said that the cap
unloads there and what that does. The card now adds the core's own words for the unloading."""

from __future__ import annotations

import pygame
import pytest
from scene_input import instant_scenes

from tabletop.app import App, AppOptions
from tabletop.core.session import Session
from tabletop.games import get_game
from tabletop.games.trap_the_cap import scene_draw as sd
from tabletop.games.trap_the_cap.rules import TrapState
from tabletop.launch import Seat, new_session
from tabletop.ui.game_scene import make_scene


@pytest.fixture(autouse=True)
def fast(monkeypatch, tmp_path):
    instant_scenes(monkeypatch, tmp_path)


SPEC = get_game("trap_the_cap")
# red's tower (blue under red) one step from home, with a 3: in, unload, and 2 out again
HOME = ("red 3 R01:blue+red home:blue=blue,blue,blue;green=green,green,green,green;red=red,red,red;"
        "yellow=yellow,yellow,yellow,yellow locked: gold:- variant:offensive round:0")


def hover_cards(monkeypatch, lang: str) -> tuple[list[list[str]], list[list[str]]]:
    """The hover cards of every lit target of red's tower: (those whose drawn route goes home,
    the others)."""
    app = App(AppOptions(size=(1366, 768), headless=True, mute=True, lang=lang))
    base = new_session(SPEC, app.store, 4, None, {}, [Seat("human")] * 4, 1)
    session = Session(SPEC, TrapState.from_notation(HOME), 1, base.meta)
    scene = make_scene(app, session)
    app.push_scene(scene)
    app.render()
    scene.selected = ("R01", 0)
    shown: list[str] = []
    real = sd.tooltip
    monkeypatch.setattr(sd, "tooltip", lambda surface, lines, *a, **k: (
        shown.extend(t for t, _ in lines), real(surface, lines, *a, **k)))
    home: list[list[str]] = []
    other: list[list[str]] = []
    for fid, moves in scene.targets().items():
        shown.clear()
        x, y = scene.free_px(fid)
        for pos in ((x + 1, y), (x, y)):
            scene.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        app.mark_dirty()
        app.render()
        (home if moves[0].walk.visit >= 0 else other).append(list(shown))
    return home, other


def test_a_target_reached_through_the_hideout_says_what_the_cap_unloads(monkeypatch):
    home, other = hover_cards(monkeypatch, "en")
    assert home, "a target is reached through the hideout"
    assert all(card[-1] == "Goes home and unloads: locks up 1 prisoner" for card in home), home
    assert all(not any("unloads" in line for line in card) for card in other), other


def test_in_russian_too(monkeypatch):
    home, _ = hover_cards(monkeypatch, "ru")
    assert home and all(card[-1] == "Заходит домой и разгружается — запирает пленников: 1" for card in home), home


def test_the_core_says_nothing_for_a_move_that_never_goes_home():
    state = TrapState.from_notation(HOME)
    words = {m.walk.visit >= 0: state.describe_unloading(m) for m in state.legal_moves() if m.walk.path}
    assert words[True] == "locks up 1 prisoner" and words.get(False, "") == "", words

"""Trap the Cap's hover card says whose the golden cap is. Seen in a real window (golden cap game,
Russian): the star cap on the centre showed only "центр" (lower case, as mid-sentence in the log), and in a tower only "Золотой"; no list
on screen said that it belongs to nobody until brought home, or to whom. Now the card adds it, under the field's name written as a heading."""

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

SPEC = get_game("trap_the_cap")
ALONE = "red - C:gold home:red=red,red,red,red;green=green,green,green,green gold:- variant:golden_cap"
OWNED = ("yellow 6 R25:green+gold S_SW_1:green home:green=green,green;yellow=yellow,yellow,yellow,yellow "
         "locked: gold:yellow variant:golden_cap round:3")


@pytest.fixture(autouse=True)
def fast(monkeypatch, tmp_path):
    instant_scenes(monkeypatch, tmp_path)


def card_lines(monkeypatch, position: str, field: str, lang: str = "en", looks: bool = False) -> list:
    """The hover card's lines with the pointer on the first piece of ``field`` (with ``looks``:
    each with the cap drawn before it, or None)."""
    app = App(AppOptions(size=(1366, 768), headless=True, mute=True, lang=lang))
    base = new_session(SPEC, app.store, 2, "golden_cap", {}, [Seat("human")] * 2, 1)
    session = Session(SPEC, TrapState.from_notation(position), 1, base.meta)
    scene = make_scene(app, session)
    app.push_scene(scene)
    app.render()
    shown: list[str] = []
    real = sd.tooltip
    monkeypatch.setattr(sd, "tooltip", lambda surface, lines, *a, **k: (
        shown.extend(lines if looks else [t for t, _ in lines]), real(surface, lines, *a, **k)))
    x, y = scene.piece_px(field, 0)
    for pos in ((x + 1, y - 3), (x, y - 3)):
        scene.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.mark_dirty()
    app.render()
    return shown


def test_the_golden_cap_alone_says_it_is_nobodys(monkeypatch):
    lines = card_lines(monkeypatch, ALONE, "C")
    assert lines[0] == "Centre" and "nobody's" in lines[1], lines


def test_the_golden_cap_in_a_tower_names_its_owner(monkeypatch):
    lines = card_lines(monkeypatch, OWNED, "R25", "ru")
    assert lines[0].startswith("Башня из 2") and lines[-1] == "Золотой колпачок, владелец: Жёлтый", lines


def test_a_towers_card_draws_one_cap_per_cap_in_the_tower(monkeypatch):
    """"Tower of 2, top to bottom:" was followed by three lines with a cap each (Gold, Green and
    the golden cap's owner note): the note looked like a third cap. It keeps its words, no cap."""
    lines = card_lines(monkeypatch, OWNED, "R25", looks=True)
    assert lines[0][0] == "Tower of 2, top to bottom:"
    assert [text for text, look in lines if look is not None] == ["Gold", "Green"], lines
    assert lines[-1] == ("Golden cap: owned by Yellow", None)


SINGLE = "red - R25:green S_SW_1:red home:green=green,green,green;red=red,red,red locked:"


@pytest.mark.parametrize("lang, field, words", [("en", "R25", "Green cap"), ("ru", "S_SW_1", "Красный колпачок")])
def test_a_single_cap_names_its_colour_under_the_field(monkeypatch, lang, field, words):
    """A press (or hover) on one ordinary cap named only the field: at a table, where a long press
    is the way to ask, the player learnt nothing of the cap he pressed on."""
    lines = card_lines(monkeypatch, SINGLE, field, lang)
    assert len(lines) == 2 and lines[1] == words, lines


def test_no_card_while_a_move_slides(monkeypatch):
    """Seen in a real window: clicking a lit field left the pointer on it, and while the cap was
    still on its way the card there already said "Yellow spoke 5 / Red cap" (the board after the
    move, which the slide has not shown yet). The card waits until the piece has arrived."""
    app = App(AppOptions(size=(1366, 768), headless=True, mute=True))
    base = new_session(SPEC, app.store, 2, "golden_cap", {}, [Seat("human")] * 2, 1)
    scene = make_scene(app, Session(SPEC, TrapState.from_notation(SINGLE), 1, base.meta))
    app.push_scene(scene)
    shown: list[str] = []
    real = sd.tooltip
    monkeypatch.setattr(sd, "tooltip", lambda surface, lines, *a, **k: (shown.extend(t for t, _ in lines),
                                                                        real(surface, lines, *a, **k)))
    x, y = scene.piece_px("R25", 0)
    for pos in ((x + 1, y - 3), (x, y - 3)):
        scene.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    scene.timers.start("move", 5.0)
    app.mark_dirty()
    app.render()
    assert shown == []
    scene.timers.skip(lambda name: name == "move")
    app.mark_dirty()
    app.render()
    assert shown[-1] == "Green cap", shown

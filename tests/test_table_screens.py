"""Table mode rendered at 3840×2160 and 1920×1080 for every game and seat count, with a person in
every seat, measured as a player at each edge would: the board's share of the short side; every
strip inside its own edge and turned toward it (the pixels on screen are the upright strip turned);
what belongs to a seat (buttons, dice, a hand, Captain Flip's middle area) in his strip or turned
to him; a tap where his Menu is drawn opens it facing him, the same spot unturned does not; no two
texts overlap, none is cut, none is smaller than the minimum (the smallest text size, h/56: 38 px
on a 2160-line screen, cap height 24 px = 4.4 mm on a 32" 4K panel).

Renders only (no whole games): a few moves are played by the computer's rules to reach a person's
decision, then each position is drawn once with a text audit and once more from the kept pictures.
"""

from __future__ import annotations

import pygame
import pytest
from scene_input import click, instant_scenes

from tabletop import i18n
from tabletop.app import App, AppOptions
from tabletop.core import CHANCE
from tabletop.games import get_game
from tabletop.launch import Seat, advance, new_session
from tabletop.ui.game_scene import make_scene
from tabletop.ui.scene import MessageOverlay
from tabletop.ui.table import ANGLE, MIN_SHARE
from tabletop.ui.text_audit import TextAudit

CONFIGS = [("trap_the_cap", 2), ("trap_the_cap", 3), ("trap_the_cap", 4), ("plakoto", 2),
           ("chicken_chase", 2), ("chicken_chase", 3), ("chicken_chase", 4),
           ("captain_flip", 2), ("captain_flip", 3), ("captain_flip", 4), ("captain_flip", 5)]
SIZES = [(3840, 2160), (1920, 1080)]
MOVES = {"trap_the_cap": 14, "plakoto": 9, "chicken_chase": 30, "captain_flip": 9}


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_DATA", str(tmp_path))


def table_scene(game: str, players: int, size, moves: int | None = None, lang: str = "en"):
    app = App(AppOptions(size=size, headless=True, mute=True, table=True, lang=lang))
    spec = get_game(game)
    session = new_session(spec, app.store, players, None, {}, [Seat("human")] * players, 3)
    advance(session, MOVES[game] if moves is None else moves)
    for _ in range(60):  # on to a person's decision (or a roll he makes himself)
        st = session.state
        if st.current_player is None or st.current_player != CHANCE:
            break
        scene = make_scene(app, session)
        if scene.seat_is_human(scene.roller()):
            break
        advance(session, 1)
    scene = make_scene(app, session)
    scene.over_shown = True
    app.push_scene(scene)
    return app, scene


def drawn_share(scene) -> float:
    """The board as drawn, along the screen's short side, as a share of that side."""
    short = min(scene.size)
    turn = scene.facing() if hasattr(scene, "facing") else None
    if turn is not None:
        panel, vp = turn
        extent = vp.rect.h if panel.angle in (0, 180) else vp.rect.w
    else:
        extent = scene.viewport.rect.h if scene.size[0] >= scene.size[1] else scene.viewport.rect.w
    return extent / short


def touches_its_edge(panel, w: int, h: int) -> bool:
    r = panel.screen_rect
    return {"bottom": r.bottom == h, "top": r.top == 0, "left": r.left == 0, "right": r.right == w}[panel.edge]


@pytest.mark.parametrize("size", SIZES, ids=["2160p", "1080p"])
@pytest.mark.parametrize("game, players", CONFIGS)
def test_table_screen(game, players, size):
    app, scene = table_scene(game, players, size)
    w, h = size
    m = scene.metrics
    with TextAudit() as audit:
        app.render()
    assert drawn_share(scene) >= MIN_SHARE
    assert audit.overlaps() == []
    assert [(e.wanted or e.text) for e in audit.cut()] == []
    assert sorted({(e.text, e.size) for e in audit.smaller_than(m.small)}) == []
    screen = pygame.Rect((0, 0), size)
    acting = scene.acting_seat()
    for panel in scene.table_panels:
        assert screen.contains(panel.screen_rect) and touches_its_edge(panel, w, h), panel
        assert panel.angle == ANGLE[panel.edge]
        assert not panel.screen_rect.colliderect(scene.viewport.rect)
        parts = scene.table_parts[panel.seat]
        card = parts.card
        for b in scene.table_buttons[panel.seat]:  # the seat's own buttons, inside his own strip
            assert card.contains(b.rect), (panel.seat, b.label)
        assert card.contains(scene.table_menus[panel.seat].rect)
        if panel.seat == acting and scene.shows_dice() and scene.dice():
            assert card.contains(parts.dice) and parts.dice.w > 0
    if game == "chicken_chase":
        for panel in scene.table_panels:  # each hand in its owner's strip
            hand = scene.panel_hand(panel)
            assert hand is not None and all(scene.table_parts[panel.seat].extra.contains(c) for c in hand.cards)
    if game == "captain_flip":
        turn, _vp = scene.facing()
        assert turn.edge == scene.panel_of(scene.focus_seat()).edge
    # the screen shows each strip as its upright picture turned toward its edge, pixel for pixel
    shown = app.screen.copy()
    for panel in scene.table_panels:
        upright = scene._strip_base_for(panel, shown).copy()
        scene.draw_seat_panel(upright, panel, next((r for r in scene.player_rows() if r.seat == panel.seat), None),
                              panel.seat == acting and scene.state.current_player is not None)
        back = pygame.transform.rotate(shown.subsurface(panel.screen_rect), -panel.angle)
        assert back.get_size() == upright.get_size()
        sample = [(x, y) for x in range(0, upright.get_width(), 23) for y in range(0, upright.get_height(), 19)]
        assert sum(back.get_at(p) == upright.get_at(p) for p in sample) == len(sample), panel.edge
    # a kept picture is the same as a fresh one
    scene.dirty = True
    app.render()
    again = app.screen.copy()
    assert pygame.image.tobytes(again, "RGB") == pygame.image.tobytes(shown, "RGB")


@pytest.mark.parametrize("size", SIZES, ids=["2160p", "1080p"])
@pytest.mark.parametrize("game, players", [("trap_the_cap", 4), ("captain_flip", 5), ("chicken_chase", 3)])
def test_each_seat_taps_its_own_menu(game, players, size):
    """From every edge: a tap where that seat's Menu is drawn (turned) opens the menu card facing
    him; the same upright spot taken as if the strip were not turned does not."""
    app, scene = table_scene(game, players, size)
    app.render()
    for panel in scene.table_panels:
        menu = scene.table_menus[panel.seat].rect
        at = panel.to_screen(menu.center)
        click(app, at)
        card = app.top
        assert isinstance(card, MessageOverlay) and card.facing == panel.edge, panel
        app.pop_scene(card)
        unturned = (panel.screen_rect.x + menu.centerx, panel.screen_rect.y + menu.centery)
        local = panel.to_local(unturned)
        if panel.angle and local is not None and not menu.collidepoint(local):
            click(app, unturned)
            assert app.top is scene, panel
        app.render()


@pytest.mark.parametrize("game, players", [("trap_the_cap", 4), ("chicken_chase", 4), ("captain_flip", 5),
                                           ("plakoto", 2)])
def test_russian_strips_fit_too(game, players):
    try:
        app, scene = table_scene(game, players, (1920, 1080), lang="ru")
        with TextAudit() as audit:
            app.render()
        assert audit.overlaps() == []
        assert [(e.wanted or e.text) for e in audit.cut()] == []
        assert audit.smaller_than(scene.metrics.small) == []
    finally:
        i18n.set_language("en")


def test_a_card_faces_the_seat_that_asked_and_turns_round_the_table():
    app, scene = table_scene("trap_the_cap", 4, (1920, 1080))
    app.render()
    edges = scene.table_edge_cycle()
    assert edges == ["bottom", "left", "top", "right"]
    left = next(p for p in scene.table_panels if p.edge == "left")
    scene.open_table_menu(left.seat)
    card = app.top
    assert isinstance(card, MessageOverlay) and card.facing == "left"
    with TextAudit() as audit:
        app.render()
    assert audit.cut() == [] and audit.smaller_than(scene.metrics.small) == []
    frame = card.frame()
    assert frame is not None and frame.angle == 270
    # its buttons answer where they are drawn: the Turn button hands it on clockwise
    turn = card.turn_button
    click(app, frame.to_screen(turn.rect.center))
    assert card.facing == "top"
    app.render()
    frame = card.frame()
    close = card.row.buttons[-1]
    click(app, frame.to_screen(close.rect.center))
    assert app.top is scene


@pytest.mark.parametrize("notation, winner_edge", [
    ("w 65 1:w1 24:b15 off:w14,b0 match:0-0/1 start:w", "bottom"),
    ("b 65 1:w15 24:b1 off:w0,b14 match:0-0/1 start:b", "top"),
])
def test_the_result_card_faces_the_winner_and_a_result_tap_turns_it_to_the_tapper(notation, winner_edge,
                                                                                   monkeypatch, tmp_path):
    from tabletop.games.plakoto.rules import PlakotoState, Step

    instant_scenes(monkeypatch, tmp_path)
    app = App(AppOptions(size=(1920, 1080), headless=True, mute=True, table=True))
    session = new_session(get_game("plakoto"), app.store, 2, None, {"match": "1"}, [Seat("human")] * 2, 4)
    session.state = PlakotoState.from_notation(notation)
    session.initial = session.state.copy()
    scene = make_scene(app, session)
    app.push_scene(scene)
    app.render()
    assert scene.play(next(m for m in scene.state.legal_moves() if isinstance(m, Step) and m.to == 0))
    app.tick(0.0)
    card = app.top
    assert isinstance(card, MessageOverlay) and card.facing == winner_edge
    card.row.buttons[card.default].action()  # look at the board
    app.render()
    other = next(p for p in scene.table_panels if p.edge != winner_edge)
    result = next(b for b in scene.table_buttons[other.seat] if b.label == "Result")
    click(app, other.to_screen(result.rect.center))
    assert isinstance(app.top, MessageOverlay) and app.top.facing == other.edge


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("game, players", CONFIGS)
def test_every_text_fits_early_and_late_in_a_game(game, players, lang):
    """Other moments of the game (an opening, a later turn), both languages: every text whole, none
    over another, none under the minimum size."""
    try:
        for moves in (3, 80):
            app, scene = table_scene(game, players, (1920, 1080), moves, lang=lang)
            with TextAudit() as audit:
                app.render()
            assert audit.overlaps() == [], moves
            assert [(e.wanted or e.text) for e in audit.cut()] == [], moves
            assert audit.smaller_than(scene.metrics.small) == [], moves
    finally:
        i18n.set_language("en")

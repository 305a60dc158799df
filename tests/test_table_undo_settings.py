"""A table has what the window has: Undo for the person whose move still stands open (the window
keeps it until the next player acts; at a table only the acting seat's strip had buttons, so
with a computer next nobody could take a move back), and Settings in each strip's Menu (the text
size could not be changed mid-game), on a card that faces the seat that opened it."""

from __future__ import annotations

import random

import pytest
from scene_input import click, instant_scenes, random_step

from tabletop import i18n
from tabletop.app import App, AppOptions
from tabletop.games import get_game
from tabletop.launch import Seat, new_session
from tabletop.ui.game_scene import make_scene
from tabletop.ui.scene import MessageOverlay
from tabletop.ui.settings import SettingsScene
from tabletop.ui.text_audit import TextAudit


@pytest.fixture(autouse=True)
def fast(monkeypatch, tmp_path):
    instant_scenes(monkeypatch, tmp_path)
    yield
    i18n.set_language("en")


def table(seats: list[str], size=(1920, 1080)):
    app = App(AppOptions(size=size, headless=True, mute=True, table=True, lang="ru"))
    session = new_session(get_game("trap_the_cap"), app.store, len(seats), None, {}, [Seat(s) for s in seats], 5)
    scene = make_scene(app, session)
    app.push_scene(scene)
    app.render()
    return app, scene


def test_the_last_movers_strip_offers_undo_while_a_computer_is_next():
    app, scene = table(["human", "human", "ai:easy", "human"])
    scene.timers.start("ai", 3600)  # the computer waits: the move before it stays open to Undo
    rng = random.Random(1)
    for _ in range(40):
        last = scene.session.last_mover()
        if last is not None and last >= 0 and scene.acting_seat() == 2 and scene.can_undo():
            break
        random_step(app, scene, rng)
    assert scene.acting_seat() == 2 and scene.can_undo()
    scene.table_relayout()
    undo = [b for b in scene.table_buttons[last] if b.action == scene.undo]
    assert len(undo) == 1, {s: [b.label for b in bs] for s, bs in scene.table_buttons.items()}
    moves = len(scene.session.played)
    app.render()
    click(app, scene.panel_of(last).to_screen(undo[0].rect.center))
    assert len(scene.session.played) < moves and scene.acting_seat() == last


@pytest.mark.parametrize("edge", ["right", "left", "top"])
def test_settings_from_a_seats_menu_face_him_and_change_the_text_size(edge):
    app, scene = table(["human"] * 4, (3840, 2160))
    panel = next(p for p in scene.table_panels if p.edge == edge)
    click(app, panel.to_screen(scene.table_menus[panel.seat].rect.center))
    menu = app.top
    assert isinstance(menu, MessageOverlay)
    app.render()
    button = next(b for b in menu.row.buttons if b.label == "Настройки")
    click(app, menu.frame().to_screen(button.rect.center))
    settings = app.top
    assert isinstance(settings, SettingsScene) and settings.facing == edge and settings.turn_button is not None
    app.render()
    frame = settings.frame()
    entry = next(e for e in settings.entries if e.key == "ui_scale")
    before = app.ui_scale
    click(app, frame.to_screen(entry.buttons[-1].rect.center))  # its ▶ where the seat sees it
    assert app.ui_scale > before
    app.render()
    frame = settings.frame()
    done = settings.row.buttons[-1]
    click(app, frame.to_screen(done.rect.center))
    assert app.top is scene


@pytest.mark.parametrize("size", [(3840, 2160), (1366, 768)])
@pytest.mark.parametrize("edge", ["bottom", "right"])
def test_menu_and_settings_cards_keep_every_label_whole_at_130_percent(edge, size):
    """The Menu's five buttons in one row set «Выключить звук» at a fraction of the others' size;
    the Settings' «Делать вынужденные ходы автоматически» was set smaller than its neighbours and
    cut. Now the Menu's buttons take rows and a long setting two lines, all in body type."""
    app, scene = table(["human"] * 4, size)
    app.ui_scale = 1.3
    app.relayout()
    panel = next(p for p in scene.table_panels if p.edge == edge)
    scene.open_table_menu(panel.seat)
    menu = app.top
    with TextAudit() as audit:
        app.render()
    labels = {b.label for b in menu.row.buttons}
    body = menu.metrics.body
    assert [(e.text, e.size) for e in audit.placed() if e.text in labels and e.size < body] == []
    assert audit.cut() == []
    settings_button = next(b for b in menu.row.buttons if b.label == "Настройки")
    settings_button.action()
    settings = app.top
    assert isinstance(settings, SettingsScene)
    with TextAudit() as audit:
        app.render()
    words = {w for label, _ in settings.labels for w in label.split()}
    small = [(e.text, e.size) for e in audit.placed() if set(e.text.split()) <= words and e.size < body]
    assert small == [] and audit.cut() == []


@pytest.mark.parametrize("edge", ["right", "top"])
def test_settings_card_at_a_table_turns_only_the_card(edge, monkeypatch):
    """The Settings card painted a whole upright screen per frame and turned a part of it (at 4K
    far more than the card); it now paints the card alone, with the same pixels."""
    import pygame

    from tabletop.ui import draw

    app, scene = table(["human"] * 4, (3840, 2160))
    panel = next(p for p in scene.table_panels if p.edge == edge)
    scene.open_table_menu(panel.seat)
    next(b for b in app.top.row.buttons if b.label == "Настройки").action()
    settings = app.top
    assert isinstance(settings, SettingsScene)
    app.render()
    frame = settings.frame()
    under = app.screen.copy()
    painted: list[tuple[int, int]] = []
    real_paint = settings._paint

    def spy(surface, veil):
        painted.append(surface.get_size())
        return real_paint(surface, veil)

    monkeypatch.setattr(settings, "_paint", spy)
    now = under.copy()
    settings.draw(now)
    # the old way, written out: the whole upright screen painted, the card's part turned
    old = under.copy()
    draw.dim(old)
    upright = pygame.Surface(frame.size, pygame.SRCALPHA)
    real_paint(upright, veil=False)
    region = settings.card.inflate(4 * settings.metrics.pad, 4 * settings.metrics.pad).clip(upright.get_rect())
    frame.blit(old, upright.subsurface(region), region)
    assert painted == [region.size]
    assert pygame.image.tobytes(now, "RGB") == pygame.image.tobytes(old, "RGB")


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_seats_menu_says_whose_it_is_and_what_its_buttons_do(lang, tmp_path, monkeypatch):
    """A new player read "Trap the Cap: Red", "Sound off" (the state, or the action?) and a bare
    "Turn" (a game's turn?): the card now says whose menu it is, the sound button what it does,
    and the button that hands the card round says so."""
    monkeypatch.setenv("TABLETOP_DATA", str(tmp_path))
    app = App(AppOptions(size=(1920, 1080), headless=True, mute=False, table=True, lang=lang))
    spec = get_game("trap_the_cap")
    scene = make_scene(app, new_session(spec, app.store, 3, None, {}, [Seat("human")] * 3, 1))
    app.push_scene(scene)
    app.render()
    scene.open_table_menu(0)
    card = app.top
    assert isinstance(card, MessageOverlay)
    labels = [b.label for b in card.row.buttons] if hasattr(card, "row") else [b.label for b in card.buttons.buttons]
    name = scene.seat_name(0)
    if lang == "en":
        assert card.body == f"Trap the Cap — {name}'s menu"
        assert ("Turn sound off" if app.audio.enabled else "Turn sound on") in labels
        assert card.turn_button is not None and card.turn_button.label == "Pass on"
    else:
        assert card.body.endswith(f"меню игрока: {name}")
        assert "Выключить звук" in labels or "Включить звук" in labels

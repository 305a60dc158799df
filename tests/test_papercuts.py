"""Papercuts from issue 16, each with its test: Captain Flip's other boards show their bonuses in
words, tile names are never shortened, the drawn tile's words stay beside its picture on a 4K
table screen, the Cartographer's words follow the game (solo or not); Chicken Chase's number keys
pick the die shown under that number, also after one was used."""

from __future__ import annotations

import random

import pygame
import pytest
from scene_input import instant_scenes

from tabletop.app import App, AppOptions
from tabletop.core import CHANCE
from tabletop.games import get_game
from tabletop.games.captain_flip import scene_draw as sd
from tabletop.games.captain_flip import scene_text as txt
from tabletop.games.captain_flip.scene_geom import card_tile
from tabletop.i18n import set_language, tr
from tabletop.launch import Seat, new_session
from tabletop.layout import BoardStore
from tabletop.ui.game_scene import make_scene
from tabletop.ui.text_audit import TextAudit
from tabletop.ui.theme import Metrics

CF = get_game("captain_flip")


@pytest.fixture(autouse=True)
def quick(monkeypatch, tmp_path):
    instant_scenes(monkeypatch, tmp_path)
    yield
    set_language("en")
    pygame.display.quit()


def cf_scene(size, players, variant="A", table=False, lang="en", drawn=None, seed=5):
    """A Captain Flip scene of people only, played at random until ``drawn`` is the drawn tile."""
    app = App(AppOptions(size=size, headless=True, mute=True, table=table, lang=lang))
    session = new_session(CF, app.store, players, variant, {}, [Seat("human")] * players, seed)
    rng = random.Random(1)
    chars = session.state.layout.tiles.characters
    for _ in range(500):
        state = session.state
        if drawn is None or (state.drawn is not None and chars[state.drawn[0]].id == drawn
                             and state.current_player not in (None, CHANCE)):
            break
        if state.current_player == CHANCE:
            session.roll()
        else:
            session.play(rng.choice(state.legal_moves()))
    scene = make_scene(app, session)
    scene.over_shown = True
    app.push_scene(scene)
    return app, scene


@pytest.mark.parametrize("size,players", [((1366, 768), 3), ((1024, 600), 2), ((1920, 1080), 3)])
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_other_captains_boards_show_their_bonuses_in_words_not_a_dot(size, players, lang):
    app, scene = cf_scene(size, players, "E", lang=lang)
    with TextAudit() as audit:
        app.render()
    board = scene.board
    draw_col = next(i for i, c in enumerate(board.columns) if c.bonus.kind == "draw_if_all_identical")
    column = board.columns[draw_col]
    small = [slot for slot in scene.current_slots() if not slot.big]
    assert small
    for slot in small:
        space = sd.px(scene.viewport, slot.space(board, draw_col, column.top))
        tag = sd.px(scene.viewport, slot.tag(board, draw_col))
        words = [e.text for e in audit.placed() if pygame.Rect(e.rect).colliderect(space.union(tag))]
        assert " ".join(words) == tr("Draw if ="), (slot.seat, words)


def test_tile_names_are_whole_or_absent_never_shortened():
    pygame.font.init()
    chars = CF.load_layout(BoardStore([]), "A").tiles.characters
    for lang in ("en", "ru"):
        set_language(lang)
        names = {tr(c.id) for c in chars}
        for height in (600, 768, 1080, 2160):
            m = Metrics(height)
            for tile_px in range(16, 260, 4):
                captions = [sd.tile_caption(chars, face, tile_px, m.small, m.tiny) for face in range(len(chars))]
                assert all(captions) or not any(captions)
                assert {c[0] for c in captions if c} <= names, "a name is shown whole"
                assert all(c[1] >= m.tiny for c in captions if c), "never below the readable size"
    set_language("en")
    m = Metrics(600)
    room = next(px for px in range(16, 260) if sd.text_fits("Cartographer", m.tiny, px - max(4, px // 12), True))
    words, size = sd.tile_caption(chars, 5, room, m.small, m.tiny)
    assert words == "Cartographer" and m.tiny <= size < m.small, \
        "where 'Cartogr.' used to be shown, the whole name now fits in a smaller (readable) size"


def test_the_drawn_tiles_words_stay_beside_its_picture_on_a_4k_table():
    app, scene = cf_scene((3840, 2160), 2, table=True, drawn="Monkey")
    with TextAudit() as audit:
        app.render()
    turn = scene.facing()  # the captain at the top edge sees the middle area turned: drawn upright apart
    # turned, the area is painted upright on its own surface: the first one the frame kept for the audit
    vp, on = (turn[1], id(scene._audited[0])) if turn else (scene.viewport, id(app.screen))
    parts = scene.parts
    tile = sd.px(vp, card_tile())
    card = sd.px(vp, parts.card)
    rows = sd.px(vp, parts.card_map())
    words = [e for e in audit.placed() if e.surface == on and card.contains(pygame.Rect(e.rect))
             and e.rect[1] >= tile.y - 4 and pygame.Rect(e.rect).bottom <= rows.y]
    assert any(tr("Monkey") == e.text for e in words)
    under = [e.text for e in words if e.rect[0] < tile.right]
    assert under == [], f"words under the tile's picture: {under}"


@pytest.mark.parametrize("players", [4, 1])
def test_the_cartographers_words_follow_the_game(players):
    app, scene = cf_scene((1366, 768), players, drawn="Cartographer")
    chars = scene.state.layout.tiles.characters
    cartographer = chars[[c.id for c in chars].index("Cartographer")]
    shown = " ".join(words for words, _bold in scene.painter.drawn_lines(chars.index(cartographer), None))
    assert scene.state.drawn is not None and chars[scene.state.drawn[0]].id == "Cartographer"
    if players == 1:
        assert "put it back" in shown and "another captain" not in shown
    else:
        assert "another captain" in shown and "solo" not in shown and "put it back" not in shown
    tip = " ".join(w for w, _ in txt.character_lines(cartographer, solo=players == 1))
    assert ("put it back" in tip) == (players == 1)
    app.render()


def test_chicken_chase_number_keys_pick_the_die_shown_under_that_number_after_one_is_used():
    from tabletop.games.chicken_chase.moves import ChooseRoll

    spec = get_game("chicken_chase")
    app = App(AppOptions(size=(1366, 768), headless=True, mute=True))
    for seed in range(40):  # a first roll of three different values
        session = new_session(spec, app.store, 2, None, {}, [Seat("human"), Seat("human")], seed, first_player=0)
        rng = random.Random(seed)
        while session.state.phase != "place" and session.state.current_player is not None:
            state = session.state
            if state.current_player == CHANCE:
                session.roll()
            else:
                moves = state.legal_moves()
                session.play(next((m for m in moves if isinstance(m, ChooseRoll)), rng.choice(moves)))
        if len(set(session.state.dice)) == 3:
            break
    scene = make_scene(app, session)
    app.push_scene(scene)
    app.render()
    shown = [v for v, _i in scene.dice_entries()]

    def press(k):
        app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=""))
        app.render()

    press(pygame.K_1)
    assert scene.group() == (shown[0],)
    assert shown[0] in scene.place_targets()
    scene.click_feed(shown[0])  # the lit field of that die's value
    assert [i < 0 for _v, i in scene.dice_entries()] == [True, False, False], "the used die keeps its place"
    press(pygame.K_2)
    assert scene.group() == (shown[1],), "key 2 is the die shown second"
    press(pygame.K_2)
    assert scene.group() == (), "pressed again: dropped"
    press(pygame.K_3)
    assert scene.group() == (shown[2],), "key 3 is the die shown third"
    press(pygame.K_1)
    assert scene.group() == (shown[2],), "the used die's key does nothing"
    assert shown[2] in scene.place_targets()
    scene.click_feed(shown[2])
    assert [i < 0 for _v, i in scene.dice_entries()] == [True, False, True], "the click places the selected die"


def test_a_captains_name_in_a_boards_header_is_whole_smaller_or_absent_never_cut():
    pygame.font.init()
    m = Metrics(600)
    assert sd.fit_name("Yellow", m.body, m.tiny, 400, True) == ("Yellow", m.body)
    word, size = sd.fit_name("Yellow", m.body, m.tiny, sd.theme.font(m.tiny, True).size("Yellow")[0] + 1, True)
    assert word == "Yellow" and m.tiny <= size < m.body, "smaller type before anything shorter"
    assert sd.fit_name("Computer 2 (easy)", m.body, m.tiny, 60, True)[0] in ("Computer 2", "C2")
    assert sd.fit_name("Yellow", m.body, m.tiny, 8, True) is None, "the header's piece names the seat then"

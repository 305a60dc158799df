"""Captain Flip's boards drawn outside play (the menu's picture, the How to play diagram): a
column's tag never covers the words in its top space, the lit target's rim never covers a tag, the
arrow never hides a top space's words, and board D's "+2×col" is set as large as the other top
spaces' words."""

from __future__ import annotations

import dataclasses

import pygame
import pytest

from tabletop.app import App, AppOptions
from tabletop.core import Setup
from tabletop.games import all_games
from tabletop.games.captain_flip import scene_draw as sd
from tabletop.games.captain_flip.moves import Place
from tabletop.games.captain_flip.scene_geom import FRAME
from tabletop.ui import draw
from tabletop.ui.moments import find_moment

SPEC = all_games()["captain_flip"]
TAG_RGB = (74, 52, 30)


@pytest.fixture
def store(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_DATA", str(tmp_path))
    app = App(AppOptions(size=(800, 600), headless=True, mute=True))
    yield app.store
    pygame.display.quit()


def count(surface: pygame.Surface, r: pygame.Rect, rgb) -> int:
    r = r.clip(surface.get_rect())
    return sum(surface.get_at((x, y))[:3] == tuple(rgb) for x in range(r.left, r.right) for y in range(r.top, r.bottom))


@pytest.mark.parametrize("variant", list("ABCDE"))
@pytest.mark.parametrize("size,small", [((260, 200), 12), ((330, 250), 12), ((480, 400), 12), ((900, 700), 22)])
def test_a_tag_taller_than_its_place_grows_away_from_the_top_space(store, variant, size, small):
    board = SPEC.load_layout(store, variant).board
    vp, slot = sd.lone_board(pygame.Rect((0, 0), size), board)
    for ci, column in enumerate(board.columns):
        box = sd.tag_box(vp, slot, board, ci, sd.bonus_short(column.bonus, False), small)
        if box is not None:
            space = sd.px(vp, slot.space(board, ci, column.top))
            assert box.bottom <= space.top + 1, (ci, box, space)  # +1: rounding to pixels


def test_the_menu_picture_sets_board_d_s_words_alike(store, monkeypatch):
    """"+2×col" went down to the smallest plain size on one line before it was tried on two."""
    layout = SPEC.load_layout(store, "D")
    said: list[tuple[str, int, bool]] = []
    text = draw.text
    monkeypatch.setattr(draw, "text", lambda surface, words, at, size, *a, bold=False, **k:
                        said.append((words, size, bold)) or text(surface, words, at, size, *a, bold=bold, **k))
    surface = pygame.Surface((330, 250))
    sd.paint_lone_board(surface, surface.get_rect(), layout, SPEC.new_state(Setup(4, "D", {}, layout, 0)), 0, 12)
    pay = next((size, bold) for words, size, bold in said if words == "pay 1" and size >= 10)
    col = [(size, bold) for words, size, bold in said if "col" in words and "completed" not in words]
    assert col and all(found == pay for found in col), (pay, col, said)


def test_the_rules_picture_keeps_tags_and_top_space_words_over_the_highlights_and_the_arrow(store):
    layout = SPEC.load_layout(store, "D")
    board = layout.board
    state = SPEC.new_state(Setup(2, "D", {}, layout, 0))
    found = find_moment(state, lambda p, m: isinstance(m, Place) and sum(map(len, p.boards[p.actor])) >= 5)
    assert found is not None
    position, move = found
    rect = pygame.Rect(0, 0, 480, 400)
    plain, picture = pygame.Surface(rect.size), pygame.Surface(rect.size)
    vp, slot = sd.paint_lone_board(plain, rect, layout, position, position.actor, 12, board.space[0] * 1.4 + FRAME)
    sd.paint_place_picture(picture, rect, layout, position, move, 12)
    tags = sd.tag_rects(vp, slot, board, 12, False)
    assert tags and all(count(picture, r, TAG_RGB) == count(plain, r, TAG_RGB) for r in tags), "no rim over a tag"
    crossed = 0
    for ci, column in enumerate(board.columns):
        if column.bonus.kind == "none" or ci == move.col or len(position.boards[position.actor][ci]) == column.height:
            continue
        space = sd.px(vp, slot.space(board, ci, column.top))
        ink = board.colours["outline"]
        assert count(picture, space, ink) >= count(plain, space, ink), f"column {ci + 1}'s words under the arrow"
        crossed += count(picture, space, (255, 255, 255)) > 0
    assert crossed, "the arrow crosses an empty top space (board D's +2 per completed column)"


@pytest.mark.parametrize("variant", ["A", "C", "E"])
def test_a_small_boards_map_space_shows_the_map_when_its_word_does_not_fit(store, monkeypatch, variant):
    """Another captain's small board in Russian: «Карта» (and board E's flip and draw bonuses) fitted neither
    the tag nor the top space, and the space stayed blank under a gold dot; the Treasure Map's
    picture (the turning tile, a tile's back with "+") goes there."""
    from tabletop.i18n import in_language

    board = SPEC.load_layout(store, variant).board
    vp, slot = sd.lone_board(pygame.Rect(0, 0, 130, 120), board)
    slot = dataclasses.replace(slot, big=False)
    drawn: list[tuple[int, int]] = []
    for name in ("map_token", "flip_token", "draw_token"):
        token = getattr(sd, name)
        monkeypatch.setattr(sd, name, lambda surface, centre, h, token=token: drawn.append(centre) or token(surface, centre, h))
    surface = pygame.Surface((130, 120))
    with in_language("ru"):
        for ci, column in enumerate(board.columns):
            if column.bonus.kind in (*sd.MAP_BONUSES, "flip_if_all_different", "draw_if_all_identical"):
                drawn.clear()
                sd.draw_tag(surface, vp, slot, board, ci, sd.bonus_short(column.bonus, False), 12, least=12)
                space = sd.px(vp, slot.space(board, ci, column.top))
                assert drawn and space.collidepoint(drawn[0]), (ci, drawn, space)


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("variant", list("ABCDE"))
@pytest.mark.parametrize("size,small", [((380, 372), 12), ((507, 464), 13), ((1416, 1289), 38)])
def test_the_rules_pictures_dot_and_lit_rim_cover_no_words(store, monkeypatch, lang, variant, size, small):
    """How to play on boards C and D: the tile went onto column 1's top space, and the arrow's dot
    in its middle covered "take the Treasure Map" ("+3 coins"); a tile going onto a bottom space
    has the target's wide rim over the column's number under it. No word drawn before the dot and
    the rim lies under either (the sizes: the picture at 1024×600, 1366×768 and a 4K table)."""
    from unittest import mock

    from tabletop.games.captain_flip.scene import CaptainFlipScene
    from tabletop.i18n import set_language
    from tabletop.ui import text_audit, theme

    layout = SPEC.load_layout(store, variant)
    surface = pygame.Surface(size)
    covers: list[tuple[pygame.Rect, int]] = []  # (what covers, how many texts were drawn before it)
    circle, highlight = pygame.draw.circle, sd.highlight

    def dot(surf, rgb, centre, radius, *args, **kw):
        if tuple(rgb)[:3] == tuple(theme.SELECT):
            covers.append((pygame.Rect(centre[0] - radius, centre[1] - radius, 2 * radius, 2 * radius),
                           len(audit.entries)))
        return circle(surf, rgb, centre, radius, *args, **kw)

    def lit(surf, r, strong=False):
        if strong:
            width = max(3, r.w // 14) + max(2, r.w // 30)  # the strong rim's and its ring's reach
            covers.append((r.inflate(3 * width, 3 * width), len(audit.entries)))
        return highlight(surf, r, strong)

    set_language(lang)
    try:
        with mock.patch.object(pygame.draw, "circle", dot), mock.patch.object(sd, "highlight", lit), \
                text_audit.TextAudit() as audit:
            assert CaptainFlipScene.draw_rules_picture(surface, surface.get_rect(), SPEC, layout, small)
    finally:
        set_language("en")
    assert len(covers) == 2, covers  # the target's rim, the arrow's dot
    for cover, drawn in covers:
        under = [e.text for e in audit.entries[:drawn] if e.rect is not None and e.text.strip()
                 and pygame.Rect(e.rect).colliderect(cover)]
        assert not under, f"{under} under {cover}"

"""The app's text face (tabletop.ui.face): letters evenly spaced, measures as SDL_ttf's were.

The bundled font's kerning pairs put a pixel or so between letters that the letters themselves do
not have ("previou s", "Righ t", "wai ting", "C aptain" at 1366×768); the face draws without them,
and keeps the line height, height, ascent and descent ``pygame.font.Font`` had, so no layout moves.
"""

from __future__ import annotations

import os

import pygame
import pytest

from tabletop.ui import theme
from tabletop.ui.face import Face

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

LAPTOP = theme.Metrics(768)
TABLE = theme.Metrics(2160, table=True)
SIZES = [LAPTOP.tiny, LAPTOP.small, LAPTOP.body, LAPTOP.large, TABLE.small, TABLE.body, TABLE.title]
# the words the reviewer saw pulled apart, and their Russian neighbours
WORDS = ["previous", "Right", "Enter", "waiting", "Captain", "island", "starts", "computer",
         "Капитан", "остров", "прошлый", "ждёт"]
LINES = ["previous. Left/Right change it, Enter starts.", "computer waiting · Captain · island",
         "Ход: Капитан ждёт, остров — прошлый", "ÅÉ gjpq |", "(1 6 9)", "—"]


@pytest.fixture(autouse=True)
def _fonts():
    pygame.font.init()
    yield


def _ink_columns(img: pygame.Surface) -> list[bool]:
    return [any(img.get_at((x, y)).a > 40 for y in range(img.get_height())) for x in range(img.get_width())]


@pytest.mark.parametrize("bold", [False, True])
@pytest.mark.parametrize("size", SIZES)
def test_nothing_is_put_between_letters(size, bold):
    """A word (and the space after it) is as wide as its letters' advances one after another, as
    SDL_ttf gives them letter by letter: no pair of letters gets extra room."""
    f = theme.font(size, bold)
    letters = pygame.font.Font(None, int(size * 1.25))
    letters.set_bold(bold)
    for word in WORDS:
        advances = sum(m[4] for m in letters.metrics(word + " "))
        assert f.size(word + " ")[0] == advances, (word, size, bold)


@pytest.mark.parametrize("size", [LAPTOP.small, LAPTOP.body])
def test_letters_stand_where_their_advances_put_them(size):
    """What the reviewer saw: at the laptop's sizes every word's ink, column by column, is its
    letters drawn one by one at their advances (SDL_ttf's own, letter by letter) — no letter is
    shifted a pixel away from its neighbour ("Righ t", "wai ting", "C aptain")."""
    f = theme.font(size)
    letters = pygame.font.Font(None, int(size * 1.25))
    for word in WORDS:
        drawn = f.render(word, True, theme.INK)
        apart = pygame.Surface(drawn.get_size(), pygame.SRCALPHA)
        x = 0
        for ch, m in zip(word, letters.metrics(word), strict=True):
            apart.blit(f.render(ch, True, theme.INK), (x, 0))
            x += m[4]
        assert _ink_columns(drawn) == _ink_columns(apart), word


@pytest.mark.parametrize("bold", [False, True])
@pytest.mark.parametrize("size", SIZES)
def test_vertical_measures_are_sdl_ttf_ones(size, bold):
    """Line height, height, ascent, descent and every rendered line's height and baseline are the
    ones ``pygame.font.Font`` gave, so every layout keeps its rows."""
    old = pygame.font.Font(None, int(size * 1.25))
    old.set_bold(bold)
    new = theme.font(size, bold)
    assert (new.get_linesize(), new.get_height(), new.get_ascent(), new.get_descent()) == (
        old.get_linesize(), old.get_height(), old.get_ascent(), old.get_descent())
    for line in LINES + WORDS + [""]:
        assert new.size(line)[1] == old.size(line)[1], line
        a, b = old.render(line, True, theme.INK), new.render(line, True, theme.INK)
        assert a.get_height() == b.get_height(), line
        if line.strip():
            rows_a = [y for y in range(a.get_height()) if any(a.get_at((x, y)).a > 100 for x in range(a.get_width()))]
            rows_b = [y for y in range(b.get_height()) if any(b.get_at((x, y)).a > 100 for x in range(b.get_width()))]
            assert abs(rows_a[0] - rows_b[0]) <= 1 and abs(rows_a[-1] - rows_b[-1]) <= 1, line


@pytest.mark.parametrize("size", SIZES)
def test_widths_only_lose_the_kerning(size):
    """Same letters, same advances: a line is at most as wide as before plus a pixel or two of
    rounding (bold), and narrower only by what the pairs had added (a few percent)."""
    for bold in (False, True):
        old = pygame.font.Font(None, int(size * 1.25))
        old.set_bold(bold)
        new = theme.font(size, bold)
        for line in LINES:
            before, after = old.size(line)[0], new.size(line)[0]
            assert before * 0.9 <= after <= before + max(2, size // 10), (line, bold, before, after)


@pytest.mark.parametrize("size", [LAPTOP.small, TABLE.small])
def test_bold_is_bolder_and_rendered_in_the_colour(size):
    regular, bold = (theme.font(size, b).render("Captain остров", True, (200, 40, 30)) for b in (False, True))

    def ink(img):
        return sum(img.get_at((x, y)).a for x in range(img.get_width()) for y in range(img.get_height()))

    assert ink(bold) > 1.1 * ink(regular)
    assert bold.get_width() > regular.get_width()
    solid = [bold.get_at((x, y)) for x in range(bold.get_width()) for y in range(bold.get_height())
             if bold.get_at((x, y)).a == 255]
    assert solid and all(tuple(c)[:3] == (200, 40, 30) for c in solid)


def test_cyrillic_is_drawn_not_boxes():
    f = theme.font(LAPTOP.body)
    missing = pygame.image.tobytes(f.render("\ue000", True, theme.INK), "RGBA")
    for ch in "АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯабвгдеёжзийклмнопрстуфхцчшщъыьэюя":
        img = f.render(ch, True, theme.INK)
        assert any(_ink_columns(img)), ch
        assert pygame.image.tobytes(img, "RGBA") != missing, ch


def test_face_is_what_theme_measures_with():
    assert isinstance(theme.font(LAPTOP.small), Face)
    img = theme.render("waiting", LAPTOP.small)
    assert img.get_size() == (theme.font(LAPTOP.small).size("waiting")[0],
                              theme.font(LAPTOP.small).get_linesize())

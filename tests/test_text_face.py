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


def test_a_no_break_space_keeps_its_words_on_one_line_and_measures_as_a_space():
    """A saved game's date and time ("2026-12-02 16:34") were split over two lines of the
    game-in-progress card: they are joined by a no-break space, which the font has no glyph for,
    so it is measured and drawn as a plain space but never broken at."""
    size = LAPTOP.body
    joined = f"2026-12-02{theme.NBSP}16:34"
    assert theme.font(size).size(joined) == theme.font(size).size("2026-12-02 16:34")
    text = f"Red, Green · 4 moves · {joined}"
    width = theme.font(size).size("Red, Green · 4 moves · 2026-12-02")[0] + 2  # the old break fell here
    lines = theme.wrap(text, size, width)
    assert any(joined in line for line in lines), lines


def test_the_continue_list_joins_a_saved_games_date_and_time(tmp_path):
    from tabletop.games import get_game
    from tabletop.launch import Seat, new_session
    from tabletop.layout import BoardStore
    from tabletop.saves import SaveSlot
    from tabletop.ui.continue_list import SavedGame

    spec = get_game("plakoto")
    session = new_session(spec, BoardStore.default(None), 2, None, {}, [Seat("human")] * 2, seed=1)
    slot = SaveSlot(tmp_path)
    assert slot.write(session)
    entry = SavedGame.read(slot, {"plakoto": spec})
    assert entry is not None
    when = entry.detail.rsplit(" · ", 1)[-1]
    assert theme.NBSP in when and " " not in when, entry.detail

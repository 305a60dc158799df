"""The menu at every text size the settings offer, at 1366×768, 1024×600 and a 3840×2160 table
screen, in English and Russian: the board picture keeps its least height (lower, Plakoto's point
numbers and Chicken Chase's field numbers run into each other), the game cards, the picture and the
form stand apart inside the window, and no text is cut, spills out of its box or overlaps another —
the picture's own texts included, drawn afresh for the audit."""

from __future__ import annotations

import pygame
import pytest
from text_fit import Problem, audit_top, close_app, problems, report

from tabletop.app import App, AppOptions
from tabletop.games import all_games
from tabletop.ui.menu import PREVIEW_LINES, MenuScene
from tabletop.ui.settings import SCALES

WINDOWS = {"1366x768": ((1366, 768), False), "1024x600": ((1024, 600), False), "table 3840x2160": ((3840, 2160), True)}


@pytest.fixture(autouse=True)
def data(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_DATA", str(tmp_path))
    yield
    close_app()


def placed(menu: MenuScene) -> list[str]:
    """What stands where it should not: cards outside the column or on each other, the picture
    on a card, outside the column or lower than its least height, the form on the left column."""
    m = menu.metrics
    out = []
    cards = [r for _gid, r in menu.cards]
    out += [f"card {r} outside the column {menu.left}" for r in cards if not menu.left.contains(r)]
    out += [f"cards {a} and {b} overlap" for i, a in enumerate(cards) for b in cards[i + 1:] if a.colliderect(b)]
    pr = menu.preview_rect
    if not pr.h:
        out.append("no board picture")
    else:
        out += [f"the picture {pr} covers card {r}" for r in cards if pr.colliderect(r)]
        if not menu.left.contains(pr):
            out.append(f"the picture {pr} is outside the column {menu.left}")
        picture_h = pr.h - 2 * m.pad - menu.caption_h  # the panel's pad and the tagline over the picture
        if picture_h < PREVIEW_LINES * m.small:
            out.append(f"the picture is {picture_h}px high, under {PREVIEW_LINES} lines of {m.small}px")
    if menu.left.colliderect(menu.right):
        out.append("the game list runs into the form")
    screen = pygame.Rect((0, 0), menu.size)
    out += [f"{b.label!r} {b.rect} is off the screen" for b in menu.row.buttons if not screen.contains(b.rect)]
    return out


@pytest.mark.parametrize("lang", ("en", "ru"))
@pytest.mark.parametrize("window", list(WINDOWS))
def test_the_menu_lays_out_at_every_text_size(window, lang):
    size, table = WINDOWS[window]
    app = App(AppOptions(size=size, headless=True, mute=True, table=table, lang=lang))
    found = []
    for scale in SCALES:
        app.ui_scale = scale
        for gid in all_games():
            menu = MenuScene(app, gid)
            app.replace_scenes(menu)
            menu.current.players = max(menu.current.allowed_players())  # the tallest form, the fullest board
            menu.layout(menu.size)
            menu.previews._cache.clear()  # the picture drawn under the audit: its numbers are judged too
            where = f"{window} {lang} {round(scale * 100)}% {gid}"
            found += problems(audit_top(app), where, menu.metrics.tiny)
            found += [Problem(where, what) for what in placed(menu)]
    assert not found, report(found)


def test_a_window_too_short_for_the_picture_leaves_it_out_and_keeps_the_full_cards(tmp_path):
    """A wide, very short window: no room for a readable board under the cards, so there is none
    (no sliver of a picture), and every card still shows its tagline."""
    app = App(AppOptions(size=(1366, 340), headless=True, mute=True))
    app.ui_scale = 1.3
    menu = MenuScene(app, "plakoto")
    app.replace_scenes(menu)
    assert menu.preview_rect.h == 0
    assert menu.caption_h == 0
    audit = audit_top(app)
    drawn = {e.text for e in audit.placed()}
    assert "The Greek tables game of pinning (2)" in drawn
    assert not problems(audit, "1366x340 130%")


def test_the_settings_name_every_text_size_as_offered():
    """1.15 is "115%", not "114%" (int() of 114.999…)."""
    from tabletop.ui.settings import SettingsScene

    app = App(AppOptions(size=(1366, 768), headless=True, mute=True))
    shown = []
    for scale in SCALES:
        app.ui_scale = scale
        settings = SettingsScene(app)
        app.replace_scenes(settings)
        shown.append(next(e.control.value for e in settings.entries if e.key == "ui_scale"))
    assert shown == ["85%", "100%", "115%", "130%"]


@pytest.mark.parametrize("window", ["1366x768", "table 3840x2160"])
def test_the_form_rows_keep_a_gap_when_the_tallest_form_does_not_fit_at_130_percent(window):
    """At 130% the rows were sized for the tallest form of any game (five captains): too tall to
    fit, so every form's rows were set at their least height and touched, with half the panel
    empty under a shorter form. Each form's rows now keep a gap and stay above the help."""
    size, table = WINDOWS[window]
    app = App(AppOptions(size=size, headless=True, mute=True, table=table, lang="ru"))
    app.ui_scale = 1.3
    found = []
    for gid in all_games():
        menu = MenuScene(app, gid)
        app.replace_scenes(menu)
        for players in (min(menu.current.allowed_players()), max(menu.current.allowed_players())):
            menu.current.players = players
            menu.layout(menu.size)
            rects = [r.rect for r in menu.rows]
            gaps = [b.top - a.bottom for a, b in zip(rects, rects[1:], strict=False)]
            if min(gaps) < menu.metrics.pad // 2 or rects[-1].bottom > menu.help_rect.top:
                found.append((gid, players, min(gaps), rects[-1].bottom, menu.help_rect.top))
    assert found == []


@pytest.mark.parametrize("lang", ("en", "ru"))
@pytest.mark.parametrize("window", list(WINDOWS))
def test_every_player_count_and_variant_reads_at_the_largest_text(window, lang):
    """Not only the fullest form: with fewer players the rows are taller, so the value between
    the square arrows is narrower — Captain Flip's two-player «Планшет A: Пиратский корабль» at
    130% on 1024×600 was squeezed to 9px, under the readable size, where two lines fit."""
    size, table = WINDOWS[window]
    app = App(AppOptions(size=size, headless=True, mute=True, table=table, lang=lang))
    app.ui_scale = max(SCALES)
    found = []
    for gid in all_games():
        menu = MenuScene(app, gid)
        app.replace_scenes(menu)
        c = menu.current
        for variant in list(c.variant_ids):
            c.variant = variant
            for players in c.allowed_players():
                c.players = players
                menu.layout(menu.size)
                where = f"{window} {lang} {gid} {variant} {players} players"
                # (with 4 or 5 players the rows are too short for two lines: smaller there, not cut)
                found += [p for p in problems(audit_top(app), where, menu.metrics.tiny)
                          if "cut" in p.what or ("too small" in p.what and players <= 3)]
    assert not found, report(found)


def test_the_last_games_words_keep_a_number_with_its_word():
    """At 130% on 1024×600 the Russian "Last game" line broke inside «(2 очка)»: «(2» ended a line
    and «очка)» began the next."""
    app = App(AppOptions(size=(1024, 600), headless=True, mute=True, lang="ru"))
    app.ui_scale = 1.3
    said = "Плакото, 2026-12-04 04:41: Белые выиграли партию вдвойне (2 очка)"
    app.settings["last_results"] = {"ru": said, "en": said}
    menu = MenuScene(app, "chicken_chase")
    app.replace_scenes(menu)
    audit = audit_top(app)
    lines = [e.text for e in audit.placed() if "очка" in e.text or "Белые" in e.text]
    assert lines and not any(line.rstrip().endswith("(2") for line in lines), lines


def test_a_two_line_help_sits_on_the_keys_line_as_a_one_line_help_does():
    """At 130% on 1024×600 a row's help of two lines (Chicken Chase's Players, First player) hung
    from the top of its room, with a gap over the keys line that a one-line help does not have."""
    app = App(AppOptions(size=(1024, 600), headless=True, mute=True, lang="ru"))
    app.ui_scale = 1.3
    menu = MenuScene(app, "chicken_chase")
    app.replace_scenes(menu)
    keys_line = pygame.Rect(0, 0, 0, 0)
    gaps = {}
    for row in range(len(menu.rows) + 1):  # the game (its tagline), every row: one line and two
        menu.focus = row
        audit = audit_top(app)
        keys = next(e for e in audit.placed() if e.text.startswith("Клавиши"))
        keys_line = pygame.Rect(keys.rect)
        helps = [pygame.Rect(e.rect) for e in audit.placed()
                 if e.rect[1] < keys_line.y and pygame.Rect(e.rect).colliderect(menu.help_rect)]
        assert helps, row
        gaps[len(helps)] = keys_line.y - max(r.bottom for r in helps)
    assert set(gaps) == {1, 2}, gaps
    assert abs(gaps[2] - gaps[1]) <= 1, gaps

"""The rules screen: every game's summary beside a picture of a real move (found by seeded play,
checked by the rules core) with a caption, from the menu and from a game (F1), in both languages."""

import re

import pygame
import pytest
from scene_input import click

from tabletop.app import App, AppOptions
from tabletop.core import Setup
from tabletop.games import all_games
from tabletop.i18n import set_language
from tabletop.layout import BoardStore
from tabletop.ui import theme
from tabletop.ui.menu import MenuScene
from tabletop.ui.moments import after, find_moment
from tabletop.ui.rules import RulesScene

RULE_WORDS = {"trap_the_cap": "trapped", "plakoto": "pins", "chicken_chase": "pushed down",
              "captain_flip": "lowest free space"}


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_DATA", str(tmp_path))
    app = App(AppOptions(size=(1024, 600), headless=True, mute=True))
    yield app
    set_language("en")
    pygame.display.quit()


@pytest.mark.parametrize("game_id", list(all_games()))
def test_how_to_play_shows_the_rules_and_a_picture_of_the_rule_at_work(app, game_id):
    menu = MenuScene(app, game_id)
    app.push_scene(menu)
    click(app, next(b for b in menu.row.buttons if b.label == "How to play").rect.center)
    rules = app.top
    assert isinstance(rules, RulesScene) and rules.spec.id == game_id
    app.render()
    picture, caption = rules.picture()
    assert picture is not None and RULE_WORDS[game_id] in caption, caption
    colours = {picture.get_at((x, y))[:3] for x in range(0, picture.get_width(), 9)
               for y in range(0, picture.get_height(), 9)}
    assert len(colours) > 8
    click(app, rules.row.buttons[0].rect.center)
    assert app.top is menu


def test_the_moments_are_real_legal_moves_showing_their_rule():
    """The searches find their rule in the shipped boards: a trap, a pin, a push, a placing."""
    store = BoardStore([])
    games = all_games()
    ttc = games["trap_the_cap"]
    state = ttc.new_state(Setup(2, "offensive", ttc.parse_options("offensive", {}), ttc.load_layout(store, "offensive"), 0))
    position, move = find_moment(state, lambda s, m: str(m) != "pass")
    assert move in position.legal_moves()
    before = state.copy()
    find_moment(state, lambda s, m: False, limit=50)
    assert state.to_json() == before.to_json(), "the search never changes the position it is given"
    later = after(position, move)
    assert later.to_json() != position.to_json()


@pytest.mark.parametrize("game_id", list(all_games()))
def test_the_rules_screen_in_russian_has_a_russian_caption(app, game_id):
    set_language("ru")
    rules = RulesScene(app, all_games()[game_id])
    app.push_scene(rules)
    app.render()
    picture, caption = rules.picture()
    assert picture is not None and caption and not any("a" <= ch <= "z" for ch in caption.lower().replace("{", "")), caption


def test_f1_in_a_game_opens_the_same_screen_on_the_boards_in_play(app):
    from tabletop.launch import Seat, new_session
    from tabletop.ui.game_scene import make_scene

    spec = all_games()["captain_flip"]
    session = new_session(spec, app.store, 2, "D", {}, [Seat("human"), Seat("human")], seed=3)
    scene = make_scene(app, session)
    app.push_scene(scene)
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F1, mod=0, unicode=""))
    rules = app.top
    assert isinstance(rules, RulesScene) and rules._layout is scene.layout_data
    app.render()
    assert rules.picture()[0] is not None
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    assert app.top is scene


def test_long_rules_scroll_and_say_how_much_is_left(app):
    set_language("ru")
    rules = RulesScene(app, all_games()["captain_flip"])  # Trap the Cap's fits now, without its title
    app.push_scene(rules)
    app.render()
    for _ in range(40):
        app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode=""))
    app.render()
    assert rules.scroll > 0



NOTE = re.compile(r"ниже ещё строк: (\d+) \((.+)\)")
BACK = "к началу"


def open_rules_in_russian(monkeypatch, tmp_path, size, table):
    """The Captain Flip rules screen in Russian, and a list that gets every (text, position)
    the screen draws with draw.text (the note under the text is one)."""
    from tabletop.ui import rules as rules_module

    monkeypatch.setenv("TABLETOP_DATA", str(tmp_path))
    app = App(AppOptions(size=size, headless=True, mute=True, table=table, lang="ru"))
    set_language("ru")
    drawn: list[tuple[str, tuple[int, int]]] = []
    text = rules_module.draw.text

    def spy(surface, words, pos, *args, **kwargs):
        drawn.append((words, pos))
        return text(surface, words, pos, *args, **kwargs)

    monkeypatch.setattr(rules_module.draw, "text", spy)
    rules = RulesScene(app, all_games()["captain_flip"])
    app.push_scene(rules)
    app.render()
    return app, rules, drawn


def notes(drawn) -> list[tuple[int, str, tuple[int, int]]]:
    return [(int(m.group(1)), m.group(2), pos) for words, pos in drawn if (m := NOTE.fullmatch(words))]


@pytest.mark.parametrize("table", [False, True])
def test_the_rules_text_scrolls_by_dragging_it_and_says_nothing_at_the_end(tmp_path, monkeypatch, table):
    """"Everything works by touch alone": the rules text scrolled only by the wheel and the keys, its
    note said "(mouse wheel)" at a table too, and "0 more lines below" once at the end. Now a press
    on the text and a move scrolls it a line per line moved, either way; at a table the note says to
    drag up; at the end there is no note."""
    from scene_input import drag

    app, rules, drawn = open_rules_in_russian(monkeypatch, tmp_path, (1366, 768), table)
    try:
        [(below, how, _pos)] = notes(drawn)
        assert below > 5 and how == ("коснитесь здесь или потяните вверх" if table else "щелчок здесь, колесо или Page Down")
        line_h = line_height(rules.metrics.body)
        x, y = rules.text_area.centerx, rules.text_area.y + 8 * line_h
        for start, end, scroll in ((y, y - 5 * line_h, 5), (y - 5 * line_h, y - 3 * line_h, 3)):  # up 5, down 2
            drag(app, (x, start), (x, end))
            drawn.clear()
            app.render()
            assert rules.scroll == scroll and [n[0] for n in notes(drawn)] == [below - scroll]
        drag(app, (x, rules.text_area.bottom - line_h), (x, rules.text_area.y))  # far past the end
        drawn.clear()
        app.render()
        assert rules.scroll == below and not notes(drawn), "no note at the end (it said: 0 more lines)"
        assert BACK in [words for words, _pos in drawn], "at the end, the way back to the start"
        assert app.top is rules, "dragging the text did not press Close"
    finally:
        set_language("en")
        pygame.display.quit()


def test_the_rules_text_runs_down_to_the_close_button(tmp_path, monkeypatch):
    """At 3840x2160 (a table, Russian) the text column stopped about three lines above Close
    while lines were still hidden below; the text (and its note) now fill it to just above."""
    app, rules, drawn = open_rules_in_russian(monkeypatch, tmp_path, (3840, 2160), True)
    try:
        [(_below, _how, (_x, y))] = notes(drawn)
        m = rules.metrics
        gap = rules.row.buttons[0].rect.top - m.pad - (y + line_height(rules.note_size()))
        assert 0 <= gap < line_height(m.body)
    finally:
        set_language("en")
        pygame.display.quit()


def line_height(size: int) -> int:
    from tabletop.ui import theme

    return theme.font(size).get_linesize()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_trap_the_cap_picture_says_which_cap_moves_and_which_is_trapped(app, lang):
    """A reviewer could not tell the mover from the rival: the mover's cap was under a blue glow
    that turned yellow green, and the caption said only "the cap" and "a rival's cap". The
    caption names both colours (from the moment the search found) and the mover's cap is drawn
    in its own colour (its pixels are the plain position's)."""
    from tabletop.games.trap_the_cap.rules import NAMES, colour_text
    from tabletop.games.trap_the_cap.scene import CAP_OF, TrapTheCapScene, paint_position
    from tabletop.games.trap_the_cap.scene_geom import centre, geometry
    from tabletop.i18n import tr

    set_language(lang)
    spec = all_games()["trap_the_cap"]
    layout = spec.load_layout(BoardStore([]), "offensive")
    state = spec.new_state(Setup(2, "offensive", spec.parse_options("offensive", {}), layout, 0))
    rect = pygame.Rect(0, 0, 520, 520)
    shown, plain = pygame.Surface(rect.size), pygame.Surface(rect.size)
    caption = TrapTheCapScene.draw_rules_picture(shown, rect, spec, layout, 16)

    def traps(s, m):  # lands on a field with caps and leaves no more stacks there: a trap
        end = s.rules.topology.index[m.end] if hasattr(m, "path") else None
        return end is not None and bool(s.occ.get(end)) and len(after(s, m).occ.get(end, [])) <= len(s.occ[end])

    position, move = find_moment(state, traps)
    vp, to_px = paint_position(plain, rect, layout, position, 16)
    rival = NAMES[position.occ[position.rules.topology.index[move.end]][0][-1]]
    assert move.label != rival
    assert tr(CAP_OF[move.label]) in caption and tr(CAP_OF[rival]) in caption, caption
    assert colour_text(move.label) != colour_text(rival)
    x, y = to_px(centre(geometry(layout).fields[move.path[0]]))
    cx, cy = int(x + vp.rect.x), int(y + vp.rect.y)
    r = int(vp.length(geometry(layout).cap) * 0.8)
    disc = [(cx + dx, cy + dy) for dx in range(-r, r + 1) for dy in range(-r, r + 1) if dx * dx + dy * dy <= r * r]
    changed = [p for p in disc if shown.get_at(p) != plain.get_at(p)]
    # the route's line starts on the cap; the rest of the cap shows its own colour
    assert len(changed) < len(disc) / 3, f"the mover's cap is painted over at {len(changed)} of {len(disc)} pixels"


@pytest.mark.parametrize("table", [False, True])
def test_the_note_under_the_rules_is_a_link_that_turns_the_page(tmp_path, monkeypatch, table):
    """A reviewer missed that the Russian rules went on: the note was small grey words. It is bold,
    in the accent colour, and a click (a tap) on it shows the next page, keeping one line of the
    last; at the end it takes the reader back to the start."""
    app, rules, drawn = open_rules_in_russian(monkeypatch, tmp_path, (1366, 768), table)
    try:
        [(below, _how, pos)] = notes(drawn)
        fit, _ = rules.page()
        note = rules.note_rect()
        assert pos == (note.x + note.h, note.y) and rules.text_area.contains(note)  # its words after its mark
        frame = rules.frame()
        upright = pygame.Surface(frame.size if frame is not None else app.screen.get_size())
        rules._paint(upright, veil=False)
        accent = sum(upright.get_at((x, y))[:3] == tuple(theme.ACCENT) for x in range(note.x, note.right)
                     for y in range(note.y, note.bottom))
        assert accent > note.h * 4, "the note is in the accent colour (it was small grey words)"
        seen = 0
        while notes(drawn):
            at = note.center
            drawn.clear()
            click(app, tuple(int(v) for v in (rules.frame().to_screen(at) if rules.frame() else at)))
            app.render()
            seen += 1
            assert rules.scroll == min(below, seen * (fit - 1)), (seen, rules.scroll)
            note = rules.note_rect()
        assert rules.scroll == below and BACK in [words for words, _pos in drawn]
        at = rules.note_rect().center
        click(app, tuple(int(v) for v in (rules.frame().to_screen(at) if rules.frame() else at)))
        app.render()
        assert rules.scroll == 0 and app.top is rules
    finally:
        set_language("en")
        pygame.display.quit()


@pytest.mark.parametrize("edge", ["left", "right"])
def test_a_rules_card_turned_to_a_side_seat_puts_the_picture_across_its_top(tmp_path, monkeypatch, edge):
    """Turned to a side seat at a 4K table the card is tall: beside the text, the square board sat
    small in a column three times as deep as it, lost in empty green. The picture now spans the
    card's width, about as deep as wide, with its caption and then the text under it."""
    monkeypatch.setenv("TABLETOP_DATA", str(tmp_path))
    app = App(AppOptions(size=(3840, 2160), headless=True, mute=True, table=True))
    rules = RulesScene(app, all_games()["trap_the_cap"])
    rules.facing = edge
    app.push_scene(rules)
    app.render()
    pic, caption, text = rules.picture_area, rules.caption_area, rules.text_area
    assert rules.card.h > rules.card.w
    assert pic.w >= rules.card.w * 0.85 and pic.h <= pic.w * 1.05, (pic, rules.card)
    assert caption.top >= pic.bottom and text.top >= caption.bottom and text.w == pic.w
    assert rules.picture()[0] is not None
    rules.facing = None  # upright, a wide card: the text and the picture side by side as before
    rules.layout(app.screen.get_size())
    assert rules.text_area.right < rules.picture_area.left


@pytest.mark.parametrize("lang", ("en", "ru"))
@pytest.mark.parametrize("game_id", list(all_games()))
def test_the_text_does_not_repeat_the_cards_title(app, game_id, lang):
    """Every summary opens with "# Game — how to play", which the card's title already says
    ("How to play Captain Flip" over "Captain Flip — how to play"): the repeat took the text's
    first two lines, and at 1024x600 the Russian Trap the Cap text ran two lines past its column."""
    set_language(lang)
    rules = RulesScene(app, all_games()[game_id])
    app.push_scene(rules)
    app.render()
    from tabletop.ui import richtext

    first, heading = rules.text_lines()[0]
    assert not heading and first[0][1], first  # the text's first paragraph, opening with its heading in bold
    whole = richtext.layout(rules.body, rules.metrics.body, rules.text_area.w)  # read as Markdown
    assert whole[0][1] and not whole[1][0] and rules.text_lines() == whole[2:]  # all but title and gap


def test_the_note_under_the_rules_names_the_key_that_scrolls_them(tmp_path, monkeypatch):
    """Page Down (and Down, Space) scroll the rules, but the note under the text named only the
    click and the wheel: a keyboard player did not learn how to read on."""
    app, rules, drawn = open_rules_in_russian(monkeypatch, tmp_path, (1024, 600), False)
    try:
        [(below, how, _pos)] = notes(drawn)
        assert "Page Down" in how
        app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEDOWN, mod=0, unicode=""))
        assert rules.scroll > 0
    finally:
        set_language("en")
        pygame.display.quit()

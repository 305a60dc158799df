"""Live board editing: while a scene runs, an edited board file is picked up (polling, or F5) —
colours and positions at once with the game going on, a rules-topology edit only from the next
game, and a broken edit shows every error while the last good layout stays in use."""

import os
import shutil
import time

import pygame
import pytest

from tabletop.app import App, AppOptions
from tabletop.games import all_games
from tabletop.launch import Seat, advance, new_session
from tabletop.layout.store import BUILTIN_BOARDS
from tabletop.ui.game_scene import GameScene, make_scene
from tabletop.ui.scene import MessageOverlay


@pytest.fixture
def boards(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_DATA", str(tmp_path / "data"))
    folder = tmp_path / "boards"
    folder.mkdir()
    return folder


def _start(boards, game_id, players=2):
    app = App(AppOptions(size=(1024, 600), headless=True, mute=True, boards_dir=str(boards)))
    spec = all_games()[game_id]
    session = new_session(spec, app.store, players, None, {}, [Seat("human")] * players, seed=3)
    advance(session, 6)
    scene = make_scene(app, session)
    app.push_scene(scene)
    app.render()
    return app, scene


def _edit(path, old, new):
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    later = time.time() + 5
    os.utime(path, (later, later))  # a visibly newer file even on coarse file systems


def _game(app):
    return next(s for s in app.stack if isinstance(s, GameScene))


def _finish_load(app, scene):
    """The file is loaded off the main loop: wait for the worker, then let the loop apply it."""
    scene.reloader.wait(30)
    scene.next_poll = 0.0
    app.tick(0.02)


def _poll(app, scene):
    scene.next_poll = 0.0
    app.tick(0.02)  # sees the new modification time and starts the load
    assert scene.reloader.busy
    _finish_load(app, scene)


def test_a_colour_edit_applies_at_once_and_the_game_goes_on(boards):
    shutil.copy(BUILTIN_BOARDS / "plakoto.yaml", boards / "plakoto.yaml")
    app, scene = _start(boards, "plakoto")
    session, played = scene.session, len(scene.session.played)
    _edit(boards / "plakoto.yaml", 'frame: "#6b4226"', 'frame: "#224466"')
    _poll(app, scene)
    fresh = _game(app)
    assert fresh is not scene and fresh.session is session and len(session.played) == played
    assert fresh.layout_data.colours["frame"] == (0x22, 0x44, 0x66)
    app.render()
    pygame.display.quit()


def test_a_broken_edit_lists_the_errors_and_keeps_the_last_good_board(boards):
    shutil.copy(BUILTIN_BOARDS / "plakoto.yaml", boards / "plakoto.yaml")
    app, scene = _start(boards, "plakoto")
    _edit(boards / "plakoto.yaml", 'frame: "#6b4226"', 'frame: "brown"')
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F5, mod=0, unicode=""))
    _finish_load(app, scene)
    assert isinstance(app.top, MessageOverlay)
    assert f"{boards / 'plakoto.yaml'}:" in app.top.body and "expected a colour" in app.top.body
    assert _game(app) is scene and scene.layout_data.colours["frame"] == (0x6B, 0x42, 0x26)
    app.render()
    app.pop_scene()
    _edit(boards / "plakoto.yaml", 'frame: "brown"', 'frame: "#123456"')  # fixed: picked up again
    _poll(app, scene)
    assert _game(app).layout_data.colours["frame"] == (0x12, 0x34, 0x56)
    pygame.display.quit()


def test_a_topology_edit_applies_from_the_next_game(boards):
    shutil.copy(BUILTIN_BOARDS / "trap_the_cap.yaml", boards / "trap_the_cap.yaml")
    app, scene = _start(boards, "trap_the_cap", players=4)
    before = scene.layout_data
    _edit(boards / "trap_the_cap.yaml", '{id: "R05", kind: "ring", colour: "yellow"',
          '{id: "R05", kind: "ring", colour: "grey"')
    _poll(app, scene)
    assert isinstance(app.top, MessageOverlay) and "next game" in app.top.body
    assert _game(app) is scene and scene.layout_data is before
    # the next game is dealt on the edited board
    spec = all_games()["trap_the_cap"]
    assert spec.load_layout(app.store, "offensive").field("R05").grey
    pygame.display.quit()


def test_one_card_about_the_file_at_a_time_and_a_fix_closes_it(boards):
    """A second broken edit replaces the error card still open (cards did pile up, each OK closing
    one), and fixing the file closes it (the old error stayed up over the mended board)."""
    shutil.copy(BUILTIN_BOARDS / "plakoto.yaml", boards / "plakoto.yaml")
    app, scene = _start(boards, "plakoto")
    _edit(boards / "plakoto.yaml", 'frame: "#6b4226"', 'frame: "brown"')
    _poll(app, scene)
    _edit(boards / "plakoto.yaml", 'frame: "brown"', 'frame: "browner"')
    _poll(app, scene)
    cards = [s for s in app.stack if isinstance(s, MessageOverlay)]
    assert len(cards) == 1 and "browner" in cards[0].body
    _edit(boards / "plakoto.yaml", 'frame: "browner"', 'frame: "#123456"')
    _poll(app, scene)
    assert not any(isinstance(s, MessageOverlay) for s in app.stack), "the error card outlived the fix"
    assert _game(app).layout_data.colours["frame"] == (0x12, 0x34, 0x56)
    pygame.display.quit()


def test_a_card_that_opens_by_itself_under_a_resting_pointer_shows_its_hover(boards, monkeypatch):
    """The card about an edited file opens with no click or key (the file was saved in an editor);
    under a pointer resting on its button the button must be lit in the very frame that shows it
    (it showed unlit until the mouse moved, and an expose then drew another picture: stale)."""
    shutil.copy(BUILTIN_BOARDS / "plakoto.yaml", boards / "plakoto.yaml")
    app, scene = _start(boards, "plakoto")
    _edit(boards / "plakoto.yaml", 'frame: "#6b4226"', 'frame: "brown"')
    _poll(app, scene)
    at = app.top.row.buttons[0].rect.center  # where the card's button is
    app.pop_scene(app.top)
    monkeypatch.setattr(pygame.mouse, "get_focused", lambda: True)
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: at)
    monkeypatch.setattr(pygame.mouse, "get_pressed", lambda num_buttons=3: (False,) * num_buttons)
    app.step()
    _edit(boards / "plakoto.yaml", 'frame: "brown"', 'frame: "browm"')  # another error, the same card size
    scene.next_poll = 0.0
    app.step()  # the loop itself notices the file
    scene.reloader.wait(30)
    scene.next_poll = 0.0
    app.step()  # and opens the card, in this frame
    card = app.top
    assert isinstance(card, MessageOverlay) and card.row.buttons[0].rect.collidepoint(at)
    assert card.row.buttons[0].hover, "the button under the resting pointer was drawn unlit"
    pygame.display.quit()


def test_in_russian_the_errors_of_an_edited_board_are_said_in_russian(boards):
    """The checker's templates are translated, not only the card's title: file:line:column and
    the path in the file stay as they are, the values the user wrote are quoted as written."""
    from tabletop.i18n import set_language, tr

    shutil.copy(BUILTIN_BOARDS / "trap_the_cap.yaml", boards / "trap_the_cap.yaml")
    app, scene = _start(boards, "trap_the_cap")
    set_language("ru")  # as Settings → Language does
    try:
        _edit(boards / "trap_the_cap.yaml", '{id: "R03", kind: "ring", colour: "grey"',
              '{id: "R03", kind: "ring", colour: "purple"')
        app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F5, mod=0, unicode=""))
        _finish_load(app, scene)
        assert isinstance(app.top, MessageOverlay) and app.top.title == tr("The board file has errors")
        line = next(text for text in app.top.body.splitlines() if "purple" in text)
        assert line == (f"{boards / 'trap_the_cap.yaml'}:25:39: nodes[3].colour: "
                        "неизвестное значение 'purple' (допустимы: grey, yellow)"), line
        app.render()
    finally:
        set_language("en")
        pygame.display.quit()


def _has_colour(surface, rgb, tolerance=3):
    w, h = surface.get_size()
    return any(all(abs(a - b) <= tolerance for a, b in zip(surface.get_at((x, y))[:3], rgb, strict=True))
               for x in range(0, w, 3) for y in range(0, h, 3))


@pytest.mark.parametrize("game_id,file,old,new", [
    ("plakoto", "plakoto.yaml", 'frame: "#6b4226"', 'frame: "#1177ee"'),
    ("trap_the_cap", "trap_the_cap.yaml", 'board: "#2f6b3a"', 'board: "#1177ee"'),
    ("captain_flip", "captain_flip/A.yaml", 'board: "#c9a66b"', 'board: "#1177ee"'),
    ("chicken_chase", "chicken_chase.yaml", 'hen: "#c8412f"', 'hen: "#1177ee"'),
])
def test_an_edited_colour_is_drawn_at_once_in_every_game(boards, game_id, file, old, new):
    """Captain Flip logged "Board updated from the edited file." and went on drawing the board's
    old colour until the next game: it drew the board the game's state began with."""
    target = boards / file
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy(BUILTIN_BOARDS / file, target)
    app, scene = _start(boards, game_id)
    assert not _has_colour(app.screen, (0x11, 0x77, 0xEE))
    _edit(target, old, new)
    _poll(app, scene)
    fresh = _game(app)
    assert fresh is not scene
    fresh.dirty = True
    app.render()
    assert _has_colour(app.screen, (0x11, 0x77, 0xEE)), "the new colour is on the screen"
    pygame.display.quit()

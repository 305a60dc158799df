"""Faults the app must survive: missing art and sounds (a plain shape, a logged warning), no
writable data folder (saving is off and the screen says so), no audio device, and a display that
cannot go fullscreen (stays windowed with a message)."""

import logging

import pygame
import pytest

import tabletop.assets as assets
from tabletop.app import App, AppOptions
from tabletop.audio import Audio
from tabletop.core import CHANCE
from tabletop.games import all_games
from tabletop.launch import Seat, advance, new_session
from tabletop.ui import theme
from tabletop.ui.game_scene import make_scene


def _game(app, game_id, moves=12):
    spec = all_games()[game_id]
    n = spec.default_players
    session = new_session(spec, app.store, n, None, {}, [Seat("human")] + [Seat("ai", "easy")] * (n - 1), seed=5)
    advance(session, moves)
    scene = make_scene(app, session)
    app.push_scene(scene)
    return scene


@pytest.mark.parametrize("game_id", list(all_games()))
def test_missing_sprites_draw_plain_shapes_with_a_warning(game_id, tmp_path, monkeypatch, caplog):
    monkeypatch.setenv("TABLETOP_DATA", str(tmp_path))
    monkeypatch.setattr(assets, "SPRITES_DIR", tmp_path / "no-sprites")
    assets.sprite.cache_clear()
    assets._warned.clear()
    app = App(AppOptions(size=(1024, 600), headless=True, mute=True))
    try:
        with caplog.at_level(logging.WARNING, logger="tabletop.assets"):
            _game(app, game_id)
            app.render()
        uses_sprites = any("missing sprite" in r.getMessage() for r in caplog.records)
        if game_id == "captain_flip":
            assert uses_sprites, "Captain Flip draws character sprites: their absence must be logged"
    finally:
        assets.sprite.cache_clear()
        pygame.display.quit()


def test_missing_sound_files_are_silent_with_a_warning(tmp_path, caplog):
    with caplog.at_level(logging.WARNING, logger="tabletop.audio"):
        audio = Audio(enabled=True, folder=tmp_path)
    audio.play("dice")  # no file, maybe no device: silence, no exception
    if audio.ok:
        assert any("missing sound" in r.getMessage() for r in caplog.records)


def test_unwritable_data_folder_turns_saving_off_and_says_so(tmp_path, monkeypatch):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("TABLETOP_DATA", str(blocker / "data"))
    app = App(AppOptions(size=(1024, 600), headless=True, mute=True))
    try:
        scene = _game(app, "plakoto", moves=0)
        scene.roll()  # the opening roll is a move: it tries to save
        assert "Saving is off" in scene.save_note
        app.render()
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("table", [False, True])
def test_saving_off_is_said_in_the_log_too_and_its_end_is_said(tmp_path, monkeypatch, table):
    """A file where the data folder should be: the note at the window's foot said so, but a table
    draws no foot (nothing told the players a crash would lose the game), the words were "system
    error 17" and a temp file's name, and once the folder could be written again the red note
    stayed. Now the log says it (every strip shows the log), in words, and says when it is over."""
    from tabletop.ui.text_audit import TextAudit

    data = tmp_path.joinpath(*[f"a-rather-long-folder-name-number-{i}" for i in range(4)], "data")
    data.parent.mkdir(parents=True)
    data.write_text("not a folder")
    monkeypatch.setenv("TABLETOP_DATA", str(data))
    app = App(AppOptions(size=(1366, 768), headless=True, mute=True, table=table))
    try:
        scene = _game(app, "plakoto", moves=0)
        scene.roll()
        assert "a file is where a folder should be" in scene.save_note and ".tmp" not in scene.save_note
        said = [e.text for e in scene.log.entries if "Saving is off" in e.text]
        assert said == [scene.save_note]
        scene.dirty = True
        with TextAudit() as audit:
            app.render()
        assert any("Saving is off" in d.text for d in audit.placed())
        if not table:  # the window's foot: left of the panel, never under it
            foot = [pygame.Rect(d.rect) for d in audit.entries if d.rect is not None
                    and d.text.startswith("Saving is off") and pygame.Rect(d.rect).bottom > scene.panel.bottom - 4]
            assert foot and all(r.right <= scene.panel.x for r in foot)
        data.unlink()  # the folder can be made now: the next move is saved
        scene.skip_animations()
        if scene.state.current_player == CHANCE:
            scene.roll()
        else:
            assert scene.play(scene.state.legal_moves()[0])
        assert scene.save_note == "" and scene.app.saves.slot_of(scene.session).exists()
        assert "Saving works again: every move is saved." in [e.text for e in scene.log.entries]
    finally:
        pygame.display.quit()


def test_fullscreen_failure_stays_windowed_with_a_message(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_DATA", str(tmp_path))
    real = pygame.display.set_mode

    def refuse_fullscreen(size=(0, 0), flags=0, *args, **kwargs):
        if flags & pygame.FULLSCREEN:
            raise pygame.error("no fullscreen on this display")
        return real(size, flags, *args, **kwargs)

    monkeypatch.setattr(pygame.display, "set_mode", refuse_fullscreen)
    app = App(AppOptions(fullscreen=True, mute=True, size=(1024, 600)))
    try:
        assert not app.fullscreen
        assert "Fullscreen is not available" in app.pending_message
        assert app.screen.get_size() == (1024, 600)
    finally:
        pygame.display.quit()


def test_leaving_says_whether_the_game_can_be_continued(tmp_path, monkeypatch):
    """"Leave the game? The game is saved: Continue in the menu resumes it." was said with saving
    off (the game was gone once left) and before any move (no file held it)."""
    from tabletop.ui.scene import MessageOverlay

    monkeypatch.setenv("TABLETOP_DATA", str(tmp_path / "data"))
    app = App(AppOptions(size=(1024, 600), headless=True, mute=True))
    try:
        scene = _game(app, "plakoto", moves=0)
        scene.confirm_leave()
        assert isinstance(app.top, MessageOverlay) and "nothing to continue" in app.top.body
        app.pop_scene(app.top)
        scene.roll()
        scene.confirm_leave()
        assert app.top.body.startswith("The game is saved")
        app.pop_scene(app.top)
        scene.save_note = "Saving is off: …"  # as a failed write leaves it
        scene.confirm_leave()
        assert "cannot be continued after you leave" in app.top.body
    finally:
        pygame.display.quit()


def test_leaving_a_new_game_before_its_first_move_names_the_earlier_save(tmp_path, monkeypatch):
    """A new game that will replace a saved one is not written before its first move: Leave said
    "The game is saved" then, of the earlier game the slot still held."""
    from tabletop.games import all_games
    from tabletop.launch import Seat, new_session
    from tabletop.ui.scene import MessageOverlay

    monkeypatch.setenv("TABLETOP_DATA", str(tmp_path / "data"))
    app = App(AppOptions(size=(1024, 600), headless=True, mute=True))
    try:
        app.saves.write(new_session(all_games()["plakoto"], app.store, 2, None, {}, [Seat("ai", "easy")] * 2, 3))
        scene = _game(app, "plakoto", moves=0)
        scene.confirm_leave()
        assert isinstance(app.top, MessageOverlay)
        assert app.top.body == "No move has been made yet: Continue resumes the game saved before this one."
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("game", ["plakoto", "captain_flip", "trap_the_cap", "chicken_chase"])
def test_saving_off_at_the_foot_reads_on_paper_not_on_the_baize(tmp_path, monkeypatch, game):
    """The foot's "Saving is off" was dark red straight on the dark green baize, hard to read; it
    sits on a paper strip now, and nothing of the baize shows between its letters."""
    monkeypatch.setenv("TABLETOP_DATA", str(tmp_path / "data"))
    app = App(AppOptions(size=(1366, 768), headless=True, mute=True))
    try:
        scene = _game(app, game, moves=0)
        scene.save_note = "Saving is off: /tmp/x is not writable (no space left on the disk)."
        app.mark_dirty()
        app.render()
        m = scene.metrics
        line = theme.font(m.small).get_linesize()
        surface = pygame.display.get_surface()
        y = scene.size[1] - m.pad // 2 - line // 2 - 2
        row = {tuple(surface.get_at((x, y)))[:3] for x in range(m.pad + 2, m.pad + 200)}
        baize = [c for c in row if c[1] > c[0] + 15 and c[1] > c[2] + 15]  # green-dominant: the baize
        assert theme.PANEL in row and not baize, sorted(row)
    finally:
        pygame.display.quit()

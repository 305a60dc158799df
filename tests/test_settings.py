"""The settings dialog driven by a scripted mouse and keyboard, like the menu: every value steps
both ways (the ◀ ▶ arrows, a click on the value forwards and a right-click backwards, the wheel over
it, Left/Right on the row chosen with Up/Down); ordered values stop at their ends; each change is
in the settings at once."""

import pygame
import pytest
from scene_input import click

from tabletop.app import App, AppOptions
from tabletop.i18n import language
from tabletop.ui.menu import MenuScene
from tabletop.ui.settings import SettingsScene
from tabletop.ui.stepper import ArrowButton, ValueButton


@pytest.fixture
def settings(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_DATA", str(tmp_path))
    app = App(AppOptions(size=(1024, 600), headless=True, mute=True, lang="en"))
    app.replace_scenes(MenuScene(app))
    scene = SettingsScene(app)
    app.push_scene(scene)
    yield scene
    from tabletop.i18n import set_language

    set_language("en")
    pygame.display.quit()


def entry(scene, key):
    found = [e for e in scene.entries if e.key == key]
    assert found, f"no row {key!r}"
    back, value, ahead = found[0].buttons
    assert isinstance(back, ArrowButton) and isinstance(value, ValueButton) and isinstance(ahead, ArrowButton)
    return back, value, ahead


def press(app, k, mod=0):
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=""))


def test_every_value_steps_forwards_and_back_to_where_it_was(settings):
    app = settings.app
    for e in list(settings.entries):
        if e.key == "fullscreen":
            continue  # a headless window has no fullscreen to turn on
        before = entry(settings, e.key)[1].label
        back, value, ahead = entry(settings, e.key)
        click(app, (ahead if ahead.enabled else back).rect.center)
        assert entry(settings, e.key)[1].label != before, f"{e.key}: the arrow changed nothing"
        click(app, (back if ahead.enabled else ahead).rect.center)
        assert entry(settings, e.key)[1].label == before, f"{e.key}: the other arrow did not step back"
        click(app, entry(settings, e.key)[1].rect.center)       # a click on the value: forwards
        click(app, entry(settings, e.key)[1].rect.center, 3)    # a right-click: backwards
        assert entry(settings, e.key)[1].label == before, f"{e.key}: right-click did not step back"


def test_text_size_and_pace_stop_at_their_ends_and_a_click_goes_round(settings):
    app = settings.app
    assert entry(settings, "ui_scale")[1].label == "100%"
    click(app, entry(settings, "ui_scale")[0].rect.center)  # ◀
    assert app.ui_scale == 0.85 and app.settings["ui_scale"] == 0.85
    back = entry(settings, "ui_scale")[0]
    assert not back.enabled
    click(app, back.rect.center)
    assert app.ui_scale == 0.85, "stepped past the smallest size"
    click(app, entry(settings, "ui_scale")[1].rect.center, 3)  # right-click at the end: stays
    assert app.ui_scale == 0.85
    for _ in range(3):
        click(app, entry(settings, "ui_scale")[2].rect.center)
    assert app.ui_scale == 1.3 and not entry(settings, "ui_scale")[2].enabled
    click(app, entry(settings, "ui_scale")[1].rect.center)  # the value itself goes round
    assert app.ui_scale == 0.85
    assert app.settings["computer_pace"] == "normal"
    click(app, entry(settings, "computer_pace")[0].rect.center)
    assert app.settings["computer_pace"] == "slow" and not entry(settings, "computer_pace")[0].enabled
    click(app, entry(settings, "computer_pace")[2].rect.center)
    click(app, entry(settings, "computer_pace")[2].rect.center)
    assert app.settings["computer_pace"] == "fast"


def test_up_down_choose_a_row_and_left_right_step_it_both_ways(settings):
    app = settings.app
    keys = [e.key for e in settings.entries]
    assert settings.focus == 0
    for _ in range(keys.index("lang")):
        press(app, pygame.K_DOWN)
    assert settings.entries[settings.focus].key == "lang"
    press(app, pygame.K_RIGHT)
    assert language() == "ru" and app.settings["lang"] == "ru"
    assert settings.entries[settings.focus].key == "lang", "the focus moved when the words changed"
    press(app, pygame.K_LEFT)
    assert language() == "en"
    press(app, pygame.K_DOWN)
    assert settings.entries[settings.focus].key == "fast_play"
    was = app.settings["fast_play"]
    press(app, pygame.K_LEFT)
    assert app.settings["fast_play"] is (not was)
    press(app, pygame.K_RIGHT)
    assert app.settings["fast_play"] is was
    press(app, pygame.K_TAB, pygame.KMOD_SHIFT)
    assert settings.entries[settings.focus].key == "lang"
    for _ in range(keys.index("lang")):
        press(app, pygame.K_UP)
    assert settings.focus == 0
    press(app, pygame.K_UP)  # round to the last row
    assert settings.entries[settings.focus].key == keys[-1]
    app.render()


def test_the_wheel_over_a_value_steps_it_and_a_click_moves_the_focus_there(settings, monkeypatch):
    app = settings.app
    value = entry(settings, "ui_scale")[1]
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: value.rect.center)
    app.dispatch(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False))  # down: forwards
    assert app.ui_scale == 1.15
    assert settings.entries[settings.focus].key == "ui_scale"
    value = entry(settings, "ui_scale")[1]
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: value.rect.center)
    app.dispatch(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False))
    app.dispatch(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False))
    assert app.ui_scale == 0.85
    click(app, entry(settings, "computer_pace")[2].rect.center)
    assert settings.entries[settings.focus].key == "computer_pace"


def test_the_arrows_stand_inside_the_dialog_and_never_overlap(settings):
    card = settings.card
    rects = [b.rect for b in settings.row.buttons]
    assert all(card.contains(r) for r in rects)
    for i, r in enumerate(rects):
        for other in rects[i + 1:]:
            assert not r.colliderect(other)


def test_after_a_click_the_button_under_the_resting_pointer_shows_its_hover(settings, monkeypatch):
    """A text size step lays the dialog out again: the arrow now under the pointer, which did not
    move, must be lit in the next frame (it was lit only after the next mouse motion or an expose:
    a stale frame in a real window)."""
    app = settings.app
    back, _, ahead = entry(settings, "ui_scale")
    for _ in range(2):  # to the largest size, so a step back changes the layout
        if ahead.enabled:
            ahead.action()
    app.render()
    back, _, _ = entry(settings, "ui_scale")
    pos = back.rect.center
    monkeypatch.setattr(pygame.mouse, "get_focused", lambda: True)
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: pos)
    pygame.event.clear()
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.step()
    under = [b for e in settings.entries for b in e.buttons if b.rect.collidepoint(pos) and b.enabled]
    assert under, "a button lies under the pointer after the step"
    assert all(b.hover for b in under), "its hover is shown at once"


@pytest.mark.parametrize("size", [(1024, 600), (1366, 768), (1920, 1080), (3840, 2160)])
@pytest.mark.parametrize("table", [False, True], ids=["window", "table"])
def test_no_text_size_sets_text_below_a_sixtieth_of_the_screen(tmp_path, monkeypatch, size, table):
    """The design's floor holds at the smallest text size too: at 85% the small text of a 4K
    screen was 32 px (1/68 of the height), scaled down with everything else."""
    from tabletop.ui.settings import SCALES

    monkeypatch.setenv("TABLETOP_DATA", str(tmp_path))
    app = App(AppOptions(size=size, headless=True, mute=True, lang="en", table=table))
    try:
        scene = MenuScene(app)
        app.replace_scenes(scene)
        for scale in SCALES:
            app.ui_scale = scale
            m = scene.metrics
            assert min(m.tiny, m.small) >= size[1] // 60, (scale, m.tiny, m.small)
            if scale > 1:
                assert m.body > scene.metrics.__class__(size[1]).body, "a larger setting still sets larger text"
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("table", [False, True])
def test_a_change_that_cannot_be_written_is_said_on_the_card(tmp_path, monkeypatch, table):
    """A file where the data folder should be (or a read-only disk): each change held until the
    app closed and was silently forgotten at the next start. Now the card says so, in words."""
    from tabletop.ui.text_audit import TextAudit

    data = tmp_path / "data"
    data.write_text("not a folder")
    monkeypatch.setenv("TABLETOP_DATA", str(data))
    app = App(AppOptions(size=(1366, 768), headless=True, mute=True, lang="en", table=table))
    try:
        app.replace_scenes(MenuScene(app))
        scene = SettingsScene(app)
        app.push_scene(scene)
        app.render()
        assert app.settings.unsaved is None
        click(app, entry(scene, "fast_play")[1].rect.center)
        assert app.settings["fast_play"] is True  # the change holds for now
        scene.dirty = True
        with TextAudit() as audit:
            app.render()
        note = [d for d in audit.placed() if "next start" in d.text or "folder should be" in d.text]
        assert note and "".join(d.text for d in note).startswith("Not kept for the next start (a file is where")
        assert not [d for d in note if d in audit.outside()]
    finally:
        pygame.display.quit()


def test_each_row_says_what_it_does_under_the_mouse_or_the_keyboard(settings):
    """"Table mode: Off" or "Forced moves play themselves" said nothing more to a newcomer: the
    card now says what the row under the mouse (else the keyboard's row) does, beside Done."""
    from scene_input import move

    from tabletop.ui.settings import HELP
    from tabletop.ui.text_audit import TextAudit

    app = settings.app

    def shown():
        with TextAudit() as audit:  # the card alone (the menu under it has a help line too)
            settings._paint(pygame.Surface(app.screen.get_size()), veil=False)
        return " ".join(d.text for d in audit.entries if d.rect is not None and settings.note_rect.colliderect(d.rect))

    assert set(HELP) == {e.key for e in settings.entries}
    assert shown() == HELP["fullscreen"]  # the keyboard's row at first
    press(app, pygame.K_DOWN)
    press(app, pygame.K_DOWN)
    assert shown() == HELP["table"]
    move(app, next(e for e in settings.entries if e.key == "auto_forced").rect.center)
    assert shown() == HELP["auto_forced"]
    move(app, (2, 2))  # off the rows: the keyboard's again
    assert shown() == HELP["table"]


def test_enter_closes_the_settings_as_done_does(settings):
    """Enter did nothing on the card (Esc and Done closed it)."""
    press(settings.app, pygame.K_RETURN)
    assert settings not in settings.app.stack


def test_m_turns_the_sound_over_as_the_row_labelled_sound_m_says(settings):
    """The row reads "Sound (M)", but M did nothing while the settings were open (over the menu or
    over a game): it now turns the sound over, and the row shows it."""
    app = settings.app
    before = app.audio.enabled
    press(app, pygame.K_m)
    assert app.audio.enabled is (not before) and app.settings["sound"] is (not before)
    _back, value, _ahead = entry(settings, "sound")
    assert value.label == ("On" if not before else "Off")
    press(app, pygame.K_m)
    assert app.audio.enabled is before and app.top is settings

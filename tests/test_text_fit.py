"""Every text fits, in English and Russian, at 1366×768 and 1024×600 in a window and on a table
screen: every game at positions reached by seeded play (every phase a person meets, the end
included), and every dialog — the menu, settings, the rules, the result card, the leave question,
a board file's errors. A text cut with an ellipsis, spilling out of its box or overlapping another
fails, with where and what."""

from __future__ import annotations

import pytest
from text_fit import (
    SMALL_TABLE,
    WINDOWS,
    audit_top,
    close_app,
    game_scene,
    open_app,
    problems,
    readable,
    report,
    sessions,
)

from tabletop.games import all_games
from tabletop.i18n import tr

LANGS = ("en", "ru")


@pytest.fixture(autouse=True)
def data(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_DATA", str(tmp_path))
    yield
    close_app()


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("window", list(WINDOWS))
@pytest.mark.parametrize("game_id", list(all_games()))
def test_every_text_of_every_game_fits(game_id, window, lang):
    app = open_app(window, lang)
    found = []
    for label, session in sessions(app, game_id):
        scene = game_scene(app, session)
        found += problems(audit_top(app), f"{window} {lang} {label}", readable(app))
        if session.state.current_player is None:
            scene.show_game_over()
            found += problems(audit_top(app), f"{window} {lang} {label}: result card", readable(app))
    assert not found, report(found)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("window", list(SMALL_TABLE))
def test_chicken_chase_four_seats_fit_a_small_table(window, lang):
    """Four people at a 1024×600 table screen: the side seats' strips are shallow (a name row
    over a row of cards and buttons), yet every prompt, score line and button label is whole."""
    app = open_app(window, lang)
    found = []
    for label, session in sessions(app, "chicken_chase"):
        if session.state.num_players == 4:
            game_scene(app, session)
            found += problems(audit_top(app), f"{window} {lang} {label}", readable(app))
    assert found == [], report(found)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("window", list(WINDOWS))
def test_every_dialog_fits(window, lang, tmp_path):
    from tabletop.layout import BoardStore, LayoutErrors
    from tabletop.ui.menu import MenuScene
    from tabletop.ui.rules import RulesScene
    from tabletop.ui.settings import SettingsScene

    app = open_app(window, lang)
    app.settings["last_result"] = tr("{game}, {date}: {result}", game=tr("Chicken Chase"), date="2025-01-31 21:45",
                                     result=tr("{name} wins.", name=tr("Player {n}", n=4)) + " (Player 1 0, Player 2 3)")
    found = []
    for gid in all_games():
        menu = MenuScene(app, gid)
        app.replace_scenes(menu)
        found += problems(audit_top(app), f"{window} {lang} menu {gid}", readable(app))
        for row in menu.rows:  # the help line of every row, as the mouse shows it
            if row.help:
                menu.hover_help = row.help
                audit = audit_top(app)
                where = f"{window} {lang} menu {gid} help of {row.label!r}"
                found += problems(audit, where, readable(app))
                drawn = " ".join(entry.text for entry in audit.entries).split()
                missing = [word for word in row.help.split() if word not in drawn]
                assert not missing, f"{where}: the help line drops {missing}"
        menu.hover_help = ""
        app.push_scene(RulesScene(app, all_games()[gid]))
        found += problems(audit_top(app), f"{window} {lang} rules {gid}", readable(app))
    menu = MenuScene(app, "captain_flip")
    app.replace_scenes(menu)
    for board in menu.current.variant_ids[1:]:  # every Adventure board's picture (A was drawn above)
        menu.step(menu.current.step_variant, 1)
        found += problems(audit_top(app), f"{window} {lang} menu captain_flip board {board}", readable(app))
    app.push_scene(SettingsScene(app))
    found += problems(audit_top(app), f"{window} {lang} settings", readable(app))
    for gid in ("chicken_chase", "captain_flip", "plakoto"):  # games in progress: the list, the question
        app.saves.write(next(session for label, session in sessions(app, gid) if "after 0 moves" not in label))
    menu = MenuScene(app, "captain_flip")
    app.replace_scenes(menu)
    found += problems(audit_top(app), f"{window} {lang} menu with saved games", readable(app))
    menu.open_saved()
    found += problems(audit_top(app), f"{window} {lang} continue list", readable(app))
    app.pop_scene()
    menu.start()
    found += problems(audit_top(app), f"{window} {lang} a game in progress", readable(app))
    for _label, session in sessions(app, "captain_flip"):
        scene = game_scene(app, session)
        scene.confirm_leave()
        found += problems(audit_top(app), f"{window} {lang} leave the game", readable(app))
        break
    broken = tmp_path / "boards"
    broken.mkdir()
    (broken / "plakoto.yaml").write_text('layout_version: 1\nsize: [1600, "ten"]\nnothing: here\n', encoding="utf-8")
    try:
        all_games()["plakoto"].load_layout(BoardStore([broken]), "standard")
        raise AssertionError("the broken board loaded")
    except LayoutErrors as exc:
        lines = exc.lines()
    app.message(tr("The board file has errors"), "\n".join(lines) + "\n\n"
                + tr("The last good board stays in use until the file is fixed."), wide=True)
    found += problems(audit_top(app), f"{window} {lang} board errors", readable(app))
    assert not found, report(found)

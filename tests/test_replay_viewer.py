"""The replay viewer as a person meets it, in the real main loop with real clocks: the game's
panel holds the viewer's controls (never the game's Roll, Undo or Menu, which would act on a
record), the prompt says where in the record we are, the log follows the record move by move
forward and back, a click on a control does what it says, and nothing is ever saved. After every
action, once the loop is idle, the screen equals a forced redraw."""

from __future__ import annotations

import json
import random
import re

import pygame
import pytest
from live_loop import post_click, post_key, settle, stale_pixels

from tabletop.app import App, AppOptions
from tabletop.core import CHANCE
from tabletop.games import get_game
from tabletop.i18n import set_language, tr
from tabletop.launch import Seat, new_session
from tabletop.ui.game_scene import make_scene
from tabletop.ui.replay import ReplayScene, read_replay
from tabletop.ui.text_audit import TextAudit

GAMES = ["plakoto", "trap_the_cap", "captain_flip", "chicken_chase"]
MOVES = 24


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_DATA", str(tmp_path / "data"))
    yield
    set_language("en")


def record_file(game: str, tmp_path, lang: str = "en", table: bool = False) -> tuple[App, ReplayScene]:
    """A seeded game of ``MOVES`` moves (rolls included) written as a record, opened in the viewer."""
    spec = get_game(game)
    app = App(AppOptions(size=(1366, 768), headless=True, mute=True, lang=lang, table=table))
    session = new_session(spec, app.store, 2, None, {"match": "1"} if game == "plakoto" else {},
                          [Seat("human"), Seat("ai", "random")], 5)
    return app, open_record(app, session, tmp_path / f"{game}.json", 2, MOVES)


def open_record(app: App, session, path, seed: int, moves: int | None = None) -> ReplayScene:
    """``session`` played on by random moves (``moves`` of them, rolls included; else to the end),
    written to ``path`` as a record and opened in the viewer at its start."""
    rng = random.Random(seed)
    while (moves is None or len(session.played) < moves) and session.state.current_player is not None:
        if session.state.current_player == CHANCE:
            session.roll()
        else:
            session.play(rng.choice(session.state.legal_moves()))
    path.write_text(json.dumps(session.record()), encoding="utf-8")
    replay = read_replay(path, app.store)
    viewer = ReplayScene(app, replay.session, replay.moves, replay.note)
    app.push_scene(viewer)
    app.start()
    return viewer


def control(viewer: ReplayScene, label: str):
    return next(b for b in viewer.inner.buttons.buttons if b.label == tr(label))


def move_lines(viewer: ReplayScene) -> int:
    return len(viewer.inner.log.entries) - viewer._log_start


@pytest.mark.parametrize("game", GAMES)
def test_the_viewer_steps_through_a_record_with_its_own_controls(game, tmp_path):
    app, viewer = record_file(game, tmp_path)
    settle(app)
    labels = [b.label for b in viewer.inner.buttons.buttons]
    for own in ("Roll", "Undo", "Menu", "Settings", "Hint", "Draw", "Play again"):
        assert own not in labels, f"{own} would act on the record"
    assert {"Forward", "Back", "To the start", "To the end", "Quit", "Rules"} <= set(labels)
    assert ("Review" in labels) == (game == "plakoto")
    assert not control(viewer, "Back").enabled and control(viewer, "Forward").enabled
    counted = "step" if game == "plakoto" else "move"  # Plakoto's names the turn besides (test_plakoto_turn_log.py)
    assert viewer.inner.shown_prompt() == f"Replay, {counted} 0 of {len(viewer.moves)}."
    assert move_lines(viewer) == 0
    lines = []
    for _k in range(1, 9):  # the arrow key: each one move on
        post_key(pygame.K_RIGHT)
        settle(app)
        assert stale_pixels(app) == 0
        lines.append(move_lines(viewer))
    assert len(viewer.session.played) == 8
    assert lines == sorted(lines) and lines[-1] >= 4, "the log grows with the record"
    assert viewer.inner.shown_prompt().startswith("Replay, move 8 of ") or (
        game == "plakoto" and re.match(r"Replay, turn \d+ \(step 8 of \d+\): ", viewer.inner.shown_prompt()))
    before = viewer.session.previous_state()
    said = viewer.inner.describe(before, before.parse_move(viewer.moves[7][1])).rstrip(".")
    prompt = viewer.inner.shown_prompt()
    assert said and said.replace("->", " – ") in prompt and ".." not in prompt and "->" not in prompt
    post_click(control(viewer, "Back").rect.center)  # a click on Back goes back, not forward
    settle(app)
    assert len(viewer.session.played) == 7 and move_lines(viewer) == lines[6]
    assert stale_pixels(app) == 0
    post_click(control(viewer, "To the end").rect.center)
    settle(app)
    assert len(viewer.session.played) == len(viewer.moves)
    assert not control(viewer, "Forward").enabled and not control(viewer, "To the end").enabled
    post_key(pygame.K_HOME)
    settle(app)
    assert len(viewer.session.played) == 0 and move_lines(viewer) == 0
    assert stale_pixels(app) == 0
    post_key(pygame.K_RIGHT)
    for button in (1, 3):  # a click on the board: nothing (only the controls step)
        post_click(viewer.inner.board_area.center, button)
        settle(app)
        assert len(viewer.session.played) == 1
    assert not (tmp_path / "data").exists() or not any((tmp_path / "data").rglob("*.json")), "a replay saves nothing"


def test_a_trap_the_cap_route_reads_stop_by_stop(tmp_path):
    """Seen in a real window: "Красный: Красный–Зелёный 5–Зелёный–Красный 5 — ведёт башню", one
    dash inside the field names and between them. The stops are now set apart by a spaced dash."""
    app, viewer = record_file("trap_the_cap", tmp_path, "ru")
    for k in range(MOVES):
        post_key(pygame.K_RIGHT)
        settle(app)
        before = viewer.session.previous_state()
        said = viewer.inner.describe(before, before.parse_move(viewer.moves[k][1]))
        if "->" in said:
            break
    route = said.split(": ", 1)[1].split(" — ")[0]
    assert " – ".join(route.split("->")) in viewer.inner.shown_prompt()


def test_the_viewer_in_russian(tmp_path):
    app, viewer = record_file("plakoto", tmp_path, "ru")
    post_key(pygame.K_RIGHT)
    settle(app)
    labels = [b.label for b in viewer.inner.buttons.buttons]
    assert {"Вперёд", "Назад", "В начало", "В конец", "Выход"} <= set(labels)
    assert viewer.inner.shown_prompt().startswith("Повтор, шаг 1 из "), "the opening roll: no turn's yet"
    while "Начальный бросок" in viewer.inner.shown_prompt():  # the opening roll (again after a tie)
        post_key(pygame.K_RIGHT)
        settle(app)
    k = len(viewer.session.played)
    assert viewer.inner.shown_prompt().startswith(f"Повтор, ход 1 (шаг {k} из "), "the first turn: its roll"
    assert stale_pixels(app) == 0


def test_the_viewer_at_a_table_puts_its_controls_in_the_strip_and_never_rolls(tmp_path):
    """At a table the acting seat's strip holds Forward, Back...; a tap in a strip (which in a game
    rolls the dice) must not add a roll to the record; the corner button quits."""
    app, viewer = record_file("trap_the_cap", tmp_path, table=True)
    settle(app)
    post_key(pygame.K_RIGHT)
    settle(app)
    inner = viewer.inner
    seat = inner.acting_seat()
    panel = next(p for p in inner.table_panels if p.seat == seat)
    labels = [b.label for b in inner.table_buttons[seat]]
    assert labels[:2] == ["Forward", "Back"] and "Roll" not in labels
    assert inner.table_menus[seat].label == "Quit"
    assert not inner.can_roll(), "no strip invites a tap to roll"
    assert inner.current_prompt().startswith("Replay, move 1 of ")
    forward = next(b for b in inner.table_buttons[seat] if b.label == "Forward")
    post_click(panel.to_screen(forward.rect.center))
    settle(app)
    assert len(viewer.session.played) == 2
    assert stale_pixels(app) == 0
    played = [p.text for p in viewer.session.played]
    back = next(b for b in inner.table_buttons[inner.acting_seat()] if b.label == "Back")
    here = next(p for p in inner.table_panels if p.seat == inner.acting_seat())
    post_click(here.to_screen(back.rect.center))
    settle(app)
    assert [p.text for p in viewer.session.played] == played[:1], "Back went back; nothing was rolled"
    assert stale_pixels(app) == 0


def test_a_finished_game_is_kept_for_replay_and_replaying_one_to_its_end_touches_no_save(tmp_path, monkeypatch):
    """A finished game's record is kept in the data folder's ``finished/`` (its autosave goes at
    the end, and with it the only record: ``tabletop replay`` had nothing to open), and the log
    names the file (in words, no folder path that a panel would cut). The viewer stepping such a record to its end is no game ending: the autosave of
    a game in progress stays, and no record is kept again."""
    from feedback_helpers import play_out, start
    from scene_input import instant_scenes

    from tabletop.finished_games import FOLDER

    instant_scenes(monkeypatch, tmp_path / "data")
    app, scene = start("plakoto", players=2, seed=4, options={"match": "1"})
    play_out(app, scene)
    for _ in range(5):
        scene.timers.skip()
        scene.update(0.0)
    assert scene.over_shown, "the game ended"
    kept = sorted((app.saves.folder / FOLDER).glob("plakoto-*.json"))
    assert len(kept) == 1
    said = [e.text for e in scene.log.entries if kept[0].name in e.text]
    assert said == [f"The game is kept with the finished games as {kept[0].name}."], "the log names the file"
    assert not any(str(kept[0].parent) in e.text for e in scene.log.entries), "in words, not a folder path"
    replay = read_replay(kept[0], app.store)
    assert replay.session.state.current_player is not None and len(replay.moves) == len(scene.session.played)

    viewer_app = App(AppOptions(size=(1366, 768), headless=True, mute=True))
    ongoing = new_session(get_game("plakoto"), viewer_app.store, 2, None, {}, [Seat("human"), Seat("human")], 1)
    ongoing.roll()
    viewer_app.saves.write(ongoing)
    save = viewer_app.saves.slot_of(ongoing).path
    assert save.exists()
    viewer = ReplayScene(viewer_app, replay.session, replay.moves, replay.note)
    viewer_app.push_scene(viewer)
    viewer_app.start()
    post_click(control(viewer, "To the end").rect.center)
    settle(viewer_app)
    assert viewer.session.state.current_player is None, "the record's end"
    assert save.exists(), "the game in progress is still saved"
    assert len(list((viewer_app.saves.folder / FOLDER).glob("plakoto-*.json"))) == 1, "not kept twice"


@pytest.mark.parametrize("table", [False, True], ids=["window", "table"])
def test_the_viewer_lights_no_piece_as_movable(tmp_path, table):
    """At a position where a person had the dice, Plakoto lit the checkers he could move, as if a
    touch would move them; in the viewer nobody moves but the record."""
    app, viewer = record_file("plakoto", tmp_path, table=table)
    inner = viewer.inner
    while not (inner.state.phase == "move" and inner.state.current_player == 0):
        viewer.forward()
    assert inner.state.legal_moves(), "a position with checkers to move"
    settle(app)
    assert not inner.human_to_move() and inner.sources() == set(), "no checker lit"
    assert not inner.hint_available()
    assert stale_pixels(app) == 0


def finished_record(game: str, tmp_path, lang: str = "en", table: bool = False,
                    seats: tuple[str, str] = ("ai:hard", "ai:easy")) -> tuple[App, ReplayScene]:
    """A whole seeded game (random moves) between ``seats``, written as a record and opened in
    the viewer at its start."""
    spec = get_game(game)
    app = App(AppOptions(size=(1366, 768), headless=True, mute=True, lang=lang, table=table))
    people = [Seat.parse(s, spec.agent_levels) for s in seats]
    session = new_session(spec, app.store, 2, None, {"match": "1"} if game == "plakoto" else {}, people, 3)
    return app, open_record(app, session, tmp_path / f"{game}-whole.json", 4)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_viewer_says_who_won_at_the_end_and_who_played(game, lang, tmp_path):
    """At "move 180 of 180" nothing said who won, and the players list had lost its "computer,
    hard" and "computer, easy" (the viewer seats people, so that no computer plays). The record
    keeps its seats: the panel says them as the game does, and the end says the game's result."""
    from tabletop.ui import text_audit

    def roles(app: App) -> list[str]:
        with text_audit.TextAudit() as audit:
            app.mark_dirty()
            app.render()
        return sorted(e.text for e in audit.placed() if tr("hard") in e.text or tr("easy") in e.text)

    app, viewer = finished_record(game, tmp_path, lang)
    inner = viewer.inner
    game_app = App(AppOptions(size=(1366, 768), headless=True, mute=True, lang=lang))
    own = new_session(get_game(game), game_app.store, 2, None, {}, [Seat("ai", "hard"), Seat("ai", "easy")], 3)
    game_app.push_scene(make_scene(game_app, own))
    assert roles(app) == roles(game_app), "who played, as the game shows it"
    assert [inner.seat_role(s) for s in (0, 1)] == [tr("computer, {level}", level=tr(v)) for v in ("hard", "easy")]
    post_key(pygame.K_END)
    settle(app)
    assert viewer.session.state.current_player is None
    result = inner.result_summary()
    assert result and tr("Game over: {result}", result=result) in inner.current_prompt()
    assert any(result in e.text for e in inner.log.entries[viewer._log_start:]), "the log ends with it too"
    assert stale_pixels(app) == 0
    post_key(pygame.K_LEFT)
    settle(app)
    assert tr("Game over: {result}", result=result) not in inner.current_prompt()
    assert not any(result in e.text for e in inner.log.entries[viewer._log_start:])


def test_the_viewer_at_a_table_says_who_played_each_seat(tmp_path):
    app, viewer = finished_record("trap_the_cap", tmp_path, table=True)
    assert [viewer.inner.head_role(s) for s in (0, 1)] == ["computer, hard", "computer, easy"]
    _app, people = finished_record("trap_the_cap", tmp_path, seats=("human", "ai:easy"))
    assert [people.inner.seat_role(s) for s in (0, 1)] == ["you", "computer, easy"]
    assert people.inner.head_role(0) == ""


@pytest.mark.parametrize("table", [False, True], ids=["window", "table"])
def test_trap_the_cap_lights_no_target_and_a_click_on_the_board_plays_nothing(tmp_path, table):
    """Where the record's person had a cap to move, the viewer lit its legal end fields as if the
    viewer had to choose, and a click on a lit field played the recorded move. Nothing is lit
    now, and no click on the board steps."""
    app, viewer = record_file("trap_the_cap", tmp_path, table=table)
    inner = viewer.inner
    while not (inner.state.current_player == 0 and inner.state.legal_moves()
               and any(m.__class__.__name__ == "Move" for m in inner.state.legal_moves())):
        viewer.forward()
    settle(app)
    k = len(viewer.session.played)
    move = next(m for m in inner.state.legal_moves() if m.__class__.__name__ == "Move")
    assert inner.movable() == [] and inner.targets() == {} and inner.selected is None
    for pos in (inner.piece_px(move.start, move.stack), inner.free_px(move.end)):
        post_click(pos)
        settle(app)
        assert inner.selected is None and inner.targets() == {}
    post_click(inner.free_px(move.end), button=3)
    settle(app)
    assert len(viewer.session.played) == k, "the board stepped nothing"
    assert stale_pixels(app) == 0


def test_at_a_table_the_records_end_keeps_the_viewers_controls(tmp_path):
    """At a table, once the record's game was over, every strip offered the game's Result and
    Play again (a new game, out of the replay) and no Back. The strips keep the viewer's controls
    that still work."""
    app, viewer = finished_record("trap_the_cap", tmp_path, table=True)
    post_key(pygame.K_END)
    settle(app)
    inner = viewer.inner
    assert inner.state.current_player is None
    for seat, buttons in inner.table_buttons.items():
        labels = [b.label for b in buttons]
        assert "Back" in labels and "Play again" not in labels and "Result" not in labels, (seat, labels)
    panel = inner.table_panels[0]
    back = next(b for b in inner.table_buttons[panel.seat] if b.label == "Back")
    post_click(panel.to_screen(back.rect.center))
    settle(app)
    assert len(viewer.session.played) == len(viewer.moves) - 1
    assert stale_pixels(app) == 0


def test_the_viewer_outlines_the_last_turn_as_the_game_does(tmp_path):
    """The game outlines the latest turn's moves on the board (Trap the Cap's frame and trail);
    the viewer stepped the record without telling the board, so nothing was outlined. It is the
    same turn the game would outline, and none again after Home."""
    app, viewer = record_file("trap_the_cap", tmp_path)
    inner = viewer.inner
    while not inner.outline and len(viewer.session.played) < len(viewer.moves):
        viewer.forward()
    assert inner.outline, "a move of a cap is outlined"
    assert inner.outline == inner._last_turn()
    assert all(move in [m for _b, m, _s in inner.history] for _before, move in inner.outline)
    viewer.to_start()
    assert inner.outline == [] and inner.history == []


@pytest.mark.parametrize("size", [(1024, 600), (1366, 768)])
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_computers_role_reads_the_same_at_every_step(lang, size, tmp_path):
    """Each players-list row chose its computer's form frame by frame, "computer, random" where it
    fitted beside the name and "random" alone where not (a bold name on its turn, a longer
    "(out)" one, a Russian name): stepping through a record in Russian read «компьютер,
    случайный» at one step and «случайный» at another, «компьютер, сильный» up to the last step
    and «сильный» at it, beside «компьютер, лёгкий» in the next row. The list now settles on one
    form that fits them all, over the whole record, before the first step."""
    levels = ("random", "easy", "hard")
    app = App(AppOptions(size=size, headless=True, mute=True, lang=lang))
    seats = [Seat("human"), *(Seat("ai", level) for level in levels)]  # Green, Yellow, Blue
    session = new_session(get_game("trap_the_cap"), app.store, 4, None, {}, seats, 5)
    viewer = open_record(app, session, tmp_path / "whole.json", 2)  # to the end: seats go out
    forms = {tr(v) for v in levels} | {tr("computer, {level}", level=tr(v)) for v in levels}
    seen: dict[str, list[int]] = {}
    for k in range(len(viewer.moves) + 1):
        with TextAudit() as audit:
            app.mark_dirty()
            app.render()
        for drawn in audit.placed():
            if drawn.text in forms:
                seen.setdefault(drawn.text, []).append(k)
        viewer.forward()
    # the full form (it fits at both sizes, smaller where it must), for every level at every step
    assert set(seen) == {tr("computer, {level}", level=tr(v)) for v in levels}, seen
    for text, steps in seen.items():  # from the first step, for as long as the seat is in play
        assert steps == list(range(len(steps))), (text, steps[:3], steps[-3:])


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_long_last_move_leaves_the_prompt_readable_and_the_log_says_it(lang, tmp_path):
    """At a 1024x600 window the end of a four-player Trap the Cap record put "Replay, move 438 of
    438", the whole move ("... moves 3 fields with a tower of 2, traps 13 caps (Yellow, Red, Green,
    Blue)") and the result into the prompt box, shrunk to the smallest type. When the move does
    not fit at the small reading size the prompt leaves it to the log, just under it."""
    app = App(AppOptions(size=(1024, 600), headless=True, mute=True, lang=lang))
    seats = [Seat("human"), *(Seat("ai", level) for level in ("random", "easy", "hard"))]
    session = new_session(get_game("trap_the_cap"), app.store, 4, None, {}, seats, 5)
    viewer = open_record(app, session, tmp_path / "whole.json", 2)
    inner = viewer.inner
    viewer.to_end()
    settle(app)
    k, n = len(viewer.session.played), len(viewer.moves)
    assert k == n
    before = viewer.session.previous_state()
    said = inner.describe(before, before.parse_move(viewer.moves[-1][1]))
    prompt = inner.current_prompt()
    assert prompt.startswith(tr("Replay, move {k} of {n}.", k=k, n=n)), prompt
    assert tr("Game over: {result}", result=inner.result_summary()) in prompt
    assert any(e.text == said for e in inner.log.entries), "the log has the move in full"
    with TextAudit() as audit:
        app.mark_dirty()
        app.render()
    words = prompt.split()
    drawn = [e for e in audit.placed() if e.text.strip() and e.text.split()[0] in words and e.box is not None
             and inner.prompt_rect.contains(pygame.Rect(e.box))]
    assert drawn and min(e.size for e in drawn) >= inner.metrics.small, [(e.text, e.size) for e in drawn]
    assert stale_pixels(app) == 0


def test_a_short_move_stays_in_the_prompt(tmp_path):
    app, viewer = record_file("plakoto", tmp_path)
    viewer.forward()
    settle(app)
    before = viewer.session.previous_state()
    said = viewer.inner.describe(before, before.parse_move(viewer.moves[0][1])).rstrip(".")
    assert said in viewer.inner.current_prompt()

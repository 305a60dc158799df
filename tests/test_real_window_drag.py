"""Drag and drop in a real X11 window: press on a piece, move with the button held, release on a
lit target, and the move is played (the autosave holds it).

Why a real window: in-process tests send the drag's events straight to the scene, but the app
also tells the scene where a resting pointer is after every press (so hover is current), and once
that message said "no button held" in the middle of a drag, which dropped every drag a person
made while all the in-process drag tests passed. Only a real pointer shows it: SDL then knows the
button is down. Needs Xvfb and xdotool (skipped, saying so, without them).

The pixels to press and release on come from the same scene built headless at the window's size.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time

import pytest
from test_plakoto_scene import source_px, target_px

from tabletop.app import App, AppOptions
from tabletop.games import get_game
from tabletop.launch import Seat, new_session, session_from_position
from tabletop.ui.game_scene import make_scene

MISSING = [t for t in ("Xvfb", "xdotool") if shutil.which(t) is None]
pytestmark = [pytest.mark.skipif(bool(MISSING), reason=f"no real-window drag check: {', '.join(MISSING)} not "
                                                     "installed (apt-get install xvfb xdotool)"),
              # one X server and app at a time (see pyproject's --dist loadgroup): two 4K checks side by side
              # on a two-core machine made each other's captures wait
              pytest.mark.xdist_group("real_window")]
SIZE = (1366, 768)


@pytest.fixture(scope="module")
def display():
    from test_real_window import start_xvfb

    xvfb, name = start_xvfb(f"{SIZE[0]}x{SIZE[1]}x24")
    yield name
    xvfb.terminate()
    xvfb.wait(timeout=10)


def rolled(game: str, seed: int):
    """A new two-person game with the first roll made, and the app that holds it (headless)."""
    app = App(AppOptions(size=SIZE, headless=True, mute=True))
    spec = get_game(game)
    session = new_session(spec, app.store, 2, None, {}, [Seat("human"), Seat("human")], seed)
    while session.state.current_player is not None and session.state.current_player < 0:
        session.roll()
    return app, spec, session


def laid_out(app: App, spec, notation: str):
    """The scene the real app shows for ``notation`` (built the same way, at the same size)."""
    session = session_from_position(spec, app.store, notation, [Seat("human"), Seat("human")], 5, 2)
    scene = make_scene(app, session)
    app.push_scene(scene)
    app.render()
    return scene


def plakoto_drag() -> tuple[str, str, tuple[int, int], tuple[int, int]]:
    app, spec, session = rolled("plakoto", 5)
    notation = session.state.to_notation()
    scene = laid_out(app, spec, notation)
    step = scene.state.legal_moves()[0]
    return "plakoto", notation, source_px(scene, step.frm), target_px(scene, step.to)


def trap_the_cap_drag() -> tuple[str, str, tuple[int, int], tuple[int, int]]:
    from tabletop.games.trap_the_cap.rules import Move

    app, spec, session = rolled("trap_the_cap", 5)
    notation = session.state.to_notation()
    scene = laid_out(app, spec, notation)
    moves = [m for m in scene.state.legal_moves() if isinstance(m, Move)]
    ends = [m.end for m in moves]
    move = next(m for m in moves if ends.count(m.end) == 1)  # one way there: no choice card
    return "trap_the_cap", notation, scene.piece_px(move.start, move.stack), scene.field_px(move.end)


@pytest.mark.parametrize("plan", [plakoto_drag, trap_the_cap_drag], ids=["plakoto", "trap_the_cap"])
def test_a_piece_dragged_with_the_mouse_is_moved(display, plan, tmp_path):
    from test_real_window import drawn, settled, window_of, x

    game, notation, a, b = plan()
    data = tmp_path / "data"
    env = dict(os.environ, DISPLAY=display, SDL_VIDEODRIVER="x11", SDL_AUDIODRIVER="dummy",
               TABLETOP_DATA=str(data), PYGAME_HIDE_SUPPORT_PROMPT="1")
    proc = subprocess.Popen([sys.executable, "-m", "tabletop", game, "--seats", "human,human", "--position", notation,
                             "--mute", "--size", f"{SIZE[0]}x{SIZE[1]}"],
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        wid = window_of(display, proc)
        x(display, "xdotool", "windowfocus", wid)
        # the board drawn and standing still first: on a loaded machine a fixed second was once too
        # little, and the press went to a window that was not yet showing the game
        drawn(display, tmp_path)
        settled(display, tmp_path, "ready", 1)
        x(display, "xdotool", "mousemove", "--window", wid, str(a[0]), str(a[1]))
        time.sleep(0.3)
        x(display, "xdotool", "mousedown", "1")
        time.sleep(0.3)  # the app sees the press alone, held, as a person's hand gives it
        for i in range(1, 9):
            x(display, "xdotool", "mousemove", "--window", wid,
              str(a[0] + (b[0] - a[0]) * i // 8), str(a[1] + (b[1] - a[1]) * i // 8))
            time.sleep(0.05)
        time.sleep(0.3)
        x(display, "xdotool", "mouseup", "1")
        save = data / f"autosave-{game}.json"
        for _ in range(300):  # up to a minute: the move's animation and save on a loaded machine
            if save.exists():
                break
            time.sleep(0.2)
        assert proc.poll() is None, proc.communicate()[1]
        assert save.exists(), f"{game}: the drag from {a} to {b} played no move"
        moves = json.loads(save.read_text())["moves"]
        assert len(moves) == 1, moves
    finally:
        proc.terminate()
        _, err = proc.communicate(timeout=20)
    assert "Traceback" not in err, err

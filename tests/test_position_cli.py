"""Starting from a position: ``tabletop screenshot GAME OUT.png --position TEXT`` and ``tabletop GAME
--position TEXT`` through the real command line (bad text: one line, exit 2, no traceback), and
the session they start: its record replays, autosave resumes it, "Play again" starts it again."""

from __future__ import annotations

import json
import subprocess
import sys
from argparse import Namespace

import pytest
from scene_input import instant_scenes

from tabletop.cli import session_from_args
from tabletop.core import CHANCE
from tabletop.core.errors import StateError
from tabletop.core.session import Session
from tabletop.core.spec import OptionError
from tabletop.games import get_game
from tabletop.layout import BoardStore

POSITIONS = {
    "plakoto": "next - 1:w3 off:w12,b15 mother:w-b- match:2-1/3 start:w",
    "trap_the_cap": "yellow 6 R25:green+gold S_SW_1:green home:green=green,green;yellow=yellow,yellow,yellow,yellow "
                    "locked: gold:yellow variant:golden_cap round:3",
    "captain_flip": "2 keep tile:Gm coins:5,0 boards:Lp/-/GS/-/-;-/-/-/-/- first:1 bag:69 variant:C",
    "chicken_chase": "1 action hens:3,0/0,7 feed:1grey,2grey,3grey,2brown,3brown,4brown,5green,4green,8gold,6gold "
                     "hands:4brown,~1grey,~2brown/~1grey,~3brown turns:4 blocked:4,5,8,10,13,14 variant:normal",
}


def run(*args):
    return subprocess.run([sys.executable, "-m", "tabletop", *args], capture_output=True, text=True, timeout=300)


@pytest.mark.parametrize("game_id", list(POSITIONS))
def test_screenshot_of_a_position(game_id, tmp_path):
    out = tmp_path / f"{game_id}.png"
    result = run("screenshot", game_id, str(out), "--size", "800x480", "--position", POSITIONS[game_id])
    assert result.returncode == 0, result.stderr
    assert result.stderr == "" and out.stat().st_size > 5_000


@pytest.mark.parametrize("args,needle", [
    (["screenshot", "plakoto", "x.png", "--position", "w - 1:b15 25:w15 off:w0,b0"], "25:w15"),
    (["trap_the_cap", "--position", "red 9 home: locked: gold:-"], "'9'"),
    (["captain_flip", "--position", "1 draw boards:-/-/-/-/- variant:A", "--variant", "B"], "--variant"),
    (["chicken_chase", "--position", "1 action hens:0,0/0,0 hands:1pink/-"], "1pink"),
])
def test_bad_position_is_one_line_and_exit_2(args, needle, tmp_path):
    result = run(*args)
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and needle in lines[0], result.stderr
    assert "Traceback" not in result.stderr and lines[0].startswith("tabletop: ")


def _args(**given) -> Namespace:
    base = {"players": None, "seats": None, "variant": None, "option": [], "seed": 7, "position": None}
    return Namespace(**{**base, **given})


@pytest.mark.parametrize("game_id", list(POSITIONS))
def test_the_session_starts_at_the_position_and_records_it(game_id):
    spec = get_game(game_id)
    session = session_from_args(_args(position=POSITIONS[game_id]), BoardStore([]), game_id)
    state = session.state
    assert state == spec.state_class.from_notation(POSITIONS[game_id])
    assert session.meta["position"] == state.to_notation() and session.seed == 7
    assert session.meta["players"] == state.num_players
    for _ in range(6):
        if state.current_player is None:
            break
        if state.current_player == CHANCE:
            session.roll()
        else:
            session.play(state.legal_moves()[0])
        state = session.state
    replayed = Session.from_record(spec, json.loads(json.dumps(session.record())))
    assert replayed.state == session.state
    assert replayed.initial == spec.state_class.from_notation(POSITIONS[game_id])


def test_players_and_seats_must_fit_the_position():
    store = BoardStore([])
    with pytest.raises(OptionError, match="for 2 players"):
        session_from_args(_args(position=POSITIONS["plakoto"], players=3), store, "plakoto")
    with pytest.raises(OptionError, match="2 players"):
        session_from_args(_args(position=POSITIONS["plakoto"], seats="human,human,ai:easy"), store, "plakoto")
    with pytest.raises(StateError, match="^--position: "):
        session_from_args(_args(position="nonsense"), store, "plakoto")
    session = session_from_args(_args(position=POSITIONS["plakoto"], seats="ai:hard,human"), store, "plakoto")
    assert [s["kind"] for s in session.meta["seats"]] == ["ai", "human"]


def test_the_app_autosaves_and_plays_again_from_the_position(tmp_path, monkeypatch):
    instant_scenes(monkeypatch, tmp_path)
    from tabletop.app import App, AppOptions
    from tabletop.saves import SaveSlots
    from tabletop.ui.game_scene import make_scene

    app = App(AppOptions(size=(1024, 600), headless=True, mute=True))
    session = session_from_args(_args(position=POSITIONS["plakoto"], seats="human,human"), app.store, "plakoto")
    scene = make_scene(app, session)
    app.push_scene(scene)
    app.render()
    assert "Game over" in scene.prompt_line() and scene.can_roll()
    scene.roll()  # "Next game"
    assert scene.state.phase == "roll" and scene.state.turn == 1  # Black won, Black starts
    loaded = SaveSlots(tmp_path).slot_for("plakoto").load().session  # each game saves in its own slot
    assert loaded is not None and loaded.state == scene.state and loaded.meta["position"] == session.meta["position"]
    scene.play_again()
    again = app.top
    assert again.session.state == get_game("plakoto").state_class.from_notation(POSITIONS["plakoto"])

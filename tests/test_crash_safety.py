"""Crash safety: a real game process (dummy video) is killed with SIGKILL at a random moment while
computer players move; the autosave is always a complete record of finished moves, and
``tabletop continue`` resumes from exactly that position (its own later save extends the same
record)."""

import json
import os
import random
import signal
import subprocess
import sys
import time

import pytest

from tabletop.games import all_games
from tabletop.saves import SaveSlots

GAMES = [g for g, spec in all_games().items() if spec.scene]


def _start(args, data_dir):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", TABLETOP_DATA=str(data_dir))
    return subprocess.Popen([sys.executable, "-m", "tabletop", *args, "--mute", "--size", "1024x600"],
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def _wait_for_save(slot, moves_at_least, timeout=60.0):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        header = slot.peek()
        if header and len(header.get("moves", [])) >= moves_at_least:
            return header
        time.sleep(0.05)
    raise AssertionError("the game process never saved")


@pytest.mark.parametrize("game_id,seed", [(g, s) for g in GAMES for s in (1, 2)])
def test_kill_then_continue_resumes_the_last_completed_move(tmp_path, game_id, seed):
    spec = all_games()[game_id]
    rng = random.Random(seed)
    seats = ",".join(["ai:random"] * spec.default_players)
    slot = SaveSlots(tmp_path).slot_for(game_id)  # each game saves in its own slot
    proc = _start([game_id, "--seats", seats, "--seed", str(seed)], tmp_path)
    try:
        _wait_for_save(slot, 2)
        time.sleep(rng.uniform(0.0, 1.5))
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    killed_moves = [list(m) for m in json.loads(slot.path.read_text())["moves"]]  # whole JSON, never half
    loaded = slot.load()
    assert loaded.session is not None, loaded.message
    assert killed_moves and len(loaded.session.played) == len(killed_moves)
    assert not list(tmp_path.glob("*.tmp")), "a temp file of a killed write was not cleaned up"

    proc = _start(["continue"], tmp_path)
    try:
        _wait_for_save(slot, len(killed_moves) + 1)
    finally:
        proc.send_signal(signal.SIGKILL)
        _, err = proc.communicate()
    resumed = json.loads(slot.path.read_text())["moves"]
    assert resumed[: len(killed_moves)] == killed_moves, "continue did not resume from the saved position"
    assert b"Traceback" not in err

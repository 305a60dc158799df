"""The replay viewer names each Plakoto turn as the game review numbers it ("turn 42", "game 2,
turn 5"), the record's step after it: seen in a real window, the replay counted the record's steps
("ход 4 из 293", rolls included) while the review said "Ход 42", and a turn of the review could not
be found in the replay. Both take the numbers from ``review_turns.record_turns``. The other games'
replays still count moves (``test_replay_viewer.py``)."""

from __future__ import annotations

import json
import random

import pytest

from tabletop.app import App, AppOptions
from tabletop.core import CHANCE
from tabletop.games import get_game
from tabletop.i18n import set_language
from tabletop.launch import Seat, new_session
from tabletop.ui.replay import ReplayScene, read_replay


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_DATA", str(tmp_path / "data"))
    yield
    set_language("en")


def replay_of(tmp_path, match: str, lang: str = "en"):
    """A seeded match between computers playing at random, written as a record, in the viewer."""
    app = App(AppOptions(size=(1366, 768), headless=True, mute=True, lang=lang))
    session = new_session(get_game("plakoto"), app.store, 2, None, {"match": match},
                          [Seat("human"), Seat("human")], 5)
    rng = random.Random(2)
    while session.state.current_player is not None:
        if session.state.current_player == CHANCE:
            session.roll()
        else:
            session.play(rng.choice(session.state.legal_moves()))
    path = tmp_path / "match.json"
    path.write_text(json.dumps(session.record()), encoding="utf-8")
    replay = read_replay(path, app.store)
    viewer = ReplayScene(app, replay.session, replay.moves, replay.note)
    app.push_scene(viewer)
    return app, viewer


@pytest.mark.parametrize("match", ["1", "3"])
def test_the_replay_names_each_turn_by_the_number_the_review_gives_it(tmp_path, match):
    """Every turn the review lists is named so in the replay at each of its steps, the roll too;
    the opening roll is no one's turn."""
    from tabletop.games.plakoto.review_turns import plan_turns

    app, viewer = replay_of(tmp_path, match)
    jobs = plan_turns(viewer.whole_record(), {0, 1})
    assert len({j.game for j in jobs}) == (1 if match == "1" else 3)
    n = len(viewer.moves)
    for job in jobs:
        turn = f"game {job.game + 1}, turn {job.number}" if match == "3" else f"turn {job.number}"
        for k in range(job.start + 1, job.start + len(job.record["moves"]) + 1):
            viewer._rewind(k) if k == job.start + 1 else viewer.forward()
            assert viewer.prompt().startswith(f"Replay, {turn} (step {k} of {n}): "), (k, viewer.prompt())
        if job.game == 1 and job.number == 3:
            break
    viewer.to_start()
    assert viewer.prompt() == f"Replay, step 0 of {n}."
    viewer.forward()
    assert viewer.prompt().startswith(f"Replay, step 1 of {n}: Opening roll"), "the opening roll is no one's turn"


def test_the_replay_names_the_turn_in_russian(tmp_path):
    app, viewer = replay_of(tmp_path, "1", "ru")
    viewer._rewind(4)
    assert viewer.prompt().startswith(f"Повтор, ход 1 (шаг 4 из {len(viewer.moves)}): ")

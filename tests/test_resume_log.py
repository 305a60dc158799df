"""A game resumed from its record (Continue) gets its log back as it was written while it was
played, then a line saying where it was resumed, and the last turn outlined on the board, in
every game (the log once held only "Resumed after N moves" and the outline was gone)."""

from __future__ import annotations

import pytest
from feedback_helpers import play_out, start
from scene_input import instant_scenes

from tabletop.core import CHANCE
from tabletop.core.session import Session
from tabletop.games import get_game
from tabletop.ui.game_scene import make_scene


@pytest.fixture(autouse=True)
def quick(monkeypatch, tmp_path):
    instant_scenes(monkeypatch, tmp_path)


def entries(scene) -> list[tuple[str, int | None, bool]]:
    return [(e.text, e.seat, e.rule) for e in scene.log.entries]


@pytest.mark.parametrize("game,players", [("plakoto", 2), ("trap_the_cap", 3), ("captain_flip", 3),
                                          ("chicken_chase", 3)])
def test_a_resumed_game_has_its_log_and_last_turn_outline_back(game, players):
    app, scene = start(game, players=players, seed=3)
    play_out(app, scene, limit=40)
    scene.timers.skip()
    scene.update(0.0)  # the dice have landed: the last roll is logged
    played = scene.session.played
    assert len(played) > 5 and scene.state.current_player is not None, "a game in progress"
    assert scene.outline, "the live game outlines its last turn"
    resumed = make_scene(app, Session.from_record(get_game(game), scene.session.record()))
    lines = entries(resumed)
    by_players = sum(p.seat != CHANCE for p in played)  # the rolls and draws are not counted
    assert 1 < by_players < len(played)
    assert lines[-1][0] == f"Resumed after {by_players} moves."
    live = [e for e in entries(scene) if e[0] != lines[-1][0]]
    assert lines[:-1] == live[:len(lines) - 1] and len(lines) - 1 == len(live), "the same lines, in order"
    assert [(str(b.to_json()), str(m)) for b, m in resumed.outline] == \
        [(str(b.to_json()), str(m)) for b, m in scene.outline], "the same last turn outlined"
    assert str(resumed.last_move) == played[-1].text


def test_a_resumed_plakoto_match_has_its_earlier_games_results_back_with_the_score_then():
    """The result line of each finished game of a match ("White wins a single game. Match to 3 —
    White 1, Black 0") was missing from a resumed match's log: it is written when a game ends,
    which resuming did not replay."""
    app, scene = start("plakoto", players=2, seed=3, options={"match": "3"})
    rng_seed = 0
    while len(scene.state.games) < 1:
        rng_seed += 1
        play_out(app, scene, seed=rng_seed, limit=200)
    play_out(app, scene, limit=30)  # into the next game
    assert scene.state.current_player is not None, "the match goes on"
    results = [e for e in entries(scene) if "Match to 3 —" in e[0]]
    assert results, "the live log has the game's result"
    resumed = make_scene(app, Session.from_record(get_game("plakoto"), scene.session.record()))
    lines = entries(resumed)
    live = [e for e in entries(scene) if not e[0].startswith("Resumed")]
    assert lines[:-1] == live, "the same lines, results included, in order"

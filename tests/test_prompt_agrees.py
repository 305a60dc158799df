"""The prompt and the controls agree on every frame of the real main loop (real clocks, the
computer really thinks and its pieces really slide): a prompt that asks a person to roll or
draw ("press Space") is shown only while the roll control is live (``can_roll``), never while
the computer's piece still slides and the Roll button is grey; and a game without dice never
says "Rolling…" (Captain Flip draws a tile).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TypeVar

import pygame
import pytest
from live_loop import settle
from test_live_loop import human_action, start

from tabletop.app import App
from tabletop.core import CHANCE
from tabletop.ui.game_scene import GameScene

T = TypeVar("T")

ACTIONS = 8  # a person's actions per game; the computer plays between them


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_DATA", str(tmp_path))


def frames(game: str, table: bool = False) -> list[tuple[str, bool, bool]]:
    """(prompt shown, roll control live, chance step due) after every step of the real loop
    over ``ACTIONS`` of a person's actions and the computer's turns between them."""
    def look(app: App, scene: GameScene) -> tuple[str, bool, bool]:
        app.step()
        return (scene.shown_prompt() if not table else scene.current_prompt(), scene.can_roll(),
                scene.state.current_player == CHANCE)

    return play(game, table, look)


def play(game: str, table: bool, step: Callable[[App, GameScene], T], actions: int = ACTIONS) -> list[T]:
    """What ``step`` (one step of the real loop, and a look at it) saw at every step over
    ``actions`` of a person's actions and the computer's turns between them."""
    app, scene = start(game, table)
    rng = random.Random(5)
    settle(app)
    seen: list[T] = []
    acted = 0
    for _ in range(20000):
        if acted >= actions or scene.state.current_player is None:
            break
        moving = scene.animating()  # (a step that began moving may draw before the motion ends)
        seen.append(step(app, scene))
        if moving or pygame.event.peek() or scene.animating() or scene.future is not None:
            continue
        if scene.can_roll() or (scene.human_to_move() and scene.state.current_player != CHANCE):
            human_action(scene, rng)
            acted += 1
    movers = [p.seat for p in scene.session.played]
    scene.closed()
    pygame.display.quit()
    assert acted >= actions, "the game did not get far enough to test"
    assert movers.count(0) >= 2 and 1 in movers, f"the person's actions hardly played (movers {movers})"
    return seen


@pytest.mark.parametrize("game", ["trap_the_cap", "plakoto", "captain_flip"])
def test_a_prompt_asks_to_roll_only_while_the_roll_is_live(game):
    seen = frames(game)
    asking = [(p, live) for p, live, chance in seen if chance and "Space" in p]
    assert asking, "no frame asked the person to roll: the test saw nothing"
    wrong = [p for p, live in asking if not live]
    assert not wrong, f"{len(wrong)} frames ask to roll while the roll control is grey: {wrong[0]!r}"
    moving = [p for p, live, chance in seen if chance and not live and "moves…" in p]
    assert moving or game == "captain_flip", "no frame showed a computer's move still sliding before the person's roll"


def test_captain_flip_draws_and_never_rolls():
    seen = frames("captain_flip")
    said = [p for p, _live, _chance in seen]
    assert not [p for p in said if "Roll" in p], "a game without dice says Rolling"
    assert any("draws a tile" in p for p in said)


def test_captain_flip_bag_never_says_the_person_draws_while_the_last_move_lands():
    """While the computer's tile still slid onto its board the panel said "Green moves…" and the
    bag beside it "Red draws…" (Red, the person, could not draw yet): the bag now says what the
    panel says."""
    from tabletop.i18n import tr
    from tabletop.ui.text_audit import TextAudit

    with TextAudit() as audit:
        frames("captain_flip")
    said = {e.text for e in audit.entries}
    assert tr("{name} draws…", name="Red") not in said
    assert "Your draw" in said and any(t.endswith("moves…") for t in said)


def test_captain_flip_header_names_the_mover_while_his_tile_lands():
    """While the computer's last tile of its turn still slid onto its board, the bag said "Blue
    moves…" and the large board's header beside it already "Red — to play" (Red, the person,
    could not draw yet): the header waits for the tile to land, as the bag does."""
    from tabletop.i18n import tr
    from tabletop.ui.text_audit import TextAudit

    def look(app: App, scene: GameScene) -> set[str]:
        with TextAudit() as audit:
            app.step()
        return {e.text for e in audit.placed()}

    drawn = play("captain_flip", False, look)
    landing = [texts for texts in drawn if tr("{name} moves…", name="Blue") in texts]
    assert landing, "no frame showed the computer's tile still landing: the test saw nothing"
    wrong = [texts for texts in landing if "Red" + tr(" — to play") in texts]
    assert not wrong, f"{len(wrong)} of {len(landing)} frames name Red to play while Blue's tile lands"
    assert any("Red" + tr(" — to play") in texts for texts in drawn), "the header never named the person"

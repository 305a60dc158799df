"""Who is on turn, on every frame of the real main loop (real clocks: the computer really thinks,
its pieces really slide): while a seat's move is still on its way to the board, no sign lights the
seat the position already has act next. The players list lit the next row, and a table's strips
lit the next seat's strip (Captain Flip's score cards said "Red — to play"), while the panel said
"Blue moves…" and the piece had not arrived; the turn is shown passing when the move has landed.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pygame
import pytest
from test_prompt_agrees import play

from tabletop.app import App
from tabletop.core import CHANCE
from tabletop.i18n import tr
from tabletop.ui.game_scene import GameScene
from tabletop.ui.text_audit import TextAudit

GAMES = ["trap_the_cap", "plakoto", "captain_flip", "chicken_chase"]
ACTIONS = {"chicken_chase": 20}  # a person's actions to play (a whole turn of his comes before the computer's)


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_DATA", str(tmp_path))


@dataclass(frozen=True)
class Frame:
    """What one drawn frame showed about the turn."""

    arriving: int | None  # the seat whose move was still moving while another seat acts next
    lit: frozenset[int]   # the seats lit as on turn: rows of the players list, or strips at a table
    texts: frozenset[str]  # every text the frame drew


def arriving(scene: GameScene) -> int | None:
    """The seat whose last move still slides onto the board while the position has another seat
    act (or nobody, at a chance step no seat rolls): read off the record and the clock alone."""
    if not scene.timers.running("move") or scene.state.current_player is None:
        return None
    mover = next((p.seat for p in reversed(scene.session.played) if p.seat != CHANCE), None)
    return mover if mover != scene.acting_seat() else None


def watch(scene: GameScene, table: bool, drawn: list[tuple[int | None, frozenset[int]]]) -> None:
    """Spy on the scene's drawing: per frame, the seat arriving (read once the frame is drawn: a
    move still on its way then was on its way while it was drawn) and the seats drawn lit."""
    lit: dict[int, bool] = {}
    frame = scene.draw
    if table:
        panel_draw = scene.draw_seat_panel

        def draw_seat_panel(surf: pygame.Surface, panel: Any, row: Any, active: bool, *args: Any, **kw: Any) -> None:
            lit[panel.seat] = active  # a kept strip is not drawn again: it shows what it showed
            panel_draw(surf, panel, row, active, *args, **kw)

        scene.draw_seat_panel = draw_seat_panel  # type: ignore[method-assign]
    else:
        players = scene.draw_players

        def draw_players(surface: pygame.Surface) -> None:
            lit.clear()
            lit.update((r.seat, r.active) for r in scene.player_rows() if r.seat >= 0)
            players(surface)

        scene.draw_players = draw_players  # type: ignore[method-assign]

    def draw(surface: pygame.Surface) -> None:
        frame(surface)
        drawn.append((arriving(scene), frozenset(s for s, on in lit.items() if on)))

    scene.draw = draw  # type: ignore[method-assign]


def frames(game: str, table: bool) -> list[Frame]:
    """Every frame drawn over a few of a person's actions and the computer's turns between them."""
    drawn: list[tuple[int | None, frozenset[int]]] = []
    out: list[Frame] = []

    def look(app: App, scene: GameScene) -> None:
        if not getattr(scene, "_watched", False):
            scene._watched = True  # type: ignore[attr-defined]
            watch(scene, table, drawn)
        before = len(drawn)
        with TextAudit() as audit:
            app.step()
        texts = frozenset(e.text for e in audit.placed())
        out.extend(Frame(seat, lit, texts) for seat, lit in drawn[before:])

    play(game, table, look, ACTIONS.get(game, 8))
    return out


@pytest.mark.parametrize("table", [False, True], ids=["window", "table"])
@pytest.mark.parametrize("game", GAMES)
def test_no_frame_lights_the_next_seat_while_a_move_is_on_its_way(game, table):
    seen = frames(game, table)
    landing = [f for f in seen if f.arriving is not None]
    assert landing, "no frame showed a move still on its way before another seat acts: the test saw nothing"
    wrong = [f for f in landing if f.lit - {f.arriving}]
    assert not wrong, (f"{len(wrong)} of {len(landing)} frames light seat {sorted(wrong[0].lit)} while seat "
                       f"{wrong[0].arriving}'s move is still on its way")
    assert any(0 in f.lit for f in seen) and any(1 in f.lit for f in seen), "the turn was never shown passing"


@pytest.mark.parametrize("table", [False, True], ids=["window", "table"])
def test_captain_flip_says_the_next_captain_is_to_play_only_once_the_tile_has_landed(table):
    """The score cards at a table (and the large board's header in a window) said "Red — to play"
    while Blue's last tile of his turn still flew to his board."""
    seen = frames("captain_flip", table)
    to_play = {seat: name + tr(" — to play") for seat, name in enumerate(("Red", "Blue"))}
    landing = [f for f in seen if f.arriving is not None]
    wrong = [f for f in landing if any(text in f.texts for seat, text in to_play.items() if seat != f.arriving)]
    assert landing and not wrong, f"{len(wrong)} of {len(landing)} frames name the next captain to play"
    assert any(to_play[0] in f.texts for f in seen), "no frame named the person to play"
    # in a window only the large board (the person's) says it; at a table the waiting cards do
    assert any(to_play[1] in f.texts for f in seen) or not table, "no frame named the computer to play"


def landing_before_the_person(game: str, person_next: Callable[[Any], bool], tmp_path: Any,
                              monkeypatch: Any, table: bool = False) -> tuple[App, GameScene]:
    """A game of a person (seat 0) and a computer, played on at random without motion up to the
    computer's move after which ``person_next`` holds: that move is played as the frame plays a
    computer's (``_after_move``), and it slides for a long while."""
    import random

    from scene_input import instant_scenes

    import tabletop.ui.game_scene as game_scene
    from tabletop.app import AppOptions
    from tabletop.games import get_game
    from tabletop.launch import Seat, new_session
    from tabletop.ui.game_scene import make_scene

    instant_scenes(monkeypatch, tmp_path)
    app = App(AppOptions(size=(1366, 768), headless=True, mute=True, table=table))
    session = new_session(get_game(game), app.store, 2, None, {}, [Seat("human"), Seat("ai", "random")], 11)
    scene = make_scene(app, session)
    app.push_scene(scene)
    rng = random.Random(3)
    for _ in range(2000):
        state = scene.state
        if state.current_player == CHANCE:
            scene.roll()
            continue
        seat, move = state.current_player, rng.choice(state.legal_moves())
        after = state.copy()
        after.apply(move)
        last = seat == 1 and person_next(after)
        if last:
            monkeypatch.setattr(game_scene, "MOVE_TIME", 30.0)  # it slides on through the test
        before = state.copy()
        scene.session.play(move)
        scene._after_move(before, move, seat)
        if last:
            app.render()
            return app, scene
    raise AssertionError("the computer never handed the turn to the person")


def test_a_click_on_roll_while_the_computers_cap_slides_rolls(tmp_path, monkeypatch):
    """Trap the Cap: the Roll button is grey while the computer's cap is still on its way (the
    person's turn shows once it has arrived); a click on it ended the slide and nothing else, the
    person had to click again. The click now ends the slide and rolls."""
    from scene_input import click

    app, scene = landing_before_the_person(
        "trap_the_cap", lambda s: s.current_player == CHANCE and s.turn == 0, tmp_path, monkeypatch)
    roll = next(b for b in scene.buttons.buttons if b.label == tr("Roll"))
    assert scene.sliding_mover() == 1 and not roll.enabled
    click(app, roll.rect.center)
    assert scene.session.played[-1].seat == CHANCE and scene.state.current_player == 0, "the click did not roll"


def test_chicken_chase_persons_turn_begins_when_the_computers_hen_has_arrived(tmp_path, monkeypatch):
    """Chicken Chase: the person's turn begins with a choice (no roll); while the computer's hen
    still walked up the hill his row was lit and his A/B/C buttons live beside "Blue moves…".
    Now the computer's row stays lit and the buttons wait, as a roll waits for the slide; a
    click on A ends the walk and chooses A."""
    from scene_input import click

    app, scene = landing_before_the_person(
        "chicken_chase", lambda s: s.current_player == 0 and s.phase == "action", tmp_path, monkeypatch)
    assert not scene.human_to_move(), "the person could act while the computer's hen still walked"
    assert [r.seat for r in scene.player_rows() if r.active] == [1]
    assert scene.current_prompt() == tr("{name} moves…", name=scene.seat_name(1))
    a = next(b for b in scene.buttons.buttons if b.key == "A")
    assert not a.enabled
    click(app, a.rect.center)
    played = scene.session.played[-1]
    assert (played.seat, played.text[:2]) == (0, "A:"), "the click on A did not choose it"
    assert [r.seat for r in scene.player_rows() if r.active] == [0]


def test_plakoto_numbers_turn_to_the_next_player_when_the_checker_has_arrived(tmp_path, monkeypatch):
    """At a table the points are numbered for the player on turn: they turned to the person while
    the computer's last checker of its turn was still on its way (and its strip still lit)."""
    app, scene = landing_before_the_person(
        "plakoto", lambda s: s.current_player == CHANCE and s.phase == "roll" and s.turn == 0, tmp_path,
        monkeypatch, table=True)
    assert scene.sliding_mover() == 1 and scene.numbers_facing() == 1
    scene.skip_animations()
    assert scene.numbers_facing() == 0


def test_plakoto_says_the_sides_move_with_a_plural_verb_in_russian(tmp_path, monkeypatch):
    """«Чёрные ходит…» while Black's checker was on its way: Plakoto's sides take plural verbs."""
    from tabletop.i18n import set_language

    app, scene = landing_before_the_person(
        "plakoto", lambda s: s.current_player == CHANCE and s.phase == "roll" and s.turn == 0, tmp_path, monkeypatch)
    try:
        set_language("ru")
        assert scene.current_prompt() == "Чёрные ходят…"
    finally:
        set_language("en")
    assert scene.current_prompt() == "Black moves…"

"""Plakoto's log writes a whole turn as one line, as a backgammon player reads it ("White 6-6:
24/18(4)", not four lines of "24/18"), written again at each step while the turn is played: one
checker's steps in a row as one move ("24/13"), a move made again counted ("13/7(2) 8/2(2)"), a
pin starred and said ("13/7*, pinning a black checker"), a checker borne off as "6/off". The
saved record keeps one step a move (the rules' notation): only what the log shows is joined.
Seen in a real window: a 6-6 played 24/18 four times filled four lines with "White: 24/18"."""

from __future__ import annotations

import pytest
from feedback_helpers import start
from scene_input import instant_scenes

from tabletop.core import CHANCE
from tabletop.games.plakoto.rules import PlakotoState, Roll, Step
from tabletop.i18n import set_language
from tabletop.launch import Seat
from tabletop.ui.table_strip import log_tail

START = "w - 1:b15 24:w15 off:w0,b0 start:w"


@pytest.fixture(autouse=True)
def quick(monkeypatch, tmp_path):
    instant_scenes(monkeypatch, tmp_path)
    yield
    set_language("en")


def lines(scene) -> list[str]:
    return [e.text for e in scene.log.entries if not e.rule]


def scene_at(position: str, monkeypatch, dice: tuple[int, int], **kw):
    """Two people at ``position`` (White to roll), the next roll ``dice``, rolled."""
    app, scene = start("plakoto", [Seat("human"), Seat("human")], options={"match": "1"}, **kw)
    state = PlakotoState.from_notation(position)
    scene.session.state, scene.session.initial = state, state.copy()
    scene._changed()
    monkeypatch.setattr(state, "sample_chance", lambda rng: Roll(*dice))
    scene.roll()
    scene.timers.skip()  # the dice land: the roll is logged then
    scene.update(0.0)
    return app, scene


@pytest.mark.parametrize(("lang", "words"), [("en", "White"), ("ru", "Белые")])
def test_a_double_played_24_18_four_times_is_one_line_written_again_at_each_step(monkeypatch, lang, words):
    app, scene = scene_at(START, monkeypatch, (6, 6), lang=lang)
    before = len(lines(scene))
    assert lines(scene)[-1] == f"{words} " + ("rolls 6-6" if lang == "en" else "выбрасывают 6-6")
    for k in range(1, 5):
        assert scene.play(Step(24, 18, 6))
        assert lines(scene)[-1] == f"{words} 6-6: 24/18" + (f"({k})" if k > 1 else "")
        assert len(lines(scene)) == before, "the turn's line is written again, no line is added"
    assert scene.state.current_player == CHANCE, "the turn is over"
    assert [m[1] for m in scene.session.record()["moves"]][-4:] == ["24/18"] * 4, "the record keeps its steps"


def test_after_an_undo_the_turns_line_drops_the_step_and_comes_under_move_taken_back(monkeypatch):
    app, scene = scene_at(START, monkeypatch, (6, 6))
    scene.play(Step(24, 18, 6))
    scene.play(Step(24, 18, 6))
    scene.undo()
    assert lines(scene)[-2:] == ["White 6-6: 24/18", "Move taken back."], "the undone step is gone from the line"
    scene.play(Step(18, 12, 6))
    assert lines(scene)[-2:] == ["Move taken back.", "White 6-6: 24/12"], "one checker's 24/18 18/12"
    assert sum("6-6" in t for t in lines(scene)) == 1


@pytest.mark.parametrize(("lang", "words", "rolls"), [("en", "White", "rolls"), ("ru", "Белые", "выбрасывают")])
def test_undo_leaves_the_turns_line_with_the_steps_still_played_or_the_roll_alone(monkeypatch, lang, words, rolls):
    """Seen in a real window: after Undo the turn's line still showed the undone step, with "Move
    taken back." under it, until the next step wrote the line again. Undo is the panel's key here."""
    import pygame

    def undo():
        app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode="", scancode=0))
        app.dispatch(pygame.event.Event(pygame.KEYUP, key=pygame.K_BACKSPACE, mod=0, unicode="", scancode=0))
        app.tick(0.0)

    app, scene = scene_at(START, monkeypatch, (6, 6), lang=lang)
    for step in (Step(24, 18, 6), Step(24, 18, 6), Step(18, 12, 6)):
        assert scene.play(step)
    assert lines(scene)[-1] == f"{words} 6-6: 24/18 24/12"
    undone = ["Move taken back.", "2 moves taken back.", "3 moves taken back."] if lang == "en" else \
        ["Ход отменён.", "Отменены 2 хода.", "Отменены 3 хода."]
    undo()
    assert lines(scene)[-2:] == [f"{words} 6-6: 24/18(2)", undone[0]]
    undo()
    assert lines(scene)[-2:] == [f"{words} 6-6: 24/18", undone[1]], "undos in a row are counted on one line"
    undo()
    assert lines(scene)[-2:] == [f"{words} {rolls} 6-6", undone[2]]
    assert sum("6-6" in t for t in lines(scene)) == 1
    assert scene.play(Step(24, 18, 6))
    assert lines(scene)[-1] == f"{words} 6-6: 24/18" and sum("6-6" in t for t in lines(scene)) == 1
    app.render()


def test_at_a_table_each_strip_shows_the_whole_turn_in_one_line(monkeypatch):
    app, scene = scene_at(START, monkeypatch, (6, 6), table=True, size=(1920, 1080), lang="ru")
    for step in (Step(24, 18, 6), Step(24, 18, 6), Step(18, 12, 6), Step(18, 12, 6)):
        assert scene.play(step)
    tail = [text for text, _ in log_tail(scene.log, 3)]
    assert tail[-1] == "Белые 6-6: 24/12(2)"
    assert not any(t.startswith("Белые: ") for t in tail)
    app.render()


def test_the_steps_read_as_a_backgammon_player_writes_a_turn():
    from tabletop.games.plakoto.rules import steps_text

    assert steps_text([Step(24, 18, 6)] * 4) == "24/18(4)"
    assert steps_text([Step(13, 7, 6), Step(13, 7, 6), Step(8, 2, 6), Step(8, 2, 6)]) == "13/7(2) 8/2(2)"
    assert steps_text([Step(24, 18, 6), Step(18, 13, 5)]) == "24/13"
    assert steps_text([Step(24, 18, 6), Step(24, 18, 6), Step(18, 12, 6), Step(18, 12, 6)]) == "24/12(2)"
    assert steps_text([Step(24, 18, 6), Step(18, 13, 5)], stars={0}) == "24/18* 18/13", "no going on from a pin"
    assert steps_text([Step(24, 22, 2)] * 3, stars={0}) == "24/22*(3)"
    assert steps_text([Step(6, 0, 6), Step(5, 0, 5)]) == "6/off 5/off"
    set_language("ru")
    assert steps_text([Step(6, 0, 6)] * 2) == "6/снята(2)"


def turn(position: str, steps: list[Step], lang: str = "en") -> str:
    set_language(lang)
    state = PlakotoState.from_notation(position)
    return state.describe_turn(steps)


def test_a_turn_says_its_pins_its_bear_offs_and_the_checkers_it_freed():
    pin = "w 65 7:b1 13:w2 24:w13 1:b14 off:w0,b0"
    assert turn(pin, [Step(13, 7, 6), Step(13, 8, 5)]) == "White 6-5: 13/7* 13/8, pinning a black checker"
    assert turn(pin, [Step(13, 7, 6), Step(13, 8, 5)], "ru") == "Белые 6-5: 13/7* 13/8, фиксируя чёрную фишку"
    two = "w 22 20:b1 22:b1 24:w15 1:b13 off:w0,b0"
    assert turn(two, [Step(24, 22, 2), Step(24, 22, 2), Step(22, 20, 2)]) == \
        "White 2-2: 24/22* 24/20*, pinning 2 black checkers", "the second checker on 22 went on to 20"
    both = [Step(24, 22, 2), Step(24, 22, 2), Step(24, 20, 2), Step(24, 20, 2)]
    assert turn(two, both) == "White 2-2: 24/22*(2) 24/20*(2), pinning 2 black checkers"
    assert turn(two, both, "ru") == "Белые 2-2: 24/22*(2) 24/20*(2), фиксируя 2 чёрные фишки"
    freed = "w 65 7:w1* 13:w1 24:w13 1:b14 off:w0,b0"
    assert turn(freed, [Step(7, 2, 5), Step(24, 18, 6)]) == "White 6-5: 7/2 24/18, freeing the black checker below"
    assert turn(freed, [Step(7, 2, 5), Step(13, 7, 6)]) == "White 6-5: 7/2 13/7", "pinned again: nothing changed"
    home = "w 66 5:w13 6:w2 1:b15 off:w0,b0"
    off = [Step(6, 0, 6), Step(6, 0, 6), Step(5, 0, 6), Step(5, 0, 6)]
    assert turn(home, off) == "White 6-6: 6/off(2) 5/off(2)"
    assert turn(home, off, "ru") == "Белые 6-6: 6/снята(2) 5/снята(2)"
    black = "b 61 1:b14 7:b1 24:w15 off:w0,b0"
    assert turn(black, [Step(24, 18, 6), Step(18, 17, 1)]) == "Black 6-1: 24/17", "the mover's own numbering"
    assert turn(black, []) == "Black rolls 6-1"


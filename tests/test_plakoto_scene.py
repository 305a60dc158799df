"""The Plakoto scene, headless: a human plays whole turns through the mouse adapter (click and
drag, flipped and not), passes, finishes a game of the match, survives a click storm, and the
board renders from a small laptop to a 4K table screen.

The computer seats get a ``RandomAgent`` put straight into the scene, so these tests need nothing
from the game's AI module and stay fast.
"""

from __future__ import annotations

import json
import random

import pygame
import pytest
from scene_input import click, drag, instant_scenes

from tabletop.ai.agents import RandomAgent
from tabletop.app import App, AppOptions
from tabletop.core import CHANCE
from tabletop.games import get_game
from tabletop.games.plakoto import scene_draw as sd
from tabletop.games.plakoto.notation import on_point
from tabletop.games.plakoto.rules import PASS, PlakotoState, Step
from tabletop.games.plakoto.scene import PlakotoScene, pip_count
from tabletop.launch import Seat, new_session, session_from_position
from tabletop.ui.game_scene import GameScene, make_scene


@pytest.fixture(autouse=True)
def quick(tmp_path, monkeypatch):
    instant_scenes(monkeypatch, tmp_path)


def start(seats, size=(1366, 768), seed=5, options=None) -> tuple[App, PlakotoScene]:
    spec = get_game("plakoto")
    app = App(AppOptions(size=size, headless=True, mute=True))
    app.settings["auto_forced"] = False  # these tests play every step by hand (forced play: test_plakoto_gestures)
    session = new_session(spec, app.store, 2, None, dict(options or {}), seats, seed)
    scene = make_scene(app, session)
    assert isinstance(scene, PlakotoScene)
    for i, seat in enumerate(seats):
        if not seat.is_human:
            scene.agents[i] = RandomAgent()
    app.push_scene(scene)
    app.render()
    return app, scene


def source_px(scene: PlakotoScene, frm: int) -> tuple[int, int]:
    """The pixel of the top checker on the mover's point ``frm``, from the layout."""
    state = scene.state
    p = state.absolute(frm)
    top, count, pinned = state.point(p)
    assert top == state.turn
    g = scene.geom()
    _, tops = g.stack(scene.lay.point(p), count, pinned is not None)
    return g.px(*tops[-1])


def target_px(scene: PlakotoScene, to: int) -> tuple[int, int]:
    state = scene.state
    g = scene.geom()
    if to == 0:
        return g.rect(scene.lay.trays[state.turn]).center
    geom = scene.lay.point(state.absolute(to))
    return g.px(*g.slot(geom, 0, False))


def button(scene: GameScene, label: str):
    return next(b for b in scene.buttons.buttons if b.label.startswith(label))


def checkers_ok(state: PlakotoState) -> None:
    for seat in (0, 1):
        assert sum(on_point(state.cnt, state.pin, p, seat) for p in range(1, 25)) + state.off[seat] == 15
    assert PlakotoState.from_json(json.loads(json.dumps(state.to_json()))) == state


def settle(app: App, scene: PlakotoScene, limit: int = 2000) -> None:
    """Let rolls and computer moves run until a human must act (or the match is over)."""
    for _ in range(limit):
        state = scene.state
        cp = state.current_player
        if cp is None or (cp != CHANCE and scene.seat_is_human(cp)):
            return
        if cp == CHANCE and scene.can_roll():
            return
        app.tick(0.0)
        if scene.future is not None:
            scene.future.result(timeout=30)
    raise AssertionError("the game did not come back to a human")


def play_one(app: App, scene: PlakotoScene, rng: random.Random, use_drag: bool) -> None:
    """The human picks a random legal step and plays it with the mouse; check the result."""
    state = scene.state
    legal = state.legal_moves()
    if legal == [PASS]:
        before = state.copy()
        assert "no legal move" in scene.prompt_line()
        click(app, button(scene, "Pass").rect.center)
        expected = before.copy()
        expected.apply(PASS)
        assert scene.state == expected
        return
    move = rng.choice(legal)
    assert isinstance(move, Step)
    before = state.copy()
    src = source_px(scene, move.frm)
    if use_drag:
        drag(app, src, target_px(scene, move.to))
    else:
        click(app, src)
        assert scene.selected == move.frm
        singles = {m.to for m in legal if m.frm == move.frm}
        assert singles <= scene.targets() == set(state.routes(move.frm)), "one die's steps, and the dice summed"
        app.render()  # the lit targets are drawn
        click(app, target_px(scene, move.to))
    expected = before.copy()
    expected.apply(move)
    assert scene.state == expected, f"{move} was not played as the core says"
    assert str(scene.session.played[-1].text) == str(move)
    checkers_ok(scene.state)


def test_mouse_session_plays_whole_turns():
    app, scene = start([Seat("human"), Seat("ai", "random")])
    rng = random.Random(1)
    # the opening roll: the human clicks the dice, one die each, the prompt says who starts
    assert scene.can_roll()
    click(app, scene.dice_rect.center)
    while scene.state.phase == "opening":
        click(app, scene.dice_rect.center)
    assert "starts" in scene.prompt_line()
    assert len(scene.dice()) == 2
    turns = 0
    steps = 0
    while turns < 5:
        settle(app, scene)
        state = scene.state
        if state.current_player == CHANCE:
            click(app, scene.dice_rect.center)
            assert scene.state.phase == "move"
            assert "click a checker" in scene.prompt_line() or "no legal move" in scene.prompt_line()
            turns += 1
            continue
        play_one(app, scene, rng, use_drag=steps % 3 == 2)
        steps += 1
        if steps == 3:  # undo goes back within the roll, then play on
            before_undo = scene.session.played[-1]
            app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode=""))
            if scene.session.played[-1] != before_undo:
                play_one(app, scene, rng, use_drag=False)
        app.render()
    assert steps >= 5
    rows = scene.player_rows()
    assert rows[0].name == "Match to 5 — White 0, Black 0"
    assert rows[1].detail == f"{pip_count(scene.state, 0)} pips"


def test_flipped_board_maps_clicks_and_selection_cancels():
    app, scene = start([Seat("ai", "random"), Seat("human")])
    assert scene.flipped  # one human, Black: the board faces him
    settle(app, scene)
    rng = random.Random(2)
    played = 0
    while played < 6:
        settle(app, scene)
        if scene.state.current_player == CHANCE:
            app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=""))
            continue
        legal = scene.state.legal_moves()
        if legal != [PASS]:
            # select, then right click and Esc both drop the selection without moving
            step = legal[0]
            click(app, source_px(scene, step.frm))
            assert scene.selected == step.frm
            click(app, source_px(scene, step.frm), button=3)
            assert scene.selected is None
            click(app, source_px(scene, step.frm))
            app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
            assert scene.selected is None and app.top is scene
        play_one(app, scene, rng, use_drag=played % 2 == 1)
        played += 1
    # the Flip board button turns the view back; clicks still land where the checkers are drawn
    click(app, button(scene, "Flip board").rect.center)
    assert not scene.flipped
    settle(app, scene)
    if scene.state.current_player == CHANCE:
        click(app, scene.dice_rect.center)
    play_one(app, scene, rng, use_drag=False)


def test_pass_button_when_no_legal_move():
    app, scene = start([Seat("human"), Seat("human")])
    scene.session.state = PlakotoState.from_notation("w 61 18:b7 23:b8 24:w15 off:w0,b0")
    scene._changed()
    app.render()
    assert scene.state.legal_moves() == [PASS]
    assert "no legal move" in scene.prompt_line()
    click(app, button(scene, "Pass — no legal move").rect.center)
    assert scene.state.current_player == CHANCE and scene.state.turn == 1


def test_game_won_is_said_in_log_and_prompt():
    app, scene = start([Seat("human"), Seat("human")])
    scene.session.state = PlakotoState.from_notation("w 21 1:w1 13:b12 off:w14,b3 match:1-0/5 start:w")
    scene._changed()
    click(app, source_px(scene, 1))
    assert scene.targets() == {0}
    click(app, target_px(scene, 0))
    state = scene.state
    # the finished game stays on the board until the players go on
    assert state.phase == "next" and state.score == [2, 0] and state.off == [15, 3]
    assert "Game over: White wins the game by bearing off, 1 point" in scene.prompt_line()
    assert any("White wins the game" in line for line, _ in scene.log.lines)
    assert scene.player_rows()[0].name == "Match to 5 — White 2, Black 0"
    assert app.top is scene and not scene.can_undo()  # no dialog hides the board; the end is final
    app.render()
    app.tick(0.0)
    assert scene.state.phase == "next"  # nobody goes on for the people at the table
    click(app, button(scene, "Next game").rect.center)
    state = scene.state
    assert state.phase == "roll" and state.off == [0, 0] and state.turn == 0 and state.score == [2, 0]
    assert scene.session.played[-1].text == "next game"
    app.render()


def test_computer_only_match_goes_on_by_itself():
    app, scene = start([Seat("ai", "random"), Seat("ai", "random")])
    scene.session.state = PlakotoState.from_notation("b 21 24:b1 10:w15 off:w0,b14 match:0-0/5 start:w")
    scene._changed()
    for _ in range(20):
        app.tick(0.0)
        if scene.future is not None:
            scene.future.result(timeout=30)
        if scene.state.phase == "roll" and scene.state.games:
            break
    assert scene.state.games[-1].winner == 1 and scene.state.turn == 1 and scene.state.off == [0, 0]


KEYS = [pygame.K_SPACE, pygame.K_ESCAPE, pygame.K_BACKSPACE, pygame.K_f, pygame.K_RETURN, pygame.K_m]


def test_click_storm_then_finish():
    app, scene = start([Seat("human"), Seat("ai", "random")], options={"match": "1"}, seed=11)
    rng = random.Random(3)
    for i in range(3000):
        w, h = app.screen.get_size()
        r = rng.random()
        if r < 0.25 and scene.human_to_move() and scene.state.legal_moves() != [PASS]:
            # an aimed click at a checker that can move, then at a random pixel or a lit target
            step = rng.choice(scene.state.legal_moves())
            click(app, source_px(scene, step.frm))
            pos = target_px(scene, step.to) if rng.random() < 0.5 else (rng.randrange(w), rng.randrange(h))
            event = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
        elif r < 0.5:
            event = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(rng.randrange(w), rng.randrange(h)),
                                       button=rng.choice([1, 1, 3]))
        elif r < 0.6:
            event = pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(rng.randrange(w), rng.randrange(h)), button=1)
        elif r < 0.8:
            event = pygame.event.Event(pygame.MOUSEMOTION, pos=(rng.randrange(w), rng.randrange(h)), rel=(1, 1),
                                       buttons=(int(rng.random() < 0.4), 0, 0))
        elif r < 0.97:
            event = pygame.event.Event(pygame.KEYDOWN, key=rng.choice(KEYS), mod=0, unicode="")
        else:
            event = pygame.event.Event(pygame.VIDEORESIZE, w=rng.randrange(1024, 2000), h=rng.randrange(600, 1200))
        app.dispatch(event)
        while app.top is not scene and app.stack:  # confirmations and the game-over card: close them
            app.pop_scene()
        app.tick(0.0)
        if scene.future is not None:
            scene.future.result(timeout=30)
        if i % 200 == 0:
            app.render()
            checkers_ok(scene.state)
        if scene.state.current_player is None:
            break
    checkers_ok(scene.state)
    app.render()
    # the game can still be finished: the human seat hands over to a computer player
    scene.seats[0] = Seat("ai", "random")
    scene.agents[0] = RandomAgent()
    for _ in range(20000):
        if scene.state.current_player is None:
            break
        app.tick(0.0)
        if scene.future is not None:
            scene.future.result(timeout=30)
    assert scene.state.outcome() is not None
    text = scene.result_text(scene.state.outcome())
    assert ("wins the game" in text or "wins a double game" in text) and "match" not in text, \
        "a single game: not a match 2-0"
    app.render()


@pytest.mark.parametrize("size", [(1024, 600), (3840, 2160)])
def test_renders_small_and_4k(size):
    app, scene = start([Seat("human"), Seat("human")], size=size)
    scene.session.state = PlakotoState.from_notation(
        "w 64 1:w3 2:w4 3:w2* 5:w1 6:w1 20:b4 22:b9 off:w4,b1 match:2-1/5 start:w")
    scene._changed()
    scene.selected = 6
    app.render()
    scene.flip_board()
    app.render()
    assert app.screen.get_size() == size
    # nothing of the board leaves its area, and the panel text is at least the small size
    assert scene.board_area.contains(scene.viewport.rect)
    assert scene.viewport.rect.right <= scene.panel.x


def test_the_borne_off_count_stands_on_a_dark_ground_even_over_a_full_tray():
    """Cream numbers over White's cream checkers could not be read: the count has a dark pill."""
    app, scene = start([Seat("human"), Seat("ai", "random")], options={"match": "1"})
    scene.session.state = PlakotoState.from_notation("w 65 1:w1 2:w1 24:b15 off:w13,b0 match:0-0/1 start:w")
    scene._changed()
    app.mark_dirty()
    app.render()
    g = scene.geom()
    last = g.tray_slab(0, 12)  # the top one of White's 13
    tray = g.rect(scene.lay.trays[0])
    # the number stands just past the last checker, on the tray's centre line, over dark ground
    around = [app.screen.get_at((tray.centerx + dx, y))[:3]
              for y in range(min(last.y, last.bottom) - 40, max(last.y, last.bottom) + 40) for dx in (-9, 9)
              if tray.collidepoint(tray.centerx + dx, y)]
    light = [c for c in around if sum(c) > 3 * 200]  # cream checkers (and the cream digits)
    dark = [c for c in around if c == (52, 36, 26)]
    assert dark and light, "the count's pill beside the light checkers"


@pytest.mark.parametrize("size", [(1366, 768), (3840, 2160)])
def test_the_borne_off_count_stands_clear_of_the_stack_for_every_count(size):
    """From about 9 borne off the count stood over the stack's second checker (its side was
    judged by the last checker, which crosses the tray's middle): now it is past the stack's end
    at every count, in both trays, whichever way the board is turned."""
    from tabletop.games.plakoto.scene_paint import tray_count_rect
    from tabletop.ui import theme

    app, scene = start([Seat("human"), Seat("human")], size=size)
    small = scene.metrics.small
    for flip in (False, True):
        if flip:
            scene.flip_board()
            app.render()
        g = scene.geom()
        frame = g.rect(sd.frame_rect(scene.lay))
        for seat in (0, 1):
            for n in range(1, 16):
                text = theme.render(str(n), small, scene.lay.colours["field"], True).get_size()
                pill = tray_count_rect(g, seat, n, text, small)
                stack = [g.tray_slab(seat, i) for i in range(n)]
                assert pill.collidelist(stack) == -1, (flip, seat, n)
                assert frame.contains(pill), (flip, seat, n)
                assert abs(pill.centery - stack[-1].centery) < abs(pill.centery - stack[0].centery) or n == 1, \
                    "past the stack's last checker, not its foot"


@pytest.mark.parametrize("off", [9, 12, 15])
def test_the_drawn_count_pill_touches_no_borne_off_checker(off):
    app, scene = start([Seat("human"), Seat("ai", "random")], options={"match": "1"})
    rest = f"2:w{15 - off} " if off < 15 else ""
    side = "w" if off < 15 else "next"
    scene.session.state = PlakotoState.from_notation(f"{side} - {rest}20:b3 off:w{off},b12 match:0-0/1 start:w")
    scene._changed()
    app.mark_dirty()
    app.render()
    g = scene.geom()
    tray = g.rect(scene.lay.trays[0])
    pill = [(x, y) for x in range(tray.x, tray.right) for y in range(tray.y - 40, tray.bottom)
            if app.screen.get_at((x, y))[:3] == (52, 36, 26)]
    assert pill, "the count is drawn"
    stack = [g.tray_slab(0, i) for i in range(off)]
    assert not [p for p in pill if any(r.collidepoint(p) for r in stack)], "the count's pill is over the stack"


def test_the_log_heading_names_the_options_not_at_their_default():
    from tabletop.i18n import set_language

    app, scene = start([Seat("human"), Seat("human")], options={"match": "5"})
    assert scene.log.entries[0].text == "Plakoto — Standard"
    app, scene = start([Seat("human"), Seat("human")], options={"match": "3", "pinned_home": "occupies"})
    assert scene.log.entries[0].text == "Plakoto — Standard; Match to 3; Pinned home checker: only occupies"
    app, scene = start([Seat("human"), Seat("human")], options={"match": "1"})
    assert scene.log.entries[0].text == "Plakoto — Standard; Single game", "not 'Match to: 1'"
    set_language("ru")  # after the app, which takes the language of its settings
    try:
        session = new_session(get_game("plakoto"), app.store, 2, None, {"pinned_home": "occupies"},
                              [Seat("human"), Seat("human")], 1)
        assert make_scene(app, session).log.entries[0].text == \
            "Плакото — Обычный; Зафиксированная фишка в доме: только занимает"
    finally:
        set_language("en")
    session = session_from_position(get_game("plakoto"), app.store,
                                    "w - 2:w6 20:b3 off:w9,b12 home:occupies match:0-0/5 start:w", seed=1)
    scene = make_scene(app, session)
    assert scene.log.entries[0].text == "Plakoto — Standard; Pinned home checker: only occupies", "a position's own"


def test_a_single_game_ends_with_game_over_not_match_over():
    app, scene = start([Seat("human"), Seat("ai", "random")], options={"match": "1"})
    scene.session.state = PlakotoState.from_notation("over - 2:w3 off:w12,b15 mother:w-b- match:0-1/1 start:w")
    scene._changed()
    line = scene.prompt_line()
    assert line == "Game over: Black wins the game by bearing off, 1 point.", line
    scene.session.state = PlakotoState.from_notation("over - 2:w3 off:w12,b15 mother:w-b- match:2-3/3 start:w")
    scene._changed()
    assert scene.prompt_line().startswith("Match over."), "a match still ends as a match"


def test_the_prompt_says_a_doubles_dice_as_a_list():
    app, scene = start([Seat("human"), Seat("ai", "random")], options={"match": "1"})
    scene.session.state = PlakotoState.from_notation("w 33 6:w5 8:w3 13:w5 24:w2 1:b15 off:w0,b0 match:0-0/1 start:w")
    scene._changed()
    prompt = scene.prompt_line()
    assert "dice 3, 3, 3 and 3" in prompt and "3 and 3 and" not in prompt, prompt


def test_one_pip_is_written_in_the_singular():
    app, scene = start([Seat("human"), Seat("human")])
    session = session_from_position(get_game("plakoto"), app.store,
                                    "w - 1:w1 20:b3 off:w14,b12 match:0-0/1 start:w", seed=1)
    scene = make_scene(app, session)
    details = [r.detail for r in scene.player_rows() if r.seat == 0]
    assert details == ["1 pip"], details


def test_a_match_begun_from_a_position_says_its_earlier_score_on_the_end_card():
    """From "match:2-1/3" one game won by pinning the mother: the card said "wins the match 4–1"
    beside "Games won 1 / 0" and "Games played: 1" with no word of the earlier score, and one
    score read "4 (3 needed)", the other "1 of 3"."""
    app, scene = start([Seat("human"), Seat("human")])
    session = session_from_position(get_game("plakoto"), app.store,
                                    "w 21 1:b1 3:w1 20:w14 13:b14 off:w0,b0 mother:w-bm match:2-1/3 start:w", seed=1)
    scene = make_scene(app, session)
    scene.play(scene.state.parse_move("3/1"))
    while scene.state.current_player == 0:  # the rest of the roll
        scene.timers.skip()
        scene.update(0.0)
        if scene.state.current_player == 0 and not scene.queued:
            scene.play(scene.state.legal_moves()[0])
    scene.timers.skip()
    scene.update(0.0)
    assert scene.state.current_player is None, "the mother pinned: the match is over"
    table = scene.result_table(scene.state.outcome())
    assert "4–1" in table.banner
    assert any("began at 2–1" in n for n in table.notes), table.notes
    assert [r.cells[2] for r in table.rows] == ["4 (3 needed)", "1 (3 needed)"]


def test_the_opening_roll_shows_whose_die_is_whose():
    """The two dice of the opening roll had nothing saying which was White's and which Black's:
    each now carries its owner's checker on its corner (and only while the opening is shown)."""
    import pygame

    app, scene = start([Seat("human"), Seat("human")])
    scene.roll()
    scene.timers.skip()
    scene.update(0.0)
    assert scene.state.last_opening is not None and scene.state.dice is None
    assert scene.dice_owners() == [0, 1]

    def dice_pixels(owners) -> bytes:
        scene.dice_owners = lambda: owners  # type: ignore[method-assign]
        surface = pygame.Surface(app.screen.get_size())
        scene.draw_dice(surface, scene.dice_rect)
        return pygame.image.tobytes(surface.subsurface(scene.dice_rect), "RGB")

    assert dice_pixels([0, 1]) != dice_pixels([]), "the checkers are drawn"

"""Chicken Chase scene, headless: a person plays whole turns by mouse through the adapter (every
move checked against the rules core's own result), a click storm never breaks the game, and the
scene renders from 1024×600 to 3840×2160."""

from __future__ import annotations

import itertools
import random
import time

import pygame
import pytest
import scene_input
from scene_input import instant_scenes

from tabletop.app import App, AppOptions
from tabletop.core import CHANCE
from tabletop.games import get_game
from tabletop.games.chicken_chase.moves import EndRoll, NoCard, Place, PlayB, PlayCard, SetupChick
from tabletop.i18n import tr
from tabletop.launch import Seat, new_session
from tabletop.ui.game_scene import make_scene

SPEC = get_game("chicken_chase")


@pytest.fixture
def fast(tmp_path, monkeypatch):
    instant_scenes(monkeypatch, tmp_path)


def start(size, seats, seed=7, first=0, table=False):
    app = App(AppOptions(size=size, headless=True, mute=True, table=table))
    session = new_session(SPEC, app.store, len(seats), None, {}, seats, seed, first_player=first)
    scene = make_scene(app, session)
    ticks = itertools.count()
    scene.now = lambda: 1000.0 * next(ticks)  # a clock that has always moved on: no waiting in tests
    app.push_scene(scene)
    app.render()
    return app, scene


def click(app, pos, button=1):
    scene_input.click(app, pos, button)
    app.render()


def key(app, k, mod=0):
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=""))
    app.render()


def settle(app, scene, seconds=20.0):
    """Let computer seats and automatic draws play until a person must act (or the game ends)."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        scene.update(0.0)
        state = scene.state
        if state.current_player is None:
            break
        if scene.human_to_move() or scene.can_roll():
            break
        time.sleep(0.001)
    app.render()


def logical_px(scene, point):
    return scene.viewport.to_px(*point)


def box_centre(scene, box):
    x, y, w, h = box
    return logical_px(scene, (x + w / 2, y + h / 2))


def button(scene, label):
    for b in scene.buttons.buttons:
        if b.label.startswith(label):
            return b
    raise AssertionError(f"no button {label!r}: {[b.label for b in scene.buttons.buttons]}")


def expect(scene, move, action):
    """Run ``action`` (clicks) and check the state is exactly the core's result of ``move``."""
    before = scene.state.copy()
    assert move in before.legal_moves()
    action()
    want = before.copy()
    want.apply(move)
    assert scene.session.played[-1].text == str(move)
    assert scene.state.to_json() == want.to_json()


def feed_click(app, scene, field):
    click(app, box_centre(scene, scene.geom.feed_boxes[field - 1]))


def card_click(app, scene, index):
    boxes = scene.geom.card_boxes(len(scene.hand()))
    click(app, box_centre(scene, boxes[index]))


def hen_click(app, scene, hen):
    seat = scene.state.turn
    click(app, logical_px(scene, scene.hen_points(scene.state.hens)[2 * seat + hen]))


def play_action_a(app, scene):
    """Action A by mouse: the A button, roll three times, place one chick per roll by grouping the
    first die, then play a card if there is one (else No card)."""
    expect(scene, next(m for m in scene.state.legal_moves() if type(m).__name__ == "ChooseRoll"),
           lambda: click(app, button(scene, "A:").rect.center))
    for _ in range(3):
        settle(app, scene)
        if scene.state.phase != "roll":
            break
        assert scene.can_roll()
        click(app, scene.dice_rect.center)  # the dice in the panel roll
        settle(app, scene)
        assert scene.state.phase == "place"
        die_rect, index = scene.die_rects[0]
        value = scene.state.dice[index]
        click(app, die_rect.center)
        assert scene.group() == (value,)
        supply = scene.state.supply[scene.state.turn]
        if supply:
            move = Place(value, (value,), 0)
            expect(scene, move, lambda value=value: feed_click(app, scene, value))
            settle(app, scene)
        if scene.state.phase == "place":
            expect(scene, EndRoll(), lambda: click(app, button(scene, "Done").rect.center))
    settle(app, scene)
    if scene.state.phase == "card":
        state = scene.state
        hand = state.hand(state.turn)
        hens = state.movable_hens(state.turn)
        if hand and hens:
            if not scene.hand_shown():
                click(app, box_centre(scene, scene.geom.show_button))
            assert scene.hand_shown()
            card_click(app, scene, 0)
            expect(scene, PlayCard(hand[0], hens[0]), lambda: hen_click(app, scene, hens[0]))
        else:
            expect(scene, NoCard(), lambda: click(app, button(scene, "No card").rect.center))


def test_a_person_plays_whole_turns_by_mouse(fast):
    app, scene = start((1366, 768), [Seat("human"), Seat("ai", "easy")])
    settle(app, scene)
    # the computer places its setup chick, then the person (first player) chooses action B
    state = scene.state
    assert state.phase == "action" and state.current_player == 0
    assert not scene.hand_shown()  # face down by default
    hand = state.hand(0)
    assert hand
    click(app, button(scene, "B:").rect.center)
    assert scene.mode == "B" and scene.hand_shown()
    card_click(app, scene, 0)
    assert scene.sel_codes() == [hand[0]]
    move = PlayB((hand[0],), 1)
    expect(scene, move, lambda: hen_click(app, scene, 1))
    assert not scene.hand_shown()  # hidden again at the end of the turn
    # the next turns: action A by mouse (dice grouped by clicks), twice
    for _ in range(2):
        settle(app, scene)
        assert scene.state.current_player == 0 and scene.state.phase == "action"
        play_action_a(app, scene)
    settle(app, scene)
    assert len(scene.session.played) > 10


def test_setup_chicks_and_cancel(fast):
    app, scene = start((1366, 768), [Seat("ai", "easy"), Seat("human")], seed=3, first=0)
    settle(app, scene)
    assert scene.state.phase == "setup" and scene.state.current_player == 1
    targets = scene.feed_targets()
    assert set(targets) == {1, 2, 3, 4}
    expect(scene, SetupChick(3), lambda: feed_click(app, scene, 3))
    # a click on a field that is not a legal target does nothing
    before = scene.state.to_json()
    feed_click(app, scene, 9)
    assert scene.state.to_json() == before
    # right click and Esc drop a selection
    settle(app, scene)
    if scene.state.current_player == 1 and scene.state.phase == "action":
        click(app, button(scene, "B:").rect.center)
        assert scene.mode == "B"
        click(app, (5, 5), button=3)
        assert scene.mode == ""


def test_click_storm_never_breaks_the_game(fast):
    app, scene = start((1280, 720), [Seat("human"), Seat("human"), Seat("ai", "easy")], seed=11)
    scene.leave = lambda: None
    scene.play_again = lambda: None
    app.saves.write = lambda session: True  # autosave is tested elsewhere; fsync per move is slow
    rng = random.Random(5)
    keys = [pygame.K_ESCAPE, pygame.K_SPACE, pygame.K_BACKSPACE, pygame.K_h, pygame.K_a, pygame.K_b,
            pygame.K_c, pygame.K_d, pygame.K_RETURN, pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_z]
    for i in range(3000):
        w, h = app.screen.get_size()
        roll = rng.random()
        if roll < 0.004:
            app.dispatch(pygame.event.Event(pygame.VIDEORESIZE, w=rng.randint(1024, 1920), h=rng.randint(600, 1080)))
        elif roll < 0.12:
            app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=rng.choice(keys),
                                            mod=pygame.KMOD_CTRL if rng.random() < 0.2 else 0, unicode=""))
        elif roll < 0.35:
            app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=(rng.randrange(w), rng.randrange(h)),
                                            rel=(0, 0), buttons=(rng.random() < 0.3, 0, 0)))
        else:
            # mostly aimed at what is lit, sometimes anywhere
            pos = (rng.randrange(w), rng.randrange(h))
            if rng.random() < 0.6:
                pos = _aimed(scene, rng) or pos
            event = pygame.MOUSEBUTTONDOWN if rng.random() < 0.7 else pygame.MOUSEBUTTONUP
            app.dispatch(pygame.event.Event(event, pos=pos, button=3 if rng.random() < 0.08 else 1))
        while app.top is not scene and app.stack:  # close any overlay a click opened (rules, leave, game over)
            app.pop_scene()
        scene.update(0.0)
        if i % 15 == 0:
            app.render()
        if i % 4 == 0:
            _check(scene.state)
    stormed = scene.session.played
    assert sum(1 for p in stormed if p.seat in (0, 1)) > 30  # the storm did play people's moves
    # the game can still be finished
    agent = SPEC.make_agent("easy")
    guard = 0
    while scene.state.current_player is not None and guard < 20000:
        guard += 1
        state = scene.state
        if scene.human_to_move():
            assert scene.play(agent.choose(state.observation(state.current_player), rng))
        elif scene.can_roll():
            scene.roll()
        else:
            scene.update(0.0)
            time.sleep(0.0005)
        while app.top is not scene and app.stack:
            app.pop_scene()
    assert scene.state.outcome() is not None
    assert len(scene.session.played) > 100
    app.render()


def _aimed(scene, rng):
    """A pixel on something the person could click now: a die, a lit feed field, a card, a hen, a button."""
    choices = [r.center for r, _ in scene.die_rects]
    choices += [box_centre(scene, scene.geom.feed_boxes[f - 1]) for f in scene.feed_targets()]
    choices += [box_centre(scene, b) for b in scene.geom.card_boxes(len(scene.hand()))]
    choices += [logical_px(scene, p) for p in scene.hen_points(scene.state.hens)]
    choices += [b.rect.center for b in scene.buttons.buttons if b.enabled]
    choices.append(box_centre(scene, scene.geom.show_button))
    if not choices:
        return None
    x, y = rng.choice(choices)
    return (int(x), int(y))


def _check(state):
    """The state is one the rules accept: it round-trips and every chick is somewhere."""
    data = state.to_json()
    assert type(state).from_json(data).to_json() == data
    for seat in range(state.n):
        assert state.supply[seat] + sum(row[seat] for row in state.chicks) == 15
    if state.current_player not in (None, CHANCE):
        assert state.legal_moves()


@pytest.mark.parametrize("size", [(1024, 600), (3840, 2160)])
def test_renders_small_and_large(fast, size):
    app, scene = start(size, [Seat("human"), Seat("ai", "easy"), Seat("ai", "easy"), Seat("ai", "easy")], seed=5)
    settle(app, scene)
    assert scene.state.current_player == 0
    click(app, button(scene, "B:").rect.center)
    card_click(app, scene, 0)
    app.render()
    assert scene.landings()  # legal targets lit
    app.dispatch(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1]))
    app.render()
    assert app.screen.get_size() == size


def test_table_mode_dice_are_grouped_in_the_seat_panel(fast):
    app, scene = start((1600, 900), [Seat("human"), Seat("ai", "easy")])
    app.table_mode = True
    app.relayout()
    settle(app, scene)
    click(app, box_centre(scene, scene.geom.show_button))  # any board click is harmless
    scene.choose_mode("A")
    settle(app, scene)
    scene.roll()
    settle(app, scene)
    assert scene.state.phase == "place"
    app.render()
    rect, index = scene.die_rects[0]
    panel = next(p for p in scene.table_panels if p.seat == 0)
    # find the screen pixel whose panel-local point is the die's centre
    target = None
    for x in range(panel.screen_rect.left, panel.screen_rect.right, 3):
        for y in range(panel.screen_rect.top, panel.screen_rect.bottom, 3):
            local = panel.to_local((x, y))
            if local and rect.collidepoint(local):
                target = (x, y)
                break
        if target:
            break
    assert target is not None
    click(app, target)
    assert scene.sel_dice == [index]


# -- table mode: each hand in its owner's rotated edge panel ------------------------------------------


def panel_of(scene, seat):
    return next(p for p in scene.table_panels if p.seat == seat)


def panel_click(app, panel, local):
    """A click on the screen pixel where the panel's upright point ``local`` lands after rotation."""
    click(app, panel.to_screen(local))


TABLE_ACTIONS = {"A": "Roll the dice", "B": "Cards ≤ 8 on one hen", "C": "A card for each hen"}
"""At a table the action buttons say what they do, without the keys' letters."""


def panel_button(scene, seat, key):
    label = tr(TABLE_ACTIONS.get(key, key))
    for b in scene.table_buttons.get(seat, []):
        if b.key == key or b.label == label or b.label.startswith(key):
            return b
    raise AssertionError(f"no panel button {key!r}: {[b.label for b in scene.table_buttons.get(seat, [])]}")


@pytest.mark.parametrize("seats, seat, edge", [
    (["ai", "human", "ai", "ai"], 1, "left"),
    (["human", "human", "human", "human"], 2, "top"),
])
def test_table_mode_hand_sits_face_down_in_the_owners_rotated_panel(fast, seats, seat, edge):
    app, scene = start((1920, 1080), [Seat(s) if s == "human" else Seat(s, "easy") for s in seats], seed=7,
                       first=seat, table=True)
    settle(app, scene)
    while scene.state.phase == "setup":  # people place their setup chicks (the hand is empty then)
        assert scene.play(scene.state.legal_moves()[0])
        settle(app, scene)
    state = scene.state
    assert state.phase == "action" and state.current_player == seat
    hand = state.hand(seat)
    assert hand
    panel = panel_of(scene, seat)
    assert panel.edge == edge
    # no strip under the board: the board's box is the board alone, and its old place shows nothing
    assert scene.board_box() == (0.0, 0.0, scene.geom.width, scene.geom.height)
    # face down by default: no seat's faces are drawn, anywhere
    assert not scene.hand_shown()
    assert scene.faces_drawn == set()
    layout = scene.panel_hand(panel)
    assert layout.show is not None and len(layout.cards) == len(hand)
    assert all(scene.panel_hand(p).show is None for p in scene.table_panels if p.seat != seat)
    # the other hands: backs with a count, never a show control, never faces
    for other in scene.table_panels:
        if other.seat != seat:
            assert len(scene.panel_hand(other).cards) == len(state.hand(other.seat))
    # "Show my hand" in the rotated panel, clicked at its screen pixel
    panel_click(app, panel, layout.show.center)
    assert scene.hand_shown()
    assert scene.faces_drawn == {seat}
    panel_click(app, panel, scene.panel_hand(panel).show.center)  # and hidden again
    assert not scene.hand_shown() and scene.faces_drawn == set()
    panel_click(app, panel, scene.panel_hand(panel).show.center)
    assert scene.hand_shown() and scene.faces_drawn == {seat}


def test_table_mode_action_b_played_by_mouse_from_a_side_panel(fast):
    app, scene = start((1920, 1080), [Seat("ai", "easy"), Seat("human"), Seat("ai", "easy"), Seat("ai", "easy")],
                       seed=7, first=1, table=True)
    settle(app, scene)
    state = scene.state
    assert state.phase == "action" and state.current_player == 1
    hand = sorted(state.hand(1))
    assert hand == scene.hand()
    panel = panel_of(scene, 1)
    assert panel.edge == "left" and panel.angle == 270
    # a face-down card clicked in the panel turns the hand up (nothing selected yet)
    panel_click(app, panel, scene.panel_hand(panel).cards[0].center)
    assert scene.hand_shown() and scene.sel_cards == []
    assert scene.faces_drawn == {1}
    # the B button in the same panel, then the first card: selected exactly as in the strip
    panel_click(app, panel, panel_button(scene, 1, "B").rect.center)
    assert scene.mode == "B"
    panel_click(app, panel, scene.panel_hand(panel).cards[0].center)
    assert scene.sel_cards == [0] and scene.sel_codes() == [hand[0]]
    assert scene.landings()  # the hens it can move are lit on the board
    # a second click on the selected (lifted) card drops it; a third takes it again
    lifted = scene.panel_hand(panel).cards[0].move(0, -scene.panel_hand(panel).lift)
    panel_click(app, panel, lifted.center)
    assert scene.sel_cards == []
    panel_click(app, panel, scene.panel_hand(panel).cards[0].center)
    assert scene.sel_codes() == [hand[0]]
    hen, (move, _after) = next(iter(scene.landings().items()))
    assert isinstance(move, PlayB) and move.cards == (hand[0],)
    expect(scene, move, lambda: hen_click(app, scene, hen))
    assert not scene.hand_shown()  # hidden again at the end of the turn
    settle(app, scene)
    assert scene.faces_drawn == set()  # computer hands are never shown


def test_table_mode_card_after_action_a_from_the_panel(fast):
    """The card phase after action A: the card is chosen in the bottom-edge panel, then the hen."""
    app, scene = start((1600, 900), [Seat("human"), Seat("ai", "easy")], table=True)
    settle(app, scene)
    for _ in range(40):
        state = scene.state
        if state.current_player is None:
            break
        if state.phase == "card" and state.current_player == 0 and state.hand(0) and state.movable_hens(0):
            break
        if scene.human_to_move():
            if state.phase == "action":
                scene.choose_mode("A")
            elif state.phase == "place":
                scene.play_first(EndRoll)
            else:
                scene.play_first(NoCard)
        elif scene.can_roll():
            scene.roll()
        settle(app, scene)
    state = scene.state
    assert state.phase == "card" and state.current_player == 0
    panel = panel_of(scene, 0)
    assert not scene.hand_shown() and scene.faces_drawn == set()
    panel_click(app, panel, scene.panel_hand(panel).show.center)
    assert scene.faces_drawn == {0}
    code = scene.hand()[0]
    panel_click(app, panel, scene.panel_hand(panel).cards[0].center)
    assert scene.sel_codes() == [code]
    hen, (move, _after) = next(iter(scene.landings().items()))
    assert move == PlayCard(code, hen)
    expect(scene, move, lambda: hen_click(app, scene, hen))


def test_window_mode_keeps_the_hand_strip(fast):
    app, scene = start((1366, 768), [Seat("human"), Seat("ai", "easy")])
    settle(app, scene)
    assert scene.board_box() == scene.geom.box
    click(app, box_centre(scene, scene.geom.show_button))
    assert scene.hand_shown() and scene.faces_drawn == {0}


# -- readability (new-player review) ------------------------------------------------------------------


def test_feed_chick_counts_stay_readable_at_1024x600(fast):
    app, scene = start((1024, 600), [Seat("human"), Seat("ai", "easy"), Seat("ai", "easy"), Seat("ai", "easy")])
    scene.state.chicks[0] = [1, 2, 3, 12]  # every colour on one feed field
    app.render()
    vp = scene.viewport
    rect = scene._rect(vp, scene.geom.feed_boxes[0])
    card = scene._rect(vp, (0, 0, 74, 104))
    rows = scene._chick_rows(vp, rect, card, [(s, n) for s, n in enumerate(scene.state.chicks[0])])
    assert len(rows) == 4
    for (x, y), r, _seat, _n, text_px in rows:
        assert text_px >= scene.metrics.small
        assert 2 * r >= scene.metrics.small  # a token as tall as the count's text: colour and symbol show
        assert rect.left <= x - r and rect.top - 2 <= y - r and y + r <= rect.bottom + 2


def test_players_list_says_start_and_hens_are_numbered_in_prompts(fast):
    app, scene = start((1024, 600), [Seat("human"), Seat("ai", "easy")])
    assert "S," not in scene.player_rows()[0].detail and "Start" in scene.player_rows()[0].detail
    settle(app, scene)
    while scene.state.phase == "setup":
        assert scene.play(scene.state.legal_moves()[0])
        settle(app, scene)
    assert scene.state.phase == "action" and scene.human_to_move()
    click(app, button(scene, "B:").rect.center)
    card_click(app, scene, 0)
    hens = sorted(scene.landings())
    assert hens
    assert f"hen {' or '.join(str(k + 1) for k in hens)}" in scene.prompt().replace("\u00a0", " ")


@pytest.mark.parametrize("size", [(1024, 600), (1920, 1080), (3840, 2160)])
def test_table_mode_action_labels_read_alike(fast, size):
    """At a table the three actions say what they do, with no key letters (a touch screen has no
    keys: «A: бросок», «C: по карте» said neither what C does nor why A)."""
    app, scene = start(size, [Seat("human"), Seat("ai", "easy"), Seat("ai", "easy"), Seat("ai", "easy")], table=True)
    settle(app, scene)
    while scene.state.phase == "setup":
        assert scene.play(scene.state.legal_moves()[0])
        settle(app, scene)
    app.render()
    labels = [b.label for b in scene.table_buttons[0]]
    assert labels[:3] == list(TABLE_ACTIONS.values()), labels
    assert not any(b.key for b in scene.table_buttons[0])


def test_window_action_buttons_keep_their_keys(fast):
    """On a laptop the keys make sense: the panel's buttons are still A, B and C."""
    app, scene = start((1366, 768), [Seat("human"), Seat("ai", "easy")])
    settle(app, scene)
    while scene.state.phase == "setup":
        assert scene.play(scene.state.legal_moves()[0])
        settle(app, scene)
    assert [b.key for b in scene.extra_buttons()] == ["A", "B", "C"]
    assert [b.label[:2] for b in scene.extra_buttons()] == ["A:", "B:", "C:"]


# -- the last turn's outline never hides what this turn needs (review: field 6 lit under the blue) ---


def _blue_pixels(surface, centre, radius):
    """How many pixels of the last-move blue lie within ``radius`` of ``centre``."""
    from tabletop.games.chicken_chase.scene_draw import LAST_MOVE

    cx, cy = int(centre[0]), int(centre[1])
    r = int(radius)
    return sum(1 for x in range(cx - r, cx + r + 1) for y in range(cy - r, cy + r + 1)
               if (x - cx) ** 2 + (y - cy) ** 2 <= r * r and surface.get_at((x, y))[:3] == LAST_MOVE)


@pytest.mark.parametrize("size", [(1366, 768), (1024, 600)])
def test_last_move_outline_keeps_a_lit_target_and_the_field_numbers_visible(fast, size):
    from tabletop.games.chicken_chase.scene_draw import LAST_MOVE, field_num_px
    from tabletop.ui import theme

    app, scene = start(size, [Seat("human"), Seat("ai", "easy")])
    settle(app, scene)
    state = scene.state
    assert state.phase == "action"
    walk = next(m for m in state.legal_moves() if type(m).__name__ == "PlayB")
    after = state.copy()
    after.apply_unchecked(walk)
    landed = after.hens[2 * state.turn + walk.hen]
    assert 0 < landed < 15
    # last turn: a chick went to feed field 6 and a hen walked; now field 6 is this roll's target
    scene.outline = [(state.copy(), Place(6, (3, 3), 0)), (state.copy(), walk)]
    scene.feed_targets = lambda: {6: True}
    app.render()
    screen, vp = app.screen, scene.viewport
    rect = scene._rect(vp, scene.geom.feed_boxes[5])
    glow = scene._glow_w(vp)
    for x, y in ((rect.x - (glow + 1) // 2, rect.centery), (rect.centerx, rect.bottom + (glow - 1) // 2)):
        r, g, b = screen.get_at((x, y))[:3]
        assert (r, g, b) != LAST_MOVE and r > 200 and g > 160 and b < 150, f"the target glow is covered at {(x, y)}"
    off = 2 * glow + 1
    thin = max(2, int(vp.length(3)))
    assert screen.get_at((rect.x - off - thin // 2 - 1, rect.centery))[:3] == LAST_MOVE, "the outline still shows"
    # the feed field's number badge: no blue over it
    badge_r = max(int(vp.length(22)), int(scene.metrics.small * 0.85))
    bc = (rect.x + badge_r // 3, rect.y + badge_r // 3)
    assert screen.get_at(bc)[:3] != LAST_MOVE and _blue_pixels(screen, bc, badge_r - 1) == 0
    # the hill field's number tag where the hen landed: drawn over the ring
    px, py = scene.layout_data.fields[landed - 1]
    cx, cy = scene.geom.hill_centre
    d = ((px - cx) ** 2 + (py - cy) ** 2) ** 0.5 or 1.0
    c = vp.to_px(px, py)
    reach = vp.length(scene.geom.field_r) * 1.05
    at = (c[0] + (px - cx) / d * reach, c[1] + (py - cy) / d * reach)
    num_px = field_num_px(vp, scene.geom, scene.metrics.small)
    ring_r = vp.length(scene.geom.field_r) * 1.2 + 2 * max(2, int(vp.length(5)))
    assert _blue_pixels(screen, c, ring_r + 1) > 0, "the hen's new field is ringed"
    tag_r = theme.font(num_px, True).size(str(landed))[1] * 0.4
    assert _blue_pixels(screen, at, tag_r) == 0, f"field {landed}'s number is covered by the ring"


@pytest.fixture
def english_after(fast):
    """A test that opens the app in Russian leaves the language as the other tests expect it."""
    from tabletop.i18n import set_language

    yield
    set_language("en")


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("size", [(1024, 600), (1366, 768)])
def test_show_my_hand_button_says_the_full_words_the_rules_use(english_after, size, lang):
    """The rules tell a player to click «Показать мои карты»: the button says it whole (two lines
    where one is too narrow), never just «Показать», and no word is cut or spills out."""
    from tabletop.i18n import rules_text, tr
    from tabletop.ui.text_audit import TextAudit

    app = App(AppOptions(size=size, headless=True, mute=True, lang=lang))
    session = new_session(SPEC, app.store, 2, None, {}, [Seat("human"), Seat("ai", "easy")], 7, first_player=0)
    scene = make_scene(app, session)
    ticks = itertools.count()
    scene.now = lambda: 1000.0 * next(ticks)
    app.push_scene(scene)
    settle(app, scene)
    assert scene.viewer() == 0 and not scene.hand_shown()
    with TextAudit() as audit:
        app.render()
    button = scene._rect(scene.viewport, scene.geom.show_button)
    inside = [e for e in audit.placed() if e.rect and button.contains(pygame.Rect(e.rect))]
    words = " ".join(e.text for e in sorted(inside, key=lambda e: e.rect[1])).replace("  [H]", "")
    assert words == tr("Show my hand"), (words, [e.rect for e in inside])
    assert not any(e.cut for e in inside)
    assert tr("Show my hand").lower() in rules_text(SPEC).lower()


def test_russian_log_says_where_a_chick_comes_from_and_goes(english_after):
    """«цыплёнок запас→поле корма» read like a telegram: the log says from where and to where."""
    from tabletop.i18n import set_language, tr

    app, scene = start((1366, 768), [Seat("human"), Seat("ai", "easy")])
    state = scene.state
    set_language("ru")
    assert state.describe_move(SetupChick(3), ["Красный", "Зелёный"]).endswith("цыплёнок из запаса->на поле корма 3")
    assert tr("{who}: chick supply->feed field {field} with dice {dice}", who="Красный", field=7, dice="3 + 4") == \
        "Красный: цыплёнок из запаса->на поле корма 7 кубиками 3 + 4"
    assert tr("{who}: chick feed field {source}->feed field {field} with dice {dice}", who="Красный", source=2,
              field=7, dice="3 + 4") == "Красный: цыплёнок с поля корма 2->на поле корма 7 кубиками 3 + 4"


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_log_says_in_words_which_dice_placed_a_chick(english_after, lang):
    """The log wrote "feed field 6 (6)": the bracketed number (the die, or the dice summed) was
    unexplained. Now it says "with a 6" / «кубиком 6», "with dice 3 + 5" / «кубиками 3 + 5»."""
    from tabletop.games.chicken_chase.moves import Place
    from tabletop.i18n import set_language

    app, scene = start((1366, 768), [Seat("human"), Seat("ai", "easy")])
    state = scene.state.copy()
    state.phase, state.turn, state.draws = "place", 0, []
    state.dice = (3, 5, 6)
    assert state.current_player == 0
    set_language(lang)
    one = state.describe_move(Place(6, (6,), 0), ["Red", "Green"])
    two = state.describe_move(Place(8, (3, 5), 0), ["Red", "Green"])
    moved = state.describe_move(Place(8, (3, 5), 2), ["Red", "Green"])
    if lang == "en":
        assert one.startswith("Red: chick supply->feed field 6 with a 6"), one
        assert two.startswith("Red: chick supply->feed field 8 with dice 3 + 5"), two
        assert moved.startswith("Red: chick feed field 2->feed field 8 with dice 3 + 5"), moved
    else:
        assert one.startswith("Red: цыплёнок из запаса->на поле корма 6 кубиком 6"), one
        assert two.startswith("Red: цыплёнок из запаса->на поле корма 8 кубиками 3 + 5"), two
        assert moved.startswith("Red: цыплёнок с поля корма 2->на поле корма 8 кубиками 3 + 5"), moved
    assert "(" not in one.split(",")[0] and "(" not in two.split(",")[0]


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("size", [(1024, 600), (1366, 768)])
def test_the_others_hands_say_what_their_count_counts(english_after, size, lang):
    """Beside each other player's card backs: "N cards" right after them (a lone "×2" at the strip's
    far end said nothing), whole and clear of the backs, however long the hand."""
    from tabletop.ui.text_audit import TextAudit

    app = App(AppOptions(size=size, headless=True, mute=True, lang=lang))
    seats = [Seat("human"), Seat("ai", "easy"), Seat("ai", "easy"), Seat("ai", "easy")]
    session = new_session(SPEC, app.store, 4, None, {}, seats, 7, first_player=0)
    scene = make_scene(app, session)
    ticks = itertools.count()
    scene.now = lambda: 1000.0 * next(ticks)
    app.push_scene(scene)
    settle(app, scene)
    assert scene.viewer() == 0
    scene.state.hidden[2] = scene.state.hidden[2] + [11, 12, 13, 14, 15, 16]  # a long hand squeezes its backs
    scene._obs = None
    assert len(scene.obs().hand(2)) >= 8
    from tabletop.games.chicken_chase.scene_draw import cards_text

    with TextAudit() as audit:
        app.render()
    area = scene._rect(scene.viewport, scene.geom.strip)
    for s in (1, 2, 3):
        n = len(scene.obs().hand(s))
        words = cards_text(n)
        drawn = [e for e in audit.placed() if e.text == words and e.rect and area.contains(pygame.Rect(e.rect))]
        assert drawn and not any(e.cut for e in drawn), (s, words)
    assert not [e for e in audit.placed() if e.text.startswith("×") and e.rect and area.colliderect(pygame.Rect(e.rect))]
    assert not audit.outside()


def preview_label(size, lang, key, scale=1.0):
    """The menu's board picture for 4 players, drawn fresh under a text audit: where the label
    ``key`` (in ``lang``) is drawn in it (None if not), the picture's viewport, layout, geometry."""
    from tabletop.games.chicken_chase.scene_geom import build_geometry
    from tabletop.i18n import tr
    from tabletop.ui.menu import MenuScene
    from tabletop.ui.preview import BoardPreviews
    from tabletop.ui.text_audit import TextAudit
    from tabletop.ui.widgets import Viewport

    app = App(AppOptions(size=size, headless=True, mute=True, lang=lang))
    app.ui_scale = scale
    menu = MenuScene(app, "chicken_chase")
    app.push_scene(menu)
    app.render()
    while menu.current.players < 4:
        menu.change_players(1)
    app.render()
    c, m = menu.current, menu.metrics
    area = menu.preview_rect.inflate(-2 * m.pad, -2 * m.pad)
    previews = BoardPreviews(app.store)
    with TextAudit() as audit:
        preview = previews.get(SPEC, c.variant, c.players, c.start_options(), area.size, m.small)
    assert preview.picture is not None
    text = tr(key)
    found = [e for e in audit.placed() if e.text == text]
    assert len(found) <= 1 and not any(e.cut for e in found)
    assert not [pair for pair in audit.overlaps() if found and found[0] in pair], f"a field's number overlaps {text!r}"
    layout = previews.layout(SPEC, c.variant)
    geom = build_geometry(layout, 2 * c.players)
    vp = Viewport((0.0, 0.0, geom.width, geom.height), pygame.Rect((0, 0), area.size))
    return (pygame.Rect(found[0].rect) if found else None), vp, layout, geom


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("size", [(1024, 600), (1366, 768)])
def test_start_label_in_the_menu_preview_covers_no_field_or_number(english_after, size, lang):
    """The menu's little board: «Старт» sat between fields 8 and 7, their circles and numbers over
    it. Now it covers no field, no number and no trough, and nothing is drawn over it."""
    spot, vp, layout, geom = preview_label(size, lang, "Start (hill field)")
    assert spot is not None
    assert_covers_no_field(spot, vp, layout.fields, vp.length(geom.field_r), "Start's name")
    for box in geom.feed_boxes:
        assert not spot.colliderect(pygame.Rect(vp.to_px(box[0], box[1]), (vp.length(box[2]), vp.length(box[3]))))


@pytest.mark.parametrize("size", [(1920, 1080), (3840, 2160)])
def test_in_the_game_the_finish_is_named_beside_it_covering_no_field(english_after, size):
    """The game's own board, large enough to name the finish: the name stands by it (on a tag
    where not under it) and covers no field."""
    from tabletop.games.chicken_chase.scene_draw import paint_hill
    from tabletop.i18n import set_language, tr
    from tabletop.ui.text_audit import TextAudit

    set_language("ru")
    app, scene = start(size, [Seat("human")] * 4)
    vp, g = scene.viewport, scene.geom
    surf = pygame.Surface(size)
    with TextAudit() as audit:
        paint_hill(surf, vp, (0, 0), g, scene.layout_data, scene.state.blocked, scene.metrics.small, True)
    label = [e for e in audit.placed() if e.text == tr("Finish")]
    assert len(label) == 1 and not label[0].cut, "a board this large names the finish"
    spot = pygame.Rect(label[0].rect)
    assert_finish_named_beside_it(spot, vp, scene.layout_data.fields, vp.length(g.field_r))


def assert_covers_no_field(spot: pygame.Rect, vp, fields, r: float, what: str) -> None:
    """No field's disc (radius ``r`` pixels) reaches into the label at ``spot``."""
    for n, p in enumerate(fields, start=1):
        x, y = vp.to_px(*p)
        nearest = (min(max(x, spot.left), spot.right), min(max(y, spot.top), spot.bottom))
        assert (nearest[0] - x) ** 2 + (nearest[1] - y) ** 2 >= (r - 1) ** 2, f"{what} covers field {n}"


def assert_finish_named_beside_it(spot: pygame.Rect, vp, fields, r: float) -> None:
    assert_covers_no_field(spot, vp, fields, r, "the finish's name")
    fx, fy = vp.to_px(*fields[-1])
    assert spot.inflate(6 * r, 6 * r).collidepoint(fx, fy), "the name stands by the finish"


def finished(scene, seed=3):
    """The scene's game played on at random to its end (both hens of one seat on the finish)."""
    state = scene.state.copy()
    rng = random.Random(seed)
    while state.current_player is not None:
        state.apply(state.sample_chance(rng) if state.current_player == CHANCE else rng.choice(state.legal_moves()))
    scene.session.state = state
    scene._changed()
    return state.outcome()


def test_game_over_line_names_the_winner_without_unexplained_numbers(english_after):
    """«Побеждает Зелёный (Красный 16, Зелёный 30)»: the numbers were the sums of each seat's hen
    fields, which decide nothing (both hens on the finish win). The panel, log and menu line now
    say who won only; the card shows where every hen stands."""
    app, scene = start((1366, 768), [Seat("human"), Seat("human")])
    out = finished(scene)
    winner = scene.seat_name(out.winners[0])
    assert scene.result_summary() == f"{winner} wins"
    assert scene.prompt_line() == f"Game over: {winner} wins"


def test_russian_card_says_who_brought_both_hens_home_in_plain_words(english_after):
    """«Обе курицы цвета «зелёный» дошли до финиша» read like a form; the card's line under the
    banner now says «Зелёный довёл обе курицы до финиша.»"""
    from tabletop.i18n import set_language

    app, scene = start((1366, 768), [Seat("human"), Seat("human")])
    set_language("ru")
    out = finished(scene)
    winner = scene.seat_name(out.winners[0])
    assert winner in ("Красный", "Зелёный")
    assert scene.result_table(out).detail == f"{winner} довёл обе курицы до финиша."


def test_chicks_left_are_counted_as_russian_counts_them(english_after):
    """The players list and the table strips said «Старт, Старт · цыплят 15» (and "1 chicks" in
    English): the count now comes first, in the form its number takes."""
    from tabletop.i18n import set_language

    app, scene = start((1366, 768), [Seat("human"), Seat("human")])
    state = scene.state
    said = {}
    for lang in ("en", "ru"):
        set_language(lang)
        for n in (0, 1, 2, 4, 5, 11, 12, 14, 15, 21, 22, 25):
            state.supply[0] = n
            said[lang, n] = scene.player_rows()[0].detail.split(" · ")[-1]
    assert [said["ru", n] for n in (1, 2, 4, 5, 11, 12, 14, 15, 21, 22, 25, 0)] == [
        "1 цыплёнок", "2 цыплёнка", "4 цыплёнка", "5 цыплят", "11 цыплят", "12 цыплят", "14 цыплят",
        "15 цыплят", "21 цыплёнок", "22 цыплёнка", "25 цыплят", "0 цыплят"]
    assert [said["en", n] for n in (0, 1, 2, 21)] == ["0 chicks", "1 chick", "2 chicks", "21 chicks"]


FOUR_ON_SIX = ("2 place1 dice:6 hens:2,1/0,0/0,4/0,3 feed:2grey,3grey,3grey,2brown,5brown,5brown,7green,6green,"
               "7gold,7gold chicks:1=0.1.0.1,2=1.0.1.0,3=0.1.1.1,4=0.0.0.2,5=1.0.1.0,6=2.1.1.2,10=1.1.0.0 "
               "hands:-/-/-/- discards:1grey,1grey,1grey,1grey,2grey,2brown,3brown,3brown,4brown,5brown first:1 "
               "turns:13 blocked:5,12 variant:normal")


@pytest.mark.parametrize("table", [False, True])
def test_a_placed_chick_lands_on_its_own_colours_token(fast, table):
    """At rest a feed field's tokens stand one row per colour, clear of each other; but a chick
    placed there flew to the trough's middle, so the end of its flight covered the other colours'
    rows (a reviewer's still: Green's chick over Red's and Green's rows on field 5). It now lands on
    its own colour's token."""
    from tabletop.core.session import Session
    from tabletop.games.chicken_chase import scene_draw
    from tabletop.games.chicken_chase.rules import ChickenState

    app, scene = start((1366, 768), [Seat("human")] * 4, table=table)
    scene.session = Session(SPEC, ChickenState.from_notation(FOUR_ON_SIX), 1, scene.session.meta)
    scene._changed()
    app.render()
    move = scene.state.legal_moves()[0]
    assert move.field == 6 and scene.state.turn == 1
    assert scene.play(move)
    vp = scene.viewport
    tokens = {seat: scene.chick_slot(vp, 6, seat) for seat in range(4)}
    assert all(tokens.values())
    drawn = []
    piece = scene_draw.draw.piece
    scene.move_progress = lambda: 0.95  # the last moments of the flight
    scene_draw.draw.piece = lambda surf, at, r, *a, **k: drawn.append((at, r))
    try:
        scene._draw_flights(app.screen, vp)
    finally:
        scene_draw.draw.piece = piece
        del scene.move_progress
    (x, y), r = drawn[0]
    for seat, ((tx, ty), radius) in tokens.items():
        apart = ((x - tx) ** 2 + (y - ty) ** 2) ** 0.5
        if seat == 1:
            assert apart <= radius * 0.3, (apart, radius)
        else:
            assert apart >= r + radius - 2, ("covers", seat, apart)


def test_hen_numbers_are_readable_at_1024x600(fast, monkeypatch):
    """The 1/2 on each hen (the log and the prompts name hens by it) was a 10 px digit on a dark
    disc just big enough for its line of text, the digit cut by the ring. Now it is at least
    12 px, whole and centred inside the ring."""
    from tabletop.games.chicken_chase import scene_draw

    marks = []
    draw_mark = scene_draw._hen_mark
    monkeypatch.setattr(scene_draw, "_hen_mark", lambda surface, c, number, rgb, size:
                        marks.append((number, rgb, size)) or draw_mark(surface, c, number, rgb, size))
    app, scene = start((1024, 600), [Seat("human")] * 4)
    scene.dirty = True
    app.render()
    assert len(marks) >= 8 and all(size >= 12 for _n, _rgb, size in marks), marks
    for number, rgb, size in marks[:2]:
        surface = pygame.Surface((80, 80))
        surface.fill((255, 0, 255))
        draw_mark(surface, (40, 40), number, rgb, size)
        inside = [(x, y) for x in range(80) for y in range(80) if surface.get_at((x, y))[:3] != (255, 0, 255)]
        radius = (max(x for x, _ in inside) - min(x for x, _ in inside)) / 2
        ring = max(1, int(radius) // 6)
        light = [(x, y) for x, y in inside if min(surface.get_at((x, y))[:3]) > 150
                 and (x - 40) ** 2 + (y - 40) ** 2 < (radius - ring - 0.5) ** 2]  # the digit, not the ring
        xs, ys = [x for x, _ in light], [y for _, y in light]
        assert max(ys) - min(ys) + 1 >= 8, "a digit of 8 px or more"
        assert abs((max(xs) + min(xs)) / 2 - 40) <= 1 and abs((max(ys) + min(ys)) / 2 - 40) <= 1, "centred"
    pygame.display.quit()


@pytest.mark.parametrize("size", [(1366, 768), (3840, 2160)])
def test_fields_reachable_after_a_roll_are_plainly_lit(fast, size):
    """After a roll, before a die is picked, the fields some group of dice reaches (3, 6 and 9 for
    3, 6, 6) had a frame at 43% opacity: a faint glow beside the setup's and the chosen target's.
    Now their frame is as solid as the target's (which also glows over the whole field)."""
    from tabletop.games.chicken_chase.scene_draw import glow_width, paint_feed
    from tabletop.ui import theme

    app, scene = start(size, [Seat("human"), Seat("ai", "easy")])
    g, vp = scene.geom, scene.viewport
    board = (110, 150, 80)
    looks = {}
    for strong in (False, True):
        surf = pygame.Surface(app.screen.get_size())
        surf.fill(board)
        paint_feed(surf, vp, g, scene.layout_data, [None] * len(g.feed_boxes), [[0, 0]] * len(g.feed_boxes),
                   scene.metrics.small, targets={3: strong})
        rect = scene._rect(vp, g.feed_boxes[2])
        w = glow_width(vp)
        looks[strong] = [surf.get_at((x, y))[:3] for x, y in ((rect.centerx, rect.y - (w + 1) // 2),
                                                             (rect.x - (w + 1) // 2, rect.centery))]
    for strong, pixels in looks.items():
        for rgb in pixels:
            assert all(abs(a - b) <= 20 for a, b in zip(rgb, theme.HILITE, strict=True)), (strong, rgb)


def test_window_shows_no_roll_button_where_nothing_rolls(fast):
    """A laptop's panel showed a greyed "Roll [Space]" above "A: roll dice [A]" while an action was
    chosen, and all through the card play: a button that can never be used there. Now the Roll
    button is there only through the dice steps of action A."""
    app, scene = start((1366, 768), [Seat("human"), Seat("human")])
    seen = set()
    for _ in range(400):
        state = scene.state
        if state.current_player is None or {"setup", "action", "roll", "place", "card"} <= seen:
            break
        if state.current_player != CHANCE or state.phase == "roll":
            seen.add(state.phase)
            rolls = [b for b in scene.action_buttons() if b.action == scene.roll]
            if state.phase in ("roll", "place"):
                assert rolls, state.phase
            else:
                assert not rolls, (state.phase, [b.label for b in scene.action_buttons()])
        if state.current_player == CHANCE:
            scene.session.roll()
        else:
            moves = state.legal_moves()
            pick = next((m for m in moves if type(m).__name__ == "ChooseRoll"), moves[0])
            scene.session.play(pick)
        scene.on_state_changed()
        scene.state_version += 1
    assert {"setup", "action", "roll", "place", "card"} <= seen, seen


@pytest.mark.parametrize("players", [2, 3, 4])
def test_two_hens_on_the_finish_stand_side_by_side_clear_of_the_star(fast, players):
    """Two hens on field 15 stood 1.15 hen radii apart: one over the other, hiding its number and
    the finish. Now they stand side by side, clear of each other, of the "15" tag above the finish
    and of every other field of the hill."""
    import math

    from tabletop.games.chicken_chase import hill

    seats = [Seat("human")] + [Seat("ai", "easy")] * (players - 1)
    app, scene = start((3840, 2160), seats)
    g, lay = scene.geom, scene.layout_data
    hens = [0] * (2 * players)
    hens[0] = hens[1] = hill.FINISH
    points = scene.hen_points(hens)
    a, b = points[0], points[1]
    fx, fy = lay.hill_point(hill.FINISH)
    assert math.dist(a, b) >= 2 * g.hen_r, "the two hens overlap"
    for p in (a, b):
        assert abs(p[1] - fy) < 1e-6, "side by side"
        tag = (fx, fy - g.field_r * 1.05)  # the "15" tag's centre (field_badge)
        assert math.dist(p, tag) >= g.hen_r + g.field_r * 0.3, "a hen covers the finish's number"
        for n, q in enumerate(lay.fields, start=1):
            if n != hill.FINISH:
                assert math.dist(p, q) >= g.hen_r + g.field_r, f"a hen on the finish covers field {n}"


@pytest.mark.parametrize("size", [(1366, 768), (3840, 2160)])
def test_a_lit_feed_field_keeps_its_cards_value_at_full_contrast(fast, size):
    """The target of the chosen dice glowed over its whole field, card and all: the card's value
    faded to a pale brown under the yellow. Now the glow lies in the trough under the card (and
    round it): the card looks as on an unlit field, the trough and the frame are plainly lit."""
    from tabletop.games.chicken_chase.scene_draw import feed_parts, glow_width, paint_feed
    from tabletop.ui import theme

    app, scene = start(size, [Seat("human"), Seat("ai", "easy")])
    settle(app, scene)
    g, vp = scene.geom, scene.viewport
    n = len(g.feed_boxes)
    face = list(scene.state.face)
    assert face[2] is not None
    chicks = [[0, 0] for _ in range(n)]
    shots = {}
    for lit in ("none", "target", "hover"):
        surf = pygame.Surface(app.screen.get_size())
        surf.fill((110, 150, 80))
        targets = {} if lit == "none" else {3: True}
        paint_feed(surf, vp, g, scene.layout_data, face, chicks, scene.metrics.small, targets=targets,
                   hover=3 if lit == "hover" else 0)
        shots[lit] = surf
    rect, card, _rows = feed_parts(vp, g, 2, chicks[2], scene.metrics.small)
    inner = card.inflate(-max(4, card.w // 6) - 2, -max(4, card.w // 6) - 2)  # the card's face, its value
    badge = max(int(vp.length(22)), int(scene.metrics.small * 0.85)) * 2
    face_px = [(x, y) for x in range(inner.x, inner.right) for y in range(inner.y, inner.bottom)
               if x > rect.x + badge or y > rect.y + badge]
    for lit in ("target", "hover"):
        changed = [p for p in face_px if shots[lit].get_at(p) != shots["none"].get_at(p)]
        assert not changed, f"{lit}: the card's face is tinted at {changed[:3]}"
    trough = ((card.right + rect.right) // 2, rect.centery)
    assert shots["target"].get_at(trough) != shots["none"].get_at(trough), "the trough glows"
    w = glow_width(vp)
    frame = shots["target"].get_at((rect.centerx, rect.y - (w + 1) // 2))[:3]
    assert all(abs(a - b) <= 20 for a, b in zip(frame, theme.HILITE, strict=True)), frame


@pytest.mark.parametrize("size", [(1366, 768), (3840, 2160)])
def test_the_landing_glow_keeps_the_target_fields_number_readable(fast, size):
    """A card chosen, the field each hen would land on glows: the glow's ring ran right through
    the field's number tag, the number hidden. Now the tag stands whole on top of the glow."""
    from tabletop.games.chicken_chase.scene_draw import field_badge, field_num_px

    app, scene = start(size, [Seat("human"), Seat("ai", "easy"), Seat("ai", "easy"), Seat("ai", "easy")], seed=5)
    settle(app, scene)
    assert scene.state.current_player == 0
    click(app, button(scene, "B:").rect.center)
    scene.dirty = True
    app.render()
    plain = app.screen.copy()
    card_click(app, scene, 0)
    app.render()
    landings = scene.landings()
    assert landings
    vp, g = scene.viewport, scene.geom
    num_px = field_num_px(vp, g, scene.metrics.small)
    for hen, (_move, after) in landings.items():
        field = after[hen]
        p = scene.layout_data.fields[field - 1]
        c = vp.to_px(*p)
        tag = field_badge(pygame.Surface(app.screen.get_size()), vp, g, p, (int(c[0]), int(c[1])), field, num_px)
        rx, ry = tag.w / 2 - 2, tag.h / 2 - 2  # inside the tag's rim
        inside = [(x, y) for x in range(tag.x, tag.right) for y in range(tag.y, tag.bottom)
                  if ((x + 0.5 - tag.centerx) / rx) ** 2 + ((y + 0.5 - tag.centery) / ry) ** 2 <= 1]
        changed = [q for q in inside if app.screen.get_at(q) != plain.get_at(q)]
        assert not changed, f"field {field}'s number is covered by the landing glow at {changed[:3]}"
        import math

        r = vp.length(g.field_r) * 1.08  # the glow itself still shows all round the field
        ring = [(int(c[0] + r * math.cos(k * math.tau / 36)), int(c[1] + r * math.sin(k * math.tau / 36)))
                for k in range(36)]
        lit = [q for q in ring if app.screen.get_at(q) != plain.get_at(q)]
        assert len(lit) >= 24, f"field {field} hardly glows ({len(lit)} of 36)"


def test_log_says_why_a_blocked_target_moves_a_hen_less_or_not_at_all():
    """Playing a 2 from 11 with 13 blocked and 12 taken logged "hen 1: 11->11": the card seemed to
    do nothing for no reason. The log now names the blocked field (and that the hen stays)."""
    from tabletop.games.chicken_chase.moves import PlayB
    from tabletop.games.chicken_chase.rules import ChickenState

    text = ("1 action hens:11,15/12,9 feed:1grey,2grey,3grey,2brown,5brown,4brown,5green,4green,8gold,6gold "
            "hands:4brown,2grey/3grey first:1 turns:30 blocked:4,5,8,10,13,14 variant:normal")
    state = ChickenState.from_notation(text)
    two = next(m for m in state.legal_moves() if isinstance(m, PlayB) and m.cards == (2,))
    said = state.describe_move(two, ["Red", "Green"])
    assert "hen 1 stays on 11: field 13 is blocked" in said, said
    lower = ChickenState.from_notation(text.replace("hens:11,15/12,9", "hens:11,15/7,9"))
    two = next(m for m in lower.legal_moves() if isinstance(m, PlayB) and m.cards == (2,))
    said = lower.describe_move(two, ["Red", "Green"])
    assert said.endswith("hen 1: 11->12 (field 13 is blocked)"), said


def test_a_hen_that_stays_is_said_to_have_no_free_field_between_not_below():
    """12 to 14 with 13 and 14 blocked keeps the hen on 12; the log said "field 14 is blocked and
    no field below it is free", though fields 11 down to Start were free: what holds the hen is
    that no field between it and the target is free."""
    from tabletop.games.chicken_chase.moves import PlayB
    from tabletop.games.chicken_chase.rules import ChickenState
    from tabletop.i18n import in_language

    text = ("1 action hens:15,12/11,6 feed:2grey,1grey,3grey,2brown,2brown,3brown,6green,6green,8gold,6gold "
            "hands:2brown/2grey first:1 turns:34 blocked:4,5,8,10,13,14 variant:normal")
    state = ChickenState.from_notation(text)
    two = next(m for m in state.legal_moves() if isinstance(m, PlayB) and m.hen == 1)
    said = state.describe_move(two, ["Red", "Green"])
    assert said.endswith("hen 2 stays on 12: field 14 is blocked and no field between is free"), said
    with in_language("ru"):
        said = state.describe_move(two, ["Красный", "Зелёный"])
    assert said.endswith("курица 2 остаётся на поле 12: поле 14 закрыто, а свободного поля между ними нет"), said


@pytest.mark.parametrize("size", [(1024, 600), (1366, 768), (1920, 1080)])
def test_russian_hand_title_keeps_its_size_and_clears_a_lifted_card(english_after, size):
    """«Зелёный — карты» was squeezed into the English title's box and drawn at the tiniest size;
    it now keeps the title size and stays clear of a lifted (selected) card and the B-sum label."""
    from tabletop.games.chicken_chase.scene_geom import CARD_LIFT
    from tabletop.ui import theme

    app = App(AppOptions(size=size, headless=True, mute=True, lang="ru"))
    session = new_session(SPEC, app.store, 2, None, {}, [Seat("human"), Seat("human")], 7, first_player=0)
    scene = make_scene(app, session)
    ticks = itertools.count()
    scene.now = lambda: 1000.0 * next(ticks)
    app.push_scene(scene)
    settle(app, scene)
    vp, m = scene.viewport, scene.metrics
    title_px = scene._px(vp, 32, m.body if vp.scale > 0.8 else m.small)
    for name in ("Зелёный", "Красный", "Жёлтый"):
        title = tr("{name}'s hand", name=name)
        rect = scene._hand_title_rect(vp, title, title_px)
        w, h = theme.font(title_px, True).size(title)
        assert w <= rect.w, (title, w, rect)
        text = pygame.Rect(rect.x, rect.centery - h // 2, w, h)
        bx, by, bw, bh = scene.geom.card_boxes(2)[0]
        lifted = scene._rect(vp, (bx, by - CARD_LIFT, bw, bh))
        assert not text.colliderect(lifted), (title, text, lifted)
        ax, ay, aw, _ = scene.geom.cards_area
        label = tr("B: {cards} = {total} of 8", cards="1 + 2 + 2 + 3", total=8)
        right = vp.to_px(ax + aw, ay)[0]
        assert text.right < right - theme.font(scene._px(vp, 28), True).size(label)[0], (title, text)


def test_log_names_action_c_like_action_b():
    """Action B's cards were logged "(action B)", action C's two cards as a bare "plays 1": the
    log did not say a second card for the other hen was coming. Both now say "(action C)"."""
    from tabletop.games.chicken_chase.moves import PlayC
    from tabletop.games.chicken_chase.rules import ChickenState

    state = ChickenState.from_notation(
        "1 action hens:3,6/7,0 feed:1grey,2grey,3grey,2brown,5brown,4brown,5green,4green,8gold,6gold "
        "hands:1grey,3brown/3grey first:1 turns:30 blocked:4,5,8,10,13,14 variant:normal")
    first = next(m for m in state.legal_moves() if isinstance(m, PlayC) and m.hen == 1 and m.card == 1)
    assert "(action C): hen 2: 6->7" in state.describe_move(first, ["Red", "Green"])
    state.apply(first)
    second = next(m for m in state.legal_moves() if isinstance(m, PlayCard))
    assert "(action C): hen 1: 3->" in state.describe_move(second, ["Red", "Green"])


def test_log_of_an_unused_roll_does_not_speak_of_other_dice():
    """Three rolls left whole each logged "Red leaves the other dice": there were no others. A
    roll with no die used now says no chick was placed with it, and both name the dice left."""
    from tabletop.games.chicken_chase.moves import END_ROLL
    from tabletop.games.chicken_chase.rules import ChickenState

    text = ("1 place1 dice:356 hens:0,0/0,0 feed:1grey,2grey,3grey,2brown,5brown,4brown,5green,4green,8gold,"
            "6gold hands:1grey/2grey first:1 turns:5 blocked:4,5,8,10,13,14 variant:normal")
    whole = ChickenState.from_notation(text)
    assert whole.describe_move(END_ROLL, ["Red", "Green"]) == "Red places no chick with this roll (3, 5, 6)"
    rest = ChickenState.from_notation(text.replace("dice:356", "dice:5"))
    assert rest.describe_move(END_ROLL, ["Red", "Green"]) == "Red leaves the other dice (5)"
    last = ChickenState.from_notation(text.replace("place1 dice:356", "place3 dice:4"))
    assert last.describe_move(END_ROLL, ["Red", "Green"]) == "Red places no chick with this roll (4)"


@pytest.mark.parametrize("table", [False, True])
def test_out_of_chicks_a_chosen_die_is_not_called_too_high(fast, table):
    """With no chick left in supply, clicking a 6 said "die 6: too high (max 10)" with the sum in
    red, though the next step is to pick one of his chicks on the strip. It now says so."""
    from tabletop.core.session import Session
    from tabletop.games.chicken_chase.rules import ChickenState

    app, scene = start((1366, 768), [Seat("human")] * 2, table=table)
    text = ("1 place1 dice:6 hens:0,0/0,0 feed:1grey,2grey,3grey,2brown,5brown,4brown,5green,4green,8gold,6gold "
            "chicks:1=2.0,2=2.0,3=2.0,4=2.0,5=2.0,6=2.0,7=2.0,8=1.0 hands:1grey/2grey first:1 turns:5 "
            "blocked:4,5,8,10,13,14 variant:normal")
    scene.session = Session(SPEC, ChickenState.from_notation(text), 1, scene.session.meta)
    scene._changed()
    app.render()
    if table:
        scene.toggle_die(0)  # the dice sit in the seat's turned panel (picking there is tested above)
    else:
        click(app, scene.die_rects[0][0].center)
    assert scene.group() == (6,)
    said = scene.prompt()
    assert "too high" not in said and "no chicks left" in said, said
    assert scene.group_fits()  # the sum is drawn green, not red


def test_card_counts_use_the_languages_counted_forms():
    """Russian strips said «1 карта» beside «карт: 2»: two ways of counting side by side."""
    from tabletop.games.chicken_chase.scene_draw import cards_text
    from tabletop.i18n import in_language

    with in_language("ru"):
        assert [cards_text(n) for n in (0, 1, 2, 5, 21, 22)] == ["0 карт", "1 карта", "2 карты", "5 карт",
                                                                  "21 карта", "22 карты"]
    with in_language("en"):
        assert [cards_text(n) for n in (0, 1, 2)] == ["0 cards", "1 card", "2 cards"]


@pytest.mark.parametrize("size", [(1024, 600), (1366, 768)])
def test_the_menu_pictures_start_keeps_off_the_feed_fields_number_discs(tmp_path, monkeypatch, size):
    """With fields 7 and 8 blocked the menu's small picture has no room for "Start" above the
    block; it went beside it, half under the disc that numbers feed field 7 (the disc reaches out
    past its trough, and only the trough was kept clear)."""
    from tabletop.core import Setup
    from tabletop.games.chicken_chase.scene import PREVIEW_LEAST_PX, ChickenChaseScene
    from tabletop.games.chicken_chase.scene_draw import px_rect
    from tabletop.games.chicken_chase.scene_geom import build_geometry
    from tabletop.ui.menu import MenuScene
    from tabletop.ui.text_audit import TextAudit
    from tabletop.ui.widgets import Viewport

    monkeypatch.setenv("TABLETOP_DATA", str(tmp_path / "data"))
    app = App(AppOptions(size=size, headless=True, mute=True))
    try:
        menu = MenuScene(app, "chicken_chase")
        app.push_scene(menu)
        app.render()
        area = menu.preview_rect.inflate(-2 * menu.metrics.pad, -2 * menu.metrics.pad)
        spec = get_game("chicken_chase")
        layout = spec.load_layout(app.store, "custom")
        options = spec.parse_options("custom", {"blocked": "4,5,7,8,12"}, app.store)
        state = spec.new_state(Setup(4, "custom", options, layout, first_player=0))
        surface = pygame.Surface(area.size)
        rect = surface.get_rect()
        with TextAudit() as audit:
            ChickenChaseScene.draw_preview(surface, rect, layout, state, menu.metrics.small)
        start = [pygame.Rect(e.rect) for e in audit.placed() if e.text == tr("Start (hill field)")]
        geom = build_geometry(layout, 8)
        vp = Viewport((0.0, 0.0, geom.width, geom.height), rect)
        numbers = min(menu.metrics.small, max(PREVIEW_LEAST_PX, int(vp.length(geom.field_r * 0.9))))
    finally:
        pygame.display.quit()
    assert len(start) == 1
    for field, box in enumerate(geom.feed_boxes, start=1):
        trough = px_rect(vp, box)
        r = max(int(vp.length(22)), int(numbers * 0.85))  # as paint_feed sets the disc
        disc = pygame.Rect(0, 0, 2 * r, 2 * r)
        disc.center = (trough.x + r // 3, trough.y + r // 3)
        assert not start[0].colliderect(disc), f"Start {start[0]} lies on feed field {field}'s number {disc}"


def test_end_card_hand_cell_counts_the_cards_before_their_values():
    """A seat left with one card showed "2" under "Cards in hand (values)": read as two cards.
    Each cell now counts the cards, then gives their values, in both languages."""
    from types import SimpleNamespace

    from tabletop.games.chicken_chase.rules import ChickenState
    from tabletop.games.chicken_chase.scene import ChickenChaseScene
    from tabletop.i18n import in_language
    from tabletop.layout import BoardStore

    state = ChickenState.from_notation(
        "1 action hens:15,14/3,0/9,2/6,1 feed:1grey,2grey,3grey,2brown,5brown,4brown,5green,4green,8gold,6gold "
        "hands:2grey/3grey,4brown,6gold/5brown,6green/- first:1 turns:40 blocked:5,12 variant:normal")
    scene = SimpleNamespace(state=state, seat_name=lambda s: f"Seat {s + 1}", seat_role=lambda s: "",
                            layout_data=get_game("chicken_chase").load_layout(BoardStore([]), "normal"), cards_won=lambda: None)
    out = SimpleNamespace(winners=(0,), detail="")
    table = ChickenChaseScene.result_table(scene, out)
    assert table.columns[2] == "Cards in hand"
    assert [row.cells[2] for row in table.rows] == ["1 card: 2", "3 cards: 3, 4, 6", "2 cards: 5, 6", "no cards"]
    with in_language("ru"):
        table = ChickenChaseScene.result_table(scene, out)
    assert table.columns[2] == "Карты на руке"
    assert [row.cells[2] for row in table.rows] == ["1 карта: 2", "3 карты: 3, 4, 6", "2 карты: 5, 6", "карт нет"]


def test_russian_end_card_names_the_hands_column_as_the_strip_does_on_one_line(tmp_path, monkeypatch):
    """At 1024x600 in Russian the end card's column «Карты в руке (их значения)» took two lines
    («...(их» / «значения)»), and said «в руке» where the hand strip says «на руке» («карт на руке
    нет», «Карты на руках скрыты»). It is now «Карты на руке», on one line (each cell counts its cards)."""
    from feedback_helpers import start

    from tabletop.i18n import in_language, set_language
    from tabletop.ui import text_audit

    instant_scenes(monkeypatch, tmp_path)
    app, scene = start("chicken_chase", [Seat("human")] * 4, players=4, seed=2, size=(1024, 600), lang="ru")
    try:
        from tabletop.games.chicken_chase.rules import ChickenState

        scene.session.state = ChickenState.from_notation(
            "1 action hens:15,14/3,0/9,2/6,1 feed:1grey,2grey,3grey,2brown,5brown,4brown,5green,4green,8gold,6gold "
            "hands:1grey/3grey,4brown/2brown/- first:1 turns:40 blocked:5,12 variant:normal")
        scene._changed()
        state = scene.state
        move = next(m for m in state.legal_moves() if isinstance(m, PlayB) and m.hen == 1)
        before = state.copy()
        scene.session.play(move)
        scene._after_move(before, move, 0)
        app.tick(0.0)
        with text_audit.TextAudit() as audit:
            app.mark_dirty()
            app.render()
        placed = [d.text for d in audit.placed()]
    finally:
        set_language("en")
    heads = ["Курицы на полях", "Карт выиграно", "Карты на руке", "Цыплят в запасе"]
    with in_language("ru"):
        assert [tr(h) for h in ("Hens on", "Cards won", "Cards in hand", "Chicks in supply")] == heads
    for head in heads:  # each drawn whole: on one line
        assert head in placed, (head, placed)


@pytest.mark.parametrize("size, lang, hens", [
    ((2048, 1600), "en", "6,1/9,0/0,0/0,0"),    # "Finish" sits beside the finish here: the word above field 8 lay on it
    ((2048, 1600), "ru", "6,1/9,0/0,0/0,0"),
    ((1920, 1080), "ru", "13,1/15,0/0,0/0,0"),  # pushed off the finish to 14, «Финиш» right beside it
    ((3840, 2160), "en", "13,1/15,0/0,0/0,0"),
])
def test_the_pushed_marker_keeps_off_the_finish_name(tmp_path, monkeypatch, size, lang, hens):
    """A hen pushed near the top: "Pushed!" rose above it and lay for a moment on the board's word
    "Finish". It now goes below or beside its ring where that keeps the hill's names clear."""
    from feedback_helpers import Clock, start

    from tabletop.games.chicken_chase.rules import ChickenState
    from tabletop.i18n import set_language
    from tabletop.ui import effects, text_audit, theme

    instant_scenes(monkeypatch, tmp_path, move_time=0.4)
    drawn = []
    label = effects.label

    def record(surface, text, centre, px, rgb, alpha):
        drawn.append((text, centre, px))
        label(surface, text, centre, px, rgb, alpha)

    monkeypatch.setattr(effects, "label", record)
    clock = Clock()
    app, scene = start("chicken_chase", [Seat("human")] * 4, players=4, seed=2, size=size, clock=clock, lang=lang,
                       settings={"fast_play": False})
    try:
        scene.session.state = ChickenState.from_notation(
            f"1 action hens:{hens} feed:1grey,2grey,3grey,2brown,5brown,4brown,5green,4green,8gold,6gold "
            "hands:3grey,2grey/5brown/-/- first:1 turns:40 blocked:4,5,10,12 variant:normal")
        scene._changed()
        with text_audit.TextAudit() as audit:
            scene.invalidate_static()
            app.mark_dirty()
            app.render()
        finish = [pygame.Rect(d.rect) for d in audit.placed() if d.text == tr("Finish")]
        assert len(finish) == 1

        def pushes(move):
            after = scene.state.copy()
            after.apply(move)
            return after.hens[2:4] != scene.state.hens[2:4]

        scene.play(next(m for m in scene.state.legal_moves() if isinstance(m, PlayB) and len(m.cards) == 1
                        and pushes(m)))
        for _ in range(60):
            clock.t += 0.05
            app.tick(0.0)
            app.mark_dirty()
            app.render()
        pushed = tr("Pushed!")
    finally:
        set_language("en")
    marks = [(c, px) for text, c, px in drawn if text == pushed]
    assert marks, drawn
    for (x, y), px in marks:
        w, h = theme.font(px, True).size(pushed)
        pill = pygame.Rect(0, 0, w + px, h + px // 3)
        pill.center = (int(x), int(y))
        assert not pill.colliderect(finish[0]), (pill, finish[0])


ONTO_14 = ("1 action hens:13,6/1,10/9,11/2,8 feed:2grey,3grey,2grey,4brown,2brown,2brown,4green,4green,7gold,7gold "
           "chicks:1=0.2.1.1,2=0.1.2.0,4=0.1.0.1,5=0.0.1.0,7=1.2.1.1,8=1.2.0.2,9=0.0.2.0,10=0.2.0.1 "
           "hands:1grey,3grey,3brown,5green,6gold,6green,8gold/-/4brown/2grey,~3grey discards:1grey,2grey,"
           "3brown,3brown,4brown,4brown,5brown,5brown,5gold,8gold first:1 turns:78 blocked:5,12 variant:normal")


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("size", [(1920, 1080), (3840, 2160)])
def test_the_finish_name_reads_over_the_ring_of_a_hen_just_come_to_field_14(size, lang, monkeypatch, tmp_path):
    """Seen at 1920x1080: Red's hen played onto field 14, and the last move's thick ring round it
    cut through «Финиш» under the finish. The name is written again on its tag over the ring."""
    from tabletop.core.session import Session
    from tabletop.games.chicken_chase.rules import ChickenState
    from tabletop.games.chicken_chase.scene_draw import LAST_MOVE
    from tabletop.i18n import set_language
    from tabletop.ui.text_audit import TextAudit

    instant_scenes(monkeypatch, tmp_path)
    app, scene = start(size, [Seat("human")] * 4)
    try:
        set_language(lang)
        scene.session = Session(SPEC, ChickenState.from_notation(ONTO_14), 1, scene.session.meta)
        scene._changed()
        onto_14 = [m for m in scene.state.legal_moves() if isinstance(m, PlayB) and m.hen == 0 and len(m.cards) == 1
                   and m.cards[0] % 100 == 1]
        assert onto_14 and scene.play(onto_14[0])
        scene.timers.skip()
        scene.update(0.0)
        assert scene.state.hens[0] == 14 and scene.outline, "the move is outlined on field 14"
        with TextAudit() as audit:
            scene.invalidate_static()
            app.mark_dirty()
            app.render()
        label = [pygame.Rect(e.rect) for e in audit.placed() if e.text == tr("Finish")]
        assert label, "a board this large names the finish"
        spot = label[0].inflate(0, -label[0].h // 5).clip(app.screen.get_rect())  # its ink (a line's box
        # holds room above and below the letters, past the tag)
        ring = [(x, y) for x in range(spot.left, spot.right) for y in range(spot.top, spot.bottom)
                if tuple(app.screen.get_at((x, y)))[:3] == LAST_MOVE]
        assert ring == [], f"the last move's ring crosses the finish's name at {ring[:3]}…"
    finally:
        set_language("en")

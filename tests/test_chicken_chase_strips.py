"""Chicken Chase: what the hand strip (window) and the seats' strips (table) say about who acts,
and that their buttons keep their words whole in Russian."""

from __future__ import annotations

import itertools

import pygame
import pytest
from scene_input import instant_scenes

from tabletop.app import App, AppOptions
from tabletop.core import CHANCE
from tabletop.games import get_game
from tabletop.i18n import set_language, tr
from tabletop.launch import Seat, new_session
from tabletop.ui.game_scene import make_scene
from tabletop.ui.text_audit import TextAudit

SPEC = get_game("chicken_chase")


@pytest.fixture
def fast(tmp_path, monkeypatch):
    instant_scenes(monkeypatch, tmp_path)
    yield
    set_language("en")


def open_scene(size, seats, first, table=False, lang="en", seed=7):
    app = App(AppOptions(size=size, headless=True, mute=True, table=table, lang=lang))
    session = new_session(SPEC, app.store, len(seats), None, {}, seats, seed, first_player=first)
    scene = make_scene(app, session)
    ticks = itertools.count()
    scene.now = lambda: 1000.0 * next(ticks)
    app.push_scene(scene)
    app.render()
    return app, scene


def step_until(scene, done):
    """Play the position on by hand (the first legal move, or the draw) without the computer
    players' worker, so that a computer seat's own moment can be looked at."""
    session = scene.session
    for _ in range(200):
        if done(session.state):
            break
        if session.state.current_player == CHANCE:
            session.roll()
        else:
            session.play(session.state.legal_moves()[0])
    assert done(session.state)
    scene.on_state_changed()
    scene.state_version += 1
    scene.dirty = True


def test_window_strip_names_the_computer_placing_his_setup_chicks_not_the_starter(fast):
    """Four players, Green starts: while Blue (a computer) places his setup chicks the strip under
    the board said «Green's turn» (``state.turn``, the starter) beside «Blue is thinking…»."""
    seats = [Seat("human"), Seat("ai", "easy"), Seat("ai", "easy"), Seat("ai", "easy")]
    app, scene = open_scene((1366, 768), seats, first=1)
    step_until(scene, lambda s: s.phase == "setup" and s.current_player == 3)
    assert scene.state.turn == 1 and scene.viewer() is None
    with TextAudit() as audit:
        app.render()
    texts = {e.text for e in audit.placed()}
    assert tr("{name}'s turn", name=scene.seat_name(3)) in texts
    assert tr("{name}'s turn", name=scene.seat_name(1)) not in texts
    rows = scene.player_rows()
    assert [r.seat for r in rows if r.active] == [3]  # the players list lights the same seat


def test_table_strips_light_and_prompt_the_seat_placing_his_setup_chicks(fast):
    """The same moment at a table: Blue's strip is the lit one and says Blue is thinking."""
    seats = [Seat("human"), Seat("ai", "easy"), Seat("ai", "easy"), Seat("ai", "easy")]
    app, scene = open_scene((1366, 768), seats, first=1, table=True)
    step_until(scene, lambda s: s.phase == "setup" and s.current_player == 3)
    scene.table_relayout()
    assert scene.acting_seat() == 3
    with TextAudit() as audit:
        app.render()
    thinking = tr("{name} is thinking…", name=scene.seat_name(3))
    lit = [seat for seat, parts in scene.table_parts.items() if parts.prompt.w]
    assert lit == [3]
    assert thinking in {e.text for e in audit.placed() if e.surface == id(scene._strip_work[3])}


def test_nobody_is_named_before_the_starter_is_drawn(fast):
    seats = [Seat("ai", "easy"), Seat("ai", "easy")]
    app = App(AppOptions(size=(1366, 768), headless=True, mute=True))
    session = new_session(SPEC, app.store, 2, None, {}, seats, 7)
    scene = make_scene(app, session)
    if scene.state.phase != "first":
        pytest.skip("this seed's starter is drawn at once")
    assert scene.mover() is None and not any(r.active for r in scene.player_rows())


def to_red_roll(scene):
    """Everyone a person; the setup placed and Red (the bottom strip) about to roll with a hand:
    the band where the dice and the roll button leave the hand least room."""
    def choose(state):
        moves = state.legal_moves()
        return next((m for m in moves if type(m).__name__ == "ChooseRoll"), moves[0])

    session = scene.session
    for _ in range(100):
        state = session.state
        if state.phase == "roll" and state.turn == 0 and state.hand(0):
            break
        if state.current_player == CHANCE:
            session.roll()
        else:
            session.play(choose(state))
    scene.on_state_changed()
    scene.state_version += 1
    scene.dirty = True


def show_label_drawn(app, scene, seat):
    """The words drawn inside the seat's show control (top line first), and whether any was cut."""
    panel = scene.panel_of(seat)
    with TextAudit() as audit:
        scene.dirty = True
        app.render()
    show = scene.panel_hand(panel).show
    label = next(b.label for b in scene.table_buttons[seat] if b.rect == show)
    words = set(label.split(" "))
    inside = [e for e in audit.placed() if e.rect and show.contains(pygame.Rect(e.rect))
              and set(e.text.replace("…", "").split(" ")) <= words | {""}]
    drawn = " ".join(e.text for e in sorted(inside, key=lambda e: e.rect[1]))
    return label, drawn, audit


@pytest.mark.parametrize("size", [(1366, 768), (3840, 2160)])
def test_table_show_my_hand_says_its_full_words_in_a_narrow_russian_band(fast, size):
    """Three players, Russian: Red's band, with the dice and the roll button in it, squeezed the
    show control to «Пока…». It says «Показать мои карты» whole (on two lines, never below the
    small type), before and after the roll, shown or hidden; no text of any strip is cut."""
    app, scene = open_scene(size, [Seat("human")] * 3, first=0, table=True, lang="ru")
    to_red_roll(scene)
    app.render()
    m = scene.metrics
    for phase in ("roll", "place"):
        if phase == "place":
            scene.roll()
            for _ in range(5):
                scene.update(0.0)
            assert scene.state.phase == "place"
        for shown in (False, True):
            if scene.hand_shown() != shown:
                scene.toggle_hand()
            app.render()
            label, drawn, audit = show_label_drawn(app, scene, 0)
            want = tr("Hide my hand") if shown else tr("Show my hand")
            assert label == want and drawn == want, (phase, shown, label, drawn)
            assert not audit.cut(), [(e.wanted, e.text) for e in audit.cut()]
            assert not audit.smaller_than(m.small)


def test_acting_band_draws_the_last_events_arrow_as_the_log_does(fast):
    """Red (a computer, the bottom band) is thinking and the band shows the last event under the
    prompt: it wrote «…из запаса->на поле корма 8» with the font's "->" while every log strip
    draws an arrow there. Now the band draws the arrow too: no drawn text holds a "->"."""
    seats = [Seat("ai", "easy"), Seat("human")]
    app, scene = open_scene((3840, 2160), seats, first=0, table=True, lang="ru")
    step_until(scene, lambda s: s.phase != "setup" and s.current_player == 0)
    event = tr("{who}: chick supply->feed field {field} with dice {dice}", who=scene.seat_name(0), field=8,
               dice="2 + 3 + 3")
    scene.log.add(event)
    scene.table_relayout()
    assert scene.acting_seat() == 0 and scene.table_parts[0].mode == "band"
    with TextAudit() as audit:
        app.render()
    drawn = [e.text for e in audit.placed() if e.surface == id(scene._strip_work[0])]
    before, after = event.split("->")
    assert before in drawn and after in drawn, drawn
    assert not [t for t in drawn if "->" in t]


def _turn_steps(scene):
    """Yellow (a person, the top strip, seed 5 of a 4K table of three) through action A: the choice,
    then each roll and its placing (before and after a chick is placed), then the card. Yields the
    phase at each step, the strip laid out for it."""
    from tabletop.games.chicken_chase.moves import ChooseRoll, EndRoll, Place

    session = scene.session

    def settle():
        scene.on_state_changed()
        scene.state_version += 1
        scene.dirty = True
        scene.table_relayout()

    def play(kind):
        session.play(next(m for m in session.state.legal_moves() if isinstance(m, kind)))
        settle()

    step_until(scene, lambda s: s.phase == "action" and s.current_player == 2)
    scene.table_relayout()
    yield "action"
    play(ChooseRoll)
    for _ in range(3):
        if session.state.phase != "roll":
            break
        yield "roll"
        session.roll()
        settle()
        yield "place"
        if any(isinstance(m, Place) for m in session.state.legal_moves()):
            play(Place)
            if session.state.phase == "place":
                yield "place"
        if session.state.phase == "place":
            play(EndRoll)


def _table_of_three(lang="en"):
    seats = [Seat("human"), Seat("ai", "hard"), Seat("human")]
    return open_scene((3840, 2160), seats, first=2, table=True, lang=lang, seed=5)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_table_done_undo_and_dice_keep_their_places_through_the_rolls(fast, lang):
    """At a 4K table Done, Undo and the dice moved along the acting strip from step to step: Undo
    came and went, the roll button and Done each took their own words' width and the dice part
    its dice's. Now through the rolls and their placing the first button (Roll, then Done), Undo,
    the dice and the hand keep one place each."""
    app, scene = _table_of_three(lang)
    places = []
    for phase in _turn_steps(scene):
        if phase == "action":
            continue
        parts = scene.table_parts[2]
        buttons = scene.table_buttons[2]
        undo = [b.rect for b in buttons if b.label == tr("Undo")]
        first = [b.rect for b in buttons if b.label in (tr("Done"), tr("Roll 3 dice"), tr("Roll 2 dice"),
                                                       tr("Roll 1 die"))]
        assert len(undo) == 1 and len(first) == 1, (phase, [b.label for b in buttons])
        places.append((tuple(first[0]), tuple(undo[0]), tuple(parts.dice), tuple(parts.extra)))
    assert len(places) >= 5
    assert len(set(places)) == 1, places


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_table_show_my_hand_speaks_as_its_neighbours_and_the_cards_stay_whole(fast, lang):
    """A 4K table of three: "Show my hand" said its words in smaller type than the buttons beside
    it (the choice of an action, and whenever Undo took room), its two cards overlapped and their
    "×2" went. Now it says them in the buttons' type, the cards side by side, all through the turn."""
    app, scene = _table_of_three(lang)
    m = scene.metrics
    for phase in _turn_steps(scene):
        panel = scene.panel_of(2)
        layout = scene.panel_hand(panel)
        assert layout.show is not None and not layout.short, phase
        cards = layout.cards
        assert all(a.right <= b.x for a, b in zip(cards, cards[1:], strict=False)), (phase, cards)
        with TextAudit() as audit:
            scene.dirty = True
            app.render()
        words = set(tr("Show my hand").split(" "))
        inside = [e for e in audit.placed() if e.rect and layout.show.contains(pygame.Rect(e.rect))
                  and set(e.text.split(" ")) <= words]
        assert inside and all(e.size == m.body for e in inside), (phase, [(e.text, e.size) for e in inside])


def test_a_cramped_strip_counts_overlapped_cards_on_the_top_one(fast):
    """A 1366×768 table in Russian, the action choice: the hand's slot held «Показать мои карты»
    and two cards overlapped to a sliver, but no "×2": the top card alone showed, and a player
    could not tell two cards from one. The count now sits on the top card as a disc."""
    from tabletop.cli import build_parser, session_from_args
    from tabletop.games import all_games
    from tabletop.launch import advance

    app = App(AppOptions(size=(1366, 768), headless=True, mute=True, table=True, lang="ru"))
    args = build_parser(list(all_games())).parse_args(["chicken_chase", "--seats", "human,human,human,human",
                                                      "--seed", "5"])
    session = session_from_args(args, app.store, "chicken_chase")
    advance(session, 28)
    scene = make_scene(app, session)
    app.push_scene(scene)
    assert session.state.phase == "action"
    with TextAudit() as audit:
        app.mark_dirty()
        app.render()
    seat = scene.viewer()
    layout = scene._hands[seat]
    n = len(scene.obs().hand(seat))
    assert n >= 2 and layout.cards[1].x - layout.cards[0].x < layout.cards[0].w  # overlapped (the case)
    on_top = [d for d in audit.placed() if d.text == str(n) and layout.cards[-1].contains(pygame.Rect(d.rect))]
    beside = [d for d in audit.placed() if d.text == f"×{n}" and abs(d.rect[0] - layout.count_at[0]) <= 2]
    assert on_top or beside


def test_a_shown_hand_of_many_cards_shows_every_value_at_a_table(fast):
    """A 4K table in Russian, a hand of six turned up in the bottom band: the cards overlapped to
    slivers, and only the top card's value showed (five blank slivers, or half a "3" where the
    next card began): a player could not see what he held. Each covered card now shows its value
    at the top of its sliver, in the strips' small type."""
    app, scene = open_scene((3840, 2160), [Seat("human")] * 4, 0, table=True, lang="ru")
    step_until(scene, lambda st: st.phase == "action" and st.current_player == 0)
    state = scene.state
    state.known[0], state.hidden[0] = [], [1, 12, 23, 35, 37, 48]  # values 1 2 3 5 7 8, the four decks
    scene.on_state_changed()
    scene.state_version += 1
    scene.toggle_hand()
    with TextAudit() as audit:
        app.mark_dirty()
        app.render()
    layout = scene._hands[0]
    hand = scene.obs().hand(0)
    assert len(layout.cards) == len(hand) == 6 and layout.cards[1].x - layout.cards[0].x < layout.cards[0].w // 2
    for i, code in enumerate(hand[:-1]):
        card, step = layout.cards[i], layout.cards[i + 1].x - layout.cards[i].x
        sliver = pygame.Rect(card.x, card.y, step, card.h)
        shown = [d for d in audit.placed() if d.text == str(code % 10) and sliver.contains(pygame.Rect(d.rect))
                 and d.size >= scene.metrics.small]
        assert shown, (i, code, sliver)


# two games just over, the losers' cards partly dealt face down ("~"): Green (2 players) keeps one,
# Red (4 players) seven, Green none
OVER_2 = ("2 over hens:7,11/15,15 feed:1grey,2grey,2grey,3brown,5brown,2brown,4green,6green,5gold,7gold "
          "chicks:2=1.0,3=2.2,4=0.1,5=2.2,7=2.1,8=1.0 hands:~1grey,2brown/~4brown discards:1grey,2grey,3grey,"
          "2brown,3brown,5brown,5brown,4green,4green,7gold,8gold first:2 winner:2 rolled:3 turns:62 "
          "blocked:4,5,8,10,13,14 variant:normal")
OVER_4 = ("3 over hens:9,6/1,10/15,15/2,8 feed:2grey,3grey,2grey,4brown,2brown,2brown,4green,4green,7gold,7gold "
          "chicks:1=0.2.1.1,2=0.1.2.0,4=0.1.0.1,5=0.0.1.0,7=1.2.1.1,8=1.2.0.2,9=0.0.2.0,10=0.2.0.1 "
          "hands:~1grey,~3grey,~3brown,~5green,~6gold,~6green,~8gold/-/4brown/2grey,~3grey discards:1grey,2grey,"
          "3brown,3brown,4brown,4brown,5brown,5brown,5gold,8gold first:1 winner:3 rolled:3 turns:78 blocked:5,12 "
          "variant:normal")


def put_position(app, scene, text):
    from tabletop.core.session import Session
    from tabletop.games.chicken_chase.rules import ChickenState

    scene.session = Session(SPEC, ChickenState.from_notation(text), 1, scene.session.meta)
    scene._changed()
    scene.dirty = True
    app.render()


def faces_and_texts(app, scene, monkeypatch):
    """One redraw: the codes of the cards drawn face up, and the audit of every text placed."""
    from tabletop.games.chicken_chase import scene_draw

    faces: list[int] = []
    real = scene_draw.card_image

    def spy(code, w, h, face_up, *rest, **kw):
        if face_up:
            faces.append(code)
        return real(code, w, h, face_up, *rest, **kw)

    monkeypatch.setattr(scene_draw, "card_image", spy)
    with TextAudit() as audit:
        scene.dirty = True
        app.render()
    return sorted(faces), audit


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("text", [OVER_2, OVER_4], ids=["2 players", "4 players"])
def test_game_over_window_strip_shows_every_hand_face_up(fast, monkeypatch, lang, text):
    """At the end the strip still said «Hands stay hidden.» beside card backs, with nothing left to
    hide. Now it says whose cards are left and shows each hand face up: the true cards, not the
    random re-deal a seat's view makes of the others' face-down ones."""
    from tabletop.games.chicken_chase.scene_draw import cards_text

    n = 2 if text is OVER_2 else 4
    app, scene = open_scene((1366, 768), [Seat("human")] * n, first=0, lang=lang)
    put_position(app, scene, text)
    state = scene.state
    assert state.phase == "over" and any(state.hidden)
    faces, audit = faces_and_texts(app, scene, monkeypatch)
    feed = [c for c in state.face if c is not None]  # the feed's cards lie face up all game
    assert faces == sorted(feed + [c for s in range(n) for c in state.hand(s)])
    assert scene.faces_drawn == {s for s in range(n) if state.hand(s)}
    strip = scene._rect(scene.viewport, scene.geom.strip)
    texts = [e for e in audit.placed() if strip.contains(pygame.Rect(e.rect))]
    words = {e.text for e in texts}
    assert tr("Hands stay hidden.") not in words
    assert {tr("Game over"), tr("The cards left in each hand")} <= words
    for s in range(n):
        held = len(state.hand(s))
        assert scene.seat_name(s) in words
        assert (cards_text(held) if held else tr("no cards")) in words
    assert not [e.wanted for e in texts if e.cut]
    assert not audit.overlaps(slack=1, fraction=0.25)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_game_over_table_strips_show_every_hand_face_up(fast, monkeypatch, lang):
    """At a table each seat's strip kept its backs at the end; now every hand is turned up, and
    an empty one says it has no cards (not a bare «×0» beside an outline)."""
    app, scene = open_scene((3840, 2160), [Seat("human")] * 4, first=0, table=True, lang=lang)
    put_position(app, scene, OVER_4)
    state = scene.state
    faces, audit = faces_and_texts(app, scene, monkeypatch)
    feed = [c for c in state.face if c is not None]
    assert faces == sorted(feed + [c for s in range(4) for c in state.hand(s)])
    assert scene.faces_drawn == {0, 2, 3}
    green = id(scene._strip_work[1])
    said = {e.text for e in audit.placed() if e.surface == green}
    assert tr("no cards") in said and "×0" not in said


@pytest.mark.parametrize(("hand", "count"), [("-", None), ("~1grey", "1 карта · скрыта"),
                                              ("~1grey,~2grey", "2 карты · скрыты"),
                                              ("~1grey,~2grey,3brown,~6green,~7gold", "5 карт · скрыты")])
def test_russian_hand_count_says_it_once(fast, hand, count):
    """An empty hand said «0 карт» under its title beside «карт на руке нет» where the cards go:
    the same thing twice. It now says only the latter; a hand with cards counts them in the form
    its number takes."""
    app, scene = open_scene((1366, 768), [Seat("human")] * 2, first=0, lang="ru")
    put_position(app, scene, "1 action hens:3,6/7,0 feed:1grey,2grey,3grey,2brown,5brown,4brown,5green,4green,"
                             f"8gold,6gold hands:{hand}/3grey first:1 turns:30 blocked:4,5,8,10,13,14 variant:normal")
    assert scene.viewer() == 0
    with TextAudit() as audit:
        scene.dirty = True
        app.render()
    x, y, w, h = scene.geom.strip
    mine = scene._rect(scene.viewport, (x, y, w * 0.62, h))  # the others' hands are right of it
    said = [e.text for e in audit.placed() if mine.contains(pygame.Rect(e.rect))]
    counts = [t for t in said if "карт" in t and (any(c.isdigit() for c in t) or "нет" in t)]
    assert counts == (["карт на руке нет"] if count is None else [count]), said  # «скрыта» agrees with «1 карта»


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_another_seats_empty_hand_at_a_table_says_so_in_words(fast, monkeypatch, lang):
    """Mid-game at a table, a seat with no card showed a bare «×0» beside an empty outline in his
    strip (the end of the game already said "no cards"): it now says "no cards in hand"."""
    mid = OVER_4.replace("3 over", "1 action").replace(" winner:3", "").replace(" rolled:3", "").replace("hens:9,6/1,10/15,15/2,8",
                                                                                "hens:9,6/1,10/13,11/2,8")
    app, scene = open_scene((3840, 2160), [Seat("human")] * 4, first=0, table=True, lang=lang)
    put_position(app, scene, mid)
    assert scene.state.phase == "action" and scene.state.hand(1) == []
    _faces, audit = faces_and_texts(app, scene, monkeypatch)
    green = id(scene._strip_work[1])
    said = {e.text for e in audit.placed() if e.surface == green}
    assert tr("no cards in hand") in said and "×0" not in said, said


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_another_seats_empty_hand_in_the_window_says_what_the_table_says(fast, monkeypatch, lang):
    """In a window the strip under the board said «0 карт» / "0 cards" for another seat's empty
    hand, where the table's strip says "no cards in hand" (7fd1c1b): the window says the same,
    and the strip keeps its size."""
    mid = OVER_4.replace("3 over", "1 action").replace(" winner:3", "").replace(" rolled:3", "").replace(
        "hens:9,6/1,10/15,15/2,8", "hens:9,6/1,10/13,11/2,8")
    app, scene = open_scene((1366, 768), [Seat("human")] * 4, first=0, lang=lang)
    strip = tuple(scene.geom.strip)
    put_position(app, scene, mid)
    assert scene.state.phase == "action" and scene.state.hand(1) == [] and scene.viewer() == 0
    _faces, audit = faces_and_texts(app, scene, monkeypatch)
    said = {e.text for e in audit.placed()}
    assert tr("no cards in hand") in said, said
    assert not any(t.startswith("0 ") for t in said), said
    assert tuple(scene.geom.strip) == strip, "the strip does not change size when a hand empties"


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("size", [(1366, 768), (1024, 600)])
def test_another_seats_empty_hand_in_the_window_stands_where_the_others_cards_begin(fast, monkeypatch, lang, size):
    """In the window's strip another seat's "no cards in hand" began a gap to the right of where
    the other rows' card backs begin (as if after a card nobody saw), so it stood out of line
    under the hens: its words now begin where the other rows' hands begin."""
    from tabletop.games.chicken_chase import scene_draw

    mid = OVER_4.replace("3 over", "1 action").replace(" winner:3", "").replace(" rolled:3", "").replace(
        "hens:9,6/1,10/15,15/2,8", "hens:9,6/1,10/13,11/2,8")
    app, scene = open_scene(size, [Seat("human")] * 4, first=0, lang=lang)
    put_position(app, scene, mid)
    assert scene.viewer() == 0 and scene.state.hand(1) == [] and scene.state.hand(2)
    mark = (255, 0, 255)

    def marked(code, w, h, face_up, *rest, **kw):
        card = pygame.Surface((w, h))
        card.fill(mark)
        return card

    monkeypatch.setattr(scene_draw, "card_image", marked)
    with TextAudit() as audit:
        scene.dirty = True
        app.render()
    others = scene._rect(scene.viewport, scene.geom.others_area)
    screen = app.screen
    backs = min(x for x in range(others.left, others.right) for y in range(others.top, others.bottom, 2)
                if screen.get_at((x, y))[:3] == mark)
    words = [e for e in audit.placed() if e.text == tr("no cards in hand") and others.collidepoint(e.rect[:2])]
    assert len(words) == 1, [e.text for e in audit.placed()]
    assert abs(words[0].rect[0] - backs) <= 2, f"the words begin at x={words[0].rect[0]}, the card backs at x={backs}"

"""Chicken Chase as a new player meets it: the action prompt names only what the rules allow now,
an empty hand says so (and offers nothing to show), a table's action buttons say what they do,
and the start shows a prompt at once instead of a half-dealt table."""

from __future__ import annotations

import itertools
import random
import re

import pytest
from scene_input import instant_scenes

from tabletop.app import App, AppOptions
from tabletop.core import CHANCE
from tabletop.games import get_game
from tabletop.games.chicken_chase.moves import ChooseRoll, NoCard, PlayB, PlayC, PlayCard
from tabletop.i18n import set_language, tr
from tabletop.launch import Seat, new_session
from tabletop.ui.game_scene import make_scene
from tabletop.ui.text_audit import TextAudit

SPEC = get_game("chicken_chase")
KINDS = {"A": ChooseRoll, "B": PlayB, "C": PlayC}
WORDS = {"A": "A (roll dice)", "B": "B (cards summing ≤ 8 on one hen)", "C": "C (a card for each hen)"}


@pytest.fixture
def fast(tmp_path, monkeypatch):
    instant_scenes(monkeypatch, tmp_path)
    yield
    set_language("en")


def open_scene(size, seats, first=0, table=False, lang="en", seed=7):
    app = App(AppOptions(size=size, headless=True, mute=True, table=table, lang=lang))
    session = new_session(SPEC, app.store, len(seats), None, {}, seats, seed, first_player=first)
    scene = make_scene(app, session)
    ticks = itertools.count()
    scene.now = lambda: 1000.0 * next(ticks)
    app.push_scene(scene)
    return app, scene


def play_on(scene, choose):
    """One step by hand: the draw or roll when chance is due, else ``choose(state, legal moves)``."""
    session = scene.session
    state = session.state
    if state.current_player == CHANCE:
        session.roll()
    else:
        session.play(choose(state, state.legal_moves()))
    scene.on_state_changed()
    scene.state_version += 1
    scene.dirty = True


def to_empty_hand(scene):
    """Red plays both his starting cards with action C; Green rolls and plays no card; Red is to
    choose his action again, with no card in his hand (the reviewer's moment, shot G7)."""
    def choose(state, moves):
        if state.turn == 0:
            return next((m for m in moves if isinstance(m, (PlayC, PlayCard))), moves[0])
        return next((m for m in moves if isinstance(m, (ChooseRoll, NoCard))), moves[0])

    for _ in range(200):
        state = scene.state
        if state.phase == "action" and state.turn == 0 and state.turns > 0 and state.draws == []:
            break
        play_on(scene, choose)
    assert scene.state.phase == "action" and scene.state.hand(0) == []


def test_empty_hand_prompt_offers_only_the_roll_and_says_why(fast):
    """Laptop, English: with no card in hand the prompt still said "choose A (roll dice), B (cards
    summing ≤ 8 on one hen) or C (a card for each hen)" beside the greyed B and C."""
    app, scene = open_scene((1366, 768), [Seat("human"), Seat("human")])
    to_empty_hand(scene)
    assert not scene.mode_enabled("B") and not scene.mode_enabled("C")
    prompt = scene.prompt()
    assert prompt == tr("no cards in hand: choose {choices}.", choices=tr(WORDS["A"])), prompt
    assert "B (" not in prompt and "C (" not in prompt


def test_empty_hand_strip_says_no_cards_in_hand_and_has_nothing_to_show(fast):
    """The hand strip said "0 cards · hidden" and "no cards yet" to a player who had just played
    two, and its "Show my hand" stayed lit with nothing to show: now "0 cards", "no cards in hand",
    and neither a click on the control nor H turns anything up."""
    app, scene = open_scene((1366, 768), [Seat("human"), Seat("human")])
    to_empty_hand(scene)
    with TextAudit() as audit:
        app.render()
    texts = {e.text for e in audit.placed()}
    assert tr("no cards in hand") in texts and tr("no cards yet") not in texts, texts
    # it says so once: not also "0 cards" (nor "0 cards · hidden") beside it
    assert tr("{n} cards", n=0) not in texts and tr("{n} cards · hidden", n=0) not in texts, texts
    g = scene.geom
    x, y, w, h = g.show_button
    assert scene.hit((x + w / 2, y + h / 2)) != ("show", 0)
    scene.toggle_hand()  # what H and a click on the control do
    assert not scene.hand_shown()


@pytest.mark.parametrize("cards, words", [(2, "2 карты · скрыты"), (1, "1 карта · скрыта")])
def test_hidden_hand_agrees_with_its_count_in_russian(fast, cards, words):
    """Red's hidden hand of one card said «1 карта · скрыты» (the plural «скрыты» was fixed on
    whatever the count): the word for hidden now agrees with the count."""
    app, scene = open_scene((1366, 768), [Seat("human"), Seat("human")], lang="ru")

    def one_card(state, moves):
        return next((m for m in moves if isinstance(m, PlayB) and len(m.cards) == 1), moves[0])

    for _ in range(200):
        state = scene.state
        if state.phase == "action" and state.turn == 0 and not state.draws and len(state.hand(0)) == cards:
            break
        play_on(scene, one_card)
    assert len(scene.state.hand(0)) == cards and not scene.hand_shown()
    with TextAudit() as audit:
        app.render()
    texts = {e.text for e in audit.placed()}
    assert words in texts, texts


def test_action_prompt_names_exactly_the_legal_actions(fast):
    """Along random games of people: whenever a person chooses his action, the prompt names each
    of A, B and C exactly when the rules core has a move of that kind (a hand of one card: no C)."""
    app, scene = open_scene((1366, 768), [Seat("human")] * 3)
    rng = random.Random(3)
    seen = set()
    for _ in range(600):
        state = scene.state
        if state.current_player is None:
            break
        if state.phase == "action" and state.current_player != CHANCE:
            legal = [k for k, kind in KINDS.items() if any(isinstance(m, kind) for m in state.legal_moves())]
            prompt = scene.prompt()
            named = [k for k in "ABC" if tr(WORDS[k]) in prompt]
            assert named == legal, (prompt, legal)
            seen.add(tuple(legal))
        play_on(scene, lambda _s, moves: rng.choice(moves))
    assert ("A", "B") in seen or ("A",) in seen  # the prompts that used to offer too much


def russian_table_at_action(size=(3840, 2160)):
    app, scene = open_scene(size, [Seat("human")] * 4, table=True, lang="ru")
    while not (scene.state.phase == "action" and scene.state.current_player == 0):
        play_on(scene, lambda _s, moves: moves[0])
    scene.table_relayout()
    return app, scene


def test_table_action_buttons_say_what_they_do_in_russian(fast):
    """Table, Russian: the buttons said «A: бросок», «B: карты ≤ 8», «C: по карте» and the prompt
    «выберите A, B или C (что делает каждое — на кнопках)»: letters that are keys on a keyboard, and
    «по карте» never said it means a card for each of the two hens. Now they say it, the prompt
    names no letter, and no button's words are cut."""
    app, scene = russian_table_at_action()
    labels = [b.label for b in scene.table_buttons[0]][:3]
    assert labels == ["Бросить кубики", "Карты ≤ 8 для одной курицы", "По карте каждой курице"], labels
    prompt = scene.current_prompt()
    assert not re.search(r"\b[ABC]\b", prompt), prompt
    with TextAudit() as audit:
        app.render()
    assert not audit.cut(), [(e.wanted, e.text) for e in audit.cut()]


def test_the_start_shows_a_prompt_at_once_and_no_hand_of_none(tmp_path, monkeypatch):
    """Table, Russian, four players: for about three seconds after the start no strip said anything
    (the cards were dealt one a frame and nobody acts during a deal), and Yellow's and Blue's strips
    showed an empty slot with "×0" as if they had been dealt nothing. Now the deal (and the draw of
    the starter) is done before the first frame: the seat to act has its prompt at once and every
    hand holds its two cards."""
    monkeypatch.setenv("TABLETOP_DATA", str(tmp_path))  # the real deal and roll times
    app, scene = open_scene((3840, 2160), [Seat("human")] * 4, first=None, table=True, lang="ru")
    try:
        app.tick(0.0)  # one turn of the loop before its first frame
        state = scene.state
        assert not state.draws and state.phase == "setup", (state.phase, state.draws)
        assert all(len(state.hand(s)) == 2 for s in range(4))
        acting = scene.acting_seat()
        assert acting is not None and scene.seat_is_human(acting)
        with TextAudit() as audit:
            app.render()
        prompt = scene.current_prompt()
        assert prompt.startswith(scene.seat_name(acting) + ":"), prompt
        drawn = [e.text for e in audit.placed() if e.surface == id(scene._strip_work[acting])]
        assert any(t and t in prompt for t in drawn), (prompt, drawn)
        assert "×0" not in {e.text for e in audit.placed()}
    finally:
        set_language("en")


def test_a_hand_still_being_dealt_never_shows_a_count_of_none(fast):
    """A frame drawn while the cards are still being dealt (a frame before the loop ran): the strips
    of the hands not dealt yet say their cards are being dealt, never "×0"."""
    app, scene = open_scene((3840, 2160), [Seat("human")] * 4, table=True, lang="ru")
    assert all(any(d[0] < 0 and d[1] == s for d in scene.state.draws) for s in range(4))  # none dealt yet
    with TextAudit() as audit:
        app.render()
    texts = [e.text for e in audit.placed()]
    assert "×0" not in texts
    assert sum(tr("cards being dealt…") in t for t in texts) >= 1, texts


@pytest.mark.parametrize("size", [(3840, 2160), (1920, 1080), (1366, 768)])
@pytest.mark.parametrize("scale", [1.0, 1.3])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_table_action_words_stay_whole_in_every_strip(fast, players, scale, size):
    """The longer Russian action words at 100% and 130% text, on a 4K, a full-HD and a laptop-sized
    table, 2–4 players: every strip keeps its Menu and the acting one its prompt, and no text
    anywhere (the three buttons' words above all) is cut."""
    from test_table_strip_keeps_menu import lost_parts

    app = App(AppOptions(size=size, headless=True, mute=True, table=True, lang="ru"))
    app.ui_scale = scale
    session = new_session(SPEC, app.store, players, None, {}, [Seat("human")] * players, 7, first_player=0)
    scene = make_scene(app, session)
    app.push_scene(scene)
    while not (scene.state.phase == "action" and scene.state.current_player == 0):
        play_on(scene, lambda _s, moves: moves[0])
    for shown in (False, True):
        if scene.hand_shown() != shown:
            scene.toggle_hand()
        assert lost_parts(scene, size) == []
        labels = [b.label for b in scene.table_buttons[0]][:3]
        assert labels == [tr("Roll the dice"), tr("Cards ≤ 8 on one hen"), tr("A card for each hen")]
        with TextAudit() as audit:
            scene.dirty = True
            app.render()
        assert not audit.cut(), [(e.wanted, e.text) for e in audit.cut()]
        drawn = " ".join(e.text for e in audit.placed() if e.surface == id(scene._strip_work[0]))
        assert all(word in drawn for label in labels for word in label.split(" ")), (labels, drawn)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_table_prompts_never_point_to_the_action_letters(fast, lang):
    """At a table the buttons carry no letters, so no prompt names one: not the choice, nor the
    steps of B and C («C: коснитесь карты…»), nor C's second card, along random games."""
    app, scene = open_scene((1920, 1080), [Seat("human")] * 3, table=True, lang=lang)
    rng = random.Random(5)
    letters = re.compile(r"(?<![\w+])[ABC](?![\w])")
    seen = set()
    for _ in range(500):
        state = scene.state
        if state.current_player is None:
            break
        if state.current_player != CHANCE:
            probes = [""] + ([m for m in "BC" if scene.mode_enabled(m)] if state.phase == "action" else [])
            for mode in probes:
                if mode:
                    scene.choose_mode(mode)
                    seen.add(mode)
                for pick in (None, 0):
                    if pick is not None and scene.hand():
                        scene.click_card(pick)
                    prompt = scene.current_prompt()
                    assert not letters.search(prompt), prompt
                scene.cancel_selection()
            seen.add(state.phase)
        play_on(scene, lambda _s, moves: rng.choice(moves))
    assert {"B", "C", "c_second", "card"} <= seen, seen


@pytest.mark.parametrize("size", [(3840, 2160), (1366, 768)])
def test_table_empty_hand_prompt_sends_to_the_roll_in_its_words(fast, size):
    """At a table, with no card in hand, the prompt names the one button that works by its words,
    and the strip keeps it whole."""
    from test_table_strip_keeps_menu import lost_parts

    app, scene = open_scene(size, [Seat("human"), Seat("human")], table=True, lang="ru")
    to_empty_hand(scene)
    assert scene.prompt() == "карт на руке нет: коснитесь «Бросить кубики»."
    assert lost_parts(scene, size) == []


def test_a_card_won_keeps_the_turn_players_strip_and_prompt(tmp_path, monkeypatch):
    """Three own chicks on a field take its card, and a new card is drawn for that field: while the
    won card flew to the hand (a second) the state waited for that draw, nobody acted, and the
    turn player's strip lost its prompt and buttons (the window said "Dealing…"). Now his strip
    stays lit and says what happens."""
    monkeypatch.setenv("TABLETOP_DATA", str(tmp_path))  # the real flight time
    from tabletop.games.chicken_chase.moves import Place

    app, scene = open_scene((1920, 1080), [Seat("human")] * 2, table=True)
    scene.now = __import__("time").monotonic
    rng = random.Random(2)
    for _ in range(3000):
        state = scene.state
        if state.current_player is None:
            pytest.skip("no card won in this game")
        if state.current_player != CHANCE:
            moves = state.legal_moves()
            winning = []
            for m in moves:
                if isinstance(m, Place):
                    after = state.copy()
                    after.apply(m)
                    if after.draws:
                        winning.append(m)
            if winning:
                seat = state.turn
                assert scene.play(winning[0])
                break
            play_on(scene, lambda _s, ms: rng.choice(ms))
        else:
            play_on(scene, lambda _s, ms: ms[0])
    assert scene.state.current_player == CHANCE and scene.animating()
    scene.table_relayout()
    assert scene.acting_seat() == seat
    prompt = scene.current_prompt()
    assert prompt.startswith(scene.seat_name(seat) + ":") and prompt != tr("Dealing…"), prompt
    assert scene._prompt_fits(scene.table_parts[seat])


@pytest.mark.parametrize("players", [3, 4])
def test_a_crowded_russian_band_still_says_the_choice(fast, players):
    """130% text on a 4K table: the action buttons' words took the band's room and the prompt fell
    back to «Красный: ваш ход.»; a shorter form says the choice (dice or cards) instead."""
    app = App(AppOptions(size=(3840, 2160), headless=True, mute=True, table=True, lang="ru"))
    app.ui_scale = 1.3
    session = new_session(SPEC, app.store, players, None, {}, [Seat("human")] * players, 4, first_player=0)
    scene = make_scene(app, session)
    app.push_scene(scene)
    while not (scene.state.phase == "action" and scene.state.current_player == 0):
        play_on(scene, lambda _s, moves: moves[0])
    scene.table_relayout()
    lines, _size = scene.fit_prompt(scene.fitted_prompts(), scene.table_parts[0].prompt)
    shown = " ".join(lines)
    assert shown != tr("{name}: your turn.", name=scene.seat_name(0)), shown
    assert "кубики" in shown, shown


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_prompt_never_leaves_a_number_alone_on_a_line(fast, lang):
    """A 4K band wrapped the prompt as "Red: die 3: tap feed field" / "3.": the number away from
    the field it names. Fields, dice, cards, hens and rolls keep their numbers by no-break spaces,
    at every width the prompt may wrap to."""
    from tabletop.ui import theme

    open_scene((1366, 768), [Seat("human"), Seat("human")])  # the fonts
    set_language(lang)
    texts = [tr("{head}: tap feed field {total}.", head=tr("die {n}", n=3), total=3),
             tr("{head}: click feed field {total}.", head=tr("die {n}", n=6), total=6),
             tr("setup: a chick on a lit field 1–4."),
             tr("{name}: a chick on a lit field 1–4 ({left} left).", name="Red", left=1),
             tr("setup: put a chick on a lit feed field 1–4 ({left} left to place).", left=2),
             tr("{name}: a new card is laid on feed field {field}…", name="Red", field=7),
             tr("tap hen {hens} to move it first.", hens="1" + tr(" or ").replace(" ", "\u00a0") + "2"),
             tr("card {value}: tap hen {hens} (ring = where it lands).", value=3, hens="2"),
             tr("{nth}: tap dice, then a lit field; or Done.", nth=tr("roll {k} of 3", k=2))]
    for text in texts:
        for width in range(40, 1400, 5):
            lines = theme.wrap(text, 40, width, bold=True)
            for line in lines[1:]:
                assert not re.match(r"\d", line), (width, lines)


@pytest.mark.parametrize("players", [3, 4])
def test_a_band_on_turn_never_says_only_your_turn_where_the_prompt_fits(fast, players):
    """4K table, Russian, two people and computers: after his roll the player at the top (a band:
    two buttons and his hand beside the prompt) read only «Жёлтый: ваш ход.»: the band looked for
    a form that fits its middle first, and the bare fallback did, though the whole prompt (play a
    card: tap your hand to see it) fitted the band. Now the band says what to do wherever a form of
    the game's own prompt fits it."""
    seats = [Seat("human"), Seat("ai", "easy"), Seat("human"), Seat("ai", "easy")][:players]
    app, scene = open_scene((3840, 2160), seats, first=1, table=True, lang="ru", seed=4)
    rng = random.Random(5)
    checked = 0
    for _ in range(400):
        state = scene.state
        if state.current_player is None:
            break
        scene.table_relayout()
        seat = scene.acting_seat()
        parts = scene.table_parts.get(seat) if seat in (0, 2) else None
        if state.current_player != CHANCE and parts is not None and parts.mode == "band" \
                and any(scene.fit_prompt([form], parts.prompt) for form in scene.table_prompts()):
            with TextAudit() as audit:
                app.mark_dirty()
                app.render()
            shown = [e.text for e in audit.placed() if e.text.startswith(scene.seat_name(seat) + ":")]
            assert shown and tr("{name}: your turn.", name=scene.seat_name(seat)) not in shown, (state.phase, shown)
            checked += 1
        play_on(scene, lambda _s, moves: rng.choice(moves))
    assert checked >= 5


@pytest.mark.parametrize("lang, size", [("ru", (1366, 768)), ("ru", (1024, 600)), ("en", (1024, 600)), ("en", (1366, 768)), ("ru", (1920, 1080)), ("ru", (3840, 2160)), ("en", (3840, 2160))])
def test_show_and_hide_my_hand_are_set_alike(fast, lang, size):
    """The hand's control said «Показать мои / карты» on two lines and, turned up, «Скрыть мои
    карты» on one in smaller type (1366x768, Russian): its words changed size at each click. Both
    labels now take the same lines and the same type."""
    app, scene = open_scene(size, [Seat("human"), Seat("human")], lang=lang)
    while scene.state.current_player == CHANCE or scene.state.phase != "action":
        play_on(scene, lambda state, moves: moves[0])
    seen = []
    for _ in range(2):
        with TextAudit() as audit:
            app.render()
        words = tr("Hide my hand") if scene.hand_shown() else tr("Show my hand")
        parts = [e for e in audit.placed() if len(e.text) > 2 and e.text.replace("  [H]", "") in words]
        assert parts, [e.text for e in audit.placed()]
        seen.append((len(parts), {e.size for e in parts}))
        scene.toggle_hand()
    assert seen[0] == seen[1], seen

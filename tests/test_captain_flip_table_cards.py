"""Captain Flip at a table of three: every captain's strip carries his own score card (the score
if the game ended now and its parts, his columns and Gunners, the Map), and while he waits his
ship, upright for him. Two of the three strips were mostly blank."""

from __future__ import annotations

import pygame
import pytest
from scene_input import instant_scenes

import tabletop.launch
from tabletop.app import App, AppOptions
from tabletop.games import get_game
from tabletop.games.captain_flip import scene_draw as sd
from tabletop.games.captain_flip import scene_text as txt
from tabletop.games.captain_flip.rules import PLACE
from tabletop.i18n import set_language, tr
from tabletop.launch import Seat
from tabletop.ui.game_scene import make_scene
from tabletop.ui.text_audit import TextAudit

SPEC = get_game("captain_flip")


@pytest.fixture(autouse=True)
def quick(monkeypatch, tmp_path):
    instant_scenes(monkeypatch, tmp_path)
    yield
    set_language("en")


def start(size, lang, seats, moves=12):
    app = App(AppOptions(size=size, headless=True, mute=True, table=True, lang=lang))
    session = tabletop.launch.new_session(SPEC, app.store, len(seats), "A", {}, seats, 4)
    for _ in range(200):
        if len(session.played) >= moves and session.state.phase == PLACE:
            break
        tabletop.launch.advance(session, 1)
    scene = make_scene(app, session)
    scene.over_shown = True
    app.push_scene(scene)
    app.render()
    return app, scene


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("size", [(1366, 768), (3840, 2160), (1024, 600)])
def test_three_captains_strips_each_show_their_score_card_and_waiting_ships(size, lang):
    """Every strip, deep (a stack) or wide (rows, a small screen's side seat), has the card; the
    deep strips of captains who wait show their ships under it."""
    app, scene = start(size, lang, [Seat("human")] * 3)
    with TextAudit() as audit:
        scene.dirty = True
        app.render()
    m = scene.metrics
    actor = scene.acting_seat()
    shown_ships = 0
    for panel in scene.table_panels:
        seat = panel.seat
        parts = scene.table_parts[seat]
        if parts.mode == "band":  # a thin band: the coins in the head say it (no room for a card)
            assert not parts.extra.h and size == (1024, 600)
            continue
        if seat == actor and not parts.extra.h:  # a shallow strip on turn: the prompt and buttons
            continue                             # take it (the middle's score strip faces him)
        assert parts.extra.h > 0, (seat, parts.extra)
        surface = id(scene._strip_work[seat])
        texts = [e for e in audit.placed() if e.surface == surface]
        words = " ".join(e.text for e in texts)
        score = int(scene.obs.score_breakdown()[seat]["shown"])
        head = txt.seat_lines(scene.obs, seat)[0][0]
        assert head == tr("Your score if the game ended now: {n}", n=score)  # his own, not the actor's
        assert head.startswith("Your score" if lang == "en" else "Ваш счёт")
        assert " ".join(head.split()) in words, (seat, words)  # whole, maybe on two lines
        inside = [e for e in texts if parts.extra.contains(pygame.Rect(e.rect))]
        assert inside, seat
        if seat != actor:
            assert (scene.seat_name(actor) + tr(" — to play")) in words
            # the ship below the words, when the strip is deep enough for one
            card = {t for line in scene.seat_card_rows(seat, parts.extra.w) for t, *_ in line}
            rows = [e for e in inside if e.text in card]
            below = parts.extra.bottom - max(e.rect[1] + e.rect[3] for e in rows)
            if parts.mode == "stack" and below >= int(1.8 * m.button_h):
                shown_ships += 1
    if size != (1024, 600):
        assert shown_ships >= 1  # the deep strips of the waiting captains show their ships
    assert not audit.cut(), [(e.wanted, e.text) for e in audit.cut()]
    assert not audit.outside(), [(e.text, e.rect, e.box) for e in audit.outside()]
    assert not audit.smaller_than(m.small)


def test_the_strip_keeps_its_height_when_the_turn_passes_among_the_waiting():
    """A waiting captain's card is as tall whoever else is on turn (no strip jumps)."""
    app, scene = start((1366, 768), "en", [Seat("human")] * 3)
    waiting = [p for p in scene.table_panels if p.seat != scene.acting_seat()]
    sizes = {p.seat: scene.table_extra_size(p.seat, p) for p in waiting}
    scene.session.play(scene.state.legal_moves()[0])
    scene.on_state_changed()
    for p in waiting:
        if p.seat != scene.acting_seat():
            assert scene.table_extra_size(p.seat, p) == sizes[p.seat]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_computers_score_card_names_its_ship_not_you(lang):
    """A computer's strip said "Your score if the game ended now" (Russian «Ваш счёт…») to the
    table as a person's does to its owner: nobody sits at a computer's edge. Its card names the
    ship, as the score strip under the large board does; a person's card still says "your"."""
    app, scene = start((3840, 2160), lang, [Seat("human"), Seat("ai", "easy"), Seat("ai", "hard")])
    for seat in range(3):
        score = int(scene.obs.score_breakdown()[seat]["shown"])
        lines = [text for text, *_ in scene.seat_card_lines(seat)]
        if seat == 0:
            assert tr("Your score if the game ended now: {n}", n=score) in lines
            continue
        name = scene.seat_name(seat)
        assert tr("{name}: score if the game ended now {n}", name=name, n=score) in lines, lines
        your = ("your", "you ") if lang == "en" else ("ваш", "у вас")
        assert not any(w in text.lower() for text in lines for w in your), lines
    scene.obs.map_holder = 2  # the Map's line says whose it is, too
    held = tr("{name} holds the Treasure Map (+1 coin after each of its turns).", name=scene.seat_name(2))
    assert held in [text for text, *_ in scene.seat_card_lines(2)]
    assert held.startswith(scene.seat_name(2)) and held != "{name} holds the Treasure Map (+1 coin after each of its turns)."


def test_the_captain_on_turn_reads_his_prompt_above_his_score():
    """In the strip of the captain on turn his score line was set as large and bold as his prompt
    (what to do now): it is bold in the small type there, and stays in the body type in the
    strips of those who wait."""
    app, scene = start((3840, 2160), "en", [Seat("human"), Seat("human"), Seat("human")])
    m = scene.metrics
    actor = scene.acting_seat()
    for seat in range(3):
        drawn: list = []
        real = sd.seat_card_rows

        def spy(lines, width, head, small, real=real, drawn=drawn, **kw):
            drawn.append(head)
            return real(lines, width, head, small, **kw)

        sd.seat_card_rows = spy
        try:
            panel = next(p for p in scene.table_panels if p.seat == seat)
            scene.draw_seat_extra(pygame.Surface((600, 600)), pygame.Rect(0, 0, 600, 600), seat, seat == actor)
            scene.table_extra_size(seat, panel)
        finally:
            sd.seat_card_rows = real
        assert drawn and set(drawn) == {m.small if seat == actor else m.body}, (seat, actor, drawn)


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize(("size", "players"), [((1366, 768), 3), ((1920, 1080), 4), ((3840, 2160), 3),
                                                ((1366, 768), 5), ((1024, 600), 4)])
def test_a_waiting_strip_says_whose_turn_it_is_in_bold_body_type_behind_his_piece(size, lang, players):
    """A waiting captain's card said "Yellow — to play" in the small type, between the last
    events and his bold score: from across a table the line he looks for most was the least
    readable. Now it is bold in the body type (as the prompt of the captain on turn), after that
    captain's piece, whole, and overlapping nothing in the strip."""
    app, scene = start(size, lang, [Seat("human")] * players)
    with TextAudit() as audit:
        scene.dirty = True
        app.render()
    m = scene.metrics
    actor = scene.acting_seat()
    line = scene.seat_name(actor) + tr(" — to play")
    rgb = scene.player_rows()[actor].style().rgb
    waiting = 0
    for panel in scene.table_panels:
        seat, parts = panel.seat, scene.table_parts[panel.seat]
        if seat == actor or not parts.extra.h:
            continue
        waiting += 1
        surface = id(scene._strip_work[seat])
        drawn = [e for e in audit.placed() if e.surface == surface]
        turn = [e for e in drawn if e.text in line and parts.extra.contains(pygame.Rect(e.rect))]
        assert " ".join(e.text for e in turn) == line, [e.text for e in drawn]
        assert all(e.size >= m.body for e in turn), [(e.text, e.size, m.body) for e in turn]
        rows = scene.seat_card_rows(seat, parts.extra.w)
        assert all(bold and px >= m.body for _t, px, bold, _w in rows[0]), rows[0]
        assert not [(a.text, b.text) for a, b in audit.overlaps() if a.surface == surface and (a in turn or b in turn)]
        # the piece of the captain on turn before the words, level with them
        x, y = parts.extra.x, turn[0].rect[1]
        work = scene._strip_work[seat]
        piece = [(px, py) for px in range(x, turn[0].rect[0]) for py in range(y, y + turn[0].rect[3])
                 if all(abs(a - b) <= 24 for a, b in zip(work.get_at((px, py))[:3], rgb, strict=True))]
        assert len(piece) >= (turn[0].rect[3] // 3) ** 2, (seat, len(piece))
    assert waiting
    assert not audit.cut(), [(e.wanted, e.text) for e in audit.cut()]
    assert not audit.outside(), [(e.text, e.rect, e.box) for e in audit.outside()]

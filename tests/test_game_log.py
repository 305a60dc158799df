"""The game log people read: every kind of move of every game gets a line that names the mover
as the players list does and says from where to where (board numbering as the board shows it),
every card or coin won is there, each line carries the mover's colour and symbol, a rule sets off
each turn, the type is at least 14 px at 1366×768, and the whole log opens large."""

from __future__ import annotations

import re

import pygame
import pytest
from feedback_helpers import play_out, start
from scene_input import click, instant_scenes

from tabletop.launch import Seat
from tabletop.ui import text_audit
from tabletop.ui.game_scene import log_size
from tabletop.ui.log_overlay import LogOverlay
from tabletop.ui.widgets import ARROW, LogPanel


@pytest.fixture(autouse=True)
def quick(monkeypatch, tmp_path):
    instant_scenes(monkeypatch, tmp_path)


def lines_by_kind(scene, history) -> dict[str, list[tuple[str, int | None]]]:
    """Move kind → the log lines its moves produced (text, seat), matched up in order."""
    texts = [(e.text, e.seat) for e in scene.log.entries if not e.rule]
    out: dict[str, list[tuple[str, int | None]]] = {}
    k = 0
    for before, move, _seat in history:
        said = scene.log_lines(before, move, None)[0][1]  # (flips a move forced follow on lines of their own)
        while k < len(texts) and texts[k][0] != said and not texts[k][0].endswith(said):
            k += 1
        assert k < len(texts), f"no log line for {move} ({said!r})"
        out.setdefault(type(move).__name__, []).append(texts[k])
        k += 1
    return out


def check_names(scene, lines, kinds) -> None:
    for kind in kinds:
        assert kind in lines, f"no {kind} move was played"
        for text, seat in lines[kind]:
            assert seat is not None and text.startswith(scene.seat_name(seat)), (kind, text)
            assert ARROW in text, f"{kind}: no from->to in {text!r}"


def test_trap_the_cap_says_from_where_to_where_in_field_names():
    app, scene = start("trap_the_cap", players=3, seed=3)
    history = play_out(app, scene, limit=600)
    lines = lines_by_kind(scene, history)
    check_names(scene, lines, ["Move"])
    ids = set(scene.state.rules.topology.names)
    for text, _ in lines["Move"]:
        route = text.split(": ", 1)[1].split(" — ")[0]
        for place in route.split(ARROW):
            assert place not in ids and re.search(r"hideout|corner|spoke|centre|–", place), (place, text)
    assert all(text.startswith(scene.seat_name(seat)) for text, seat in lines["Roll"])


def test_plakoto_writes_a_step_as_its_move_notation_in_the_movers_numbering_whichever_way_the_board_faces():
    """Plakoto's steps read as the rules' notation, the hint and the review write them ("24/20",
    the mover's numbering), not from->to on the printed numbers, a whole turn one line that names
    the mover and his roll ("Black 6-4: 24/20 24/18"); the other lines as above."""
    app, scene = start("plakoto", [Seat("ai", "random"), Seat("human")], seed=4)  # the human is Black
    assert scene.bottom_seat() == 1, "the board faces the only person"
    history = play_out(app, scene, limit=300)
    steps = [(b, m) for b, m, s in history if type(m).__name__ == "Step"]
    assert {b.turn for b, _ in steps} == {0, 1}
    for before, move in steps:
        assert scene.describe(before, move).startswith(f"{scene.seat_name(before.turn)}: {move}")
    names = [scene.seat_name(s) for s in (0, 1)]
    turn_lines = [e for e in scene.log.entries if not e.rule and "/" in e.text]
    texts = [e.text for e in turn_lines]
    k, turns = 0, 0
    for (before, move), previous in zip(steps, [None, *steps[:-1]], strict=True):
        if previous is not None and previous[0].turn == before.turn and previous[0].dice == before.dice \
                and len(previous[0].left) == len(before.left) + 1:
            continue  # a later step of the same turn
        theirs = []  # the turn's steps
        for b, m in steps[steps.index((before, move)):]:
            if theirs and (b.turn != before.turn or len(b.left) != len(before.left) - len(theirs)):
                break
            theirs.append(m)
        said = before.describe_turn(theirs, names)
        while k < len(texts) and texts[k] != said:
            k += 1
        assert k < len(texts), (said, texts)
        entry = turn_lines[k]
        assert entry.seat == before.turn and said.startswith(names[before.turn]) and ARROW not in said
        k, turns = k + 1, turns + 1
    assert len(texts) == turns, "one line a turn"
    texts = [e.text for e in scene.log.entries]
    scene.flip_board()
    assert [e.text for e in scene.log.entries] == texts, "turning the board rewords nothing"


def test_captain_flip_logs_every_coin_and_who_earned_it():
    app, scene = start("captain_flip", players=3, variant="A", seed=6)
    history = play_out(app, scene)
    lines = lines_by_kind(scene, history)
    for kind in ("Place", "Choice"):
        for text, seat in lines[kind]:
            assert text.startswith(scene.seat_name(seat)), text
    gains = [t for t, _ in lines["Place"] + lines.get("FlipAt", []) if re.search(r"[+-]\d", t)]
    assert gains, "coins earned by placing or flipping are logged"
    # the coins each line says were earned add up to the coins each seat has at the end
    from tabletop.games.captain_flip.ledger import coins_by_source

    totals = coins_by_source(scene.session)
    for seat in range(scene.state.num_players):
        assert sum(totals[seat].values()) == scene.state.coins[seat]


def test_chicken_chase_logs_chicks_hens_pushes_and_cards_won():
    app, scene = start("chicken_chase", players=3, seed=2)
    history = play_out(app, scene, limit=390)  # (the scene keeps its last 400 moves)
    lines = lines_by_kind(scene, history)
    check_names(scene, lines, ["Place", "SetupChick"])
    hen_moves = lines.get("PlayCard", []) + lines.get("PlayB", []) + lines.get("PlayC", [])
    assert hen_moves
    for text, seat in hen_moves:
        # a hen's move, or why a blocked field kept it where it was
        assert text.startswith(scene.seat_name(seat)) and re.search(
            r"hen \d: (Start|\d+)->\d+|hen \d stays on (Start|\d+): field \d+ is blocked", text), text
    assert any("wins the" in t for t, _ in lines["Place"]), "a card won on the feed strip is logged"
    assert any("pushes" in t for t, _ in hen_moves), "a pushed hen is logged"


def test_log_lines_carry_the_movers_look_and_turns_are_set_apart():
    app, scene = start("trap_the_cap", players=2, seed=3)
    play_out(app, scene, limit=40)
    entries = scene.log.entries
    movers = [e for e in entries if e.seat is not None]
    assert movers
    for e in movers:
        st = scene.seat_style(e.seat)
        assert (e.colour, e.symbol) == (st.rgb, st.symbol)
    for a, b in zip(entries, entries[1:], strict=False):
        if a.seat is not None and b.seat is not None and a.seat != b.seat:
            raise AssertionError(f"no rule between {a.text!r} and {b.text!r}")
    assert any(e.rule for e in entries)
    last = scene.log.last(3)
    assert [e.text for e in last] == [e.text for e in entries if not e.rule][-3:], "short views read the newest"


def test_the_log_type_is_readable_and_the_whole_log_opens_large():
    app, scene = start("plakoto", seed=4)
    play_out(app, scene, limit=60)
    assert log_size(scene.metrics) >= 14
    with text_audit.TextAudit() as audit:
        app.mark_dirty()
        app.render()
    logged = {e.text for e in scene.log.entries}
    sizes = [d.size for d in audit.placed() if any(d.text and d.text in t for t in logged)]
    assert sizes and min(sizes) >= 14, sizes
    click(app, scene.log.button.center)
    assert isinstance(app.top, LogOverlay)
    app.render()
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEUP, mod=0, unicode=""))
    assert app.top.scroll > 0
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    assert app.top is scene
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_l, mod=0, unicode="l"))
    assert isinstance(app.top, LogOverlay)


def test_arrows_are_drawn_and_long_lines_wrap_inside_the_card():
    pygame.font.init()
    log = LogPanel()
    log.add("White: 24" + ARROW + "18, pinning a black checker, freeing the white checker below", seat=0,
            colour=(240, 236, 226), symbol="circle")
    surface = pygame.Surface((300, 200))
    with text_audit.TextAudit() as audit:
        log.draw(surface, pygame.Rect(0, 0, 300, 200), 15)
    drawn = [d for d in audit.placed() if d.text]
    assert all(ARROW not in d.text for d in drawn), "the arrow is drawn, not written"
    assert all(d.rect[0] + d.rect[2] <= 300 for d in drawn)
    assert len({d.rect[1] for d in drawn}) >= 2, "the long line wrapped"


def test_the_log_heading_names_every_game_s_options_not_at_their_default():
    """So a log read later says which game was played: the variant, then each option the menu
    shows for it that is not at its default, as the menu names it."""
    def heading(game, **kw):
        _, scene = start(game, **kw)
        return scene.log.entries[0].text

    assert heading("captain_flip") == "Captain Flip — Board A: The pirate ship"
    assert heading("captain_flip", options={"dolphin": "on"}) == "Captain Flip — Board A: The pirate ship; Dolphin tile: on"
    assert heading("trap_the_cap", options={"colours": "green,blue", "turn_limit": "200"}) == \
        "Trap the Cap — Offensive; Colours: green,blue"
    assert heading("chicken_chase", players=3, variant="custom",
                   options={"blocked": "3,9", "card_rule": "any_three"}) == \
        "Chicken Chase — Custom; Who takes a card: any three chicks; Blocked fields: 3,9"
    assert heading("chicken_chase", players=3, variant="custom", options={"blocked": "5,12"}) == \
        "Chicken Chase — Custom"


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_undos_in_a_row_are_one_counted_line_not_the_same_line_stacked(monkeypatch, lang):
    """Seen in a real window: three Undos wrote «Ход отменён.» three times, one under another.
    They read as one line that counts them; a move played after it starts the count anew."""
    from tabletop.games.plakoto.rules import PlakotoState, Roll, Step
    from tabletop.i18n import set_language

    app, scene = start("plakoto", [Seat("human"), Seat("human")], options={"match": "1"}, lang=lang)
    try:
        state = PlakotoState.from_notation("w - 1:b15 24:w15 off:w0,b0 start:w")
        scene.session.state, scene.session.initial = state, state.copy()
        scene._changed()
        monkeypatch.setattr(state, "sample_chance", lambda rng: Roll(6, 6))
        scene.roll()
        scene.timers.skip()
        scene.update(0.0)
        for _ in range(3):
            assert scene.play(Step(24, 18, 6))
        texts = lambda: [e.text for e in scene.log.entries if not e.rule]  # noqa: E731
        before = len(texts())
        for _ in range(3):
            scene.undo()
        said = ["3 moves taken back."] if lang == "en" else ["Отменены 3 хода."]
        assert texts()[before:] == said and len(texts()) == before + 1
        assert scene.play(Step(24, 18, 6))
        scene.undo()
        assert texts()[-1] == ("Move taken back." if lang == "en" else "Ход отменён."), "a new count after a move"
        app.render()
    finally:
        set_language("en")


def test_the_counted_undo_line_has_the_right_russian_form_for_each_number():
    from tabletop.i18n import set_language
    from tabletop.ui.game_scene import taken_back

    assert [taken_back(n) for n in (1, 2, 5)] == ["Move taken back.", "2 moves taken back.", "5 moves taken back."]
    set_language("ru")
    try:
        assert [taken_back(n) for n in (1, 2, 4, 5, 11, 12, 21, 22, 25)] == [
            "Ход отменён.", "Отменены 2 хода.", "Отменены 4 хода.", "Отменено 5 ходов.", "Отменено 11 ходов.",
            "Отменено 12 ходов.", "Отменён 21 ход.", "Отменены 22 хода.", "Отменено 25 ходов."]
    finally:
        set_language("en")

"""Plakoto's hint and game review, as a player meets them: the hint (H or its button) shows the
best legal turns, best first, from the ``hard`` player's own analysis, and goes as soon as the
position changes; the review rates every turn of each person against the best (never a negative
loss), lists the biggest errors first, is offered on the end card and in the replay viewer, and
its keys move through the rows and lead back. Both fit in English and Russian, in a window and at a
table. The real-loop checks (no stale frame) are in ``test_plakoto_coach_live.py``.

The games are short races from a bearing-in position (a few turns each), reviewed with a small
search budget: the screens are what is tested here, not the strength of the search.
"""

from __future__ import annotations

import json

import pygame
import pytest
from coach_helpers import RACE, REVIEW_BUDGET, finished_race, race_scene, until
from scene_input import instant_scenes
from text_fit import audit_top, problems, readable, report

from tabletop.games.plakoto.ai_review import review_game
from tabletop.games.plakoto.ai_search import analyse
from tabletop.games.plakoto.review_scene import ReviewScene
from tabletop.games.plakoto.review_turns import ReviewCache, entries, plan_turns, review_turn
from tabletop.games.plakoto.rules import PlakotoState, steps_text
from tabletop.games.plakoto.scene_legend import decimal
from tabletop.i18n import set_language, tr
from tabletop.ui.replay import ReplayScene, read_replay
from tabletop.ui.results import ResultOverlay


@pytest.fixture(autouse=True)
def quick(monkeypatch, tmp_path):
    instant_scenes(monkeypatch, tmp_path)
    yield
    set_language("en")


def key(app, k: int) -> None:
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))


def to_move(app, scene) -> None:
    """Roll for the person and wait until he is to choose a turn."""
    until(app, lambda: scene.can_roll() or (scene.state.phase == "move" and scene.human_to_move()))
    if scene.can_roll():
        scene.roll()
    until(app, lambda: scene.state.phase == "move" and scene.human_to_move())


def legal_sequence(state: PlakotoState, steps) -> bool:
    s = state.copy()
    for step in steps:
        if step not in s.legal_moves():
            return False
        s.apply(step)
    return True


@pytest.mark.parametrize("table", [False, True], ids=["window", "table"])
def test_the_hint_shows_the_best_legal_turns_best_first_and_goes_when_the_position_changes(table):
    app, scene = race_scene(table=table)
    to_move(app, scene)
    assert scene.hint_available()
    labels = ([b.label for b in scene.table_buttons[scene.acting_seat()]] if table
              else [b.label for b in scene.buttons.buttons])
    assert "Hint" in labels
    key(app, pygame.K_h)
    until(app, lambda: scene.hint.shown)
    ranked = scene.hint.ranked
    state = scene.state
    legal = {t.key for t in state.legal_turns()}
    assert 1 <= len(ranked) <= 3
    assert len(ranked) == min(3, len(legal))
    for a in ranked:
        assert a.turn.key in legal and legal_sequence(state, a.turn.steps)
    assert len({a.turn.key for a in ranked}) == len(ranked), "three different turns"
    assert [a.turn.key for a in ranked] == [a.turn.key for a in analyse(state)[:3]], "the hard player's ranking"
    values = [(a.ply, a.value) for a in ranked]
    assert values == sorted(values, key=lambda v: (-v[0], -v[1])), "best first"
    rows = scene.hint.rows(str)
    assert [r.shown.label for r in rows] == [str(k + 1) for k in range(len(ranked))]
    assert len({r.shown.colour for r in rows}) == len(rows), "each turn its own colour"
    with_audit = audit_top(app)
    drawn = " ".join(d.text for d in with_audit.placed())
    assert ("Hint: the best turns" in drawn) != table, "at a table the strip shows the turns without the heading"
    assert rows[0].turn in drawn
    assert f"{round(100 * ranked[0].win)}%" in drawn
    assert scene.play(ranked[0].turn.steps[0])
    app.tick(0.0)
    assert not scene.hint.active, "a move hides the hint of the position before it"


def test_in_a_window_the_hint_button_keeps_its_place_so_the_buttons_under_it_never_jump():
    app, scene = race_scene()
    until(app, scene.can_roll)
    app.tick(0.0)

    def places():
        return {b.label: (b.rect.topleft, b.enabled) for b in scene.buttons.buttons}

    before = places()
    assert before["Hint"][1] is False, "greyed before the roll"
    to_move(app, scene)
    app.tick(0.0)
    after = places()
    assert after["Hint"][1] is True
    for label in ("Hint", "Flip board", "Undo"):
        assert before[label][0] == after[label][0], label


def test_in_a_match_the_hint_shows_the_chance_to_win_the_match_it_ranks_by():
    """In a match the turns are ranked by the chance to win the match, so that is the last column
    (game points would look out of order): 'Match', a percentage, never rising down the table."""
    from tabletop.games.plakoto.scene_legend import percent

    app, scene = race_scene()
    position = PlakotoState.from_notation(RACE.replace("match:0-0/1", "match:3-4/5"))
    scene.session.state = position
    scene.session.initial = position.copy()
    scene._changed()
    to_move(app, scene)
    key(app, pygame.K_h)
    until(app, lambda: scene.hint.shown)
    rows = scene.hint.rows(str)
    ranked = scene.hint.ranked
    assert [r.match for r in rows] == [a.value for a in ranked]
    assert all(0.0 <= r.match <= 1.0 for r in rows)
    assert [r.match for r in rows] == sorted((r.match for r in rows), reverse=True)
    drawn = " ".join(d.text for d in audit_top(app).placed())
    assert "Match" in drawn and "Points" not in drawn
    assert percent(rows[0].match) in drawn
    scene.hint.hide()
    scene.session.state = PlakotoState.from_notation(RACE)
    scene._changed()
    to_move(app, scene)
    key(app, pygame.K_h)
    until(app, lambda: scene.hint.shown)
    assert all(r.match is None for r in scene.hint.rows(str)), "a single game shows points"
    assert "Points" in " ".join(d.text for d in audit_top(app).placed())


def test_the_hint_writes_its_turns_in_the_movers_numbering_on_a_turned_board_as_the_log_and_review_do():
    from tabletop.games.plakoto.scene_legend import turn_text

    app, scene = race_scene()
    scene.flip_board()  # White moves on a board printed in Black's numbering
    to_move(app, scene)
    key(app, pygame.K_h)
    until(app, lambda: scene.hint.shown)
    drawn = " ".join(d.text for d in audit_top(app).placed())
    for a in scene.hint.ranked:
        written = turn_text(a.turn.steps, str)
        assert written == steps_text(a.turn.steps), "the log's text of the turn (a double's repeats counted)"
        assert written in drawn


def test_h_before_the_roll_says_the_hint_comes_after_it_once_and_works_after_the_roll():
    app, scene = race_scene()
    until(app, scene.can_roll)
    key(app, pygame.K_h)
    key(app, pygame.K_h)
    said = [e.text for e in scene.log.entries if "hint" in e.text.lower()]
    assert said == ["The hint comes after the roll: roll first, then press H."], said
    assert not scene.hint.active
    to_move(app, scene)
    key(app, pygame.K_h)
    until(app, lambda: scene.hint.shown)


def test_a_hint_asked_for_an_older_position_is_never_shown():
    app, scene = race_scene()
    to_move(app, scene)
    scene.toggle_hint()
    version = scene.hint.version
    steps = scene.state.legal_turns()[0].steps
    assert scene.play(steps[0])  # the position changes while the worker may still think
    until(app, lambda: not scene.hint.job.running())
    app.tick(0.0)
    assert not scene.hint.shown and scene.hint.version != version


def test_the_review_never_rates_the_best_turn_below_the_played_one_and_cutting_into_turns_changes_nothing():
    app, scene = finished_race()
    record = scene.session.record()
    whole = review_game(record, {0}, REVIEW_BUDGET)
    assert whole, "the race had turns with a choice"
    for r in whole:
        assert r.best.equity >= r.played.equity - 1e-12
        assert r.loss == pytest.approx(r.best.equity - r.played.equity) and r.loss >= 0
        assert r.seat == 0
    cut = [e.review for job in plan_turns(record, {0}) for e in entries(job, review_turn(job, REVIEW_BUDGET))]
    assert [(r.index, r.dice, r.played.turn.key, r.best.turn.key) for r in cut] == \
        [(r.index, r.dice, r.played.turn.key, r.best.turn.key) for r in whole]
    assert [r.loss for r in cut] == pytest.approx([r.loss for r in whole])


def open_from_card(app, scene) -> ReviewScene:
    app.tick(0.0)
    card = app.top
    assert isinstance(card, ResultOverlay)
    labels = [b.label for b in card.row.buttons]
    assert labels[:2] == ["Look at the board", "Review"], labels
    card.row.buttons[1].action()
    review = app.top
    assert isinstance(review, ReviewScene)
    until(app, review.finished)
    return review


def test_the_end_card_offers_the_review_its_rows_lead_with_the_biggest_errors_and_esc_returns_to_the_card():
    app, scene = finished_race()
    review = open_from_card(app, scene)
    assert not review.error
    losses = [e.review.loss for e in review.order]
    assert losses and losses == sorted(losses, reverse=True)
    assert {e.review.seat for e in review.entries} == {0}, "the person's turns, not the computer's"
    assert [e.review.index for e in review.entries] == sorted(e.review.index for e in review.entries)
    assert review.selected is review.order[0]
    found = problems(audit_top(app), "review", readable(app))
    assert not found, report(found)
    if len(review.order) > 1:
        key(app, pygame.K_DOWN)
        assert review.selected is review.order[1]
        key(app, pygame.K_UP)
        assert review.selected is review.order[0]
    # a click on a row shows that turn, a click on the graph the turn under it
    last = review.order[-1]
    row = review.order.index(last) - review.scroll
    if 0 <= row < review.visible_rows():
        at = (review.rows_rect.x + 5, review.rows_rect.y + row * review.row_h + review.row_h // 2)
        app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=at, button=1))
        assert review.selected is last
    first = review.entries[0]
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(review._graph.xs[0], review._graph.plot.centery),
                                    button=1))
    assert review.selected is first
    app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=(review._graph.xs[-1], review._graph.plot.centery),
                                    rel=(0, 0), buttons=(0, 0, 0)))
    drawn = [d.text for d in audit_top(app).placed()]
    assert any(review._turn_title(review.entries[-1]) in t for t in drawn), "the turn under the pointer is named"
    shown = review.shown_turns()
    if first.review.played.turn.key != first.review.best.turn.key:
        assert len(shown) == 2 and shown[0].dashed != shown[1].dashed, "played and best look different"
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, ResultOverlay), "back to the end card"


ROLLED = "w 31 4:w1 6:w14 1:b1 19:b14 off:w0,b0 mother:w-bm match:0-0/3 start:w"
"""A match started from a position with White's 3-1 already rolled: 4/1 6/5 pins the mother."""


def test_a_game_started_with_the_dice_rolled_is_reviewed_between_games_with_its_turn():
    """The first turn of a record whose position has the dice already rolled has no roll in the
    record: it is a turn all the same (the review between games once said "0 turns")."""
    from tabletop.games.plakoto.rules import Step

    app, scene = race_scene()
    position = PlakotoState.from_notation(ROLLED)
    scene.session.state = position
    scene.session.initial = position.copy()
    scene._changed()
    assert len(position.legal_turns()) > 1, "the turn had a choice"
    for step in (Step(4, 1, 3), Step(6, 5, 1)):
        assert scene.play(step)
    until(app, lambda: scene.state.phase == "next" and scene.review_available())
    assert "Review" in [b.label for b in scene.buttons.buttons], "between the games of the match"
    key(app, pygame.K_r)
    review = app.top
    assert isinstance(review, ReviewScene)
    until(app, review.finished)
    assert not review.error
    assert [(e.review.game, e.review.seat, e.review.dice, e.number) for e in review.entries] == [(0, 0, (3, 1), 1)]
    assert review.selected is review.entries[0]
    assert "White: 1 turn reviewed" in review.summary()  # forced turns are not counted


def test_the_review_of_a_second_visit_comes_from_the_scenes_cache():
    app, scene = finished_race()
    first = open_from_card(app, scene)
    found = [(e.review.index, e.review.loss) for e in first.order]
    key(app, pygame.K_ESCAPE)
    again = open_from_card(app, scene)
    assert again.finished() and [(e.review.index, e.review.loss) for e in again.order] == found


def race_in_the_replay(tmp_path):
    """The finished race written as a record and opened in the replay viewer."""
    app, scene = finished_race()
    path = tmp_path / "race.json"
    path.write_text(json.dumps(scene.session.record()), encoding="utf-8")
    replay = read_replay(path, app.store)
    viewer = ReplayScene(app, replay.session, replay.moves, replay.note)
    app.replace_scenes(viewer)
    return app, scene, viewer


def test_the_replay_viewer_offers_the_review_of_the_whole_record(tmp_path):
    app, scene, viewer = race_in_the_replay(tmp_path)
    assert viewer.can_review
    key(app, pygame.K_r)
    review = app.top
    assert isinstance(review, ReviewScene)
    assert review.seats == {0}, "the record's people, though the viewer seats everyone as one"
    review.budget = REVIEW_BUDGET  # the file's record: no scene of the game set the tests' budget
    until(app, review.finished)
    assert len(review.entries) == len(review_game(scene.session.record(), {0}, REVIEW_BUDGET))
    key(app, pygame.K_ESCAPE)
    assert app.top is viewer
    review_button = next(b for b in viewer.inner.buttons.buttons if b.label == "Review")
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=review_button.rect.center, button=1))
    assert isinstance(app.top, ReviewScene)


def test_the_review_from_the_replay_opens_on_the_turn_the_replay_shows(tmp_path):
    """R in the replay opened the review on the game's biggest error, wherever the viewer stood;
    a player stepping through the record asks about the turn in front of him."""
    app, scene, viewer = race_in_the_replay(tmp_path)
    found = review_game(scene.session.record(), {0}, REVIEW_BUDGET)
    assert len(found) >= 2, "the race has turns of the person's to choose between"
    biggest = max(found, key=lambda r: (r.loss, -r.index))
    wanted = next(r for r in found if r is not biggest)
    for at in (wanted.index, wanted.index + 1):  # its dice just rolled, then its first step played
        viewer._rewind(at)
        key(app, pygame.K_r)
        review = app.top
        assert isinstance(review, ReviewScene)
        review.budget = REVIEW_BUDGET
        until(app, review.finished)
        assert review.selected is not None and review.selected.review.index == wanted.index, at
        key(app, pygame.K_ESCAPE)
    viewer._rewind(0)  # before any turn of his: the first one
    key(app, pygame.K_r)
    until(app, app.top.finished)
    assert app.top.selected is app.top.entries[0]


CACHE = ReviewCache()
"""One review of the race for every size and language of the fit test."""
_RECORD: list[dict] = []


def race_record() -> dict:
    if not _RECORD:
        _RECORD.append(finished_race()[1].session.record())
    return _RECORD[0]


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("window", ["1366x768", "1024x600", "table 1920x1080", "table 3840x2160"])
def test_the_hint_and_the_review_fit(window, lang):
    table = window.startswith("table")
    size = tuple(int(v) for v in window.split()[-1].split("x"))
    record = race_record()
    app, scene = race_scene(table=table, size=size)
    set_language(lang)  # after the app, which takes the language of its settings
    assert (tr("Hint") == "Подсказка") == (lang == "ru")
    to_move(app, scene)
    scene.toggle_hint()
    until(app, lambda: scene.hint.shown)
    audit = audit_top(app)
    found = problems(audit, f"{window} {lang} hint", readable(app))
    drawn = [d.text for d in audit.placed()]
    for row in scene.hint.rows(str):
        assert row.turn in drawn and decimal(row.equity) in drawn, (window, lang, "the legend shows every turn")
    scene.hint.hide()
    review = ReviewScene(app, record, scene.lay, [scene.seat_name(0), scene.seat_name(1)], {0}, CACHE,
                         REVIEW_BUDGET, "bottom" if table else None, ["bottom", "top"] if table else [])
    app.push_scene(review)
    until(app, review.finished)
    for entry in (review.order[0], review.order[-1]):
        review.select(entry)
        found += problems(audit_top(app), f"{window} {lang} review", readable(app))
    assert not found, report(found)
    # its help line speaks as the screen is used: a touch at a table («Коснитесь», not «Щёлкните»)
    helps = [d.text for d in audit_top(app).placed() if d.text in (tr("Tap a turn to see it on the board."),
                                                                   tr("Click a turn to see it on the board."))]
    assert helps == [tr("Tap a turn to see it on the board." if table else "Click a turn to see it on the board.")]


def test_the_hints_numbered_discs_never_cover_each_other_where_turns_share_a_step():
    """Three turns that all begin 24/18 (a 6-5 from the start): the discs naming them used to sit a
    fixed distance back along nearly the same shaft, and the 2 and the 3 covered each other."""
    from tabletop.games.plakoto.scene_arrows import disc_centres, turn_segments
    from tabletop.games.plakoto.scene_paint import paint_position

    _, scene = race_scene()
    state = PlakotoState.from_notation("b 65 1:b13 7:b1 12:b1 24:w13 19:w2 off:w0,b0 match:0-0/1 start:b")
    g = paint_position(pygame.Surface((1040, 680)), pygame.Rect(0, 0, 1040, 680), scene.lay, state, 14)
    ranked = analyse(state, budget=200)[:3]
    assert all(a.turn.steps[0] == ranked[0].turn.steps[0] for a in ranked), "the case: a shared first step"
    segments = [turn_segments(g, state, a.turn.steps) for a in ranked]
    disc = int(g.radius() * 0.55)
    centres = disc_centres(segments, [0.0, 0.42 * g.radius(), -0.42 * g.radius()], disc)
    flat = [c for row in centres for c in row]
    assert len(flat) == sum(len(s) for s in segments)
    for i, a in enumerate(flat):
        for b in flat[i + 1:]:
            assert (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2 >= (2 * disc) ** 2, f"discs at {a} and {b} overlap"
    assert centres[0][0] == segments[0][0][1], "the best turn's disc stands at its arrow's end"


def play_forced_game(scene) -> PlakotoState:
    """Start the scene from a position whose turn is forced (a 6-5 bears off the two checkers of
    White's 2-point) and play it: a game with nothing to review. Returns the start."""
    start = PlakotoState.from_notation("w 65 1:w3 2:w2 off:w10,b0 24:b15 match:0-0/1 start:w")
    scene.session.state = start.copy()
    scene.session.initial = start.copy()
    scene._changed()
    for step in ("2/off", "2/off"):
        assert scene.play(scene.state.parse_move(step))
    return start


def test_a_review_with_no_turn_to_show_draws_the_games_own_start_not_the_opening_layout():
    """A game from a position whose every turn was forced: nothing to review, and the board under
    "No turn to review" is that game's position (it was the standard opening, 15 and 15)."""
    app, scene = race_scene()
    start = play_forced_game(scene)
    review = ReviewScene(app, scene.session.record(), scene.layout_data, ["White", "Black"])
    app.push_scene(review)
    until(app, review.finished)
    assert not review.order and not review.error
    assert review._start_state() == start
    app.render()  # and it draws


@pytest.mark.parametrize("black_played", [False, True])
def test_a_review_with_no_turn_of_the_person_says_why_and_draws_no_graph(monkeypatch, black_played):
    """The review of a record where the person (White) played no turn said "every turn had a
    single way to play" over an empty graph. Now it says the true reason (White has not played a
    turn; nobody has played one yet) and draws no graph."""
    import tabletop.games.plakoto.review_scene as review_scene

    app, scene = race_scene()
    if black_played:  # the computer (Black) rolls first and plays; White has not rolled yet
        position = PlakotoState.from_notation("b" + RACE[1:])
        scene.session.state = position
        scene.session.initial = position.copy()
        scene._changed()
        until(app, lambda: scene.state.turn == 0 and scene.state.phase == "roll")
        assert len(scene.session.record()["moves"]) > 1
    said: list[str] = []
    graphs: list[int] = []
    paragraph, graph = review_scene.draw.paragraph, review_scene.paint_graph
    monkeypatch.setattr(review_scene.draw, "paragraph", lambda s, text, *a, **k: said.append(text) or
                        paragraph(s, text, *a, **k))
    monkeypatch.setattr(review_scene, "paint_graph", lambda *a, **k: graphs.append(1) or graph(*a, **k))
    review = ReviewScene(app, scene.session.record(), scene.layout_data, ["White", "Black"])
    app.push_scene(review)
    until(app, review.finished)
    assert review.seats == {0} and not review.order and not review.error
    said.clear()
    graphs.clear()
    app.render()
    reason = ("No turn to review: White has not played a turn yet." if black_played else
              "No turn to review yet: no turn has been played.")
    assert reason in said and graphs == []


@pytest.mark.parametrize("table", [False, True], ids=["window", "table 3840x2160"])
def test_a_review_with_nothing_to_show_gives_the_graphs_room_to_the_board(table):
    """A game whose every turn was forced has no graph: its third of the screen under the board
    stayed empty table (at a 4K table the board took less than a quarter of the screen). Once the
    review knows, the board is laid out over the whole side; a review with turns keeps the graph."""
    size = (3840, 2160) if table else (1366, 768)
    app, scene = race_scene(table=table, size=size)
    play_forced_game(scene)
    review = ReviewScene(app, scene.session.record(), scene.layout_data, ["White", "Black"], None, CACHE,
                         REVIEW_BUDGET, "bottom" if table else None, ["bottom", "top"] if table else [])
    app.push_scene(review)
    app.render()
    before = review.board_rect.copy()
    assert review.graph_rect.h > 0, "the graph's room while the review is being worked out"
    until(app, review.finished)
    app.render()
    assert not review.graph_shown()
    assert review.graph_rect.h == 0 and review.board_rect.h > before.h and review.board_rect.w >= before.w
    assert review.board_rect.bottom <= review.list_rect.bottom, "the board stays on the screen"

    full = ReviewScene(app, race_record(), scene.layout_data, ["White", "Black"], {0}, CACHE, REVIEW_BUDGET)
    app.push_scene(full)
    until(app, full.finished)
    app.render()
    assert full.graph_shown() and full.graph_rect.h > 0 and full.board_rect.bottom < full.graph_rect.y


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_review_lists_the_points_lost_right_aligned(lang):
    """The list's first column, the points each turn lost ("0.00" for the best turn, "−0.29"),
    stood left-aligned: a loss with its sign was wider than the best turn's, so their decimal points
    were not under each other. They are right-aligned now."""
    record = race_record()
    app, scene = race_scene()
    set_language(lang)
    review = ReviewScene(app, record, scene.layout_data, ["White", "Black"], {0}, CACHE, REVIEW_BUDGET)
    app.push_scene(review)
    until(app, review.finished)
    texts = {review._loss_text(e) for e in review.order[:review.visible_rows()]}
    assert len({len(t) for t in texts}) > 1, ("the race has best turns and losses", texts)
    drawn = [d for d in audit_top(app).placed() if d.text in texts]
    assert len({d.text for d in drawn}) == len(texts)
    assert len({d.rect[0] + d.rect[2] for d in drawn}) == 1, [(d.text, d.rect) for d in drawn]


def scripted_record(scene, position: str, turns: list[tuple[str, int]]) -> dict:
    """A record of the scene's game from ``position``: each turn a roll (``"6-6"``) and the
    ``k``-th of the legal whole turns then (computer or person alike: nobody is asked)."""
    from tabletop.core.session import Session

    session = Session(scene.spec, PlakotoState.from_notation(position), 1, scene.session.meta)
    for dice, k in turns:
        session.play(session.state.parse_move(f"roll {dice}"))
        turns = session.state.legal_turns() if session.state.phase == "move" else []
        for step in turns[k].steps if turns else ():
            session.play(step)
        if session.state.phase == "move":  # no step could be played: the turn passes
            session.play(session.state.legal_moves()[0])
    return session.record()


NO_MOVE = "w - 14:w1 8:b3 9:b2 10:b2 11:b2 12:b3 13:b3 off:w14,b0 match:0-0/1 start:w"
"""White's last checker behind Black's six points 8–13: no roll of White's can move it."""


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_review_says_how_many_forced_turns_it_left_out(lang):
    """White played two turns, the first forced (6-6 has a single way to play in the race); the
    summary said "White: 1 turn reviewed" («разобран 1 ход») as if a turn was lost. It says the
    forced one was left out, and why; a roll that could not be played at all is one too."""
    app, scene = race_scene()
    set_language(lang)
    record = scripted_record(scene, RACE, [("6-6", 0), ("2-1", 0), ("3-1", 0)])
    start = PlakotoState.from_notation(RACE)
    start.apply(start.parse_move("roll 6-6"))
    assert len(start.legal_turns()) == 1, "the case: White's 6-6 is forced"
    review = ReviewScene(app, record, scene.layout_data, ["White", "Black"], {0}, CACHE, REVIEW_BUDGET)
    app.push_scene(review)
    until(app, review.finished)
    assert len(review.entries) == 1 and review.forced == {0: 1}
    said = {"en": "White: 1 turn reviewed (1 forced turn without a choice left out), ",
            "ru": "White: разобран 1 ход (пропущен 1 вынужденный ход без выбора), "}[lang]
    assert review.summary().startswith(said), review.summary()
    assert review.summary() in [d.text for d in audit_top(app).placed()], "and it is drawn"

    stuck = ReviewScene(app, scripted_record(scene, NO_MOVE, [("3-1", 0)]), scene.layout_data, ["White", "Black"],
                        {0}, CACHE, REVIEW_BUDGET)
    app.push_scene(stuck)
    until(app, stuck.finished)
    said = {"en": "White: 0 turns reviewed (1 forced turn without a choice left out)",
            "ru": "White: разобрано 0 ходов (пропущен 1 вынужденный ход без выбора)"}[lang]
    assert stuck.summary() == said, "no turn reviewed: no points lost to add up"


@pytest.mark.parametrize("lang,reviewed,forced,said", [
    ("en", 1, 0, "1 turn reviewed"), ("en", 2, 1, "2 turns reviewed (1 forced turn without a choice left out)"),
    ("en", 0, 3, "0 turns reviewed (3 forced turns without a choice left out)"),
    ("ru", 1, 0, "разобран 1 ход"), ("ru", 3, 2, "разобрано 3 хода (пропущены 2 вынужденных хода без выбора)"),
    ("ru", 5, 11, "разобрано 5 ходов (пропущено 11 вынужденных ходов без выбора)"),
    ("ru", 21, 22, "разобран 21 ход (пропущены 22 вынужденных хода без выбора)"),
    ("ru", 12, 21, "разобрано 12 ходов (пропущен 21 вынужденный ход без выбора)"),
])
def test_the_reviews_counts_take_the_forms_that_go_with_their_numbers(lang, reviewed, forced, said):
    from tabletop.games.plakoto.review_scene import reviewed_text

    set_language(lang)
    assert reviewed_text(reviewed, forced) == said

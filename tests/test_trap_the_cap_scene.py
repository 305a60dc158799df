"""The Trap the Cap scene, headless: whole turns played by mouse through the adapter, choosing
between distinct moves to one field, a random click storm, and renders at the smallest and
largest window sizes."""

from __future__ import annotations

import random

import pygame
import pytest
import scene_input
from scene_input import instant_scenes

from tabletop.app import App, AppOptions
from tabletop.core import CHANCE
from tabletop.core.game import Outcome
from tabletop.core.session import Session
from tabletop.games import get_game
from tabletop.games.trap_the_cap.rules import Move, Pass, TrapState
from tabletop.launch import Seat, new_session
from tabletop.ui.game_scene import make_scene

SPEC = get_game("trap_the_cap")


@pytest.fixture(autouse=True)
def fast(monkeypatch, tmp_path):
    instant_scenes(monkeypatch, tmp_path, move_time=1e-6)


def start(seats: list[Seat], variant: str | None = None, seed: int = 7, size=(1366, 768),
          session: Session | None = None):
    app = App(AppOptions(size=size, headless=True, mute=True))
    if session is None:
        session = new_session(SPEC, app.store, len(seats), variant, {}, seats, seed)
    scene = make_scene(app, session)
    app.push_scene(scene)
    app.render()
    return app, scene


def click(app: App, pos, button: int = 1) -> None:
    scene_input.click(app, pos, button)
    app.render()


def key(app: App, k: int) -> None:
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=""))
    app.render()


def drive_until_human(app: App, scene, limit: int = 4000) -> None:
    """Let computer seats and automatic rolls play until a person must act (or the game ends)."""
    for _ in range(limit):
        top = app.top
        if top is not scene:  # an overlay (game over): close it
            top.row.buttons[-1].action()
            continue
        st = scene.state
        cp = st.current_player
        if cp is None:
            return
        if cp == CHANCE and scene.seat_is_human(scene.roller()):
            return
        if cp != CHANCE and scene.seat_is_human(cp):
            return
        scene.update(0.016)
        if scene.future is not None:
            scene.future.result()
            scene.update(0.016)
    raise AssertionError("the computer players never handed over")


def button(scene, label_start: str):
    for b in scene.buttons.buttons:
        if b.label.startswith(label_start) and b.enabled:
            return b
    return None


def play_by_mouse(app: App, scene, move: Move) -> None:
    """Click the moving piece, then its end field; cycle through ways if several end there."""
    for _ in range(3):  # another piece selected: right-click drops it (its targets would win)
        if scene.selected not in (None, (move.start, move.stack)) or scene.choice is not None:
            click(app, (1, 1), button=3)
    click(app, scene.piece_px(move.start, move.stack))
    assert scene.selected is not None and scene.selected[0] == move.start
    assert move.end in scene.targets(), "the chosen move's end field must be lit"
    ways = scene.targets()[move.end]
    click(app, scene.free_px(move.end))
    if len(ways) > 1:
        while scene.choice is not None and scene.choice[1][scene.choice[2]] != move:
            click(app, scene.free_px(move.end))
        confirm = button(scene, "Confirm")
        assert confirm is not None
        click(app, confirm.rect.center)


def test_scripted_mouse_session_plays_whole_turns():
    app, scene = start([Seat("human"), Seat("ai", "random"), Seat("ai", "random"), Seat("ai", "random")])
    rng = random.Random(3)
    turns = 0
    for _ in range(300):
        drive_until_human(app, scene)
        st = scene.state
        if st.current_player is None or turns >= 12:
            break
        if st.current_player == CHANCE:
            before_die = st.die
            click(app, scene.dice_rect.center)  # roll by clicking the die
            assert scene.state.die is not None and before_die is None
            continue
        legal = st.legal_moves()
        expected = st.copy()
        if isinstance(legal[0], Pass):
            assert "no legal move" in scene.prompt_line()
            expected.apply(legal[0])
            click(app, button(scene, "Pass").rect.center)
        else:
            move = rng.choice(legal)
            expected.apply(move)
            play_by_mouse(app, scene, move)
        assert scene.state.to_json() == expected.to_json()
        turns += 1
    assert turns >= 12


def test_drag_and_drop_plays_and_right_click_cancels():
    app, scene = start([Seat("human"), Seat("human")], seed=5)
    key(app, pygame.K_SPACE)
    st = scene.state
    assert st.current_player == 0
    move = next(m for m in st.legal_moves() if isinstance(m, Move))
    click(app, scene.piece_px(move.start, move.stack))
    assert scene.selected is not None
    click(app, (5, 5), button=3)
    assert scene.selected is None or len(scene.movable()) == 1
    expected = st.copy()
    expected.apply(next(m for m in st.legal_moves() if m.end == move.end and m.start == move.start))
    a, b = scene.piece_px(move.start, move.stack), scene.field_px(move.end)
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1))
    mid = ((a[0] + b[0]) // 2, (a[1] + b[1]) // 2)
    app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=mid, rel=(1, 1), buttons=(1, 0, 0)))
    app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=b, rel=(1, 1), buttons=(1, 0, 0)))
    app.render()
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b, button=1))
    if scene.choice is not None:
        key(app, pygame.K_RETURN)
    assert scene.state.to_json() == expected.to_json()


def golden_session(app_store) -> Session:
    """Red owns the golden cap on R00 with a 2: out to R01 (trap blue) and back, or to R51 (trap
    green) and back, or along the spoke and back — three distinct moves that all end on R00."""
    base = new_session(SPEC, app_store, 4, "golden_cap", {}, [Seat("human")] * 4, 1)
    state = TrapState.from_notation(
        "red 2 R00:gold R01:blue R51:green home:blue=blue,blue,blue;green=green,green,green;red=red,red,red,red;"
        "yellow=yellow,yellow,yellow,yellow locked: gold:red variant:golden_cap round:0")
    return Session(SPEC, state, 1, base.meta)


def test_several_ways_to_one_field_can_each_be_chosen():
    app = App(AppOptions(size=(1366, 768), headless=True, mute=True))
    probe = golden_session(app.store)
    ways = probe.state.destinations("R00", 0)["R00"]
    assert len(ways) >= 2
    for target in ways:
        _, scene = start([], session=golden_session(app.store))
        app_ = scene.app
        expected = scene.state.copy()
        expected.apply(target)
        play_by_mouse(app_, scene, target)
        assert scene.state.to_json() == expected.to_json()


def test_tooltip_hover_and_team_rows_render():
    app, scene = start([Seat("human"), Seat("ai", "random"), Seat("human"), Seat("ai", "random")],
                       variant="partners", seed=11)
    rows = scene.player_rows()
    assert any(r.seat < 0 and r.name.startswith("Team: ") for r in rows)
    state = TrapState.from_position(
        scene.state.rules, {"R05": [["blue", "green", "red"]]},
        {"red": ["red"] * 3, "green": ["green"] * 3, "yellow": ["yellow"] * 4, "blue": ["blue"] * 3},
        {}, None, "red")
    scene.session.state = state
    scene._changed()
    x, y = scene.piece_px("R05", 0)
    app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y - 4), rel=(0, 0), buttons=(0, 0, 0)))
    app.render()
    assert scene.piece_at(scene.hover) == ("R05", 0)


def test_click_storm_never_raises_and_game_still_finishes():
    app, scene = start([Seat("human"), Seat("ai", "random"), Seat("human"), Seat("ai", "random")], seed=21)
    app.saves.write = lambda session: True  # autosave fsyncs every move: slow, and tested elsewhere
    rng = random.Random(99)
    keys = [pygame.K_ESCAPE, pygame.K_SPACE, pygame.K_BACKSPACE, pygame.K_RETURN, pygame.K_TAB, pygame.K_a]
    for i in range(2000):
        top = app.top
        if top is not scene:
            top.row.buttons[-1].action()  # close overlays (leave confirmation, game over)
        w, h = app.screen.get_size()
        roll = rng.random()
        if roll < 0.1:
            pos = scene.dice_rect.center
        elif roll < 0.3 and scene.movable():
            fid, index = rng.choice(scene.movable())
            pos = scene.piece_px(fid, index)
        elif roll < 0.45 and scene.targets():
            pos = scene.field_px(rng.choice(list(scene.targets())))
        else:
            pos = (rng.randrange(w), rng.randrange(h))
        kind = rng.random()
        if kind < 0.55:
            app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=rng.choice((1, 1, 1, 3))))
            app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
        elif kind < 0.8:
            app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                            buttons=(rng.randrange(2), 0, 0)))
        elif kind < 0.97:
            app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=rng.choice(keys), mod=0, unicode=""))
        else:
            app.dispatch(pygame.event.Event(pygame.VIDEORESIZE, w=rng.randrange(1024, 2000),
                                            h=rng.randrange(600, 1200)))
        scene.update(0.016)
        if scene.future is not None:
            scene.future.result()
            scene.update(0.016)
        if i % 5 == 0:
            app.render()
        st = scene.state
        st.validate()
        assert TrapState.from_json(st.to_json()).to_json() == st.to_json()
    # finish the game: the people play random legal moves by mouse
    rng = random.Random(5)
    for _ in range(20000):
        drive_until_human(app, scene)
        st = scene.state
        if st.current_player is None:
            break
        if st.current_player == CHANCE:
            key(app, pygame.K_SPACE)
            continue
        legal = st.legal_moves()
        if isinstance(legal[0], Pass):
            click(app, button(scene, "Pass").rect.center)
        else:
            before = len(scene.session.played)
            play_by_mouse(app, scene, rng.choice(legal))
            assert len(scene.session.played) == before + 1
    assert scene.state.current_player is None


@pytest.mark.parametrize("size", [(1024, 600), (3840, 2160)])
@pytest.mark.parametrize("variant", ["offensive", "golden_cap"])
def test_renders_at_extreme_sizes(size, variant):
    app, scene = start([Seat("human"), Seat("ai", "random"), Seat("ai", "random"), Seat("ai", "random")],
                       variant=variant, seed=4, size=size)
    from tabletop.launch import advance

    advance(scene.session, 60, level="random")
    scene._changed()
    app.render()
    assert app.screen.get_size() == size


def test_no_legal_move_is_said_and_passed_by_button():
    """Red's only cap stands on R00 with a 3: every end (R03, R49, S_NE_3) is a full grey field."""
    app = App(AppOptions(size=(1366, 768), headless=True, mute=True))
    base = new_session(SPEC, app.store, 4, None, {}, [Seat("human")] * 4, 1)
    state = TrapState.from_notation(
        "red 3 R00:red R03:green|green|green R49:yellow|yellow|yellow S_NE_3:blue|blue|blue "
        "home:blue=blue;green=green;yellow=yellow locked:green=red,red,red gold:- variant:offensive round:0")
    _, scene = start([], session=Session(SPEC, state, 1, base.meta))
    assert "no legal move" in scene.prompt_line()
    expected = scene.state.copy()
    expected.apply(scene.state.legal_moves()[0])
    pass_button = button(scene, "Pass")
    assert pass_button is not None
    click(scene.app, pass_button.rect.center)
    assert scene.state.to_json() == expected.to_json()


def test_edited_board_file_is_drawn_as_edited(tmp_path):
    """A user's copy of the board with R05 turned grey and a new grey colour is drawn that way."""

    from tabletop import PACKAGE_DIR

    text = (PACKAGE_DIR / "boards" / "trap_the_cap.yaml").read_text(encoding="utf-8")
    text = text.replace('grey: "#8e8e8e"', 'grey: "#5070a0"')
    line = next(ln for ln in text.splitlines() if '{id: "R05"' in ln)
    text = text.replace(line, line.replace('colour: "yellow"', 'colour: "grey"'))
    boards = tmp_path / "boards"
    boards.mkdir()
    (boards / "trap_the_cap.yaml").write_text(text, encoding="utf-8")
    app = App(AppOptions(size=(1366, 768), headless=True, mute=True, boards_dir=str(boards)))
    session = new_session(SPEC, app.store, 2, None, {}, [Seat("human")] * 2, 3)
    scene = make_scene(app, session)
    app.push_scene(scene)
    app.render()
    for fid in ("R05", "R03"):
        rgb = tuple(app.screen.get_at(scene.field_px(fid)))[:3]
        assert all(abs(a - b) <= 6 for a, b in zip(rgb, (0x50, 0x70, 0xA0), strict=True)), (fid, rgb)


def _no_field_ids(text: str, state) -> None:
    ids = set(state.rules.topology.names)
    words = {w.strip(".,:;()") for w in text.split()}
    assert not (words & ids), (text, words & ids)


def test_log_and_ways_say_moves_in_words_not_field_ids():
    app = App(AppOptions(size=(1366, 768), headless=True, mute=True))
    session = golden_session(app.store)
    state = session.state
    ways = state.destinations("R00", 0)["R00"]
    texts = [state.describe_move(m) for m in state.legal_moves()]
    for text in texts:
        _no_field_ids(text, state)
    assert any("traps 1 cap (Blue) there" in t for t in texts), texts
    assert any("traps 1 cap (Green) there" in t for t in texts), texts
    _, scene = start([], session=golden_session(app.store))
    click(scene.app, scene.piece_px("R00", 0))
    click(scene.app, scene.free_px("R00"))
    assert scene.choice is not None and len(ways) >= 2
    seen = set()
    for _ in ways:
        line = scene.prompt_line()
        _no_field_ids(line, state)
        seen.add(line)
        scene.next_choice()
    assert len(seen) == len(ways), "every way reads differently"
    # the record form is unchanged
    assert all(str(m).startswith("gold:R00-") for m in ways)


def test_visit_home_is_described_and_game_over_card_reads_well():
    app = App(AppOptions(size=(1366, 768), headless=True, mute=True))
    base = new_session(SPEC, app.store, 4, None, {}, [Seat("human"), Seat("ai", "easy"), Seat("human"),
                                                       Seat("ai", "easy")], 1)
    # red's tower (blue under red) one step from home, with a 3: in, unload, and 2 out again
    state = TrapState.from_notation(
        "red 3 R01:blue+red home:blue=blue,blue,blue;green=green,green,green,green;red=red,red,red;"
        "yellow=yellow,yellow,yellow,yellow locked: gold:- variant:offensive round:0")
    texts = [state.describe_move(m) for m in state.legal_moves() if m.walk.visit >= 0]
    assert texts and all("into the hideout, locks up 1 prisoner" in t for t in texts), texts
    assert any("then 1 field out" in t for t in texts), texts
    session = Session(SPEC, state, 1, base.meta)
    _, scene = start([], session=session)
    text = scene.result_text(Outcome("x", (1,), (1.0, 0.0, 0.0, 0.0), "x"))
    assert "((" not in text and "))" not in text and "1 caps" not in text
    assert text.startswith("Green wins."), text
    assert "# Red\n   Locked up 0 · In towers 1 (Blue 1) · At the end in play · Points 1" in text, text


def test_prison_trays_lie_beside_their_hideouts_clear_of_every_field():
    app, scene = start([Seat("human")] * 4, seed=2)
    half = scene.layout_data.half_width
    for owner in range(4):
        x0, y0, x1, y1 = scene._tray_box(owner)
        assert -half < x0 < x1 < half and -half < y0 < y1 < half
        h = y1 - y0
        for i in range(21):  # the pill's centre line and its long edges
            for fy in (0.5, 0.1, 0.9):
                x = x0 + h / 2 + (x1 - x0 - h) * i / 20
                assert scene.geo.field_at((x, y0 + h * fy)) is None, (owner, x)
    state = TrapState.from_position(
        scene.state.rules, {"R05": [["red"]]},
        {"red": ["red"] * 3, "green": ["green"] * 2, "yellow": ["yellow"] * 3, "blue": ["blue"] * 4},
        {"red": ["green", "green", "yellow"]}, None, "red")
    scene.session.state = state
    scene._changed()
    app.render()
    rect = scene._tray_rect(0)
    assert scene._tray_at(rect.center) == 0 and scene._tray_at(scene._tray_rect(1).center) is None
    app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=rect.center, rel=(0, 0), buttons=(0, 0, 0)))
    app.render()


REVIEWED = ("yellow 6 R25:green+gold S_SW_1:green home:green=green,green;yellow=yellow,yellow,yellow,yellow "
            "locked: gold:yellow variant:golden_cap round:3")


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_long_way_prompts_keep_the_reading_size(lang):
    """The golden tower into its hideout with a 6 (a reviewer's position): the way that goes in,
    traps out and comes back runs to five lines. Each way's prompt is drawn whole at the reading
    size (it was squeezed to the smallest size in a two-line box), and the buttons under it stay
    where they are while Tab steps through the ways."""
    from tabletop import i18n
    from tabletop.ui import text_audit

    app = App(AppOptions(size=(1366, 768), headless=True, mute=True))
    base = new_session(SPEC, app.store, 2, "golden_cap", {}, [Seat("human")] * 2, 1)
    with i18n.in_language(lang):
        _, scene = start([], session=Session(SPEC, TrapState.from_notation(REVIEWED), 1, base.meta))
        click(scene.app, scene.piece_px("R25", 0))
        ways = scene.targets()["H_SW"]  # the yellow hideout
        click(scene.app, scene.free_px("H_SW"))
        assert scene.choice is not None and len(ways) == 2
        places = set()
        for _ in ways:
            with text_audit.TextAudit() as audit:
                scene.app.render()
            prompt = scene.prompt_line()
            drawn = [e for e in audit.placed() if e.box == tuple(scene.prompt_rect)]
            assert " ".join(e.text for e in drawn) == prompt, "the whole prompt, nothing cut"
            assert {e.size for e in drawn} == {scene.metrics.body}, prompt
            places.add(tuple(tuple(b.rect) for b in scene.buttons.buttons))
            key(scene.app, pygame.K_TAB)
        assert len(places) == 1, "the buttons stay put"


def scene_at(variant: str, players: int, position: str):
    """A headless scene showing ``position`` (all seats people): for the result card."""
    app = App(AppOptions(size=(1366, 768), headless=True, mute=True))
    base = new_session(SPEC, app.store, players, variant, {}, [Seat("human")] * players, 1)
    state = TrapState.from_notation(position)
    _, scene = start([], session=Session(SPEC, state, 1, base.meta))
    return state, scene


def test_partners_card_gives_own_points_and_the_teams_total():
    """Red (3 locked up, 1 in a tower) and Yellow (4 locked up) have won as partners: the card gave
    both "Points 8", the team's total, unlabelled. Now partners stand together, each with his own
    points and the team's, and the summary line counts teams."""
    state, scene = scene_at("partners", 4, (
        "red - R05:green+red home:red=red,red,red;yellow=yellow,yellow,yellow,yellow "
        "locked:red=green,green,green;yellow=blue,blue,blue,blue gold:- variant:partners round:10"))
    table = scene.result_table(state.outcome())
    assert table.columns[-2:] == ("Points", "Team points")
    assert [(r.name, r.cells[-2:]) for r in table.rows] == [
        ("Red", ("4", "8")), ("Yellow", ("4", "8")), ("Green", ("0", "0")), ("Blue", ("0", "0"))]
    assert scene.result_summary() == "Red and Yellow win (Red+Yellow 8, Green+Blue 0)"


def test_a_draw_between_partner_teams_says_the_teams_share_the_win():
    """Both teams equal at the turn limit: the card read "Red and Green and Yellow and Blue win.",
    the seats in colour order across the teams; it now names the teams sharing the win."""
    state, scene = scene_at("partners", 4, (
        "red - home:red=red,red,red;yellow=yellow,yellow,yellow,yellow;green=green,green,green;"
        "blue=blue,blue,blue,blue locked:red=green;green=red gold:- variant:partners round:200"))
    assert set(state.outcome().winners) == {0, 1, 2, 3}
    assert scene.result_table(state.outcome()).banner == "Red+Yellow and Green+Blue share the win."


def test_a_tower_race_card_has_no_locked_up_column():
    """Nobody goes home in a tower race, so nothing is ever locked up: the card (seen at the turn
    limit of a three-player race) still had a "Locked up" column of noughts beside "In towers"."""
    state, scene = scene_at("tower_race", 3, (
        "green - R07:yellow+green+yellow+red R29:yellow+red+green+red+yellow+green R35:red+green home: "
        "locked: gold:- variant:tower_race round:200"))
    table = scene.result_table(state.outcome())
    assert table.columns == ("In towers", "At the end", "Points")
    assert [(r.name, r.cells) for r in table.rows] == [
        ("Red", ("3 (Green 1, Yellow 2)", "in play", "3")), ("Green", ("5 (Red 3, Yellow 2)", "in play", "5")),
        ("Yellow", ("0", "out", "0"))]


def test_a_card_won_by_staying_in_play_gives_no_points():
    """Green, the last still in play in a defensive game, had won with "Points 1" under Red's 7:
    the points are prisoners, which do not decide there (rules "End and winner"), so the card
    read as a wrong result, and so did the summary line "Green wins (Red 7, Green 1, Blue 3)".
    The card now ends with "At the end", what decided, and the line gives the free caps."""
    state, scene = scene_at("defensive", 3, (
        "green - R05:red+green locked:red=green,green,green,blue,blue,blue,blue;blue=red,red,red "
        "variant:defensive round:30"))
    assert state.outcome().reason == "last_in_play"
    table = scene.result_table(state.outcome())
    assert table.columns == ("Locked up", "In towers", "At the end")
    assert [(r.name, r.cells) for r in table.rows] == [
        ("Red", ("7 (Green 3, Blue 4)", "0", "out")), ("Green", ("0", "1 (Red 1)", "in play")),
        ("Blue", ("3 (Red 3)", "0", "out"))]
    assert scene.result_summary() == "Green wins (Red 0, Green 1, Blue 0)"
    state, scene = scene_at("tower_race", 3, (
        "green - R07:yellow+green+yellow+red R29:green+yellow+green+yellow+red R35:green+red home:red=red "
        "variant:tower_race round:50"))
    assert scene.result_table(state.outcome()).columns == ("In towers", "At the end")
    assert scene.result_summary() == "Red wins (Red 4, Green 0, Yellow 0)"
    state, scene = scene_at("partners", 4, (
        "red - R05:green+red home:red=red,red,red;yellow=yellow,yellow,yellow,yellow "
        "locked:red=green,green,green;yellow=blue,blue,blue,blue variant:partners scoring:defensive round:10"))
    assert scene.result_table(state.outcome()).columns == ("Locked up", "In towers", "At the end")
    assert scene.result_summary() == "Red and Yellow win (Red+Yellow 8, Green+Blue 0)"


GOLDEN_END = ("red - R05:green+red home:red=gold locked:green=red,red,red,blue,blue,blue,blue;blue=green,green,green "
              "gold:red variant:golden_cap round:30")


def test_a_card_won_by_owning_the_golden_cap_gives_no_points():
    """Red, the golden cap's owner, had won with "Points 1" under Green's 7: the points are
    prisoners, which do not decide where the golden cap's owner wins (the "Golden cap winner"
    option's default), so the card read as a wrong result, and so did the summary line ("Red wins
    (Red 1, Green 7, Blue 3)"). The card now ends with "At the end", which says who owns the
    golden cap, and the line says that instead of the prisoners."""
    state, scene = scene_at("golden_cap", 3, GOLDEN_END)
    assert state.outcome().reason == "golden_cap"
    table = scene.result_table(state.outcome())
    assert table.columns == ("Locked up", "In towers", "At the end")
    assert [(r.name, r.cells) for r in table.rows] == [
        ("Red", ("0", "1 (Green 1)", "in play · owns the golden cap")), ("Green", ("7 (Red 3, Blue 4)", "0", "out")),
        ("Blue", ("3 (Green 3)", "0", "out"))]
    assert table.detail == "Red owns the golden cap."
    assert scene.result_summary() == "Red wins — Red owns the golden cap"


def test_a_golden_cap_game_won_by_prisoners_keeps_its_points():
    """With "Golden cap winner: most prisoners" the prisoners decide: the card keeps its points."""
    state, scene = scene_at("golden_cap", 3, GOLDEN_END.replace("round:", "golden_win:prisoners round:"))
    assert state.outcome().winners == (1,)
    table = scene.result_table(state.outcome())
    assert table.columns == ("Locked up", "In towers", "At the end", "Points")
    assert [r.cells[-1] for r in table.rows] == ["1", "7", "3"]
    assert scene.result_summary() == "Green wins (Red 1, Green 7, Blue 3)"


@pytest.mark.parametrize("table", [False, True])
def test_the_round_and_the_turn_limit_are_shown(table):
    """Nothing said the game was in its last round until it ended at the turn limit."""
    from tabletop.launch import session_from_position
    from tabletop.ui import text_audit

    app = App(AppOptions(size=(1366, 768), headless=True, mute=True, table=table))
    session = session_from_position(get_game("trap_the_cap"), app.store,
                                    "red 1 R01:red R30:yellow home:red=red,red,red;yellow=yellow,yellow locked:red=yellow round:199",
                                    [Seat("human"), Seat("human")], seed=1)
    scene = make_scene(app, session)
    app.push_scene(scene)
    with text_audit.TextAudit() as audit:
        app.mark_dirty()
        app.render()
    said = [d.text for d in audit.placed()]
    assert any("Round 200 of 200" in t for t in said), said


@pytest.mark.parametrize("size,table", [((1024, 600), False), ((1366, 768), False), ((3840, 2160), True)])
def test_the_prison_trays_count_is_readable(size, table):
    """A reviewer could not read the "×3" beside the prisoner cap in a laptop's window: it was a
    third of the tray's height (about 8 px tall), smaller than any other text. Every count is now
    at least the smallest readable size, in every window and at a table, even with three colours
    locked up in one tray."""
    from tabletop.launch import session_from_position
    from tabletop.ui import text_audit

    app = App(AppOptions(size=size, headless=True, mute=True, table=table))
    session = session_from_position(
        SPEC, app.store, "red 1 R01:red R30:yellow R40:green R41:green home:red=red,red,red;blue=blue,blue,blue "
        "locked:red=yellow,yellow,yellow,green,green,blue round:20", [Seat("human")] * 4, seed=1)
    scene = make_scene(app, session)
    app.push_scene(scene)
    with text_audit.TextAudit() as audit:
        app.mark_dirty()
        app.render()
    counts = [e for e in audit.entries if e.text in ("×3", "×2")]
    assert {e.text for e in counts} == {"×3", "×2"}, [e.text for e in audit.entries]
    assert min(e.size for e in counts) >= scene.metrics.small, [(e.text, e.size) for e in counts]


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("size", [(3840, 2160), (1366, 768)])
def test_at_a_table_the_prompt_says_in_words_how_to_pick_another_cap(lang, size):
    """At a table the prompt ended "(hold: other piece)": a new player could tell neither what to
    hold nor what it does. It now says it in words, the whole prompt fits the seat's strip, and
    doing what it says (a finger held still on the chosen cap) lets another cap be picked."""
    from tabletop import i18n
    from tabletop.launch import session_from_position
    from tabletop.ui import text_audit

    with i18n.in_language(lang):
        app = App(AppOptions(size=size, headless=True, mute=True, table=True, lang=lang))
        session = session_from_position(SPEC, app.store, "red 3 R01:red R10:red R30:yellow home:red=red,red;yellow=yellow,yellow,yellow round:1",
                                        [Seat("human"), Seat("human")], seed=1)
        scene = make_scene(app, session)
        app.push_scene(scene)
        app.render()
        assert len(scene.movable()) > 1
        first = scene.movable()[-1]
        click(app, scene.piece_px(*first))
        assert scene.selected == first
        prompt = scene.current_prompt()
        assert "(hold" not in prompt and "(удержание" not in prompt, prompt
        words = {"en": ("hold a finger on the chosen cap", "another"), "ru": ("подержите палец", "другой колпачок")}
        assert all(w in prompt for w in words[lang]), prompt
        with text_audit.TextAudit() as audit:
            app.mark_dirty()
            app.render()
        assert not audit.cut() and not audit.outside(), [e.text for e in audit.cut() + audit.outside()]
        drawn = " ".join(e.text for e in audit.placed())
        assert " ".join(prompt.split()[-4:]) in drawn, "the whole prompt is drawn"
        scene.board_hold(scene.viewport.to_logical(*scene.piece_px(*first)))  # held still on the chosen cap
        app.render()
        assert scene.selected is None
        other = next(p for p in scene.movable() if p != first)
        click(app, scene.piece_px(*other))
        assert scene.selected == other


def _luminance(rgb) -> float:
    def channel(c: int) -> float:
        c = c / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(c) for c in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def _contrast(a, b) -> float:
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def test_every_cap_reads_on_every_field_colour():
    """A yellow cap on a yellow field showed only its symbol: its rim is a darker yellow and its
    shadow falls on one side. Each player's cap now has a ring (dark, with a light edge) that
    stands out (contrast 3:1 at least) from the field under it and from the cap itself, for every
    cap colour on the yellow, grey and dimmed fields and in every hideout."""
    from tabletop.games.trap_the_cap import scene_draw as sd
    from tabletop.games.trap_the_cap.scene import looks_of

    layout = SPEC.load_layout(App(AppOptions(size=(1366, 768), headless=True, mute=True)).store, None)
    pal = layout.palette
    plain = [pal.get("yellow", (243, 205, 43)), pal.get("grey", (142, 142, 142))]
    alpha = sd.DIM[3] / 255
    dimmed = [tuple(int(c * (1 - alpha) + d * alpha) for c, d in zip(f, sd.DIM[:3], strict=False)) for f in plain]
    fields = plain + dimmed + [p.fill for p in layout.players]
    looks = [look for look in looks_of(layout).values() if look[1] != sd.GOLD_SYMBOL]
    assert len(looks) == 4
    for r in (9, 14, 40):  # a laptop's caps, a big window's, a 4K table's
        for field in fields:
            for look in looks:
                surface = pygame.Surface((4 * r, 4 * r))
                surface.fill(field)
                sd.cap(surface, (2 * r, 2 * r), r, look)
                ring = [surface.get_at((r - k, 2 * r)) for k in range(1, r // 2)]  # just outside the cap, away
                # from its shadow: something there stands out from the field, and from the cap
                assert max(_contrast(px, field) for px in ring) >= 3.0, (r, field, look, ring)
                assert max(_contrast(px, look[0]) for px in ring) >= 3.0, (r, field, look, ring)


@pytest.mark.parametrize("mover", ["green", "yellow"])
def test_the_last_move_is_framed_in_the_movers_colour(mover):
    """The latest turn's frame and trail were Blue's blue for every mover (a Green move looked
    like Blue's). They are drawn in the mover's colour now, with a dark edge (Yellow's frame on a
    yellow field shows by its edge)."""
    from tabletop.launch import session_from_position

    app = App(AppOptions(size=(1366, 768), headless=True, mute=True))
    session = session_from_position(
        SPEC, app.store, f"{mover} 5 R01:red R10:yellow R20:green R30:yellow home:red=red,red,red;"
        "yellow=yellow,yellow;green=green,green,green;blue=blue,blue,blue,blue round:3", [Seat("human")] * 4, seed=1)
    scene = make_scene(app, session)
    app.push_scene(scene)
    app.render()
    move = max((m for m in scene.state.legal_moves() if isinstance(m, Move)), key=lambda m: len(m.path))
    scene.play(move)
    for _ in range(3):
        scene.timers.skip()
        scene.update(0.0)
    app.mark_dirty()
    app.render()
    assert [m for _b, m in scene.outline] == [move]
    rgb = tuple(scene.look(["red", "green", "yellow", "blue"].index(mover))[0])
    poly = scene._polys()[move.end]
    mids = [((a[0] + b[0]) / 2, (a[1] + b[1]) / 2) for a, b in zip(poly, poly[1:] + poly[:1], strict=True)]
    seen = [tuple(app.screen.get_at((int(x), int(y))))[:3] for x, y in mids]
    assert sum(c == rgb for c in seen) >= len(seen) // 2, (rgb, seen)
    blue = tuple(scene.look(3)[0])
    assert (30, 90, 220) not in seen and blue not in seen


@pytest.mark.parametrize("size", [(1366, 768), (3840, 2160)])
def test_a_hideout_to_move_from_glows_round_its_disc(size):
    """"Click a glowing cap": at the start every cap is in its hideout, packed, and each cap's
    glow was painted over by the caps round it, so nothing was seen to glow. The hideout to move
    from now has a white ring round its disc (the caps in it are alike), the others none."""
    import math

    app, scene = start([Seat("human"), Seat("human")], size=size)
    key(app, pygame.K_SPACE)
    app.tick(0.0)
    app.render()
    scene.cancel_selection()  # a single source is chosen for the player: the choice undone, as by Esc
    app.mark_dirty()
    app.render()
    surface = pygame.display.get_surface()

    def ring_whiteness(colour: str) -> float:
        field = next(f for f in scene.geo.fields.values() if f.kind == "hideout" and f.owner == colour)
        cx, cy = scene.to_px(field.at)
        r = scene.viewport.length(field.radius) + max(3, int(scene.viewport.length(field.radius)) // 9) * 0.5
        px = [surface.get_at((int(cx + r * math.cos(a / 16 * math.tau)), int(cy + r * math.sin(a / 16 * math.tau))))
              for a in range(16)]
        return sum(min(c.r, c.g, c.b) for c in px) / len(px)

    from tabletop.games.trap_the_cap.rules import COLOURS

    mover = COLOURS[scene.state.rules.seats[scene.state.current_player]]
    others = [c for c in COLOURS if c != mover]
    assert scene.movable() and not scene.targets()
    assert ring_whiteness(mover) > 200, "the mover's hideout has a white ring"
    assert all(ring_whiteness(c) < 150 for c in others)

"""Captain Flip in table mode: the middle area (the large board, the drawn-tile card, the score strip,
the other boards) faces the captain in focus at whichever edge he sits: 0° at the bottom, 180° at the
top, 90° at the right, 270° at the left. Clicks, drags and hover are mapped through the same turn.
The expected screen positions here are computed by hand (the upright position turned inside the
board area), not with the scene's own mapping."""

from __future__ import annotations

import pygame
import pytest
from scene_input import click, instant_scenes, move

import tabletop.launch
import tabletop.ui.game_scene
from tabletop.app import App, AppOptions
from tabletop.core.session import PlayedMove
from tabletop.games import get_game
from tabletop.games.captain_flip.moves import Place
from tabletop.games.captain_flip.rules import PLACE, UNKNOWN
from tabletop.games.captain_flip.scene_geom import BOX, card_tile
from tabletop.launch import Seat
from tabletop.ui.game_scene import GameScene, make_scene
from tabletop.ui.table import EdgePanel

SPEC = get_game("captain_flip")


@pytest.fixture(autouse=True)
def quick(monkeypatch, tmp_path):
    instant_scenes(monkeypatch, tmp_path)


def start(actor: int, table: bool = True, size=(1366, 768), players: int = 2, seed: int = 4):
    """Hot-seat game, played on by the computer until ``actor`` must place a drawn tile."""
    app = App(AppOptions(size=size, headless=True, mute=True, table=table))
    session = tabletop.launch.new_session(SPEC, app.store, players, "A", {}, [Seat("human")] * players, seed)
    for _ in range(200):
        st = session.state
        if st.actor == actor and st.phase == PLACE and len(session.played) > 2 * players:
            break
        tabletop.launch.advance(session, 1)
    assert session.state.actor == actor and session.state.phase == PLACE
    scene = make_scene(app, session)
    scene.over_shown = True
    app.push_scene(scene)
    app.render()
    return app, scene


def upright(scene, rect) -> tuple[int, int]:
    """Where the centre of a logical rectangle is drawn upright (window mode, the bottom seat)."""
    x, y, w, h = rect
    px, py = scene.viewport.to_px(x + w / 2, y + h / 2)
    return int(px), int(py)


def mirrored(scene, pos: tuple[int, int]) -> tuple[int, int]:
    """The same pixel turned 180° inside the board area."""
    a = scene.board_area
    return (a.x + a.w - 1 - (pos[0] - a.x), a.y + a.h - 1 - (pos[1] - a.y))


def turned(scene, rect) -> tuple[int, int]:
    """Where the centre of a logical rectangle is drawn for the captain in focus: upright in the
    turned area's own picture (its viewport), then turned by hand onto the board area."""
    panel, vp = scene.facing()
    x, y, w, h = rect
    u, v = vp.to_px(x + w / 2, y + h / 2)
    a = scene.board_area
    width, height = panel.size
    if panel.angle == 0:
        px, py = u, v
    elif panel.angle == 180:
        px, py = width - 1 - u, height - 1 - v
    elif panel.angle == 90:  # counter-clockwise: the picture's top edge lies along the area's left
        px, py = v, width - 1 - u
    else:
        px, py = height - 1 - v, u
    return int(a.x + px), int(a.y + py)


def left_column(scene) -> tuple[Place, tuple[float, float, float, float]]:
    """A lit column in the left part of the large board (its mirror lands off that board) and the
    space the tile would take."""
    st = scene.state
    slot = scene.slot_of(st.actor)
    board = st.layout.board
    for m in st.legal_moves():
        if isinstance(m, Place):
            space = slot.space(board, *st.next_space(st.actor, m.col))
            if space[0] + space[2] < BOX[2] * 0.35:
                return m, space
    pytest.skip("no lit column on the left of the board in this position")


def placed(scene, seat: int, col: int) -> int:
    return len(scene.state.boards[seat][col])


def test_top_seat_on_turn_clicks_where_the_turned_column_is_drawn():
    app, scene = start(actor=1)
    turn = scene.facing()
    assert turn is not None and turn[0].edge == "top"
    m, space = left_column(scene)
    before = placed(scene, 1, m.col)
    flat = upright(scene, space)
    turned = mirrored(scene, flat)
    json_before = scene.state.to_json()

    move(app, flat)  # hovering the unturned position does not light the column
    assert scene.hover_col != m.col
    click(app, flat)  # nor does clicking there place the tile
    app.render()
    assert placed(scene, 1, m.col) == before
    assert scene.state.to_json() == json_before

    move(app, turned)
    assert scene.hover_col == m.col
    app.render()
    click(app, turned)
    assert placed(scene, 1, m.col) == before + 1
    assert scene.session.played[-1] == PlayedMove(1, str(m))
    app.render()


def test_top_seat_drags_the_turned_tile_into_a_turned_column():
    app, scene = start(actor=1, size=(1920, 1080))
    m, space = left_column(scene)
    before = placed(scene, 1, m.col)
    tile = mirrored(scene, upright(scene, card_tile()))
    target = mirrored(scene, upright(scene, space))
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=tile, button=1))
    assert scene.drag
    move(app, target, held=True)
    app.render()
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=target, button=1))
    assert placed(scene, 1, m.col) == before + 1


def test_bottom_seat_on_turn_sees_it_upright():
    app, scene = start(actor=0)
    panel, _vp = scene.facing()
    assert panel.edge == "bottom" and panel.angle == 0
    m, space = left_column(scene)
    before = placed(scene, 0, m.col)
    flat = upright(scene, space)
    assert turned(scene, space) == pytest.approx(flat, abs=1)  # the upright view is the window's mapping
    json_before = scene.state.to_json()
    click(app, mirrored(scene, flat))
    assert scene.state.to_json() == json_before
    move(app, flat)
    assert scene.hover_col == m.col
    click(app, flat)
    assert placed(scene, 0, m.col) == before + 1


def test_window_mode_never_turns():
    app, scene = start(actor=1, table=False)
    assert scene.facing() is None
    m, space = left_column(scene)
    before = placed(scene, 1, m.col)
    click(app, upright(scene, space))
    assert placed(scene, 1, m.col) == before + 1


@pytest.mark.parametrize("players, actor, edge, angle", [(3, 1, "left", 270), (4, 1, "left", 270),
                                                         (4, 3, "right", 90), (5, 4, "right", 90)])
@pytest.mark.parametrize("size", [(1920, 1080), (3840, 2160)])
def test_side_seats_see_it_turned_to_their_edge(players, actor, edge, angle, size):
    """A captain at a side edge: the middle area turned 90°/270°, fitted into the area on its side;
    a click where the turned column is drawn places the tile, the upright position does not."""
    app, scene = start(actor=actor, players=players, size=size)
    panel, vp = scene.facing()
    assert (panel.edge, panel.angle) == (edge, angle)
    assert panel.size == (scene.board_area.h, scene.board_area.w)
    assert vp.rect.w >= 0.85 * min(size)  # the box's long side lies along the screen's short side
    m, space = left_column(scene)
    before = placed(scene, actor, m.col)
    at = turned(scene, space)
    json_before = scene.state.to_json()
    flat = upright(scene, space)
    move(app, flat)
    if scene.hover_col == m.col:  # the unturned pixel may land on the same column by chance
        pytest.skip("the upright and turned positions meet on this column")
    click(app, flat)
    assert scene.state.to_json() == json_before
    move(app, at)
    assert scene.hover_col == m.col
    click(app, at)
    assert placed(scene, actor, m.col) == before + 1


@pytest.mark.parametrize("size", [(1024, 600), (1366, 768), (1920, 1080)])
def test_turned_area_is_the_upright_area_turned(size, monkeypatch):
    """The pixels: the turned middle area, turned back, matches the upright drawing of the same
    position (a flat table under it; a pixel row may differ where a rounding falls differently)."""
    monkeypatch.setattr(GameScene, "draw_table_texture", lambda self, surface: surface.fill((40, 90, 60)))
    app, scene = start(actor=1, size=size)
    if not scene.state.drawn[2]:  # not flipped: the hidden side stays hidden, turned or not
        assert scene.drawn_face()[1] == UNKNOWN
    area = scene.board_area
    raw = app.screen.subsurface(area).copy()
    turned = pygame.transform.rotate(raw, 180)
    panel, vp = scene.facing()
    assert panel.angle == 180
    bottom = (EdgePanel(panel.seat, "bottom", panel.size, panel.screen_rect.copy(), "middle"), vp)
    monkeypatch.setattr(scene, "facing", lambda: bottom)  # the same picture, not turned
    scene.drop_caches()
    scene.dirty = True
    app.render()
    flat = app.screen.subsurface(area).copy()
    box = scene.viewport.rect.move(-area.x, -area.y)
    points = [(x, y) for x in range(box.left, box.right, 2) for y in range(box.top, box.bottom, 2)]
    assert sum(turned.get_at(p) == flat.get_at(p) for p in points) >= 0.98 * len(points)
    # and the screen really showed it turned: as it was, it differs from the upright drawing widely
    assert sum(raw.get_at(p) != flat.get_at(p) for p in points) > 0.3 * len(points)


def _drawn(scene, seat):
    """The captain's large board and the drawn tile as drawn in the turned area's own picture (px)."""
    from tabletop.games.captain_flip import scene_draw as sd

    panel, vp = scene.facing()
    return panel, vp, sd.px(vp, scene.slot_of(seat).board_rect(scene.board)), sd.px(vp, scene.parts.tile)


@pytest.mark.parametrize("players, actor", [(4, 1), (4, 3), (5, 2), (5, 4)])
def test_a_side_seat_gets_the_whole_area_with_his_board_and_tile_large(players, actor):
    """At a side edge the area turned to him is taller than wide: the parts are laid out in the
    tall box, which fills it (the wide box left a third empty), so his board is about as large as
    the bottom seat's and the drawn tile larger; nothing in the tall box overlaps."""
    from tabletop.games.captain_flip.scene_geom import TALL_BOX

    app, scene = start(actor=actor, players=players, size=(3840, 2160))
    panel, vp, board, tile = _drawn(scene, actor)
    assert panel.edge in ("left", "right") and scene.parts.tall
    w, h = panel.size
    assert vp.rect.w * vp.rect.h >= 0.97 * w * h, "a band of the area is left empty"
    pygame.display.quit()
    _app, bottom = start(actor=0, players=players, size=(3840, 2160))
    _panel, _vp, board0, tile0 = _drawn(bottom, 0)
    assert not bottom.parts.tall
    assert board.h >= 0.85 * board0.h and board.w >= 0.85 * board0.w
    assert tile.w >= tile0.w
    parts = scene.parts
    rects = [parts.main, parts.card, parts.strip] + parts.other_rects(players - 1)
    for i, (x, y, rw, rh) in enumerate(rects):
        assert x >= 0 and y >= 0 and x + rw <= TALL_BOX[2] + 1e-6 and y + rh <= TALL_BOX[3] + 1e-6
        for ox, oy, ow, oh in rects[i + 1:]:
            assert min(x + rw, ox + ow) <= max(x, ox) or min(y + rh, oy + oh) <= max(y, oy), "parts overlap"
    tx, ty, tw, th = parts.tile
    cx, cy, cw, ch = parts.card
    assert cx <= tx and tx + tw <= cx + cw and cy <= ty and ty + th <= cy + ch


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_small_boards_keep_board_bs_later_value_once_the_first_is_taken(lang):
    """Five captains at a 4K table, in Russian: once board B's first value of a column was
    taken, the small boards showed a lone dot ("теперь 0" fits no thumbnail) while the large
    board said "теперь 0"; they now show the value left, "0"."""
    from tabletop.games.captain_flip import scene_draw as sd
    from tabletop.i18n import set_language
    from tabletop.ui import text_audit

    app = App(AppOptions(size=(3840, 2160), headless=True, mute=True, table=True, lang=lang))
    try:
        session = tabletop.launch.new_session(SPEC, app.store, 5, "B", {}, [Seat("human")] * 5, 3)
        scene = make_scene(app, session)
        app.push_scene(scene)
        scene.state.kraken = 0b1001  # columns 1 (1/0) and 4 (0/2): their first values are taken
        scene._changed()
        app.render()
        _panel, vp = scene.facing()
        board = scene.board
        small = [s for s in scene.current_slots() if not s.big]
        assert len(small) == 4
        for slot in small:
            surface = pygame.Surface((4000, 4000))
            with text_audit.TextAudit() as audit:
                scene.painter.kraken_tags(surface, vp, slot)
            for ci, left in ((0, "0"), (3, "2")):
                column = board.columns[ci]
                space = sd.px(vp, slot.space(board, ci, column.top)).union(sd.px(vp, slot.tag(board, ci)))
                said = [d.text for d in audit.placed() if space.contains(pygame.Rect(d.rect))]
                assert said and said[-1].endswith(left), (slot.seat, ci, said)
    finally:
        set_language("en")


def test_a_captains_own_board_in_his_strip_says_what_board_b_still_pays():
    """The ship on a captain's score card at the table drew board B's printed "1 / 0" for good;
    once another captain completed that column first it now says "now 0" (or "0" where the words
    do not fit), as the boards in the middle do, and the card is redrawn when that happens."""
    from tabletop.ui import text_audit

    app = App(AppOptions(size=(3840, 2160), headless=True, mute=True, table=True))
    session = tabletop.launch.new_session(SPEC, app.store, 3, "B", {}, [Seat("human")] * 3, 3)
    scene = make_scene(app, session)
    app.push_scene(scene)
    app.render()

    def card_texts() -> list[str]:
        surface = pygame.Surface((1200, 1400))
        with text_audit.TextAudit() as audit:
            scene.draw_seat_extra(surface, surface.get_rect(), 1, False)
        return [d.text for d in audit.placed()]

    before = scene.table_strip_key(1)
    assert "1 / 0" in card_texts()
    scene.state.kraken = 0b0001  # column 1 (1/0) was completed first by someone
    scene._changed()
    said = card_texts()
    assert "1 / 0" not in said and ("now 0" in said or "0" in said), said
    assert scene.table_strip_key(1) != before, "the card is drawn anew"


def ship_words(monkeypatch, lang: str, size, variant: str, players: int, seed: int, seats=(1,)):
    """(card size, seat, column, the words drawn in its top space or tag) for every top space with a
    bonus on the ships that captains' score cards at a table draw (``seats``' cards)."""
    from tabletop.games.captain_flip import scene_draw as sd
    from tabletop.i18n import set_language
    from tabletop.ui import text_audit

    app = App(AppOptions(size=size, headless=True, mute=True, table=True, lang=lang))
    out = []
    try:
        session = tabletop.launch.new_session(SPEC, app.store, players, variant, {}, [Seat("human")] * players, seed)
        scene = make_scene(app, session)
        app.push_scene(scene)
        cards: list[tuple[int, int]] = []
        paint_card = sd.paint_seat_card
        monkeypatch.setattr(sd, "paint_seat_card", lambda surf, rect, *a: cards.append(rect.size) or paint_card(surf, rect, *a))
        app.render()
        boards = []
        paint_board = sd.paint_lone_board
        monkeypatch.setattr(sd, "paint_lone_board", lambda *a, **k: boards.append(paint_board(*a, **k)) or boards[-1])
        board = scene.board
        for card, seat in {(card, seat) for card in cards for seat in seats}:
            surface = pygame.Surface(card)
            boards.clear()
            with text_audit.TextAudit() as audit:
                scene.draw_seat_extra(surface, surface.get_rect(), seat, False)
            if not boards:
                continue  # a card with no room for the ship
            vp, slot = boards[-1]
            for ci, column in enumerate(board.columns):
                if column.bonus.kind == "none":
                    continue
                space = sd.px(vp, slot.space(board, ci, column.top)).union(sd.px(vp, slot.tag(board, ci)))
                out.append((card, seat, column.bonus.kind,
                            [d.text for d in audit.placed() if space.contains(pygame.Rect(d.rect))]))
    finally:
        set_language("en")
    return out


@pytest.mark.parametrize(("lang", "size"), [("en", (3840, 2160)), ("ru", (3840, 2160)), ("ru", (1366, 768))])
def test_a_captains_own_board_in_his_strip_says_board_es_conditions(monkeypatch, lang, size):
    """At a 4K table the ship on a captain's score card drew board E's "Map if =" as the Treasure
    Map alone (no room under it for a word at the tiny type), so the condition was lost; in
    Russian the flip bonus lost its "≠" the same way. Each of the three bonuses now keeps its
    condition under its picture (a smaller one) or in its words, as the large board's tags say it."""
    wants = {"map_if_all_identical": "=", "flip_if_all_different": "≠", "draw_if_all_identical": "="}
    spaces = [(card, kind, said) for card, _seat, kind, said in ship_words(monkeypatch, lang, size, "E", 2, 3)
              if kind in wants]
    assert spaces, "a card held the ship"
    for card, kind, said in spaces:
        assert any(wants[kind] in words for words in said), (card, kind, said)


def finger(app, kind: int, pos) -> None:
    """A finger event, as a touch screen sends it (the app makes the press, the hover, the lift)."""
    w, h = app.screen.get_size()
    app.dispatch(pygame.event.Event(kind, x=pos[0] / w, y=pos[1] / h, dx=0.0, dy=0.0, finger_id=1, touch_id=1,
                                    pressure=1.0))


def press(app, pos) -> None:
    finger(app, pygame.FINGERDOWN, pos)


def lift(app, pos) -> None:
    finger(app, pygame.FINGERUP, pos)


def test_a_finger_resting_on_a_lit_column_reads_its_card_and_places_nothing():
    """At a table the tile goes down when the finger lifts where it pressed, not on the press: a
    finger held on a column shows that column's card and, held still (a hold), lifts without
    placing; a finger lifted on another column places nothing either. A tap still places."""
    app, scene = start(actor=0)
    m, space = left_column(scene)
    at = turned(scene, space)
    before = placed(scene, 0, m.col)

    press(app, at)  # a finger lands on the lit column and rests there
    app.render()
    assert placed(scene, 0, m.col) == before  # not placed on the press
    assert scene.hover_col == m.col  # the column is lit under the finger
    scene.board_hold(scene.viewport.to_logical(*at))  # held still: a hold
    lift(app, at)
    app.render()
    assert placed(scene, 0, m.col) == before  # lifted after reading: nothing placed

    other = next(mv for mv in scene.state.legal_moves() if isinstance(mv, Place) and mv.col != m.col)
    slot = scene.slot_of(0)
    elsewhere = turned(scene, slot.space(scene.state.layout.board, *scene.state.next_space(0, other.col)))
    press(app, at)
    lift(app, elsewhere)  # slid to another column before lifting: a slip, not a choice
    app.render()
    assert placed(scene, 0, m.col) == before and placed(scene, 0, other.col) == len(scene.state.boards[0][other.col])
    assert len(scene.state.legal_moves()) > 1 and scene.state.phase == PLACE

    press(app, at)
    lift(app, at)  # a tap
    assert placed(scene, 0, m.col) == before + 1
    assert scene.session.played[-1] == PlayedMove(0, str(m))


def test_a_click_in_a_window_still_places_on_the_press():
    app, scene = start(actor=0, table=False)
    m, space = left_column(scene)
    before = placed(scene, 0, m.col)
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=upright(scene, space), button=1))
    assert placed(scene, 0, m.col) == before + 1


def test_board_ds_pay_space_on_a_captains_own_small_board_is_not_blank(monkeypatch):
    """The reviewer's 4K table in Russian: on a captain's ship in his strip, board D's last column
    (costs 1 coin) was a blank gold space: «плата 1» did not fit at the smallest readable size;
    it now says "-1" there, as "+3" says the first column's coins."""
    spaces = [(card, seat, said) for card, seat, kind, said
              in ship_words(monkeypatch, "ru", (3840, 2160), "D", 4, 8, seats=range(4)) if kind == "pay_to_place"]
    assert spaces, "a card held the ship"
    for card, seat, said in spaces:
        assert any("1" in words for words in said), (card, seat, said)

"""Table mode geometry: the plan gives the board at least 85% of the screen's short side and every
seat a strip at its own edge (a band, a corner block or a share of a side column), strips never
overlap each other or the board, and the turn of a strip maps clicks back to the exact upright
point."""

import pygame
import pytest

from tabletop.ui.table import (
    ANGLE,
    EDGES_BY_PLAYERS,
    MIN_SHARE,
    EdgePanel,
    SeatPlace,
    Sizes,
    default_places,
    facing_frame,
    plan_table,
    uncovered,
)
from tabletop.ui.theme import Metrics

ASPECTS = {"trap_the_cap": 1.0, "captain_flip": 1000 / 760, "plakoto": 1.54, "chicken_chase": 1600 / 960}
SCREENS = [(3840, 2160), (1920, 1080), (1366, 768), (1024, 600)]


def sizes_for(h: int) -> Sizes:
    m = Metrics(h)
    return Sizes(band=m.button_h + m.pad, block=5 * m.button_h, side=2 * m.button_h, margin=m.pad // 2)


def touches_its_edge(panel: EdgePanel, w: int, h: int) -> bool:
    r = panel.screen_rect
    return {"bottom": r.bottom == h, "top": r.top == 0, "left": r.left == 0, "right": r.right == w}[panel.edge]


def check_plan(size, aspect, places):
    w, h = size
    plan = plan_table(size, aspect, places, sizes_for(min(size)))
    screen = pygame.Rect((0, 0), size)
    assert [p.seat for p in plan.panels] == list(range(len(places)))
    assert screen.contains(plan.board)
    for i, p in enumerate(plan.panels):
        assert p.edge == places[i].edge
        assert screen.contains(p.screen_rect), p
        assert touches_its_edge(p, w, h), p
        assert not p.screen_rect.colliderect(plan.board), p
        pw, ph = p.size
        assert p.screen_rect.size == ((pw, ph) if p.angle in (0, 180) else (ph, pw))
        for other in plan.panels[i + 1:]:
            assert not p.screen_rect.colliderect(other.screen_rect), (p, other)
    return plan


@pytest.mark.parametrize("size", SCREENS)
@pytest.mark.parametrize("game", list(ASPECTS))
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_board_takes_most_of_the_short_side_and_every_seat_gets_its_edge(size, game, players):
    plan = check_plan(size, ASPECTS[game], default_places(players))
    assert plan.drawn_height(ASPECTS[game]) >= MIN_SHARE * min(size)


@pytest.mark.parametrize("size", [(3840, 2160), (1920, 1080)])
def test_strips_go_to_the_corner_nearest_the_seats_home(size):
    """Trap the Cap's seats by their hideouts: red at the right edge near the top (NE), green at the
    top near the left (NW), yellow at the left near the bottom (SW), blue at the bottom near the
    right (SE): a pinwheel, every strip in a corner beside the board."""
    w, h = size
    places = [SeatPlace("right", "top"), SeatPlace("top", "left"), SeatPlace("left", "bottom"),
              SeatPlace("bottom", "right")]
    plan = check_plan(size, 1.0, places)
    red, green, yellow, blue = (p.screen_rect for p in plan.panels)
    assert red.right == w and red.top == 0 and red.bottom <= h // 2 + 1
    assert green.left == 0 and green.top == 0
    assert yellow.left == 0 and yellow.bottom == h and yellow.top >= h // 2 - 1
    assert blue.right == w and blue.bottom == h
    assert [p.kind for p in plan.panels] == ["side", "block", "side", "block"]
    assert plan.drawn_height(1.0) >= 0.94 * h


def test_a_wide_board_gives_top_and_bottom_seats_bands():
    plan = check_plan((3840, 2160), ASPECTS["chicken_chase"], default_places(4))
    kinds = {p.edge: p.kind for p in plan.panels}
    assert kinds == {"bottom": "band", "top": "band", "left": "side", "right": "side"}
    for p in plan.panels:
        if p.kind == "band":
            assert p.size[1] == sizes_for(2160).band


def test_two_seats_with_homes_at_one_end_share_that_end():
    """Plakoto: both home boards are at the right: the board moves left, both strips stand at the
    right end, White's at the bottom, Black's at the top."""
    plan = check_plan((3840, 2160), ASPECTS["plakoto"], [SeatPlace("bottom", "right"), SeatPlace("top", "right")])
    white, black = (p.screen_rect for p in plan.panels)
    assert white.right == 3840 and black.right == 3840
    assert plan.board.right <= white.left
    assert plan.drawn_height(ASPECTS["plakoto"]) >= 0.94 * 2160


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_a_portrait_screen_is_planned_too(players):
    check_plan((1080, 1920), 1.0, default_places(players))


def test_default_edges_go_round_the_table_clockwise():
    assert [p.edge for p in default_places(4)] == EDGES_BY_PLAYERS[4] == ["bottom", "left", "top", "right"]
    plan = plan_table((3840, 2160), 1.3, default_places(5), sizes_for(2160))
    first, second = plan.panels[0].screen_rect, plan.panels[1].screen_rect
    assert first.centerx > second.centerx  # clockwise along the bottom edge: right to left


def test_uncovered_and_covers_tile_the_screen_exactly():
    screen = pygame.Rect(0, 0, 400, 300)
    covers = [pygame.Rect(0, 0, 100, 300), pygame.Rect(300, 0, 100, 150), pygame.Rect(120, 40, 150, 200)]
    free = uncovered(screen, covers)
    pieces = free + covers
    assert sum(r.w * r.h for r in pieces) == screen.w * screen.h
    for i, a in enumerate(pieces):
        assert screen.contains(a)
        for b in pieces[i + 1:]:
            assert not a.colliderect(b), (a, b)


@pytest.mark.parametrize("players", [4, 5])
def test_inverse_transform_is_exact_for_every_rotation(players):
    plan = plan_table((1920, 1080), 1.0, default_places(players), sizes_for(1080))
    for panel in plan.panels:
        w, h = panel.size
        for local in [(0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1), (w // 3, h // 2), (17, 41)]:
            screen = panel.to_screen(local)
            assert panel.screen_rect.collidepoint(screen)
            assert panel.to_local((int(screen[0]), int(screen[1]))) == local


def test_rotated_panel_pixels_match_the_transform():
    """Draw a marker upright, turn it as the app does, and find it where to_screen says."""
    pygame.init()
    plan = plan_table((800, 600), 1.0, default_places(4), sizes_for(600))
    for panel in plan.panels:
        upright = pygame.Surface(panel.size)
        upright.fill((0, 0, 0))
        upright.set_at((13, 29), (255, 0, 0))
        screen = pygame.Surface((800, 600))
        panel.blit(screen, upright)
        x, y = panel.to_screen((13, 29))
        assert screen.get_at((int(x), int(y)))[:3] == (255, 0, 0), panel.edge


def test_a_turned_region_lands_where_its_corners_go():
    pygame.init()
    for edge in ANGLE:
        frame = facing_frame(edge, (640, 480))
        region = pygame.Rect(50, 70, 120, 90)
        upright = pygame.Surface(region.size)
        upright.fill((0, 0, 0))
        upright.set_at((5, 7), (0, 255, 0))
        screen = pygame.Surface((640, 480))
        frame.blit(screen, upright, region)
        x, y = frame.to_screen((region.x + 5, region.y + 7))
        assert screen.get_at((int(x), int(y)))[:3] == (0, 255, 0), edge
        assert frame.rect_to_screen(region).size == (region.size if frame.angle in (0, 180) else region.size[::-1])


def test_top_panel_blit_is_the_180_degree_turn():
    """The top edge's panel is mirrored both ways (faster than a rotation): pixel for pixel the
    same picture as turning it 180 degrees."""
    pygame.init()
    plan = plan_table((640, 480), 1.6, default_places(2), sizes_for(480))
    top = next(p for p in plan.panels if p.edge == "top")
    upright = pygame.Surface(top.size)
    for x in range(0, top.size[0], 7):
        for y in range(0, top.size[1], 5):
            upright.set_at((x, y), ((x * 3) % 256, (y * 5) % 256, (x + y) % 256))
    screen = pygame.Surface((640, 480))
    top.blit(screen, upright)
    turned = pygame.transform.rotate(upright, 180)
    shown = screen.subsurface(top.screen_rect)
    assert all(shown.get_at((x, y)) == turned.get_at((x, y))
               for x in range(top.size[0]) for y in range(0, top.size[1], 3))


@pytest.mark.parametrize("edge", ["left", "right"])
def test_a_big_quarter_turn_by_tiles_is_the_whole_turn(edge):
    pygame.init()
    upright = pygame.Surface((700, 530))
    for x in range(0, 700, 3):
        for y in range(0, 530, 7):
            upright.set_at((x, y), ((x * 7) % 256, (y * 3) % 256, (x ^ y) % 256))
    panel = EdgePanel(0, edge, (700, 530), pygame.Rect(0, 0, 530, 700))
    turned = panel.turn(upright)
    whole = pygame.transform.rotate(upright, ANGLE[edge])
    assert pygame.image.tobytes(turned, "RGB") == pygame.image.tobytes(whole, "RGB")


def test_a_see_through_card_keeps_its_transparency_when_turned():
    pygame.init()
    card = pygame.Surface((900, 700), pygame.SRCALPHA)
    card.fill((0, 0, 0, 0))
    pygame.draw.rect(card, (200, 100, 50, 255), pygame.Rect(100, 100, 300, 200))
    for edge in ("left", "right", "top"):
        turned = facing_frame(edge, (1600, 1000)).turn(card)
        assert turned.get_at((0, 0)).a == 0, edge
        whole = pygame.transform.rotate(card, ANGLE[edge])
        assert pygame.image.tobytes(turned, "RGBA") == pygame.image.tobytes(whole, "RGBA"), edge


def test_a_score_line_wraps_between_its_parts_not_inside_one():
    """A score line over two lines breaks after its "·", not before the number ("pips:" over "353")."""
    from tabletop.ui import theme
    from tabletop.ui.table_frame import wrap_parts

    pygame.font.init()
    text = "0 из 5 оч. · пипсов: 353"
    width = theme.font(20).size("0 из 5 оч. · пипсов:")[0] + 2
    assert theme.wrap(text, 20, width)[-1] == "353"  # word by word the number is left alone
    assert wrap_parts(text, 20, width) == ["0 из 5 оч. ·", "пипсов: 353"]
    narrow = theme.font(20).size("пипсов:")[0] + 2  # a part alone too wide: word by word again
    assert wrap_parts(text, 20, narrow) == theme.wrap(text, 20, narrow)

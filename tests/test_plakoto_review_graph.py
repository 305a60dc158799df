"""The game review's graph reads as a chart: the turn numbers under it step evenly and the selected
turn's ring stays inside the plot. Seen in a real window (1366×768, Russian, a game of 45 reviewed
turns): the numbers ran "2 4 6 8 12 16 20 … 56 62 66 … 78 84 88" (the one-digit ones fitted
closer), and the ring round the last turn covered the right axis' "100%"."""

import pygame
import pytest

from tabletop.games.plakoto.layout import load_layout
from tabletop.games.plakoto.review_graph import GraphPoint, paint_graph, plan_graph, ring_radius, tick_indices
from tabletop.layout import BoardStore
from tabletop.ui import theme
from tabletop.ui.text_audit import TextAudit


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    pygame.init()  # never quit here: the theme's font cache outlives this module


def one_players_turns(count: int, game: int = 0, first: int = 2) -> list[GraphPoint]:
    return [GraphPoint(0.5, 0, game, first + 2 * k, False) for k in range(count)]


@pytest.mark.parametrize("count", [5, 12, 30, 45, 60, 90])
@pytest.mark.parametrize("width", [600, 735, 1000])
def test_the_turn_numbers_step_evenly_and_never_touch(count, width):
    m = theme.Metrics(768)
    points = one_players_turns(count)
    plan = plan_graph(pygame.Rect(0, 0, width, 180), len(points), m)
    ticks = tick_indices(points, plan.xs, m.small, m.pad)
    assert ticks[0] == 0
    strides = {b - a for a, b in zip(ticks, ticks[1:], strict=False)}
    assert len(strides) <= 1, [points[i].number for i in ticks]
    f = theme.font(m.small)
    for a, b in zip(ticks, ticks[1:], strict=False):
        right = plan.xs[a] + f.size(str(points[a].number))[0] / 2
        left = plan.xs[b] - f.size(str(points[b].number))[0] / 2
        assert left > right, (points[a].number, points[b].number)


def test_each_game_of_a_match_starts_its_numbers_again():
    m = theme.Metrics(768)
    points = one_players_turns(20) + one_players_turns(20, game=1, first=1)
    plan = plan_graph(pygame.Rect(0, 0, 735, 180), len(points), m)
    ticks = tick_indices(points, plan.xs, m.small, m.pad)
    assert 20 in ticks and points[20].number == 1, "the second game's first turn is numbered"


@pytest.mark.parametrize("count", [1, 2, 45, 200])
def test_the_selected_turns_ring_stays_inside_the_plot(count):
    m = theme.Metrics(768)
    plan = plan_graph(pygame.Rect(0, 0, 735, 180), count, m)
    ring = ring_radius(m.small)
    assert plan.plot.x <= plan.xs[0] - ring and plan.xs[-1] + ring <= plan.plot.right


def test_every_game_of_a_match_is_named_the_first_too():
    """The match's graph named "Game 2" and "Game 3" where they start, and the first game nothing."""
    m = theme.Metrics(768)
    points = one_players_turns(20) + one_players_turns(20, game=1, first=1) + one_players_turns(9, game=2)
    surface = pygame.Surface((760, 200))
    with TextAudit() as audit:
        paint_graph(surface, pygame.Rect(0, 0, 735, 180), points, 3, ("White", "Black"),
                    load_layout(BoardStore()), m)
    drawn = [e.text for e in audit.entries]
    assert {"Game 1", "Game 2", "Game 3"} <= set(drawn), drawn
    with TextAudit() as audit:
        paint_graph(surface, pygame.Rect(0, 0, 735, 180), points[:20], 3, ("White", "Black"),
                    load_layout(BoardStore()), m)
    assert "Game 1" not in [e.text for e in audit.entries], "a single game is not named"


def test_the_line_is_broken_between_the_games_of_a_match(monkeypatch):
    """Seen in a real window (a match to 3, Russian): the line ran on from game 1's last turn (White
    near 0%) up to game 2's first (near 70%), a swing no turn made: each game gets its own line."""
    m = theme.Metrics(768)
    points = ([GraphPoint(0.05, 0, 0, 2 + 2 * k, False) for k in range(10)]
              + [GraphPoint(0.95, 0, 1, 1 + 2 * k, False) for k in range(10)])
    drawn: list[list[tuple[int, int]]] = []
    real = pygame.draw.lines
    monkeypatch.setattr(pygame.draw, "lines", lambda s, c, closed, pts, w=1: (drawn.append(list(pts)),
                                                                             real(s, c, closed, pts, w))[1])
    surface = pygame.Surface((760, 200))
    plan = paint_graph(surface, pygame.Rect(0, 0, 735, 180), points, None, ("White", "Black"),
                       load_layout(BoardStore()), m)
    xs = plan.xs
    assert drawn, "the games' lines are drawn"
    for line in drawn:
        ends = {x for x, _ in line}
        assert not (xs[9] in ends and xs[10] in ends), "a line joins game 1's last turn to game 2's first"
    assert sum(len(line) for line in drawn) == len(points)


@pytest.mark.parametrize("height", [180, 240])
@pytest.mark.parametrize("count", [12, 40, 120])
def test_no_dot_or_ring_covers_a_games_name(monkeypatch, height, count):
    """Seen in a match review: "Game 2" stood inside the plot's top and a game near 100% drew its
    dots over it. The games' names now have a band of their own over the 100% line."""
    m = theme.Metrics(768)
    points = ([GraphPoint(0.99, 0, 0, 1 + 2 * k, k % 3 == 0) for k in range(count)]
              + [GraphPoint(1.0, 1, 1, 1 + 2 * k, k % 4 == 0) for k in range(count)]
              + [GraphPoint(0.97, 0, 2, 2 + 2 * k, False) for k in range(count)])
    circles: list[pygame.Rect] = []
    real = pygame.draw.circle

    def circle(surface, colour, at, radius, width=0):
        circles.append(pygame.Rect(at[0] - radius, at[1] - radius, 2 * radius + 1, 2 * radius + 1))
        return real(surface, colour, at, radius, width)

    lines: list[tuple[int, int]] = []
    real_lines = pygame.draw.lines

    def polyline(surface, colour, closed, pts, width=1):
        lines.extend(pts)
        return real_lines(surface, colour, closed, pts, width)

    monkeypatch.setattr(pygame.draw, "circle", circle)
    monkeypatch.setattr(pygame.draw, "lines", polyline)
    surface = pygame.Surface((760, height + 20))
    for selected, hover in ((count, None), (0, 2 * count), (None, count + 1)):
        circles.clear()
        lines.clear()
        with TextAudit() as audit:
            paint_graph(surface, pygame.Rect(0, 0, 735, height), points, selected, ("White", "Black"),
                        load_layout(BoardStore()), m, hover=hover, hover_text="turn")
        names = [pygame.Rect(e.rect) for e in audit.placed() if e.text.startswith("Game ")]
        assert len(names) == 3
        assert circles and lines
        for name in names:
            assert name.collidelist(circles) < 0, (name, circles[name.collidelist(circles)])
            assert all(y > name.bottom for _, y in lines), "a game's line runs over the names"

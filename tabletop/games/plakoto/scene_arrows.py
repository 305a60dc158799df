"""Whole Plakoto turns drawn on the board as arrows: the hint's best turns, the review's played turn
and best turn.

Why each turn is played out on a copy of the position: an arrow runs from the checker that moves to
the place it lands *after the steps before it* (a checker moved twice, two checkers stacking on one
point), so the arrows read as the turn a player would make. :func:`turn_segments` does that once
(the caller keeps the pixels while the picture stays); :func:`paint_turns` only draws them.

Turns that share a step would hide each other: each turn's arrows are shifted a little sideways
(the first not at all), their labelled discs stand where no other disc is (``disc_centres``: the
first turn's at the arrows' ends), and the first turn is drawn last, on top. Colour is never the only cue: every arrow
ends in a disc with the turn's label (its rank), and an arrow may be dashed (a played turn).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from tabletop.core.errors import IllegalMoveError
from tabletop.games.plakoto.rules import PlakotoState, Step
from tabletop.games.plakoto.scene_draw import BoardGeom
from tabletop.ui import draw, text_audit, theme

Colour = tuple[int, int, int]
Pixel = tuple[int, int]
Segment = tuple[Pixel, Pixel]

RANK_COLOURS: tuple[Colour, ...] = ((34, 150, 74), (36, 104, 210), (150, 62, 176))
"""The hint's first, second and third turn (green, blue, purple: apart from the board's reds and
creams and from each other for most colour-blind eyes; the number in each disc says it anyway)."""
PLAYED = (196, 84, 22)
"""The review's played turn (dashed, orange), beside the best turn in the first rank's green."""
SHIFT = (0.0, 0.42, -0.42)
"""Sideways shift of each turn's arrows, in checker radii."""


@dataclass(frozen=True)
class ShownTurn:
    """One turn to draw: its steps (mover's numbering), colour, the label in its discs, dashes."""

    steps: tuple[Step, ...]
    colour: Colour
    label: str = ""
    dashed: bool = False


def turn_segments(g: BoardGeom, state: PlakotoState, steps: Sequence[Step]) -> list[Segment]:
    """Pixel (start, end) of each step of a turn played from ``state``: from the top checker of
    its point to where that checker then stands (its tray's slab when borne off). Stops at a step
    the position does not allow (never expected: the steps come from the rules)."""
    s = state.copy()
    seat = state.turn
    layout = g.layout
    out: list[Segment] = []
    for step in steps:
        src = s.absolute(step.frm, seat)
        top, count, pinned = s.point(src)
        if top != seat or count < 1:
            break
        _, tops = g.stack(layout.point(src), count, pinned is not None)
        start = g.px(*tops[-1])
        try:
            s.apply(step)
        except IllegalMoveError:
            break
        if step.to == 0:
            end = g.tray_slab(seat, max(0, s.off[seat] - 1)).center
        else:
            dst = s.absolute(step.to, seat)
            _, count2, pinned2 = s.point(dst)
            _, tops2 = g.stack(layout.point(dst), max(1, count2), pinned2 is not None)
            end = g.px(*tops2[-1])
        out.append((start, (int(end[0]), int(end[1]))))
    return out


def paint_turns(surface: pygame.Surface, g: BoardGeom, turns: Sequence[tuple[ShownTurn, list[Segment]]],
                text_size: int, turned: bool = False) -> None:
    """The turns' arrows, the first on top; ``turned``: labels upside down (a player at the top
    edge of a table reads them)."""
    radius = g.radius()
    width = max(3, radius // 3)
    disc = max(int(radius * 0.55), int(text_size * 0.72))
    shifts = [SHIFT[k % len(SHIFT)] * radius for k in range(len(turns))]
    centres = disc_centres([segments for _, segments in turns], shifts, disc)
    for k in range(len(turns) - 1, -1, -1):
        shown, segments = turns[k]
        for start, end in segments:
            _arrow(surface, start, end, shifts[k], width, disc, shown, rim=radius * 0.8)
    # the discs after every shaft: a turn's next step starts where its last one ends, and its
    # start dot used to cover the disc there
    for k in range(len(turns) - 1, -1, -1):
        for centre in centres[k]:
            _disc(surface, centre, disc, turns[k][0], text_size, turned)


def _shifted(start: Pixel, end: Pixel, shift: float) -> tuple[tuple[float, float], tuple[float, float], float]:
    """The step's line moved ``shift`` pixels sideways: its start, end and length."""
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = math.hypot(dx, dy)
    if length < 1:
        return (float(start[0]), float(start[1])), (float(end[0]), float(end[1])), 0.0
    px, py = -dy / length * shift, dx / length * shift
    return (start[0] + px, start[1] + py), (end[0] + px, end[1] + py), length


def disc_centres(turns: Sequence[Sequence[Segment]], shifts: Sequence[float], disc: int) -> list[list[Pixel]]:
    """Where each step's labelled disc stands: on its arrow, as near its end as it can be without
    touching a disc placed before it (the first turn's first, at their ends).

    Why search and not a fixed offset per rank: two turns often share a step, or land one beside
    the other, and a fixed offset still let their numbers cover each other. Each disc slides back
    along its own shaft in steps of half a disc until it is clear of the others; on a step too
    short for that, it stands beside its arrow's end, at the free place nearest the shaft (or, when
    every place is taken, the one farthest from the others)."""
    gap = 2 * disc + 4
    placed: list[tuple[float, float]] = []
    out: list[list[Pixel]] = []

    def room(c: tuple[float, float]) -> float:
        return min((math.hypot(c[0] - x, c[1] - y) for x, y in placed), default=math.inf)

    for segments, shift in zip(turns, shifts, strict=True):
        row: list[Pixel] = []
        for start, end in segments:
            a, b, length = _shifted(start, end, shift)
            ux, uy = ((b[0] - a[0]) / length, (b[1] - a[1]) / length) if length >= 1 else (0.0, -1.0)
            places = [(b[0] - ux * t, b[1] - uy * t)
                      for t in _steps(0.0, max(0.0, length - 2 * disc), disc / 2)]
            # beside the end: from straight back along the shaft round to either side
            for turn in (1, -1, 2, -2, 3, -3, 4):
                angle = math.atan2(-uy, -ux) + turn * math.pi / 4
                places.append((b[0] + gap * math.cos(angle), b[1] + gap * math.sin(angle)))
            choice = next((c for c in places if room(c) >= gap), None)
            if choice is None:
                choice = max(places, key=room)
            placed.append(choice)
            row.append((round(choice[0]), round(choice[1])))
        out.append(row)
    return out


def _steps(first: float, last: float, step: float) -> list[float]:
    out = []
    t = first
    while t <= last:
        out.append(t)
        t += step
    return out


def _arrow(surface: pygame.Surface, start: Pixel, end: Pixel, shift: float, width: int, disc: int,
           shown: ShownTurn, rim: float = 0.0) -> None:
    """One step's arrow, shifted sideways; its head stops ``disc`` short of the end, and its start
    dot stands ``rim`` from the start, on the checker's edge: on its middle the arrows hid the
    count of a tall stack ("14" on the 24-point)."""
    a, b, length = _shifted(start, end, shift)
    if length < 1:
        return
    ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    head = width * 2.2
    if length > rim + disc + head:
        a, length = (a[0] + ux * rim, a[1] + uy * rim), length - rim
    tip = (b[0] - ux * disc, b[1] - uy * disc)
    base = (tip[0] - ux * head, tip[1] - uy * head)
    if length > disc + head:
        _line(surface, a, base, width + 4, theme.WHITE, shown.dashed)
        _line(surface, a, base, width, shown.colour, shown.dashed)
    wing = (-uy * head * 0.6, ux * head * 0.6)
    tri = [tip, (base[0] + wing[0], base[1] + wing[1]), (base[0] - wing[0], base[1] - wing[1])]
    pygame.draw.polygon(surface, theme.WHITE, tri, width=3)
    pygame.draw.polygon(surface, shown.colour, tri)
    pygame.draw.circle(surface, theme.WHITE, (round(a[0]), round(a[1])), width // 2 + 3)
    pygame.draw.circle(surface, shown.colour, (round(a[0]), round(a[1])), width // 2 + 1)


def _disc(surface: pygame.Surface, centre: Pixel, disc: int, shown: ShownTurn, text_size: int,
          turned: bool) -> None:
    """A step's disc with its turn's label (upside down when ``turned``)."""
    pygame.draw.circle(surface, theme.WHITE, centre, disc + 2)
    pygame.draw.circle(surface, shown.colour, centre, disc)
    if shown.label:
        img = theme.render(shown.label, text_size, theme.WHITE, True)
        if turned:
            img = pygame.transform.flip(img, True, True)
        rect = img.get_rect(center=centre)
        surface.blit(img, rect)
        text_audit.note(shown.label, text_size, rect, surface)


def _line(surface: pygame.Surface, a: tuple[float, float], b: tuple[float, float], width: int, rgb: Colour,
          dashed: bool) -> None:
    if not dashed:
        pygame.draw.line(surface, rgb, a, b, width)
        for p in (a, b):  # round ends, so the outline closes around them
            pygame.draw.circle(surface, rgb, (round(p[0]), round(p[1])), width // 2)
        return
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy)
    dash, gap = 2.4 * width, 1.5 * width
    t = 0.0
    while t < length:
        u = min(length, t + dash)
        p = (a[0] + dx * t / length, a[1] + dy * t / length)
        q = (a[0] + dx * u / length, a[1] + dy * u / length)
        pygame.draw.line(surface, rgb, p, q, width)
        t = u + gap


def swatch(surface: pygame.Surface, rect: pygame.Rect, shown: ShownTurn, text_size: int) -> None:
    """A short arrow of ``shown``'s look in ``rect`` (a legend's key), its label in the disc."""
    disc = max(4, min(rect.h // 2 - 1, int(text_size * 0.72)))
    width = max(3, disc // 2)
    y = rect.centery
    end = (rect.right - disc - 2, y)
    start = (rect.x + width, y)
    tip = (end[0] - disc, y)
    base = (tip[0] - width * 2, y)
    if base[0] > start[0]:
        _line(surface, start, base, width, shown.colour, shown.dashed)
    pygame.draw.polygon(surface, shown.colour, [tip, (base[0], y - width * 1.3), (base[0], y + width * 1.3)])
    pygame.draw.circle(surface, shown.colour, end, disc)
    if shown.label:
        draw.text(surface, shown.label, end, text_size, theme.WHITE, bold=True, anchor="center")

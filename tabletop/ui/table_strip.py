"""One seat's strip in table mode, laid out upright (the frame turns it to face its player): where
the name and score, the Menu button, the prompt, the game's own part (a hand), the dice, the
buttons and the last events of the log go, for any strip shape the table plan gives.

Three shapes: a *band* (a thin strip along the edge: everything in one row), *rows* (a wide strip
with some depth: the name row on top, the log under it, the row of things to act with nearest the
player) and a *stack* (a deep, narrow block: one thing under another). Upright, the bottom of a
strip is the player's own edge of the screen, so what he touches (dice, buttons) sits nearest him.

The log is read through :func:`log_tail`, the one place that knows how the log keeps its lines.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pygame

from tabletop.ui import theme
from tabletop.ui.widgets import arrow_text

EMPTY = pygame.Rect(0, 0, 0, 0)


def rows_depth(m: theme.Metrics) -> int:
    """The least depth of a strip laid out in rows (a name row over a row of things to act with):
    a shallower strip is a band, everything in one row. The table plan gives a side seat's column
    at least this much, so that a narrow screen's side strips hold their prompt and buttons."""
    return int(2.3 * m.button_h)


@dataclass
class StripParts:
    mode: str                    # band | rows | stack
    card: pygame.Rect            # the strip's card (everything is inside it)
    head: pygame.Rect            # piece, name and score
    menu: pygame.Rect            # the seat's own Menu button (Rules, Sound, Leave)
    prompt: pygame.Rect          # what to do now (the acting seat; or the result)
    log: pygame.Rect             # the last events
    extra: pygame.Rect           # the game's own part (a hand), or empty
    dice: pygame.Rect            # the acting seat's dice, or empty
    buttons: list[pygame.Rect] = field(default_factory=list)


@dataclass(frozen=True)
class StripNeeds:
    """What a strip must hold: widths are what the texts or the game ask for."""

    head_w: int
    menu_w: int
    button_ws: tuple[int, ...] = ()
    dice: int = 0                # how many dice
    extra: tuple[int, int] | None = None  # the game's part: (width, height) it would like
    prompt: bool = False         # a prompt of its own (else the log takes its place in a band)
    prompt_h: int = 0            # in a stack: the height the prompt's lines want (0: three lines)
    button_text: tuple[int, ...] = ()  # the buttons' label widths (a stack puts fewer in a row)
    button_least: tuple[int, ...] = ()  # the least width of each button with its label whole
    dice_spare: bool = False     # the dice only say "tap to roll", as a Roll button does: may go
    head_h: int = 0              # in a stack: the height the name and its lines want (0: a button's)
    extra_keep: int = 0          # the game's part gives way only down to this before the buttons do


def strip_parts(size: tuple[int, int], m: theme.Metrics, needs: StripNeeds, home_right: bool = True) -> StripParts:
    """The parts of a strip of upright ``size`` (see the module docstring for the shapes). A deep
    strip longer than a block needs keeps a block's width, at the end nearest the seat's home
    (``home_right``: to his right)."""
    w, d = size
    bh, p = m.button_h, m.pad
    q = max(2, p // 4)
    card = pygame.Rect(q, q, w - 2 * q, d - 2 * q)
    if d < rows_depth(m):
        return _band(card, card.inflate(-2 * q - p, -2 * q), m, needs)
    # a stack when one thing under another fits as a seat on turn needs it (name, a few events,
    # three prompt lines, the game's part, dice, a row of buttons); else the rows of a wide strip
    stack_h = (bh + 2 * theme.font(m.small).get_linesize() + 3 * theme.font(m.body, True).get_linesize()
               + (needs.extra[1] if needs.extra else 0) + int(1.3 * bh) + bh + 6 * p)
    if d >= max(int(4.6 * bh), stack_h) or (d >= int(4.6 * bh) and w < 10 * bh):
        if card.w > 10 * bh:
            card = pygame.Rect(card.right - 10 * bh if home_right else card.x, card.y, 10 * bh, card.h)
        return _stack(card, card.inflate(-2 * q - p, -2 * q - p), m, needs)
    # the contents keep a pad from every side of the strip: its ends, and the player's own edge
    return _rows(card, card.inflate(-2 * q - p, -2 * q - p), m, needs)


def stack_inner_width(strip_w: int, m: theme.Metrics) -> int:
    """How wide a stack's contents are in a strip ``strip_w`` wide (as ``strip_parts`` sets them:
    a block's width at most, less the strip's margins), for what must be measured before the layout."""
    q = max(2, m.pad // 4)
    return min(strip_w - 2 * q, 10 * m.button_h) - 2 * q - m.pad


def stack_head_text_width(strip_w: int, m: theme.Metrics, menu_w: int) -> int:
    """How wide the name and the lines under it are in a stack's head: the head beside the Menu
    (``_stack``), less the seat's piece before the words (the frame's ``_draw_head``)."""
    return stack_inner_width(strip_w, m) - menu_w - m.pad - head_piece_width(m)


def head_piece_width(m: theme.Metrics, head_h: int | None = None) -> int:
    """How much of a head the seat's piece and the gap after it take (``head_h``: the head's height;
    not given, a stack's head, taller than a button, where the piece has its full size)."""
    r = m.button_h * 0.32 if head_h is None else min(head_h * 0.3, m.button_h * 0.32)
    return int(2 * r) + m.pad


def head_least(m: theme.Metrics) -> int:
    """The narrowest head: the seat's piece alone. A full strip keeps the prompt, which starts with
    the seat's name, before the name beside the piece."""
    return int(m.button_h * 0.8)


def _row(area: pygame.Rect, m: theme.Metrics, needs: StripNeeds, items: tuple[str, ...],
         head_share: float = 0.24) -> dict[str, pygame.Rect]:
    """Lay ``items`` left to right across ``area`` (``text`` — the prompt or the log — takes what
    is left; the head at most ``head_share`` of the width), each as wide as ``_row_widths`` lets it be."""
    want, bws, text_w = _row_widths(area.w, m, needs, items, head_share)
    p, h = m.pad, min(area.h, m.button_h)
    out: dict[str, pygame.Rect] = {k: EMPTY.copy() for k in ("head", "menu", "dice", "extra", "text")}
    out_buttons: list[pygame.Rect] = []
    x = area.x
    for k in items:
        if k == "buttons":
            for b in bws:
                out_buttons.append(pygame.Rect(x, area.y + (area.h - h) // 2, b, h))
                x += b + p
        elif k == "text":
            out["text"] = pygame.Rect(x, area.y, text_w, area.h)
            x += text_w + p
        elif want.get(k):
            w = want[k]
            if k == "menu":
                out[k] = pygame.Rect(x, area.y + (area.h - h) // 2, w, h)
            elif k == "extra" and needs.extra:
                eh = min(area.h, needs.extra[1])
                out[k] = pygame.Rect(x, area.bottom - eh, w, eh)
            else:
                out[k] = pygame.Rect(x, area.y, w, area.h)
            x += w + p
    out["buttons"] = out_buttons  # type: ignore[assignment]
    return out


def _row_widths(width: int, m: theme.Metrics, needs: StripNeeds, items: tuple[str, ...],
                head_share: float) -> tuple[dict[str, int], list[int], int]:
    """The widths of a row's parts (by name), of its buttons, and of its text. When they do not
    all fit, lesser items give way so that the Menu and the text always keep their place (a strip
    without them left its player no way to the rules, leaving or what to do): first dice that only
    repeat a Roll button, then the game's part (down to 40% of what it asked: a hand's cards
    overlap more), then the buttons (down to their labels whole), then the head (down to the
    piece: the prompt names the seat), and only then the text below its least. A part with an
    ``extra_keep`` keeps that much until the buttons have given way (Chicken Chase's hand, whose
    "Show my hand" came out smaller than the buttons beside it)."""
    p, bh = m.pad, m.button_h
    want = {"head": min(needs.head_w, int(width * head_share)), "menu": needs.menu_w, "dice": needs.dice,
            "extra": needs.extra[0] if needs.extra else 0}
    bws = list(needs.button_ws) if "buttons" in items else []
    text_min = (int((12 if needs.prompt else 6) * m.body) if "text" in items else 0)

    def fixed() -> tuple[int, int]:
        """The width of the parts and buttons, and of the gaps after them."""
        used = [k for k in items if k in want and want[k]]
        gaps = p * (len(used) + len(bws) + (1 if "text" in items else 0))
        return sum(want[k] for k in used) + sum(bws), gaps

    def over() -> int:
        return sum(fixed()) + text_min - width

    if over() > 0 and needs.dice_spare and "dice" in items:
        want["dice"] = 0
    floor = want["extra"] - int(want["extra"] * 0.6)
    if over() > 0 and want["extra"]:
        want["extra"] -= min(over(), max(0, want["extra"] - max(needs.extra_keep, floor)))
    if over() > 0 and bws:  # never narrower than a touch target or its label
        least = [max(int(1.4 * bh), needs.button_least[i] if i < len(needs.button_least) else 0)
                 for i in range(len(bws))]
        give = sum(max(0, b - lo) for b, lo in zip(bws, least, strict=True))
        cut = min(over(), give)
        bws = [b - (max(0, b - lo) * cut // give if give else 0) for b, lo in zip(bws, least, strict=True)]
    if over() > 0 and want["extra"] > floor:  # what the part kept before the buttons, it gives now
        want["extra"] -= min(over(), want["extra"] - floor)
    if over() > 0 and "head" in items and needs.prompt and want["head"] > head_least(m):
        want["head"] -= min(over(), want["head"] - head_least(m))
    if over() > 0:  # the text below its least; past that the game's part, then the buttons squeeze
        text_min -= min(over(), text_min)
        for k in ("extra", "dice"):
            if over() > 0 and want[k]:
                want[k] = max(0, want[k] - over())
        if over() > 0 and bws:
            total = sum(bws)
            bws = [max(1, b - over() * b // total) for b in bws]
    text_w = max(0, width - sum(fixed())) if "text" in items else 0
    return want, bws, text_w


def log_gap(pad: int) -> int:
    """How much shorter the log's lines are than its box, above and below together (``draw_log``)."""
    return max(2, pad // 3)


def log_inset(pad: int) -> int:
    """How far above its box's bottom the log's last line ends (``Rect.inflate`` halves the gap)."""
    gap = log_gap(pad)
    return gap - gap // 2


def _band(card: pygame.Rect, inner: pygame.Rect, m: theme.Metrics, needs: StripNeeds) -> StripParts:
    """Everything in one row. A band is a button deep and little more, so its buttons fill it
    edge to edge of the card; the prompt's and the log's lines stop a pad short of the player's
    own edge (the screen's edge), as every strip's words keep a pad from the ends of the strip:
    filling the band they sat half that close to it."""
    r = _row(inner, m, needs, ("head", "text", "extra", "dice", "buttons", "menu"))
    text = r["text"]
    edge = card.bottom + card.y  # the strip's bottom: the card keeps the same gap at both sides
    if needs.prompt:
        words = pygame.Rect(text.x, text.y, text.w, max(0, edge - m.pad - text.y))
        return StripParts("band", card, r["head"], r["menu"], words, EMPTY.copy(), r["extra"], r["dice"],
                          r["buttons"])  # type: ignore[arg-type]
    log = pygame.Rect(text.x, text.y, text.w, max(0, edge - m.pad + log_inset(m.pad) - text.y))
    return StripParts("band", card, r["head"], r["menu"], EMPTY.copy(), log, r["extra"], r["dice"],
                      r["buttons"])  # type: ignore[arg-type]


def _rows(card: pygame.Rect, inner: pygame.Rect, m: theme.Metrics, needs: StripNeeds) -> StripParts:
    """The name, the prompt (or the log) and the Menu on top; the game's part, the dice and the
    buttons in the row nearest the player; the log between them when there is room."""
    p, bh = m.pad, m.button_h
    main_h = max(bh, needs.extra[1] if needs.extra else 0)
    top_h = max(min(bh, inner.h - main_h - p), theme.font(m.small).get_linesize() * 2)
    main_h = min(main_h, inner.h - top_h - p)
    top = pygame.Rect(inner.x, inner.y, inner.w, top_h)
    main = pygame.Rect(inner.x, inner.bottom - main_h, inner.w, main_h)
    top_items, main_items = ("head", "text", "menu"), ("extra", "dice", "buttons")
    acts = sum(needs.button_ws) + needs.dice + (needs.extra[0] if needs.extra else 0)
    acts += p * (len(needs.button_ws) + bool(needs.dice) + bool(needs.extra))
    head_share = 0.24
    if needs.head_w > int(top.w * head_share):  # a short strip (a narrow screen's side seat)
        if main.w - acts >= needs.head_w + p:  # the name and score whole beside the things to act
            top_items, main_items = ("text", "menu"), ("head", *main_items)  # with; the prompt on top
        else:
            head_share = 0.36  # else more of the top row: a whole score line beats a wider prompt
    t = _row(top, m, StripNeeds(needs.head_w, needs.menu_w, prompt=needs.prompt), top_items, head_share)
    r = _row(main, m, StripNeeds(needs.head_w, needs.menu_w, needs.button_ws, needs.dice, needs.extra, needs.prompt,
                                 button_least=needs.button_least, dice_spare=needs.dice_spare,
                                 extra_keep=needs.extra_keep),
             main_items, head_share=1.0)
    head = t["head"] if t["head"].w else r["head"]
    middle = pygame.Rect(inner.x, top.bottom + p // 2, inner.w, main.y - top.bottom - p)
    line = theme.font(m.small).get_linesize()
    if needs.prompt:
        prompt, log = t["text"], middle if middle.h >= 2 * line else EMPTY.copy()
    else:
        text = t["text"]
        prompt = EMPTY.copy()
        log = pygame.Rect(text.x, text.y, text.w, middle.bottom - text.y) if middle.h >= line else text
    return StripParts("rows", card, head, t["menu"], prompt, log, r["extra"], r["dice"], r["buttons"])  # type: ignore[arg-type]


def _stack(card: pygame.Rect, inner: pygame.Rect, m: theme.Metrics, needs: StripNeeds) -> StripParts:
    """Top to bottom: name row (with Menu), the log (what is left), the prompt, the game's part,
    the dice, the buttons (rows of as many as fit) — the bottom being the player's own edge."""
    p, bh = m.pad, m.button_h
    # the card is only as tall as a seat on turn needs (its name, a few events, three prompt lines,
    # the game's part, the dice, two rows of buttons), at the player's edge: the rest is table
    want = (bh + 6 * theme.font(m.small).get_linesize() + 3 * theme.font(m.body, True).get_linesize()
            + (needs.extra[1] if needs.extra else 0) + int(1.3 * bh) + 2 * bh + 7 * p)
    if inner.h > want + 2 * p:
        cut = inner.h - want
        card = pygame.Rect(card.x, card.y + cut, card.w, card.h - cut)
        inner = pygame.Rect(inner.x, inner.y + cut, inner.w, inner.h - cut)
    y_bottom = inner.bottom
    line = theme.font(m.body, True).get_linesize()
    prompt_want = max(3 * line, needs.prompt_h) + p // 2 if needs.prompt else 0
    buttons: list[pygame.Rect] = []
    ws = list(needs.button_ws)
    if ws:
        per_row = max(1, min(len(ws), inner.w // int(2.2 * bh)))
        while per_row > 1 and max(needs.button_text or (0,)) + 2 * p > (inner.w - p * (per_row - 1)) // per_row:
            per_row -= 1  # a label that would not fit beside the others gets a row of its own
        rows = [ws[i:i + per_row] for i in range(0, len(ws), per_row)]
        for row in reversed(rows):
            y_bottom -= bh
            bw = (inner.w - p * (len(row) - 1)) // len(row)
            buttons[:0] = [pygame.Rect(inner.x + i * (bw + p), y_bottom, bw, bh) for i in range(len(row))]
            y_bottom -= p // 2
        y_bottom -= p // 2
    dice = EMPTY.copy()
    if needs.dice:
        dh = int(bh * 1.3)
        y_bottom -= dh
        dice = pygame.Rect(inner.x, y_bottom, inner.w, dh)
        y_bottom -= p // 2
    extra = EMPTY.copy()
    if needs.extra:  # it gives way to the name row and the prompt's lines (a hint's legend is set
        # smaller, a hand lower): taking all but two button heights, it cut a 4K strip's prompt short
        head_want = max(bh, needs.head_h)  # the name row, and a computer's role under it
        eh = min(needs.extra[1], max(0, y_bottom - inner.y - max(head_want + bh, head_want + prompt_want + 2 * p)))
        y_bottom -= eh
        extra = pygame.Rect(inner.x, y_bottom, inner.w, eh)
        y_bottom -= p // 2
    prompt = EMPTY.copy()
    if needs.prompt:
        ph = min(prompt_want, max(0, y_bottom - inner.y - bh - 2 * p))
        y_bottom -= ph
        prompt = pygame.Rect(inner.x, y_bottom, inner.w, ph)
        y_bottom -= p // 2
    room = max(0, y_bottom - inner.y)
    head_h = min(bh, room)
    if needs.head_h > bh:  # more lines under the name (a computer's role): taller, the log keeps two lines
        head_h = max(head_h, min(needs.head_h, room - 2 * theme.font(m.small).get_linesize() - p))
    head = pygame.Rect(inner.x, inner.y, max(0, inner.w - needs.menu_w - p), head_h)
    menu = pygame.Rect(inner.right - needs.menu_w, inner.y, needs.menu_w, min(bh, head_h))
    log = pygame.Rect(inner.x, head.bottom + p // 2, inner.w, max(0, y_bottom - head.bottom - p))
    return StripParts("stack", card, head, menu, prompt, log, extra, dice, buttons)


# -- the log ---------------------------------------------------------------------------------------
def log_tail(log: Any, n: int) -> list[tuple[str, tuple[int, int, int]]]:
    """The last ``n`` entries of the game log as (text, colour), oldest first. The only place
    table mode reads the log's insides: a change to how the log keeps lines is merged here."""
    return [(e.text, tuple(e.rgb[:3])) for e in log.last(n)] if n > 0 else []


def cut_with_ellipsis(line: str, size: int, width: int) -> str:
    """``line`` ended with "…" (its last words dropped, or letters of a lone long word) within ``width``."""
    font = theme.font(size)
    words = line.split(" ")
    while len(words) > 1 and font.size(" ".join(words) + "…")[0] > width:
        words.pop()
    text = " ".join(words)
    while len(text) > 1 and font.size(text + "…")[0] > width:
        text = text[:-1]
    return text.rstrip(" ,;:—") + "…"


def log_rows(entries: list[tuple[str, tuple[int, int, int]]], size: int, width: int,
             fit: int) -> list[tuple[str, tuple[int, int, int]]]:
    """The newest entries wrapped to ``width``, whole entries only as many as ``fit`` lines hold
    (newest last): an entry's second line without its first reads as a stray sentence. Only the
    newest entry, when it alone is longer than the box, shows just its first lines, cut with "…":
    its last lines ("в столбце 1, строке 1, и он становится Матросом") said what happened without
    who did it."""
    rows: list[tuple[str, tuple[int, int, int]]] = []
    for text, rgb in reversed(entries):
        entry = [(part, rgb) for part in theme.wrap(text, size, width, split_long=True)]
        if rows and len(rows) + len(entry) > fit:
            break
        if len(entry) > fit > 0:
            entry = [*entry[:fit - 1], (cut_with_ellipsis(entry[fit - 1][0], size, width), rgb)]
        rows[:0] = entry
        if len(rows) >= fit:
            break
    return rows[-fit:] if fit > 0 else []


def draw_log(surface: pygame.Surface, rect: pygame.Rect, entries: list[tuple[str, tuple[int, int, int]]],
             size: int, pad: int) -> None:
    """The last events in a flat box, newest at the bottom, wrapped to its width (a word too long
    for it, a saved record's path, cut into pieces) rather than running out of it."""
    line_h = theme.font(size).get_linesize()
    if rect.w < 4 * size or rect.h < line_h or not entries:
        return
    inner = rect.inflate(-pad, -log_gap(pad))
    rows = log_rows(entries, size, inner.w, max(1, inner.h // line_h))
    y = inner.bottom - len(rows) * line_h
    used = pygame.Rect(rect.x, y - max(1, pad // 6), rect.w, rect.bottom - y + max(1, pad // 6))
    pygame.draw.rect(surface, (252, 248, 238), used, border_radius=max(4, size // 3))
    for text, rgb in rows:  # wrapped to the width; "->" drawn as an arrow, as in the window's log
        arrow_text(surface, text, (inner.x, y), size, rgb)
        y += line_h

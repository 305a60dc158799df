"""Captain Flip's pixels: character tiles, Adventure boards, bonus tags, headers and tooltips.

Everything here takes logical rectangles (see :mod:`scene_geom`) and a Viewport, and sizes text
from the window's Metrics, so the picture is the same at 1024×600 and on a 4K table screen.
Tiles are rendered once per (character, size) and cached; boards are drawn into the scene's
static layer once per window size.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from functools import lru_cache

import pygame

from tabletop import assets
from tabletop.games.captain_flip.layout import Board, Bonus, Character
from tabletop.games.captain_flip.scene_geom import FRAME, TAG, Rect, Slot
from tabletop.i18n import language, tr
from tabletop.ui import draw, placement, text_audit, theme
from tabletop.ui.widgets import Viewport

IMMEDIATE_DISC = (247, 214, 104)  # the printed game's yellow (immediate effect)
END_DISC = (206, 206, 200)        # and grey (end-of-game effect)
PLATE = (252, 246, 230)
BACK = (52, 70, 92)


def px(vp: Viewport, rect: Rect) -> pygame.Rect:
    """A logical rectangle in pixels (rounded outward so neighbours meet without gaps)."""
    x, y, w, h = rect
    x0, y0 = vp.to_px(x, y)
    x1, y1 = vp.to_px(x + w, y + h)
    return pygame.Rect(int(x0), int(y0), max(1, int(math.ceil(x1)) - int(x0)), max(1, int(math.ceil(y1)) - int(y0)))


def sprite(name: str, size: int) -> pygame.Surface | None:
    return assets.sprite(f"captain_flip/{name}", size, size) if size >= 6 else None


def text_fits(words: str, size: int, width: float, bold: bool = False) -> bool:
    return theme.font(size, bold).size(words)[0] <= width


def ellipsize(words: str, size: int, width: float, bold: bool = False) -> str:
    """``words`` cut with an ellipsis to fit ``width`` at ``size`` (text never shrinks below it);
    a cut is reported to text audits."""
    if text_fits(words, size, width, bold):
        return words
    wanted = words
    while words and not text_fits(words + "…", size, width, bold):
        words = words[:-1]
    shown = (words.rstrip() + "…") if words else ""
    text_audit.note(shown, size, cut=True, wanted=wanted)
    return shown


def _name_forms(name: str) -> list[str]:
    """A seat's name, then without its "(level)" ("Computer 2"), then initial and number ("C2")."""
    forms = [name]
    base = name.split(" (")[0].strip() if " (" in name else name
    forms.append(base)
    words = base.split()
    if len(words) > 1 and words[-1].isdigit():
        forms.append(words[0][:1].upper() + words[-1])
    return forms


def short_name(name: str, size: int, width: float, bold: bool = False) -> str:
    """A seat's name in ``width``: whole; else without its "(level)" ("Computer 2"); else initial
    and number ("C2"), so boards stay told apart by more than colour; an ellipsis last."""
    forms = _name_forms(name)
    for form in forms:
        if text_fits(form, size, width, bold):
            return form
    return ellipsize(forms[-1], size, width, bold)


def fit_name(name: str, size: int, least: int, width: float, bold: bool = False) -> tuple[str, int] | None:
    """A seat's name for a board's header: each of :func:`short_name`'s forms, tried smaller down
    to ``least`` (the smallest readable size) — a whole name in smaller type before a shorter one.
    None when not even the shortest fits: the header's piece (the seat's colour and symbol) names
    the seat alone, rather than a word cut to "Yell…"."""
    for form in _name_forms(name):
        for s in range(size, min(size, least) - 1, -1):
            if text_fits(form, s, width, bold):
                return form, s
    return None


def flow_text(lines: list[tuple[str, bool]], column: pygame.Rect, below: pygame.Rect | None, body: int,
              small: int) -> tuple[list[tuple[str, int, bool, int, int]], int]:
    """Lay paragraphs out beside the tile (``column``), then on under it (``below``, the card's
    whole width) once the column is full: (text, size, bold, x, y) for each line, and the y under
    the last one. Titles (bold) are in ``body``, the rest in ``small``; nothing is cut here."""
    out: list[tuple[str, int, bool, int, int]] = []
    y = column.y
    under = False
    gap = max(1, small // 4)
    for words, bold in lines:
        size = body if bold else small
        f = theme.font(size, bold)
        lh = f.get_linesize()
        rest = words.split(" ")
        while rest:
            if not under and y + lh > column.bottom + lh // 3 and below is not None:
                under, y = True, max(y, below.y)
            x, width = (below.x, below.w) if under and below is not None else (column.x, column.w)
            line = rest.pop(0)
            while rest and f.size(f"{line} {rest[0]}")[0] <= width:
                line = f"{line} {rest.pop(0)}"
            out.append((line, size, bold, x, y))
            y += lh
        y += gap
    return out, y


def label_size(chars: tuple[Character, ...], tile_px: int, small: int, least: int | None = None) -> int | None:
    """The one size every character's whole name fits a tile this size in: the biggest readable
    one, down to ``least`` (the smallest readable size) — names are never shortened. None: the
    tiles carry no names (each name is in its hover tooltip). ``chars``' names in this language."""
    return _label_size(chars, tile_px, small, small if least is None else min(least, small), language())


@lru_cache(maxsize=128)
def _label_size(chars: tuple[Character, ...], tile_px: int, small: int, least: int, lang: str) -> int | None:
    room = tile_px - max(4, tile_px // 12)
    names = [tr(c.id) for c in chars]
    for size in (max(small, int(tile_px * 0.14)), *range(small, least - 1, -1)):
        if all(text_fits(name, size, room, bold=True) for name in names):
            return size
    return None


def tile_caption(chars: tuple[Character, ...], face: int, tile_px: int, small: int,
                 least: int | None = None) -> tuple[str, int] | None:
    """The name plate for ``chars[face]`` on a tile this size: (words, size), or None (see label_size)."""
    size = label_size(chars, tile_px, small, least)
    return (tr(chars[face].id), size) if size is not None else None


@lru_cache(maxsize=512)
def tile_surface(char: Character, size: int, label: tuple[str, int] | None,
                 mark: Character | None) -> pygame.Surface:
    """One placed character tile: colour, yellow/grey disc with the icon, a name plate, and
    optionally the corner mark of its other side (once the table has seen it)."""
    s = max(8, size)
    surf = _with_shadow(s)
    radius = max(3, s // 8)
    body = pygame.Rect(0, 0, s, s)
    pygame.draw.rect(surf, char.colour, body, border_radius=radius)
    hl = pygame.Surface((s, s // 3), pygame.SRCALPHA)
    pygame.draw.rect(hl, (255, 255, 255, 46), hl.get_rect(), border_top_left_radius=radius,
                     border_top_right_radius=radius)
    surf.blit(hl, (0, 0))
    pygame.draw.rect(surf, draw.shade(char.colour, 0.55), body, width=max(1, s // 34), border_radius=radius)
    plate_h = int(label[1] * 1.3) + 2 if label else 0
    cy = (s - plate_h) // 2 + (1 if plate_h else 0)
    disc_r = int(min(s * 0.34, (s - plate_h) * 0.42))
    disc = IMMEDIATE_DISC if char.kind == "immediate" else END_DISC
    pygame.draw.circle(surf, disc, (s // 2, cy), disc_r)
    pygame.draw.circle(surf, draw.shade(disc, 0.6), (s // 2, cy), disc_r, width=max(1, s // 40))
    icon = sprite(char.sprite, int(disc_r * 1.6))
    if icon is not None:
        surf.blit(icon, icon.get_rect(center=(s // 2, cy)))
    else:
        img = theme.render(tr(char.id)[:1], max(8, disc_r), theme.INK, True)
        surf.blit(img, img.get_rect(center=(s // 2, cy)))
    if label:
        words, fsize = label
        plate = pygame.Rect(max(2, s // 24), s - plate_h - max(2, s // 24), s - 2 * max(2, s // 24), plate_h)
        pygame.draw.rect(surf, PLATE, plate, border_radius=max(2, plate_h // 3))
        img = theme.render(words, fsize, theme.INK, True)
        surf.blit(img, img.get_rect(center=plate.center))
    if mark is not None:
        r = max(4, int(s * 0.15))
        c = (s - r - max(2, s // 20), r + max(2, s // 20))
        pygame.draw.circle(surf, (255, 255, 255), c, r + max(1, s // 60))
        pygame.draw.circle(surf, mark.colour, c, r)
        mini = sprite(mark.sprite, int(r * 1.5))
        if mini is not None:  # the icon even on a small tile: a letter that size could not be read
            surf.blit(mini, mini.get_rect(center=c))
        elif r >= 6:
            img = theme.render(tr(mark.id)[:1], max(8, int(r * 1.3)), theme.WHITE, True)
            surf.blit(img, img.get_rect(center=c))
    return _fast(surf)


def _fast(surf: pygame.Surface) -> pygame.Surface:
    """In the display's pixel format (blits several times faster), when there is a display."""
    return surf.convert_alpha() if pygame.display.get_surface() is not None else surf


@lru_cache(maxsize=64)
def back_surface(size: int, words: str, text_size: int) -> pygame.Surface:
    """A face-down tile (the bag): deep blue with waves, and a word on it."""
    s = max(8, size)
    surf = _with_shadow(s)
    radius = max(3, s // 8)
    pygame.draw.rect(surf, BACK, pygame.Rect(0, 0, s, s), border_radius=radius)
    for i in range(3):
        y = int(s * (0.25 + 0.2 * i))
        pts = [(x, y + math.sin(x / s * math.pi * 4) * s * 0.03) for x in range(s // 8, s - s // 8 + 1, max(1, s // 24))]
        if len(pts) > 1:
            pygame.draw.lines(surf, (96, 130, 168), False, pts, max(1, s // 40))
    pygame.draw.rect(surf, draw.shade(BACK, 0.6), pygame.Rect(0, 0, s, s), width=max(1, s // 34), border_radius=radius)
    if words and text_fits(words, text_size, s - 8, True):
        img = theme.render(words, text_size, theme.WHITE, True)
        surf.blit(img, img.get_rect(center=(s // 2, int(s * 0.8))))
    return _fast(surf)


def _with_shadow(s: int) -> pygame.Surface:
    """A transparent canvas for an ``s``-pixel tile with its soft shadow already laid down."""
    off = max(1, s // 22)
    surf = pygame.Surface((s + off, s + off), pygame.SRCALPHA)
    pygame.draw.rect(surf, (0, 0, 0, 70), pygame.Rect(off, off, s, s), border_radius=max(3, s // 8))
    return surf


def blit_tile(surface: pygame.Surface, tile: pygame.Surface, rect: pygame.Rect, squash: float = 1.0) -> None:
    """Blit a tile (made for ``rect.w`` pixels) into ``rect``; ``squash`` < 1 narrows it about
    its centre (a flip turning over)."""
    if squash < 0.999:
        tile = pygame.transform.scale(tile, (max(1, int(tile.get_width() * squash)), tile.get_height()))
    surface.blit(tile, (rect.centerx - int(rect.w * squash) // 2, rect.y))


# -- the board (static layer) ---------------------------------------------------------------------
def bonus_short(bonus: Bonus, solo: bool) -> str:
    """The tag over a column's top space: a few characters."""
    k, a, b = bonus.kind, bonus.a, bonus.b
    return {
        "none": "",
        "coins": f"+{a}",
        "take_map": tr("Map"),
        "kraken": f"{a} / {b}",
        "per_completed_column": tr("+{n}×col", n=a),
        "per_different_character": tr("+{n}×kind", n=a),
        "pay_to_place": tr("pay {n}", n=a),
        "end_all_identical": tr("end +{n} =", n=a),
        "end_all_different": tr("end +{n} ≠", n=a),
        "map_if_all_identical": tr("Map if ="),
        "flip_if_all_different": tr("Flip if ≠"),
        "draw_if_all_identical": tr("Draw if ="),
    }.get(k, k)


def fewest_words(bonus: Bonus) -> str:
    """The last resort of a top space too small for :func:`bonus_short`: board D's paying space
    as "-1" («плата 1» was too wide for a table strip's ship, which was left a blank gold space)."""
    return f"-{bonus.a}" if bonus.kind == "pay_to_place" else ""


def kraken_tag(state, seat: int, ci: int, column) -> tuple[str, str]:
    """Board B's tag over ``seat``'s column ``ci`` as it stands: "1 / 0" while the first value can
    still be earned there, "now 0" once it cannot (with several players someone completed that
    column first; solo, two columns are complete and this one is not), and the short form for a
    top space too small for the words ("" keeps the tag's own fallback)."""
    b = column.bonus
    if state.solo:
        first = state.completed(seat) < 2 or len(state.boards[seat][ci]) == column.height
    else:
        first = not state.kraken & (1 << ci)
    return (f"{b.a} / {b.b}", "") if first else (tr("now {n}", n=b.b), str(b.b))


def bonus_long(bonus: Bonus, solo: bool) -> str:
    """The full sentence (tooltip, and inside the empty top space when it fits)."""
    if solo and bonus.kind == "kraken":
        return tr("your first two full columns +{a}, later ones +{b}", a=bonus.a, b=bonus.b)
    if solo and bonus.kind == "take_map":
        return tr("take or return the Treasure Map")
    if solo and bonus.kind == "map_if_all_identical":
        return tr("take or return the Treasure Map if all identical")
    return bonus.text()


def draw_board_base(surface: pygame.Surface, vp: Viewport, slot: Slot, board: Board, small: int,
                    solo: bool, least: int | None = None, tags: bool = True,
                    skip_words: frozenset[int] = frozenset(), shrink: int | None = None) -> None:
    """The Adventure board without tiles: frame, spaces, top spaces with their bonus texts, tags
    (``tags`` False and ``skip_words``: the tags and those columns' words are drawn later, over
    what goes on the board, by the rules' diagram; ``shrink``: as :func:`draw_tag` takes it)."""
    col = board.colours
    frame = board_frame(vp, slot, board)
    draw.shadowed_panel(surface, frame, fill=col["board"], edge=col["outline"], radius=max(4, frame.w // 40),
                        shadow=frame_shadow(frame))
    for ci, column in enumerate(board.columns):
        for row in range(column.low, column.low + column.height):
            r = px(vp, slot.space(board, ci, row))
            top = row == column.top and column.bonus.kind != "none"
            fill = col["top_space"] if top else col["space"]
            pygame.draw.rect(surface, draw.shade(col["board"], 0.8), r.move(0, max(1, r.h // 40)),
                             border_radius=max(2, r.w // 10))
            pygame.draw.rect(surface, fill, r, border_radius=max(2, r.w // 10))
            pygame.draw.rect(surface, draw.shade(col["outline"], 1.3), r, width=max(1, r.w // 50),
                             border_radius=max(2, r.w // 10))
            if top and slot.big and ci not in skip_words:
                top_space_words(surface, r, column.bonus, solo, small, col["outline"], least)
        if tags and column.bonus.kind != "none" and column.bonus.kind != "kraken":
            draw_tag(surface, vp, slot, board, ci, bonus_short(column.bonus, solo), small, least=least,
                     shrink=shrink)
    draw_column_numbers(surface, vp, slot, board, small, small if least is None else least)


def draw_column_numbers(surface: pygame.Surface, vp: Viewport, slot: Slot, board: Board, small: int,
                        least: int) -> None:
    """Each column's number under it, between the bottom row and the frame's edge.

    Why: the log and the rules say where a tile went by number ("places the Parrot in column 3",
    "flips the Cook in column 5, row 2"); without numbers on the board a player had to count.
    Drawn in the largest type up to a little over ``small`` that the room under the spaces holds, and not at all
    when that is below ``least`` (a small board of another captain, or a board file whose spaces
    reach its bottom edge)."""
    frame = board_frame(vp, slot, board)
    bottom = px(vp, slot.space(board, 0, 0))
    gap = max(1, int(vp.length(2 * slot.s)))
    rgb = board.colours["outline"]
    # below the frame a tile of the latest turn gets on a bottom space (it covered the top of "3"
    # on the large board at a 4K table); where that leaves too little room (another captain's
    # small board), just under the spaces as before
    for line in (bottom.bottom + max(gap, last_turn_ring(bottom.w) + 2), bottom.bottom + gap):
        room = frame.bottom - frame_shadow(frame) - line
        fitted = _digits_fitting(room, round(small * 1.4), least, rgb)  # a digit's ink is about 70% of
        if fitted is not None:                                         # the type: the small type's line
            size, ink = fitted
            break
    else:
        return
    for ci, _ in enumerate(board.columns):
        r = px(vp, slot.space(board, ci, 0))
        # placed by the digits' ink, not the font's line box, so the room holds the largest type
        draw.text(surface, str(ci + 1), (r.centerx, line + (room - ink.h) // 2 - ink.y), size, rgb,
                  bold=True, anchor="midtop")


def board_frame(vp: Viewport, slot: Slot, board: Board) -> pygame.Rect:
    """The wooden frame round a board in pixels: the board and its tag room, 5 units a side."""
    return px(vp, slot.board_rect(board)).inflate(int(vp.length(10 * slot.s)), int(vp.length(10 * slot.s)))


def frame_shadow(frame: pygame.Rect) -> int:
    return max(2, frame.w // 120)


def _digits_fitting(room: int, most: int, least: int, rgb) -> tuple[int, pygame.Rect] | None:
    """The largest type from ``most`` down to ``least`` whose digits' ink is at most ``room`` tall,
    with that ink's rectangle; None when even ``least`` is too tall."""
    for size in range(most, least - 1, -1):
        ink = theme.render("0123456789", size, rgb, True, audit=False).get_bounding_rect()
        if ink.h <= room:
            return size, ink
    return None


def last_turn_ring(space_w: int, thick: bool = True) -> int:
    """The width of the frame round a tile of the latest turn (thick: placed, else flipped) on a
    space ``space_w`` pixels wide; the frame reaches one pixel further out than that."""
    return max(2, space_w // 14) if thick else max(2, space_w // 22)


def top_space_words(surface: pygame.Surface, r: pygame.Rect, bonus: Bonus, solo: bool, small: int, rgb,
                    least: int | None = None) -> None:
    """A large board's empty top space: its bonus in a sentence, or in short words when that does
    not fit."""
    if not _cell_text(surface, r, bonus_long(bonus, solo), small, rgb):
        _cell_short(surface, r, bonus, solo, small, rgb, least)


def _cell_text(surface: pygame.Surface, r: pygame.Rect, words: str, size: int, rgb) -> bool:
    """The bonus sentence inside the empty top space, if it fits there whole with a margin all
    round (False: it does not; a word wider than the margins let through ran up to the edges and
    over them)."""
    room = r.w - max(6, r.w // 10)
    lines = theme.wrap(words, size, room)
    line_h = theme.font(size).get_linesize()
    if len(lines) * line_h > r.h - max(4, r.h // 10) or any(not text_fits(line, size, room) for line in lines):
        return False
    y = r.centery - len(lines) * line_h // 2
    for line in lines:
        draw.text(surface, line, (r.centerx, y), size, rgb, anchor="midtop")
        y += line_h
    return True


MAP_BONUSES = ("take_map", "map_if_all_identical")


def _cell_short(surface: pygame.Surface, r: pygame.Rect, bonus: Bonus, solo: bool, size: int, rgb,
                least: int | None = None) -> None:
    """The top space when its sentence does not fit: the Treasure Map for a map bonus (with its
    short word under it when there is room), else the tag's short words; the sentence is in the
    tooltip. Never an empty yellow space."""
    words = bonus_short(bonus, solo)
    line_h = theme.font(size, True).get_linesize()
    smallest = max(10, int(size * 0.8)) if least is None else least
    if bonus.kind == "take_map" and _token_and_word(surface, r, map_token, 1.43, [words], size, rgb):
        return
    if bonus.kind == "map_if_all_identical" and _token_and_word(surface, r, map_token, 1.43,
                                                                [words, *condition_words(bonus.kind)], size, rgb,
                                                                need=True):
        return  # the Map over "if =" ("="): the picture alone, at a 4K table's card, dropped the condition
    if words and text_fits(words, size, r.w - 4, True) and r.h >= line_h:
        draw.text(surface, words, r.center, size, rgb, bold=True, anchor="center")
    elif words:  # a small board (the menu's picture, a table screen's): on two lines, a little smaller;
        # then "+1×kind" broken after its "×"; board E's bonuses as their picture over "=" or "≠"
        forms = [words, words.replace("×", "× ")] if "×" in words else [words]
        forms += [fewest_words(bonus)] if fewest_words(bonus) else []
        if not _words_in(surface, r, forms, size, smallest, rgb) and bonus.kind in CONDITIONS:
            condition_token(surface, r, bonus.kind, size, rgb)


def _token_and_word(surface: pygame.Surface, r: pygame.Rect, token: Callable[..., pygame.Rect], aspect: float,
                    forms: list[str], size: int, rgb, need: bool = False) -> bool:
    """A bonus's picture (``token(surface, centre, height)``, ``aspect`` wide) in its top space,
    over the first of ``forms`` that fits under it at ``size`` (none: the picture alone). False
    when the space is too small even for the picture. ``need``: the word says what the picture
    does not (board E's "=" and "≠", the condition): the picture is made smaller to keep a word
    under it, and False, drawing nothing, when no word fits under any picture."""
    line_h = theme.font(size, True).get_linesize()
    word = next((form for form in forms if form and text_fits(form, size, r.w - 4, True)
                 and (need or r.h >= line_h * 2.4)), None)
    if need and word is None:
        return False
    word_h = line_h if word else 0
    # squeezed (no room for a line and a half over the word): the word's line gives up its
    # leading, a fifth of it, and the picture takes more of the rest
    tight = word_h // 5 if word and r.h < line_h * 2.4 else 0
    icon_h = int(min((r.h - word_h + tight) * (0.85 if tight else 0.62), r.w * 0.6 / aspect))
    if icon_h < 8:
        return False
    top = r.centery - (icon_h + word_h - tight) // 2
    token(surface, (r.centerx, top + icon_h // 2), icon_h)
    if word:
        draw.text(surface, word, (r.centerx, top + icon_h + 1 - tight), size, rgb, bold=True, anchor="midtop")
    return True


def draw_token(surface: pygame.Surface, centre: tuple[int, int], height: int) -> pygame.Rect:
    """Another tile: a tile's back with a "+" on it (board E's draw bonus on a small board)."""
    side = int(height * 0.85)
    back = pygame.Rect(0, 0, side, side)
    back.center = centre
    pygame.draw.rect(surface, (56, 84, 120), back, border_radius=max(2, side // 6))
    arm, width = side // 3, max(1, side // 7)
    pygame.draw.line(surface, (250, 238, 205), (centre[0] - arm, centre[1]), (centre[0] + arm, centre[1]), width)
    pygame.draw.line(surface, (250, 238, 205), (centre[0], centre[1] - arm), (centre[0], centre[1] + arm), width)
    return back


def flip_token(surface: pygame.Surface, centre: tuple[int, int], height: int) -> pygame.Rect:
    """A tile turning over: its back behind, its face before it, a curved arrow between."""
    side = int(height * 0.7)
    back = pygame.Rect(0, 0, side, side)
    back.topleft = (centre[0] - height // 2, centre[1] - height // 2)
    face = back.move(height - side, height - side)
    radius = max(2, side // 6)
    pygame.draw.rect(surface, (56, 84, 120), back, border_radius=radius)
    pygame.draw.rect(surface, (250, 238, 205), face, border_radius=radius)
    pygame.draw.rect(surface, (110, 80, 30), face, width=max(1, side // 12), border_radius=radius)
    return back.union(face)


CONDITIONS = ("map_if_all_identical", "flip_if_all_different", "draw_if_all_identical")
"""Board E's bonuses that pay only if a column is all identical or all different."""


def condition_words(kind: str) -> list[str]:
    """The words that say a bonus's condition under its picture, longest first."""
    return [tr("if ="), "="] if kind == "map_if_all_identical" else ["≠" if kind.endswith("different") else "="]


def condition_token(surface: pygame.Surface, r: pygame.Rect, kind: str, size: int, rgb) -> bool:
    """Board E's bonus ``kind`` as its picture (the Treasure Map, a turning tile, a tile's back
    with "+") over its condition, the picture smaller when it must be to keep the condition; the
    picture alone only where no word fits under it (the tooltip names the bonus). False: not even
    the picture fits."""
    token, aspect = {"map_if_all_identical": (map_token, 1.43), "flip_if_all_different": (flip_token, 1.0),
                     "draw_if_all_identical": (draw_token, 1.0)}[kind]
    return (_token_and_word(surface, r, token, aspect, condition_words(kind), size, rgb, need=True)
            or _token_and_word(surface, r, token, aspect, [], size, rgb))


def draw_tag(surface: pygame.Surface, vp: Viewport, slot: Slot, board: Board, ci: int, words: str,
             small: int, rgb=(74, 52, 30), least: int | None = None, short: str = "",
             shrink: int | None = None) -> None:
    """A column's bonus tag over its top space. Where the tag is too small for its words (the other
    captains' smaller boards) the words go inside the column's top space instead, on as many lines
    as it holds and down to ``least`` (the smallest readable size). Only a top space too small even
    for that (four or five captains' thumbnails, ~25 px) keeps a gold dot: every captain plays the
    same board, whose words are on the large board, and the hover tooltip names the bonus.
    ``short``: fewer words for the top space when ``words`` do not fit there (board B's "now 2"
    as "2"). ``shrink``: the tag's words may get smaller type, down to this size, before they
    leave it (the large board in play: its top space says the bonus only while it is empty, so
    at 1024×600 in Russian board E's «Переворот ≠», a few pixels too wide for its tag, was gone
    under the first tile placed there)."""
    if not words:
        return
    r = px(vp, slot.tag(board, ci))
    fit = tag_fit(vp, slot, board, ci, words, small, shrink)
    if fit is not None:
        r, size = fit
        pygame.draw.rect(surface, rgb, r, border_radius=max(3, r.h // 3))
        draw.text(surface, words, r.center, size, (255, 236, 170), bold=True, anchor="center")
        return
    if slot.big:  # the large board's top space already holds the bonus in words
        return
    column = board.columns[ci]
    short = short or fewest_words(column.bonus)
    space = px(vp, slot.space(board, ci, column.top))
    if any(_words_in(surface, space, [form], small, small if least is None else least, rgb)
           for form in (words, short) if form):
        return
    # a picture, as on the large board's smallest spaces: «Карта», «Переворот» did not fit, and a
    # gold dot over a blank space said nothing
    kind, size = column.bonus.kind, small if least is None else least
    if kind == "take_map" and _token_and_word(surface, space, map_token, 1.43, [], size, rgb):
        return
    if kind in CONDITIONS and condition_token(surface, space, kind, size, rgb):
        return
    pygame.draw.circle(surface, (240, 190, 40), (r.centerx, r.bottom - max(2, r.h // 3)), max(2, r.h // 3))
    pygame.draw.circle(surface, rgb, (r.centerx, r.bottom - max(2, r.h // 3)), max(2, r.h // 3), width=1)


def _words_in(surface: pygame.Surface, r: pygame.Rect, forms: list[str], size: int, least: int, rgb) -> bool:
    """Short words centred in a space, on as many lines as its height holds: bold, then plain, at
    the biggest size from ``size`` down to ``least`` that fits, in the first of ``forms`` that
    fits at that size ("+2×col", else "+2× col" on two lines, before either gets smaller: board
    D's "+2×col" was set far smaller than the other top spaces' words); False when none does."""
    room = r.w - 2
    for bold in (True, False):
        for s in range(size, least - 1, -1):
            line_h = theme.font(s, bold).get_linesize()
            for words in forms:
                lines = theme.wrap(words, s, room, bold)
                if len(lines) * line_h <= r.h - 2 and all(text_fits(x, s, room, bold) for x in lines):
                    y = r.centery - len(lines) * line_h // 2
                    for line in lines:
                        draw.text(surface, line, (r.centerx, y), s, rgb, bold=bold, anchor="midtop", box=r)
                        y += line_h
                    return True
    return False


def highlight(surface: pygame.Surface, r: pygame.Rect, strong: bool = False) -> None:
    """A legal target: a warm translucent wash and a thick yellow rim."""
    wash = pygame.Surface(r.size, pygame.SRCALPHA)
    pygame.draw.rect(wash, (*theme.HILITE, 150 if strong else 90), wash.get_rect(), border_radius=max(3, r.w // 8))
    surface.blit(wash, r.topleft)
    width = max(3, r.w // 14) + (max(2, r.w // 30) if strong else 0)
    pygame.draw.rect(surface, theme.WHITE if strong else theme.HILITE, r.inflate(width, width), width=width,
                     border_radius=max(4, r.w // 7))
    if strong:
        pygame.draw.rect(surface, theme.ACCENT, r.inflate(width * 3, width * 3), width=max(2, width // 2),
                         border_radius=max(5, r.w // 6))


TIP_ORDER: tuple[tuple[int, int], ...] = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, 1), (1, -1), (-1, -1))
"""Where a tile's card goes, (x, y) signs with y down: beside the tile (right, then left), then
below and above it, then at its corners."""


def tooltip(surface: pygame.Surface, lines: list[tuple[str, bool]], near: pygame.Rect, bounds: pygame.Rect,
            body: int, small: int, keep: Sequence[pygame.Rect] = ()) -> None:
    """A paper card of text beside ``near`` (right of it if there is room, else left, else below or
    above), kept inside ``bounds``, and placed where it hides neither ``near`` nor any of ``keep``
    (the lit spaces the player clicks next) when there is such a place. ``lines`` are (text, bold)
    paragraphs."""
    width = min(bounds.w - 8, body * 17)
    inner = width - body
    rows: list[tuple[str, int, bool]] = []
    for words, bold in lines:
        size = body if bold else small
        for part in theme.wrap(words, size, inner, bold):
            rows.append((part, size, bold))
    height = sum(theme.font(size, bold).get_linesize() for _, size, bold in rows) + body
    gap = max(6, body // 2)
    spots = placement.centres(near.center, (width, height), gap, TIP_ORDER, around=(near.w / 2, near.h / 2))
    box = placement.place((width, height), spots, bounds, [placement.box(r) for r in (near, *keep)])
    draw.shadowed_panel(surface, box, fill=(255, 251, 240), edge=theme.PANEL_EDGE, radius=max(6, body // 2), shadow=3)
    y = box.y + body // 2
    for words, size, bold in rows:
        draw.text(surface, words, (box.x + body // 2, y), size, theme.INK, bold=bold)
        y += theme.font(size, bold).get_linesize()


def coin_count(surface: pygame.Surface, centre_right: tuple[int, int], coins: int, size: int,
               rgb=theme.INK) -> int:
    """``● 23`` right-aligned at a point; returns the left x used."""
    x, y = centre_right
    r = draw.text(surface, str(coins), (x, y), size, rgb, bold=True, anchor="midright")
    d = int(size * 1.1)
    icon = sprite("coin", d)
    left = r.left - d - size // 4
    if icon is not None:
        surface.blit(icon, (left, y - d // 2))
    else:
        pygame.draw.circle(surface, (240, 192, 48), (left + d // 2, y), d // 2)
    return left


def map_token(surface: pygame.Surface, centre: tuple[int, int], height: int) -> pygame.Rect:
    w = int(height * 1.43)
    icon = assets.sprite("captain_flip/treasure_map", w, height) if height >= 6 else None
    rect = pygame.Rect(0, 0, w, height)
    rect.center = centre
    if icon is not None:
        surface.blit(icon, rect)
    else:
        pygame.draw.rect(surface, (240, 220, 170), rect, border_radius=3)
        pygame.draw.rect(surface, (110, 80, 30), rect, width=2, border_radius=3)
    return rect


# -- pictures outside play: the menu's board and the rules' diagram -------------------------------------
def lone_board(rect: pygame.Rect, board: Board, extra_w: float = 0.0) -> tuple[Viewport, Slot]:
    """One board as large as it fits into ``rect`` (``extra_w`` board units kept free on its right)."""
    bw, bh = board.size
    box = (-FRAME, -FRAME, bw + 2 * FRAME + extra_w, bh + TAG + 2 * FRAME)
    return Viewport(box, rect), Slot(0, box, 0.0, 0.0, TAG, 1.0, True)


def paint_lone_board(surface: pygame.Surface, rect: pygame.Rect, layout, state, seat: int, small: int,
                     extra_w: float = 0.0, least: int | None = None, tags: bool = True,
                     skip_words: frozenset[int] = frozenset(), once: bool = False) -> tuple[Viewport, Slot]:
    """A board with its bonuses (kraken tags included) and ``seat``'s tiles of ``state``; no word
    smaller than ``least`` (the screen's smallest readable size; by default about 1/60 of the
    height, from ``small``'s 1/56 -- a scene that knows its metrics passes their ``tiny``, which
    that rounding can miss by a pixel). ``once`` (the menu's picture): a bonus whose tag has room
    for its words is not said again in its top space ("+5" over "+5 coins", "Map" over "Map"),
    which keeps only a map bonus's picture."""
    board = layout.board
    vp, slot = lone_board(rect, board, extra_w)
    if least is None:
        least = max(10, small * 56 // 60)
    solo = state.num_players == 1
    said = tagged_columns(vp, slot, board, state, seat, small) if once and tags else frozenset()
    draw_board_base(surface, vp, slot, board, small, solo, least, tags, skip_words | said)
    for ci in said:
        column = board.columns[ci]
        if column.bonus.kind in MAP_BONUSES:
            _token_and_word(surface, px(vp, slot.space(board, ci, column.top)), map_token, 1.43, [], small, None)
    if tags:
        draw_tags(surface, vp, slot, board, state, seat, small, least, kraken_only=True)
    chars = layout.tiles.characters
    for ci, column in enumerate(board.columns):
        for i, (face, _other, _seen) in enumerate(state.boards[seat][ci]):
            r = px(vp, slot.space(board, ci, column.low + i))
            blit_tile(surface, tile_surface(chars[face], r.w, tile_caption(chars, face, r.w, small), None), r)
    return vp, slot


def tagged_columns(vp: Viewport, slot: Slot, board: Board, state, seat: int, small: int) -> frozenset[int]:
    """The columns whose bonus tag has room for its words (:func:`draw_tags`' and
    :func:`draw_board_base`'s), so that the tag alone says the bonus."""
    solo = state.num_players == 1
    out = set()
    for ci, column in enumerate(board.columns):
        kind = column.bonus.kind
        if kind == "none":
            continue
        words = kraken_tag(state, seat, ci, column)[0] if kind == "kraken" else bonus_short(column.bonus, solo)
        if tag_box(vp, slot, board, ci, words, small) is not None:
            out.add(ci)
    return frozenset(out)


def draw_tags(surface: pygame.Surface, vp: Viewport, slot: Slot, board: Board, state, seat: int, small: int,
              least: int | None = None, kraken_only: bool = False) -> None:
    """The columns' bonus tags of ``seat``'s board as they stand (board B's as ``kraken_tag``
    says; ``kraken_only``: those alone, the others are part of the static board)."""
    solo = state.num_players == 1
    for ci, column in enumerate(board.columns):
        if column.bonus.kind == "kraken":
            words, short = kraken_tag(state, seat, ci, column)
            draw_tag(surface, vp, slot, board, ci, words, small, least=least, short=short)
        elif column.bonus.kind != "none" and not kraken_only:
            draw_tag(surface, vp, slot, board, ci, bonus_short(column.bonus, solo), small, least=least)


def paint_place_picture(surface: pygame.Surface, rect: pygame.Rect, layout, state, move, small: int) -> None:
    """The rules' diagram: the actor's board, the drawn tile beside it, every legal column's
    lowest free space lit and an arrow from the tile to the space ``move`` fills."""
    board = layout.board
    bw, _bh = board.size
    side = board.space[0] * 1.4
    # the words of the empty top spaces the arrow may cross go on top of it (it hid "+2 per" on board D)
    later = frozenset(ci for ci, column in enumerate(board.columns)
                      if ci != move.col and len(state.boards[state.actor][ci]) < column.height)
    vp, slot = paint_lone_board(surface, rect, layout, state, state.actor, small, side + FRAME, tags=False,
                                skip_words=later)
    spots = {m.col: state.next_space(state.actor, m.col) for m in state.legal_moves() if hasattr(m, "col")}
    for col, spot in spots.items():
        if spot is not None:
            highlight(surface, px(vp, slot.space(board, *spot)), strong=col == move.col)
    draw_tags(surface, vp, slot, board, state, state.actor, small)  # over the lit rims (one covered a "+3")
    chars = layout.tiles.characters
    tile = px(vp, (bw + FRAME * 1.5, TAG, side, side))
    face = state.drawn[0]
    blit_tile(surface, tile_surface(chars[face], tile.w, tile_caption(chars, face, tile.w, small), None), tile)
    target = state.next_space(state.actor, move.col)
    if target is not None:
        _arrow_under_tags(surface, rect, vp, slot, board, small, state.num_players == 1, tile,
                          px(vp, slot.space(board, *target)).center)
    solo = state.num_players == 1
    for ci in sorted(later):
        column = board.columns[ci]
        if column.bonus.kind != "none":
            top_space_words(surface, px(vp, slot.space(board, ci, column.top)), column.bonus, solo, small,
                            board.colours["outline"], max(10, small * 56 // 60))


def _arrow_under_tags(surface: pygame.Surface, rect: pygame.Rect, vp: Viewport, slot: Slot, board: Board,
                      small: int, solo: bool, tile: pygame.Rect, end: tuple[int, int]) -> None:
    """The diagram's arrow from the drawn tile to its space."""
    start = (tile.x, tile.centery)
    width = max(3, tile.w // 20)
    # the arrow on a layer of its own that passes under the columns' bonus tags (it crossed the
    # "+3" of a column between the tile and its space)
    layer = pygame.Surface(rect.size, pygame.SRCALPHA)
    at = (-rect.x, -rect.y)
    a, b = (start[0] + at[0], start[1] + at[1]), (end[0] + at[0], end[1] + at[1])
    pygame.draw.line(layer, theme.WHITE, a, b, width + 4)
    pygame.draw.line(layer, theme.SELECT, a, b, width)
    pygame.draw.circle(layer, theme.SELECT, b, width * 2)
    for r in tag_rects(vp, slot, board, small, solo):
        layer.fill((0, 0, 0, 0), r.move(at).inflate(4, 4))
    surface.blit(layer, rect.topleft)


def tag_box(vp: Viewport, slot: Slot, board: Board, ci: int, words: str, small: int) -> pygame.Rect | None:
    """The tag :func:`draw_tag` draws over column ``ci`` for ``words`` (None: it has no room,
    the words go elsewhere)."""
    fit = tag_fit(vp, slot, board, ci, words, small)
    return fit[0] if fit is not None else None


def tag_fit(vp: Viewport, slot: Slot, board: Board, ci: int, words: str, small: int,
            least: int | None = None) -> tuple[pygame.Rect, int] | None:
    """The tag over column ``ci`` and the type its ``words`` fit in: ``small``, or down to
    ``least`` (the smallest readable size) when given. None: no room."""
    r = px(vp, slot.tag(board, ci))
    lowest = small if least is None else min(least, small)
    for size in range(small, lowest - 1, -1):
        line_h = theme.font(size, True).get_linesize()
        if words and r.h >= line_h * 0.8 and text_fits(words, size, r.w - 4, True):
            # a tag taller than its place grows upwards, away from the top space under it (grown
            # about its middle it covered the first line of "+2 per completed column" there)
            height = max(r.h, line_h)
            return pygame.Rect(r.x, r.bottom - height, r.w, height), size
    return None


def tag_rects(vp: Viewport, slot: Slot, board: Board, small: int, solo: bool) -> list[pygame.Rect]:
    """Every bonus tag drawn over the board's columns."""
    boxes = (tag_box(vp, slot, board, ci, bonus_short(column.bonus, solo and column.bonus.kind != "kraken"), small)
             for ci, column in enumerate(board.columns) if column.bonus.kind != "none")
    return [box for box in boxes if box is not None]


def seat_card_rows(lines: list[tuple[str, bool, bool]], width: int, body: int,
                   small: int, lead: int = 0) -> list[list[tuple[str, int, bool, bool]]]:
    """A table strip's score card, each line wrapped to ``width`` (bold lines in ``body`` type,
    the rest in ``small``): one list of (words, size, bold, warning) rows per line. ``lead``: how
    much of the width the first line leaves free before its words (a piece stands there)."""
    out = []
    for i, (text, bold, warn) in enumerate(lines):
        size = body if bold else small
        out.append([(part, size, bold, warn) for part in theme.wrap(text, size, width - (lead if i == 0 else 0),
                                                                    bold=bold)])
    return out


def lead_radius(line_h: int) -> float:
    """The radius of a piece before a line of text ``line_h`` tall (a little under its height)."""
    return line_h * 0.45


def lead_width(line_h: int, gap: int) -> int:
    """How much of a line a piece before it takes, with the gap after it (see ``lead_radius``)."""
    return int(2 * lead_radius(line_h)) + 2 + gap // 2


def rows_height(rows: list[list[tuple[str, int, bool, bool]]]) -> int:
    return sum(theme.font(size, bold).get_linesize() for line in rows for _t, size, bold, _w in line)


def board_height(board: Board, width: int) -> int:
    """How tall ``lone_board`` draws a board ``width`` wide (its frame and tags included)."""
    bw, bh = board.size
    return int(width * (bh + TAG + 2 * FRAME) / (bw + 2 * FRAME))


def paint_seat_card(surface: pygame.Surface, rect: pygame.Rect, rows: list[list[tuple[str, int, bool, bool]]],
                    layout, state, seat: int, small: int, board_least: int, gap: int, tiny: int,
                    lead: tuple[int, Callable[[pygame.Surface, tuple[int, int], float], None]] | None = None) -> None:
    """The captain's score card in his strip, upright: whole lines from the top as many as fit,
    then his ship below them, as large as the rest of ``rect`` holds (none under ``board_least``).
    ``lead``: the width before the first line's words (as ``seat_card_rows`` left it) and what
    draws there, level with its first row (a piece: its centre and radius)."""
    y = rect.y
    for i, line in enumerate(rows):
        height = rows_height([line])
        if y + height > rect.bottom:
            break
        indent = lead[0] if lead and i == 0 else 0
        if lead and i == 0 and line:
            line_h = theme.font(line[0][1], line[0][2]).get_linesize()
            lead[1](surface, (rect.x + (indent - gap // 2) // 2, y + line_h // 2), lead_radius(line_h))
        for words, size, bold, warn in line:
            draw.text(surface, words, (rect.x + indent, y), size, theme.BAD if warn else theme.INK, bold=bold, box=rect)
            y += theme.font(size, bold).get_linesize()
    room = pygame.Rect(rect.x, y + gap, rect.w, rect.bottom - y - gap)
    if room.h >= board_least:  # letterboxed: as large as fits, centred
        paint_lone_board(surface, room, layout, state, seat, small, least=tiny)

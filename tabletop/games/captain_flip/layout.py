"""Captain Flip's data files: one Adventure board per file, plus ``tiles.yaml`` (characters, tiles,
scoring tables). Validated with the shared :class:`Checker` so every problem is reported at once
with file, line and column; the rules and the scene only ever see the frozen result.

No pygame here: the rules read the topology (columns, bonuses) and the scene the geometry.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from tabletop.core.errors import StateError
from tabletop.i18n import tr
from tabletop.layout import BoardStore, Checker, LayoutErrors, SourceDoc

FOLDER = "captain_flip"
TILES_FILE = f"{FOLDER}/tiles.yaml"

CHARACTER_IDS = ("Monkey", "Gunner", "Parrot", "Cook", "Navigator", "Cartographer", "Lookout",
                 "Carpenter", "Swabby")
"""The nine characters in the order the rules index them (behaviour is keyed by these ids)."""

BONUS_PARAMS: dict[str, tuple[str, ...]] = {
    "none": (),
    "coins": ("coins",),
    "take_map": (),
    "kraken": ("first", "later"),
    "per_completed_column": ("coins",),
    "per_different_character": ("coins",),
    "pay_to_place": ("cost",),
    "end_all_identical": ("coins",),
    "end_all_different": ("coins",),
    "map_if_all_identical": (),
    "flip_if_all_different": (),
    "draw_if_all_identical": (),
}
"""Every column bonus kind the rules implement, with the numbers each one takes."""

END_KINDS = ("end_all_identical", "end_all_different")
TILE_RULES = ("every_ordered_pair",)
COLOUR_KEYS = ("board", "space", "top_space", "outline")


@dataclass(frozen=True)
class Bonus:
    """A column's top-space bonus: ``kind`` plus up to two numbers (``a``: coins/first/cost,
    ``b``: kraken's later value)."""

    kind: str
    a: int = 0
    b: int = 0

    def text(self) -> str:
        """The bonus in words, in the current language."""
        k, a, b = self.kind, self.a, self.b
        if k == "none":
            return tr("no bonus")
        if k == "coins":
            return tr("+{a} coins", a=a)
        if k == "take_map":
            return tr("take the Treasure Map")
        if k == "kraken":
            return tr("first player +{a}, later players +{b}", a=a, b=b)
        if k == "per_completed_column":
            return tr("+{a} per completed column", a=a)
        if k == "per_different_character":
            return tr("+{a} per different character in this column", a=a)
        if k == "pay_to_place":
            return tr("costs {a} coin to place here", a=a) if a == 1 else tr("costs {a} coins to place here", a=a)
        if k == "end_all_identical":
            return tr("end: +{a} if all identical", a=a)
        if k == "end_all_different":
            return tr("end: +{a} if all different", a=a)
        if k == "map_if_all_identical":
            return tr("take the Treasure Map if all identical")
        if k == "flip_if_all_different":
            return tr("if all different: flip any tile and apply it")
        if k == "draw_if_all_identical":
            return tr("if all identical: draw and play a new tile")
        return k


@dataclass(frozen=True)
class Column:
    low: int
    height: int
    x: float
    bonus: Bonus

    @property
    def top(self) -> int:
        """Height (row) of the column's top space."""
        return self.low + self.height - 1


@dataclass(frozen=True)
class Board:
    """One Adventure board: topology for the rules, logical geometry and colours for the scene."""

    id: str
    name: str
    columns: tuple[Column, ...]
    size: tuple[float, float]
    space: tuple[float, float]
    row_step: float
    bottom: float
    colours: dict[str, tuple[int, int, int]]

    @property
    def spaces(self) -> int:
        return sum(c.height for c in self.columns)

    def space_rect(self, col: int, row: int) -> tuple[float, float, float, float]:
        """``(x, y, w, h)`` of the space at column ``col``, height ``row`` (y grows downwards)."""
        w, h = self.space
        return (self.columns[col].x, self.bottom - row * self.row_step - h, w, h)

    def space_at(self, x: float, y: float) -> tuple[int, int] | None:
        """The ``(col, row)`` of the space under a logical point (for the scene's clicks)."""
        for ci, column in enumerate(self.columns):
            for row in range(column.low, column.low + column.height):
                rx, ry, rw, rh = self.space_rect(ci, row)
                if rx <= x < rx + rw and ry <= y < ry + rh:
                    return ci, row
        return None


@dataclass(frozen=True)
class Character:
    id: str
    kind: str  # "immediate" | "end"
    colour: tuple[int, int, int]
    sprite: str
    immediate: str
    end: str
    solo: str = ""  # the immediate effect's words in a solo game, where the rule differs (the Cartographer)

    def now_text(self, solo: bool) -> str:
        """The immediate effect as a game of this kind plays it (English; shown through ``tr``)."""
        return self.solo if solo and self.solo else self.immediate


@dataclass(frozen=True)
class TileSet:
    """The characters (in :data:`CHARACTER_IDS` order), the tiles and the scoring tables."""

    characters: tuple[Character, ...]
    tile_rule: str
    dolphins: int
    dolphin_colour: tuple[int, int, int]
    dolphin_sprite: str
    dolphin_text: str
    swabby_coins: tuple[int, ...]
    solo_ranks: tuple[tuple[str, int | None], ...]
    sunk_rank: str

    def pair_counts(self) -> list[int]:
        """How many tiles carry each unordered pair of characters (see ``rules.PAIRS``)."""
        n = len(CHARACTER_IDS)
        return [2 for a in range(n) for b in range(a + 1, n)]

    def swabby(self, columns: int) -> int:
        table = self.swabby_coins
        return table[min(columns, len(table) - 1)]

    def solo_rank(self, total: int, lost: bool) -> str:
        if lost:
            return self.sunk_rank
        for name, top in self.solo_ranks:
            if top is None or total <= top:
                return name
        return self.solo_ranks[-1][0]

    def next_rank(self, total: int, lost: bool) -> tuple[str, int] | None:
        """The rank just above a solo score and the coins it starts at; None at the top (or sunk)."""
        if lost:
            return None
        for (_, top), (name, _) in zip(self.solo_ranks, self.solo_ranks[1:], strict=False):
            if top is not None and total <= top:
                return name, top + 1
        return None


@dataclass(frozen=True)
class CaptainFlipLayout:
    """What ``Setup.layout`` carries: the chosen board and the tile set, plus their source data
    (saved inside every game state so a save or record replays on the board it was played on)."""

    board: Board
    tiles: TileSet
    source: tuple[str, str]  # JSON texts of the board and tiles documents

    def to_json(self) -> dict[str, Any]:
        return {"board": json.loads(self.source[0]), "tiles": json.loads(self.source[1])}


# -- building ------------------------------------------------------------------------------------
def build_board(doc: SourceDoc, board_id: str) -> Board:
    """Validate a board document; raise :class:`LayoutErrors` listing every problem."""
    ck = Checker(doc)
    top = ck.top(["name", "geometry", "colours", "columns"])
    name = ck.string(top, (), "name")
    geo = ck.mapping(top, (), "geometry")
    ck.keys(geo, ("geometry",), ["size", "space", "row_step", "bottom"])
    size = ck.point(geo, ("geometry",), "size", 1, 100_000)
    space = ck.point(geo, ("geometry",), "space", 1, 100_000)
    row_step = ck.number(geo, ("geometry",), "row_step", low=1, high=100_000)
    bottom = ck.number(geo, ("geometry",), "bottom", low=0, high=100_000)
    cols_doc = ck.mapping(top, (), "colours")
    ck.keys(cols_doc, ("colours",), COLOUR_KEYS)
    colours = {key: ck.colour(cols_doc, ("colours",), key) for key in COLOUR_KEYS}
    columns: list[Column] = []
    raw_columns = ck.list(top, (), "columns", min_len=4, max_len=8)
    for i, raw in enumerate(raw_columns):
        path = ("columns", i)
        if not isinstance(raw, dict):
            ck.error(path, "expected a mapping with low, height, x and bonus")
            continue
        ck.keys(raw, path, ["low", "height", "x", "bonus"])
        low = ck.integer(raw, path, "low", low=0, high=10)
        raw_height = raw.get("height")
        if isinstance(raw_height, int) and not isinstance(raw_height, bool) and raw_height < 1:
            ck.error((*path, "height"), "a column needs at least one space, got height {height}", height=raw_height)
            height = 1
        else:
            height = ck.integer(raw, path, "height", low=1, high=10)
        x = ck.number(raw, path, "x", low=0, high=100_000)
        bonus = _bonus(ck, raw, path)
        columns.append(Column(low, max(height, 1), x, bonus))
    board = Board(board_id, name, tuple(columns), size, space, row_step, bottom, colours)
    if ck.ok:
        _check_geometry(ck, board)
    ck.done()
    return board


def _bonus(ck: Checker, raw: dict[str, Any], path: tuple[Any, ...]) -> Bonus:
    if "bonus" not in raw:
        ck.error(path, "missing key 'bonus' (write bonus: \"none\" for a column without one)")
        return Bonus("none")
    value = raw["bonus"]
    bpath = (*path, "bonus")
    if isinstance(value, str):
        if value != "none":
            if value in BONUS_PARAMS:
                numbers = "".join(f", {p}: 1" for p in BONUS_PARAMS[value])
                ck.error(bpath, "write the bonus as a mapping like {example}" if numbers else
                         "write the bonus as a mapping {example}", example=f"{{kind: \"{value}\"{numbers}}}")
            else:
                ck.error(bpath, "unknown bonus kind {kind} (expected one of: {names})", kind=repr(value),
                         names=", ".join(BONUS_PARAMS))
        return Bonus("none")
    if not isinstance(value, dict):
        ck.error(bpath, "expected \"none\" or a mapping like {kind: \"coins\", coins: 3}")
        return Bonus("none")
    kind = ck.string(value, bpath, "kind")
    if kind not in BONUS_PARAMS:
        if kind:
            ck.error((*bpath, "kind"), "unknown bonus kind {kind} (expected one of: {names})", kind=repr(kind),
                     names=", ".join(BONUS_PARAMS))
        return Bonus("none")
    params = BONUS_PARAMS[kind]
    ck.keys(value, bpath, ["kind", *params])
    numbers = [ck.integer(value, bpath, p, low=0, high=100) for p in params]
    numbers += [0, 0]
    return Bonus(kind, numbers[0], numbers[1])


def _check_geometry(ck: Checker, board: Board) -> None:
    """Spaces must lie on the board and never overlap (else clicks would be ambiguous)."""
    bw, bh = board.size
    rects: list[tuple[int, int, tuple[float, float, float, float]]] = []
    for ci, column in enumerate(board.columns):
        for row in range(column.low, column.low + column.height):
            x, y, w, h = board.space_rect(ci, row)
            if x < 0 or y < 0 or x + w > bw or y + h > bh:
                ck.error(("columns", ci), "the space at row {row} lies outside the board ({space}; board is {size})",
                         row=row, space=f"{x:g},{y:g} to {x + w:g},{y + h:g}", size=f"{bw:g}x{bh:g}")
            rects.append((ci, row, (x, y, w, h)))
    reported: set[tuple[int, int]] = set()
    for i, (c1, r1, a) in enumerate(rects):
        for c2, r2, b in rects[i + 1:]:
            if (c1 != c2 and (c1, c2) not in reported and a[0] < b[0] + b[2] and b[0] < a[0] + a[2]
                    and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]):
                reported.add((c1, c2))  # one line per pair of columns is enough
                ck.error(("columns", c2, "x"), "its space at row {row} overlaps column {other}'s space at row {at}",
                         row=r2, other=c1, at=r1)
    if board.row_step < board.space[1]:
        ck.error(("geometry", "row_step"), "row_step {step} is smaller than the space height {height}: the spaces "
                 "of a column would overlap", step=f"{board.row_step:g}", height=f"{board.space[1]:g}")


def build_tiles(doc: SourceDoc) -> TileSet:
    """Validate ``tiles.yaml``; the nine characters must all be there (any order), once each."""
    ck = Checker(doc)
    top = ck.top(["characters", "tiles", "dolphin", "swabby_coins", "solo_ranks", "sunk_rank"])
    found: dict[str, Character] = {}
    for i, raw in enumerate(ck.list(top, (), "characters", min_len=9, max_len=9)):
        path = ("characters", i)
        if not isinstance(raw, dict):
            ck.error(path, "expected a mapping with id, kind, colour, sprite, immediate and end")
            continue
        ck.keys(raw, path, ["id", "kind", "colour", "sprite", "immediate", "end", "solo"])
        cid = ck.string(raw, path, "id", choices=CHARACTER_IDS)
        if cid in found:
            ck.error((*path, "id"), "character {id} is listed twice", id=repr(cid))
        kind = ck.string(raw, path, "kind", choices=("immediate", "end"))
        colour = ck.colour(raw, path, "colour")
        sprite = ck.name(raw, path, "sprite", what="a sprite name")
        immediate = ck.string(raw, path, "immediate", default="")
        end = ck.string(raw, path, "end", default="")
        solo = ck.string(raw, path, "solo", default="")
        if cid:
            found[cid] = Character(cid, kind, colour, sprite, immediate, end, solo)
    tiles = ck.mapping(top, (), "tiles")
    ck.keys(tiles, ("tiles",), ["rule"])
    rule = ck.string(tiles, ("tiles",), "rule", choices=TILE_RULES)
    dol = ck.mapping(top, (), "dolphin")
    ck.keys(dol, ("dolphin",), ["count", "colour", "sprite", "text"])
    dcount = ck.integer(dol, ("dolphin",), "count", low=0, high=5)
    dcolour = ck.colour(dol, ("dolphin",), "colour", default="#4fb3d9")
    dsprite = ck.name(dol, ("dolphin",), "sprite", default="cf_dolphin", what="a sprite name")
    dtext = ck.string(dol, ("dolphin",), "text", default="")
    swabby = tuple(ck.integer_value(v, ("swabby_coins", i), 0, 1000)
                   for i, v in enumerate(ck.list(top, (), "swabby_coins", min_len=2, max_len=10)))
    ranks: list[tuple[str, int | None]] = []
    raw_ranks = ck.list(top, (), "solo_ranks", min_len=1, max_len=20)
    for i, raw in enumerate(raw_ranks):
        path = ("solo_ranks", i)
        if not isinstance(raw, dict):
            ck.error(path, "expected a mapping like {name: \"Sailor\", max: 50}")
            continue
        ck.keys(raw, path, ["name", "max"])
        rname = ck.string(raw, path, "name")
        last = i == len(raw_ranks) - 1
        top_coins = None if last and "max" not in raw else ck.integer(raw, path, "max", low=0, high=10_000)
        if ranks and top_coins is not None and ranks[-1][1] is not None and top_coins <= ranks[-1][1]:
            ck.error((*path, "max"), "the ranks' max coins must increase")
        ranks.append((rname, top_coins))
    sunk = ck.string(top, (), "sunk_rank")
    ck.done()
    chars = tuple(found[c] for c in CHARACTER_IDS)
    return TileSet(chars, rule, dcount, dcolour, dsprite, dtext, swabby, tuple(ranks), sunk)


# -- loading -------------------------------------------------------------------------------------
def board_file(variant: str) -> str:
    return f"{FOLDER}/{variant}.yaml"


def load(store: BoardStore, variant: str) -> CaptainFlipLayout:
    """Read and validate board ``variant`` and the tile set; raise LayoutErrors with every issue."""
    issues = []
    board_doc = tiles_doc = None
    board = tiles = None
    try:
        board_doc = store.read(board_file(variant))
        board = build_board(board_doc, variant)
    except LayoutErrors as exc:
        issues += exc.issues
    try:
        tiles_doc = store.read(TILES_FILE)
        tiles = build_tiles(tiles_doc)
    except LayoutErrors as exc:
        issues += exc.issues
    if issues or board is None or tiles is None or board_doc is None or tiles_doc is None:
        raise LayoutErrors(issues)
    return CaptainFlipLayout(board, tiles, (json.dumps(board_doc.data, sort_keys=True),
                                            json.dumps(tiles_doc.data, sort_keys=True)))


def board_ids(store: BoardStore) -> list[str]:
    """Every board file in the folder (built-in and the user's), by file stem."""
    ids = []
    for name in store.names(FOLDER):
        stem = name.rsplit("/", 1)[-1][: -len(".yaml")]
        if stem != "tiles":
            ids.append(stem)
    return ids


_CACHE: dict[str, CaptainFlipLayout] = {}


def from_json(data: Any, board_id: str) -> CaptainFlipLayout:
    """Rebuild a layout saved inside a game state (validated like a file; cached: states are
    restored often in tests and replays, layouts rarely differ)."""
    if not isinstance(data, dict) or not isinstance(data.get("board"), dict) or not isinstance(data.get("tiles"), dict):
        raise StateError(tr("the saved Captain Flip state has no board/tiles layout"))
    key = board_id + json.dumps(data, sort_keys=True)
    if key in _CACHE:
        return _CACHE[key]
    try:
        board = build_board(SourceDoc("<saved board>", data["board"], {}), board_id)
        tiles = build_tiles(SourceDoc("<saved tiles>", data["tiles"], {}))
    except LayoutErrors as exc:
        raise StateError(tr("the saved board is invalid: {error}", error=exc.lines()[0])) from None
    layout = CaptainFlipLayout(board, tiles, (json.dumps(data["board"], sort_keys=True),
                                              json.dumps(data["tiles"], sort_keys=True)))
    if len(_CACHE) < 64:
        _CACHE[key] = layout
    return layout

"""Chicken Chase's board file → a frozen :class:`ChickenLayout` (topology for the rules, geometry
for the scene), with every problem reported as ``file:line:col: where: what``.

Why the checks are what they are: a user may change the decks (so the 60-card total is not
required), but a card outside 1–8, a feed field naming a deck that does not exist, or a blocked
field outside 1–14 (Start and the finish can never be blocked) would make the rules meaningless;
so would a table with 8 or more blocked fields in a row (no hen could pass them: no game is won).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tabletop.games.chicken_chase.hill import IMPASSABLE, impassable_values
from tabletop.layout import BoardStore, Checker, SourceDoc

BOARD_FILE = "chicken_chase.yaml"
HILL_FIELDS = 15
FEED_FIELDS = 10
MAX_CARD = 8
MAX_DECKS = 9
PLAYER_COUNTS = (2, 3, 4)
TABLE_VARIANTS = ("normal", "peaceful")

Point = tuple[float, float]
RGB = tuple[int, int, int]


@dataclass(frozen=True)
class Deck:
    """One speed-card deck: ``cards`` are the values of its cards (a multiset)."""

    id: str
    name: str
    back: RGB
    cards: tuple[int, ...]


@dataclass(frozen=True)
class PlayerLook:
    name: str
    hen: RGB
    chick: RGB
    symbol: str


@dataclass(frozen=True)
class ChickenLayout:
    """Everything the board file says. ``fields[i]`` is hill field i+1; ``feed_deck[i]`` is the deck
    index of feed field i+1; ``blocked[variant][players]`` the blocked hill fields."""

    size: Point
    start: Point
    fields: tuple[Point, ...]
    decks: tuple[Deck, ...]
    starting_hand: tuple[int, ...]
    feed_at: tuple[Point, ...]
    feed_deck: tuple[int, ...]
    blocked: dict[str, dict[int, tuple[int, ...]]]
    players: tuple[PlayerLook, ...]

    def hill_point(self, field: int) -> Point:
        """Where hill field ``field`` (0 = Start, 1–15) is drawn."""
        return self.start if field == 0 else self.fields[field - 1]

    def blocked_for(self, variant: str, players: int) -> tuple[int, ...]:
        return self.blocked[variant][players]


SYMBOLS = ("circle", "square", "triangle", "diamond", "star", "cross")


def build_layout(doc: SourceDoc) -> ChickenLayout:
    """Validate ``doc`` and build the layout; raise ``LayoutErrors`` listing every issue."""
    c = Checker(doc)
    top = c.top(["size", "hill", "decks", "starting_hand", "feed", "blocked", "players"])
    size = c.point(top, (), "size", low=1, high=100_000)

    hill = c.mapping(top, (), "hill")
    c.keys(hill, ("hill",), ["start", "fields"])
    start = _on_board(c, c.point(hill, ("hill",), "start"), ("hill", "start"), size)
    raw_fields = c.list(hill, ("hill",), "fields", min_len=HILL_FIELDS, max_len=HILL_FIELDS)
    fields = tuple(_on_board(c, c.point_value(p, ("hill", "fields", i)), ("hill", "fields", i), size)
                   for i, p in enumerate(raw_fields))

    decks = _decks(c, top)
    deck_index = {d.id: i for i, d in enumerate(decks)}

    hand_ids = c.list(top, (), "starting_hand")
    starting_hand = tuple(_deck_ref(c, v, ("starting_hand", i), deck_index)
                          for i, v in enumerate(hand_ids))

    raw_feed = c.list(top, (), "feed", min_len=FEED_FIELDS, max_len=FEED_FIELDS)
    feed_at: list[Point] = []
    feed_deck: list[int] = []
    for i, entry in enumerate(raw_feed):
        path = ("feed", i)
        if not isinstance(entry, dict):
            c.error(path, "expected a mapping with 'at' and 'deck'")
            feed_at.append((0.0, 0.0))
            feed_deck.append(0)
            continue
        c.keys(entry, path, ["at", "deck"])
        feed_at.append(_on_board(c, c.point(entry, path, "at"), (*path, "at"), size))
        feed_deck.append(_deck_ref(c, c.get(entry, path, "deck"), (*path, "deck"), deck_index))

    blocked = _blocked(c, top)
    players = _players(c, top)
    c.done()
    return ChickenLayout(size, start, fields, decks, starting_hand, tuple(feed_at), tuple(feed_deck),
                         blocked, players)


def _on_board(c: Checker, point: Point, path: tuple, size: Point) -> Point:
    """A position must lie on the board (a typo like 4860 for 486 would draw off screen)."""
    x, y = point
    if size != (0.0, 0.0) and not (0 <= x <= size[0] and 0 <= y <= size[1]):
        c.error(path, "{point} lies outside the {size} board", point=f"[{x:g}, {y:g}]", size=f"{size[0]:g} x {size[1]:g}")
    return point


def _runaway_text(c: Checker, entry: dict[str, Any], path: tuple, keys: list[str]) -> None:
    """A missing closing quote makes YAML swallow the next line into the text ("green meadow
    back: "); say so at the text, not only that the swallowed key is missing."""
    for key, value in entry.items():
        if isinstance(value, str):
            for other in keys:
                if other not in entry and f" {other}:" in f" {value}":
                    c.error((*path, key), "the text {value} runs on into the next line's '{key}:' (is its closing "
                            "quote missing?)", value=repr(value), key=other)
                    return


def _decks(c: Checker, top: dict[str, Any]) -> tuple[Deck, ...]:
    raw = c.list(top, (), "decks", min_len=1, max_len=MAX_DECKS)
    decks: list[Deck] = []
    seen: set[str] = set()
    for i, entry in enumerate(raw):
        path = ("decks", i)
        if not isinstance(entry, dict):
            c.error(path, "expected a mapping with id, name, back and cards")
            continue
        c.keys(entry, path, ["id", "name", "back", "cards"])
        _runaway_text(c, entry, path, ["id", "name", "back", "cards"])
        raw_id = c.get(entry, path, "id")
        ident = c.ident(raw_id, (*path, "id")) if isinstance(raw_id, str) or "id" in entry else ""
        if ident and ident in seen:
            c.error((*path, "id"), "deck id {id} is used twice", id=repr(ident))
        seen.add(ident)
        name = c.string(entry, path, "name")
        back = c.colour(entry, path, "back")
        cards_raw = c.list(entry, path, "cards", min_len=1, max_len=1000)
        cards = tuple(c.integer_value(v, (*path, "cards", j), 1, MAX_CARD) for j, v in enumerate(cards_raw))
        decks.append(Deck(ident, name, back, cards))
    return tuple(decks)


def _deck_ref(c: Checker, value: Any, path: tuple, deck_index: dict[str, int]) -> int:
    if not isinstance(value, str):
        c.error(path, "expected a deck id, got {got}", got=repr(value))
        return 0
    if value not in deck_index:
        names = ", ".join(deck_index) or "none"
        c.error(path, "no deck named {name} (the decks are: {names})", name=repr(value), names=names)
        return 0
    return deck_index[value]


def _blocked(c: Checker, top: dict[str, Any]) -> dict[str, dict[int, tuple[int, ...]]]:
    table = c.mapping(top, (), "blocked")
    c.keys(table, ("blocked",), TABLE_VARIANTS)
    result: dict[str, dict[int, tuple[int, ...]]] = {}
    for variant in TABLE_VARIANTS:
        per = c.mapping(table, ("blocked",), variant)
        for key in list(per):
            if isinstance(key, str) and key.strip().isdigit() and int(key) in PLAYER_COUNTS:
                c.error(("blocked", variant, key), "write the number of players without quotes ({n}:, not \"{n}\":)",
                        at_key=True, n=int(key))
                per = {k: v for k, v in per.items() if k != key} | {int(key): per[key]}
        c.keys(per, ("blocked", variant), PLAYER_COUNTS)
        result[variant] = {}
        for players in PLAYER_COUNTS:
            path = ("blocked", variant, players)
            fields = c.list(per, ("blocked", variant), players) if per else []
            checked = [c.integer_value(v, (*path, j), 1, HILL_FIELDS - 1) for j, v in enumerate(fields)]
            for j, v in enumerate(fields):
                if isinstance(v, int) and fields.index(v) != j:
                    c.error((*path, j), "field {n} is listed twice", n=v)
            result[variant][players] = tuple(sorted(set(checked)))
            refused = impassable_values(result[variant][players])
            if refused:
                c.error(path, IMPASSABLE, **refused)
    return result


def _players(c: Checker, top: dict[str, Any]) -> tuple[PlayerLook, ...]:
    raw = c.list(top, (), "players", min_len=max(PLAYER_COUNTS), max_len=max(PLAYER_COUNTS))
    looks: list[PlayerLook] = []
    for i, entry in enumerate(raw):
        path = ("players", i)
        if not isinstance(entry, dict):
            c.error(path, "expected a mapping with name, hen, chick and symbol")
            continue
        c.keys(entry, path, ["name", "hen", "chick", "symbol"])
        looks.append(PlayerLook(c.string(entry, path, "name"), c.colour(entry, path, "hen"),
                                c.colour(entry, path, "chick"),
                                c.string(entry, path, "symbol", choices=SYMBOLS)))
    return tuple(looks)


def load_layout(store: BoardStore, variant: str = "normal") -> ChickenLayout:
    """The game's layout through the board store (user overrides first); the variant does not
    change the file, only which blocked table the rules use."""
    return store.load(BOARD_FILE, build_layout)

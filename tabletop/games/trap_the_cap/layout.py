"""``boards/trap_the_cap.yaml`` → a validated :class:`Layout` (geometry for the scene, a
:class:`Topology` for the rules).

Why the checks below: a user edits this file by hand, and a board that loads but cannot be played
(an edge to a typo'd field, a hideout floating in space, an island no cap can reach, a golden cap
game without a centre) must be caught here, with file, line and column, not found later as a
strange game. Everything is collected in one pass so the user sees every problem at once.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from tabletop.games.trap_the_cap.board import COLOURS, KINDS, Topology
from tabletop.layout import BoardStore, Checker, SourceDoc

BOARD_FILE = "trap_the_cap.yaml"
SHAPES = ("sector", "rect", "pentagon", "diamond", "disc")
SYMBOLS = ("circle", "triangle", "square", "diamond", "star", "cross")


@dataclass(frozen=True)
class Field:
    """One field as drawn: where it sits and its shape's parameters (logical units, degrees)."""

    id: str
    kind: str
    grey: bool
    owner: str | None
    at: tuple[float, float]
    shape: str
    radii: tuple[float, float] = (0.0, 0.0)
    angles: tuple[float, float] = (0.0, 0.0)
    size: tuple[float, float] = (0.0, 0.0)
    rotate: float = 0.0
    radius: float = 0.0
    entry: int = -1  # position in the file's node list, for error messages


@dataclass(frozen=True)
class PlayerLook:
    colour: str
    hideout: str
    fill: tuple[int, int, int]
    symbol: str


@dataclass(frozen=True)
class Layout:
    """The whole board file: fields, edges, palette, player looks, and the rules' topology."""

    half_width: float
    fields: tuple[Field, ...]
    edges: tuple[tuple[str, str], ...]
    palette: dict[str, tuple[int, int, int]]
    players: tuple[PlayerLook, ...]
    topology: Topology

    def field(self, node_id: str) -> Field:
        return self.fields[self.topology.index[node_id]]


def load_layout(store: BoardStore, variant: str = "offensive") -> Layout:
    """Read and validate the board; raise LayoutErrors listing every problem."""
    return store.load(BOARD_FILE, lambda doc: build_layout(doc, variant))


def build_layout(doc: SourceDoc, variant: str = "offensive") -> Layout:
    check = Checker(doc)
    top = check.top(["board", "colours", "players", "nodes", "edges"])
    board = check.mapping(top, (), "board")
    check.keys(board, ("board",), ["half_width"])
    before = len(check.issues)
    half_width = check.number(board, ("board",), "half_width", low=0.1, high=100)
    half_width_ok = len(check.issues) == before

    colours = check.mapping(top, (), "colours")
    palette: dict[str, tuple[int, int, int]] = {}
    for key in colours:
        palette[str(key)] = check.colour(colours, ("colours",), str(key))
    for key in ("board", "grey", "yellow"):
        if key not in colours and isinstance(top.get("colours"), dict):
            check.error(("colours",), "missing colour {key}", key=repr(key))

    fields = _fields(check, top)
    if half_width_ok:
        _on_board(check, fields, half_width)
    ids = {f.id: i for i, f in enumerate(fields)}
    edges = _edges(check, top, ids)
    players = _players(check, top, ids, fields)
    _hideouts(check, fields, edges)
    _reachability(check, fields, edges)
    centres = [f.entry for f in fields if f.kind == "centre"]
    if len(centres) > 1:
        check.error(("nodes", centres[1], "kind"), "only one field may be the centre")
    if not centres and variant == "golden_cap" and fields:
        check.error(("nodes",), "the golden cap game needs a field of kind 'centre' (the golden cap "
                                "starts there)")
    check.done()
    topology = Topology.build([(f.id, f.kind, f.grey) for f in fields], list(edges),
                              {p.colour: p.hideout for p in players})
    return Layout(half_width, tuple(fields), edges, palette, tuple(players), topology)


def _fields(check: Checker, top: dict[str, Any]) -> list[Field]:
    nodes = check.list(top, (), "nodes", min_len=1)
    fields: list[Field] = []
    seen: dict[str, int] = {}
    for i, node in enumerate(nodes):
        path = ("nodes", i)
        if not isinstance(node, dict):
            check.error(path, "expected a mapping like {id: \"R00\", kind: \"ring\", ...}")
            continue
        check.keys(node, path, ["id", "kind", "colour", "owner", "at", "shape", "radii", "angles",
                                "size", "rotate", "radius"])
        node_id = check.ident(node.get("id"), (*path, "id"))
        if not node_id:
            continue  # reported; a field without an id cannot be part of the graph
        if node_id in seen:
            check.error((*path, "id"), "the id {id} is already used by {other}", id=repr(node_id),
                        other=f"nodes[{seen[node_id]}]")
            continue
        kind = check.string(node, path, "kind", choices=KINDS)
        if kind == "hideout":
            owner = check.string(node, path, "owner", choices=COLOURS)
            if "colour" in node:
                check.error((*path, "colour"), "a hideout has an owner, not a field colour")
            grey = False
        else:
            owner = None
            grey = check.string(node, path, "colour", choices=("grey", "yellow")) == "grey"
            if "owner" in node:
                check.error((*path, "owner"), "only a hideout has an owner")
        at = check.point(node, path, "at", low=-100, high=100)
        shape = check.string(node, path, "shape", choices=SHAPES)
        field = Field(node_id, kind, grey, owner, at, shape)
        if shape == "sector":
            field = Field(node_id, kind, grey, owner, at, shape,
                          radii=_pair(check, node, path, "radii"), angles=_pair(check, node, path, "angles"))
        elif shape in ("rect", "pentagon"):
            field = Field(node_id, kind, grey, owner, at, shape, size=_pair(check, node, path, "size"),
                          rotate=check.number(node, path, "rotate", default=0.0, low=-360, high=360))
        elif shape == "diamond":
            side = check.number(node, path, "size", low=0.0, high=100)
            if side == 0 and isinstance(node.get("size"), (int, float)):
                check.error((*path, "size"), "expected a number above 0, got 0")
            field = Field(node_id, kind, grey, owner, at, shape, size=(side, side))
        elif shape == "disc":
            field = Field(node_id, kind, grey, owner, at, shape,
                          radius=check.number(node, path, "radius", low=0.0, high=100))
        if node_id:
            seen[node_id] = i
        fields.append(replace(field, entry=i))
    return fields


def _on_board(check: Checker, fields: list[Field], half_width: float) -> None:
    """Every field lies on the board and no disc is larger than it (a typo like 98.36 for 0.9836
    would otherwise draw a field far off screen, where nobody can click it)."""
    for f in fields:
        path = ("nodes", f.entry)
        x, y = f.at
        if abs(x) > half_width or abs(y) > half_width:
            check.error((*path, "at"), "{point} lies outside the board (half_width {half})", point=f"[{x:g}, {y:g}]",
                        half=f"{half_width:g}")
        if f.shape == "disc" and f.radius > half_width:
            check.error((*path, "radius"), "expected a number from 0 to {half} (the board's half_width), got {got}",
                        half=f"{half_width:g}", got=f"{f.radius:g}")


def _pair(check: Checker, node: dict[str, Any], path: tuple[str | int, ...], key: str) -> tuple[float, float]:
    return check.point(node, path, key, low=-1000, high=1000)


def _edges(check: Checker, top: dict[str, Any], ids: dict[str, int]) -> tuple[tuple[str, str], ...]:
    raw = check.list(top, (), "edges", min_len=1)
    edges: list[tuple[str, str]] = []
    seen: set[frozenset[str]] = set()
    for i, edge in enumerate(raw):
        path = ("edges", i)
        if not isinstance(edge, list) or len(edge) != 2 or not all(isinstance(e, str) for e in edge):
            check.error(path, "expected a pair of field ids like [\"R00\", \"R01\"]")
            continue
        bad = False
        for j, end in enumerate(edge):
            if end not in ids:
                check.error((*path, j), "unknown field id {id}", id=repr(end))
                bad = True
        if bad:
            continue
        if edge[0] == edge[1]:
            check.error(path, "an edge from {id} to itself", id=repr(edge[0]))
            continue
        pair = frozenset(edge)
        if pair in seen:
            check.error(path, "the edge {edge} is listed twice", edge=f"{edge[0]}–{edge[1]}")
            continue
        seen.add(pair)
        edges.append((edge[0], edge[1]))
    return tuple(edges)


def _players(check: Checker, top: dict[str, Any], ids: dict[str, int], fields: list[Field]) -> list[PlayerLook]:
    raw = check.list(top, (), "players", min_len=2, max_len=4)
    players: list[PlayerLook] = []
    used: set[str] = set()
    for i, entry in enumerate(raw):
        path = ("players", i)
        if not isinstance(entry, dict):
            check.error(path, "expected a mapping like {colour: \"red\", hideout: \"H_NE\", ...}")
            continue
        check.keys(entry, path, ["colour", "hideout", "fill", "symbol"])
        colour = check.string(entry, path, "colour", choices=COLOURS)
        hideout = check.string(entry, path, "hideout")
        fill = check.colour(entry, path, "fill")
        symbol = check.string(entry, path, "symbol", default="circle", choices=SYMBOLS)
        if colour in used:
            check.error((*path, "colour"), "the colour {colour} is listed twice", colour=repr(colour))
            continue
        if hideout and hideout not in ids:
            check.error((*path, "hideout"), "unknown field id {id}", id=repr(hideout))
            continue
        if hideout:
            field = fields[ids[hideout]]
            if field.kind != "hideout" or field.owner != colour:
                check.error((*path, "hideout"),
                            "{id} is not a hideout owned by {colour} (see its node entry)", id=repr(hideout),
                            colour=repr(colour))
                continue
        if colour:
            used.add(colour)
            players.append(PlayerLook(colour, hideout, fill, symbol))
    owners = {f.owner for f in fields if f.kind == "hideout"}
    for colour in COLOURS:
        if colour in owners and colour not in used and isinstance(top.get("players"), list):
            check.error(("players",), "the {colour} hideout has no entry under players", colour=colour)
    counts: dict[str, int] = {}
    for f in fields:
        if f.kind == "hideout" and f.owner:
            counts[f.owner] = counts.get(f.owner, 0) + 1
            if counts[f.owner] > 1:
                check.error(("nodes", f.entry, "owner"), "{colour} already has a hideout", colour=f.owner)
    return players


def _neighbours(fields: list[Field], edges: tuple[tuple[str, str], ...]) -> dict[str, list[str]]:
    adj: dict[str, list[str]] = {f.id: [] for f in fields}
    for a, b in edges:
        adj[a].append(b)
        adj[b].append(a)
    return adj


def _hideouts(check: Checker, fields: list[Field], edges: tuple[tuple[str, str], ...]) -> None:
    """A hideout must touch the board (a cap has to get out) and only board fields."""
    adj = _neighbours(fields, edges)
    kind = {f.id: f.kind for f in fields}
    for f in fields:
        if f.kind != "hideout":
            continue
        board = [n for n in adj[f.id] if kind[n] != "hideout"]
        if not board:
            check.error(("nodes", f.entry), "the hideout {id} does not touch the board (add an edge to its junction)",
                        id=repr(f.id))
        if len(board) != len(adj[f.id]):
            check.error(("nodes", f.entry), "the hideout {id} touches another hideout", id=repr(f.id))


def _reachability(check: Checker, fields: list[Field], edges: tuple[tuple[str, str], ...]) -> None:
    """Every field must be reachable from every hideout (walking never passes through a hideout)."""
    adj = _neighbours(fields, edges)
    kind = {f.id: f.kind for f in fields}
    index = {f.id: f.entry for f in fields}
    board = [f.id for f in fields if f.kind != "hideout"]
    for f in fields:
        if f.kind != "hideout" or not adj[f.id]:
            continue
        seen = set(adj[f.id]) - {n for n in adj[f.id] if kind[n] == "hideout"}
        todo = list(seen)
        while todo:
            here = todo.pop()
            for nxt in adj[here]:
                if nxt not in seen and kind[nxt] != "hideout":
                    seen.add(nxt)
                    todo.append(nxt)
        missing = [n for n in board if n not in seen]
        if missing:
            shown = ", ".join(missing[:6]) + (" ..." if len(missing) > 6 else "")
            check.error(("nodes", index[missing[0]]),
                        "{n} field(s) cannot be reached from the hideout {id}: {fields}", n=len(missing),
                        id=repr(f.id), fields=shown)
            return

"""The board as the rules see it: a graph of fields with grey/yellow colours, the hideouts and the
centre, plus the walks a piece can make on it.

Why a separate module: the rules must follow whatever graph the user's YAML describes (a moved grey
field, an extra field), so nothing about the printed board is hard-coded here; the layout loader
builds a :class:`Topology` and the rules only ask it questions. Walks are enumerated once per
(start, steps, hideout) and cached, because a random playout asks the same questions thousands of
times.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from tabletop.core.errors import StateError
from tabletop.i18n import tr

COLOURS = ("red", "green", "yellow", "blue")
"""Player colours in turn order around the board (counter-clockwise from the NE corner)."""

KINDS = ("ring", "junction", "spoke", "centre", "hideout")


@dataclass(frozen=True)
class Walk:
    """One walk of a piece: the node indices visited (start included).

    ``visits`` are the positions in ``path`` where the piece enters its own hideout to unload
    (a golden two-leg move may do so more than once); ``turn`` is the position where a golden
    cap's second leg starts (-1: a one-leg move). Both are positions, not nodes, so the rules can
    replay the walk step by step; ``stops`` merges them in walk order (a visit or the first leg's
    landing, told apart by ``pos == turn``).
    """

    path: tuple[int, ...]
    visits: tuple[int, ...] = ()
    turn: int = -1
    stops: tuple[int, ...] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        stops = (*self.visits, self.turn) if self.turn >= 0 else self.visits
        object.__setattr__(self, "stops", tuple(sorted(stops)))

    @property
    def visit(self) -> int:
        """The first visit home (-1: none): whether the walk goes through the hideout at all."""
        return self.visits[0] if self.visits else -1


@dataclass(eq=False)
class Topology:
    """Fields (by index), their neighbours, which are grey, the hideout of each colour, the centre."""

    names: tuple[str, ...]
    kinds: tuple[str, ...]
    grey: tuple[bool, ...]
    neighbours: tuple[tuple[int, ...], ...]
    hideouts: Mapping[str, int]
    centre: int | None
    index: dict[str, int] = field(init=False)
    is_hideout: tuple[bool, ...] = field(init=False)
    _walks: dict[tuple[int, int, int, bool], tuple[Walk, ...]] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self.index = {name: i for i, name in enumerate(self.names)}
        self.is_hideout = tuple(kind == "hideout" for kind in self.kinds)
        self._walks = {}

    @classmethod
    def build(cls, nodes: list[tuple[str, str, bool]], edges: list[tuple[str, str]],
              hideouts: Mapping[str, str]) -> Topology:
        """From (id, kind, grey) triples, undirected edges and colour → hideout id."""
        names = tuple(n[0] for n in nodes)
        index = {name: i for i, name in enumerate(names)}
        adj: list[list[int]] = [[] for _ in names]
        for a, b in edges:
            ia, ib = index[a], index[b]
            if ib not in adj[ia]:
                adj[ia].append(ib)
                adj[ib].append(ia)
        centres = [i for i, n in enumerate(nodes) if n[1] == "centre"]
        return cls(names, tuple(n[1] for n in nodes), tuple(n[2] for n in nodes),
                   tuple(tuple(a) for a in adj), {c: index[h] for c, h in hideouts.items()},
                   centres[0] if centres else None)

    # -- serialization (a saved game carries its board so it replays on the board it was played on)
    def to_json(self) -> dict[str, Any]:
        edges = [[self.names[a], self.names[b]] for a, nb in enumerate(self.neighbours) for b in nb if a < b]
        return {"nodes": [[n, k, g] for n, k, g in zip(self.names, self.kinds, self.grey, strict=True)],
                "edges": edges,
                "hideouts": {c: self.names[h] for c, h in self.hideouts.items()}}

    @classmethod
    def from_json(cls, data: Any) -> Topology:
        try:
            nodes = [(str(n), str(k), bool(g)) for n, k, g in data["nodes"]]
            names = {n[0] for n in nodes}
            if len(names) != len(nodes):
                raise StateError(tr("the board lists a field twice"))
            if any(k not in KINDS for _, k, _ in nodes):
                raise StateError(tr("the board has a field of unknown kind"))
            edges = [(str(a), str(b)) for a, b in data["edges"]]
            if any(a not in names or b not in names for a, b in edges):
                raise StateError(tr("the board has an edge to an unknown field"))
            hideouts = {str(c): str(h) for c, h in data["hideouts"].items()}
            if any(c not in COLOURS or h not in names for c, h in hideouts.items()):
                raise StateError(tr("the board names an unknown hideout"))
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise StateError(tr("malformed board in the saved state ({error})", error=repr(exc))) from None
        return cls.build(nodes, edges, hideouts)

    # -- walks -------------------------------------------------------------------------------------
    def walks(self, start: int, steps: int, home: int = -1, gold: bool = False) -> tuple[Walk, ...]:
        """Every walk of exactly ``steps`` steps from ``start`` that never steps straight back.

        ``home`` is the hideout the piece may enter to unload (-1: none); entering counts one step
        and, with steps left, the piece walks back out (the one allowed reversal). ``gold`` allows
        one reversal anywhere else after at least one step (the golden cap's second leg), and lets
        the walk enter ``home`` again after that reversal (rules: "its owner's hideout may be
        entered more than once"). The reversal itself is never made in the hideout and never
        leads straight back into it: the way out of the hideout is not the turn of a leg. No walk
        enters any other hideout. Whether the piece carries prisoners at each entry depends on
        the position, so the rules check that, not the board.
        """
        key = (start, steps, home, gold)
        found = self._walks.get(key)
        if found is None:
            out: list[Walk] = []
            self._extend(out, [start], -1, steps, home, gold, (), -1)
            # A fixed order (plain walks first, then by field names) makes the walk kept for a
            # result, and so the move's text, the same on any copy of the board.
            out.sort(key=lambda w: (w.turn >= 0, len(w.visits), [self.names[n] for n in w.path]))
            found = self._walks[key] = tuple(out)
        return found

    def _extend(self, out: list[Walk], path: list[int], prev: int, left: int, home: int,
                gold: bool, visits: tuple[int, ...], turn: int) -> None:
        if left == 0:
            out.append(Walk(tuple(path), visits, turn))
            return
        here = path[-1]
        if self.is_hideout[here] and len(path) > 1:
            # Leaving the hideout after unloading: back out to where the piece came from.
            for nxt in self.neighbours[here]:
                if nxt == prev:
                    path.append(nxt)
                    self._extend(out, path, here, left - 1, home, gold, visits, turn)
                    path.pop()
            return
        for nxt in self.neighbours[here]:
            if self.is_hideout[nxt]:
                if nxt != home or nxt == prev or (visits and not gold):
                    continue
                path.append(nxt)
                self._extend(out, path, here, left - 1, home, gold, (*visits, len(path) - 1), turn)
                path.pop()
                continue
            if nxt == prev:
                if not gold or turn >= 0 or self.is_hideout[here]:
                    continue
                path.append(nxt)
                self._extend(out, path, here, left - 1, home, gold, visits, len(path) - 2)
                path.pop()
                continue
            path.append(nxt)
            self._extend(out, path, here, left - 1, home, gold, visits, turn)
            path.pop()

"""Names of Trap the Cap's fields as a player finds them on the board (the board prints no ids):
"Red hideout", "Red corner" (the junction by it), "Red spoke 3" (third field in from the Red
corner), "centre", and a ring field by its nearer corner, the corner it leads to, and its count
from the nearer one: "Red–Green 4" is the fourth field from the Red corner towards Green, "Green–Red
2" the second from the Green corner towards Red (the grey resting places are the 3rd ones).

Derived from the board's graph (hideouts, kinds, neighbours), so a user's edited board still
gets names; a field the scheme cannot place keeps its id. No pygame.
"""

from __future__ import annotations

from tabletop.games.trap_the_cap.board import COLOURS, Topology
from tabletop.i18n import tr

NBSP = "\u00a0"  # as ui.theme.NBSP (no pygame here)

_CACHE: dict[int, tuple[Topology, dict[int, tuple]]] = {}


def _labels(topo: Topology) -> dict[int, tuple]:
    """node → ("home", colour) | ("corner", colour) | ("spoke", colour, k) | ("centre",) |
    ("side", colour, next colour, k), computed once per board."""
    hit = _CACHE.get(id(topo))
    if hit is not None and hit[0] is topo:
        return hit[1]
    out: dict[int, tuple] = {}
    corner: dict[int, str] = {}
    for colour, home in topo.hideouts.items():
        out[home] = ("home", colour)
        for n in topo.neighbours[home]:
            if topo.kinds[n] != "hideout":
                corner[n] = colour
                out[n] = ("corner", colour)
    if topo.centre is not None:
        out[topo.centre] = ("centre",)
    order = [c for c in COLOURS if c in corner.values()]
    for node, colour in corner.items():
        for start in topo.neighbours[node]:
            kind = topo.kinds[start]
            if kind not in ("spoke", "ring"):
                continue
            walk, prev, here = [], node, start
            while topo.kinds[here] == kind and here not in corner and len(walk) < len(topo.names):
                walk.append(here)
                nxt = [n for n in topo.neighbours[here] if n != prev and topo.kinds[n] in (kind, "junction", "centre")]
                if not nxt:
                    break
                prev, here = here, nxt[0]
            if kind == "spoke":
                for k, n in enumerate(walk, start=1):
                    out.setdefault(n, ("spoke", colour, k))
            elif here in corner and order:
                after = order[(order.index(colour) + 1) % len(order)]
                if corner[here] == after:  # each field counted from its nearer corner
                    for k, n in enumerate(walk, start=1):
                        near = k <= (len(walk) + 1) // 2
                        out[n] = ("side", colour, after, k) if near else ("side", after, colour, len(walk) + 1 - k)
    _CACHE[id(topo)] = (topo, out)
    return out


def _colour(name: str) -> str:
    return tr(name.title())


def field_name(topo: Topology, node: int) -> str:
    """The field as people read it (in the current language); its number is held to its name by
    a no-break space, so that a wrapped line never begins with a field's number."""
    name = _field_name(topo, node)
    head, sep, number = name.rpartition(" ")
    return f"{head}{NBSP}{number}" if sep and number.isdigit() else name


def _field_name(topo: Topology, node: int) -> str:
    label = _labels(topo).get(node)
    if label is None:
        return topo.names[node]
    kind = label[0]
    if kind == "home":
        return tr("{colour} hideout", colour=_colour(label[1]))
    if kind == "corner":
        return tr("{colour} corner", colour=_colour(label[1]))
    if kind == "spoke":
        return tr("{colour} spoke {n}", colour=_colour(label[1]), n=label[2])
    if kind == "centre":
        return tr("centre")
    return f"{_colour(label[1])}–{_colour(label[2])} {label[3]}"


def field_name_by_id(topo: Topology, field_id: str) -> str:
    node = topo.index.get(field_id)
    return field_name(topo, node) if node is not None else field_id

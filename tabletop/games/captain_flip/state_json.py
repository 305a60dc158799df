"""Rebuilding a Captain Flip state from JSON, with every check a save file or a record might fail
(kept out of rules.py so the rules read as rules). Errors are :class:`StateError` with a reason."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tabletop.core.errors import StateError
from tabletop.i18n import tr


def _int(value: Any, what: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise StateError(tr("{what}: expected a whole number from {low} to {high}, got {got}", what=what, low=low,
                            high=high, got=repr(value)))
    return value


def _list(value: Any, what: str, length: int | None = None) -> list[Any]:
    if not isinstance(value, list) or (length is not None and len(value) != length):
        got = f"{value!r:.60}"
        raise StateError(tr("{what}: expected a list, got {got}", what=what, got=got) if length is None
                         else tr("{what}: expected a list of {n}, got {got}", what=what, n=length, got=got))
    return value


def _tile(value: Any, what: str, masked: bool, unknown: int, nchar: int) -> tuple[int, int, bool]:
    items = _list(value, what, 3)
    face = _int(items[0], what, 0, nchar - 1)
    other = _int(items[1], what, unknown if masked else 0, nchar - 1)
    if not isinstance(items[2], bool):
        raise StateError(tr("{what}: 'seen' must be true or false", what=what))
    if face == other:
        raise StateError(tr("{what}: a tile cannot show the same character on both sides", what=what))
    if other == unknown and items[2]:
        raise StateError(tr("{what}: a seen side cannot be unknown", what=what))
    return face, other, items[2]


def state_from_json(cls: type, data: Any, layout_from_json: Callable[[Any, str], Any]) -> Any:
    from tabletop.games.captain_flip import rules as R

    if not isinstance(data, dict) or data.get("game") != "captain_flip":
        raise StateError(tr("not a Captain Flip state"))
    try:
        variant = data["variant"]
        if not isinstance(variant, str):
            raise StateError(tr("variant must be text"))
        layout = layout_from_json(data["layout"], variant)
        players = _int(data["players"], "players", 1, 5)
        first = _int(data["first"], "first", 0, players - 1)
        if not isinstance(data["dolphin"], bool) or not isinstance(data["masked"], bool) \
                or not isinstance(data["ended"], bool):
            raise StateError(tr("dolphin, masked and ended must be true or false"))
        masked = data["masked"]
        state = cls(layout, variant, players, first, data["dolphin"])
        topo = state.topo
        state.masked = masked
        state.turn = _int(data["turn"], "turn", 0, players - 1)
        state.coins = [_int(c, "coins", 0, 100_000) for c in _list(data["coins"], "coins", players)]
        state.map_holder = _int(data["map"], "map", -1, players - 1)
        boards = _list(data["boards"], "boards", players)
        state.boards = []
        for s, board in enumerate(boards):
            cols = _list(board, f"boards[{s}]", topo.ncols)
            rebuilt = []
            for c, column in enumerate(cols):
                tiles = _list(column, f"boards[{s}][{c}]")
                if len(tiles) > topo.height[c]:
                    raise StateError(tr("{where}: {n} tiles in a column of {height} spaces", where=f"boards[{s}][{c}]",
                                        n=len(tiles), height=topo.height[c]))
                rebuilt.append([_tile(t, f"boards[{s}][{c}][{i}]", masked, R.UNKNOWN, R.NCHAR)
                                for i, t in enumerate(tiles)])
            state.boards.append(rebuilt)
        state.bag = [_int(b, "bag", 0, 72) for b in _list(data["bag"], "bag", len(R.PAIRS))]
        state.bag_n = _int(data["bag_n"], "bag_n", 0, 10_000)
        state.dolphins = _int(data["dolphins"], "dolphins", 0, 5)
        state.kraken = _int(data["kraken"], "kraken", 0, (1 << topo.ncols) - 1)
        phase = data["phase"]
        if phase not in R.PHASE_NAMES or phase == "running":
            raise StateError(tr("unknown phase {phase}", phase=repr(phase)))
        state.phase = R.PHASE_NAMES.index(phase)
        state.actor = _int(data["actor"], "actor", 0, players - 1)
        drawn = data["drawn"]
        state.drawn = None if drawn is None else _tile(drawn, "drawn", masked, R.UNKNOWN, R.NCHAR)
        if (state.drawn is None) != (state.phase not in (R.KEEP_OR_FLIP, R.PLACE)):
            raise StateError(tr("a drawn tile must be in hand exactly while keeping/flipping or placing"))
        state.choices = []
        for i, ch in enumerate(_list(data["choices"], "choices")):
            c, r = _list(ch, f"choices[{i}]", 2)
            c = _int(c, "choices", 0, topo.ncols - 1)
            if state.tile_at(state.actor, c, _int(r, "choices", 0, 20)) is None:
                raise StateError(tr("{where}: no tile there to flip", where=f"choices[{i}]"))
            state.choices.append((c, r))
        if (len(state.choices) > 1) != (state.phase in R.WHY):
            raise StateError(tr("flip choices must be listed exactly when a flip is to be chosen"))
        state.stack = []
        for i, task in enumerate(_list(data["stack"], "stack")):
            kind, seat, c, r = _list(task, f"stack[{i}]", 4)
            state.stack.append((_int(kind, "stack", 0, R.TASK_KINDS - 1), _int(seat, "stack", 0, players - 1),
                                _int(c, "stack", 0, topo.ncols - 1), _int(r, "stack", 0, 20)))
        state.ended = data["ended"]
    except KeyError as exc:
        raise StateError(tr("the Captain Flip state lacks {key}", key=repr(exc.args[0]))) from None
    except (TypeError, ValueError) as exc:
        raise StateError(tr("bad Captain Flip state: {error}", error=exc)) from None
    if not masked:
        _check_tiles(state, R)
    if state.ended != any(state.completed(s) >= R.COMPLETED_TO_END for s in range(players)):
        raise StateError(tr("'ended' does not match the boards (a fourth completed column)"))
    return state


def _check_tiles(state: Any, R: Any) -> None:
    """Every tile is somewhere: in the bag, in hand or on a board (72 in all)."""
    counts = list(state.bag)
    if sum(counts) != state.bag_n:
        raise StateError(tr("bag_n does not match the bag"))
    spots = [t for board in state.boards for column in board for t in column]
    if state.drawn is not None:
        spots.append(state.drawn)
    for face, other, _ in spots:
        counts[R.PID[face][other]] += 1
    if counts != state.layout.tiles.pair_counts():
        raise StateError(tr("the tiles do not add up: each pair of characters must be on exactly two tiles"))

"""Captain Flip positions as one line of text (``docs/notation.md``), read and written. No pygame.

Example (two players on board A, player 2 keeping or flipping a drawn Gunner)::

    2 keep tile:Gm coins:5,0 boards:Lp/-/GS/-/-;-/-/-/-/- first:1 bag:69 variant:A

A tile is two letters, its up side then its other side: ``M`` Monkey, ``G`` Gunner, ``P`` Parrot,
``C`` Cook, ``N`` Navigator, ``T`` carTographer, ``L`` Lookout, ``R`` caRpenter, ``S`` Swabby. The
other side is a capital when everybody has seen it (the tile was flipped), a small letter while
it is secret, ``?`` in a view (``view``: what every seat may know, ``state.observation(seat)``).
A board is its columns left to right (``/``), each bottom to top (tiles joined by ``.``, ``-``
when empty); boards are separated by ``;``, seat 1 first. Columns and rows count from 0, as in
the move texts (``col 2``, ``monkey 1,3``); seats from 1. The bag holds every tile not on a board
or in hand, so ``bag:N`` (optional when reading) only states its size.

Effects still to be carried out (the task stack of ``rules.py``) are ``tasks:``, bottom first:
``effect<seat>@<col>.<row>``, ``monkey<seat>@<col>.<row>``, ``bonus<seat>@<col>.<row>``,
``later<seat>@<col>.<row>`` (board B's column bonus at its "later" value: decided when the column
was completed), ``draw<seat>``, ``dolphin<seat>`` and ``flip<seat>`` (board E's flip-if-all-different).
"""

from __future__ import annotations

from typing import Any

from tabletop.core.errors import StateError
from tabletop.core.notation import keyed, number, words
from tabletop.games.captain_flip import rules as R
from tabletop.games.captain_flip.layout import CaptainFlipLayout
from tabletop.i18n import tr

LETTERS = "MGPCNTLRS"
"""One letter per character, in ``CHARACTER_IDS`` order."""

PHASES = {"draw": R.DRAW, "keep": R.KEEP_OR_FLIP, "place": R.PLACE, "monkey": R.MONKEY_FLIP,
          "bonus": R.BONUS_FLIP, "dolphin": R.DOLPHIN_FLIP, "over": R.OVER}
WORD_OF = {v: k for k, v in PHASES.items()}
TASKS = ("effect", "monkey", "bonus", "draw", "dolphin", "flip", "later")  # later: a bonus at its later value
PLACED_TASKS = (R.T_EFFECT, R.T_MONKEY, R.T_BONUS, R.T_BONUS_LATER)
KEYS = ("tile", "actor", "choices", "tasks", "coins", "boards", "map", "kraken", "first", "bag", "dolphin",
        "variant", "view")
_BUILTIN: dict[str, CaptainFlipLayout] = {}


def builtin_layout(variant: str) -> CaptainFlipLayout:
    if variant not in _BUILTIN:
        from tabletop.games.captain_flip.layout import load
        from tabletop.layout import BoardStore, LayoutErrors

        store = BoardStore([])
        try:
            _BUILTIN[variant] = load(store, variant)
        except (LayoutErrors, OSError, ValueError):
            raise StateError(tr("{token}: there is no board {variant} (the shipped boards are A to E)",
                                token=repr(f"variant:{variant}"), variant=repr(variant))) from None
    return _BUILTIN[variant]


# -- writing ---------------------------------------------------------------------------------------------
def tile_text(tile: tuple[int, int, bool]) -> str:
    face, other, seen = tile
    if other == R.UNKNOWN:
        return LETTERS[face] + "?"
    return LETTERS[face] + (LETTERS[other] if seen else LETTERS[other].lower())


def _board(board: list[list[tuple[int, int, bool]]]) -> str:
    return "/".join(".".join(tile_text(t) for t in column) or "-" for column in board)


def _task(task: tuple[int, int, int, int]) -> str:
    kind, seat, col, row = task
    where = f"@{col}.{row}" if kind in PLACED_TASKS else ""
    return f"{TASKS[kind]}{seat + 1}{where}"


def format_state(state: R.CaptainFlipState) -> str:
    tokens = [str(state.turn + 1), WORD_OF[state.phase]]
    if state.drawn is not None:
        tokens.append("tile:" + tile_text(state.drawn))
    if state.actor != state.turn:
        tokens.append(f"actor:{state.actor + 1}")
    if state.choices:
        tokens.append("choices:" + ",".join(f"{c}.{r}" for c, r in state.choices))
    if state.stack:
        tokens.append("tasks:" + ",".join(_task(t) for t in state.stack))
    tokens.append("coins:" + ",".join(map(str, state.coins)))
    tokens.append("boards:" + ";".join(_board(b) for b in state.boards))
    if state.map_holder >= 0:
        tokens.append(f"map:{state.map_holder + 1}")
    if state.kraken:
        tokens.append("kraken:" + ",".join(str(c) for c in range(state.topo.ncols) if state.kraken >> c & 1))
    tokens.append(f"first:{state.first + 1}")
    tokens.append(f"bag:{state.bag_n}")
    if state.dolphin_on:
        tokens.append(f"dolphin:{state.dolphins}")
    tokens.append(f"variant:{state.variant}")
    if state.masked:
        tokens.append("view")
    return " ".join(tokens)


# -- reading ---------------------------------------------------------------------------------------------
def _tile(text: str, token: str, view: bool) -> list[Any]:
    if len(text) != 2 or text[0] not in LETTERS or not (text[1].upper() in LETTERS or text[1] == "?"):
        raise StateError(tr("{token}: {tile} is not a tile (two letters of {letters}, like Gm or GM)",
                            token=repr(token), tile=repr(text), letters=LETTERS))
    face = LETTERS.index(text[0])
    if text[1] == "?":
        if not view:
            raise StateError(tr("{token}: {tile}: a hidden side '?' belongs to a view (word view)",
                                token=repr(token), tile=repr(text)))
        return [face, R.UNKNOWN, False]
    if view and text[1].islower():
        raise StateError(tr("{token}: {tile}: a view does not know the secret side; write {shown}",
                            token=repr(token), tile=repr(text), shown=f"{text[0]}?"))
    return [face, LETTERS.index(text[1].upper()), text[1].isupper()]


def _boards(value: str, token: str, view: bool) -> list[list[list[list[Any]]]]:
    boards = []
    for board in value.split(";"):
        columns = board.split("/") if board != "-" else []
        boards.append([[_tile(t, token, view) for t in column.split(".")] if column != "-" else []
                       for column in columns])
    return boards


def _tasks(value: str, n: int) -> list[list[int]]:
    token = f"tasks:{value}"
    out = []
    for part in value.split(","):
        head, at, where = part.partition("@")
        kind = next((k for k, name in enumerate(TASKS) if head.startswith(name) and head[len(name):].isdigit()), None)
        if kind is None or (kind in PLACED_TASKS) != bool(at):
            raise StateError(tr("{token}: cannot read the task {part} (like draw1, bonus2@3.4)", token=repr(token),
                                part=repr(part)))
        seat = number(head[len(TASKS[kind]):], token, 1, n, "a seat") - 1
        col, dot, row = where.partition(".")
        if at and (not dot or not col.isdigit() or not row.isdigit()):
            raise StateError(tr("{token}: {part}: the place is <col>.<row>, like @2.3", token=repr(token),
                                part=repr(part)))
        out.append([kind, seat, int(col) if at else 0, int(row) if at else 0])
    return out


def parse_state(text: str, layout: Any = None) -> R.CaptainFlipState:
    """A state (or, with ``view``, a seat's masked view) from its notation, on the shipped board the
    ``variant:`` names or on ``layout``; StateError names the bad word."""
    (who, phase_word), rest = words(text, "Captain Flip", 2)
    rest = [("view:" if t == "view" else t) for t in rest]
    found = keyed(rest, KEYS)
    view = "view" in found
    if view and found["view"]:
        raise StateError(tr("{token}: write just view (every seat sees the same)",
                            token=repr(f"view:{found['view']}")))
    if phase_word not in PHASES:
        raise StateError(tr("unknown phase {phase}: expected {phases}", phase=repr(phase_word),
                            phases=", ".join(PHASES)))
    variant = found.get("variant", "")
    if not variant:
        raise StateError(tr("the position has no variant: word (the Adventure board, like variant:A)"))
    if layout is None:
        layout = builtin_layout(variant)
    elif layout.board.id != variant:
        raise StateError(tr("{token}: the layout given is board {board}", token=repr(f"variant:{variant}"),
                            board=layout.board.id))
    if "boards" not in found:
        raise StateError(tr("the position has no boards: word"))
    boards = _boards(found["boards"], f"boards:{found['boards']}", view)
    n = len(boards)
    if not 1 <= n <= 5:
        raise StateError(tr("{token}: 1 to 5 captains play, not {n}", token=repr(f"boards:{found['boards']}"), n=n))
    ncols = len(layout.board.columns)
    for s, board in enumerate(boards):
        if board and len(board) != ncols:
            raise StateError(tr("{token}: board {seat} has {n} columns; board {variant} has {ncols}",
                                token=repr(f"boards:{found['boards']}"), seat=s + 1, n=len(board),
                                variant=variant, ncols=ncols))
    boards = [b or [[] for _ in range(ncols)] for b in boards]
    coins = found.get("coins", ",".join(["0"] * n)).split(",")
    if len(coins) != n:
        raise StateError(tr("{token}: one value per captain is needed ({n}), {values} given", token=repr(f"coins:{found.get('coins')}"),
                            values=len(coins), n=n))
    phase = PHASES[phase_word]
    turn = number(who, who, 1, n, "the seat whose turn it is") - 1
    drawn = _tile(found["tile"], f"tile:{found['tile']}", view) if "tile" in found else None
    data: dict[str, Any] = {
        "game": "captain_flip", "variant": variant, "layout": layout.to_json(), "players": n, "turn": turn,
        "first": number(found.get("first", "1"), f"first:{found.get('first')}", 1, n, "the first player") - 1,
        "actor": number(found.get("actor", who), f"actor:{found.get('actor')}", 1, n, "the actor") - 1,
        "coins": [number(c, f"coins:{found.get('coins')}", 0, 100_000, "coins") for c in coins],
        "map": number(found["map"], f"map:{found['map']}", 1, n, "the map holder") - 1 if "map" in found else -1,
        "boards": boards, "phase": R.PHASE_NAMES[phase], "drawn": drawn, "masked": view,
        "choices": [_spot(c, f"choices:{found['choices']}") for c in found["choices"].split(",")]
        if "choices" in found else [],
        "stack": _tasks(found["tasks"], n) if "tasks" in found else [],
        "dolphin": "dolphin" in found,
        "dolphins": number(found["dolphin"], f"dolphin:{found['dolphin']}", 0, layout.tiles.dolphins,
                           "the dolphins left") if "dolphin" in found else 0,
        "kraken": sum(1 << number(c, f"kraken:{found['kraken']}", 0, ncols - 1, "a column")
                      for c in set(found["kraken"].split(","))) if "kraken" in found else 0,
    }
    _bag(data, layout, found)
    state = R.CaptainFlipState.from_json(data)
    return state


def _spot(text: str, token: str) -> list[int]:
    col, dot, row = text.partition(".")
    if not dot or not col.isdigit() or not row.isdigit():
        raise StateError(tr("{token}: {place} is not a place <col>.<row>", token=repr(token), place=repr(text)))
    return [int(col), int(row)]


def _bag(data: dict[str, Any], layout: CaptainFlipLayout, found: dict[str, str]) -> None:
    """The bag (every tile not placed nor in hand; in a view, the pool of tiles not fully seen) and
    whether a fourth column has ended the game, both read off the boards."""
    counts = layout.tiles.pair_counts()
    pool = list(counts)
    tiles = [t for board in data["boards"] for column in board for t in column]
    if data["drawn"] is not None:
        tiles.append(data["drawn"])
    for face, other, seen in tiles:
        if face == other:
            raise StateError(tr("{tile}: a tile shows two different characters", tile=LETTERS[face] * 2))
        if other != R.UNKNOWN and (seen or not data["masked"]):
            pool[R.PID[face][other]] -= 1
            if pool[R.PID[face][other]] < 0:
                a, b = sorted((face, other))
                raise StateError(tr("boards: more {pair} tiles than the {n} in the game",
                                    pair=f"{LETTERS[a]}/{LETTERS[b]}", n=counts[R.PID[a][b]]))
    data["bag"] = pool
    data["bag_n"] = sum(counts) - len(tiles)
    if "bag" in found:
        said = number(found["bag"], f"bag:{found['bag']}", 0, sum(counts), "the bag")
        if said != data["bag_n"]:
            raise StateError(tr("{token} does not match the boards (they leave {n} tiles)", token=repr(f"bag:{said}"),
                                n=data["bag_n"]))
    height = [c.height for c in layout.board.columns]
    data["ended"] = any(sum(1 for c, column in enumerate(board) if len(column) == height[c]) >= R.COMPLETED_TO_END
                        for board in data["boards"])

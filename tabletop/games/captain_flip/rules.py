"""Captain Flip's rules core (see /work/shared/rules/captain_flip.md). No pygame.

How a turn runs: a chance move draws a tile (its up side is public, the other side is secret),
the player keeps or flips it, then picks a column. Everything that follows (the character's
effect, the column bonus, a Parrot's extra tile, Monkey chains, board E's flip, the Dolphin) is a
*task stack*: tasks run in order until one needs a decision (which tile to flip) or a draw, so the
effects nest exactly as the ruling orders them (a Parrot's extra tile before the Parrot's column
bonus). When the stack is empty the turn ends: the map holder's coin, then the end checks.

The state is lean on purpose (random playouts): tiles are ``(face, other, seen)`` tuples, the bag
is a count per unordered character pair, moves are interned.
"""

from __future__ import annotations

import random
from typing import Any

from tabletop.core.errors import StateError
from tabletop.core.game import CHANCE, GameState, Move, Outcome
from tabletop.games.captain_flip import scoring
from tabletop.games.captain_flip.layout import CHARACTER_IDS, CaptainFlipLayout
from tabletop.games.captain_flip.layout import from_json as layout_from_json
from tabletop.games.captain_flip.moves import (
    DOLPHIN,
    DRAWS,
    FLIP,
    KEEP,
    PLACES,
    Choice,
    DolphinDraw,
    Draw,
    FlipAt,
    Place,
    flip_at,
)
from tabletop.i18n import tr

MONKEY, GUNNER, PARROT, COOK, NAVIGATOR, CARTOGRAPHER, LOOKOUT, CARPENTER, SWABBY = range(9)
NCHAR = len(CHARACTER_IDS)
UNKNOWN = -1
"""A tile side nobody has seen (only in observations)."""

PAIRS: tuple[tuple[int, int], ...] = tuple((a, b) for a in range(NCHAR) for b in range(a + 1, NCHAR))
PID: tuple[tuple[int, ...], ...] = tuple(
    tuple(PAIRS.index((min(a, b), max(a, b))) if a != b else -1 for b in range(NCHAR)) for a in range(NCHAR))

# phases
DRAW, KEEP_OR_FLIP, PLACE, MONKEY_FLIP, BONUS_FLIP, DOLPHIN_FLIP, OVER, RUNNING = range(8)
PHASE_NAMES = ("draw", "keep_or_flip", "place", "monkey_flip", "bonus_flip", "dolphin_flip", "over", "running")
WHY = {MONKEY_FLIP: "monkey", BONUS_FLIP: "bonus", DOLPHIN_FLIP: "dolphin"}

# tasks: (kind, seat, col, row). T_BONUS_LATER is a column bonus paid at its "later" value (board
# B): first/later is decided when the column is completed, which can be before the bonus is paid
# (a Parrot's extra tile may complete another column first).
T_EFFECT, T_MONKEY, T_BONUS, T_DRAW, T_DOLPHIN, T_EFLIP, T_BONUS_LATER = range(7)
TASK_KINDS = 7

COMPLETED_TO_END = 4


GIVES_A_TILE = {"Parrot": "the Parrot gives another tile", "column bonus": "the column bonus gives another tile"}
"""A move's extra draw as the log tells it, by what gave it (the ledger's ``source``)."""


def becomes(name: str) -> str:
    """A character's name as what a tile becomes ("Картограф становится Матросом"): the form the
    locale gives as ``"<name>|instrumental"`` (Russian declines it), else the name itself."""
    key = f"{name}|instrumental"
    said = tr(key)
    return tr(name) if said == key else said


class _Topo:
    """The board's topology as flat tuples (read in the hot paths)."""

    __slots__ = ("low", "height", "top", "kind", "a", "b", "cost", "ncols")

    def __init__(self, layout: CaptainFlipLayout) -> None:
        cols = layout.board.columns
        self.ncols = len(cols)
        self.low = tuple(c.low for c in cols)
        self.height = tuple(c.height for c in cols)
        self.top = tuple(c.top for c in cols)
        self.kind = tuple(c.bonus.kind for c in cols)
        self.a = tuple(c.bonus.a for c in cols)
        self.b = tuple(c.bonus.b for c in cols)
        self.cost = tuple(c.bonus.a if c.bonus.kind == "pay_to_place" else 0 for c in cols)


_TOPO: dict[int, tuple[CaptainFlipLayout, _Topo]] = {}


def _topo(layout: CaptainFlipLayout) -> _Topo:
    hit = _TOPO.get(id(layout))
    if hit is None or hit[0] is not layout:
        hit = _TOPO[id(layout)] = (layout, _Topo(layout))
    return hit[1]


class CaptainFlipState(GameState):
    game_id = "captain_flip"

    __slots__ = ("layout", "topo", "variant", "n", "first", "turn", "dolphin_on", "coins", "boards",
                 "map_holder", "bag", "bag_n", "dolphins", "kraken", "phase", "actor", "drawn",
                 "choices", "stack", "ended", "masked")

    def __init__(self, layout: CaptainFlipLayout, variant: str, players: int, first: int,
                 dolphin: bool) -> None:
        if not 1 <= players <= 5:
            raise StateError(tr("Captain Flip takes 1 to 5 players, not {players}", players=players))
        if not 0 <= first < players:
            raise StateError(tr("first player {first} is not a seat", first=first))
        self.layout = layout
        self.topo = _topo(layout)
        self.variant = variant
        self.n = players
        self.first = first
        self.turn = first
        self.dolphin_on = dolphin
        self.coins = [0] * players
        self.boards: list[list[list[tuple[int, int, bool]]]] = [
            [[] for _ in range(self.topo.ncols)] for _ in range(players)]
        self.map_holder = -1
        self.bag = layout.tiles.pair_counts()
        self.bag_n = sum(self.bag)
        self.dolphins = layout.tiles.dolphins if dolphin else 0
        self.kraken = 0
        self.phase = DRAW
        self.actor = first
        self.drawn: tuple[int, int, bool] | None = None
        self.choices: list[tuple[int, int]] = []
        self.stack: list[tuple[int, int, int, int]] = []
        self.ended = False
        self.masked = False

    # -- protocol: who moves ---------------------------------------------------------------------
    @property
    def num_players(self) -> int:
        return self.n

    @property
    def current_player(self) -> int | None:
        phase = self.phase
        if phase == DRAW:
            return CHANCE
        if phase == OVER:
            return None
        return self.actor

    @property
    def solo(self) -> bool:
        return self.n == 1

    # -- chance ----------------------------------------------------------------------------------
    def chance_outcomes(self) -> list[tuple[Move, float]]:
        if self.phase != DRAW:
            return []
        total = sum(self.bag) + self.dolphins
        if total <= 0:
            return []
        out: list[tuple[Move, float]] = []
        half = 0.5 / total
        for pid, count in enumerate(self.bag):
            if count:
                a, b = PAIRS[pid]
                out.append((DRAWS[a][b], count * half))
                out.append((DRAWS[b][a], count * half))
        if self.dolphins:
            out.append((DOLPHIN, self.dolphins / total))
        return out

    def sample_chance(self, rng: random.Random) -> Move:
        if self.phase != DRAW:
            return super().sample_chance(rng)
        bag = self.bag
        tiles = sum(bag)
        r = rng.randrange(2 * (tiles + self.dolphins))
        if r >= 2 * tiles:
            return DOLPHIN
        side = r & 1
        r >>= 1
        for pid, count in enumerate(bag):
            if r < count:
                a, b = PAIRS[pid]
                return DRAWS[b][a] if side else DRAWS[a][b]
            r -= count
        raise AssertionError("bag count out of step")  # pragma: no cover

    # -- moves -----------------------------------------------------------------------------------
    def legal_moves(self) -> list[Move]:
        phase = self.phase
        if phase == PLACE:
            return [PLACES[c] for c in self.open_columns(self.actor)]
        if phase == KEEP_OR_FLIP:
            return [KEEP, FLIP]
        if phase == DRAW:
            return [m for m, _ in self.chance_outcomes()]
        if phase in WHY:
            why = WHY[phase]
            return [flip_at(why, c, r) for c, r in self.choices]
        return []

    def is_legal(self, move: Move) -> bool:
        phase = self.phase
        if phase == DRAW:
            if isinstance(move, DolphinDraw):
                return self.dolphins > 0
            if isinstance(move, Draw):
                return (0 <= move.up < NCHAR and 0 <= move.down < NCHAR and move.up != move.down
                        and self.bag[PID[move.up][move.down]] > 0)
            return False
        if phase == KEEP_OR_FLIP:
            return isinstance(move, Choice)
        if phase == PLACE:
            return isinstance(move, Place) and move.col in self.open_columns(self.actor)
        if phase in WHY:
            return isinstance(move, FlipAt) and move.why == WHY[phase] and (move.col, move.row) in self.choices
        return False

    def open_columns(self, seat: int) -> list[int]:
        """Columns where ``seat`` may place now: not full, and a paying space only if affordable."""
        topo = self.topo
        board = self.boards[seat]
        coins = self.coins[seat]
        out = []
        for c in range(topo.ncols):
            filled = len(board[c])
            if filled < topo.height[c]:
                if topo.cost[c] and filled == topo.height[c] - 1 and coins < topo.cost[c]:
                    continue
                out.append(c)
        return out

    def apply_unchecked(self, move: Move) -> None:
        phase = self.phase
        if phase == PLACE:
            face, other, seen = self.drawn  # type: ignore[misc]
            self.drawn = None
            self._place(self.actor, move.col, face, other, seen)  # type: ignore[attr-defined]
            self._run()
        elif phase == KEEP_OR_FLIP:
            up, down, _ = self.drawn  # type: ignore[misc]
            self.drawn = (down, up, True) if move.flip else (up, down, False)  # type: ignore[attr-defined]
            self.phase = PLACE
        elif phase == DRAW:
            if move is DOLPHIN or isinstance(move, DolphinDraw):
                self.dolphins -= 1
                drawer = self.actor
                self.stack.append((T_DRAW, drawer, 0, 0))
                for k in range(self.n - 1, -1, -1):
                    self.stack.append((T_DOLPHIN, (drawer + k) % self.n, 0, 0))
                self._run()
            else:
                self.bag[PID[move.up][move.down]] -= 1  # type: ignore[attr-defined]
                self.bag_n -= 1
                self.drawn = (move.up, move.down, False)  # type: ignore[attr-defined]
                self.phase = KEEP_OR_FLIP
        elif phase in WHY:
            seat = self.actor
            self._flip(seat, move.col, move.row)  # type: ignore[attr-defined]
            self.choices = []
            self.stack.append((T_EFFECT, seat, move.col, move.row))  # type: ignore[attr-defined]
            self._run()
        else:
            raise StateError(tr("no move is due in this position"))

    # -- the task machine ------------------------------------------------------------------------
    def _place(self, seat: int, col: int, face: int, other: int, seen: bool) -> None:
        topo = self.topo
        column = self.boards[seat][col]
        row = topo.low[col] + len(column)
        column.append((face, other, seen))
        stack = self.stack
        if row == topo.top[col]:
            cost = topo.cost[col]
            if cost:
                self.coins[seat] -= cost
            done = self.completed(seat)
            if not self.ended and done >= COMPLETED_TO_END:
                self.ended = True
            later = topo.kind[col] == "kraken" and not self._kraken_first(seat, col, done)
            stack.append((T_BONUS_LATER if later else T_BONUS, seat, col, row))
        stack.append((T_EFFECT, seat, col, row))

    def _flip(self, seat: int, col: int, row: int) -> None:
        column = self.boards[seat][col]
        i = row - self.topo.low[col]
        face, other, _ = column[i]
        column[i] = (other, face, True)

    def _kraken_first(self, seat: int, col: int, done: int) -> bool:
        """Does completing ``col`` now (the ``done``-th completed column of ``seat``) earn board B's
        "first" value? Solo: the first two completed columns do; with several players: the first
        player to complete that column does (and it is taken from now on)."""
        if self.n == 1:
            return done <= 2
        bit = 1 << col
        first = not self.kraken & bit
        self.kraken |= bit
        return first

    def completed(self, seat: int) -> int:
        """Number of full columns on ``seat``'s board."""
        height = self.topo.height
        return sum(1 for c, column in enumerate(self.boards[seat]) if len(column) == height[c])

    def _take_map(self, seat: int) -> None:
        if self.n == 1 and self.map_holder == seat:
            self.map_holder = -1  # solo: taking the map toggles it
        else:
            self.map_holder = seat

    def _run(self) -> None:
        """Run tasks until one needs a decision or a draw, ending turns as the stack empties."""
        stack = self.stack
        self.phase = RUNNING
        while True:
            if not stack:
                if self._end_turn():
                    return
                continue
            kind, seat, col, row = stack.pop()
            if kind == T_EFFECT:
                self._effect(seat, col, row)
            elif kind == T_DRAW:
                # a draw with nowhere to go is not taken: no tile leaves the bag (the ruling for the
                # extra draws of a Parrot, board E's draw space and the Dolphin)
                if (self.bag_n > 0 or self.dolphins > 0) and self.open_columns(seat):
                    self.phase = DRAW
                    self.actor = seat
                    return
            elif kind == T_BONUS or kind == T_BONUS_LATER:
                self._bonus(seat, col, kind == T_BONUS)
            elif kind == T_MONKEY:
                if self._ask(MONKEY_FLIP, seat, self._adjacent(seat, col, row)):
                    return
            elif kind == T_EFLIP:
                if self._ask(BONUS_FLIP, seat, self.tiles_of(seat)):
                    return
            elif kind == T_DOLPHIN:
                if self._ask(DOLPHIN_FLIP, seat, self.tiles_of(seat)):
                    return

    def _ask(self, phase: int, seat: int, spots: list[tuple[int, int]]) -> bool:
        """A flip decision: none possible → nothing; one → done at once; several → the seat chooses."""
        if not spots:
            return False
        if len(spots) == 1:
            col, row = spots[0]
            self._flip(seat, col, row)
            self.stack.append((T_EFFECT, seat, col, row))
            return False
        self.phase = phase
        self.actor = seat
        self.choices = spots
        return True

    def _end_turn(self) -> bool:
        """End of the turn player's turn; returns True when the game is over."""
        turn = self.turn
        if self.map_holder == turn:
            self.coins[turn] += 1
        nxt = (turn + 1) % self.n
        if self.bag_n + self.dolphins <= 0 or (self.ended and nxt == self.first):
            self.phase = OVER
            return True
        self.turn = nxt
        self.stack.append((T_DRAW, nxt, 0, 0))
        return False

    def _effect(self, seat: int, col: int, row: int) -> None:
        topo = self.topo
        board = self.boards[seat]
        ch = board[col][row - topo.low[col]][0]
        if ch == MONKEY:
            self.coins[seat] += 1
            self.stack.append((T_MONKEY, seat, col, row))
        elif ch == GUNNER:
            self.coins[seat] += 5
        elif ch == PARROT:
            self.stack.append((T_DRAW, seat, 0, 0))
        elif ch == COOK:
            low = topo.low
            self.coins[seat] += sum(1 for c, column in enumerate(board) if low[c] <= row < low[c] + len(column))
        elif ch == NAVIGATOR:
            self.coins[seat] += 2 * sum(1 for column in board for t in column if t[0] == CARTOGRAPHER)
        elif ch == CARTOGRAPHER:
            self._take_map(seat)

    def _bonus(self, seat: int, col: int, first: bool = True) -> None:
        topo = self.topo
        kind = topo.kind[col]
        if kind == "none" or kind == "pay_to_place" or kind.startswith("end_"):
            return
        if kind == "coins":
            self.coins[seat] += topo.a[col]
        elif kind == "take_map":
            self._take_map(seat)
        elif kind == "kraken":  # first/later was decided when the column was completed
            if self.n > 1:
                self.kraken |= 1 << col  # (a save from before that rule may not have marked it yet)
            self.coins[seat] += topo.a[col] if first else topo.b[col]
        elif kind == "per_completed_column":
            self.coins[seat] += topo.a[col] * self.completed(seat)
        elif kind == "per_different_character":
            self.coins[seat] += topo.a[col] * len({t[0] for t in self.boards[seat][col]})
        elif scoring.column_met(kind, [t[0] for t in self.boards[seat][col]]):
            if kind == "map_if_all_identical":
                self._take_map(seat)
            elif kind == "draw_if_all_identical":
                self.stack.append((T_DRAW, seat, 0, 0))
            elif kind == "flip_if_all_different":
                self.stack.append((T_EFLIP, seat, 0, 0))

    def _adjacent(self, seat: int, col: int, row: int) -> list[tuple[int, int]]:
        """Occupied spaces orthogonally next to (col, row): same column above/below, same height
        in the neighbouring columns."""
        low = self.topo.low
        board = self.boards[seat]
        out = []
        for c, r in ((col, row - 1), (col - 1, row), (col + 1, row), (col, row + 1)):
            if 0 <= c < len(board) and low[c] <= r < low[c] + len(board[c]):
                out.append((c, r))
        return out

    def tiles_of(self, seat: int) -> list[tuple[int, int]]:
        """Every occupied (col, row) of a board."""
        low = self.topo.low
        return [(c, low[c] + i) for c, column in enumerate(self.boards[seat]) for i in range(len(column))]

    # -- reading the position (UI, AI, tests) ------------------------------------------------------
    def faces(self, seat: int) -> list[list[int]]:
        """Visible characters of a board, one list per column, bottom to top."""
        return [[t[0] for t in column] for column in self.boards[seat]]

    def tile_at(self, seat: int, col: int, row: int) -> tuple[int, int, bool] | None:
        """``(face, other, seen)`` of a placed tile (other is UNKNOWN in an observation when unseen)."""
        i = row - self.topo.low[col]
        column = self.boards[seat][col]
        return column[i] if 0 <= i < len(column) else None

    def next_space(self, seat: int, col: int) -> tuple[int, int] | None:
        """The lowest empty space of a column: where a placed tile lands."""
        topo = self.topo
        filled = len(self.boards[seat][col])
        return (col, topo.low[col] + filled) if filled < topo.height[col] else None

    def place_targets(self) -> dict[tuple[int, int], Move]:
        """While placing: each highlighted space → its move (the scene's click adapter)."""
        if self.phase != PLACE:
            return {}
        return {self.next_space(self.actor, c): PLACES[c] for c in self.open_columns(self.actor)}  # type: ignore[misc]

    def flip_targets(self) -> dict[tuple[int, int], Move]:
        """While choosing a tile to flip: each candidate space → its move."""
        if self.phase not in WHY:
            return {}
        why = WHY[self.phase]
        return {(c, r): flip_at(why, c, r) for c, r in self.choices}

    def find_move(self, col: int, row: int) -> Move | None:
        """The move a click on the current actor's space (col, row) means, if any."""
        return self.place_targets().get((col, row)) or self.flip_targets().get((col, row))

    @property
    def phase_name(self) -> str:
        return PHASE_NAMES[self.phase]

    def score_breakdown(self) -> list[dict[str, int | bool]]:
        """Per seat: coins, swabby, carpenter, lookout, parrot, board_end, gunners, lost, total,
        shown (and the solo rank in solo games). Valid mid-game too, as a running estimate."""
        lay = self.layout
        out = []
        for seat in range(self.n):
            row = scoring.breakdown(lay.board, lay.tiles, self.faces(seat), self.coins[seat])
            row["map"] = self.map_holder == seat
            out.append(row)
        if self.n == 1:
            out[0]["rank"] = lay.tiles.solo_rank(int(out[0]["total"]), bool(out[0]["lost"]))  # type: ignore[assignment]
        return out

    def outcome(self) -> Outcome | None:
        if self.phase != OVER:
            return None
        rows = self.score_breakdown()
        points = tuple(float(r["shown"]) for r in rows)
        alive = [s for s in range(self.n) if not rows[s]["lost"]]
        reason = "fourth_column" if self.ended else "bag_empty"
        if self.n == 1:
            return Outcome(reason, tuple(alive), points, str(rows[0]["rank"]))
        if not alive:
            return Outcome(reason, (), points, "every captain sank with 3 Gunners")
        best = max(rows[s]["total"] for s in alive)
        tied = tuple(s for s in alive if rows[s]["total"] == best)
        if len(tied) > 1 and self.map_holder in tied:
            return Outcome(reason, (self.map_holder,), points, "tie broken by the Treasure Map")
        return Outcome(reason, tied, points, "shared win" if len(tied) > 1 else "")

    # -- copies, hidden information ----------------------------------------------------------------
    def copy(self) -> CaptainFlipState:
        other = object.__new__(CaptainFlipState)
        other.layout = self.layout
        other.topo = self.topo
        other.variant = self.variant
        other.n = self.n
        other.first = self.first
        other.turn = self.turn
        other.dolphin_on = self.dolphin_on
        other.coins = self.coins[:]
        other.boards = [[column[:] for column in board] for board in self.boards]
        other.map_holder = self.map_holder
        other.bag = self.bag[:]
        other.bag_n = self.bag_n
        other.dolphins = self.dolphins
        other.kraken = self.kraken
        other.phase = self.phase
        other.actor = self.actor
        other.drawn = self.drawn
        other.choices = self.choices[:]
        other.stack = self.stack[:]
        other.ended = self.ended
        other.masked = self.masked
        return other

    def seen_sides(self) -> int:
        """How many tiles (placed or drawn) have had their other side shown."""
        placed = sum(1 for board in self.boards for column in board for t in column if t[2])
        return placed + (1 if self.drawn is not None and self.drawn[2] else 0)

    def reveals(self, after: GameState) -> bool:
        """A flip of a tile whose other side nobody had seen (the drawn tile's Flip, a Monkey's,
        board E's or the Dolphin's, chosen or forced) shows that side: it is not taken back."""
        return isinstance(after, CaptainFlipState) and after.seen_sides() > self.seen_sides()

    def observation(self, seat: int) -> CaptainFlipState:
        """What any seat may know: every side nobody has seen is UNKNOWN, and the bag holds the
        *pool* of tiles not fully seen (bag tiles plus the tiles whose other side is secret);
        ``bag_n`` stays the true number of tiles in the bag. Use :meth:`determinised` to get a
        playable guess."""
        obs = self.copy()
        if self.masked:
            return obs
        obs.masked = True
        pool = self.layout.tiles.pair_counts()
        for board in obs.boards:
            for column in board:
                for i, (face, other, seen) in enumerate(column):
                    if seen:
                        pool[PID[face][other]] -= 1
                    else:
                        column[i] = (face, UNKNOWN, False)
        if obs.drawn is not None:
            face, other, seen = obs.drawn
            if seen:
                pool[PID[face][other]] -= 1
            else:
                obs.drawn = (face, UNKNOWN, False)
        obs.bag = pool
        return obs

    def determinised(self, rng: random.Random) -> CaptainFlipState:
        """A full state consistent with this observation: every unknown side is sampled from the
        pool of unseen tiles, the rest of the pool becomes the bag."""
        if not self.masked:
            return self.copy()
        for _attempt in range(20):
            state = self.copy()
            if state._fill_unknown(rng, strict=True):
                return state
        state = self.copy()
        state._fill_unknown(rng, strict=False)
        return state

    def _fill_unknown(self, rng: random.Random, strict: bool) -> bool:
        pool = self.bag
        spots: list[tuple[int, int, int]] = []  # (seat, col, index); seat -1 = the drawn tile
        for seat, board in enumerate(self.boards):
            for c, column in enumerate(board):
                for i, t in enumerate(column):
                    if t[1] == UNKNOWN:
                        spots.append((seat, c, i))
        if self.drawn is not None and self.drawn[1] == UNKNOWN:
            spots.append((-1, 0, 0))
        rng.shuffle(spots)
        for seat, c, i in spots:
            face = self.drawn[0] if seat < 0 else self.boards[seat][c][i][0]  # type: ignore[index]
            row = PID[face]
            weights = [pool[row[o]] if o != face else 0 for o in range(NCHAR)]
            total = sum(weights)
            if total <= 0:
                if strict:
                    return False
                other = rng.choice([o for o in range(NCHAR) if o != face])
            else:
                r = rng.randrange(total)
                other = 0
                while r >= weights[other]:
                    r -= weights[other]
                    other += 1
                pool[row[other]] -= 1
            if seat < 0:
                self.drawn = (face, other, False)
            else:
                self.boards[seat][c][i] = (face, other, False)
        self.masked = False
        self.bag_n = sum(pool)
        return True

    # -- JSON --------------------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game_id, "variant": self.variant, "layout": self.layout.to_json(),
            "players": self.n, "first": self.first, "turn": self.turn, "dolphin": self.dolphin_on,
            "coins": self.coins[:], "map": self.map_holder,
            "boards": [[[[f, o, s] for f, o, s in column] for column in board] for board in self.boards],
            "bag": self.bag[:], "bag_n": self.bag_n, "dolphins": self.dolphins, "kraken": self.kraken,
            "phase": PHASE_NAMES[self.phase], "actor": self.actor,
            "drawn": list(self.drawn) if self.drawn is not None else None,
            "choices": [list(c) for c in self.choices], "stack": [list(t) for t in self.stack],
            "ended": self.ended, "masked": self.masked,
        }

    @classmethod
    def from_json(cls, data: Any) -> CaptainFlipState:
        from tabletop.games.captain_flip.state_json import state_from_json

        return state_from_json(cls, data, layout_from_json)

    def to_notation(self, seat: int | None = None) -> str:
        """The position as one line (``docs/notation.md``), secret sides included; with ``seat``,
        what that seat may know (the same as ``observation(seat).to_notation()``)."""
        from tabletop.games.captain_flip.notation import format_state

        return format_state(self if seat is None else self.observation(seat))

    @classmethod
    def from_notation(cls, text: str, layout: Any = None) -> CaptainFlipState:
        """A state (or a view, word ``view``) from its notation, on the shipped board its
        ``variant:`` names or on ``layout``; StateError names the bad word."""
        from tabletop.games.captain_flip.notation import parse_state

        return parse_state(text, layout)

    # -- presentation ------------------------------------------------------------------------------
    def describe_move(self, move: Move, names: Any = None) -> str:
        """The log's sentence for ``move``, every coin it earned and why (in the current language;
        Outcome details and move text forms stay English: they are saved). ``names``: the seats
        as the app names them (default "Player 1"...). The flips the move set off by itself are
        told after it (:meth:`describe_lines` gives each its own line)."""
        return "; ".join(text for _seat, text in self.describe_lines(move, names))

    def describe_lines(self, move: Move, names: Any = None) -> list[tuple[int, str]]:
        """``(seat, sentence)`` for ``move`` and for every flip it forced (a Monkey's or the
        Dolphin's flip of the one tile there was to flip, the Dolphin's for each player): each
        is a move of its own in the log, with what it earned."""
        def who_is(seat: int) -> str:
            return names[seat] if names is not None and seat < len(names) else tr("Player {n}", n=seat + 1)

        def flips(seat: int, face: int, new: int | None, col: int, row: int, why: str) -> str:
            """"Red's Monkey flips the Swabby in column 5, row 2 over to the Cook": what flipped it,
            the tile and where, and what it is now, as one sentence (the coins it pays follow)."""
            to = tr(" over to the {new}", new=becomes(names_[new])) if new is not None and new >= 0 else ""
            return tr(whys[why], who=who_is(seat), face=tr(names_[face]) if face >= 0 else tr("tile"),
                      col=col + 1, row=row + 1, to=to)

        whys = {"monkey": "{who}'s Monkey flips the {face} in column {col}, row {row}{to}",
                "bonus": "{who} flips the {face} in column {col}, row {row}{to} for the column bonus",
                "dolphin": "{who} flips the {face} in column {col}, row {row}{to} for the Dolphin"}
        seat = self.actor
        who = who_is(seat)
        names_ = CHARACTER_IDS
        if isinstance(move, Draw):
            return [(seat, tr("{who} draws a tile showing the {face}", who=who, face=tr(names_[move.up])))]
        if isinstance(move, DolphinDraw):
            text = (tr("{who} draws the Dolphin: he flips one of his tiles", who=who) if self.n == 1  # solo: no others
                    else tr("{who} draws the Dolphin: every captain flips one of his tiles", who=who))
        elif isinstance(move, Choice) and self.drawn is not None:
            face = tr(names_[self.drawn[0]])
            what = (tr("flips the {face} over to the {new}", face=face, new=becomes(names_[self.drawn[1]])) if move.flip
                    else tr("keeps the {face}", face=face))
            return [(seat, f"{who} {what}")]
        elif isinstance(move, Place) and self.drawn is not None:
            face = tr(names_[self.drawn[0]])
            cost = self.topo.cost[move.col]
            spot = self.next_space(self.actor, move.col)
            pays = ""
            if cost and spot and spot[1] == self.topo.top[move.col]:
                pays = tr(", paying {n} coin", n=cost) if cost == 1 else tr(", paying {n} coins", n=cost)
            text = f"{who} " + tr("places the {face} in column {col}{pays}", face=face, col=move.col + 1, pays=pays)
        elif isinstance(move, FlipAt):
            tile = self.tile_at(self.actor, move.col, move.row)
            text = flips(seat, tile[0] if tile else -1, tile[1] if tile else None, move.col, move.row, move.why)
        else:
            return [(seat, str(move))]
        from tabletop.games.captain_flip.ledger import trace

        lines: list[tuple[int, str, list[str]]] = [(seat, text, [])]
        placed = move.col if isinstance(move, Place) else -1
        bonus_line = -1  # the column whose bonus line is the last line, if it is one
        for e in trace(self, move):
            if e.kind == "flipped" and e.faces is not None and e.space is not None:
                lines.append((e.seat, flips(e.seat, *e.faces, *e.space, e.source), []))
                bonus_line = -1
                continue
            if e.kind in ("unmet", "end_bonus") and e.space is not None:  # a bonus space that pays nothing now
                line_seat, _text, parts = lines[-1]
                col = e.space[0] + 1
                part = {"not all identical": tr("no column {col} bonus (not all identical)", col=col),
                        "not all different": tr("no column {col} bonus (not all different)", col=col),
                        "now not all identical": tr("column {col} pays nothing at the end for now (not all identical)",
                                                    col=col),
                        "now not all different": tr("column {col} pays nothing at the end for now (not all different)",
                                                    col=col),
                        }.get(e.source, tr("column {col} pays +{n} at the end if it stays so", col=col, n=e.amount))
                parts.append(part if e.seat == line_seat else f"{who_is(e.seat)} {part}")
                continue
            bonus = e.source == "column bonus" and e.space is not None
            if e.kind == "coins" and e.source != "paid":
                part = f"{e.amount:+d}" if bonus and not self._bonus_on_placing(lines, e, placed) \
                    else tr("{source}\u00a0{n:+d}", source=tr(e.source), n=e.amount)  # the number stays by its word
            elif e.kind == "map":
                part = tr("takes the Treasure Map")
            elif e.kind == "map_back":
                part = tr("puts the Treasure Map back")
            elif e.kind == "draw":
                part = tr(GIVES_A_TILE.get(e.source, "another tile"))
            else:
                continue
            # the lines follow the order the effects were applied in: a column bonus goes on the
            # placing's line only if nothing came between them (a flip, a Parrot's extra tile),
            # else on a line of its own; the map's coin ends the turn, after everything else
            if bonus and not self._bonus_on_placing(lines, e, placed):
                col = e.space[0]
                if bonus_line != col:
                    top = self.tile_at(e.seat, col, self.topo.top[col])
                    face = top[0] if top else self.drawn[0] if self.drawn else -1
                    lines.append((e.seat, f"{who_is(e.seat)} " + tr(
                        "collects the column {col} bonus (for the {face})", col=col + 1,
                        face=tr(names_[face]) if face >= 0 else tr("tile")), []))
                    bonus_line = col
            elif e.source == "Treasure Map" and (len(lines) > 1 or lines[0][0] != e.seat):
                lines.append((e.seat, f"{who_is(e.seat)} " + tr("ends the turn"), []))
                bonus_line = -1
            line_seat, _text, parts = lines[-1]
            if e.source == "Treasure Map" and e.seat == line_seat and tr("takes the Treasure Map") in parts:
                # the map was taken on this very line: its coin is not a second "Treasure Map"
                part = (tr("+{n} for it at the end of the turn", n=e.amount) if parts[-1] == tr("takes the Treasure Map")
                        else tr("+{n} for the map at the end of the turn", n=e.amount))  # "it" is too far back
            parts.append(part if e.seat == line_seat else f"{who_is(e.seat)} {part}")
        return [(s, f"{t}: {', '.join(parts)}" if parts else t) for s, t, parts in lines]

    @staticmethod
    def _bonus_on_placing(lines: list[Any], event: Any, placed: int) -> bool:
        """Is a column bonus told on the placing's line: its column's, with nothing between?"""
        return len(lines) == 1 and event.space is not None and event.space[0] == placed

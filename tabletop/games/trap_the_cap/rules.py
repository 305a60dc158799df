"""Trap the Cap rules core (rules/trap_the_cap.md): moves as walks, trapping, towers, hideouts,
the golden cap, the end and the scoring. No pygame.

Representation (chosen for fast playouts): colours are small ints (0–3 the players in board order,
4 the golden cap); ``occ`` maps a node index to the stacks standing there, each stack a tuple of
colours bottom to top. Caps waiting in a hideout are one-cap stacks on the hideout node, so a cap
leaving home is an ordinary walk. A roll is an explicit chance move; the die is then stored until
the player moves (or passes).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from tabletop.core.errors import IllegalMoveError, StateError
from tabletop.core.game import CHANCE, GameState, Outcome
from tabletop.games.trap_the_cap.board import COLOURS, Topology, Walk
from tabletop.i18n import plural, tr

GOLD = 4
NAMES = (*COLOURS, "gold")
CODE = {name: i for i, name in enumerate(NAMES)}
CAPS_PER_PLAYER = 4
VARIANTS = ("offensive", "defensive", "partners", "total_partners", "tower_race", "golden_cap")
TEAM_VARIANTS = ("partners", "total_partners")
GREY_CAPACITY = 3

Stack = tuple[int, ...]


PIECE_OF = {"red": "Red piece: {what}", "green": "Green piece: {what}", "yellow": "Yellow piece: {what}",
            "blue": "Blue piece: {what}"}
"""A piece of another colour than the mover's, one phrase per colour: Russian agrees the colour
with the noun ("красный колпачок"), which "a piece of colour Red" did not."""


def colour_text(name: str) -> str:
    """A colour (or ``gold``) as people read it: "Red" in English, "Красный" in Russian. The
    capitalised English word is the catalogue key; ids and records keep the lower-case name."""
    return tr(name.title())


def _steps(template: str, count: int, **more: object) -> str:
    """Fill a translated phrase's ``{steps}`` with "1 field" / "n fields" (translated too), and
    any other placeholders with ``more``."""
    n = count
    text = template.replace("{steps}", plural(n, tr("{n} field", n=n), tr("{n} fields (2–4)", n=n), tr("{n} fields", n=n)))
    for key, value in more.items():
        text = text.replace("{" + key + "}", str(value))
    return text


def _trapped(caps: tuple[int, ...], template: str | None) -> list[str]:
    """ "traps 2 caps (Red, Blue)" for caps newly under a piece (none: no words)."""
    if not caps:
        return []
    names = ", ".join(colour_text(NAMES[c]) for c in sorted(set(caps), key=caps.index))
    n = len(caps)
    what = tr("{n} cap ({colours})", n=n, colours=names) if n == 1 else tr("{n} caps ({colours})", n=n, colours=names)
    return [(template or tr("traps {caps}")).replace("{caps}", what)]


@dataclass(frozen=True)
class Roll:
    """The die (a chance move)."""

    value: int

    def __str__(self) -> str:
        return f"roll {self.value}"


@dataclass(frozen=True)
class Pass:
    """No legal move for this roll: the turn passes (or, on a 6, the player rolls again)."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True)
class Move:
    """Move the piece ``stack`` (index among the stacks on the start field) along ``path``.

    The text is ``label:START-...-END`` (``label`` = the commanding colour or ``gold``), with
    ``START[i]`` when another, different piece of the same label stands on the start field. The
    node indices (``walk``) ride along uncompared so ``apply`` needs no lookups.
    """

    label: str
    path: tuple[str, ...]
    stack: int = 0
    tagged: bool = False
    walk: Walk = field(default=Walk(()), compare=False, hash=False, repr=False)

    def __str__(self) -> str:
        start = f"{self.path[0]}[{self.stack}]" if self.tagged else self.path[0]
        return f"{self.label}:{start}-" + "-".join(self.path[1:])

    @property
    def start(self) -> str:
        return self.path[0]

    @property
    def end(self) -> str:
        return self.path[-1]


ROLLS = tuple(Roll(v) for v in range(1, 7))
PASS = Pass()


@dataclass(frozen=True)
class Rules:
    """The setup that never changes during a game: board, seats, teams, variant and options."""

    topology: Topology
    variant: str
    seats: tuple[int, ...]
    team: tuple[int, ...]
    turn_limit: int = 200
    scoring: str = "offensive"
    golden_win: str = "owner"

    @property
    def total_partners(self) -> bool:
        return self.variant == "total_partners"

    @property
    def tower_race(self) -> bool:
        return self.variant == "tower_race"

    @property
    def golden(self) -> bool:
        return self.variant == "golden_cap"

    @property
    def last_in_play_wins(self) -> bool:
        """Whether the last side still in play wins (rules "End and winner", "Variants"): the
        defensive game, the tower race and a team game scored defensively. Prisoners do not decide
        these, except when the turn limit ends the game (scored as offensive all the same)."""
        return self.variant in ("defensive", "tower_race") or (
            self.variant in TEAM_VARIANTS and self.scoring == "defensive")


class TrapState(GameState):
    """A Trap the Cap position plus whose turn it is, the pending die and the round count.

    ``first`` is the seat that began the game: rounds are counted from it (a round ends when the
    turn comes back round to that seat, in play or not), so at the turn limit every seat has had
    the same number of turns whoever started."""

    game_id = "trap_the_cap"

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.occ: dict[int, list[Stack]] = {}
        self.locked: list[list[int]] = [[] for _ in COLOURS]
        self.golden_owner: int | None = None
        self.turn = 0
        self.die: int | None = None
        self.rounds = 0
        self.first = 0
        self._over = False
        self._moves: list[Any] | None = None

    # -- construction --------------------------------------------------------------------------------
    @classmethod
    def new_game(cls, rules: Rules, first_seat: int = 0) -> TrapState:
        state = cls(rules)
        topo = rules.topology
        for colour in rules.seats:
            state.occ[topo.hideouts[COLOURS[colour]]] = [(colour,)] * CAPS_PER_PLAYER
        if rules.golden:
            if topo.centre is None:
                raise StateError(tr("the golden cap game needs a centre field on the board"))
            state.occ.setdefault(topo.centre, []).append((GOLD,))
        state.turn = state.first = first_seat
        state._refresh()
        return state

    @classmethod
    def from_position(cls, rules: Rules, stacks: Mapping[str, Iterable[Iterable[str]]],
                      home: Mapping[str, Iterable[str]], locked: Mapping[str, Iterable[str]],
                      golden_owner: str | None, to_move: str, die: int | None = None,
                      rounds: int = 0, first: str | None = None) -> TrapState:
        """Build a position from names (tests, cases, saves): stacks bottom to top by node id,
        caps waiting at home by colour, prisoners locked up by colour; ``first`` is the colour
        that began the game (rounds count from it; default the first seat). Raises StateError."""
        state = cls(rules)
        topo = rules.topology
        try:
            for node, piles in stacks.items():
                if node not in topo.index:
                    raise StateError(tr("unknown field {node}", node=repr(node)))
                for pile in piles:
                    stack = tuple(CODE[c] for c in pile)
                    if not stack:
                        raise StateError(tr("an empty stack on {name}", name=node))
                    state.occ.setdefault(topo.index[node], []).append(stack)
            for colour, caps in home.items():
                if colour not in topo.hideouts:
                    raise StateError(tr("{colour} has no hideout on this board", colour=repr(colour)))
                for cap in caps:
                    state.occ.setdefault(topo.hideouts[colour], []).append((CODE[cap],))
            for colour, caps in locked.items():
                state.locked[CODE[colour]] = sorted(CODE[c] for c in caps)
            state.golden_owner = None if golden_owner is None else CODE[golden_owner]
            colour = CODE[to_move]
            starter = rules.seats[0] if first is None else CODE[first]
        except (KeyError, TypeError) as exc:
            raise StateError(tr("unknown colour or malformed position ({error})", error=exc)) from None
        if colour not in rules.seats:
            raise StateError(tr("{colour} does not play in this game", colour=to_move))
        if starter not in rules.seats:
            raise StateError(tr("{colour} does not play in this game", colour=first))
        state.turn = rules.seats.index(colour)
        state.first = rules.seats.index(starter)
        state.die = die
        state.rounds = rounds
        state.validate()
        state._refresh()
        return state

    def validate(self) -> None:
        """Raise StateError for an impossible position (lost or extra caps, a crowded grey field,
        a stranger in a hideout, ...)."""
        rules, topo = self.rules, self.rules.topology
        counts = [0] * 5
        for node, piles in self.occ.items():
            if not 0 <= node < len(topo.names):
                raise StateError(tr("a stack on unknown field #{node}", node=node))
            name = topo.names[node]
            if topo.is_hideout[node]:
                owner = next((c for c, h in topo.hideouts.items() if h == node), None)
                for pile in piles:
                    ok = len(pile) == 1 and (NAMES[pile[0]] == owner or (
                        pile[0] == GOLD and self.golden_owner is not None
                        and COLOURS[self.golden_owner] == owner))
                    if not ok:
                        raise StateError(tr("the hideout {name} holds {caps}; a hideout only holds its own "
                                            "colour's free caps", name=name, caps="+".join(NAMES[c] for c in pile)))
            elif topo.grey[node] and len(piles) > GREY_CAPACITY:
                raise StateError(tr("the grey field {name} holds {n} stacks (at most 3)", name=name, n=len(piles)))
            for pile in piles:
                if not pile:
                    raise StateError(tr("an empty stack on {name}", name=name))
                for cap in pile:
                    if not 0 <= cap <= GOLD:
                        raise StateError(tr("unknown cap colour on {name}", name=name))
                    counts[cap] += 1
        for owner, caps in enumerate(self.locked):
            for cap in caps:
                # his own and his partner's caps are freed on unloading, never locked up
                if cap == GOLD or not 0 <= cap < 4 or rules.team[cap] == rules.team[owner]:
                    raise StateError(tr("{owner} cannot hold {cap} locked up", owner=COLOURS[owner],
                                        cap=NAMES[cap] if 0 <= cap <= 4 else cap))
                counts[cap] += 1
        for colour in range(4):
            expected = CAPS_PER_PLAYER if colour in rules.seats else 0
            if counts[colour] != expected:
                raise StateError(tr("{colour} has {n} caps; expected {expected}", colour=COLOURS[colour], n=counts[colour],
                                    expected=expected))
        if counts[GOLD] != (1 if rules.golden else 0):
            raise StateError(tr("the golden cap must be on the board exactly in the golden cap game"))
        if self.golden_owner is not None and (not rules.golden or self.golden_owner not in rules.seats):
            raise StateError(tr("the golden cap's owner does not play"))
        if not 0 <= self.turn < len(rules.seats):
            raise StateError(tr("seat {seat} is not in the game", seat=self.turn))
        if not 0 <= self.first < len(rules.seats):
            raise StateError(tr("the first seat {seat} is not in the game", seat=self.first))
        if self.die is not None and self.die not in range(1, 7):
            raise StateError(tr("a die shows {die}", die=self.die))
        if not 0 <= self.rounds:
            raise StateError(tr("negative round count"))

    # -- who moves ------------------------------------------------------------------------------------
    @property
    def num_players(self) -> int:
        return len(self.rules.seats)

    @property
    def current_player(self) -> int | None:
        if self._over:
            return None
        return CHANCE if self.die is None else self.turn

    @property
    def colour_to_move(self) -> str:
        return COLOURS[self.rules.seats[self.turn]]

    def commander(self, stack: Stack) -> int | None:
        """The colour commanding a stack: its top cap's colour (the golden cap: its owner)."""
        top = stack[-1]
        return self.golden_owner if top == GOLD else top

    def in_play(self) -> set[int]:
        """Colours still in play: commanding at least one stack (a waiting cap is a stack too)."""
        alive: set[int] = set()
        for piles in self.occ.values():
            for stack in piles:
                top = stack[-1]
                owner = self.golden_owner if top == GOLD else top
                if owner is not None:
                    alive.add(owner)
        return alive

    def _refresh(self) -> None:
        self._moves = None
        alive = self.in_play()
        teams = {self.rules.team[c] for c in alive}
        self._over = len(teams) <= 1 or self.rounds >= self.rules.turn_limit

    # -- chance ---------------------------------------------------------------------------------------
    def chance_outcomes(self) -> list[tuple[Roll, float]]:
        if self.current_player != CHANCE:
            return []
        return [(r, 1 / 6) for r in ROLLS]

    def sample_chance(self, rng: random.Random) -> Roll:
        if self.current_player != CHANCE:
            raise IllegalMoveError(tr("no roll is due in this position"))
        return ROLLS[int(rng.random() * 6)]

    # -- moves ----------------------------------------------------------------------------------------
    def legal_moves(self) -> list[Any]:
        player = self.current_player
        if player is None:
            return []
        if player == CHANCE:
            return list(ROLLS)
        if self._moves is None:
            self._moves = self._generate(self.die or 0) or [PASS]
        return list(self._moves)

    def is_legal(self, move: Any) -> bool:
        player = self.current_player
        if player is None:
            return False
        if player == CHANCE:
            return isinstance(move, Roll) and 1 <= move.value <= 6
        if self._moves is None:
            self._moves = self._generate(self.die or 0) or [PASS]
        return move in self._moves

    def my_colours(self) -> set[int]:
        """The colours whose pieces the player to move may move."""
        colour = self.rules.seats[self.turn]
        if self.rules.total_partners:
            return {c for c in self.rules.seats if self.rules.team[c] == self.rules.team[colour]}
        return {colour}

    def movable(self) -> list[tuple[int, int]]:
        """(node, stack index) of every piece the player to move commands, identical pieces on the
        same field listed once."""
        mine = self.my_colours()
        found: list[tuple[int, int]] = []
        for node, piles in self.occ.items():
            seen: list[Stack] = []
            for i, stack in enumerate(piles):
                top = stack[-1]
                owner = self.golden_owner if top == GOLD else top
                if owner in mine and stack not in seen:
                    seen.append(stack)
                    found.append((node, i))
        return found

    def moves_for(self, die: int) -> list[Move]:
        """Every distinct move of the player to move with ``die``, whether or not the game is over
        (no pass): what the shared rules cases compare."""
        return self._generate(die)

    def _generate(self, die: int) -> list[Move]:
        moves: list[Move] = []
        for node, index in self.movable():
            moves.extend(self._piece_moves(node, index, die))
        return moves

    def _piece_moves(self, node: int, index: int, die: int) -> list[Move]:
        rules, topo = self.rules, self.rules.topology
        piles = self.occ[node]
        stack = piles[index]
        owner = self.commander(stack)
        assert owner is not None
        gold = stack[-1] == GOLD
        home = topo.hideouts.get(COLOURS[owner], -1)
        if rules.tower_race:
            home = -1
        elif len(stack) < 2 and not gold:
            home = -1
        label = NAMES[stack[-1]]
        tagged = any(s != stack and self.commander(s) == owner and s[-1] == stack[-1] for s in piles)
        names = topo.names
        moves: list[Move] = []
        if gold:
            seen_results: set[Any] = set()
            for walk in topo.walks(node, die, home, True):
                result = self._gold_result(node, index, walk)
                if result is None or result in seen_results:
                    continue
                seen_results.add(result)
                moves.append(Move(label, tuple(names[n] for n in walk.path), index, tagged, walk))
            return moves
        ends: set[tuple[int, bool]] = set()
        grey = topo.grey
        occ = self.occ
        for walk in topo.walks(node, die, home, False):
            end = walk.path[-1]
            key = (end, walk.visit >= 0)
            if key in ends:
                continue
            if grey[end]:
                there = occ.get(end)
                if there:
                    count = len(there) - (1 if end == node else 0)
                    if count >= GREY_CAPACITY:
                        continue
            ends.add(key)
            moves.append(Move(label, tuple(names[n] for n in walk.path), index, tagged, walk))
        return moves

    def _gold_result(self, node: int, index: int, walk: Walk) -> Any:
        """A canonical key of the position a golden-cap move reaches, or None if illegal.

        Golden moves are rare and their results depend on what the first leg traps, so they are
        played out on a scratch copy rather than reasoned about."""
        probe = self._scratch()
        if not probe._walk_piece(node, index, walk, check=True):
            return None
        return probe._position_key()

    def _scratch(self) -> TrapState:
        other = TrapState.__new__(TrapState)
        other.rules = self.rules
        other.occ = {k: list(v) for k, v in self.occ.items()}
        other.locked = [list(x) for x in self.locked]
        other.golden_owner = self.golden_owner
        other.turn, other.die, other.rounds, other.first = self.turn, self.die, self.rounds, self.first
        other._over = self._over
        other._moves = None
        return other

    def _position_key(self) -> Any:
        occ = tuple(sorted((n, tuple(sorted(p))) for n, p in self.occ.items() if p))
        return occ, tuple(tuple(x) for x in self.locked), self.golden_owner

    # -- applying -------------------------------------------------------------------------------------
    def apply(self, move: Any) -> None:
        if not self.is_legal(move):
            if self.current_player is None:
                raise IllegalMoveError(tr("the game is over; {move} cannot be played", move=move))
            raise IllegalMoveError(tr("{move} is not a legal move here", move=move))
        if isinstance(move, Move):
            move = self._moves[self._moves.index(move)]  # type: ignore[union-attr]
        self.apply_unchecked(move)

    def apply_unchecked(self, move: Any) -> None:
        if isinstance(move, Roll):
            self.die = move.value
            self._moves = None
            return
        if isinstance(move, Move):
            node = move.walk.path[0]
            self._walk_piece(node, move.stack, move.walk, check=False)
        self._end_turn()

    def _end_turn(self) -> None:
        six = self.die == 6
        self.die = None
        self._refresh()
        if self._over:
            return
        alive = self.in_play()
        seats = self.rules.seats
        if six and seats[self.turn] in alive:
            return
        n = len(seats)
        turn = self.turn
        for _ in range(n):
            nxt = (turn + 1) % n
            if nxt == self.first:
                self.rounds += 1  # back round to the seat that began (rules: "End and winner")
            turn = nxt
            if seats[turn] in alive:
                break
        self.turn = turn
        if self.rounds >= self.rules.turn_limit:
            self._over = True

    def _walk_piece(self, node: int, index: int, walk: Walk, check: bool) -> bool:
        """Carry out a walk: lift the piece, then in walk order unload at each visit home and trap
        at the end of a golden first leg, then land. With ``check``, return False instead of
        making an illegal move (going home with nothing to unload, a fourth piece on a grey field
        at either landing)."""
        topo = self.rules.topology
        piles = self.occ[node]
        stack = piles.pop(index)
        if not piles:
            del self.occ[node]
        owner = self.commander(stack)
        assert owner is not None
        gold = stack[-1] == GOLD
        path = walk.path
        for pos in walk.stops:
            if pos == walk.turn:
                # The end of the first leg is a landing: trap there, and the grey limit applies.
                stack = self._trap(path[pos], stack, owner)
                if check and topo.grey[path[pos]] and len(self.occ.get(path[pos], ())) >= GREY_CAPACITY:
                    return False
            elif len(stack) < 2:
                if check:
                    return False  # only a cap carrying prisoners may go home
            else:
                stack = self._unload(stack, owner)
        end = path[-1]
        if topo.is_hideout[end]:
            self.occ.setdefault(end, []).append(stack)
            return True
        if topo.grey[end] and not gold:
            there = self.occ.get(end)
            if there and len(there) >= GREY_CAPACITY:
                if check:
                    return False
            self.occ.setdefault(end, []).append(stack)
            return True
        stack = self._trap(end, stack, owner)
        there = self.occ.setdefault(end, [])
        if topo.grey[end] and len(there) >= GREY_CAPACITY and check:
            return False
        there.append(stack)
        return True

    def _trap(self, node: int, stack: Stack, owner: int) -> Stack:
        """Trap every stack on ``node`` not commanded by ``owner``'s team: they go, whole, under
        the arriving piece."""
        there = self.occ.get(node)
        if not there:
            return stack
        team = self.rules.team
        mine = team[owner]
        kept: list[Stack] = []
        below: list[int] = []
        for other in there:
            top = other[-1]
            cmd = self.golden_owner if top == GOLD else top
            if cmd is not None and team[cmd] == mine:
                kept.append(other)
            else:
                below.extend(other)
        if not below:
            return stack
        if kept:
            self.occ[node] = kept
        else:
            del self.occ[node]
        return (*below, *stack)

    def _unload(self, stack: Stack, owner: int) -> Stack:
        """Unload prisoners in ``owner``'s hideout: own and partner caps go home free, the golden
        cap becomes the unloader's, the rest are locked up for the unloader."""
        topo, team = self.rules.topology, self.rules.team
        for cap in stack[:-1]:
            if cap == GOLD:
                self.golden_owner = owner
                self.occ.setdefault(topo.hideouts[COLOURS[owner]], []).append((GOLD,))
            elif team[cap] == team[owner]:
                self.occ.setdefault(topo.hideouts[COLOURS[cap]], []).append((cap,))
            else:
                self.locked[owner].append(cap)
                self.locked[owner].sort()
        return stack[-1:]

    # -- end ------------------------------------------------------------------------------------------
    def free_caps(self, colour: int) -> int:
        """How many of ``colour``'s caps are free (not trapped), waiting at home or on the board:
        one per piece it commands, an owned golden cap among them. The player is in play while
        this is above 0 (:meth:`in_play`); the defensive game and the tower race are won on it."""
        count = 0
        for piles in self.occ.values():
            for stack in piles:
                if self.commander(stack) == colour:
                    count += 1
        return count

    def caps_of(self, colour: int) -> int:
        """How many caps are ``colour``'s own: his four, and the golden cap while he owns it (rules
        "End and winner": an owned golden cap counts as one of its owner's caps)."""
        return CAPS_PER_PLAYER + (1 if self.golden_owner == colour else 0)

    def prisoners(self, colour: int) -> int:
        """Caps of other teams that ``colour`` has trapped: locked up plus carried in towers it
        commands. An owned golden cap counts as one of its owner's caps (a prisoner of whoever
        else holds it); an unowned one counts for nobody."""
        team = self.rules.team
        mine = team[colour]
        count = sum(1 for c in self.locked[colour] if team[c] != mine)
        owner = self.golden_owner
        gold_counts = owner is not None and team[owner] != mine
        for piles in self.occ.values():
            for stack in piles:
                if len(stack) > 1 and self.commander(stack) == colour:
                    count += sum(1 for c in stack[:-1] if (gold_counts if c == GOLD else team[c] != mine))
        return count

    def outcome(self) -> Outcome | None:
        if not self._over:
            return None
        rules = self.rules
        seats = rules.seats
        team = rules.team
        per_colour = {c: self.prisoners(c) for c in seats}
        team_points = {}
        for c in seats:
            team_points[team[c]] = team_points.get(team[c], 0) + per_colour[c]
        points = tuple(float(team_points[team[c]]) for c in seats)
        alive = self.in_play()
        alive_teams = {team[c] for c in alive}

        def most(detail: str, reason: str) -> Outcome:
            best = max(points) if points else 0.0
            winners = tuple(i for i, p in enumerate(points) if p == best)
            return Outcome(reason, winners, points, detail)

        if len(alive_teams) > 1:
            return most(tr("The turn limit of {n} rounds was reached: most prisoners wins.", n=rules.turn_limit),
                        "turn_limit")
        if rules.golden and rules.golden_win == "owner" and self.golden_owner is not None:
            winner = self.golden_owner
            return Outcome("golden_cap", tuple(i for i, c in enumerate(seats) if c == winner), points,
                           tr("{who} owns the golden cap.", who=colour_text(COLOURS[winner])))
        if rules.last_in_play_wins and alive_teams:
            last = alive_teams.pop()
            winners = tuple(i for i, c in enumerate(seats) if team[c] == last)
            names = tr(" and ").join(colour_text(COLOURS[seats[i]]) for i in winners)
            if len(winners) > 1:
                return Outcome("last_in_play", winners, points, tr("{names} are the last still in play.", names=names))
            return Outcome("last_in_play", winners, points, tr("{names} is the last still in play.", names=names))
        return most(tr("Only one side is still in play: most prisoners wins."), "trapped")

    # -- copies and serialization ---------------------------------------------------------------------
    def copy(self) -> TrapState:
        other = self._scratch()
        other._moves = self._moves
        return other

    def to_json(self) -> dict[str, Any]:
        names = self.rules.topology.names
        stacks: dict[str, list[list[str]]] = {}
        for node in sorted(self.occ, key=lambda n: names[n]):
            stacks[names[node]] = sorted([NAMES[c] for c in s] for s in self.occ[node])
        r = self.rules
        return {
            "game": self.game_id,
            "variant": r.variant,
            "seats": [COLOURS[c] for c in r.seats],
            "teams": {COLOURS[c]: r.team[c] for c in r.seats},
            "options": {"turn_limit": r.turn_limit, "scoring": r.scoring, "golden_win": r.golden_win},
            "board": r.topology.to_json(),
            "stacks": stacks,
            "locked": {COLOURS[c]: [NAMES[x] for x in self.locked[c]] for c in range(4) if self.locked[c]},
            "golden_owner": None if self.golden_owner is None else COLOURS[self.golden_owner],
            "turn": self.turn,
            "die": self.die,
            "rounds": self.rounds,
            "first": self.first,
        }

    @classmethod
    def from_json(cls, data: Any) -> TrapState:
        if not isinstance(data, dict) or data.get("game") != cls.game_id:
            raise StateError(tr("not a Trap the Cap state"))
        try:
            topology = _topology_from_json(data["board"])
            seats = tuple(CODE[c] for c in data["seats"])
            if len(set(seats)) != len(seats) or not 2 <= len(seats) <= 4 or any(c >= 4 for c in seats):
                raise StateError(tr("the seats must be 2 to 4 different player colours"))
            teams = data["teams"]
            team = tuple(int(teams.get(COLOURS[c], c)) for c in range(4))
            options = data["options"]
            variant = data["variant"]
            if variant not in VARIANTS:
                raise StateError(tr("unknown variant {variant}", variant=repr(variant)))
            rules = Rules(topology, variant, seats, team, int(options["turn_limit"]),
                          str(options["scoring"]), str(options["golden_win"]))
            stacks = data["stacks"]
            state = cls(rules)
            for node, piles in stacks.items():
                if node not in topology.index:
                    raise StateError(tr("unknown field {node}", node=repr(node)))
                state.occ[topology.index[node]] = [tuple(CODE[c] for c in p) for p in piles]
            for colour, caps in data["locked"].items():
                state.locked[CODE[colour]] = sorted(CODE[c] for c in caps)
            owner = data["golden_owner"]
            state.golden_owner = None if owner is None else CODE[owner]
            state.turn = int(data["turn"])
            die = data["die"]
            state.die = None if die is None else int(die)
            state.rounds = int(data["rounds"])
            state.first = int(data.get("first", 0))  # saves from before it was kept counted from seat 0
        except StateError:
            raise
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
            raise StateError(tr("malformed Trap the Cap state ({error})", error=repr(exc))) from None
        state.validate()
        state._refresh()
        return state

    def to_notation(self, seat: int | None = None) -> str:
        """The position as one line (``docs/notation.md``); nothing is hidden, so every seat's view
        (``seat``) is the same text."""
        from tabletop.games.trap_the_cap.notation import format_state

        return format_state(self)

    @classmethod
    def from_notation(cls, text: str, layout: Any = None) -> TrapState:
        """A state from its notation, on the shipped board or on ``layout``; StateError names the
        bad word."""
        from tabletop.games.trap_the_cap.notation import parse_state

        return parse_state(text, layout)

    # -- presentation ---------------------------------------------------------------------------------
    def describe_move(self, move: Any, names: Any = None) -> str:
        """A move as the log says it, in words and field names as the board shows them (never
        ids): "Red: Red corner->Red–Green 4 — moves 4 fields, traps 1 cap (Green)." ``names``:
        the seats as the app names them (default: their colours). The record form stays
        ``str(move)``."""
        who = colour_text(self.colour_to_move)
        if names is not None and self.turn < len(names):
            who = names[self.turn]
        if isinstance(move, Roll):
            return tr("{who} rolls {n}.", who=who, n=move.value)
        if isinstance(move, Pass):
            if self.die == 6:
                return tr("{who} cannot move and rolls again.", who=who)
            return tr("{who} cannot move.", who=who)
        move = self._known(move)
        if not isinstance(move, Move) or not move.walk.path:
            return str(move)
        from tabletop.games.trap_the_cap.fields import field_name

        topo = self.rules.topology
        walk = move.walk
        stops = [0, *walk.stops, len(walk.path) - 1]
        route = "->".join(field_name(topo, walk.path[i]) for i in dict.fromkeys(stops))
        what = self.describe_way(move)
        if move.label not in ("gold", self.colour_to_move):
            what = tr(PIECE_OF[move.label], what=what)
        return tr("{who}: {route} — {what}.", who=who, route=route, what=what)

    def _known(self, move: Any) -> Any:
        if isinstance(move, Move) and not move.walk.path and self.is_legal(move):
            return self._moves[self._moves.index(move)]  # type: ignore[union-attr]
        return move

    def describe_way(self, move: Move) -> str:
        """What one move does, in walk order and in words, without who moves: "moves 2 fields into
        the hideout, locks up 1 prisoner, then 3 fields out, traps 1 cap (Red)". A golden move
        reads leg by leg, one clause per visit home and per landing. Read-only: the walk is
        replayed on a scratch copy with the rules' own trap and unload steps."""
        move = self._known(move)
        if not move.walk.path:
            return str(move)
        return ", ".join(self._way_parts(move)[0])

    def describe_unloading(self, move: Move) -> str:
        """What a move's visits home unload, in words ("locks up 2 prisoners, frees 1 cap"); empty
        when the move never goes home. The hover card of a lit target says it (the route alone
        showed the trip, not what it does)."""
        move = self._known(move)
        if not move.walk.path or move.walk.visit < 0:
            return ""
        return ", ".join(self._way_parts(move)[1])

    def _way_parts(self, move: Move) -> tuple[list[str], list[str]]:
        """The clauses of :meth:`describe_way`, and those of them that tell an unloading."""
        walk = move.walk
        topo = self.rules.topology
        probe = self._scratch()
        piles = probe.occ[walk.path[0]]
        stack = piles.pop(move.stack)
        owner = probe.commander(stack)
        gold = stack[-1] == GOLD
        last = len(walk.path) - 1
        parts: list[str] = []
        unloads: list[str] = []
        at = 0
        for pos in (*walk.stops, last):
            if pos == at and pos == last and parts:
                break  # the walk ended at its last stop (in the hideout)
            home = topo.is_hideout[walk.path[pos]] and pos > 0
            parts.append(self._leg_words(walk, at, pos, stack))
            if owner is not None and home and len(stack) > 1:
                said = len(parts)
                stack = self._unload_words(probe, stack, owner, parts)
                unloads.extend(parts[said:])
            elif owner is not None and not home and (gold or not topo.grey[walk.path[pos]]):
                before = stack
                stack = probe._trap(walk.path[pos], stack, owner)
                parts.extend(_trapped(stack[:len(stack) - len(before)], tr("traps {caps} there") if pos < last
                                      else None))
            at = pos
        return parts, unloads

    def _leg_words(self, walk: Walk, at: int, pos: int, stack: Stack) -> str:
        """The phrase for one stretch of a walk, from position ``at`` to the next stop ``pos``
        (a visit home, the golden turn or the end), chosen by what came before and what ends it."""
        topo = self.rules.topology
        gold = stack[-1] == GOLD
        into_home = pos > 0 and topo.is_hideout[walk.path[pos]]
        if at > 0:
            template = (tr("then {steps} back into the hideout") if into_home
                        else tr("then {steps} out") if topo.is_hideout[walk.path[at]] else tr("then {steps} back"))
        elif into_home:
            template = tr("moves the golden cap {steps} into the hideout") if gold else tr("moves {steps} into the hideout")
        elif pos == walk.turn:
            template = tr("moves the golden cap {steps} forward")
        elif gold:
            template = tr("moves the golden cap {steps}")
        elif topo.is_hideout[walk.path[0]]:
            template = tr("moves {steps} out of the hideout")
        elif len(stack) > 1:
            template = tr("moves {steps} with a tower of {n}")
        else:
            template = tr("moves {steps}")
        return _steps(template, pos - at, n=len(stack))

    def _unload_words(self, probe: TrapState, stack: Stack, owner: int, parts: list[str]) -> Stack:
        """Unload ``stack`` on ``probe`` and say what happened ("locks up 1 prisoner", "frees 2
        caps", "takes the golden cap"); returns the piece that walks on."""
        team = self.rules.team
        locked = sum(len(x) for x in probe.locked)
        had_gold = GOLD in stack[:-1]
        freed = sum(1 for c in stack[:-1] if c != GOLD and team[c] == team[owner])
        stack = probe._unload(stack, owner)
        locked = sum(len(x) for x in probe.locked) - locked
        if locked:
            parts.append(tr("locks up {n} prisoner", n=locked) if locked == 1 else tr("locks up {n} prisoners", n=locked))
        if freed:
            parts.append(tr("frees {n} cap", n=freed) if freed == 1 else tr("frees {n} caps", n=freed))
        if had_gold:
            parts.append(tr("takes the golden cap"))
        return stack

    # -- helpers for the UI -----------------------------------------------------------------------------
    def pieces(self) -> list[tuple[str, int]]:
        """(field id, stack index) of every piece the player to move may move with this roll."""
        seen: list[tuple[str, int]] = []
        for move in self.legal_moves():
            if isinstance(move, Move) and (move.start, move.stack) not in seen:
                seen.append((move.start, move.stack))
        return seen

    def destinations(self, start: str, stack: int = 0) -> dict[str, list[Move]]:
        """For one piece: end field id → the legal moves ending there (several when they differ,
        e.g. with or without a visit home)."""
        found: dict[str, list[Move]] = {}
        for move in self.legal_moves():
            if isinstance(move, Move) and move.start == start and move.stack == stack:
                found.setdefault(move.end, []).append(move)
        return found

    def find_moves(self, start: str, end: str) -> list[Move]:
        """Legal moves from any piece on ``start`` to ``end`` (the click-to-click adapter)."""
        return [m for m in self.legal_moves() if isinstance(m, Move) and m.start == start and m.end == end]

    def stacks_at(self, node_id: str) -> list[tuple[str, ...]]:
        """The stacks on a field (bottom to top, colour names)."""
        node = self.rules.topology.index[node_id]
        return [tuple(NAMES[c] for c in s) for s in self.occ.get(node, [])]


_TOPOLOGY_CACHE: dict[str, Topology] = {}


def _topology_from_json(data: Any) -> Topology:
    """Saved states carry their board; identical boards share one Topology (and its walk cache)."""
    import json

    key = json.dumps(data, sort_keys=True)
    topo = _TOPOLOGY_CACHE.get(key)
    if topo is None:
        topo = Topology.from_json(data)
        if len(_TOPOLOGY_CACHE) > 32:
            _TOPOLOGY_CACHE.clear()
        _TOPOLOGY_CACHE[key] = topo
    return topo

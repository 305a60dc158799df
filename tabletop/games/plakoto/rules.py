"""Plakoto rules core: a whole match as one state (no pygame).

Seat 0 is White, seat 1 Black. The board is stored in White's numbering (see ``notation``); moves
are written in the mover's own numbering (``24/21``, ``6/off``). The protocol offers one checker
step at a time: ``legal_moves()`` lists the steps that can still be completed into a legal whole
turn (forced play is decided on whole turns by ``movegen``), or a single ``pass`` when no die can
be used. The step set is computed once per decision and cached, and the mover's board view
(``Frame``) is kept for the whole roll, so a playout never regenerates anything twice.

When a game ends its points are added to the match score and the result is appended to ``games``.
If the match goes on, the finished game's last position stays a state of its own (phase ``next``,
notation side ``next``): a chance node with the single outcome ``next game``, so the players see
the end and the app waits for a person's click (a computer-only match goes straight on, and undo
never crosses it). That step sets up the board again; the winner rolls first (after a tie the same
player starts). ``outcome()`` is set only when the match is won.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from typing import Any

from tabletop.core.errors import StateError
from tabletop.core.game import CHANCE, GameState, Move, Outcome
from tabletop.i18n import plural, tr

from .movegen import CHECKERS, Frame, Key, StepT, _without, dice_left, flip
from .notation import (
    COLOURS,
    NAMES,
    Position,
    finished_game,
    format_position,
    history_text,
    on_point,
    parse_position,
    points_text,
)

START = (24, 1)
"""Each seat's starting point in White's numbering (his own 24-point)."""


# -- moves ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Opening:
    """The opening roll: each player rolls one die; the higher starts, a tie is rolled again."""

    white: int
    black: int

    def __str__(self) -> str:
        return f"opening {self.white}-{self.black}"


@dataclass(frozen=True)
class Roll:
    """The two dice of a turn (the higher first)."""

    high: int
    low: int

    def __str__(self) -> str:
        return f"roll {self.high}-{self.low}"


@dataclass(frozen=True)
class Step:
    """One checker moved by one die, in the mover's numbering; ``to == 0`` bears it off."""

    frm: int
    to: int
    die: int

    def __str__(self) -> str:
        return f"{self.frm}/{self.to if self.to else 'off'}"


@dataclass(frozen=True)
class Pass:
    """No die can be used: the turn passes (the UI says "no legal move")."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True)
class NextGame:
    """A game of the match is over and its last position has been seen: set up the next game."""

    def __str__(self) -> str:
        return "next game"


PASS = Pass()
NEXT_GAME = NextGame()
# every possible step, made once: legal_turns hands out these shared (immutable) objects
_STEPS = {(q, t, d): Step(q, t, d) for q in range(1, 25) for d in range(1, 7) for t in {max(q - d, 0), 0}}
OPENINGS = [Opening(w, b) for w in range(1, 7) for b in range(1, 7)]
ROLLS = [(Roll(h, lo), (1 if h == lo else 2) / 36) for h in range(6, 0, -1) for lo in range(h, 0, -1)]
_ROLL_OF = {(r.high, r.low): r for r, _ in ROLLS}


def _as_offered(steps: tuple[StepT, ...]) -> tuple[StepT, ...]:
    """A whole turn spelt as ``legal_moves`` offers it step by step.

    Why: when both dice of a roll bear off the highest checker (6-5 with the last ones on the 2- and
    1-points), the turn generator spells the first step with the die it tried first, the larger,
    while the step list offers that bear-off once, by the smaller die (``Frame.decision``). The
    other die then bears off the next checker either way (it is at least as high as every checker
    left), so the dice of the two steps are swapped into the step list's spelling."""
    if len(steps) == 2:
        (q, t, d1), (q2, t2, d2) = steps
        if t == 0 and t2 == 0 and q <= d2 < d1:
            return (q, 0, d2), (q2, 0, d1)
    return steps


@dataclass(frozen=True)
class Turn:
    """A whole legal turn: its steps and the position it reaches (the mover's frame, see movegen)."""

    steps: tuple[Step, ...]
    key: Key

    def __str__(self) -> str:
        return " ".join(str(s) for s in self.steps)


@dataclass(frozen=True)
class GameResult:
    """One finished game of the match (for the UI: "White wins the game, 2 points")."""

    winner: int | None
    reason: str  # "borne_off" | "mother" | "tie"
    points: int
    starter: int

    @property
    def text(self) -> str:
        if self.winner is None:
            return tr("Both mothers are pinned: the game is a tie")
        name, n = tr(NAMES[self.winner]), self.points
        if self.reason == "mother":
            if n == 1:
                return tr("{name} wins the game by pinning the mother, {points} point", name=name, points=n)
            return tr("{name} wins the game by pinning the mother, {points} points", name=name, points=n)
        if n == 1:
            return tr("{name} wins the game by bearing off, {points} point", name=name, points=n)
        return tr("{name} wins the game by bearing off, {points} points", name=name, points=n)

    def to_json(self) -> dict[str, Any]:
        return {"winner": self.winner, "reason": self.reason, "points": self.points, "starter": self.starter}


def _new_board() -> tuple[list[int], list[int]]:
    cnt = [0] * 25
    cnt[24] = CHECKERS
    cnt[1] = -CHECKERS
    return cnt, [0] * 25


class PlakotoState(GameState):
    """A Plakoto match in progress."""

    game_id = "plakoto"

    def __init__(self, target: int = 5, home_rule: str = "blocks", first_player: int | None = None) -> None:
        self.target = target
        self.home_rule = home_rule
        self.cnt, self.pin = _new_board()
        self.off = [0, 0]
        self.score = [0, 0]
        self.games: list[GameResult] = []
        self.last_opening: Opening | None = None
        self.dice: tuple[int, int] | None = None
        self.left: tuple[int, ...] = ()
        if first_player is None:
            self.phase, self.turn, self.starter = "opening", 0, 0
        else:
            self.phase, self.turn, self.starter = "roll", first_player, first_player
        self._frame: Frame | None = None
        self._moves: list[Move] | None = None

    @property
    def single_game(self) -> bool:
        """A match to one point: one game decides it. Why it has a name: the computer then plays
        for the game's points rather than a match score, and the screens speak of a game."""
        return self.target <= 1

    # -- protocol: who moves -----------------------------------------------------------------------
    @property
    def num_players(self) -> int:
        return 2

    @property
    def current_player(self) -> int | None:
        phase = self.phase
        if phase == "move":
            return self.turn
        if phase == "over":
            return None
        return CHANCE

    # -- chance ------------------------------------------------------------------------------------
    def chance_outcomes(self) -> list[tuple[Move, float]]:
        if self.phase == "opening":
            return [(o, 1 / 36) for o in OPENINGS]
        if self.phase == "roll":
            return list(ROLLS)
        if self.phase == "next":
            return [(NEXT_GAME, 1.0)]
        return []

    def sample_chance(self, rng: random.Random) -> Move:
        a = int(rng.random() * 6) + 1
        b = int(rng.random() * 6) + 1
        if self.phase == "opening":
            return Opening(a, b)
        if self.phase == "roll":
            return _ROLL_OF[(a, b) if a >= b else (b, a)]
        if self.phase == "next":
            return NEXT_GAME
        return super().sample_chance(rng)

    # -- moves -------------------------------------------------------------------------------------
    def frame(self) -> Frame:
        """The mover's view of the board, kept for the whole roll."""
        if self._frame is None:
            if self.turn == 0:
                b, pn = self.cnt[:], self.pin[:]
            else:
                b, pn = flip(self.cnt, self.pin)
            self._frame = Frame(b, pn, self.home_rule == "blocks")
        return self._frame

    def legal_moves(self) -> list[Move]:
        phase = self.phase
        if phase == "move":
            if self._moves is None:
                self._moves = self._decide()
            return self._moves
        if phase in ("opening", "roll", "next"):
            return [m for m, _ in self.chance_outcomes()]
        return []

    def _decide(self) -> list[Move]:
        assert self.dice is not None
        steps = self.frame().decision(self.left, len(self.left) == len(dice_left(*self.dice)))
        if not steps:
            return [PASS]
        return [Step(q, t, d) for q, t, d in steps]

    def apply_unchecked(self, move: Move) -> None:
        if isinstance(move, Step):
            self._step(move)
        elif isinstance(move, Roll):
            self.dice = (move.high, move.low)
            self.left = dice_left(move.high, move.low)
            self.phase = "move"
            self._frame = None
            self._moves = None
        elif isinstance(move, Pass):
            self._end_turn()
        elif isinstance(move, Opening):
            self.last_opening = move
            if move.white != move.black:
                self.turn = self.starter = 0 if move.white > move.black else 1
                self.phase = "roll"
        elif isinstance(move, NextGame):
            self._next_game()
        else:  # pragma: no cover - apply() has checked legality
            raise TypeError(tr("not a Plakoto move: {move}", move=repr(move)))

    def _step(self, step: Step) -> None:
        seat, q, t = self.turn, step.frm, step.to
        self.frame().do(q, t)
        cnt, pin = self.cnt, self.pin
        s = 1 if seat == 0 else -1
        p = q if seat == 0 else 25 - q
        x = cnt[p] - s
        if x == 0 and pin[p]:
            cnt[p] = -s
            pin[p] = 0
        else:
            cnt[p] = x
        if t:
            pt = t if seat == 0 else 25 - t
            if cnt[pt] * s >= 0:
                cnt[pt] += s
            else:
                cnt[pt] = s
                pin[pt] = 1
        else:
            self.off[seat] += 1
        self.left = _without(self.left, step.die)
        self._moves = None
        if not self.left or self.off[seat] == CHECKERS:
            self._end_turn()
            return
        moves = self._decide()
        if moves[0] is PASS:
            self._end_turn()
        else:
            self._moves = moves

    def _end_turn(self) -> None:
        """Bear-off win, then the mother check (made at the end of every turn), then hand over."""
        seat, other = self.turn, 1 - self.turn
        self.dice, self.left = None, ()
        self._frame = None
        self._moves = None
        cnt, pin = self.cnt, self.pin
        if self.off[seat] == CHECKERS:
            self._finish_game(seat, "borne_off", 2 if self.off[other] == 0 else 1)
            return
        white_pinned = cnt[24] < 0 and pin[24] == 1
        black_pinned = cnt[1] > 0 and pin[1] == 1
        if white_pinned and black_pinned:
            self._finish_game(None, "tie", 0)
        elif white_pinned and on_point(cnt, pin, 1, 1) == 0:
            self._finish_game(1, "mother", 2)
        elif black_pinned and on_point(cnt, pin, 24, 0) == 0:
            self._finish_game(0, "mother", 2)
        else:
            self.turn = other
            self.phase = "roll"

    def _finish_game(self, winner: int | None, reason: str, points: int) -> None:
        """Score the game; the board stays as it ended (``next``: ``turn`` is who starts next)."""
        self.games.append(GameResult(winner, reason, points, self.starter))
        if winner is not None:
            self.score[winner] += points
            if self.score[winner] >= self.target:
                self.phase = "over"
                self.turn = winner
                return
        self.turn = self.starter if winner is None else winner
        self.phase = "next"

    def _next_game(self) -> None:
        self.cnt, self.pin = _new_board()
        self.off = [0, 0]
        self.starter = self.turn
        self.phase = "roll"

    def game_result(self) -> GameResult | None:
        """The game that has just ended (phases ``next`` and ``over``), read from its last position
        (so a position given as text knows it too); None while a game is being played."""
        if self.phase not in ("next", "over"):
            return None
        found = finished_game(self.cnt, self.pin, self.off)
        if found is None:
            return self.games[-1] if self.games else None
        return GameResult(found[0], found[1], found[2], self.starter)

    def score_before_games(self) -> list[int]:
        """Each side's match score before the games ``games`` lists: a match begun from a position
        (``--position … match:2-1/5``) carries points from games that are not listed."""
        return [self.score[s] - sum(g.points for g in self.games if g.winner == s) for s in (0, 1)]

    # -- queries for the AI and the UI -------------------------------------------------------------
    def legal_turns(self) -> list[Turn]:
        """Every distinct position a legal whole turn can reach from here (the rest of the roll when
        some steps were played), each with one step sequence. Empty when no die can be used."""
        if self.phase != "move":
            return []
        found = self.frame().turns(self.left)
        step = _STEPS.__getitem__
        return [Turn(tuple(map(step, _as_offered(steps))), key) for key, steps in found.items()]

    def turn_points(self, turn: Turn) -> str:
        """The position a turn reaches in the cases' syntax (``1:b12 ... off:w0,b0``)."""
        b, pn = list(turn.key[0]), list(turn.key[1])
        cnt, pin = (b, pn) if self.turn == 0 else flip(b, pn)
        off = list(self.off)
        off[self.turn] = CHECKERS - sum(on_point(cnt, pin, p, self.turn) for p in range(1, 25))
        return points_text(cnt, pin, off)

    def targets(self, from_point: int) -> list[int]:
        """Where the checker on ``from_point`` (mover's numbering) may step now; 0 means off."""
        return [m.to for m in self.legal_moves() if isinstance(m, Step) and m.frm == from_point]

    def routes(self, from_point: int) -> dict[int, list[tuple[Step, ...]]]:
        """Where the checker on ``from_point`` (mover's numbering) can end this turn with one or
        more of the dice left, and every way to get there: final point (0 = off) → the step
        sequences, each step legal when it is played (so the points on the way must be open; a
        lone opposing checker there is pinned on the way and freed again as the checker moves on).
        One sequence per distinct order of points; single steps first. For the click-a-checker,
        click-its-final-point gesture: the UI picks among these, never builds a step."""
        found: dict[int, list[tuple[Step, ...]]] = {}
        if self.phase != "move":
            return found

        def walk(state: PlakotoState, at: int, done: tuple[Step, ...]) -> None:
            for m in state.legal_moves():
                if not isinstance(m, Step) or m.frm != at:
                    continue
                way = (*done, m)
                found.setdefault(m.to, [])
                if all(tuple((s.frm, s.to) for s in w) != tuple((s.frm, s.to) for s in way) for w in found[m.to]):
                    found[m.to].append(way)
                if m.to == 0 or len(way) >= 4:
                    continue
                nxt = state.copy()
                nxt.apply(m)
                if nxt.phase == "move" and nxt.turn == self.turn and len(nxt.games) == len(self.games):
                    walk(nxt, m.to, way)

        walk(self, from_point, ())
        for ways in found.values():
            ways.sort(key=len)
        return found

    def route_pins(self, route: tuple[Step, ...]) -> tuple[int, ...]:
        """The points (mover's numbering) where ``route``'s checker lands on a lone opposing
        checker on its way (pins it while passing), in order."""
        pins = []
        for step in route[:-1]:
            top, count, pinned = self.point(self.absolute(step.to))
            if top is not None and top != self.turn and count == 1 and pinned is None:
                pins.append(step.to)
        return tuple(pins)

    def find_move(self, from_point: int, to_point: int) -> Step | None:
        """The legal step from/to these points (mover's numbering, 0 = off), or None."""
        for m in self.legal_moves() if self.phase == "move" else ():
            if isinstance(m, Step) and m.frm == from_point and m.to == to_point:
                return m
        return None

    def absolute(self, point: int, seat: int | None = None) -> int:
        """A point of ``seat``'s numbering (default: the mover) in White's numbering (the layout's)."""
        seat = self.turn if seat is None else seat
        return point if seat == 0 or point == 0 else 25 - point

    def point(self, p: int) -> tuple[int | None, int, int | None]:
        """Point ``p`` (White's numbering): (top seat or None, how many on top, pinned seat or None)."""
        x = self.cnt[p]
        if x == 0:
            return (None, 0, None)
        top = 0 if x > 0 else 1
        return (top, abs(x), (1 - top) if self.pin[p] else None)

    @property
    def position(self) -> str:
        return format_position(self._position())

    # -- end ---------------------------------------------------------------------------------------
    def outcome(self) -> Outcome | None:
        if self.phase != "over":
            return None
        winner = 0 if self.score[0] >= self.target else 1
        result = self.game_result()
        last = result.reason if result is not None else "borne_off"
        return Outcome(last, (winner,), (float(self.score[0]), float(self.score[1])),
                       tr("{name} wins the match {won}-{lost}", name=tr(NAMES[winner]),
                          won=self.score[winner], lost=self.score[1 - winner]))

    # -- copies and serialization ------------------------------------------------------------------
    def copy(self) -> PlakotoState:
        other = PlakotoState.__new__(PlakotoState)
        other.__dict__.update(self.__dict__)
        other.cnt = self.cnt[:]
        other.pin = self.pin[:]
        other.off = self.off[:]
        other.score = self.score[:]
        other.games = list(self.games)
        other._frame = None
        other._moves = self._moves  # an immutable list of frozen moves, valid for the same position
        return other

    def _position(self) -> Position:
        side = self.phase if self.phase in ("opening", "next", "over") else COLOURS[self.turn]
        return Position(side, self.dice, self.left, self.cnt, self.pin, self.off, self.score,
                        self.target, self.starter, self.home_rule)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": "plakoto",
            "position": format_position(self._position()),
            "games": [g.to_json() for g in self.games],
            "last_opening": [self.last_opening.white, self.last_opening.black] if self.last_opening else None,
        }

    def to_notation(self, seat: int | None = None) -> str:
        """The whole state as one line (``docs/notation.md``): the position, then the match so far.
        Nothing is hidden in Plakoto, so every seat's view (``seat``) is the same text."""
        history = history_text([(g.winner, g.reason, g.points, g.starter) for g in self.games],
                               (self.last_opening.white, self.last_opening.black) if self.last_opening else None)
        position = format_position(self._position())
        return f"{position} {history}" if history else position

    @classmethod
    def from_notation(cls, text: str, layout: Any = None) -> PlakotoState:
        """A state from its notation (the rules read nothing from the board file, so ``layout`` is
        accepted for the shared signature and not used). Without ``games:`` the match history is
        empty; raises :class:`StateError` naming the bad word."""
        pos = parse_position(text)
        state = cls(pos.target, pos.home_rule, 0)
        state.cnt, state.pin, state.off = pos.cnt, pos.pin, pos.off
        state.score, state.starter = pos.score, pos.starter
        if pos.games is not None:
            state.games = [GameResult(*g) for g in pos.games]
        if pos.opening is not None:
            state.last_opening = Opening(*pos.opening)
        if pos.side == "opening":
            state.phase, state.turn = "opening", 0
        elif pos.side in ("over", "next"):
            state.phase = pos.side
            result = state.game_result()
            assert result is not None  # parse_position checked that the points show a finished game
            if pos.side == "over":
                state.turn = 0 if pos.score[0] >= pos.target else 1
            else:
                state.turn = pos.starter if result.winner is None else result.winner
        else:
            state.turn = COLOURS.index(pos.side)
            state.phase = "roll" if pos.dice is None else "move"
            state.dice, state.left = pos.dice, pos.left
        return state

    @classmethod
    def from_json(cls, data: Any) -> PlakotoState:
        if not isinstance(data, dict) or data.get("game") != "plakoto":
            raise StateError(tr("not a Plakoto state"))
        state = cls.from_notation(data.get("position"))  # type: ignore[arg-type]
        games = data.get("games", [])
        if not isinstance(games, list):
            raise StateError(tr("'games' must be a list of finished games"))
        try:
            state.games = [GameResult(g["winner"], g["reason"], int(g["points"]), int(g["starter"]))
                           for g in games]
        except (KeyError, TypeError, ValueError) as exc:
            raise StateError(tr("bad finished-game entry in 'games': {entry}", entry=exc)) from None
        for g in state.games:
            if g.winner not in (0, 1, None) or g.reason not in ("borne_off", "mother", "tie"):
                raise StateError(tr("bad finished-game entry in 'games': {entry}", entry=g))
        opening = data.get("last_opening")
        if opening is not None:
            if (not isinstance(opening, list) or len(opening) != 2
                    or not all(isinstance(v, int) and 1 <= v <= 6 for v in opening)):
                raise StateError(tr("bad last opening roll {roll}", roll=repr(opening)))
            state.last_opening = Opening(opening[0], opening[1])
        if state.phase == "move" and not state.left:
            raise StateError(tr("a player is to move but no dice are left"))
        return state

    # -- presentation ------------------------------------------------------------------------------
    def describe_move(self, move: Move, names: Any = None) -> str:
        """The log's sentence. A step is written as the rules' move notation writes it, in the
        mover's own numbering (``24/21``, ``6/off``), as the hint and the review write it too,
        whichever way the board is turned. ``names``: the seats as the app names them (default
        White and Black). "Black: 24/18, pinning a white checker"."""
        name = names[self.turn] if names is not None and self.turn < len(names) else tr(NAMES[self.turn])

        if isinstance(move, Opening):
            w, b = move.white, move.black
            if w == b:
                return tr("Opening roll: both roll {n}; roll again", n=w)
            if w > b:
                return tr("Opening roll: White {white}, Black {black}; White starts", white=w, black=b)
            return tr("Opening roll: White {white}, Black {black}; Black starts", white=w, black=b)
        if isinstance(move, Roll):
            return tr("{name} rolls {high}-{low}", name=name, high=move.high, low=move.low)
        if isinstance(move, NextGame):
            return tr("Next game: {name} rolls first", name=name)
        if isinstance(move, Pass):
            if self.dice:
                return tr("{name} has no legal move with {high}-{low}", name=name, high=self.dice[0],
                          low=self.dice[1])
            return tr("{name} has no legal move", name=name)
        if isinstance(move, Step):
            if not move.to:
                text = tr("{name}: {point}/off, bearing a checker off", name=name, point=move.frm)
            else:
                text = tr("{name}: {frm}/{to}", name=name, frm=move.frm, to=move.to)
                top, count, pinned = self.point(self.absolute(move.to))
                if top is not None and top != self.turn:
                    text += tr(", pinning a white checker") if top == 0 else tr(", pinning a black checker")
            src_top, src_count, src_pinned = self.point(self.absolute(move.frm))
            if src_count == 1 and src_pinned is not None:
                text += (tr(", freeing the white checker below") if src_pinned == 0
                         else tr(", freeing the black checker below"))
            return text
        return str(move)

    def describe_turn(self, steps: list[Step], names: Any = None) -> str:
        """The log's one line for a whole turn played (so far) from this position, the dice
        rolled: "White 6-6: 24/18(4)", "Black 6-5: 13/7* 12/7, pinning a white checker" (what the
        turn changed: the pins made that hold when its steps are done, each starred, and the
        checkers freed), "White rolls 6-6" before
        any step. The steps are written as a backgammon player writes a turn (:func:`steps_text`)."""
        name = names[self.turn] if names is not None and self.turn < len(names) else tr(NAMES[self.turn])
        assert self.dice is not None
        high, low = self.dice
        if not steps:
            return tr("{name} rolls {high}-{low}", name=name, high=high, low=low)
        seat, other = self.turn, 1 - self.turn
        after, landed = self.copy(), []
        for step in steps:
            top = after.point(after.absolute(step.to))[0] if step.to else None
            landed.append(after.absolute(step.to) if top == other else None)
            after.apply_unchecked(step)

        def pinning(state: PlakotoState, p: int) -> bool:
            top, _, pinned = state.point(p)
            return top == seat and pinned == other

        stars = {k for k, p in enumerate(landed) if p is not None and pinning(after, p) and not pinning(self, p)}
        pins = sum(1 for p in range(1, 25) if pinning(after, p) and not pinning(self, p))
        freed = sum(1 for p in range(1, 25) if pinning(self, p) and not pinning(after, p))
        text = tr("{name} {high}-{low}: {moves}", name=name, high=high, low=low, moves=steps_text(steps, str, stars))
        white = other == 0  # (plural gives the "a checker" form for one)
        if pins:
            text += (plural(pins, tr(", pinning a white checker"), tr(", pinning {n} white checkers (2–4)", n=pins),
                            tr(", pinning {n} white checkers", n=pins)) if white else
                     plural(pins, tr(", pinning a black checker"), tr(", pinning {n} black checkers (2–4)", n=pins),
                            tr(", pinning {n} black checkers", n=pins)))
        if freed:
            text += (plural(freed, tr(", freeing the white checker below"),
                            tr(", freeing {n} white checkers below (2–4)", n=freed),
                            tr(", freeing {n} white checkers below", n=freed)) if white else
                     plural(freed, tr(", freeing the black checker below"),
                            tr(", freeing {n} black checkers below (2–4)", n=freed),
                            tr(", freeing {n} black checkers below", n=freed)))
        return text


def steps_text(steps: Sequence[Step], label: Callable[[int], str] = str, stars: Collection[int] = ()) -> str:
    """A turn's steps as a backgammon player writes them: one checker's steps in a row as one
    ("24/18 18/13" → "24/13"), the same move made again counted ("24/18(4)", "13/7(2) 8/2(2)"), a
    checker borne off as "6/off", in the order played. ``label`` numbers a point (the mover's own
    numbering by default); ``stars``: the steps (by index) whose pin holds, written "13/7*"
    ("24/22*(3)": three checkers went there, the first pinning; a checker never goes on from a
    point it pins: "24/18* 18/13" stays two moves)."""
    moves: list[list[int]] = []  # [from, to, star] of each checker moved
    for k, step in enumerate(steps):
        star = int(k in stars)
        going_on = [m for m in moves if m[1] == step.frm and m[1] and not m[2]]
        if going_on:
            going_on[-1][1:] = [step.to, star]
        else:
            moves.append([step.frm, step.to, star])
    counted: dict[tuple[int, int], list[int]] = {}  # (from, to): [how many, any starred]
    for frm, to, star in moves:
        seen = counted.setdefault((frm, to), [0, 0])
        seen[0], seen[1] = seen[0] + 1, seen[1] | star
    parts = []
    for (frm, to), (n, star) in counted.items():
        text = f"{label(frm)}/{label(to)}" if to else tr("{point}/off", point=label(frm))
        parts.append(text + ("*" if star else "") + (f"({n})" if n > 1 else ""))
    return " ".join(parts) if parts else tr("no move")


def new_state(setup: Any) -> PlakotoState:
    """A new match from a :class:`~tabletop.core.spec.Setup`."""
    options = setup.options
    return PlakotoState(int(options.get("match", 5)), str(options.get("pinned_home", "blocks")),
                        setup.first_player)

"""The Plakoto scene: the board from ``boards/plakoto.yaml``, the checkers, and the adapter that
turns clicks and drags into the core's legal steps.

Why it never builds moves: every source, target and step shown comes from filtering
``state.legal_moves()`` (steps that can still be completed into a legal whole turn), so the UI can
never offer something the rules would refuse, and forced play stays the core's business.

Orientation: the board is mirrored top↔bottom for Black, so each player sees the same picture of
his own game (home bottom right, start top right). With one human seat it faces him; with two the
"Flip board" button turns it by hand (flipping on every turn would confuse).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pygame

from tabletop.core import CHANCE
from tabletop.games.plakoto import scene_draw as sd
from tabletop.games.plakoto.notation import NAMES, on_point
from tabletop.games.plakoto.rules import PASS, NextGame, Opening, Pass, PlakotoState, Roll, Step
from tabletop.games.plakoto.scene_coach import CoachMixin
from tabletop.games.plakoto.scene_paint import (
    paint_board,
    paint_pin_picture,
    paint_preview,
    paint_static,
    same_board,
)
from tabletop.i18n import and_list, plural, tr
from tabletop.ui import theme
from tabletop.ui.game_scene import FORCED_WORDS, GameScene, PlayerRow
from tabletop.ui.results import ResultRow, ResultTable, table_text
from tabletop.ui.table import SeatPlace
from tabletop.ui.widgets import Button, LogEntry, Viewport

COLOURS = ("white", "black")
DRAG_PIXELS = 6
"""How far the mouse must travel with the button held before a press becomes a drag."""
REVIEW_HINT = "Review: the turns played against the best ones, the biggest errors first."
"""The result card's line over its buttons while the pointer is on Review."""
LOOK_BOARD_HINT = "Look at the board (backgammon board): this card closes; the Result button shows it again."
"""The result card's line while the pointer is on its first button (see ``look_words``)."""

Loc = tuple[str, int]
"""A place on the board: ("point", p) in White's numbering, or ("tray", seat)."""


def pip_count(state: PlakotoState, seat: int) -> int:
    """Points ``seat`` still has to travel to bear everything off (pinned checkers included)."""
    total = 0
    for p in range(1, 25):
        n = on_point(state.cnt, state.pin, p, seat)
        if n:
            total += n * (p if seat == 0 else 25 - p)
    return total


def fresh_game(state: PlakotoState) -> bool:
    """True before the first roll of a game: everyone still on his starting point."""
    return (state.phase in ("opening", "roll") and state.cnt[24] == 15 and state.cnt[1] == -15
            and state.off == [0, 0])


@dataclass
class TurnLog:
    """The log's line of the turn being played: whose turn, its dice, the position before its
    first step (``start``) and the steps so far (fewer after an undo)."""

    entry: LogEntry | None
    seat: int
    dice: tuple[int, int] | None
    start: Any = None
    steps: list[Step] = field(default_factory=list)

    def goes_on(self, before: PlakotoState) -> bool:
        """Whether a step from ``before`` is one more of this turn (the steps taken back since
        the last one dropped); the first step sets ``start``."""
        if before.phase != "move" or before.turn != self.seat or before.dice != self.dice:
            return False
        if self.start is None:
            self.start, self.steps = before.copy(), []
        done = len(self.start.left) - len(before.left)
        if not 0 <= done <= len(self.steps):
            return False
        del self.steps[done:]
        return True


class PlakotoScene(CoachMixin, GameScene):
    """Plakoto on the shared game frame, with the hint and the game review (``scene_coach``)."""

    title = "Plakoto"
    _turn_log: TurnLog | None = None  # set as the log is written (resuming writes it in GameScene's __init__)

    def __init__(self, app: Any, session: Any, layout: Any) -> None:
        super().__init__(app, session, layout)
        humans = [i for i, s in enumerate(self.seats) if s.is_human]
        # at a table the board lies as it is, White at the bottom edge and Black at the top
        self.flipped = len(humans) == 1 and humans[0] == 1 and not app.table_mode
        self.selected: int | None = None      # source point, mover's numbering
        self.pressed_on_selected = False       # a click on the selected checker toggles it off
        self.drag_start: tuple[int, int] | None = None
        self.drag_pos: tuple[int, int] | None = None
        self.hover: Loc | None = None
        self.choice: tuple[int, int, list[tuple[Step, ...]], int] | None = None  # (from, to, ways, shown)
        self._routes: tuple[tuple[int, int | None], dict[int, list[tuple[Step, ...]]]] = ((-1, None), {})
        self._games_seen = len(self.state.games)
        self.init_coach()

    # -- geometry ------------------------------------------------------------------------------------
    @property
    def lay(self) -> Any:
        return self.layout_data

    def board_box(self) -> tuple[float, float, float, float]:
        return sd.frame_rect(self.lay)

    def geom(self, vp: Viewport | None = None) -> sd.BoardGeom | None:
        vp = vp or self.viewport
        return sd.BoardGeom(self.lay, vp, self.flipped) if vp is not None else None

    def bottom_seat(self) -> int:
        return 1 if self.flipped else 0

    def hit(self, pos: tuple[float, float]) -> Loc | None:
        """The point or tray under the logical position ``pos`` (as the frame passes it: not yet
        mirrored)."""
        g = self.geom()
        if g is None:
            return None
        x, y = pos[0], g.mirror(pos[1])
        for seat, (tx, ty, tw, th) in enumerate(self.lay.trays):
            if tx <= x <= tx + tw and ty <= y <= ty + th:
                return ("tray", seat)
        fx, fy, fw, fh = self.lay.field
        mid = fy + fh / 2
        margin = self.lay.radius
        for geom in self.lay.points:
            half = max(geom.width / 2, self.lay.radius)
            if abs(x - geom.base[0]) > half:
                continue
            if geom.direction == "up" and mid <= y <= geom.base[1] + margin:
                return ("point", geom.number)
            if geom.direction == "down" and geom.base[1] - margin <= y <= mid:
                return ("point", geom.number)
        return None

    # -- what the core allows now ----------------------------------------------------------------------
    def steps(self) -> list[Step]:
        if not self.human_to_move():
            return []
        return [m for m in self.state.legal_moves() if isinstance(m, Step)]

    def sources(self) -> set[int]:
        """Points (mover's numbering) whose top checker has a legal step."""
        return {m.frm for m in self.steps()}

    def targets(self) -> set[int]:
        """Where the selected checker may end (mover's numbering, 0 = bear off): one die's step,
        or several dice on this checker in one gesture (their sum, the points on the way open)."""
        if self.selected is None or not self.human_to_move():
            return set()
        return set(self.routes())

    def routes(self) -> dict[int, list[tuple[Step, ...]]]:
        """The selected checker's final points → the core's step sequences to each (cached)."""
        key = (self.state_version, self.selected)
        if self._routes[0] != key:
            self._routes = (key, self.state.routes(self.selected) if self.selected is not None else {})
        return self._routes[1]

    def ways(self, frm: int, to: int) -> list[tuple[Step, ...]]:
        """The ways to play ``frm`` to ``to`` that a player would tell apart: one die if one does
        it; else one sequence per different set of checkers pinned on the way (orders that do the
        same are one way)."""
        direct = self.state.find_move(frm, to)
        if direct is not None:
            return [(direct,)]
        out: dict[tuple[int, ...], tuple[Step, ...]] = {}
        for route in self.routes().get(to, []) if frm == self.selected else self.state.routes(frm).get(to, []):
            out.setdefault(self.state.route_pins(route), route)
        return list(out.values())

    def loc_of(self, mover_point: int) -> Loc:
        state = self.state
        if mover_point == 0:
            return ("tray", state.turn)
        return ("point", state.absolute(mover_point))

    def mover_point(self, loc: Loc | None) -> int | None:
        """``loc`` in the mover's numbering (0 for his own tray), or None."""
        if loc is None or self.state.phase != "move":
            return None
        kind, n = loc
        if kind == "tray":
            return 0 if n == self.state.turn else None
        return self.state.absolute(n)

    def pass_only(self) -> bool:
        return self.human_to_move() and self.state.legal_moves() == [PASS]

    # -- the adapter -----------------------------------------------------------------------------------
    def board_click(self, pos: tuple[float, float], event: pygame.event.Event) -> None:
        if not self.human_to_move() or self.queued:
            return
        q = self.mover_point(self.hit(pos))
        if q is None:
            self.cancel_selection()
            return
        if self.choice is not None and q == self.choice[1]:
            self.next_choice()
            return
        if self.selected is not None and q in self.targets():
            self._play_step(self.selected, q)
            return
        if q in self.sources():
            self.pressed_on_selected = self.selected == q
            self.selected = q
            self.drag_start = tuple(event.pos)
            self.drag_pos = None
            return
        self.cancel_selection()

    def board_release(self, pos: tuple[float, float], event: pygame.event.Event) -> None:
        dragged = self.drag_pos is not None
        start = self.drag_start
        self.drag_start = self.drag_pos = None
        if start is None or self.selected is None or not self.human_to_move():
            return
        q = self.mover_point(self.hit(pos))
        if dragged and q is not None and q in self.targets():
            self._play_step(self.selected, q)
        elif not dragged and self.pressed_on_selected and q == self.selected:
            self.cancel_selection()  # a second click on the selected checker puts it down

    def board_motion(self, pos: tuple[float, float], event: pygame.event.Event) -> bool:
        changed = False
        buttons = getattr(event, "buttons", (0, 0, 0))
        if self.drag_start is not None:
            if not buttons or not buttons[0]:
                self.drag_start = self.drag_pos = None  # released outside the board
                changed = True
            else:
                p = tuple(event.pos)
                if self.drag_pos is not None or (abs(p[0] - self.drag_start[0]) + abs(p[1] - self.drag_start[1])
                                                 > DRAG_PIXELS):
                    self.drag_pos = p  # type: ignore[assignment]
                    changed = True
        loc = self.hit(pos)
        if loc != self.hover:
            self.hover = loc
            changed = True
        return changed

    def _play_step(self, frm: int, to: int) -> None:
        """Play ``frm`` → ``to``: one die, or the dice on the way one after another (each slides);
        when the orders differ (a pin on the way or not) the player picks the way first."""
        ways = self.ways(frm, to)
        self.drag_start = self.drag_pos = None
        if len(ways) > 1:
            self.choice = (frm, to, ways, 0)
            return
        self.selected = None
        if ways:
            self._play_route(ways[0])

    def _play_route(self, route: tuple[Step, ...]) -> None:
        self.choice = None
        if route and route[0] in self.state.legal_moves() and self.play(route[0]):
            self.queued = list(route[1:])
        self.selected = None

    def next_choice(self) -> None:
        if self.choice is not None:
            frm, to, ways, i = self.choice
            self.choice = (frm, to, ways, (i + 1) % len(ways))
            self.dirty = True

    def confirm_choice(self) -> None:
        if self.choice is not None:
            self._play_route(self.choice[2][self.choice[3]])

    def way_text(self, route: tuple[Step, ...]) -> str:
        """ "13->7->5, pins on 7": the points in the mover's numbering, and the pins on the way."""
        pts = [route[0].frm] + [s.to for s in route]
        text = "->".join(self.point_label(p) for p in pts)
        pins = self.state.route_pins(route)
        if pins:
            return tr("{route}, pins on {points} on the way", route=text,
                      points=and_list([self.point_label(p) for p in pins]))
        return tr("{route}, no pin on the way", route=text)

    def point_label(self, mover_point: int) -> str:
        """A point in the mover's numbering, as the move notation, the log and the hint write it."""
        if mover_point == 0:
            return tr("off (bear off)")
        return str(mover_point)

    def pass_turn(self) -> None:
        if self.pass_only():
            self.play(PASS)

    def cancel_selection(self) -> bool:
        had = self.selected is not None or self.drag_start is not None or self.choice is not None
        if self.choice is not None:
            self.choice = None
            self.drag_start = self.drag_pos = None
            return True
        self.selected = None
        self.drag_start = self.drag_pos = None
        self.pressed_on_selected = False
        return had

    def flip_board(self) -> None:
        if self.app.table_mode:
            return  # the players sit at their edges: the board is not turned round under them
        self.flipped = not self.flipped
        self.invalidate_static()

    # -- table mode --------------------------------------------------------------------------------
    def table_places(self) -> list[SeatPlace]:
        """White at the bottom edge, Black at the top (the board as it lies), each strip at the end
        of his edge nearest his home board (where he bears off)."""
        fx, _, fw, _ = self.lay.field
        centre = fx + fw / 2
        white = "right" if self.lay.point(1).base[0] >= centre else "left"
        black = "right" if self.lay.point(24).base[0] >= centre else "left"
        return [SeatPlace("bottom", white), SeatPlace("top", black)]

    def numbers_facing(self) -> int:
        """Table mode: the seat whose numbering the points are printed in: the one on turn. Each
        edge's numbers face the player at that edge (White at the bottom, Black at the top), as
        Trap the Cap's hideout words face their owner's edge: nobody reads his own edge upside down.
        While a checker is still on its way, the one who moved it (``shown_acting``): the numbers
        turned to the next player before it had arrived, as his strip was lit too soon."""
        seat = self.shown_acting()
        return seat if seat in (0, 1) else self.state.turn

    def on_state_changed(self) -> None:
        self.cancel_selection()
        self._log_results(self._games_seen, self.state)
        self._games_seen = len(self.state.games)

    def _log_results(self, seen: int, state: PlakotoState) -> None:
        """A line for each game of the match that ended after the first ``seen``, with the score
        then: the replay's To the end passes several game ends at once, and each said the final
        score ("White wins the game…, Match to 3 — White 2, Black 3" when it made it 2–1)."""
        score = state.score_before_games()
        for k, result in enumerate(state.games):
            if result.winner in (0, 1):
                score[result.winner] += result.points
            if k >= seen:
                self.log.add(f"{result.text}. {self.match_line(state, tuple(score))}", theme.ACCENT_DARK)

    def log_resumed_move(self, before: Any, move: Any, mover: int | None, after: Any) -> None:
        """A resumed match's log has its earlier games' results again, each where it ended."""
        super().log_resumed_move(before, move, mover, after)
        self._log_results(len(before.games), after)

    def can_undo(self) -> bool:
        """Never take back the move that ended a game of the match (the next game has begun)."""
        before = self.session.previous_state()
        return super().can_undo() and before is not None and len(before.games) == len(self.state.games)

    # -- the frame's hooks -------------------------------------------------------------------------------
    def roller(self) -> int | None:
        """Who clicks the dice; at a finished game of the match (``next``) a person at the table
        goes on when he has seen the end (computers alone go on by themselves)."""
        state = self.state
        if state.phase in ("opening", "next"):
            humans = [i for i, s in enumerate(self.seats) if s.is_human]
            return humans[0] if humans else (0 if state.phase == "opening" else state.turn)
        return state.turn

    def roll_word(self) -> str:
        return "next game" if self.state.phase == "next" else "roll"

    def shows_dice(self) -> bool:
        return self.state.phase != "next"

    def dice_to_roll(self) -> int:
        return 2  # the opening roll too: one die each

    def dice(self) -> list[tuple[int, bool]]:
        state = self.state
        if state.dice is not None:
            high, low = state.dice
            full = [high] * 4 if high == low else [high, low]
            left = list(state.left)
            shown = []
            for v in full:
                if v in left:
                    left.remove(v)
                    shown.append((v, False))
                else:
                    shown.append((v, True))
            # unused dice first, so the dimmed ones read as "spent"
            return sorted(shown, key=lambda d: d[1])
        if self._opening_shown():
            opening = state.last_opening
            return [(opening.white, False), (opening.black, False)]
        return []

    def _opening_shown(self) -> bool:
        state = self.state
        return state.dice is None and state.last_opening is not None and fresh_game(state) and not state.games

    def dice_owners(self) -> list[int]:
        """The opening roll: the first die is White's, the second Black's."""
        return [0, 1] if self._opening_shown() else []

    def prompt(self) -> str:
        state = self.state
        dice = state.dice
        if self.pass_only():
            if dice and self.forced() is not None:
                return tr("no legal move with {high}-{low}: the turn passes…", high=dice[0], low=dice[1])
            if dice and self.app.table_mode:
                return tr("no legal move with {high}-{low}: tap \"Pass\".", high=dice[0], low=dice[1])
            if dice:
                return tr("no legal move with {high}-{low}: click \"Pass\".", high=dice[0], low=dice[1])
            return tr("no legal move: pass.")
        left = and_list([str(d) for d in state.left])
        if self.forced() is not None:
            return tr(FORCED_WORDS)
        if self.queued:
            return tr("moving the checker on…")
        if self.choice is not None:
            _, _, ways, i = self.choice
            if self.app.table_mode:
                return tr("way {k} of {n}: {way}. Tap the point again for the other way, or Confirm.",
                          k=i + 1, n=len(ways), way=self.way_text(ways[i]))
            return tr("way {k} of {n}: {way}. Click the point again for the other way, or Confirm.",
                      k=i + 1, n=len(ways), way=self.way_text(ways[i]))
        if self.app.table_mode:
            if self.selected is not None:
                if 0 in self.targets():
                    return tr("tap a lit point or your tray to bear off (or drag there); {left} left.", left=left)
                return tr("tap a lit point (or drag there); {left} left.", left=left)
            if len(state.left) == 1:
                return tr("tap a checker to move (die {left}).", left=left)
            return tr("tap a checker to move (dice {left}).", left=left)
        if self.selected is not None:
            if 0 in self.targets():
                return tr("click a lit point or your tray to bear off (or drag there); {left} left.", left=left)
            if any(len(w[0]) > 1 for w in self.routes().values() if w):
                return tr("click a lit point (or drag there): the farther ones play more dice at once; {left} left.",
                          left=left)
            return tr("click a lit point (or drag there); {left} left.", left=left)
        if len(state.left) == 1:
            return tr("click a checker to move (die {left}).", left=left)
        return tr("click a checker to move (dice {left}).", left=left)

    def prompt_line(self) -> str:
        state = self.state
        cp = state.current_player
        result = state.game_result()
        if cp is None and state.single_game and result is not None:  # no match to speak of
            return self.game_over_line(result.text)
        if cp is None:  # the match's winner, not only the last game's
            outcome = state.outcome()
            if outcome is not None and outcome.winners:
                winner = outcome.winners[0]
                return tr("Match over.") + " " + tr("{who} wins the match {won}–{lost}.", who=self.who(winner),
                                                    won=state.score[winner], lost=state.score[1 - winner])
            return tr("Match over.") + " " + (result.text + "." if result else "")
        if state.phase == "next" and result is not None:
            head = self.game_over_line(result.text) + f" {self.score_text()}. "
            if self.seat_is_human(self.roller()) and self.app.table_mode:
                return head + tr("Tap \"Next game\" to go on.")
            if self.seat_is_human(self.roller()):
                return head + tr("Click \"Next game\" (or press Space) to go on.")
            return head + tr("The next game starts…")
        head = ""
        if state.games and fresh_game(state):
            head = f"{state.games[-1].text}. {self.score_text()}. "
        if cp == CHANCE:
            roller = self.roller()
            human = roller is not None and self.seat_is_human(roller)
            if state.phase == "opening":
                opening = state.last_opening
                tie = (tr("Both rolled {n}: roll again.", n=opening.white)
                       if opening and opening.white == opening.black
                       else tr("Opening roll, one die each: the higher starts."))
                if self.app.table_mode:
                    return tie + " " + (tr("Tap the dice.") if human else "")
                return tie + " " + (tr("Click the dice or press Space.") if human else "")
            who = self.who(state.turn)
            if state.last_opening and fresh_game(state) and not state.games:
                o = state.last_opening
                head = (tr("White {white}, Black {black}: White starts.", white=o.white, black=o.black)
                        if state.turn == 0 else
                        tr("White {white}, Black {black}: Black starts.", white=o.white, black=o.black)) + " "
            if human and self.app.table_mode:
                return head + tr("{who}: tap the dice to roll.", who=who)
            if human and head:  # after a finished game: a shorter hint in long languages
                return head + tr("{who}: roll (click the dice or press Space).", who=who)
            if human:
                return head + tr("{name}: roll (click the dice or press Space).", name=who)
            return head + tr("{who} rolls…", who=who)
        if not self.seat_is_human(cp):
            return tr("{who} is thinking…", who=self.who(cp))
        return f"{self.who(cp)}: {self.prompt()}"

    @staticmethod
    def game_over_line(result: str) -> str:
        """"Game over: White wins the game by bearing off, 1 point." -- or, for a result with a
        colon of its own (the tie, "Both mothers are pinned: the game is a tie"), two sentences,
        not two colons in a row."""
        if ": " in result:
            return tr("Game over. {result}.", result=result)
        return tr("Game over: {result}.", result=result)

    def table_prompts(self) -> list[str]:
        """At a table, between two games of a match: the result and the score without the "tap
        Next game" (the lit button under it says so), then the result alone, for a strip with
        less room (a small screen, longer languages)."""
        forms = super().table_prompts()
        result = self.state.game_result()
        if self.state.phase == "next" and result is not None:
            head = self.game_over_line(result.text)
            forms += [f"{head} {self.score_text()}.", head]
        return forms

    def who(self, seat: int) -> str:
        return self.seat_name(seat)

    def moving_words(self, seat: int) -> str:
        """"Black moves…" while the checker is still on its way, with the plural verb the sides
        take in Russian («Чёрные ходят…»; the frame's words said «Чёрные ходит…»)."""
        return tr("{who} moves…", who=self.who(seat))

    def seat_colour_word(self, seat: int) -> str:
        """A seat is called by its checkers' colour everywhere: "White", "Black"."""
        return tr(NAMES[seat])

    # -- the log, the motion and the outline of a move ------------------------------------------------
    def option_values(self) -> dict[str, str]:
        """Read from the state: a position sets the match length and the home rule too."""
        return {"match": str(self.state.target), "pinned_home": self.state.home_rule}

    def option_phrase(self, option: Any, value: str) -> str:
        """The match's length as the panel says it: "Match to 3" ("Match to: 3" read as a form's
        field), and a match to 1 is a single game."""
        if option.key == "match":
            return tr("Single game") if value == "1" else tr("Match to {target}", target=value)
        return super().option_phrase(option, value)

    def describe(self, before: Any, move: Any) -> str:
        """The log's line: a step in the mover's own numbering, as the hint and the review write it."""
        names = [self.seat_name(s) for s in (0, 1)]
        return before.describe_move(move, names)

    def log_move(self, before: Any, move: Any, mover: int | None) -> None:
        """A turn is one line, written again at each step: "White rolls 6-6", then "White 6-6:
        24/18", ..., "White 6-6: 24/18(4)" (``describe_turn``; a pass: "White has no legal move
        with 6-6"). The opening roll and the step to the next game of a match are both players'
        (no one's piece before them: the person who clicks on is not the one the line names)."""
        if isinstance(move, Opening | NextGame):
            self._turn_log = None
            super().log_move(before, move, None)
        elif isinstance(move, Roll):
            self._turn_log = TurnLog(self._log_line(mover, self.describe(before, move)), before.turn,
                                     (move.high, move.low))
        elif isinstance(move, Step | Pass):
            turn = self._turn_log
            if turn is None or not turn.goes_on(before):  # the dice were rolled before the log began
                turn = self._turn_log = TurnLog(None, before.turn, before.dice)
                turn.goes_on(before)
            if isinstance(move, Step):
                turn.steps.append(move)
                text = turn.start.describe_turn(turn.steps, [self.seat_name(s) for s in (0, 1)])
            else:
                text = self.describe(before, move)
            if turn.entry is None or not self.log.rewrite(turn.entry, text):
                turn.entry = self._log_line(mover, text)
        else:
            super().log_move(before, move, mover)

    def look_words(self) -> tuple[str, str]:
        """A backgammon board is a «доска» in Russian: «Показать доску» (the frame's «Показать
        поле» suits the other games' boards)."""
        return tr("Look at the board (backgammon board)"), tr(LOOK_BOARD_HINT)

    def undo(self) -> None:
        """A step taken back leaves the turn's line: it shows the steps still played, or the roll
        alone ("White 6-5: 24/18 24/19" stayed over "Move taken back." until the next step wrote
        it again, as if the undone step still stood)."""
        played = len(self.session.played)
        super().undo()
        turn = self._turn_log
        if len(self.session.played) == played or turn is None or turn.entry is None or turn.start is None:
            return
        if not turn.goes_on(self.state):  # the state is no longer within this turn's steps
            return
        if turn.steps:
            text = turn.start.describe_turn(turn.steps, [self.seat_name(s) for s in (0, 1)])
        else:
            text = self.describe(self.state, Roll(*turn.dice))
        self.log.rewrite(turn.entry, text, in_place=True)

    def chance_time(self, move: Any, owner: int | None) -> float:
        """Going on to the next game of the match rolls nothing: no tumble to wait for."""
        return 0.0 if isinstance(move, NextGame) else super().chance_time(move, owner)

    def slide_steps(self, before: Any, move: Any) -> float:
        """A checker's slide lasts longer the farther it goes (a die of 6 about twice a 1)."""
        return 1.6 + 0.3 * move.die if isinstance(move, Step) else 1.0

    def show_effects(self, before: Any, move: Any, delay: float) -> None:
        """A pin, a freed checker and a checker borne off are marked where they happen."""
        if not isinstance(move, Step) or not same_board(before, self.state):
            return
        g = self.geom()
        if g is None:
            return
        if move.to:
            p = before.absolute(move.to)
            top, count, _ = before.point(p)
            if top is not None and top != before.turn:
                self.effects.mark(("point", p), tr("Pinned!"), sd.PIN_RED, delay)
        src_top, src_count, src_pinned = before.point(before.absolute(move.frm))
        if src_count == 1 and src_pinned is not None:
            self.effects.mark(("point", before.absolute(move.frm)), tr("Freed"), theme.GOOD, delay * 0.3)
        if not move.to:
            self.effects.pop(("tray", before.turn), tr("Borne off!"), theme.GOOD, delay)

    def effect_px(self, at: Any) -> tuple[float, float]:
        """Where a marker stands: the top checker of a point, or a tray's middle (a pop rises from
        there: from the last checker of a full lower tray it rose into the other seat's tray)."""
        g = self.geom()
        if g is None:
            return (0.0, 0.0)
        kind, n = at
        if kind == "tray":
            return g.rect(g.layout.trays[n]).center
        top, count, pinned = self.state.point(n)
        _, tops = g.stack(self.lay.point(n), max(1, count), pinned is not None)
        return g.px(*tops[min(len(tops), max(1, count)) - 1])

    def forced_move(self) -> Any:
        """When only one legal way to play the rest of the roll exists (or none: a pass), its next
        step; the frame plays it after a short pause."""
        state = self.state
        if state.phase != "move":
            return None
        legal = state.legal_moves()
        if legal == [PASS]:
            return PASS
        turns = state.legal_turns()
        if len(turns) == 1 and turns[0].steps:
            return turns[0].steps[0]  # spelt as legal_moves offers it (rules._as_offered)
        return None

    def score_text(self, state: PlakotoState | None = None, score: tuple[int, int] | None = None) -> str:
        s = score if score is not None else (state or self.state).score
        return tr("White {white}, Black {black}", white=s[0], black=s[1])

    def turn_seat(self) -> int | None:
        """Whose turn the players list lights: the one who moves, or rolls for his turn; nobody
        at the opening roll or between the games of a match (one person rolls there for both)."""
        state = self.state
        if state.current_player == CHANCE:
            return state.turn if state.phase == "roll" else None
        return state.current_player

    def match_line(self, state: PlakotoState | None = None, score: tuple[int, int] | None = None) -> str:
        """The match and its score, now or at ``state`` (a resumed log's earlier game), or the
        ``score`` given (the score after an earlier game of ``state``'s match)."""
        state = state or self.state
        if state.single_game:  # a single game: no match to speak of ("Match to 1 — White 2")
            return tr("Single game — {score}", score=self.score_text(state, score))
        return tr("Match to {target} — {score}", target=state.target, score=self.score_text(state, score))

    def player_rows(self) -> list[PlayerRow]:
        state = self.state
        rows = [PlayerRow(-1, self.match_line(), "")]
        for seat in (0, 1):
            style = self.lay.checkers[seat]
            n = pip_count(state, seat)
            pips = plural(n, tr("{n} pip", n=n), tr("{n} pips", n=n), tr("{n} pips", n=n))
            if self.app.table_mode:  # no caption row at the table edges: the score goes with the pips
                pips = tr("{score} of {target} pts · {pips}", score=state.score[seat], target=state.target, pips=pips)
            rows.append(PlayerRow(seat, self.seat_name(seat), COLOURS[seat], pips,
                                  rgb=style.fill, symbol={"ring": "circle", "none": ""}.get(style.symbol, style.symbol),
                                  active=seat == self.shown_turn()))
        return rows

    def extra_buttons(self) -> list[Button]:
        buttons = self.coach_buttons()
        if self.pass_only() and self.forced() is None:
            buttons.append(Button(tr("Pass — no legal move"), self.pass_turn, primary=True))
        if self.choice is not None:
            _, _, ways, i = self.choice
            buttons.append(Button(tr("Confirm way {k} of {n}", k=i + 1, n=len(ways)), self.confirm_choice,
                                  primary=True, key="Enter"))
            buttons.append(Button(tr("Next way"), self.next_choice, key="Tab"))
        if not self.app.table_mode:
            buttons.append(Button(tr("Flip board"), self.flip_board, key="F"))
        return buttons

    def result_buttons(self) -> list[Button]:
        """After "Look at the board": Review beside Result and Play again, as on the end card (R
        alone, with no button, was known only to those who had read the card)."""
        buttons = super().result_buttons()
        if self.replay_viewer is None and self.review_available():
            buttons.append(Button(tr("Review"), self.open_review, key="R"))
        return buttons

    def key(self, event: pygame.event.Event) -> None:
        if self.coach_key(event):
            return
        if event.key == pygame.K_f and not event.mod & pygame.KMOD_CTRL:
            self.flip_board()
            return
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.choice is not None:
            self.confirm_choice()
            return
        if event.key == pygame.K_TAB and self.choice is not None:
            self.next_choice()
            return
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.pass_only():
            self.pass_turn()
            return
        super().key(event)

    def result_text(self, outcome: Any) -> str:
        if outcome is None:
            return ""
        return table_text(self.result_table(outcome))

    def menu_result(self) -> str:
        """The menu's last game, told after it: "White won a double game (2 points)", "Black
        won the match 4–0" (the points already say the score: no second bracket of them)."""
        state = self.state
        outcome = state.outcome()
        if outcome is None or not outcome.winners:
            return self.result_summary()
        winner = outcome.winners[0]
        who = self.who(winner)
        if not state.single_game:
            return tr("{who} won the match {won}–{lost}", who=who, won=state.score[winner], lost=state.score[1 - winner])
        if state.score[winner] >= 2:
            return tr("{who} won a double game (2 points)", who=who)
        return tr("{who} won the game (1 point)", who=who)

    def result_table(self, outcome: Any) -> ResultTable:
        """The match: each colour's games won (how, for how many points) and the match score."""
        state = self.state
        winner = outcome.winners[0] if outcome.winners else 0
        single = state.single_game
        if single:  # a single game: "wins a double game", not "the match 2-0"
            head = (tr("{who} wins a double game (2 points).", who=self.who(winner)) if state.score[winner] >= 2
                    else tr("{who} wins the game (1 point).", who=self.who(winner)))
        else:
            head = tr("{who} wins the match {won}–{lost}.", who=self.who(winner), won=state.score[winner],
                      lost=state.score[1 - winner])
        rows = []
        for seat in (0, 1):
            games = [(k + 1, g) for k, g in enumerate(state.games) if g.winner == seat]
            how = ", ".join(tr("game {k}: {points} ({how})", k=k, points=g.points,
                               how=tr("mother pinned") if g.reason == "mother" else tr("borne off"))
                            for k, g in games) or "—"
            style = self.lay.checkers[seat]
            rows.append(ResultRow(seat, self.seat_name(seat), style.fill,
                                  {"ring": "circle", "none": ""}.get(style.symbol, style.symbol),
                                  (str(len(games)), how, self._score_cell(seat)),
                                  winner=seat == winner, role=self.seat_role(seat)))
        ties = sum(1 for g in state.games if g.winner is None)
        notes = (tr("Games played: {n}.", n=len(state.games)) + (" " + tr("Tied games: {n}.", n=ties) if ties else ""),)
        if single and len(state.games) == 1:  # the banner and the row already say it all
            notes = ()
        earlier = state.score_before_games()
        if any(earlier) and not single:  # a match begun from a position: its earlier games are not here
            notes = (*notes, tr("The record began at {white}–{black}; the games before it are not listed.",
                                white=earlier[0], black=earlier[1]))
        result = state.game_result()
        if result is not None and notes:
            notes = (tr("Last game: {game}.", game=result.text), *notes)
        review = (tr("Review"), self.review_from_card, tr(REVIEW_HINT))
        return ResultTable(head, "", (tr("Games won"), tr("Game points"), tr("Points") if single else tr("Match score")),
                           tuple(rows), notes, actions=(review,))

    def _score_cell(self, seat: int) -> str:
        """A seat's score on the result card: "3 of 5"; past the target "6 (5 needed)", not "6 of
        5"; in a single game just the points."""
        score, target = self.state.score[seat], self.state.target
        if self.state.single_game:
            return str(score)
        if max(self.state.score) > target:  # both alike: "4 (3 needed)" beside "1 (3 needed)"
            return tr("{score} ({target} needed)", score=score, target=target)
        return tr("{score} of {target}", score=score, target=target)

    def move_sound(self, before: Any, move: Any) -> str:
        if isinstance(move, Step) and move.to:
            top, count, _ = before.point(before.absolute(move.to))
            if top is not None and top != before.turn and count == 1:
                return "capture"  # a pin
        return "move"

    def chance_sound(self, move: Any) -> str:
        return "click" if isinstance(move, NextGame) else "dice"

    # -- drawing -------------------------------------------------------------------------------------
    def draw_row_piece(self, surface: pygame.Surface, centre: tuple[float, float], radius: float,
                       row: PlayerRow) -> None:
        """Checkers in the board's own look in the players list."""
        style = self.lay.checkers[row.seat]
        sd.blit_checker(surface, (int(centre[0]), int(centre[1])), max(4, int(radius)), style.fill, style.edge,
                        style.symbol)

    def draw_board_static(self, surface: pygame.Surface, vp: Viewport) -> None:
        paint_static(self, surface, vp)

    @classmethod
    def draw_preview(cls, surface: pygame.Surface, rect: pygame.Rect, layout: Any, state: Any,
                     text_size: int) -> bool:
        paint_preview(surface, rect, layout, state, text_size)
        return True

    @classmethod
    def draw_rules_picture(cls, surface: pygame.Surface, rect: pygame.Rect, spec: Any, layout: Any,
                           text_size: int) -> str:
        """A real step of a seeded game that lands on a lone rival checker: the pin."""
        from tabletop.core import Setup
        from tabletop.ui.moments import find_moment

        state = spec.new_state(Setup(2, spec.default_variant, spec.parse_options(spec.default_variant, {}),
                                     layout, 0))

        def pins(position: Any, move: Any) -> bool:
            if not isinstance(move, Step) or not move.to:
                return False
            top, count, pinned = position.point(position.absolute(move.to))
            return top is not None and top != position.turn and count == 1 and pinned is None

        found = find_moment(state, pins)
        if found is None or not isinstance(found[1], Step):
            return ""
        position, step = found
        paint_pin_picture(surface, rect, layout, position, step, text_size)
        if pins(position, step):
            return tr("With a {n}, this checker moves {n} points and lands on a lone rival checker: it pins "
                      "it. A pinned checker cannot move until the one on top of it leaves.", n=step.die)
        return tr("With a {n}, this checker moves {n} points toward home.", n=step.die)

    def draw_board(self, surface: pygame.Surface, vp: Viewport) -> None:
        paint_board(self, surface, vp)
        self.paint_hint(surface, vp)

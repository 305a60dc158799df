"""The frame every game scene stands in: the side panel (players, dice, prompt, buttons, log),
computer players in a worker thread, rolling, undo, autosave, rules and game-over overlays.

A game's scene subclasses :class:`GameScene` and supplies only what is its own: the board's
logical box, drawing the board, turning clicks into moves *by asking its rules core*, the prompt
text and the panel rows. It changes the game only through :meth:`GameScene.play`.
"""

from __future__ import annotations

import functools
import math
import random
import time
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from tabletop import finished_games
from tabletop.core import CHANCE
from tabletop.core.errors import IllegalMoveError
from tabletop.core.session import Session
from tabletop.i18n import LANGUAGES, and_list, in_language, language, plural, tr, tr_value
from tabletop.launch import Seat, player_moves, seats_of
from tabletop.layout.reloader import BoardReloader
from tabletop.ui import draw, theme
from tabletop.ui.effects import PREFIX as FX_PREFIX
from tabletop.ui.effects import Effects
from tabletop.ui.results import ResultOverlay, ResultTable, default_table, game_over_text
from tabletop.ui.scene import Scene
from tabletop.ui.table_frame import TableModeMixin
from tabletop.ui.timers import Timers
from tabletop.ui.turn_shown import TurnShownMixin
from tabletop.ui.widgets import (
    Button,
    ButtonRow,
    LogEntry,
    LogPanel,
    TapGuard,
    Viewport,
    row_buttons,
    stack_buttons,
)

if TYPE_CHECKING:
    from tabletop.app import App

AI_PAUSE = 0.6       # seconds a computer's move is held before the next (normal pace), to be followed
RESULT_KEY_DELAY = 1.0  # the result card ignores keys this long: the Space that played must not close it
ROLL_TIME = 0.6      # dice tumble and land
MOVE_TIME = 0.22     # seconds per step of a sliding piece (a game says how many steps a move takes)
DEAL_TIME = 0.08     # one card of a deal nobody rolls for (setting up a game)
ROLE_FORMS = 4      # the players list's forms of a computer's role (GameScene.role_text)
# the result card's line over its buttons: how Play again and New game differ (side by side they
# did not say), and each button's own hint while the pointer is on it
AGAIN_OR_NEW = "Play again: the same players and options. New game: choose them first in the menu."
PLAY_AGAIN_HINT = "Play again: a new game at once, with the same players and options."
NEW_GAME_HINT = "New game: this game's page in the menu, to change the players or options before Start."
LOOK_HINT = "Look at the board: this card closes; the Result button shows it again."
MENU_HINT = "Menu: another game, a saved game or the settings."
FORCED_PAUSE = 0.7   # a forced move waits this long, visibly, before it plays itself
FORCED_WORDS = "only one way to play — it plays itself…"
PACES = {"slow": 1.8, "normal": 1.0, "fast": 0.45}
OFF_BOARD = (-1e9, -1e9)  # a logical position on no board: what a pointer leaving the board points at
"""Computer pace: how much longer (or shorter) a computer's pause and slides are than a person's."""
ANIMATIONS = ("roll", "move")  # the timers a click skips (with the markers); the computer's pause stays


@dataclass
class PlayerRow:
    """One line of the players list."""

    seat: int
    name: str
    colour: str
    detail: str = ""
    active: bool = False
    out: bool = False
    rgb: tuple[int, int, int] | None = None  # the game's own colour (its board file), else the palette's
    symbol: str = ""                         # the game's own symbol, else the palette's
    role: str = ""                           # "you", "computer, easy": drawn small after the name

    def style(self) -> theme.PlayerStyle:
        """The row's colour and symbol: a game whose board file names them keeps them here too."""
        st = theme.style(self.colour)
        return theme.PlayerStyle(st.name, self.rgb or st.rgb, self.symbol or st.symbol)


def _agent_choose(agent: Any, observation: Any, seed: int) -> Any:
    return agent.choose(observation, random.Random(seed))


class GameScene(TurnShownMixin, TableModeMixin, Scene):
    """Shared game frame. Subclasses override the hooks in the second half of this class."""

    title = ""

    def __init__(self, app: App, session: Session, layout: Any) -> None:
        super().__init__(app)
        self.session = session
        self.spec = session.spec
        self.layout_data = layout
        self.seats: list[Seat] = seats_of(session)
        self.tap_guard = TapGuard(lambda: self.now())  # a double click never presses the button that moved in
        self._role_forms: dict[tuple, int] = {}  # the players list's form of a computer's role (role_form)
        self.agents: dict[int, Any] = {}
        self.worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="ai")
        self.future: Future | None = None
        self.future_state_id = -1
        self.ai_ready_at = 0.0
        self.log = LogPanel()
        self._log_mover: int | None = None  # whose turn the log's last lines were (a rule goes between turns)
        self._pending_log: tuple[Any, Any, int | None] | None = None  # a roll, logged once the dice have landed
        self._undo_line: tuple[LogEntry, int] | None = None  # the log's "Move taken back." line and its count
        self.buttons = ButtonRow()
        self.viewport: Viewport | None = None
        self.board_area = pygame.Rect(0, 0, 0, 0)
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.dice_rect = pygame.Rect(0, 0, 0, 0)
        self.timers = Timers(self.now)  # dice tumble, piece slide, computer pause: see ui/timers.py
        self.effects = Effects(self.timers, lambda: not self.fast_play())
        self.history: list[tuple[Any, Any, int]] = []  # (state before, move, seat or CHANCE) seen by this scene
        self.outline: list[tuple[Any, Any]] = []  # the last turn's moves (state before, move): outlined on the board
        self._forced_for = -1  # the state version whose forced move is waiting to play itself
        self.queued: list[Any] = []  # the rest of a one-gesture turn (Plakoto's both dice): one move per slide
        self._shown_signature: tuple = ()
        self.last_move: Any = None
        self.last_state: Any = None
        self.over_shown = False
        self.state_version = 0
        self.static_version = 0
        self.save_note = ""
        self._pointer_moved = False  # a real motion or touch was seen (a table shows no hover before)
        self._pointer_at: tuple[int, int] | None = None  # where a real motion event last put the pointer
        self._pointer_on_board = False
        self.replay_viewer: Any = None  # the replay viewer showing a record in this scene: its controls replace the game's
        self.log.add(self.log_heading(), theme.INK_SOFT)
        self.variant = session.meta.get("variant", self.spec.default_variant)
        self.reloader = BoardReloader(app.store, self._board_files(),
                                      functools.partial(self.spec.load_layout, app.store, self.variant))
        self.next_poll = time.monotonic() + 1.0
        self.shown_errors: tuple[str, ...] = ()
        self._board_card: Scene | None = None  # the open card about the edited board file, if any

    def log_heading(self) -> str:
        """The log's first line: the game and its variant, then each option not at its default as
        the menu names it ("Captain Flip — Standard; Dolphin tile: on"), so a log read later says
        which game was played."""
        variant = next((v.label for v in self.spec.all_variants(self.app.store)
                        if v.id == self.session.meta.get("variant")), "")
        title = f"{tr(self.spec.title)} — {tr(variant)}" if variant else tr(self.spec.title)
        values = self.option_values()
        changed = [self.option_phrase(o, values[o.key]) for o in self.spec.options
                   if o.key in values and o.applies_to(self.variant_id) and values[o.key] != o.default]
        return "; ".join([title, *changed])

    def option_phrase(self, option: Any, value: str) -> str:
        """How the heading names an option's value: as the menu does ("Dolphin tile: on")."""
        return f"{tr(option.label)}: {tr_value(value)}"

    def option_values(self) -> dict[str, str]:
        """The game's option texts as chosen (the menu's or the command line's); a game whose
        position can set options reads them from the state instead."""
        raw = self.session.meta.get("options")
        return {str(k): str(v) for k, v in raw.items()} if isinstance(raw, dict) else {}

    @property
    def variant_id(self) -> str:
        return str(self.session.meta.get("variant") or self.spec.default_variant)

    # -- shared services -------------------------------------------------------------------------
    @property
    def state(self) -> Any:
        return self.session.state

    def seat_is_human(self, seat: int | None) -> bool:
        return seat is not None and 0 <= seat < len(self.seats) and self.seats[seat].is_human

    def human_to_move(self) -> bool:
        """A person is to act now. His own sliding piece never delays his next click; the tumbling
        dice (values unseen) do, and so does another seat's move still on its way: his turn shows
        once it has arrived (``sliding_mover``), as his roll waits for it (``can_roll``), and a
        click ends the motion at once and then acts. In the replay viewer nobody is: the record
        moves (its seats are all people only so that no computer plays), and only the viewer's own
        controls step it; the pieces the person on turn could move were lit as if a touch would
        move them."""
        return (self.replay_viewer is None and self.seat_is_human(self.state.current_player)
                and not self.rolling() and self.sliding_mover() is None)

    def now(self) -> float:
        return time.monotonic()

    # -- settings: motion and pace -----------------------------------------------------------------
    def setting(self, key: str, default: Any) -> Any:
        try:
            return self.app.settings[key]
        except KeyError:
            return default

    def fast_play(self) -> bool:
        """"Fast play": no tumbling, sliding or markers; moves show at once (outlines and log stay)."""
        return bool(self.setting("fast_play", False))

    def pace(self) -> float:
        """The computer pace's factor (slow / normal / fast)."""
        return PACES.get(str(self.setting("computer_pace", "normal")), 1.0)

    def anim_time(self, seconds: float, seat: int | None) -> float:
        """How long a motion runs: nothing with fast play; a computer's at the computer pace."""
        if self.fast_play():
            return 0.0
        return seconds * (self.pace() if seat is not None and seat >= 0 and not self.seat_is_human(seat) else 1.0)

    def ai_pause(self) -> float:
        return AI_PAUSE * self.pace()

    # -- animation -----------------------------------------------------------------------------------
    def rolling(self) -> bool:
        """The dice still tumble: their faces are not shown yet."""
        return self.timers.running("roll")

    def animating(self) -> bool:
        return self.timers.running("roll") or self.timers.running("move")

    def move_progress(self) -> float:
        """0→1 while the last move slides (scenes interpolate pieces with it)."""
        return self.timers.progress("move")

    def roll_progress(self) -> float:
        """0→1 while the dice tumble (or a drawn tile turns up)."""
        return self.timers.progress("roll")

    def skip_animations(self) -> bool:
        """End the tumbling, sliding and markers now (a click while they run). True if any ran."""
        return self.timers.skip(lambda name: name in ANIMATIONS or name.startswith(FX_PREFIX))

    # -- playing -----------------------------------------------------------------------------------
    def play(self, move: Any) -> bool:
        """Apply a human's move through the session (checked by the core). True on success."""
        if not self.human_to_move():
            return False
        try:
            before = self.state.copy()
            seat = before.current_player
            self.session.play(move)
        except IllegalMoveError as exc:
            self.log.add(str(exc), theme.BAD)
            self.dirty = True
            return False
        self._after_move(before, move, seat)
        return True

    def roll(self) -> None:
        """Resolve the pending roll/draw (a click on the dice, Space, or automatically)."""
        if self.state.current_player != CHANCE or self.animating():
            return
        before = self.state.copy()
        owner = self.roller()
        move = self.session.roll()
        self.timers.start("roll", self.anim_time(self.chance_time(move, owner), owner))
        self.app.audio.play(self.chance_sound(move))
        self._after_move(before, move, CHANCE, owner)

    def undo(self) -> None:
        if not self.can_undo():
            return
        self.session.undo()
        if self.history:
            self.history.pop()
        self.queued = []
        self._log_undo()
        self.ai_ready_at = 0.0
        self.timers.cancel("ai")
        self.timers.cancel("move")
        self.effects.clear()
        self._show_previous_move()
        self._changed()
        self._saved(self.app.saves.write(self.session))

    def _log_undo(self) -> None:
        """"Move taken back." in the log; undos in a row count on that one line ("3 moves taken
        back.") instead of stacking the same line again and again. A line written after it (a
        move, a roll) starts the count anew."""
        line = self._undo_line
        entries = self.log.entries
        if line is not None and entries and entries[-1] is line[0]:
            n = line[1] + 1
            self.log.rewrite(line[0], taken_back(n))
            self._undo_line = (line[0], n)
        else:
            self._undo_line = (self.log.add(taken_back(1), theme.INK_SOFT), 1)

    def can_undo(self) -> bool:
        """Undo is offered only when it gives a person back a decision: the last move was a
        person's, no roll or draw came after it, the game is not over, no computer has started
        answering it (its thinking would be thrown away under the player's eyes), and the turn has
        not passed to another person (nobody takes back someone else's move)."""
        last = self.session.last_mover()
        if not (self.session.can_undo() and self.seat_is_human(last)
                and self.future is None and self.state.current_player is not None):
            return False
        now = self.state.current_player
        acting = self.roller() if now == CHANCE else now
        return acting == last or acting is None or not self.seat_is_human(acting)

    def resume_log(self) -> None:
        """A game resumed from its record: the log written again as it was when the moves were
        played (who rolled is read off the position before the roll), a line saying where it was
        resumed, and the last turn outlined on the board."""
        session = self.session
        if not session.played:
            return
        now = session.state
        steps = session.steps()
        afters = [b for b, _ in steps[1:]] + [now]
        try:
            for (before, played), after in zip(steps, afters, strict=True):
                move = before.parse_move(played.text)
                session.state = before
                mover = self.roller() if played.seat == CHANCE else played.seat
                session.state = now
                self.log_resumed_move(before, move, mover, after)
                self.history.append((before, move, played.seat))
        finally:
            session.state = now
        del self.history[:-400]
        n = player_moves(played.seat for played in session.played)  # not the rolls and draws
        said = (tr("Resumed before the first move.") if n == 0 else  # only the deal or the first roll so far
                plural(n, tr("Resumed after {n} move.", n=n), tr("Resumed after {n} moves (2–4).", n=n),
                       tr("Resumed after {n} moves.", n=n)))
        self.log.add(said, theme.INK_SOFT)
        self._show_previous_move()

    def log_resumed_move(self, before: Any, move: Any, mover: int | None, after: Any) -> None:
        """A move's log line written again on resuming (``after``: the position it led to, for
        what a game logs about the move's consequences, such as a game of a match ending)."""
        self.log_move(before, move, mover)

    def _show_previous_move(self) -> None:
        """After an undo the last-move outline shows the move that is now the last one."""
        before = self.session.previous_state()
        self.last_move = self.last_state = None
        if before is not None and self.session.played:
            try:
                self.last_move = before.parse_move(self.session.played[-1].text)
                self.last_state = before
            except IllegalMoveError:
                pass
        self.outline = self._last_turn()

    def _last_turn(self) -> list[tuple[Any, Any]]:
        """The moves of the latest turn (one seat's moves since another seat last moved), from
        what this scene has seen: what the board outlines."""
        out: list[tuple[Any, Any]] = []
        mover = None
        for before, move, seat in reversed(self.history):
            if seat == CHANCE:
                continue
            if mover is None:
                mover = seat
            elif seat != mover or self.ends_turn(before, move):
                break
            out.insert(0, (before, move))
        return out

    def ends_turn(self, before: Any, move: Any) -> bool:
        """Hook: did ``move`` end its seat's turn though the same seat moves next? Only a solo
        game's turns follow each other without another seat between (Captain Flip's); without
        it every move of the game would count as the latest turn."""
        return False

    # -- seats: one name each, everywhere ------------------------------------------------------------
    def seats_label(self, seat: int | None) -> str:
        if seat is None or seat == CHANCE:
            return ""
        return self.seat_name(seat)

    def seat_name(self, seat: int) -> str:
        """The one name of a seat in the panel, the log, the prompts and the result: the name
        given in the menu, else the seat's colour as the board shows it ("Red", "White"), else
        "Player 1" / "Computer 2". Who plays it is the :meth:`seat_role`, shown beside it."""
        if seat >= len(self.seats):
            return tr("Seat {n}", n=seat + 1)
        who = self.seats[seat]
        if who.name:
            return who.name
        return self.seat_colour_word(seat) or who.label(seat)

    def shown_seats(self) -> list[Seat]:
        """Who plays each seat, as the panel and the strips say it: the seats, or in the replay
        viewer the record's (the viewer's own are all people, so that no computer plays)."""
        return self.replay_viewer.real_seats if self.replay_viewer is not None else self.seats

    def seat_role(self, seat: int, short: int = 0) -> str:
        """Who sits in a seat, in a word or two: "you" (the only person), "computer, easy"; with
        ``short`` 1, for a row with a long name, "AI, easy", and 2 "(easy)" (the level bare read as
        an adjective of the name, «Чёрные лёгкий»); empty when several people share the screen
        (their colours tell them apart)."""
        seats = self.shown_seats()
        if seat >= len(seats):
            return ""
        who = seats[seat]
        if who.is_human:
            return tr("you") if sum(s.is_human for s in seats[: self.state.num_players]) == 1 else ""
        return tr(("computer, {level}", "AI, {level}", "({level})")[short], level=tr(who.level))

    def seat_colour_word(self, seat: int) -> str:
        """The seat's colour as a name ("Red"): the game's own, else the palette colour of the
        seat's piece in the players list; empty when the game has no seat colours."""
        colours = self.spec.colours
        if not colours:
            return ""
        name = theme.style(colours[seat % len(colours)]).name
        return tr(name.title()) if name in theme.PLAYER_STYLES else ""

    def seat_style(self, seat: int | None) -> theme.PlayerStyle:
        """The colour and symbol of a seat as its players-list piece shows them."""
        for row in self.player_rows():
            if row.seat == seat:
                return row.style()
        colours = self.spec.colours or ("red", "blue", "green", "yellow", "purple")
        return theme.style(colours[(seat or 0) % len(colours)])

    # -- after every move: log, outline, motion, save ------------------------------------------------
    def describe(self, before: Any, move: Any) -> str:
        """The log's sentence for ``move`` (played from ``before``), naming seats as the panel does."""
        names = [self.seat_name(s) for s in range(before.num_players)]
        try:
            return before.describe_move(move, names)
        except TypeError:  # a game whose sentences take no names
            return before.describe_move(move)

    def record_turn_names(self, record: dict) -> list[str | None] | None:
        """The replay viewer's hook: per move of ``record``, the turn it belongs to as the game's
        own screens number turns (Plakoto's review: "turn 42"), None for a move of no turn; None
        for a game that numbers no turns (the viewer then counts the record's moves alone)."""
        return None

    def log_lines(self, before: Any, move: Any, mover: int | None) -> list[tuple[int | None, str]]:
        """``(seat, sentence)`` per log line of a move: one, the mover's; a game whose move sets
        off moves of its own (a flip it forces on each player) may give each its line."""
        return [(mover, self.describe(before, move))]

    def log_move(self, before: Any, move: Any, mover: int | None) -> None:
        """One log line for a move: the mover's piece, the sentence; a rule before a new turn."""
        for seat, line in self.log_lines(before, move, mover):
            self._log_line(seat, line)

    def _log_line(self, mover: int | None, text: str) -> LogEntry | None:
        """The line added (None for an empty ``text``)."""
        if not text:
            return None
        if not self.spec.extra.get("log_has_subject") and mover is not None:
            text = f"{self.seat_name(mover)}: {text}"
        if mover is not None and mover != self._log_mover:
            self.log.turn()
            self._log_mover = mover
        st = self.seat_style(mover) if mover is not None else None
        return self.log.add(text, theme.INK if mover is not None else theme.INK_SOFT, mover,
                            st.rgb if st else None, st.symbol if st else "")

    def _flush_log(self) -> None:
        pending, self._pending_log = self._pending_log, None
        if pending is not None:
            self.log_move(*pending)

    def chance_time(self, move: Any, owner: int | None) -> float:
        """How long a roll or draw tumbles: a seat's whole ``ROLL_TIME``; a deal nobody rolls for
        (setting up cards) a quick ``DEAL_TIME`` a card."""
        return ROLL_TIME if owner is not None else DEAL_TIME

    def slide_steps(self, before: Any, move: Any) -> float:
        """How many steps the move's piece travels (its slide takes ``MOVE_TIME`` per step)."""
        return 2.0

    def show_effects(self, before: Any, move: Any, delay: float) -> None:
        """Hook: markers for what the move did (``self.effects``), shown after ``delay`` seconds
        (when the piece has arrived)."""

    def _after_move(self, before: Any, move: Any, seat: int, owner: int | None = None) -> None:
        mover = owner if seat == CHANCE else seat
        self._flush_log()
        if seat == CHANCE and self.rolling():
            self._pending_log = (before, move, mover)  # logged when the dice land: the log must not tell first
        else:
            self.log_move(before, move, mover)
        self.last_move = move
        self.last_state = before
        self.history.append((before, move, seat))
        del self.history[:-400]
        slide = 0.0
        if seat != CHANCE:
            self.outline = self._last_turn()
            slide = self.anim_time(MOVE_TIME * self.slide_steps(before, move), seat)
            self.timers.start("move", slide)
            self.app.audio.play(self.move_sound(before, move))
        else:
            slide = self.anim_time(ROLL_TIME, owner) * 0.8
        if not self.fast_play():
            self.show_effects(before, move, slide)
        self._saved(self.app.saves.write(self.session))
        self._changed()

    def _saved(self, ok: bool) -> None:
        """Say when saving stops, in the log as well (a table's strips show the log, never the
        window's foot, where ``save_note`` stays: at a table nothing said a crash would lose the
        game), and when it works again (the red note stayed after the disk was writable again)."""
        if ok == (not self.save_note):
            return
        self.save_note = "" if ok else self.app.saves.disabled_reason
        self.log.add(tr("Saving works again: every move is saved.") if ok else self.save_note,
                     theme.INK_SOFT if ok else theme.BAD)

    def _changed(self) -> None:
        self.state_version += 1
        self.on_state_changed()
        if self.finger_lifted():
            self.end_board_hover()  # the turn moved on at a table: nothing stays hovered for the next seat
        self.relayout_panel()
        self.dirty = True

    def refresh_hover(self) -> None:
        """Hover follows the position, not only the mouse: after a move the pointer may rest on a
        newly lit target, and the picture must show it without waiting for the mouse to move (or
        an expose would draw a different frame)."""
        if not (pygame.display.get_init() and pygame.mouse.get_focused()) or any(pygame.mouse.get_pressed()):
            return  # no pointer here, or a button/finger is down: real motion events say where it goes
        if getattr(self, "_hold_at", None) is not None:
            return  # a finger rests on the board (table mode): it is not a pointer
        if self.app.top is not self:
            return  # under a card the pointer is the card's (``covered`` ended the board's hover)
        self.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pygame.mouse.get_pos(), rel=(0, 0),
                                       buttons=(0, 0, 0), synthetic=True))

    # -- live board editing ------------------------------------------------------------------------
    def _board_files(self) -> list[str]:
        extra = self.spec.extra.get("layout_files")
        files = list(self.spec.board_files) + (list(extra(self.variant)) if extra else [])
        return list(dict.fromkeys(files))

    def poll_boards(self, force: bool = False) -> None:
        """Pick up an edited board file (about once a second, and on F5).

        Geometry and colours apply at once (the scene is rebuilt around the same session); an edit
        that changes what the rules read (the game's ``topology``) applies from the next game; a
        broken file shows every error and the last good layout stays in use. The file is loaded
        off the main loop (``BoardReloader``); its result is applied here once it is ready.
        """
        done = self.reloader.poll(force)
        self.next_poll = time.monotonic() + (0.05 if self.reloader.busy else 1.0)
        if done is None:
            return
        if done.errors is not None:
            lines = tuple(done.errors.lines())
            if lines != self.shown_errors or done.forced:
                self.shown_errors = lines
                self._board_card_says(tr("The board file has errors"),
                                      "\n".join(lines) + "\n\n"
                                      + tr("The last good board stays in use until the file is fixed."), wide=True)
            return
        self.shown_errors = ()
        layout = done.layout
        topology = self.spec.extra.get("topology")
        if topology is not None and topology(layout) != topology(self.layout_data):
            self.log.add(tr("The board's rules changed; the edit applies from the next game."), theme.ACCENT_DARK)
            self._board_card_says(tr("Board edited"), tr("This edit changes the rules' board (fields, connections, "
                                                         "decks or columns). It applies from the next game; this "
                                                         "game goes on as it started."))
            return
        self._board_card_says(None)  # the file is good again: what was said about it is past
        scene = type(self)(self.app, self.session, layout)
        scene.log = self.log
        scene.over_shown = self.over_shown
        scene.reloader = self.reloader
        scene.history, scene.outline, scene._log_mover = self.history, self.outline, self._log_mover
        self.log.add(tr("Board updated from the edited file."), theme.INK_SOFT)
        index = self.app.stack.index(self) if self in self.app.stack else -1
        if index >= 0:
            self.app.stack[index] = scene
            scene.layout(self.app.screen.get_size())
            self.closed()
            self.app.mark_dirty()

    def _board_card_says(self, title: str | None, body: str = "", wide: bool = False) -> None:
        """One card at a time about the edited board file: a new word on it replaces the card still
        open (a fixed error must not stay up, nor errors pile up card on card); None just closes it."""
        if self._board_card is not None and self._board_card in self.app.stack:
            self.app.pop_scene(self._board_card)
        self._board_card = self.app.message(title, body, wide=wide) if title is not None else None

    # -- the loop ------------------------------------------------------------------------------------
    def busy(self) -> bool:
        """True while the picture moves (a timer runs) or a computer player is due: the loop then
        ticks at the frame rate instead of napping."""
        return self.timers.any_running() or self.future is not None or self._auto_pending()

    def next_deadline(self) -> float | None:
        return self.timers.next_deadline()

    def _auto_pending(self) -> bool:
        state = self.state
        cp = state.current_player
        if cp is None:
            return not self.over_shown
        if cp == CHANCE:
            roller = self.roller()
            return roller is None or not self.seat_is_human(roller)
        return not self.seat_is_human(cp) or bool(self.queued) or self.forced() is not None

    def frame_signature(self) -> tuple:
        """What the panel shows besides the position: whose turn it is and which buttons are lit.
        When it differs from the last drawn frame's, the scene redraws, so a button's state can
        never lag behind the game (a safety net beside the timers)."""
        return (self.state_version, self.can_roll(), self.can_undo(), self.human_to_move(),
                self.future is None, self.over_shown, self.app.audio.enabled)

    def update(self, dt: float) -> None:
        if self.app.table_mode:
            self.table_tick()
        if time.monotonic() >= self.next_poll:
            self.poll_boards()
        moving = self.timers.poll()  # a timer runs, or one just ended: its last frame must be drawn
        if moving:
            self.dirty = True
        if self._pending_log is not None and not self.rolling():
            self._flush_log()
            self.dirty = True
        self.advance()
        signature = self.frame_signature()
        if signature != self._shown_signature:
            self._shown_signature = signature
            self.dirty = True
        if moving or self.dirty:  # what lies under a resting pointer may have moved (a board in focus)
            self.refresh_hover()

    def advance(self) -> None:
        """Whatever happens without a person: the game-over card, automatic and computer rolls,
        computer moves (thought out in the worker, played after a short pause to be followed)."""
        if self.animating():
            return
        state = self.state
        cp = state.current_player
        if cp is None:
            if not self.over_shown:
                self.over_shown = True
                self.game_finished()
            return
        if cp == CHANCE:
            roller = self.roller()
            if roller is None or not self.seat_is_human(roller):
                if self.ai_ready_at == 0.0:
                    self.ai_ready_at = self.now() + (self.ai_pause() if roller is not None else 0.0)
                    self.timers.start("ai", self.ai_ready_at - self.now())
                elif self.now() >= self.ai_ready_at:
                    self.ai_ready_at = 0.0
                    self.roll()
            return
        if self.seat_is_human(cp):
            if self.queued:
                move = self.queued.pop(0)
                if move not in state.legal_moves() or not self.play(move):
                    self.queued = []
                return
            self._play_forced()
            return
        if self.future is None:
            agent = self.agents.get(cp)
            if agent is None:
                agent = self.agents[cp] = self.spec.make_agent(self.seats[cp].level)
            seed = hash((self.session.seed, len(self.session.played))) & 0x7FFFFFFF
            self.future = self.worker.submit(_agent_choose, agent, state.observation(cp), seed)
            self.future_state_id = self.state_version
            self.ai_ready_at = self.now() + self.ai_pause()
            self.timers.start("ai", self.ai_pause())
            self.dirty = True
        elif self.future.done() and self.now() >= self.ai_ready_at:
            future, self.future = self.future, None
            self.ai_ready_at = 0.0
            if self.future_state_id != self.state_version:
                return  # the position changed meanwhile (undo); think again
            try:
                move = future.result()
                before = state.copy()
                self.session.play(move)
            except Exception as exc:  # a broken agent must not take the table down
                self.log.add(tr("Computer player failed ({error}); playing a random move.", error=exc), theme.BAD)
                move = random.choice(state.legal_moves())
                before = state.copy()
                self.session.play(move)
            self._after_move(before, move, cp)

    def forced(self) -> Any:
        """The move a person must make now, when there is only one legal way to play on (and the
        "play forced moves" setting is on); None otherwise. Asked of the game's ``forced_move``
        once per position."""
        if not self.setting("auto_forced", True) or not self.seat_is_human(self.state.current_player):
            return None
        cached = getattr(self, "_forced_cache", None)
        if cached is None or cached[0] != self.state_version:
            cached = self._forced_cache = (self.state_version, self.forced_move())
        return cached[1]

    def _play_forced(self) -> None:
        """A forced move plays itself after a short pause the player can see (the prompt says so)."""
        move = self.forced()
        if move is None:
            return
        if self._forced_for != self.state_version:
            self._forced_for = self.state_version
            self.timers.start("forced", FORCED_PAUSE if not self.fast_play() else FORCED_PAUSE / 3)
            self.dirty = True
            return
        if self.timers.running("forced"):
            return
        self._forced_for = -1
        self.play(move)

    def covered(self) -> None:
        """A card over the game (the result, a message): the board's hover (a tooltip, a lit
        target) and a hovered button end, else they stood frozen under the card."""
        self.dirty |= self.buttons.motion((-1, -1))
        if self._pointer_on_board:
            self.end_board_hover()

    def end_board_hover(self) -> None:
        """What the pointer pointed at on the board (a hover card, a lit target, a preview) ends,
        as if it had left the board."""
        self._pointer_on_board = False
        if self.viewport is not None:
            self.dirty |= bool(self.board_motion(OFF_BOARD, pygame.event.Event(
                pygame.MOUSEMOTION, pos=(-1, -1), rel=(0, 0), buttons=(0, 0, 0))))

    def finger_lifted(self) -> bool:
        """At a table, no finger (nor button) rests on the screen: a finger does not hover, so the
        board shows nothing hovered (a tap's hover card goes when the finger lifts)."""
        return self.app.table_mode and getattr(self, "_hold_at", None) is None and not any(
            pygame.mouse.get_pressed() if pygame.display.get_init() else ())

    def closed(self) -> None:
        self.worker.shutdown(wait=False, cancel_futures=True)

    # -- input -----------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            self.key(event)
            return
        if self.app.table_mode:
            self.table_pointer(event)  # touch: hover where a finger lands, a still hold = right click
        if event.type == pygame.MOUSEMOTION:
            self.dirty |= self.buttons.motion(event.pos)
            if self.app.table_mode:
                self.dirty |= self.table_motion(event.pos)
            # moved: a touch, or a pointer seen somewhere else before (the system's own first motion
            # event, when the window appears under a resting pointer, moves nothing)
            real = not (getattr(event, "synthetic", False) or getattr(event, "resting", False))
            touch = bool(getattr(event, "touch", False))
            elsewhere = self._pointer_at != tuple(event.pos)
            if real and (touch or (self._pointer_at is not None and elsewhere)):
                self._pointer_moved = True
            if real:
                self._pointer_at = tuple(event.pos)
            if self.app.table_mode and not self._pointer_moved:
                return  # a pointer resting where the system put it, never moved nor touched: no hover
            if self.app.table_mode and not (real and (touch or elsewhere)):
                # at a table a pointer that did not move is a lifted finger: a frame's "the pointer
                # rests here", or the system's motion when a window uncovers it, makes no hover
                return
            if self.viewport and self.board_area.collidepoint(event.pos):
                self._pointer_on_board = True
                self.dirty |= bool(self.board_motion(self.viewport.to_logical(*event.pos), event))
            elif self.viewport and self._pointer_on_board and not any(getattr(event, "buttons", (0,))):
                # the pointer left the board: what it pointed at (a tooltip, a lit target) goes too
                self._pointer_on_board = False
                self.dirty |= bool(self.board_motion(OFF_BOARD, event))
            return
        if event.type == pygame.MOUSEWHEEL:
            self.log.wheel(event.y)
            self.dirty = True
            return
        if event.type == pygame.MOUSEBUTTONDOWN:
            self._pointer_moved = True
            if self._pointer_on_board and not (self.viewport and self.board_area.collidepoint(event.pos)):
                # a finger jumps (no motion on the way): a tap off the board ends the board's hover
                self._pointer_on_board = False
                self.dirty |= bool(self.board_motion(OFF_BOARD, pygame.event.Event(
                    pygame.MOUSEMOTION, pos=event.pos, rel=(0, 0), buttons=(0, 0, 0))))
            if event.button == 3:
                self.cancel_selection()
                self.dirty = True
                return
            if event.button != 1:
                return
            if self.skip_animations():
                self.dirty = True
                self.relayout_panel()  # the move has arrived: the next turn's buttons take this click
            if self.log.button.collidepoint(event.pos):
                self.show_log()
                return
            pressed = self.buttons.at(event.pos)
            if pressed is not None:
                if self.tap_guard.admit("panel", pressed):  # else meant for the button that stood there
                    pressed.action()
                    self.app.audio.play("click")  # a swallowed press makes no sound: nothing happened
                self.dirty = True
                return
            if self.app.table_mode and self.table_click(event.pos):
                self.dirty = True
                return
            if self.dice_rect.collidepoint(event.pos) and self.can_roll():
                self.roll()
                return
            if self.viewport and self.board_area.collidepoint(event.pos):
                self.board_click(self.viewport.to_logical(*event.pos), event)
                self.dirty = True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.viewport and self.board_area.collidepoint(event.pos):
                self.board_release(self.viewport.to_logical(*event.pos), event)
                self.dirty = True
            if self.app.table_mode:
                self.end_board_hover()  # the tap is over: its hover card must not stay on the board

    def key(self, event: pygame.event.Event) -> None:
        k = event.key
        if k == pygame.K_ESCAPE:
            if not self.cancel_selection():
                self.confirm_leave()
        elif k == pygame.K_SPACE and self.can_roll():
            self.roll()
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.state.current_player is None:
            self.show_game_over()
        elif k in (pygame.K_BACKSPACE,) or (k == pygame.K_z and event.mod & pygame.KMOD_CTRL):
            self.undo()
        elif k == pygame.K_F1:
            self.show_rules()
        elif k == pygame.K_F5:
            self.poll_boards(force=True)
        elif k == pygame.K_m:
            self.toggle_sound()
        elif k == pygame.K_l:
            self.show_log()
        elif k == pygame.K_s and not self.app.table_mode:
            self.show_settings()
        self.dirty = True

    def show_log(self) -> None:
        """The whole log, large (the log panel's corner button, or L)."""
        from tabletop.ui.log_overlay import LogOverlay

        self.app.push_scene(LogOverlay(self.app, self.log))

    def show_settings(self) -> None:
        from tabletop.ui.settings import SettingsScene

        self.app.push_scene(SettingsScene(self.app))

    def can_roll(self) -> bool:
        """A person may roll or draw now (never in a replay: its rolls are the record's)."""
        return (self.replay_viewer is None and self.state.current_player == CHANCE and self.seat_is_human(self.roller())
                and not self.animating())

    def toggle_sound(self) -> None:
        on = not self.app.audio.enabled
        self.app.audio.set_enabled(on)
        self.app.settings["sound"] = on
        self.relayout_panel()

    def confirm_leave(self) -> None:
        """Ask before leaving a game that goes on (it is saved for Continue); a finished game has
        nothing to resume (its autosave went to the finished games), so Menu leaves at once: the
        card said "Continue in the menu resumes it" of a game that was over."""
        if self.state.current_player is None and self.over_shown:
            self.leave()
            return
        if self.save_note:  # the card said "The game is saved" of a game no file held
            body = tr("Saving is off: this game cannot be continued after you leave.")
        elif not self.session.played:  # nothing of this game is saved yet (every move is)
            body = (tr("No move has been made yet: Continue resumes the game saved before this one.")
                    if self.app.saves.slot_of(self.session).exists()  # it said "The game is saved" of that one
                    else tr("No move has been made yet: there is nothing to continue."))
        else:
            body = tr("The game is saved: \"Continue\" in the menu resumes it.")
        self.app.message(tr("Leave the game?"), body, [(tr("Leave"), self.leave), (tr("Stay"), None)])

    def leave(self) -> None:
        from tabletop.ui.menu import MenuScene

        self.app.replace_scenes(MenuScene(self.app))

    def show_rules(self) -> None:
        from tabletop.ui.rules import RulesScene

        self.app.push_scene(RulesScene(self.app, self.spec, self.layout_data, self.variant))

    def game_finished(self) -> None:
        """Once per game: the autosave goes (the record is kept in the finished games, for
        ``tabletop replay``), the result is logged and kept for the menu, the card opens."""
        kept, why = finished_games.keep(self.session, self.app.saves.folder)
        self.app.saves.clear(self.session)
        self.app.audio.play("win")
        summary = self.result_summary()
        self.log.add(tr("Game over.") + " " + summary, theme.ACCENT_DARK)
        if kept is not None:
            self.log.add(tr("The game is kept with the finished games as {name}.", name=kept.name), theme.INK_SOFT)
        else:  # its autosave goes all the same: say that no record of it stays
            self.log.add(tr("The game could not be kept with the finished games ({why}).", why=why), theme.BAD)
        date = time.strftime("%Y-%m-%d\u00a0%H:%M")  # a line may wrap, never between the date and the time
        said = {}
        for lang in LANGUAGES:  # in every language: the menu shows it in the one chosen then
            with in_language(lang):
                said[lang] = tr("{game}, {date}: {result}", game=tr(self.spec.title), date=date,
                                result=self.menu_result())
        self.app.settings["last_results"] = said
        self.app.settings["last_result"] = said[language()]
        self.show_game_over()

    def show_game_over(self) -> None:
        """The result card; the Result button opens it again after "Look at the board". Its
        default (Enter/Space, after a second) only closes it: a new game is never one stray key
        away."""
        table = self.result_table(self.state.outcome())
        look, look_hint = self.look_words()
        card = ResultOverlay(self.app, tr("Game over"), table,
                             [(look, None, look_hint),
                              (tr("Play again"), self.play_again, tr(PLAY_AGAIN_HINT)),
                              (tr("New game"), self.new_game, tr(NEW_GAME_HINT)), (tr("Menu"), self.leave, tr(MENU_HINT))],
                             keys_after=RESULT_KEY_DELAY, guide=tr(AGAIN_OR_NEW))
        self.app.push_scene(card)

    def look_words(self) -> tuple[str, str]:
        """Hook: the result card's first button, which closes it to show the board, and its hint.
        A game whose board has another name in a language says it (Plakoto's is a backgammon
        board: «Показать доску», not the frame's «Показать поле»)."""
        return tr("Look at the board"), tr(LOOK_HINT)

    def result_table(self, outcome: Any) -> ResultTable:
        """Hook: the result card's banner and per-seat table (the frame's: points per seat)."""
        return default_table(self, outcome)

    def new_game(self) -> None:
        """The menu, on this game's page: change players or options and start again."""
        from tabletop.ui.menu import MenuScene

        self.app.replace_scenes(MenuScene(self.app, self.spec.id))

    def menu_result(self) -> str:
        """The menu's "Last game" words (a game whose banner reads wrong there says it its way)."""
        return self.result_summary()

    def result_summary(self) -> str:
        """One line for the panel, the log and the menu: who won, and every seat's score."""
        outcome = self.state.outcome()
        if outcome is None:
            return ""
        head = self.result_table(outcome).banner.strip().rstrip(".")
        scores = ", ".join(f"{self.seat_name(i)} {p:g}" for i, p in enumerate(outcome.points))
        if not scores:
            return head
        # a banner with its own brackets ("wins the game (1 point)") gets the scores after a dash:
        # "(1 point) (White 1, Black 0)" read as two afterthoughts
        return f"{head} — {scores}" if head.endswith(")") else f"{head} ({scores})"

    def play_again(self) -> None:
        from tabletop.core.errors import TabletopError
        from tabletop.launch import new_session, session_from_position
        from tabletop.layout import LayoutErrors

        meta = self.session.meta
        try:  # the board may have been edited into errors since this game began
            if "position" in meta:  # a game started from a position starts from it again
                session = session_from_position(self.spec, self.app.store, meta["position"], self.seats)
            else:
                session = new_session(self.spec, self.app.store, meta.get("players", self.state.num_players),
                                      self.variant, dict(meta.get("options", {})), self.seats)
            scene = make_scene(self.app, session)
        except LayoutErrors as exc:  # said as the menu says it: the title and lines in the language chosen
            self.shown_errors = tuple(exc.lines())  # said now: the live check need not say it again
            self._board_card_says(tr("The board file has errors"), "\n".join(self.shown_errors), wide=True)
            return
        except TabletopError as exc:
            self.app.message(tr("Cannot start"), str(exc), wide=True)
            return
        self.app.replace_scenes(scene)

    # -- layout and drawing ----------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        if self.app.table_mode:
            self.table_layout(size)
            return
        theme.set_turn_marks(False)
        w, h = size
        m = self.metrics
        panel_w = max(int(w * 0.27), 300)
        self.panel = pygame.Rect(w - panel_w - m.pad, m.pad, panel_w, h - 2 * m.pad)
        self.board_area = pygame.Rect(m.pad * 2, m.pad * 2, self.panel.x - 4 * m.pad, h - 4 * m.pad)
        self.viewport = Viewport(self.board_box(), self.board_area, self.board_rotation())
        self.relayout_panel()

    def action_buttons(self) -> list[Button]:
        """Roll, the game's own buttons, Undo: what the acting player can press (once the game is
        over: the result card again, and a new game)."""
        if self.replay_viewer is not None:
            return self.replay_viewer.action_buttons()
        if self.state.current_player is None:
            return self.result_buttons()
        return [
            Button(tr("Roll") if self.roll_word() == "roll" else tr(self.roll_word().capitalize()), self.roll,
                   enabled=self.can_roll(), primary=True, key="Space"),
            *self.extra_buttons(),
            Button(tr("Undo"), self.undo, enabled=self.can_undo(), key="Bksp"),
        ]

    def result_buttons(self) -> list[Button]:
        """Once the game is over: the result card again, and a new game (in the replay viewer, its
        controls that still work: Result and Play again would leave the record, with no Back)."""
        if self.replay_viewer is not None:
            return [b for b in self.replay_viewer.action_buttons() if b.enabled]
        return [Button(tr("Result"), self.show_game_over, primary=True, key="Enter"),
                Button(tr("Play again"), self.play_again)]

    def global_buttons(self) -> list[Button]:
        if self.replay_viewer is not None:
            return self.replay_viewer.global_buttons()
        buttons = [Button(tr("Menu"), self.confirm_leave, key="Esc"), Button(tr("Rules"), self.show_rules, key="F1"),
                   Button(tr("Sound") if self.app.audio.enabled else tr("Muted"), self.toggle_sound,
                          toggled=not self.app.audio.enabled, key="M")]
        if not self.app.table_mode:  # fast play, computer pace, forced moves (the table's column has no room)
            buttons.append(Button(tr("Settings"), self.show_settings, key="S"))
        return buttons

    def relayout_panel(self) -> None:
        if self.app.table_mode:
            if getattr(self, "table_panels", None) is not None:
                self.table_relayout()
            return
        m = self.metrics
        p = self.panel.inflate(-2 * m.pad, -2 * m.pad)
        buttons = self.action_buttons()
        small = self.global_buttons()
        # players block, dice, prompt then buttons; the log takes what is left
        rows = len(self.player_rows())
        row_h = int(m.body * 2.0)
        self.players_rect = pygame.Rect(p.x, p.y + m.large + m.pad, p.w, rows * row_h)
        dice_h = int(m.button_h * 1.6) if self.shows_dice() else 0
        self.dice_rect = pygame.Rect(p.x, self.players_rect.bottom + m.pad, p.w, dice_h)
        self.prompt_rect = pygame.Rect(p.x, self.dice_rect.bottom + m.pad, p.w, self.prompt_height(p.w))
        top = self.prompt_rect.bottom + m.pad
        visible = [b for b in buttons if b.label]
        log_least = LOG_LEAST_LINES * theme.font(log_size(m)).get_linesize()
        column = len(visible) * (m.button_h + m.pad)
        if len(visible) > 1 and p.bottom - m.button_h - m.pad - (top + column) < log_least:
            # large text on a small screen: the buttons in pairs rather than no log at all
            half = (p.w - m.pad) // 2
            for i, b in enumerate(visible):
                b.rect = pygame.Rect(p.x + i % 2 * (half + m.pad), top + i // 2 * (m.button_h + m.pad), half,
                                     m.button_h)
            top += (len(visible) + 1) // 2 * (m.button_h + m.pad)
        else:
            stack_buttons(visible, pygame.Rect(p.x, top, p.w, 0), m.button_h, m.pad)
            top += column
        row_buttons(small, pygame.Rect(p.x, p.bottom - m.button_h, p.w, m.button_h), m.pad, label_size=m.body)
        self.log_rect = pygame.Rect(p.x, top, p.w, p.bottom - m.button_h - m.pad - top)
        self.buttons.set(visible + small)
        if self.app.top is not self:  # under a card the pointer is the card's: a button below it
            self.buttons.motion((-1, -1))  # lit by where the pointer was stayed lit (a stale frame)
        elif pygame.display.get_init() and pygame.mouse.get_focused():
            self.buttons.motion(pygame.mouse.get_pos())
        self.dirty = True

    def draw(self, surface: pygame.Surface) -> None:
        m = self.metrics
        if self.app.table_mode:
            self.table_draw(surface)
            return
        self.relayout_panel()  # button states follow the game (animations end, the AI finishes)
        self.draw_table_texture(surface)
        if self.viewport is not None:
            self.draw_board(surface, self.viewport)
        title = draw.text(surface, tr(self.spec.title), (self.panel.x + 2 * m.pad, self.panel.y + m.pad), m.large,
                          theme.INK, bold=True)
        note = self.title_note()
        if note:  # right of the title, on its line, where it fits
            line = pygame.Rect(title.right + m.pad, title.y, self.panel.right - 2 * m.pad - title.right - m.pad, title.h)
            if theme.font(m.small).size(note)[0] <= line.w:
                draw.text(surface, note, line.midright, m.small, theme.INK_SOFT, anchor="midright")
        self.draw_players(surface)
        if self.shows_dice():
            self.draw_dice(surface, self.dice_rect)
        self.draw_prompt(surface)
        self.buttons.draw(surface, m.body)
        if self.log_rect.h > m.body * 2:
            self.log.draw(surface, self.log_rect, log_size(m))
        if self.save_note:  # left of the panel (a long folder's name ran under it), said whole in the log
            self.draw_save_note(surface)

    def draw_save_note(self, surface: pygame.Surface) -> None:
        """"Saving is off" at the window's foot, on a paper strip: red straight on the baize was
        hard to read (dark red on dark green), and the warning is what a player must not miss."""
        m = self.metrics
        line = theme.font(m.small).get_linesize()
        room = self.panel.x - 2 * m.pad
        back = pygame.Rect(m.pad, self.size[1] - m.pad // 2 - line - 4,
                           min(room, theme.font(m.small).size(self.save_note)[0] + m.pad), line + 4)
        pygame.draw.rect(surface, theme.PANEL, back, border_radius=max(2, m.pad // 3))
        foot = back.inflate(-m.pad // 2, 0)
        draw.fitted_text(surface, self.save_note, foot, m.small, theme.BAD, anchor="midleft", min_size=m.tiny)

    def draw_table_texture(self, surface: pygame.Surface) -> None:
        """Everything that does not change between frames, rendered once per size into one opaque
        surface and blitted: the baize with a faint vignette, the game's static board
        (``draw_board_static``) and the side panel's card. One opaque full-screen copy is far
        cheaper than alpha-blending shadows and boards every frame (milliseconds at 4K)."""
        w, h = surface.get_size()
        vp = self.viewport
        key = (w, h, self.app.table_mode, tuple(self.panel), tuple(vp.rect) if vp else None, vp.rotation if vp else 0,
               self.static_version)
        if getattr(self, "_table_key", None) != key:
            table = pygame.Surface((w, h))
            table.fill(theme.TABLE)
            vign = pygame.Surface((w, h), pygame.SRCALPHA)
            steps = 12
            for i in range(steps):
                a = int(60 * (1 - i / steps) ** 2)
                pygame.draw.rect(vign, (0, 0, 0, a // 3), pygame.Rect(0, 0, w, h).inflate(-i * w // 30, -i * h // 30),
                                 width=max(2, w // 60))
            table.blit(vign, (0, 0))
            if vp is not None:
                self.draw_board_static(table, vp)
            if self.panel.w > 0:
                draw.shadowed_panel(table, self.panel)
            self._table = table.convert() if pygame.display.get_surface() is not None else table
            self._table_key = key
        for area in self.texture_areas((w, h)):  # in table mode the strips cover the rest
            surface.blit(self._table, area.topleft, area)

    def invalidate_static(self) -> None:
        """The static board looks different now (flipped, edited): rebuild the background."""
        self.static_version += 1
        self.dirty = True

    def draw_players(self, surface: pygame.Surface) -> None:
        """The players list: one row per seat (rows with a negative seat are captions)."""
        row_h = int(self.metrics.body * 2.0)
        y = self.players_rect.y
        for row in self.player_rows():
            self.draw_player_row(surface, pygame.Rect(self.players_rect.x, y, self.players_rect.w, row_h - 4), row)
            y += row_h

    def row_room(self, row: PlayerRow, width: int, height: int) -> int:
        """How wide a players-list row (``width`` x ``height``) leaves its name and role: all but
        its piece and its detail's column, which is only as wide as the detail's text."""
        m = self.metrics
        detail_w = int(min(width * 0.4, theme.font(m.body).size(row.detail)[0] + m.pad)) if row.detail else 0
        return width - m.pad - detail_w - m.pad - (height + 4)

    def role_text(self, seat: int, form: int) -> tuple[str, int]:
        """A seat's role in one of the players list's forms (``role_form``), and its type size:
        0 "computer, easy", 1 the same smaller, 2 "AI, easy" smaller, 3 "(easy)" smaller."""
        m = self.metrics
        return self.seat_role(seat, short=max(0, form - 1)), m.small if form == 0 else m.tiny

    def role_fits(self, seat: int, name: str, room: int) -> int:
        """The fullest ``role_text`` form of a seat's role that fits with its ``name`` set bold
        (as on its turn) in ``room`` pixels; the last form when none does."""
        m = self.metrics
        name_w = theme.font(m.body, True).size(name)[0]
        for form in range(ROLE_FORMS):
            role, size = self.role_text(seat, form)
            if not role or name_w + theme.font(size).size(role)[0] + m.pad <= room:
                return form
        return ROLE_FORMS - 1

    def role_form(self) -> int:
        """The one form every row of the players list names its computer in (``role_text``): the
        fullest that fits beside each name set bold (as on its turn), and never fuller again in
        this scene at this size and language. Each row chose for itself before, frame by frame:
        «Зелёный случайный» on Green's turn, «компьютер, случайный» on another's, and so in the
        replay viewer from step to step, beside «Жёлтый компьютер, лёгкий» in the next row."""
        key = (self.players_rect.w, self.metrics.height, language())
        height = int(self.metrics.body * 2.0) - 4  # a row's, as draw_players sets them
        form = self._role_forms.get(key, 0)
        for row in self.player_rows() if form < ROLE_FORMS - 1 else ():
            if row.seat < 0 or row.role or row.out or row.seat >= len(self.seats):
                continue  # an out seat's longer name gives way to its role, not all rows' roles
            form = max(form, self.role_fits(row.seat, row.name, self.row_room(row, self.players_rect.w, height)))
        self._role_forms[key] = form
        return form

    def draw_player_row(self, surface: pygame.Surface, r: pygame.Rect, row: PlayerRow) -> None:
        """One row: the active seat framed, its piece, the name, and the detail (score, pips...) in
        a right column only as wide as its text, so long names (Russian ones) get the rest."""
        m = self.metrics
        if row.seat < 0:  # a caption (match score, team)
            draw.fitted_text(surface, row.name, r, m.body, theme.INK_SOFT, bold=True, anchor="midleft",
                             min_size=m.small)
            return
        if row.active:
            pygame.draw.rect(surface, (255, 232, 180), r, border_radius=r.h // 4)
            pygame.draw.rect(surface, theme.ACCENT, r, width=2, border_radius=r.h // 4)
        self.draw_row_piece(surface, (r.x + r.h // 2 + 2, r.centery), r.h * 0.38, row)
        ink = theme.INK_SOFT if row.out else theme.INK
        name = tr("{name} (out)", name=row.name) if row.out else row.name
        right = r.right - m.pad
        detail_w = int(min(r.w * 0.4, theme.font(m.body).size(row.detail)[0] + m.pad)) if row.detail else 0
        left = r.x + r.h + 4
        room = self.row_room(row, r.w, r.h)
        role, role_size = row.role, m.small
        if not role and row.seat < len(self.seats):  # in the list's one form (see role_form)
            role, role_size = self.role_text(row.seat, self.role_form())
        role_w = theme.font(role_size).size(role)[0] + m.pad if role else 0
        name_w = theme.font(m.body, row.active).size(name)[0]
        if role and name_w + role_w > room:
            role_w = 0  # no room (an out seat's longer name): the name comes first
        draw.fitted_text(surface, name, pygame.Rect(left, r.y, room - role_w, r.h), m.body, ink,
                         bold=row.active, anchor="midleft", min_size=m.small)
        if role_w:
            draw.text(surface, role, (left + min(name_w, room - role_w) + m.pad // 2, r.centery), role_size,
                      theme.INK_SOFT, anchor="midleft")
        if row.detail:
            draw.fitted_text(surface, row.detail, pygame.Rect(right - detail_w, r.y, detail_w, r.h), m.body, ink,
                             anchor="midright", min_size=m.small)

    def draw_row_piece(self, surface: pygame.Surface, centre: tuple[float, float], radius: float,
                       row: PlayerRow) -> None:
        """The seat's piece in the players list (a game may draw its own look)."""
        st = row.style()
        draw.piece(surface, centre, radius, st.rgb, st.symbol)

    def draw_dice(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        values = self.dice()
        m = self.metrics
        size = min(rect.h - 4, int(m.button_h * 1.3))
        if values:  # four dice of a double in a narrow strip: smaller, never out of it
            size = min(size, int(rect.w / (len(values) + (len(values) - 1) / 4)))
        rolling = self.rolling()
        highlight = self.can_roll()
        if highlight:
            pygame.draw.rect(surface, (255, 236, 190), rect, border_radius=size // 5)
            pygame.draw.rect(surface, theme.ACCENT, rect, width=2, border_radius=size // 5)
        n = self.waiting_dice()
        if n:  # the dice to roll, inviting; the Roll button beside says the word
            size = min(int(rect.h * 0.8), size, int(rect.w / (n + (n - 1) / 4)))
            gap = size // 4
            x = rect.centerx - (n * size + (n - 1) * gap) // 2
            for k in range(n):
                draw.die_to_roll(surface, pygame.Rect(x, rect.centery - size // 2, size, size),
                                 angle=8.0 if k % 2 else -8.0)
                x += size + gap
            return
        if not values:
            return
        owners = self.dice_owners()
        top = rect.centery - size // 2
        if owners:  # room under each die for its owner's piece, inside the dice' area
            size = min(size, int(rect.h * 0.62))
            top = rect.y + max(2, (rect.h - int(size * 1.45)) // 2)
        gap = size // 4
        total = len(values) * size + (len(values) - 1) * gap
        x = rect.centerx - total // 2
        poses = dice_poses([v for v, _ in values], self.roll_progress() if rolling else 1.0,
                           int((self.timers.started("roll") or 0.0) * 1000))
        rows = {r.seat: r for r in self.player_rows()} if owners else {}
        for k, ((_value, used), (face, angle, lift)) in enumerate(zip(values, poses, strict=True)):
            die = pygame.Rect(x, top - int(lift * size), size, size)
            draw.die_face(surface, die, face, used and not rolling, angle=angle)
            owner = rows.get(owners[k]) if k < len(owners) else None
            if owner is not None and not rolling:  # whose die it is: his piece under it (never over a pip)
                r = size * 0.2
                self.draw_row_piece(surface, (die.centerx, top + size + r + 2), r, owner)
            x += size + gap

    def dice_owners(self) -> list[int]:
        """Hook: the seat each shown die belongs to, when the dice are not all the mover's (an
        opening roll: one die each); empty otherwise."""
        return []

    def prompt_height(self, width: int) -> int:
        """The prompt box's height in a window (``width`` wide): two lines of the reading size. A
        game whose prompt can run longer (a way described in words) asks for more here."""
        return int(self.metrics.body * 3.6)

    def prompt_fits(self, words: str) -> bool:
        """Would ``words`` fit the window's prompt box at the small reading size or larger (not
        shrunk towards the tiniest)? A table's strips lay their prompts out their own way: True."""
        rect = getattr(self, "prompt_rect", None)
        if self.app.table_mode or rect is None or rect.w <= 0:
            return True
        size = self.metrics.small
        lines = theme.wrap(words, size, rect.w, True, split_long=True)
        return len(lines) * theme.font(size, True).get_linesize() <= rect.h

    def draw_prompt(self, surface: pygame.Surface) -> None:
        """The prompt in its box: a long one (a Russian sentence, a long route, long names) is set
        smaller, down to the smallest readable size, rather than losing its end."""
        m = self.metrics
        draw.paragraph(surface, self.shown_prompt(), self.prompt_rect, m.body, theme.INK, bold=True, min_size=m.tiny)

    def shown_prompt(self) -> str:
        """The prompt as drawn: while the dice tumble it does not give their value away."""
        if self.rolling() and self.replay_viewer is None:
            return self.rolling_words()
        return self.current_prompt()

    def rolling_words(self) -> str:
        """Hook: what the prompt says while the chance step plays out (the dice tumble). A game
        without dice says its own word (a drawn tile turning up is no roll)."""
        return tr("Rolling…")

    def current_prompt(self) -> str:
        """``prompt_line``, or in a replay where in the record we are (a game's prompt would ask
        for a move nobody makes). While the last move still slides the roll control is not live
        yet (``can_roll``), so the prompt says the move is under way rather than asking a person to
        roll what he cannot roll yet: the prompt and the controls agree at every frame."""
        if self.replay_viewer is not None:
            return self.replay_viewer.prompt()
        mover = self.sliding_mover()
        if mover is not None:
            return self.moving_words(mover)
        return self.prompt_line()

    def moving_words(self, seat: int) -> str:
        """What the prompt says while ``seat``'s move is still on its way: "Blue moves…". A game
        whose seat names take another form of the verb says it its way (Plakoto's sides are
        plural in Russian: «Чёрные ходят…»)."""
        return tr("{name} moves…", name=self.seat_name(seat))

    def prompt_line(self) -> str:
        """Whose turn and what to do, always."""
        state = self.state
        cp = state.current_player
        if cp is None:
            return game_over_text(self.result_summary())
        if cp == CHANCE:
            roller = self.roller()
            if roller is not None and self.seat_is_human(roller):
                if self.app.table_mode:  # touch words at a table
                    if self.roll_word() == "roll":
                        return tr("{name}: tap the dice to roll.", name=self.seat_name(roller))
                    return tr("{name}: tap to {word}.", name=self.seat_name(roller), word=tr(self.roll_word()))
                if self.roll_word() == "roll":
                    return tr("{name}: roll (click the dice or press Space).", name=self.seat_name(roller))
                return tr("{name}: {word} (click or press Space).", name=self.seat_name(roller),
                          word=tr(self.roll_word()))
            if roller is not None:
                return tr("{name} is about to play…", name=self.seat_name(roller))
            return tr("Dealing…")
        if not self.seat_is_human(cp):
            return tr("{name} is thinking…", name=self.seat_name(cp))
        if self.forced() is not None:
            return f"{self.seat_name(cp)}: {tr(FORCED_WORDS)}"
        return f"{self.seat_name(cp)}: {self.prompt()}"

    # -- hooks for the game's scene ----------------------------------------------------------------
    def board_box(self) -> tuple[float, float, float, float]:
        """The board's logical box (x0, y0, w, h) from the layout."""
        return (0.0, 0.0, 100.0, 100.0)

    def board_rotation(self) -> int:
        return 0

    def draw_board_static(self, surface: pygame.Surface, vp: Viewport) -> None:
        """The parts of the board that never move (fields, lines, labels), drawn once per size
        into the cached background. Call ``invalidate_static`` when they change."""

    def draw_board(self, surface: pygame.Surface, vp: Viewport) -> None:
        """The moving parts: pieces, highlights, hover, animations (every frame)."""
        raise NotImplementedError

    @classmethod
    def draw_preview(cls, surface: pygame.Surface, rect: pygame.Rect, layout: Any, state: Any,
                     text_size: int) -> bool:
        """The board of ``layout`` as a new game (``state``, its first position) shows it, fitted
        into ``rect`` with the same drawing code as play: the menu's board picture. No scene exists
        yet, so a game draws from the layout and state alone. False: this game draws none."""
        return False

    @classmethod
    def draw_rules_picture(cls, surface: pygame.Surface, rect: pygame.Rect, spec: Any, layout: Any,
                           text_size: int) -> str:
        """The rules screen's move diagram, drawn into ``rect`` with the game's own drawing code
        from a real position and a real legal move (see ``ui/moments.py``); returns its caption
        (in the current language). "": this game has no picture."""
        return ""

    def board_click(self, pos: tuple[float, float], event: pygame.event.Event) -> None:
        """A left click on the board at logical ``pos``: select, or play via ``self.play``."""

    def board_release(self, pos: tuple[float, float], event: pygame.event.Event) -> None:
        """Mouse released over the board (drag-and-drop ends here)."""

    def board_motion(self, pos: tuple[float, float], event: pygame.event.Event) -> bool:
        """Hover; return True to redraw."""
        return False

    def cancel_selection(self) -> bool:
        """Right click / Esc: drop the current selection. True if there was one."""
        return False

    def on_state_changed(self) -> None:
        """The position changed (a move, a roll, an undo): reset selections."""

    def roller(self) -> int | None:
        """At a chance node: the seat that rolls by clicking, or None for automatic chance."""
        return None

    def roll_word(self) -> str:
        return "roll"

    def shows_dice(self) -> bool:
        return True

    def dice_to_roll(self) -> int:
        """How many dice the next roll throws (the dice box shows as many, waiting)."""
        return 1

    def waiting_dice(self) -> int:
        """How many dice the dice box shows waiting to be rolled: when a person may roll and no
        die still says something (the last roll used up, or none; an opening roll's result, whose
        dice tell who starts, stays until rolled over); else 0."""
        if not self.can_roll() or self.rolling() or not all(used for _value, used in self.dice()):
            return 0
        return self.dice_to_roll()

    def dice(self) -> list[tuple[int, bool]]:
        """The dice to show: (value, used)."""
        return []

    def prompt(self) -> str:
        return "your move."

    def player_rows(self) -> list[PlayerRow]:
        return []

    def title_note(self) -> str:
        """Hook: a few words beside the game's title in the side panel ("Round 12 of 200")."""
        return ""

    def extra_buttons(self) -> list[Button]:
        return []

    def result_text(self, outcome: Any) -> str:
        if outcome is None:
            return ""
        names = [self.seat_name(s) for s in outcome.winners]
        if len(names) > 1:
            head = tr("{names} win.", names=and_list(names))
        else:
            head = tr("{name} wins.", name=names[0]) if names else tr("A tie.")
        points = "\n".join(f"{self.seat_name(i)}: {p:g}" for i, p in enumerate(outcome.points))
        return f"{head}\n{outcome.detail}\n{points}".replace("\n\n", "\n")

    def forced_move(self) -> Any:
        """Hook: the next move of the only legal way to play on, if the game can tell (None: the
        person chooses). Played by itself after a short pause."""
        return None

    def chance_sound(self, move: Any) -> str:
        return "dice"

    def move_sound(self, before: Any, move: Any) -> str:
        return "move"


LOG_LEAST_LINES = 4
"""Below this many lines of room for the log, the side panel's buttons go in pairs (text size
130% on a small screen left no log at all: what the computer did could not be read)."""


def taken_back(n: int) -> str:
    """The log's line for ``n`` undos in a row: "Move taken back.", then "3 moves taken back."
    («Отменены 3 хода.», «Отменено 5 ходов.», «Отменён 21 ход.»)."""
    if n == 1:
        return tr("Move taken back.")
    return plural(n, tr("{n} move taken back.", n=n), tr("{n} moves taken back (2–4).", n=n),
                  tr("{n} moves taken back.", n=n))


def log_size(m: theme.Metrics) -> int:
    """The log's type: between the small and the body size, never under 14 px (1366×768: 15)."""
    return max(14, (m.small + m.body) // 2)


def dice_poses(values: list[int], progress: float, seed: int) -> list[tuple[int, float, float]]:
    """(face shown, tilt in degrees, lift in die heights) of each die ``progress`` (0→1) through
    its roll: it tumbles (faces change ever more slowly, tilted, bouncing), then lands on its
    rolled face and settles. At 1 every die shows its value, flat and down."""
    out = []
    land = 0.7
    for i, value in enumerate(values):
        if progress >= 1.0:
            out.append((value, 0.0, 0.0))
        elif progress >= land:
            q = (progress - land) / (1 - land)
            rng = random.Random(seed * 7 + i)
            wobble = rng.uniform(-14, 14) * (1 - q) * math.cos(q * 3 * math.pi)
            out.append((value, wobble, 0.12 * abs(math.sin(q * 2 * math.pi)) * (1 - q)))
        else:
            u = progress / land
            bucket = int(14 * (1 - (1 - u) ** 2))  # faces change fast, then slower
            rng = random.Random(seed * 31 + bucket * 7 + i)
            face = rng.randint(1, 6)
            out.append((face, rng.uniform(-35, 35), 0.28 * abs(math.sin(u * 3 * math.pi))))
    return out


def make_scene(app: App, session: Session) -> GameScene:
    """Import the game's scene class (only the app imports scenes) and build it; a game resumed
    from its record gets its log and last-turn outline back (``resume_log``)."""
    import importlib

    spec = session.spec
    module_name, _, class_name = spec.scene.partition(":")
    module = importlib.import_module(module_name)
    scene_class = getattr(module, class_name)
    layout = spec.load_layout(app.store, session.meta.get("variant", spec.default_variant))
    scene = scene_class(app, session, layout)
    scene.resume_log()
    return scene

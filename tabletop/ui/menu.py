"""The main menu: pick a game, see its board, choose seats (people or computer levels), variant and
options; Start; Continue the autosaved game; settings. Everything is a large click target.

The choices of every game are remembered in the settings file (a restart shows them again); every
choice steps both ways (click / right-click or wheel on the value, the ◀ ▶ arrows for a finger, the
arrow keys; at a table the rows' help names the arrows, not the right button); the form is laid out for the most rows the game can need, so nothing moves when a
choice adds or removes a row — the Start button stays where it is.

Keys: Up/Down (or Tab) move between the game list and the form's rows, Left/Right change the row,
Page Up/Down change the game, Space presses the row's value, Enter starts, F1 shows how to play, S the settings, C the games to
continue, Esc asks before quitting. The help line says what the row under the mouse does, or else
the row the keyboard is on.
"""

from __future__ import annotations

import re
import time
from typing import TYPE_CHECKING, Any

import pygame

from tabletop.core.errors import TabletopError
from tabletop.games import all_games
from tabletop.i18n import language, tr, tr_value
from tabletop.launch import new_session
from tabletop.layout import LayoutErrors
from tabletop.saves import SaveSlot
from tabletop.ui import draw, stepper, theme
from tabletop.ui.continue_list import saved_games
from tabletop.ui.menu_choices import GameChoices
from tabletop.ui.preview import BoardPreviews
from tabletop.ui.scene import Scene
from tabletop.ui.stepper import Stepper, ValueButton
from tabletop.ui.widgets import Button, ButtonRow

if TYPE_CHECKING:
    from tabletop.app import App

TAGLINES = {
    "trap_the_cap": "Trap your rivals' caps and carry them home (2–4)",
    "captain_flip": "Draw, keep or flip, and fill your pirate board (1–5)",
    "chicken_chase": "Feed your chicks, race your hens up the hill (2–4)",
    "plakoto": "The Greek tables game of pinning (2)",
}
STEP_HELP = {  # a stepping row's help: (with a mouse, at a table: a finger has no right button)
    "seat": ("A person or the computer (random, easy, hard): click for the next, right-click for the previous.",
             "A person or the computer (random, easy, hard): tap for the next, tap the left arrow for the previous."),
    "players": ("How many play ({counts}): click for the next number, right-click for the previous.",
                "How many play ({counts}): tap for the next number, tap the left arrow for the previous."),
    "variant": ("The variant to play: click for the next, right-click for the previous.",
                "The variant to play: tap for the next, tap the left arrow for the previous."),
}
KEYS_HELP = "Keys: Up/Down choose a row, Left/Right change it, Enter starts."
NUMBER_AND_WORD = re.compile(r"(\d) (?=\w)")
"""A number and the word after it, kept on one line in the status words under the form."""
PREVIEW_LINES = 14
"""The board picture's least height, in lines of the small text (see ``MenuScene._place_games``)."""


class FormRow:
    """One row of the new-game form: a label (with a seat's piece), a stepper and its help."""

    def __init__(self, label: str, control: Stepper, colour: str = "", help_text: str = "") -> None:
        self.label = label
        self.control = control
        self.colour = colour
        self.help = help_text
        self.buttons = control.buttons()
        self.rect = pygame.Rect(0, 0, 0, 0)


class MenuScene(Scene):
    def __init__(self, app: App, game_id: str | None = None) -> None:
        super().__init__(app)
        self.games = all_games()
        remembered = app.settings["menu"]
        self.choices: dict[str, GameChoices] = {
            gid: GameChoices.restore(spec, [v.id for v in spec.all_variants(app.store)], remembered.get(gid))
            for gid, spec in self.games.items()}
        last = app.settings["menu_game"]
        self.game_id = game_id or (last if last in self.games else next(iter(self.games), ""))
        self.previews = BoardPreviews(app.store)
        self.row = ButtonRow()
        self.rows: list[FormRow] = []
        self.focus = 0  # 0: the game list; 1..: the form's rows
        self.saved = saved_games(app)  # every game in progress, newest first (one slot per game)
        self.save_checked = False
        self.next_poll = time.monotonic() + 1.0
        self.stamp: tuple = ()
        self.cards: list[tuple[str, pygame.Rect]] = []
        self.left = self.right = self.preview_rect = self.help_rect = pygame.Rect(0, 0, 0, 0)
        self.caption_h = 0  # the chosen game's tagline over its board (0: each card shows its own)
        self.title_size = 0
        self.hover_help = ""
        # (game, notation, state) of a game typed with --position while the menu asks about the
        # saved one: the picture behind the question is that position, not the usual start
        self.asking_start: tuple[str, str, Any] | None = None

    @property
    def header(self) -> dict | None:
        """The newest game in progress' record header, or None (no Continue button then)."""
        return self.saved[0].header if self.saved else None

    # -- the choices -------------------------------------------------------------------------------
    @property
    def current(self) -> GameChoices:
        return self.choices[self.game_id]

    def remember(self) -> None:
        """Write every game's choices to the settings file (a restart shows them again)."""
        self.app.settings["menu"] = {gid: c.to_json() for gid, c in self.choices.items()}
        self.app.settings["menu_game"] = self.game_id

    def _changed(self) -> None:
        self.remember()
        self.layout(self.size)

    def select(self, gid: str) -> None:
        if gid != self.game_id:
            self.game_id = gid
            self.focus = min(self.focus, len(self._form_rows()))
            self._changed()

    def step_game(self, delta: int) -> None:
        ids = list(self.games)
        if ids:
            self.select(ids[(ids.index(self.game_id) + delta) % len(ids)])

    def change_players(self, delta: int) -> None:
        self.current.step_players(delta)
        self._changed()

    def step(self, change, delta: int) -> None:
        """Run one stepping change of the current game's choices and remember it."""
        change(delta)
        self._changed()

    # -- actions -------------------------------------------------------------------------------------
    def start(self) -> None:
        """A new game of the chosen game; if that game's slot holds one in progress, ask first:
        the new game would be saved in its place."""
        spec = self.games[self.game_id]
        self.remember()
        self.ask_before_replacing(spec.id, self.start_new)

    def start_session(self, session) -> None:
        """A game set up on the command line: it asks first like Start (a typed command must not
        silently overwrite a game in progress either); Back leaves the menu open, on that game
        and holding its setup (it showed the last menu game's: Start there was not the game
        typed), remembered as Start remembers a setup."""
        from tabletop.ui.game_scene import make_scene

        gid = session.spec.id
        if gid in self.choices:
            self.choices[gid] = self.choices[gid].adopt(session.meta)
            self.game_id = gid
            self._changed()
        position = session.meta.get("position") if isinstance(session.meta, dict) else None
        if isinstance(position, str):  # the picture behind the question: the position typed
            self.asking_start = (gid, position, session.initial)
        self.ask_before_replacing(session.spec.id, lambda: self.app.replace_scenes(make_scene(self.app, session)))

    def ask_before_replacing(self, game_id: str, start_new) -> None:
        """Run ``start_new`` at once, or, when that game's slot holds a game in progress, after
        asking: the new game would be saved in its place."""
        slot = self.app.saves.slot_for(game_id)
        note = self.recheck_saves()
        waiting = next((entry for entry in self.saved if entry.slot.path == slot.path), None)
        if waiting is None and note:  # said before the game starts (its message would be under it)
            self.app.message(tr("Continue"), note, [(tr("Start a new game"), start_new), (tr("Back"), None)],
                             default=0, cancel=1)
            return
        if waiting is None:
            start_new()
            return
        # the game with its variant or board ("Trap the Cap — Golden cap"), as Continue lists it, in
        # quotes: bare, "A game of Plakoto — Match to 5 is in progress" read as the match being so
        body = (tr("A game of “{game}” is in progress: {detail}.", game=waiting.title, detail=waiting.detail)
                + "\n\n" + tr("Starting a new game replaces the saved one."))

        def answered(then=None):
            """Each answer ends the question: Back leaves the menu's own Start, so its own picture."""
            def act() -> None:
                self.asking_start = None
                self.dirty = True
                if then is not None:
                    then()
            return act

        self.app.message(tr("A game is in progress"), body,
                         [(tr("Continue it"), answered(lambda: self.continue_game(slot))),
                          (tr("Start a new game"), answered(start_new)), (tr("Back"), answered())],
                         default=0, cancel=2)

    def start_new(self) -> None:
        from tabletop.ui.game_scene import make_scene

        spec = self.games[self.game_id]
        c = self.current
        try:
            session = new_session(spec, self.app.store, c.players, c.variant, c.start_options(), c.in_play())
            scene = make_scene(self.app, session)
        except LayoutErrors as exc:
            self.app.message(tr("The board file has errors"), "\n".join(exc.lines()), wide=True)
            return
        except TabletopError as exc:
            self.app.message(tr("Cannot start"), str(exc))
            return
        except Exception as exc:  # a broken game module must not take the menu down
            self.app.message(tr("Cannot start"), tr("{game} could not be opened: {error}", game=tr(spec.title), error=repr(exc)))
            return
        self.app.replace_scenes(scene)

    def open_saved(self) -> None:
        """Continue: the list of games in progress (one per game), newest first."""
        from tabletop.ui.continue_list import ContinueScene

        note = self.recheck_saves()
        if self.saved:
            self.app.push_scene(ContinueScene(self.app, self.saved, self.continue_game))
        if note:
            self.app.message(tr("Continue"), note)

    def recheck_saves(self) -> str:
        """The saves read again (a save damaged since the menu opened is set aside, as when it
        opens): what to say about it, or "". Continue only dropped such a game from the list and
        its button went away without a word; Start wrote the new game over the damaged file."""
        note = self.app.saves.check()
        saved = saved_games(self.app)
        changed = [e.slot.path for e in saved] != [e.slot.path for e in self.saved]
        self.saved = saved
        if changed:
            self.layout(self.size)
        return note

    def continue_game(self, slot: SaveSlot | None = None) -> None:
        """Resume ``slot`` (default: the most recently saved game, as ``tabletop continue`` does)."""
        from tabletop.ui.game_scene import make_scene

        slot = slot or self.app.saves.newest()
        if slot is None:
            self.app.message(tr("Continue"), tr("There is no saved game."))
            return
        loaded = self.app.saves.load(slot)
        if loaded.session is None:
            self.saved = saved_games(self.app)
            self.app.message(tr("Continue"), loaded.message)
            self.layout(self.size)
            return
        try:
            scene = make_scene(self.app, loaded.session)
        except LayoutErrors as exc:  # the save stays as it is: say so, the card named only the file's errors
            self.app.message(tr("The board file has errors"), "\n".join(exc.lines()) + "\n\n"
                             + tr("The saved game is kept: continue it once the file is fixed."), wide=True)
            return
        except TabletopError as exc:
            self.app.message(tr("Continue"), str(exc))
            return
        self.app.replace_scenes(scene)
        if loaded.message:
            self.app.message(tr("Continue"), loaded.message)

    def settings(self) -> None:
        from tabletop.ui.settings import SettingsScene

        self.app.push_scene(SettingsScene(self.app))

    def quit(self) -> None:
        self.app.running = False

    def ask_quit(self) -> None:
        """Esc asks before the window closes (Enter quits, Esc again stays): backing out of a
        game with Esc pressed once too often closed the whole program without a word. The Quit
        button, a deliberate click, still quits at once."""
        body = (tr("Unfinished games are saved: Continue resumes them next time.") if self.app.saves.newest()
                else tr("No game is in progress."))
        self.app.message(tr("Quit tabletop?"), body, [(tr("Quit"), self.quit), (tr("Stay"), None)])

    def rules(self) -> None:
        from tabletop.ui.rules import RulesScene

        self.app.push_scene(RulesScene(self.app, self.games[self.game_id], variant=self.current.variant))

    # -- the form ------------------------------------------------------------------------------------
    def _form_rows(self) -> list[FormRow]:
        spec = self.games[self.game_id]
        c = self.current
        allowed = c.allowed_players()
        rows = [FormRow(tr("Players"), Stepper(str(c.players), lambda d: self.step(c.step_players, d),
                                               lambda d: c.players > min(allowed) if d < 0 else c.players < max(allowed),
                                               forward=lambda: self.step(lambda _d: c.cycle_players(), 1)),
                        help_text=self.players_help())]
        colours = self.seat_colours()
        for i, seat in enumerate(c.in_play()):
            colour = colours[i % len(colours)] if colours else ""
            text = tr("Person") if seat.is_human else tr("Computer: {level}", level=tr(seat.level))
            label = tr("Seat {n}", n=i + 1) + (f" — {tr(theme.style(colour).name)}" if colour else "")
            rows.append(FormRow(label, Stepper(text, lambda d, i=i: self.step(lambda d: c.step_seat(i, d), d)),
                                colour, self.step_help("seat")))
        variants = spec.all_variants(self.app.store)
        if len(variants) > 1:
            current = next((v for v in variants if v.id == c.variant), variants[0])
            rows.append(FormRow(tr("Variant"), Stepper(tr(current.label), lambda d: self.step(c.step_variant, d)),
                                help_text=tr(current.help) if current.help else self.step_help("variant")))
        for opt in c.shown_options():
            pick = (lambda o=opt: self.pick_option(o)) if opt.pick_from is not None else None
            rows.append(FormRow(tr(opt.label), Stepper(tr_value(c.options[opt.key]),
                                                       lambda d, k=opt.key: self.step(lambda d: c.step_option(k, d), d),
                                                       forward=pick),
                                help_text=tr(opt.help)))
        return rows

    def players_help(self) -> str:
        """The Players row's own help (it had none, so the help line showed the variant's, as
        with no row under the mouse): how many may play, or that the count is fixed."""
        spec, allowed = self.games[self.game_id], self.current.allowed_players()
        if len(allowed) == 1:
            if spec.min_players == spec.max_players:
                return tr("Always {n} players in this game.", n=allowed[0])
            return tr("Always {n} players in this variant.", n=allowed[0])
        whole = allowed == list(range(allowed[0], allowed[-1] + 1))
        counts = f"{allowed[0]}–{allowed[-1]}" if whole else ", ".join(str(n) for n in allowed)
        return self.step_help("players", counts=counts)

    def step_help(self, row: str, **values: object) -> str:
        """A stepping row's help (``STEP_HELP``) in the gestures that work here: at a table the
        screen is tapped, and a finger has no right button (the left arrow steps back)."""
        mouse, touch = STEP_HELP[row]
        return tr(touch if self.app.table_mode else mouse, **values)

    def pick_option(self, opt) -> None:
        """The card for choosing an option's set of numbers freely (Chicken Chase's own blocked
        fields); Done makes the chosen set the option's value."""
        from tabletop.ui.number_picker import NumberSetPicker

        c = self.current
        low, high = opt.pick_from

        def chosen(text: str) -> None:
            c.options[opt.key] = text
            self._changed()

        self.app.push_scene(NumberSetPicker(self.app, tr(opt.label), tr("Click a number to choose it, click it again to drop it "
                                                                        "(or the arrows and Space)."),
                                            low, high, c.options[opt.key], opt.parse, chosen))

    def seat_colours(self) -> list[str]:
        """Each seat's colour for the current choices: the game says when its options decide them
        (Trap the Cap's colours with 2 or 3 players), else its colours in order."""
        spec, c = self.games[self.game_id], self.current
        by_choice = spec.extra.get("menu_seat_colours")
        if by_choice is not None:
            return list(by_choice(c.players, c.variant, dict(c.options)))
        return list(spec.colours)

    def _label_width(self, width: int, row_h: int) -> int:
        """The labels' column: as wide as the longest label of any game needs (a third of the form
        at least, half at most), so the steppers stand in one place whatever is chosen."""
        m = self.metrics
        font = theme.font(m.body)
        need = font.size(tr("Players"))[0]
        for spec in self.games.values():
            labels = [tr(o.label) for o in spec.options] + [tr("Variant")]
            for i in range(spec.max_players):
                colour = spec.colours[i % len(spec.colours)] if spec.colours else ""
                seat = tr("Seat {n}", n=i + 1) + (f" — {tr(theme.style(colour).name)}" if colour else "")
                need = max(need, font.size(seat)[0] + (row_h if colour else 0))
            need = max([need] + [font.size(label)[0] for label in labels])
        return int(min(width * 0.5, max(width * 0.3, need + 2 * m.pad)))

    def most_rows(self) -> int:
        """The tallest form of any game (rows are sized for it: switching games moves nothing)."""
        return max((c.most_rows() for c in self.choices.values()), default=1)

    # -- the games and the board ---------------------------------------------------------------------
    def _place_games(self) -> None:
        """The game cards and the chosen game's board under them, in the left column. The board
        keeps at least :data:`PREVIEW_LINES` lines of small text in height (the games set their
        boards' numbers at that size: lower, Plakoto's point numbers and Chicken Chase's field
        numbers run into each other). Tried in turn: full cards (title and tagline) in one column;
        cards of their titles only, the chosen game's tagline then over its board; those in two
        columns, the titles set smaller where they need it (one size for all). When even that
        leaves no room (a very short window) the board is left out and the full cards stay."""
        m = self.metrics
        col = self.left
        line_h = theme.font(m.small).get_linesize()
        half = (col.w - m.pad) // 2
        need = PREVIEW_LINES * m.small + 2 * m.pad
        caption_h = self._caption_lines(col.w - 4 * m.pad) * line_h + m.pad
        one = self._title_size(col.w - 4 * m.pad) or m.small
        plans = [(1, one, 0), (1, one, caption_h)]
        two = self._title_size(half - 4 * m.pad)
        if two is not None:
            plans.append((2, two, caption_h))
        fitting = [p for p in plans if col.h - self._cards_height(*p) - m.pad - p[2] >= need]
        columns, self.title_size, self.caption_h = fitting[0] if fitting else (1, one, 0)
        if not fitting and self._cards_height(1, one, 0) > col.h:  # not even the full cards: their titles alone
            self.caption_h = caption_h
        card_h = self._card_height(self.title_size, self.caption_h)
        width = col.w if columns == 1 else half
        self.cards = [(gid, pygame.Rect(col.x + (i % columns) * (half + m.pad), col.y + (i // columns) * (card_h + m.pad),
                                        width, card_h)) for i, gid in enumerate(self.games)]
        below = col.y + self._cards_height(columns, self.title_size, self.caption_h) + m.pad
        self.preview_rect = pygame.Rect(col.x, below, col.w, col.bottom - below) if fitting else pygame.Rect(0, 0, 0, 0)

    def _card_height(self, title_size: int, caption_h: int) -> int:
        """A card: its title, and its tagline under it unless the tagline is over the board."""
        m = self.metrics
        title_h = theme.font(title_size, True).get_linesize()
        return title_h + 2 * m.pad if caption_h else title_h + theme.font(m.small).get_linesize() + 3 * m.pad

    def _cards_height(self, columns: int, title_size: int, caption_h: int) -> int:
        rows = -(-len(self.games) // columns)
        return rows * (self._card_height(title_size, caption_h) + self.metrics.pad)

    def _caption_lines(self, width: int) -> int:
        """The lines the longest tagline takes over the board (one or two: the same for every game,
        so the board does not move when another game is chosen)."""
        size = self.metrics.small
        return min(2, max((len(theme.wrap(tr(TAGLINES.get(gid, "")), size, width)) for gid in self.games), default=1))

    def _title_size(self, width: int) -> int | None:
        """The largest size, the large one at most and the small one at least, at which every
        game's title fits ``width`` (one size for all the cards); None when none does."""
        m = self.metrics
        titles = [tr(spec.title) for spec in self.games.values()]
        widest = max((theme.font(m.large, True).size(t)[0] for t in titles), default=1)
        size = min(m.large, m.large * width // max(1, widest) + 1)  # widths grow about with the size
        while size >= m.small:
            font = theme.font(size, True)
            if all(font.size(t)[0] <= width for t in titles):
                return size
            size -= 1
        return None

    # -- layout ----------------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        if not self.games:
            return
        w, h = size
        m = self.metrics
        bh = m.button_h
        buttons: list[Button] = []
        top = int(h * 0.2)
        bottom_y = h - bh - 2 * m.pad
        limit = bottom_y - 2 * m.pad
        # the games, compact, then the chosen game's board under them
        self.left = pygame.Rect(int(w * 0.05), top, int(w * 0.36), limit - top)
        self._place_games()
        buttons += [Button("", lambda g=gid: self.select(g), rect=r) for gid, r in self.cards]
        # the form: a fixed panel; rows sized for the tallest form; help and Start at its foot
        self.right = pygame.Rect(int(w * 0.45), top, int(w * 0.5), limit - top)
        inner = self.right.inflate(-4 * m.pad, -4 * m.pad)
        title_h = theme.font(m.large, True).get_linesize() + 2 * m.pad
        line_h = theme.font(m.small).get_linesize()
        help_h = 3 * line_h + m.pad  # a row's help on up to two lines, then the keys
        foot = bh + help_h + 2 * m.pad
        self.rows = self._form_rows()
        room = inner.h - title_h - foot
        most = self.most_rows()
        if room // max(1, most) - m.pad < int(m.small * 1.6):
            # the tallest form would not fit with a pad between rows (130% text): size the rows
            # for this form instead, which left its rows touching above an empty half panel
            most = len(self.rows)
        row_h = max(int(m.small * 1.6), min(int(bh * 0.92), room // max(1, most) - m.pad))
        gap = max(2, min(m.pad, (room - most * row_h) // max(1, most)))
        label_w = self._label_width(inner.w, row_h)
        self.labels: list[tuple[str, pygame.Rect]] = []
        self.swatches: list[tuple[str, pygame.Rect]] = []
        y = inner.y + title_h
        for form_row in self.rows:
            form_row.rect = pygame.Rect(inner.x, y, inner.w, row_h)
            label_rect = pygame.Rect(inner.x, y, label_w - (row_h + m.pad if form_row.colour else m.pad), row_h)
            self.labels.append((form_row.label, label_rect))
            if form_row.colour:
                self.swatches.append((form_row.colour, pygame.Rect(inner.x + label_w - row_h - m.pad, y, row_h, row_h)))
            stepper.place(form_row.buttons, pygame.Rect(inner.x + label_w, y, inner.w - label_w, row_h), m.pad // 2)
            buttons += form_row.buttons
            y += row_h + gap
        self.help_rect = pygame.Rect(inner.x, inner.bottom - bh - m.pad - help_h, inner.w, help_h)
        self.focus = min(self.focus, len(self.rows))
        spec = self.games[self.game_id]
        variant = next((v for v in spec.all_variants(self.app.store) if v.id == self.current.variant), None)
        self.default_help = tr(variant.help) if variant is not None and variant.help else tr(TAGLINES.get(self.game_id, ""))
        start = Button(tr("Start"), self.start, primary=True, key="Enter")
        rules = Button(tr("How to play"), self.rules, key="F1")
        start.rect = pygame.Rect(inner.right - int(inner.w * 0.5), inner.bottom - bh, int(inner.w * 0.5), bh)
        rules.rect = pygame.Rect(inner.x, inner.bottom - bh, int(inner.w * 0.45), bh)
        buttons += [start, rules]
        bottom = []
        if self.saved:
            game = self.games.get(self.saved[0].game_id)
            label = (tr("Continue {game}", game=tr(game.title)) if len(self.saved) == 1 and game
                     else tr("Continue ({n} games)", n=len(self.saved)) if len(self.saved) > 1 else tr("Continue"))
            bottom.append(Button(label, self.open_saved, primary=True, key="C"))
        bottom += [Button(tr("Settings"), self.settings, key="S"), Button(tr("Quit"), self.quit, key="Esc")]
        bw = int(w * 0.2)
        x = w - int(w * 0.05) - len(bottom) * (bw + m.pad) + m.pad
        self.status_right = x - 2 * m.pad
        self.status_top = limit + m.pad
        for b in bottom:
            b.rect = pygame.Rect(x, bottom_y, bw, bh)
            x += bw + m.pad
        buttons += bottom
        self.row.set(buttons)
        self.start_button = start
        self.hover_help = ""  # the help of the row under the mouse (rows were rebuilt)
        if pygame.display.get_init() and pygame.mouse.get_focused():
            self.row.motion(pygame.mouse.get_pos())
            self.hover_help = self._help_at(pygame.mouse.get_pos())

    # -- events ----------------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._focus_at(event.pos)
            if self.row.click(event.pos):
                self.app.audio.play("click")
            self.dirty = True
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self._back_at(event.pos)
        elif event.type == pygame.MOUSEWHEEL:
            pos = pygame.mouse.get_pos()
            if event.y:
                if self._value_at(pos) is not None:
                    self._focus_at(pos)
                    self._step_focused(1 if event.y < 0 else -1)
                elif self.left.collidepoint(pos):
                    self.step_game(1 if event.y < 0 else -1)
        elif event.type == pygame.MOUSEMOTION:
            self.dirty |= self.row.motion(event.pos)
            help_text = self._help_at(event.pos)  # the help line follows the mouse, and is kept, not read
            if help_text != self.hover_help:  # back from the mouse while drawing (no stale frame)
                self.hover_help = help_text
                self.dirty = True
        elif event.type == pygame.WINDOWLEAVE and self.hover_help:
            self.hover_help = ""
            self.dirty = True
        elif event.type == pygame.KEYDOWN:
            self.key(event)

    def key(self, event: pygame.event.Event) -> None:
        k = event.key
        shift = bool(getattr(event, "mod", 0) & pygame.KMOD_SHIFT)
        if k == pygame.K_ESCAPE:
            self.ask_quit()
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.start()
        elif k in (pygame.K_DOWN, pygame.K_UP) or k == pygame.K_TAB:
            forward = k == pygame.K_DOWN or (k == pygame.K_TAB and not shift)
            self.focus = (self.focus + (1 if forward else -1)) % (len(self.rows) + 1)
        elif k in (pygame.K_LEFT, pygame.K_RIGHT):
            self._step_focused(1 if k == pygame.K_RIGHT else -1)
        elif k == pygame.K_SPACE and 0 < self.focus <= len(self.rows):
            self.rows[self.focus - 1].buttons[1].action()  # as a click on the value: Chicken Chase's
            # own blocked fields open their card, which Left/Right (the printed sets) never reach
        elif k in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self.step_game(1 if k == pygame.K_PAGEDOWN else -1)
        elif k == pygame.K_F1:  # as in a game: the keyboard alone reached neither these three
            self.rules()        # buttons nor what they open
        elif k == pygame.K_s:
            self.settings()
        elif k == pygame.K_c and self.saved:
            self.open_saved()
        self.dirty = True

    def _step_focused(self, delta: int) -> None:
        if self.focus == 0:
            self.step_game(delta)
            return
        form_row = self.rows[self.focus - 1]
        if form_row.control.can(delta):
            form_row.control.step(delta)

    def focused_help(self) -> str:
        """The help of the row the keyboard is on (the mouse elsewhere): Tab or Up/Down to a
        row left the line on the game's tagline, so a keyboard player never read what a seat or
        an option means."""
        return self.rows[self.focus - 1].help if 0 < self.focus <= len(self.rows) else ""

    def _help_at(self, pos: tuple[int, int]) -> str:
        return next((row.help for row in self.rows if row.help and row.rect.collidepoint(pos)), "")

    def _value_at(self, pos: tuple[int, int]) -> ValueButton | None:
        return next((b for r in self.rows for b in r.buttons if isinstance(b, ValueButton) and b.hit(pos)), None)

    def _focus_at(self, pos: tuple[int, int]) -> None:
        """A click on a row (or a game) puts the keyboard focus there too."""
        if any(r.collidepoint(pos) for _g, r in self.cards):
            self.focus = 0
            return
        for i, form_row in enumerate(self.rows):
            if form_row.rect.collidepoint(pos):
                self.focus = i + 1

    def _back_at(self, pos: tuple[int, int]) -> None:
        """Right-click: a value steps back; a game card is chosen as with the left button."""
        value = self._value_at(pos)
        if value is not None and value.back is not None:
            self._focus_at(pos)
            value.back()
            self.app.audio.play("click")
        elif any(r.collidepoint(pos) for _g, r in self.cards):
            self.row.click(pos)
        self.dirty = True

    def update(self, dt: float) -> None:
        """Once the menu shows: a bad autosave is set aside with a message (not overwritten unseen
        by the next game; after `continue` has already reported it, there is nothing left to say).
        About once a second: an edited board file redraws the preview."""
        if not self.save_checked and self.app.top is self:
            self.save_checked = True
            note = self.app.saves.check()
            if note:
                self.saved = saved_games(self.app)
                self.layout(self.size)
                self.app.message(tr("Continue"), note)
        if time.monotonic() < self.next_poll or not self.games:
            return
        self.next_poll = time.monotonic() + 1.0
        stamp = self.previews.stamp(self.games[self.game_id], self.current.variant)
        if stamp != self.stamp:
            self.stamp = stamp
            self.dirty = True

    # -- drawing -----------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        m = self.metrics
        surface.fill(theme.TABLE)
        pygame.draw.rect(surface, theme.TABLE_DARK, pygame.Rect(0, 0, w, int(h * 0.16)))
        draw.text(surface, "tabletop", (int(w * 0.05), int(h * 0.08)), m.title, theme.PANEL, bold=True,
                  anchor="midleft")
        draw.fitted_text(surface, tr("four dice and board games for one table"),
                         pygame.Rect(int(w * 0.4), 0, int(w * 0.55), int(h * 0.16)), m.body, (220, 228, 212),
                         anchor="midright", min_size=m.small)
        if not self.games:
            draw.text(surface, tr("No games are installed."), (w // 2, h // 2), m.large, theme.PANEL, anchor="center")
            return
        self.draw_cards(surface)
        self.draw_preview(surface)
        self.draw_form(surface)
        self.draw_status(surface)

    def draw_cards(self, surface: pygame.Surface) -> None:
        m = self.metrics
        hover = {id(b.rect): b.hover for b in self.row.buttons}
        title_h = theme.font(self.title_size, True).get_linesize()
        for gid, r in self.cards:
            chosen = gid == self.game_id
            fill = (255, 244, 220) if chosen else ((246, 238, 222) if hover.get(id(r)) else (232, 224, 206))
            draw.shadowed_panel(surface, r, fill=fill, edge=theme.ACCENT if chosen else theme.PANEL_EDGE)
            if chosen and self.focus == 0:
                pygame.draw.rect(surface, theme.SELECT, r.inflate(m.pad, m.pad), width=max(2, m.pad // 2),
                                 border_radius=max(6, r.h // 6))
            spec = self.games[gid]
            inner = r.inflate(-4 * m.pad, 0)
            title = pygame.Rect(inner.x, r.y + m.pad, inner.w, r.h - 2 * m.pad if self.caption_h else title_h)
            draw.fitted_text(surface, tr(spec.title), title, self.title_size, theme.INK, bold=True, anchor="midleft",
                             min_size=min(m.body, self.title_size))
            if self.caption_h:  # the chosen game's tagline is over its board
                continue
            draw.fitted_text(surface, tr(TAGLINES.get(gid, "")),
                             pygame.Rect(inner.x, r.y + m.pad + title_h + m.pad // 2, inner.w,
                                         theme.font(m.small).get_linesize()),
                             m.small, theme.INK_SOFT, anchor="midleft", min_size=m.small)

    def draw_preview(self, surface: pygame.Surface) -> None:
        """The chosen board as the game draws it, on a piece of table (or why there is none)."""
        m = self.metrics
        panel = self.preview_rect
        if not panel.h:  # no room for it (see _place_games)
            return
        draw.shadowed_panel(surface, panel, fill=theme.TABLE_DARK, edge=theme.PANEL_EDGE)
        area = panel.inflate(-2 * m.pad, -2 * m.pad)
        if self.caption_h:  # the chosen game's tagline, over its board
            caption = pygame.Rect(area.x + m.pad, area.y, area.w - 2 * m.pad, self.caption_h - m.pad)
            draw.paragraph(surface, tr(TAGLINES.get(self.game_id, "")), caption, m.small, theme.PANEL, min_size=m.tiny)
            area = pygame.Rect(area.x, area.y + self.caption_h, area.w, area.h - self.caption_h)
        c = self.current
        asking = self.asking_start
        start = asking[1:] if asking is not None and asking[0] == self.game_id else None
        preview = self.previews.get(self.games[self.game_id], c.variant, c.players, c.start_options(),
                                    area.size, m.small, start)
        if preview.picture is not None:
            surface.blit(preview.picture, area.topleft)
            return
        # why there is no picture (a broken board file's errors, one per line): wrapped, set smaller
        # when the room is short, and ending in "…" where it still has to stop, never cut silently
        problems = "\n".join(preview.problem or [tr("No picture of this board.")])
        draw.paragraph(surface, problems, area.inflate(-2 * m.pad, -2 * m.pad), m.small, theme.PANEL, min_size=m.tiny)

    def draw_form(self, surface: pygame.Surface) -> None:
        m = self.metrics
        draw.shadowed_panel(surface, self.right)
        spec = self.games[self.game_id]
        inner = self.right.inflate(-4 * m.pad, -4 * m.pad)
        draw.fitted_text(surface, tr("New game: {game}", game=tr(spec.title)),
                         pygame.Rect(inner.x, inner.y, inner.w, theme.font(m.large, True).get_linesize()), m.large,
                         theme.INK, bold=True, anchor="midleft", min_size=m.body)
        if 0 < self.focus <= len(self.rows):
            stepper.draw_focus(surface, self.rows[self.focus - 1].rect.inflate(m.pad, m.pad // 2 + 2), m.pad)
        for label, r in self.labels:
            draw.fitted_text(surface, label, r, m.body, theme.INK, anchor="midleft", min_size=m.small)
        for colour, r in self.swatches:
            st = theme.style(colour)
            draw.piece(surface, r.center, r.h * 0.36, st.rgb, st.symbol)
        help_text = self.hover_help or self.focused_help() or self.default_help
        line_h = theme.font(m.small).get_linesize()
        # the row's help takes the lines it needs (up to two, smaller before anything is cut);
        # the keys stay on the last line
        above = pygame.Rect(self.help_rect.x, self.help_rect.y, self.help_rect.w, self.help_rect.h - line_h)
        lines_needed = len(theme.wrap(help_text, m.small, above.w))
        # set down on the keys line as one line is (two lines hung from the top, a gap over the keys)
        area = (above if lines_needed > 2
                else pygame.Rect(above.x, above.bottom - lines_needed * line_h, above.w, lines_needed * line_h))
        draw.paragraph(surface, help_text, area, m.small, theme.INK_SOFT, min_size=m.tiny)
        draw.fitted_text(surface, tr(KEYS_HELP), pygame.Rect(above.x, above.bottom, above.w, line_h),
                         m.small, theme.INK_SOFT, anchor="midleft", min_size=m.small)
        cards = {id(r) for _g, r in self.cards}
        for b in self.row.buttons:
            if id(b.rect) not in cards:
                # not under the readable size where the value fits at it, on two lines if need be
                # (the buttons' own floor of 10px set a long variant in 9px at 130%); where even
                # that is too wide (short rows of a full form) smaller, rather than cut
                b.draw(surface, m.body, min_size=m.tiny if b.fits(m.tiny) else 10)

    def draw_status(self, surface: pygame.Surface) -> None:
        """Bottom left, beside Continue: the saved games waiting, and how the last game ended (set
        smaller when long, never cut silently)."""
        w, h = surface.get_size()
        m = self.metrics
        parts = []
        if len(self.saved) == 1:
            parts.append(tr("A saved game is waiting: {game}.", game=self.saved[0].title))
        elif self.saved:  # Continue lists them
            parts.append(tr("{n} saved games are waiting.", n=len(self.saved)))
        last = self.app.settings["last_results"].get(language()) or self.app.settings["last_result"]
        if last:
            parts.append(tr("Last game: {result}", result=last))
        if not parts:
            return
        box = pygame.Rect(int(w * 0.05), self.status_top, self.status_right - int(w * 0.05), h - m.pad - self.status_top)
        # a number stays with the word after it: "(2 очка)" broke as "(2" / "очка)" at 130%
        text = NUMBER_AND_WORD.sub("\\1\u00a0", "\n".join(parts))
        size = m.small
        while size > m.tiny and len(theme.wrap(text, size, box.w)) * theme.font(size).get_linesize() > box.h:
            size -= 1
        height = len(theme.wrap(text, size, box.w)) * theme.font(size).get_linesize()
        box = pygame.Rect(box.x, max(box.y, box.bottom - height), box.w, min(box.h, height))
        draw.paragraph(surface, text, box, size, theme.PANEL, min_size=m.tiny)

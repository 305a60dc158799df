"""``tabletop replay RECORD.json``: step through a recorded game with the arrow keys (Home/End
jump) or the panel's buttons (a click on the board does nothing: there is nothing to choose), and,
for a game whose scene has one (Plakoto), open its game review of the whole record (R or the
Review button; Esc there comes back here).

The game's own scene draws each position; this wrapper never lets it act (no computer moves,
no rolls, nothing lit for choosing): it only moves along the record. The panel says who played
each seat, as the game did, and at the record's end who won. A record whose move k is illegal
opens at the position before k and says so; a record that cannot be replayed at all (or whose
board is broken) is refused on the command line before a window opens (exit 2, one line naming
the file).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pygame

from tabletop.core.game import CHANCE
from tabletop.core.records import check_record
from tabletop.core.session import RecordError, Session
from tabletop.i18n import tr
from tabletop.launch import Seat, seats_of
from tabletop.layout import BoardStore
from tabletop.saves import read_json
from tabletop.ui import theme
from tabletop.ui.game_scene import make_scene
from tabletop.ui.results import game_over_text
from tabletop.ui.scene import Scene
from tabletop.ui.widgets import ARROW, Button


@dataclass
class Replay:
    """A checked record ready to step through: the session at its start, the playable moves
    (up to the first bad one) and a note about the bad one."""

    session: Session
    moves: list[list]
    note: str = ""


def read_replay(path: Path, store: BoardStore | None = None) -> Replay:
    """Read and check ``path`` (the record, and its board when ``store`` is given) before any
    window opens; raise StateError or LayoutErrors naming what is wrong."""
    from tabletop.games import all_games

    data = read_json(path)
    spec = check_record(data, all_games(), store)
    moves = list(data["moves"])
    note = ""
    try:
        Session.from_record(spec, data)  # check every move once
    except RecordError as exc:
        moves = moves[: exc.index]
        note = tr("{error} — the replay stops before it.", error=exc)
    session = Session.from_record(spec, data, upto=0)
    if store is not None:
        spec.load_layout(store, session.meta.get("variant", spec.default_variant))
    return Replay(session, moves, note)


class ReplayScene(Scene):
    """The viewer: the game's own scene draws the position, its panel holding the viewer's controls
    (the game's Roll, Undo, Menu... would act on a record, so they are not offered) and a prompt
    saying where in the record we are; its log follows the record move by move."""

    def __init__(self, app, session: Session, moves: list[list], note: str = "") -> None:
        super().__init__(app)
        self.played_by = list(session.meta.get("seats", []))  # who really sat where: the review looks at the people
        self.real_seats = seats_of(session)
        # every seat a person, so that no computer plays (their names kept); the panel still says
        # who played each seat (the scene's ``shown_seats``), as the game did
        session.meta["seats"] = [Seat("human", name=s.name).__dict__ for s in self.real_seats]
        self.session = session
        self.moves = moves
        self.note = note
        self.inner = make_scene(app, session)
        self.inner.replay_viewer = self
        self.can_review = callable(getattr(self.inner, "open_review", None))
        self._log_start = len(self.inner.log.entries)  # the title line stays; moves follow it
        self._over_logged = False  # the game-over line is in the log (once the record's end is shown)
        # the turn of each move, as the game's review numbers them (Plakoto), else None: moves counted
        self.turn_names = self.inner.record_turn_names(self.whole_record())
        self.inner._changed()

    def layout(self, size):
        super().layout(size)
        self.inner.layout(size)
        self._learn_role_form()

    def _learn_role_form(self) -> None:
        """Let the panel's players list see every position of the record once, so that it names a
        computer in the one form that fits all of them (the game's ``role_form``) from the first
        step on: it settled on a shorter form only at the step that needed it, and a replay read
        «компьютер, случайный» up to there, «случайный» after it."""
        if self.app.table_mode:  # no players list: each strip's head has its own room
            return
        session, k = self.session, len(self.session.played)
        self.inner.role_form()
        while len(session.played) < len(self.moves):
            seat, text = self.moves[len(session.played)]
            session._push(session.state.parse_move(text), seat)
            self.inner.role_form()
        while len(session.played) > k:
            session.step_back()

    # -- what the game's panel shows instead of its own controls -----------------------------------
    def action_buttons(self) -> list[Button]:
        k, n = len(self.session.played), len(self.moves)
        buttons = [Button(tr("Forward"), self.forward, enabled=k < n, primary=True, key="Right"),
                   Button(tr("Back"), self.back, enabled=k > 0, key="Left"),
                   Button(tr("To the start"), self.to_start, enabled=k > 0, key="Home"),
                   Button(tr("To the end"), self.to_end, enabled=k < n, key="End")]
        if self.can_review:
            buttons.append(Button(tr("Review"), self.open_review, key="R"))
        return buttons

    def global_buttons(self) -> list[Button]:
        audio = self.app.audio
        return [Button(tr("Quit"), self.quit, key="Esc"), Button(tr("Rules"), self.inner.show_rules, key="F1"),
                Button(tr("Sound") if audio.enabled else tr("Muted"), self.inner.toggle_sound,
                       toggled=not audio.enabled, key="M")]

    def prompt(self) -> str:
        k, n = len(self.session.played), len(self.moves)
        said = ""
        before = self.session.previous_state()
        if k and before is not None:
            # the log's sentence, as one clause of the prompt: its "->" (the log draws an arrow the
            # font has no glyph for) as a spaced dash (Trap the Cap's "Red–Green 5" holds a dash
            # of its own), and its own full stop dropped
            said = self.inner.describe(before, before.parse_move(self.moves[k - 1][1]))
            said = said.replace(ARROW, " – ").rstrip(".")
        tail = ""
        if k == n and self.note:
            tail += " " + self.note
        if self.session.state.current_player is None:  # the record's end: who won, as the game said it
            tail += " " + game_over_text(self.inner.result_summary()).rstrip(".") + "."
        text = self._where(k, n, said) + tail
        if said and not self.inner.prompt_fits(text):
            # the log just under it says the move in full: better the place in the record and the
            # result at a readable size than all three squeezed into the smallest type
            text = self._where(k, n, "") + tail
        return text

    def _where(self, k: int, n: int, said: str) -> str:
        """Where in the record we are, with the move that led here (``said``) when it is given."""
        if self.turn_names is None:
            return (tr("Replay, move {k} of {n}: {move}.", k=k, n=n, move=said) if said
                    else tr("Replay, move {k} of {n}.", k=k, n=n))
        if k and self.turn_names[k - 1]:  # the turn first, as the review names it; the record's step after
            if said:
                return tr("Replay, {turn} (step {k} of {n}): {move}.", turn=self.turn_names[k - 1], k=k, n=n,
                          move=said)
            return tr("Replay, {turn} (step {k} of {n}).", turn=self.turn_names[k - 1], k=k, n=n)
        return (tr("Replay, step {k} of {n}: {move}.", k=k, n=n, move=said) if said
                else tr("Replay, step {k} of {n}.", k=k, n=n))

    # -- moving along the record ---------------------------------------------------------------------
    def whole_record(self) -> dict:
        """The record's playable part, with its real seats (the review's people)."""
        record = self.session.record()
        return {**record, "meta": {**record["meta"], "seats": self.played_by}, "moves": [list(m) for m in self.moves]}

    def open_review(self) -> None:
        """The game's review of the whole record, opened on the turn the viewer is showing."""
        self.inner.open_review(record=self.whole_record(), at_move=len(self.session.played))

    def quit(self) -> None:
        self.app.running = False

    def _step(self) -> bool:
        """One move forward, logged as the game logs it (never saved: the record is not a game)."""
        k = len(self.session.played)
        if k >= len(self.moves):
            return False
        seat, text = self.moves[k]
        before = self.session.state.copy()
        owner = self.inner.roller() if seat == CHANCE else seat
        move = before.parse_move(text)
        self.session._push(move, seat)
        self.inner.log_move(before, move, owner)
        self.inner.last_move, self.inner.last_state = move, before
        self.inner.history.append((before, move, seat))  # what the board outlines: the last turn
        return True

    def _shown(self) -> None:
        self.inner.outline = self.inner._last_turn() if self.session.played else []
        self.inner._changed()
        if self.session.state.current_player is None and not self._over_logged:  # the log ends as the game's did
            self.inner.log.add(tr("Game over.") + " " + self.inner.result_summary(), theme.ACCENT_DARK)
            self._over_logged = True
        self.dirty = True

    def forward(self) -> None:
        if self._step():
            self._shown()

    def to_end(self) -> None:
        while self._step():
            pass
        self._shown()

    def back(self) -> None:
        if self.session.played:
            self._rewind(len(self.session.played) - 1)

    def to_start(self) -> None:
        self._rewind(0)

    def _rewind(self, k: int) -> None:
        """Back to move ``k``: the log is written again up to there (it only ever grows forward)."""
        while self.session.played:
            self.session.step_back()
        log = self.inner.log
        del log.entries[self._log_start:]
        self._over_logged = False
        log.scroll = 0
        self.inner._log_mover = None
        self.inner.last_move = self.inner.last_state = None
        self.inner.history.clear()
        while len(self.session.played) < k and self._step():
            pass
        self._shown()

    def handle(self, event) -> None:
        inner = self.inner
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_RIGHT:
                self.forward()
            elif event.key == pygame.K_LEFT:
                self.back()
            elif event.key == pygame.K_END:
                self.to_end()
            elif event.key == pygame.K_HOME:
                self.to_start()
            elif event.key == pygame.K_ESCAPE:
                self.quit()
            elif event.key == pygame.K_r and self.can_review:
                self.open_review()
            elif event.key == pygame.K_F1:
                inner.show_rules()
            elif event.key == pygame.K_m:
                inner.toggle_sound()
            elif event.key == pygame.K_l:
                inner.show_log()
        elif event.type == pygame.MOUSEMOTION:
            if inner.table_motion(event.pos) if self.app.table_mode else inner.buttons.motion(event.pos):
                self.dirty = True
            return
        elif event.type == pygame.MOUSEWHEEL:
            inner.log.wheel(event.y)
        elif event.type == pygame.MOUSEBUTTONDOWN:
            if event.button == 1 and inner.log.button.collidepoint(event.pos):
                inner.show_log()
            elif event.button == 1:  # only the viewer's controls step: a click on the board does nothing
                self._control_click(event.pos)
        self.dirty = True

    def _control_click(self, pos: tuple[int, int]) -> bool:
        """A click on one of the viewer's buttons (in the panel, or in a table seat's strip; never
        the game's own table clicks, which would roll into the record)."""
        if not self.app.table_mode:
            return self.inner.buttons.click(pos)
        for panel in self.inner.table_panels:
            local = panel.to_local(pos)
            if local is None:
                continue
            point = (int(local[0]), int(local[1]))
            for b in [*self.inner.table_buttons.get(panel.seat, []), self.inner.table_menus[panel.seat]]:
                if b.hit(point):
                    b.action()
                    return True
        return False

    def draw(self, surface) -> None:
        self.inner.draw(surface)

"""``tabletop replay RECORD.json``: step through a recorded game with ← and → (Home/End jump), and,
for a game whose scene has one (Plakoto), open its game review of the whole record (R or the bar's
Review button; Esc there comes back here).

The game's own scene draws each position; this wrapper never lets it act (no computer moves,
no rolls): it only moves along the record. A record whose move k is illegal opens at the position
before k and says so; a record that cannot be replayed at all (or whose board is broken) is
refused on the command line before a window opens (exit 2, one line naming the file).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pygame

from tabletop.core.records import check_record
from tabletop.core.session import RecordError, Session
from tabletop.i18n import tr
from tabletop.launch import Seat
from tabletop.layout import BoardStore
from tabletop.saves import read_json
from tabletop.ui import draw, theme
from tabletop.ui.game_scene import make_scene
from tabletop.ui.scene import Scene
from tabletop.ui.widgets import Button


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
    def __init__(self, app, session: Session, moves: list[list], note: str = "") -> None:
        super().__init__(app)
        self.played_by = list(session.meta.get("seats", []))  # who really sat where: the review looks at the people
        session.meta["seats"] = [Seat("human").__dict__ for _ in range(session.state.num_players)]
        self.session = session
        self.moves = moves
        self.note = note
        self.inner = make_scene(app, session)
        self.review = (Button(tr("Review"), self.open_review, key="R")
                       if callable(getattr(self.inner, "open_review", None)) else None)

    def layout(self, size):
        super().layout(size)
        self.inner.layout(size)
        if self.review is not None:
            m = self.metrics
            label = f"{self.review.label}  [{self.review.key}]"
            w = max(theme.font(m.body).size(label)[0] + 4 * m.pad, 9 * m.body + 1)  # room for the key hint
            inset = m.pad // 3
            self.review.rect = pygame.Rect(size[0] - w - m.pad, inset, w, m.button_h - 2 * inset)

    def whole_record(self) -> dict:
        """The record's playable part, with its real seats (the review's people)."""
        record = self.session.record()
        return {**record, "meta": {**record["meta"], "seats": self.played_by}, "moves": [list(m) for m in self.moves]}

    def open_review(self) -> None:
        self.inner.open_review(record=self.whole_record())

    def forward(self) -> None:
        k = len(self.session.played)
        if k < len(self.moves):
            seat, text = self.moves[k]
            self.session._push(self.session.state.parse_move(text), seat)
            self.inner._changed()

    def back(self) -> None:
        if self.session.played:
            self.session.step_back()
            self.inner._changed()

    def handle(self, event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_RIGHT:
                self.forward()
            elif event.key == pygame.K_LEFT:
                self.back()
            elif event.key == pygame.K_END:
                while len(self.session.played) < len(self.moves):
                    self.forward()
            elif event.key == pygame.K_HOME:
                while self.session.played:
                    self.back()
            elif event.key == pygame.K_ESCAPE:
                self.app.running = False
            elif event.key == pygame.K_r and self.review is not None:
                self.open_review()
        elif event.type == pygame.MOUSEMOTION:
            if self.review is not None and self.review.hover != self.review.rect.collidepoint(event.pos):
                self.review.hover = not self.review.hover
                self.dirty = True
            return
        elif event.type == pygame.MOUSEBUTTONDOWN:
            if event.button == 1 and self.review is not None and self.review.hit(event.pos):
                self.open_review()
            elif event.button == 1:
                self.forward()
            elif event.button == 3:
                self.back()
        self.dirty = True

    def draw(self, surface) -> None:
        self.inner.draw(surface)
        m = self.metrics
        bar = pygame.Rect(0, 0, surface.get_width(), m.button_h)
        pygame.draw.rect(surface, theme.TABLE_DARK, bar)
        text = tr("Replay: move {k} of {n} — Left arrow: back, Right arrow: forward, Home/End, Esc quits",
                  k=len(self.session.played), n=len(self.moves))
        right = self.review.rect.x - m.pad if self.review is not None else bar.right - m.pad
        draw.fitted_text(surface, text, pygame.Rect(m.pad * 2, bar.y, right - 2 * m.pad, bar.h), m.body, theme.PANEL,
                         anchor="midleft", min_size=m.tiny)
        if self.review is not None:
            self.review.draw(surface, m.body, min_size=m.tiny)
        if self.note:
            draw.text(surface, self.note, (m.pad * 2, bar.bottom + m.pad), m.small, theme.BAD)

"""The Plakoto hint's life: asked (the button or H) → thought out in a worker → the three best turns
drawn as arrows with their chances → hidden by H again or as soon as the position changes.

Why a worker: ranking every legal turn (``ai_search.analyse``, the ``hard`` player's own search)
takes up to a few tenths of a second; the window keeps drawing and answering meanwhile. The hint is
tied to the scene's ``state_version`` it was asked at: an answer for an older position is dropped,
and any move, roll or undo hides a hint that is showing (it would describe another position).
"""

from __future__ import annotations

from typing import Any

import pygame

from tabletop.games.plakoto.ai_search import TurnAnalysis, analyse
from tabletop.games.plakoto.rules import PlakotoState
from tabletop.games.plakoto.scene_arrows import RANK_COLOURS, Segment, ShownTurn, paint_turns, turn_segments
from tabletop.games.plakoto.scene_draw import BoardGeom
from tabletop.games.plakoto.scene_legend import LegendRow, turn_text
from tabletop.i18n import tr
from tabletop.ui.background import NOTHING, Background

SHOWN = 3
"""How many of the best turns the hint shows."""


def best_turns(state: PlakotoState) -> list[TurnAnalysis]:
    """The hint's answer, in the worker: the best legal turns from ``state`` (a copy), best first."""
    return analyse(state)[:SHOWN]


class Hint:
    """Whether a hint is asked, its answer once the worker has it, and its pixels (kept while the
    position and the board's size stay)."""

    def __init__(self) -> None:
        self.job = Background("hint")
        self.version: int | None = None          # the scene's state version it was asked at
        self.ranked: list[TurnAnalysis] | None = None
        self.error = ""
        self.match = False  # asked in a match: the chances of winning the match are shown
        self._pixels: tuple[Any, list[list[Segment]]] = (None, [])

    @property
    def active(self) -> bool:
        """Asked for this position (thinking or shown)."""
        return self.version is not None

    @property
    def thinking(self) -> bool:
        return self.version is not None and self.ranked is None and not self.error

    @property
    def shown(self) -> bool:
        return self.ranked is not None

    def ask(self, state: PlakotoState, version: int) -> None:
        self.hide()
        self.version = version
        self.match = not state.single_game
        self.job.start(version, best_turns, state.copy())

    def hide(self) -> None:
        self.job.cancel()
        self.version = None
        self.ranked = None
        self.error = ""

    def poll(self, version: int) -> bool:
        """Called every tick: hide a hint of another position, take the worker's answer. True when
        what the hint shows changed (the scene redraws)."""
        if self.version is None:
            return False
        if self.version != version:
            self.hide()
            return True
        if self.ranked is not None or self.error:
            return False
        got = self.job.take(version)
        if got is NOTHING:
            return False
        if isinstance(got, BaseException):
            self.error = str(got) or type(got).__name__
        else:
            self.ranked = list(got)
        return True

    def signature(self) -> tuple:
        """What the hint shows, for the frame's signature and a table strip's cache key."""
        return (self.version, self.ranked is not None, self.error)

    def close(self) -> None:
        self.hide()
        self.job.close()

    # -- what to draw ------------------------------------------------------------------------------
    def shown_turns(self) -> list[ShownTurn]:
        return [ShownTurn(a.turn.steps, RANK_COLOURS[k % len(RANK_COLOURS)], str(k + 1))
                for k, a in enumerate(self.ranked or [])]

    def paint(self, surface: pygame.Surface, g: BoardGeom, state: PlakotoState, text_size: int,
              turned: bool) -> None:
        """The arrows of the turns shown, on the board (nothing while thinking)."""
        if not self.ranked:
            return
        key = (self.version, tuple(g.vp.rect), g.vp.scale, g.flipped)
        if self._pixels[0] != key:
            self._pixels = (key, [turn_segments(g, state, a.turn.steps) for a in self.ranked])
        paint_turns(surface, g, list(zip(self.shown_turns(), self._pixels[1], strict=True)), text_size, turned)

    def heading(self) -> str:
        if self.error:
            return tr("No hint: {error}", error=self.error)
        if self.ranked is None:
            return tr("Looking for the best turns…")
        if not self.ranked:
            return tr("No legal turn to suggest.")
        return tr("Hint: the best turns")

    def rows(self, label: Any) -> list[LegendRow]:
        """The legend's rows, the points numbered by ``label`` (the scene passes ``str``: the
        mover's own numbering, as the log and the review write them)."""
        return [LegendRow(shown, turn_text(a.turn.steps, label), a.win, a.double_win, a.equity,
                          a.value if self.match else None)
                for shown, a in zip(self.shown_turns(), self.ranked or [], strict=True)]

"""Captain Flip's scene: the Adventure boards, the drawn tile, and the mouse-to-move adapter.

Everything drawn comes from ``state.observation(seat)``, so the hidden side of a tile can never
leak onto the screen. The scene never builds a move: every click is answered by *filtering the
core's* ``legal_moves()`` (a column click picks the ``Place`` of that column, a tile click the
``FlipAt`` of that space, the Keep/Flip buttons the ``Choice``), then ``self.play`` applies it.
Geometry lives in :mod:`scene_geom`, pixels in :mod:`scene_draw`, texts in :mod:`scene_text`.
"""

from __future__ import annotations

from typing import Any

import pygame

from tabletop.core import CHANCE
from tabletop.games.captain_flip import scene_draw as sd
from tabletop.games.captain_flip import scene_text as txt
from tabletop.games.captain_flip.moves import Choice, DolphinDraw, Draw, FlipAt, Place
from tabletop.games.captain_flip.rules import (
    BONUS_FLIP,
    DOLPHIN_FLIP,
    DRAW,
    KEEP_OR_FLIP,
    MONKEY_FLIP,
    OVER,
    PLACE,
    UNKNOWN,
    CaptainFlipState,
)
from tabletop.games.captain_flip.scene_geom import BOX, TALL_BOX, Parts, Slot, inside
from tabletop.games.captain_flip.scene_paint import Painter
from tabletop.i18n import tr
from tabletop.ui import draw, table_strip, theme
from tabletop.ui.game_scene import GameScene, PlayerRow
from tabletop.ui.results import ResultTable
from tabletop.ui.table import EdgePanel
from tabletop.ui.widgets import Button, Viewport

FLIP_PHASES = (MONKEY_FLIP, BONUS_FLIP, DOLPHIN_FLIP)


BOARD_LEAST = 1.8
"""A strip's picture of its captain's ship is at least this many button heights tall (or none)."""


class CaptainFlipScene(GameScene):
    """Captain Flip at the table: keep or flip the drawn tile, click a lit column to place it."""

    title = "Captain Flip"

    def __init__(self, app: Any, session: Any, layout: Any) -> None:
        super().__init__(app, session, layout)
        self.obs: CaptainFlipState = self.state.observation(0)
        self.drag = False
        self.drag_pos = (0.0, 0.0)
        self.pressed: Any = None
        """At a table, the move a finger pressed (a lit column, a tile to flip): played when it
        lifts there, so a finger can rest on the board to read its card; a hold drops it."""
        self.hover_col: int | None = None
        self.hover_tip: tuple[Any, ...] | None = None
        self.key_pick: tuple[int, int] | None = None
        """In a flip phase, the lit tile (column, row) the keyboard marked: Enter flips it."""
        self.anims: dict[tuple[int, int, int], tuple[str, int]] = {}
        self.anim_chance = False
        self.card_anim = ""  # "", "draw" (turning up from the bag) or "flip" (Keep/Flip → flip)
        self.card_old = -1
        self._sticky = -1
        self.parts = Parts()  # the card's and the strip's heights: set for the window in layout()
        self.high_note = ""  # the result card's word on the high-score table (the painter may say it first)
        self.painter = Painter(self)
        if self.high_note:  # said now too: the side card read "none yet" with no word until the game's end
            self.log.add(self.high_note, theme.BAD)
        self._turns: dict[str, tuple[EdgePanel, Viewport]] = {}
        self._view_parts: dict[tuple[tuple[int, int], bool], Parts] = {}  # the parts planned per turned view size
        self.recorded = False
        self.on_state_changed()

    # -- who is looked at --------------------------------------------------------------------------
    @property
    def board(self) -> Any:
        """The board as the file now draws it (the state keeps the one the game began with: an
        edited colour or position was logged as applied and never drawn)."""
        return self.layout_data.board

    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.is_human][: self.state.num_players]

    def focus_seat(self) -> int:
        """The captain whose board is drawn large: the human whose turn it is, else the last human
        who played (hot-seat), else the only human; with no human, whoever is acting. While a move
        animates, the board it happened on stays large."""
        st = self.state
        if self.last_state is not None and self.last_move is not None and self.anim_progress() < 1.0:
            st = self.last_state
        humans = self.humans()
        if st.phase != OVER and st.actor in humans:
            self._sticky = st.actor
            return st.actor
        if self._sticky in humans:
            return self._sticky
        if humans:
            return humans[0]
        return st.actor if st.phase != OVER else 0

    def current_slots(self) -> list[Slot]:
        return self.parts.slots(self.board, self.state.num_players, self.focus_seat())

    def slot_of(self, seat: int) -> Slot | None:
        return next((s for s in self.current_slots() if s.seat == seat), None)

    # -- state changes and animation ---------------------------------------------------------------
    def on_state_changed(self) -> None:
        self.drag = False
        self.pressed = None
        self.key_pick = None
        state = self.state
        view = next(iter(self.humans()), 0)
        self.obs = state.observation(view)
        self.anims = {}
        self.card_anim = ""
        before, move = self.last_state, self.last_move
        if before is None or move is None:
            return
        self.anim_chance = before.current_player == CHANCE
        low = [c.low for c in self.board.columns]
        for seat in range(state.num_players):
            for c, (old, new) in enumerate(zip(before.boards[seat], state.boards[seat], strict=False)):
                for i, tile in enumerate(new):  # faces only: they are public
                    if i >= len(old):
                        self.anims[(seat, c, low[c] + i)] = ("place", -1)
                    elif old[i][0] != tile[0]:
                        self.anims[(seat, c, low[c] + i)] = ("flip", old[i][0])
        if isinstance(move, Draw):
            self.card_anim = "draw"
        elif isinstance(move, Choice) and move.flip and before.drawn is not None:
            self.card_anim, self.card_old = "flip", before.drawn[0]

    def anim_progress(self) -> float:
        """0→1 over the last move's slide/flip (a draw's over the roll time)."""
        return self.roll_progress() if self.anim_chance else self.move_progress()

    # -- hooks: board ----------------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        self._turns = {}
        self._view_parts = {}
        if self.viewport is not None and hasattr(self, "painter"):
            self.parts = self.painter.plan(self.viewport)

    # -- table mode: the middle area faces the captain in focus -----------------------------------------
    def facing(self) -> tuple[EdgePanel, Viewport] | None:
        """In table mode: the middle area (the large board, the drawn-tile card, the score strip and
        the other boards) as an upright surface turned onto the board area to face the captain whose
        board is drawn large (the one on turn; see ``focus_seat``) at whichever edge he sits — 0°
        at the bottom, 180° at the top, 90°/270° at a side, where the area turned on its side is
        taller than wide and the parts are laid out in the tall box (``TALL_BOX``: his board and
        the drawn tile fill it, where the wide box would leave a third of it empty) — the turn an
        :class:`EdgePanel` (the frame's own turn and its exact inverse), with the Viewport that
        maps the box into that surface. The card and strip are planned
        again for that view's scale, so their words fit. None: window mode, drawn upright."""
        if not self.app.table_mode or self.viewport is None or not getattr(self, "table_panels", None):
            return None
        area = self.board_area
        if area.w < 2 or area.h < 2 or not pygame.Rect((0, 0), self.size).contains(area):
            return None
        seat = self.focus_seat()
        edge = next((p.edge for p in self.table_panels if p.seat == seat), "bottom")
        turn = self._turns.get(edge)
        tall = edge in ("left", "right") and area.w > area.h  # on its side the area is taller than wide
        if turn is None:
            size = area.size if edge in ("bottom", "top") else (area.h, area.w)
            panel = EdgePanel(seat, edge, size, area.copy(), "middle")
            box = TALL_BOX if tall else self.board_box()
            turn = self._turns[edge] = (panel, Viewport(box, pygame.Rect((0, 0), size)))
        key = (turn[0].size, tall)
        parts = self._view_parts.get(key)
        if parts is None:
            parts = self._view_parts[key] = self.painter.plan(turn[1], tall)
        self.parts = parts
        return turn

    def table_opaque_rects(self) -> list[pygame.Rect]:
        """The turned middle area is one opaque picture over the whole board area."""
        return [self.board_area] if self.facing() is not None else []

    def drop_caches(self) -> None:
        super().drop_caches()
        self.forget_board_frame()

    def forget_board_frame(self) -> None:
        if hasattr(self, "painter"):
            self.painter.forget_frame()

    def board_point(self, pos: tuple[float, float], event: pygame.event.Event) -> tuple[float, float]:
        """The logical point under the mouse: ``pos`` (the frame's upright mapping), or, while the
        middle area is turned, the event's pixel mapped back through the turn and its Viewport."""
        turn = self.facing()
        if turn is None or not hasattr(event, "pos"):
            return pos
        panel, vp = turn
        local = panel.to_local(event.pos)
        return vp.to_logical(*local) if local is not None else pos

    def board_box(self) -> tuple[float, float, float, float]:
        return BOX

    @classmethod
    def draw_preview(cls, surface: pygame.Surface, rect: pygame.Rect, layout: Any, state: Any,
                     text_size: int) -> bool:
        """The menu's picture: the chosen Adventure board alone, as large as it fits, with its
        bonuses in its tags, or in its top spaces where a tag has no room (what tells boards A–E,
        or a user's F, apart), each said once; with one player, a line over it saying this is the
        solo game (nothing else in the menu does)."""
        if state.num_players == 1:
            pad = max(4, text_size // 2)
            band = pygame.Rect(rect.x + pad, rect.y + pad, rect.w - 2 * pad,
                               3 * theme.font(text_size, True).get_linesize())
            bottom = draw.paragraph(surface, tr("Solo mode: the coins you end with give your rank."), band,
                                    text_size, theme.PANEL, bold=True)
            rect = pygame.Rect(rect.x, bottom, rect.w, rect.bottom - bottom)
        sd.paint_lone_board(surface, rect, layout, state, 0, text_size, once=True)
        return True

    @classmethod
    def draw_rules_picture(cls, surface: pygame.Surface, rect: pygame.Rect, spec: Any, layout: Any,
                           text_size: int) -> str:
        """A real placing of a seeded game: the drawn tile, the lit lowest free spaces of the
        columns, and an arrow to the column it goes to. Where the game offers one, the space
        it goes to holds no words and has none just under it: the arrow's dot on a top space
        covered its bonus ("take the Treasure Map" on board C, "+3 coins" on board D), and the
        lit target's wide rim on a bottom space covers the column's number under it."""
        from tabletop.core import Setup
        from tabletop.ui.moments import find_moment

        state = spec.new_state(Setup(2, layout.board.id, {}, layout, 0))
        columns = layout.board.columns

        def placing(position: Any, move: Any) -> bool:
            return isinstance(move, Place) and sum(map(len, position.boards[position.actor])) >= 5

        def clear(position: Any, move: Any) -> bool:
            spot = position.next_space(position.actor, move.col) if placing(position, move) else None
            if spot is None:
                return False
            column = columns[move.col]
            return spot[1] > column.low and (spot[1] != column.top or column.bonus.kind == "none")

        found = find_moment(state, clear)
        if found is None or not clear(*found):
            found = find_moment(state, placing)
        if found is None or not isinstance(found[1], Place) or found[0].drawn is None:
            return ""
        position, move = found
        sd.paint_place_picture(surface, rect, layout, position, move, text_size)
        char = layout.tiles.characters[position.drawn[0]]
        if char.kind == "end":
            return tr("Keep the drawn tile or flip it to its hidden side, then place it on the lowest free space of "
                      "a column (lit). Here the {name} goes to column {n}; it scores at the end of the game.",
                      name=tr(char.id), n=move.col + 1)
        return tr("Keep the drawn tile or flip it to its hidden side, then place it on the lowest free space of "
                  "a column (lit). Here the {name} goes to column {n}; its effect applies at once.", name=tr(char.id),
                  n=move.col + 1)

    def draw_table_texture(self, surface: pygame.Surface) -> None:
        """The table and the boards' static layer come from one cached picture."""
        self.painter.background(surface, super().draw_table_texture)

    def draw_board(self, surface: pygame.Surface, vp: Viewport) -> None:
        turn = self.facing()
        if turn is None:
            self.painter.paint(surface, vp)
        else:
            self.painter.paint_turned(surface, *turn)

    def place_move_at(self, pos: tuple[float, float]) -> Any:
        """The legal ``Place`` for the column under ``pos`` on the actor's board, if any."""
        state = self.state
        if state.phase != PLACE:
            return None
        slot = self.slot_of(state.actor)
        if slot is None:
            return None
        col = slot.column_at(self.board, *pos)
        return next((m for m in state.legal_moves() if isinstance(m, Place) and m.col == col), None)

    def flip_move_at(self, pos: tuple[float, float]) -> Any:
        """The legal ``FlipAt`` for the tile under ``pos`` on the actor's board, if any."""
        state = self.state
        if state.phase not in FLIP_PHASES:
            return None
        slot = self.slot_of(state.actor)
        spot = slot.space_at(self.board, *pos) if slot is not None else None
        if spot is None:
            return None
        return next((m for m in state.legal_moves() if isinstance(m, FlipAt) and (m.col, m.row) == spot), None)

    def board_click(self, pos: tuple[float, float], event: pygame.event.Event) -> None:
        pos = self.board_point(pos, event)
        state = self.state
        self.pressed = None
        if state.current_player is None:
            return
        if inside(self.parts.card, *pos) and self.can_roll():
            self.roll()
            return
        if not self.human_to_move():
            return
        if state.phase == PLACE:
            if inside(self.parts.tile, *pos):
                self.drag, self.drag_pos = True, pos
                return
            self.press(self.place_move_at(pos))
        elif state.phase in FLIP_PHASES:
            self.press(self.flip_move_at(pos))

    def press(self, move: Any) -> None:
        """A click plays ``move`` at once; at a table the finger's press only picks it, and it is
        played when the finger lifts on it (``board_release``): placing on the press left a finger
        no way to rest on a column and read its card."""
        if move is None:
            return
        if self.app.table_mode:
            self.pressed = move
        else:
            self.play(move)

    def move_at(self, pos: tuple[float, float]) -> Any:
        """The legal move a press at ``pos`` picks in this phase (a column to place in, a tile to flip)."""
        return self.place_move_at(pos) if self.state.phase == PLACE else self.flip_move_at(pos)

    def board_release(self, pos: tuple[float, float], event: pygame.event.Event) -> None:
        if self.pressed is not None:
            move, self.pressed = self.pressed, None
            if self.human_to_move() and self.move_at(self.board_point(pos, event)) == move:
                self.play(move)  # lifted where it pressed: a tap
            return
        if not self.drag:
            return
        pos = self.board_point(pos, event)
        self.drag = False
        if inside(self.parts.tile, *pos) or not self.human_to_move():
            return  # a plain click on the tile: it stays in hand
        move = self.place_move_at(pos)
        if move is not None:
            self.play(move)

    def board_motion(self, pos: tuple[float, float], event: pygame.event.Event) -> bool:
        pos = self.board_point(pos, event)
        old = (self.hover_col, self.hover_tip)
        slot = self.slot_of(self.state.actor) if self.state.phase == PLACE else None
        self.hover_col = slot.column_at(self.board, *pos) if slot is not None else None
        self.hover_tip = self.painter.tip_at(pos)
        if self.drag:
            self.drag_pos = pos
            return True
        return old != (self.hover_col, self.hover_tip)

    def handle(self, event: pygame.event.Event) -> None:
        super().handle(event)
        if event.type == pygame.MOUSEBUTTONUP:
            self.pressed = None  # lifted off the board: the press picks nothing
        if event.type == pygame.MOUSEMOTION and not self.board_area.collidepoint(event.pos):
            if self.hover_tip is not None or self.hover_col is not None:
                self.hover_tip = self.hover_col = None
                self.dirty = True

    def cancel_selection(self) -> bool:
        if self.pressed is not None:  # a finger held still (to read a card): lifting it plays nothing
            self.pressed = None
            return True
        if self.drag:
            self.drag = False
            return True
        return False

    def key(self, event: pygame.event.Event) -> None:
        """Keyboard help for the mouse: K keeps, F flips, 1–9 places in that column; in a flip
        phase 1–9 pick the lit tile of that column (``flip_key``)."""
        state = self.state
        if self.human_to_move():
            if state.phase == KEEP_OR_FLIP and event.key in (pygame.K_k, pygame.K_f):
                self.choose(event.key == pygame.K_f)
                self.dirty = True
                return
            if state.phase == PLACE and pygame.K_1 <= event.key <= pygame.K_9:
                col = event.key - pygame.K_1
                move = next((m for m in state.legal_moves() if isinstance(m, Place) and m.col == col), None)
                if move is not None:
                    self.play(move)
                    self.dirty = True
                    return
            if state.phase in FLIP_PHASES and self.flip_key(event):
                self.dirty = True
                return
        super().key(event)

    def flip_key(self, event: pygame.event.Event) -> bool:
        """A flip phase by keyboard (only a click chose the tile): a column's number flips its lit
        tile, or, where the column has several (board E's bonus, the Dolphin), marks the top one
        and steps down them on the next presses; Up/Down step in the column, Left/Right and Tab
        (Shift+Tab back) go through all the lit tiles, Enter flips the marked one. True: used."""
        moves = {(m.col, m.row): m for m in self.state.legal_moves() if isinstance(m, FlipAt)}
        if not moves:
            return False
        order = sorted(moves, key=lambda spot: (spot[0], -spot[1]))  # by column, top first
        pick = self.key_pick if self.key_pick in moves else None
        k = event.key
        if pygame.K_1 <= k <= pygame.K_9:
            here = [spot for spot in order if spot[0] == k - pygame.K_1]
            if not here:
                return False
            if len(here) == 1:
                self.play(moves[here[0]])
                return True
            self.key_pick = here[(here.index(pick) + 1) % len(here)] if pick in here else here[0]
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if pick is None:
                return False
            self.play(moves[pick])
        elif k in (pygame.K_UP, pygame.K_DOWN):
            here = [spot for spot in order if pick is None or spot[0] == pick[0]]
            step = 1 if k == pygame.K_DOWN else -1
            self.key_pick = here[(here.index(pick) + step) % len(here)] if pick in here else here[0]
        elif k in (pygame.K_TAB, pygame.K_LEFT, pygame.K_RIGHT):
            back = k == pygame.K_LEFT or (k == pygame.K_TAB and bool(getattr(event, "mod", 0) & pygame.KMOD_SHIFT))
            if k == pygame.K_TAB or pick is None:
                at = order.index(pick) + (-1 if back else 1) if pick is not None else (-1 if back else 0)
                self.key_pick = order[at % len(order)]
            else:  # the next column with a lit tile, at the row nearest the mark's
                cols = sorted({c for c, _r in order}, reverse=back)
                later = [c for c in cols if (c < pick[0] if back else c > pick[0])] or cols
                col = later[0]
                self.key_pick = min((spot for spot in order if spot[0] == col), key=lambda s: abs(s[1] - pick[1]))
        else:
            return False
        return True

    def choose(self, flip: bool) -> None:
        """Keep or Flip, as the core offers it."""
        move = next((m for m in self.state.legal_moves() if isinstance(m, Choice) and m.flip == flip), None)
        if move is not None:
            self.play(move)

    # -- hooks: panel ------------------------------------------------------------------------------
    def roller(self) -> int | None:
        return self.state.actor if self.state.phase == DRAW else None

    def roll_word(self) -> str:
        return "draw"

    def shows_dice(self) -> bool:
        return False

    def rolling_words(self) -> str:
        """No dice here: while the drawn tile turns up, the prompt goes on saying who draws (the
        words just before and after it, never a "Rolling…" between them)."""
        return tr("{name} draws a tile…", name=self.seat_name(self.state.actor))

    def prompt_line(self) -> str:
        state = self.state
        if state.current_player == CHANCE:
            name = self.seat_name(state.actor)
            why = self.extra_draw()
            if self.seat_is_human(self.roller()) and self.app.table_mode:
                if why:
                    return tr("{name}: tap the bag to draw another tile ({why}).", name=name, why=tr(why))
                return tr("{name}: tap the bag to draw a tile.", name=name)
            if self.seat_is_human(self.roller()):
                if why:
                    return tr("{name}: draw another tile ({why}) — click the bag or press Space.", name=name,
                              why=tr(why))
                return tr("{name}: draw a tile — click the bag or press Space.", name=name)
            return tr("{name} draws a tile…", name=self.seat_name(state.actor))
        return super().prompt_line()

    def extra_draw(self) -> str | None:
        """Why the drawer draws again within his own turn ("Parrot", "column bonus": board E's
        draw space, "Dolphin": the tile after everyone's flip), or None for a turn's first draw. The prompt said only "draw a tile", as at
        the start of a turn, so a solo player could not tell the Parrot's tile from the next turn."""
        from tabletop.games.captain_flip.ledger import trace

        session = self.session
        before = session.previous_state()
        if before is None or not session.played:
            return None
        last = before.parse_move(session.played[-1].text)
        dolphin = isinstance(last, DolphinDraw) or (isinstance(last, FlipAt) and last.why == "dolphin")
        if not dolphin and session.played[-1].seat != self.state.actor:
            return None
        events = trace(before, last)
        if any(e.kind == "turn_end" for e in events):
            return None
        draws = [e.source for e in events if e.kind == "draw"]
        return draws[-1] if draws else "Dolphin" if dolphin else None

    def prompt(self) -> str:
        return txt.prompt(self.obs, touch=self.app.table_mode, drawer=self.seat_name(self.obs.turn))

    def table_prompts(self) -> list[str]:
        """Besides the frame's forms, the fewest words for a thin band (a small table screen)."""
        forms = super().table_prompts()
        cp = self.state.current_player
        if cp == CHANCE and self.seat_is_human(self.roller()):
            forms.append(tr("Tap the bag."))
        elif cp is not None and cp != CHANCE and self.seat_is_human(cp):
            short = txt.short_prompt(self.obs)
            forms += [f"{self.seat_name(cp)}: {short[:1].lower()}{short[1:]}", short] if short else []
        return forms

    def final_rows(self) -> list[dict[str, Any]] | None:
        """Once the game is over, every captain's final score as the rules core counts it (end
        bonuses included: ``score_breakdown``, what the result card shows), else None. Kept per
        position: the headers, rows and region keys of every frame ask for it."""
        if self.obs.phase != OVER:
            return None
        kept = getattr(self, "_final_rows", None)
        if kept is None or kept[0] is not self.obs:
            kept = self._final_rows = (self.obs, self.obs.score_breakdown())
        return kept[1]

    def turn_seat(self) -> int | None:
        """The captain on turn (the one who draws, keeps or flips, places; in a Dolphin's round the
        one who flips), None once the game is over. His board's header is lit (over the large
        board it says "— to play") through the frame's ``shown_turn``: while the last tile of a
        turn still lands, the header stays with the one who placed it, as the bag and the prompt
        say ("Blue moves…")."""
        return None if self.obs.phase == OVER else self.obs.actor

    def shown_coins(self, seat: int) -> int:
        """The number a board's header shows: the coins in play while the game runs, the final
        score once it is over (the same number as the panel, the card and the result card)."""
        rows = self.final_rows()
        return int(rows[seat]["total"]) if rows else self.obs.coins[seat]

    def player_rows(self) -> list[PlayerRow]:
        st = self.obs
        rows = self.final_rows()
        colours = self.spec.colours or ("#c0392b",)
        out = []
        for seat in range(st.num_players):
            # once the game is over the row shows the final score (bonuses counted), as the card
            # does; a sunk ship's says what it counts as instead of the Map (which breaks ties
            # among the ships afloat only: no use to it, and no room for both in a narrow row)
            lost = bool(rows[seat]["lost"]) if rows else False
            detail = txt.coins_text(self.shown_coins(seat), singular=True)
            if lost:
                detail += tr(" (sunk: 0)")
            elif st.map_holder == seat:
                detail += tr(" · Map")
            out.append(PlayerRow(seat, self.seat_name(seat), colours[seat % len(colours)], detail,
                                 active=seat == self.shown_turn(), out=lost))
        return out

    # -- table mode: each captain's strip shows his own score card and ship, facing him --------------
    def table_extra_size(self, seat: int, panel: EdgePanel) -> tuple[int, int] | None:
        """Each captain's strip gets a score card: who is on turn, the score if the game ended now
        and what it is made of, the columns and Gunners, the Map. In a deep strip (a side seat's,
        three or fewer captains) the card stands above the prompt and buttons and, while he waits,
        his ship is drawn below it, upright for him (on his turn the prompt and buttons take that
        room, and the large board in the middle faces him). In a wide strip laid out in rows the
        card takes the left of the row nearest him, as deep as the last events leave. The last
        events keep two lines at least; a thin band keeps the coins in the head only."""
        m = self.metrics
        w, d = panel.size
        bh, p = m.button_h, m.pad
        small, body = theme.font(m.small).get_linesize(), theme.font(m.body, True).get_linesize()
        if d < table_strip.rows_depth(m):
            return None
        if d < int(4.6 * bh) or w >= 10 * bh:  # rows: the card beside the buttons, under the events
            width = min(w // 2, 9 * bh)
            rows = sd.rows_height(self.seat_card_rows(seat, width))
            return (width, max(0, min(rows, d - bh - 2 * small - 4 * p)))
        width = min(w, 10 * bh) - 4 * p
        rows = sd.rows_height(self.seat_card_rows(seat, width))
        keep = bh + 2 * small + 4 * p  # the head and two lines of events (as ``strip_parts`` stacks them)
        over = self.state.current_player is None
        if seat == self.shown_acting() or over:  # the prompt's three lines, and a person's buttons
            keep += 3 * body + p + (2 * bh + p if over or self.seat_is_human(seat) else 0)
        room = d - keep
        if room - rows - p >= int(BOARD_LEAST * bh):
            return (width, min(rows + p + sd.board_height(self.board, width), room))
        return (width, max(0, min(rows, room)))

    def seat_card_lines(self, seat: int) -> list[tuple[str, bool, bool]]:
        """The score card's lines; in the others' strips, who is on turn first (the acting strip's
        prompt says it there), bold in the body type as the prompt is: in the small type under the
        last events and over the bold score, the line a waiting captain looks for most was the
        least readable from his seat."""
        lines = txt.seat_lines(self.obs, seat, "" if self.seat_is_human(seat) else self.seat_name(seat))
        actor = self.turn_line_for(seat)
        if actor is not None:
            lines.insert(0, (self.seat_name(actor) + tr(" — to play"), True, False))
        return lines

    def turn_line_for(self, seat: int) -> int | None:
        """The seat on turn, when ``seat``'s score card begins with "X — to play" (it waits): the
        one whose tile is still landing until it has landed (``shown_acting``), as his lit strip
        and its "Blue moves…" say; the cards named the next captain to play meanwhile."""
        actor = self.shown_acting()
        if actor is not None and actor >= 0 and actor != seat and self.state.phase != OVER:
            return actor
        return None

    def seat_card_lead(self, seat: int) -> int:
        """The room before the words of "X — to play": the piece of the captain on turn stands
        there, his colour and sign, which read from across a table before his name does."""
        if self.turn_line_for(seat) is None:
            return 0
        return sd.lead_width(theme.font(self.card_head_size(seat), True).get_linesize(), self.metrics.pad)

    def seat_card_rows(self, seat: int, width: int) -> list[list[tuple[str, int, bool, bool]]]:
        """The score card's lines wrapped to ``width``, as measured and as drawn."""
        return sd.seat_card_rows(self.seat_card_lines(seat), width, self.card_head_size(seat), self.metrics.small,
                                 lead=self.seat_card_lead(seat))

    def card_head_size(self, seat: int) -> int:
        """The type of the score card's bold lines: the body's, but the small one in the strip of
        the captain on turn, whose prompt (what to do now) must stand out above his score."""
        m = self.metrics
        return m.small if seat == self.shown_acting() and self.state.phase != OVER else m.body

    def table_strip_key(self, seat: int) -> Any:
        """What the score card shows: its lines, the ship's faces and board B's taken first values."""
        return (tuple(self.seat_card_lines(seat)), tuple(tuple(t[0] for t in col) for col in self.obs.boards[seat]),
                self.obs.kraken)

    def draw_seat_extra(self, surf: pygame.Surface, rect: pygame.Rect, seat: int, active: bool) -> None:
        m = self.metrics
        actor = self.turn_line_for(seat)
        lead = None
        if actor is not None:
            row = self.player_rows()[actor]
            lead = (self.seat_card_lead(seat), lambda s, c, r: self.draw_row_piece(s, c, r, row))
        sd.paint_seat_card(surf, rect, self.seat_card_rows(seat, rect.w), self.layout_data, self.obs, seat, m.small,
                           int(BOARD_LEAST * m.button_h), m.pad, m.tiny, lead)

    def action_buttons(self) -> list[Button]:
        """Table mode: no greyed-out Draw button while a drawn tile waits (the bag on the card draws
        too): Keep and Flip get the panel's room and keep readable labels."""
        buttons = super().action_buttons()
        if self.app.table_mode and not self.can_roll():
            buttons = [b for b in buttons if b.action != self.roll]
        return buttons

    def extra_buttons(self) -> list[Button]:
        if self.state.phase == KEEP_OR_FLIP and self.human_to_move():
            return [Button(tr("Keep"), lambda: self.choose(False), primary=True, key="K"),
                    Button(tr("Flip"), lambda: self.choose(True), key="F")]
        return []

    def result_summary(self) -> str:
        """Who won, and every captain's final score as the panel, the boards and the result card
        show it (the frame's summary lists the ranking's points: a sunk ship's 0 with no word why,
        beside his 31 coins everywhere else)."""
        outcome = self.state.outcome()
        rows = self.final_rows()
        if outcome is None or rows is None:
            return ""
        head = self.result_table(outcome).banner.strip().rstrip(".")
        if self.state.solo:  # "Your rank: Landlubber with 26 coins (Red 26)" said the coins twice
            return head
        scores = ", ".join(f"{self.seat_name(s)} {int(row['total'])}" + (tr(" (sunk: 0)") if row["lost"] else "")
                           for s, row in enumerate(rows))
        return f"{head} ({scores})"

    def result_text(self, outcome: Any) -> str:
        return txt.result(self, outcome)

    def result_table(self, outcome: Any) -> ResultTable:
        return txt.result_table(self, outcome)

    # -- motion and markers -----------------------------------------------------------------------------
    def slide_steps(self, before: Any, move: Any) -> float:
        """A tile flies to its space, or turns over, in about two thirds of a second."""
        if isinstance(move, (Place, FlipAt)) or (isinstance(move, Choice) and move.flip):
            return 3.0
        return 1.0

    def log_lines(self, before: Any, move: Any, mover: int | None) -> list[tuple[int | None, str]]:
        """The move's line, then one for each flip it forced (a Monkey's single neighbour, the
        Dolphin's flip of a player's only tile), by the seat that flipped."""
        names = [self.seat_name(s) for s in range(before.num_players)]
        lines: list[tuple[int | None, str]] = list(before.describe_lines(move, names))
        return [(mover, lines[0][1]), *lines[1:]]

    def show_effects(self, before: Any, move: Any, delay: float) -> None:
        """ "+3" over the tile (or the bonus) that paid, the Treasure Map changing hands, a Parrot's
        or a bonus's extra tile, the Dolphin, a ship that sinks."""
        from tabletop.games.captain_flip.ledger import trace

        if isinstance(move, DolphinDraw):
            self.effects.mark(("card",), tr("Dolphin!"), (40, 130, 190), delay)
            return
        if isinstance(move, (Draw, Choice)):
            return
        step = 0.0
        for e in trace(before, move):
            at = ("space", e.seat, *e.space) if e.space is not None else ("head", e.seat)
            if e.kind == "coins" and e.amount:
                rgb = theme.GOOD if e.amount > 0 else theme.BAD
                self.effects.pop(at, f"{e.amount:+d}", rgb, delay + step)
                self.effects.pop(("head", e.seat), f"{e.amount:+d}", rgb, delay + step)
            elif e.kind in ("map", "map_back"):
                self.effects.mark(at, tr("Treasure Map!"), theme.ACCENT_DARK, delay + step)
            elif e.kind == "draw":
                self.effects.mark(at, tr("Another tile!"), (40, 130, 190), delay + step)
            elif e.kind == "flip":
                self.effects.mark(at, tr("Flip a tile!"), (40, 130, 190), delay + step)
            step += 0.25
        rows_before, rows_after = before.score_breakdown(), self.state.score_breakdown()
        for seat, (a, b) in enumerate(zip(rows_before, rows_after, strict=False)):
            if b["lost"] and not a["lost"]:
                self.effects.mark(("head", seat), tr("Sunk!"), theme.BAD, delay + step)

    def show_game_over(self) -> None:
        if self.state.num_players == 1 and not self.recorded:
            self.recorded = True
            self.high_note = txt.record_solo(self)
            self.painter.high = txt.high_rows(self.state.variant)[0]
        super().show_game_over()

    def chance_sound(self, move: Any) -> str:
        return "flip"

    def ends_turn(self, before: Any, move: Any) -> bool:
        """A solo captain's turns follow each other: the rules' own end of the turn (the ledger
        replays the move) says where the latest one began, as another seat moving does with
        several captains."""
        from tabletop.games.captain_flip.ledger import trace

        return any(e.kind == "turn_end" for e in trace(before, move))

    def move_sound(self, before: Any, move: Any) -> str:
        if isinstance(move, FlipAt) or (isinstance(move, Choice) and move.flip):
            return "flip"
        if isinstance(move, Place):
            return "move"
        return "click"

    # -- for the painter -----------------------------------------------------------------------------
    def targets(self) -> dict[tuple[int, int], Any]:
        """The lit spaces of the actor's board while a human decides: space → legal move."""
        state = self.state
        if not self.human_to_move():
            return {}
        out: dict[tuple[int, int], Any] = {}
        for m in state.legal_moves():
            if isinstance(m, Place):
                spot = state.next_space(state.actor, m.col)
                if spot is not None:
                    out[spot] = m
            elif isinstance(m, FlipAt):
                out[(m.col, m.row)] = m
        return out

    def drawn_face(self) -> tuple[int, int] | None:
        """The drawn tile as the table sees it: (face, other or UNKNOWN)."""
        d = self.obs.drawn
        return (d[0], d[1] if d[2] else UNKNOWN) if d is not None else None

    def dolphin_drawn(self) -> bool:
        return isinstance(self.last_move, DolphinDraw) or self.obs.phase == DOLPHIN_FLIP

"""The Trap the Cap scene: the board from ``boards/trap_the_cap.yaml``, caps and towers, and the
adapter that turns clicks and drags into the core's legal moves.

How a turn goes by mouse: roll (the die or Space); movable pieces glow; click (or drag) a cap or
tower; its legal end fields light up; click one. When several distinct moves end on the same field
(a visit home on the way, a golden two-leg move with a different first trap) the route of each is
drawn and the player cycles through them (click the field again, or "Next way") and confirms.
The scene never builds a move: every move it plays is one of ``state.legal_moves()``.
"""

from __future__ import annotations

from typing import Any

import pygame

from tabletop.core import CHANCE
from tabletop.games.trap_the_cap import scene_draw as sd
from tabletop.games.trap_the_cap.board import COLOURS
from tabletop.games.trap_the_cap.fields import field_name_by_id
from tabletop.games.trap_the_cap.rules import GOLD, NAMES, Move, Pass, Roll, colour_text
from tabletop.games.trap_the_cap.scene_geom import Geometry, Point, centre, geometry
from tabletop.games.trap_the_cap.scene_panel import PanelMixin
from tabletop.i18n import plural, tr
from tabletop.ui import draw, theme
from tabletop.ui.game_scene import GameScene
from tabletop.ui.table import SeatPlace
from tabletop.ui.widgets import Button, Viewport

CAP_OF = {"red": "the red cap", "green": "the green cap", "yellow": "the yellow cap", "blue": "the blue cap"}
"""A cap named by its colour in the middle of a sentence (Russian agrees the colour with the noun,
and the same words serve as subject and object: «красный колпачок»)."""

Piece = tuple[str, int]  # (field id, stack index on that field)
DRAG_PIXELS = 8


def _gold_holder(state: Any) -> int | None:
    """Who has the golden cap now: the commander of the tower it is trapped under, else its owner."""
    for piles in state.occ.values():
        for stack in piles:
            if GOLD in stack[:-1]:
                return state.commander(stack)
    return state.golden_owner


class TrapTheCapScene(PanelMixin, GameScene):
    """Scene for Trap the Cap; geometry in ``scene_geom``, pixels in ``scene_draw``."""

    title = "Trap the Cap"

    def __init__(self, app: Any, session: Any, layout: Any) -> None:
        self.geo: Geometry = geometry(layout)
        self.selected: Piece | None = None
        self.choice: tuple[str, list[Move], int] | None = None
        self._prompt_room: tuple[tuple, int] | None = None  # (choice, width, size), the height it needs
        self.hover: Point | None = None
        self.hover_px: tuple[int, int] = (0, 0)
        self.drag: tuple[tuple[int, int], tuple[int, int], bool] | None = None
        self._board_cache: tuple[Any, pygame.Surface] | None = None
        self._dim_cache: tuple[Any, pygame.Surface] | None = None
        self._dimmed: tuple[Any, pygame.Surface] | None = None
        self._poly_cache: tuple[Any, dict[str, list[Point]]] = (None, {})
        self._looks: dict[int, sd.Look] = {}
        super().__init__(app, session, layout)
        self._looks = self._make_looks()
        self._auto_select()

    # -- looks ---------------------------------------------------------------------------------------
    def _make_looks(self) -> dict[int, sd.Look]:
        return looks_of(self.layout_data)

    def look(self, code: int) -> sd.Look:
        return self._looks.get(code, ((128, 128, 128), "circle"))

    # -- coordinates -----------------------------------------------------------------------------------
    def board_box(self) -> tuple[float, float, float, float]:
        h = self.layout_data.half_width * 1.035
        return (-h, -h, 2 * h, 2 * h)

    def to_px(self, p: Point) -> tuple[float, float]:
        """Layout point (y up) → window pixel."""
        assert self.viewport is not None
        return self.viewport.to_px(p[0], -p[1])

    def field_px(self, field_id: str) -> tuple[int, int]:
        """The pixel at a field's centre (tests click here)."""
        x, y = self.to_px(self._centre(field_id))
        return (int(x), int(y))

    def free_px(self, field_id: str) -> tuple[int, int]:
        """A pixel inside a field and clear of the pieces on it (tests click targets here)."""
        from tabletop.games.trap_the_cap.scene_geom import axis

        field = self.geo.fields[field_id]
        (ux, uy), room = axis(field)
        cx, cy = self._centre(field_id)
        slots = self._slots_for(self.state, field_id)
        candidates = [(cx + ux * room * f, cy + uy * room * f) for f in (0.0, 0.42, -0.42, 0.3, -0.3)]
        best = max(candidates, key=lambda c: min(((c[0] - x) ** 2 + (c[1] - y) ** 2 for x, y in slots),
                                                 default=1.0))
        x, y = self.to_px(best)
        return (int(x), int(y))

    def piece_px(self, field_id: str, index: int) -> tuple[int, int]:
        """The pixel of a piece (tests click here)."""
        slots = self._slots_for(self.state, field_id)
        x, y = self.to_px(slots[index])
        return (int(x), int(y))

    def _polys(self) -> dict[str, list[Point]]:
        vp = self.viewport
        key = (vp.rect.topleft, vp.rect.size) if vp else None
        if self._poly_cache[0] != key:
            self._poly_cache = (key, {fid: [self.to_px(p) for p in poly] for fid, poly in self.geo.outlines.items()})
        return self._poly_cache[1]

    # -- reading the position ---------------------------------------------------------------------------
    def _stacks(self, state: Any) -> dict[str, list[tuple[int, ...]]]:
        names = state.rules.topology.names
        return {names[n]: list(piles) for n, piles in state.occ.items() if piles and names[n] in self.geo.fields}

    def _slots_for(self, state: Any, field_id: str) -> list[Point]:
        count = len(state.occ.get(state.rules.topology.index.get(field_id, -1), []))
        return self.geo.slots(field_id, count)

    def movable(self) -> list[Piece]:
        """Pieces the player to move may move with this roll (from the core's legal moves)."""
        if not self._human_turn():
            return []
        return list(self.state.pieces())

    def targets(self) -> dict[str, list[Move]]:
        if self.selected is None or not self._human_turn():
            return {}
        return self.state.destinations(*self.selected)

    def _human_turn(self) -> bool:
        """A person is to move a piece (never in the replay viewer: nothing lights up for choosing)."""
        cp = self.state.current_player
        return cp is not None and cp != CHANCE and self.seat_is_human(cp) and self.replay_viewer is None

    def piece_at(self, p: Point) -> Piece | None:
        """The piece under a layout point (towers also answer at their raised top)."""
        best: tuple[float, Piece] | None = None
        cap = self.geo.cap
        for fid, piles in self._stacks(self.state).items():
            for i, at in enumerate(self.geo.slots(fid, len(piles))):
                lift = min(len(piles[i]), 5) - 1
                for ax, ay in ((at[0], at[1]), (at[0], at[1] + lift * cap * sd.LIFT)):
                    d = (p[0] - ax) ** 2 + (p[1] - ay) ** 2
                    if d <= (cap * 1.15) ** 2 and (best is None or d < best[0]):
                        best = (d, (fid, i))
        return best[1] if best else None

    # -- the adapter ---------------------------------------------------------------------------------
    def board_click(self, pos: tuple[float, float], event: pygame.event.Event) -> None:
        p = (pos[0], -pos[1])
        if not self.human_to_move():
            return
        hit = self.piece_at(p)
        under = self.geo.field_at(p)
        fid = hit[0] if hit else under
        targets = self.targets()
        # the field under the pointer wins over a tall tower leaning into it from next door; a
        # click on the selected piece itself keeps it (its own field may be a target: a visit home
        # and back — click the field beside the piece for that)
        for end in (under, fid):
            if hit is not None and hit == self.selected and end == hit[0]:
                break
            if end is not None and end in targets:
                self.choose_target(end, targets[end])
                return
        piece = self._movable_from(hit, fid)
        if piece is not None:
            if piece != self.selected:
                self.choice = None
            self.selected = piece
            self.drag = (event.pos, event.pos, False)
            return
        self.cancel_selection()

    def _movable_from(self, hit: Piece | None, fid: str | None) -> Piece | None:
        """Map a click to a movable piece: the one clicked, else an identical one on the same field
        (caps of one colour are alike), else the next movable piece on that field (a second click
        on a crowded field cycles)."""
        movable = self.movable()
        if not movable or fid is None:
            return None
        if hit in movable:
            return hit
        stacks = self._stacks(self.state).get(fid, [])
        if hit is not None and hit[1] < len(stacks):
            for m in movable:
                if m[0] == fid and m[1] < len(stacks) and stacks[m[1]] == stacks[hit[1]]:
                    return m
        here = [m for m in movable if m[0] == fid]
        if not here:
            return None
        if self.selected in here:
            return here[(here.index(self.selected) + 1) % len(here)]
        return here[0]

    def choose_target(self, fid: str, moves: list[Move]) -> None:
        """One move to that field: play it. Several: show them one at a time (a second click on
        the same field shows the next)."""
        if len(moves) == 1:
            self._play(moves[0])
            return
        if self.choice is not None and self.choice[0] == fid:
            self.choice = (fid, moves, (self.choice[2] + 1) % len(moves))
        else:
            self.choice = (fid, moves, 0)

    def confirm_choice(self) -> None:
        if self.choice is not None:
            fid, moves, i = self.choice
            self._play(moves[i])

    def next_choice(self) -> None:
        if self.choice is not None:
            fid, moves, i = self.choice
            self.choice = (fid, moves, (i + 1) % len(moves))
            self.dirty = True

    def _play(self, move: Any) -> None:
        if move in self.state.legal_moves():
            self.play(move)

    def pass_turn(self) -> None:
        for move in self.state.legal_moves():
            if isinstance(move, Pass):
                self.play(move)
                return

    def board_release(self, pos: tuple[float, float], event: pygame.event.Event) -> None:
        drag, self.drag = self.drag, None
        if drag is None or not drag[2] or not self.human_to_move():
            return
        p = (pos[0], -pos[1])
        fid = self.geo.field_at(p)
        if fid is None:
            hit = self.piece_at(p)
            fid = hit[0] if hit else None
        targets = self.targets()
        if fid is not None and fid in targets:
            self.choose_target(fid, targets[fid])

    def board_motion(self, pos: tuple[float, float], event: pygame.event.Event) -> bool:
        self.hover = (pos[0], -pos[1])
        self.hover_px = event.pos
        if self.drag is not None:
            start, _, moved = self.drag
            held = bool(getattr(event, "buttons", (0,))[0])
            if not held:
                self.drag = None
            else:
                far = abs(event.pos[0] - start[0]) + abs(event.pos[1] - start[1]) > DRAG_PIXELS
                self.drag = (start, event.pos, moved or far)
        return True

    def cancel_selection(self) -> bool:
        had = self.selected is not None or self.choice is not None
        if self.choice is not None:
            self.choice = None
        else:
            self.selected = None
        self.drag = None
        return had

    def on_state_changed(self) -> None:
        self.selected = None
        self.choice = None
        self.drag = None
        self._auto_select()

    def _auto_select(self) -> None:
        """With only one piece to move, select it at once: its targets show without a click."""
        movable = self.movable()
        if len(movable) == 1:
            self.selected = movable[0]

    def key(self, event: pygame.event.Event) -> None:
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.choice is not None:
            self.confirm_choice()
        elif event.key == pygame.K_TAB and self.choice is not None:
            self.next_choice()
        else:
            super().key(event)
        self.dirty = True

    # -- table mode --------------------------------------------------------------------------------------
    def table_places(self) -> list[SeatPlace]:
        """Each seat at the edge the game gives it, its strip at the end of that edge nearest its
        hideout (read from the board file: the hideout's corner of the board)."""
        places = super().table_places()
        out = []
        for seat, place in enumerate(places):
            hideout = next((self.geo.fields.get(p.hideout) for p in self.layout_data.players
                            if p.colour == self.seat_colour(seat)), None)
            if hideout is None:
                out.append(place)
                continue
            hx, hy = hideout.at  # layout units, y up
            end = ("right" if hx >= 0 else "left") if place.edge in ("top", "bottom") else ("top" if hy >= 0 else "bottom")
            out.append(SeatPlace(place.edge, end))
        return out

    # -- the panel ---------------------------------------------------------------------------------
    def roller(self) -> int | None:
        return self.state.turn if self.state.current_player == CHANCE else None

    def dice(self) -> list[tuple[int, bool]]:
        state = self.state
        if state.die is not None:
            return [(state.die, False)]
        before = self.last_state
        if before is not None and getattr(before, "die", None) and not isinstance(self.last_move, Roll):
            return [(before.die, True)]
        return []

    def _rolled_six(self) -> bool:
        before = self.last_state
        return (before is not None and self.state.current_player == CHANCE and before.die == 6
                and before.turn == self.state.turn and not isinstance(self.last_move, Roll))

    def prompt_line(self) -> str:
        state = self.state
        cp = state.current_player
        if cp is None:
            return tr("Game over.")
        who = self.seat_name(state.turn)
        if cp == CHANCE:
            six = self._rolled_six()
            if self.seat_is_human(state.turn):
                if self.app.table_mode:
                    if six:
                        return tr("{who}: you threw a 6 — tap the die to roll again.", who=who)
                    return tr("{who}: tap the die to roll.", who=who)
                if six:
                    return tr("{who}: you threw a 6 — roll again (click the die or press Space).", who=who)
                return tr("{who}: roll the die (click it or press Space).", who=who)
            return tr("{who} threw a 6 and rolls again.", who=who) if six else tr("{who} rolls the die.", who=who)
        if not self.seat_is_human(cp):
            return tr("{who} is thinking.", who=who)
        return f"{who}: {self.prompt()}"

    def prompt(self) -> str:
        state = self.state
        d = state.die or 0
        again = tr(" A 6: you roll again after.") if d == 6 else ""
        legal = state.legal_moves()
        words = _touch_words() if self.app.table_mode else _mouse_words()
        if len(legal) == 1 and isinstance(legal[0], Pass):
            return words["pass, roll again" if d == 6 else "pass"].format(n=d)
        if self.choice is not None:
            return self.way_prompt(self.choice[2])
        steps = plural(d, tr("{n}\u00a0step", n=d), tr("{n}\u00a0steps (2–4)", n=d), tr("{n}\u00a0steps", n=d))
        if self.selected is not None:  # another piece to choose only when there is one
            return words["to a field" if len(self.movable()) > 1 else "to a field, one piece"].format(steps=steps) + again
        return words["a piece"].format(steps=steps) + again

    def way_prompt(self, i: int) -> str:
        """The prompt while way ``i`` of the open choice is shown."""
        _fid, moves, _shown = self.choice  # type: ignore[misc]
        words = _touch_words() if self.app.table_mode else _mouse_words()
        return words["next way"].format(k=i + 1, n=len(moves), way=self.way_text(moves[i]))

    def prompt_height(self, width: int) -> int:
        """While ways are offered the box is as tall as the longest of their prompts needs at the
        reading size (a golden cap's way runs to four lines and more), up to eight lines: the prompt
        stays readable, and the buttons under it stay put while Tab steps through the ways."""
        base = super().prompt_height(width)
        if self.choice is None:
            return base
        size = self.metrics.body
        key = (self.choice[0], id(self.choice[1]), width, size)
        if self._prompt_room is None or self._prompt_room[0] != key:
            who = self.seat_name(self.state.turn)
            lines = max(len(theme.wrap(f"{who}: {self.way_prompt(i)}", size, width, bold=True))
                        for i in range(len(self.choice[1])))
            self._prompt_room = (key, min(lines, 8) * theme.font(size, True).get_linesize())
        return max(base, self._prompt_room[1])

    def way_text(self, move: Move) -> str:
        """One way in words (from the core, no field ids): "through your hideout: moves 2 fields
        into the hideout, locks up 1 prisoner, then 3 fields out"; the route is drawn on the board."""
        said = self.state.describe_way(move)
        if move.walk.visit >= 0:
            return tr("through your hideout: {what}", what=said)
        if move.walk.turn >= 0:
            return said
        return tr("straight there: {what}", what=said)

    def extra_buttons(self) -> list[Button]:
        buttons: list[Button] = []
        state = self.state
        if self._human_turn():
            legal = state.legal_moves()
            if len(legal) == 1 and isinstance(legal[0], Pass):
                label = tr("Pass — no legal move (roll again)") if state.die == 6 else tr("Pass — no legal move")
                buttons.append(Button(label, self.pass_turn, enabled=self.human_to_move(), primary=True))
        if self.choice is not None:
            _, moves, i = self.choice
            buttons.append(Button(tr("Confirm way {k} of {n}", k=i + 1, n=len(moves)), self.confirm_choice,
                                  primary=True, key="Enter"))
            buttons.append(Button(tr("Next way"), self.next_choice, key="Tab"))
        return buttons

    # -- drawing -------------------------------------------------------------------------------------
    def draw_board_static(self, surface: pygame.Surface, vp: Viewport) -> None:
        """Table mode: the board goes into the frame's cached background (one blit a frame for the
        table and the board together, under the strips)."""
        if not self.app.table_mode:
            return
        ox, oy = vp.rect.topleft
        surface.blit(self._render_board(vp), (ox, oy))

    def _render_board(self, vp: Viewport) -> pygame.Surface:
        ox, oy = vp.rect.topleft
        playing = {COLOURS[c] for c in self.state.rules.seats}
        return sd.render_board(self.layout_data, self.geo, vp.rect.size,
                               lambda p: (self.to_px(p)[0] - ox, self.to_px(p)[1] - oy), vp.scale, playing)

    def table_opaque_rects(self) -> list[pygame.Rect]:
        """With targets lit, the dimmed board is one opaque picture over the board's rectangle."""
        return [self.viewport.rect] if self.viewport is not None and self.targets() else []

    def _dimmed_board(self, vp: Viewport, polys: dict[str, list[Point]], targets: dict[str, list[Move]]) -> pygame.Surface:
        """Table mode: the board from the background with every non-target field dimmed, as one
        opaque picture (cached per targets): cheaper than blending the dim layer every frame."""
        key = (vp.rect.topleft, vp.rect.size, tuple(sorted(targets)), getattr(self, "_table_key", None))
        if self._dimmed is None or self._dimmed[0] != key:
            table = getattr(self, "_table", None)
            if table is not None and table.get_rect().contains(vp.rect):
                base = table.subsurface(vp.rect).copy()
            else:
                base = pygame.Surface(vp.rect.size)
                base.fill(theme.TABLE)
                base.blit(self._render_board(vp), (0, 0))
            base.blit(self._dim_layer(vp, polys, targets), (0, 0))
            self._dimmed = (key, base)
        return self._dimmed[1]

    @classmethod
    def draw_preview(cls, surface: pygame.Surface, rect: pygame.Rect, layout: Any, state: Any,
                     text_size: int) -> bool:
        """The menu's picture: the board (unused corners grey) and every cap in its hideout."""
        paint_position(surface, rect, layout, state, text_size)
        return True

    @classmethod
    def draw_rules_picture(cls, surface: pygame.Surface, rect: pygame.Rect, spec: Any, layout: Any,
                           text_size: int) -> str:
        """A real move of a seeded game that traps a rival's cap on a yellow field: the die, the
        route and where it ends."""
        from tabletop.core import Setup
        from tabletop.ui.moments import after, find_moment

        state = spec.new_state(Setup(2, "offensive", spec.parse_options("offensive", {}), layout, 0))

        def traps(position: Any, move: Any) -> bool:
            if not isinstance(move, Move):
                return False
            end = position.rules.topology.index[move.end]
            return bool(position.occ.get(end)) and len(after(position, move).occ.get(end, [])) <= len(position.occ[end])

        found = find_moment(state, traps)
        if found is None:
            return ""
        position, move = found
        vp, to_px = paint_position(surface, rect, layout, position, text_size)
        geo = geometry(layout)
        r = vp.length(geo.cap)
        points = []
        for name in move.path:
            x, y = to_px(centre(geo.fields[name]))
            points.append((x + vp.rect.x, y + vp.rect.y))
        ring = max(2, int(r / 3))  # rings, not a glow: the mover's and the rival's colours stay readable
        pygame.draw.circle(surface, theme.SELECT, points[0], r * 1.45, width=ring)
        sd.path(surface, points, max(3, int(r * 0.3)))
        pygame.draw.circle(surface, (255, 255, 255), points[-1], r * 1.45, width=ring)
        die = pygame.Rect(rect.x + text_size // 2, rect.y + text_size // 2, text_size * 3, text_size * 3)
        steps = position.die or len(move.path) - 1
        draw.die_face(surface, die, steps)
        if traps(position, move):
            end = position.rules.topology.index[move.end]
            rival = NAMES[position.occ[end][0][-1]]
            return tr("A {n} is rolled: {mover} (blue ring) moves {n} fields along the lines (never straight back) "
                      "and lands on {rival} (white ring) on a yellow field: {rival} is trapped under it.",
                      n=steps, mover=tr(CAP_OF[move.label]), rival=tr(CAP_OF[rival]))
        return tr("A {n} is rolled: one cap moves exactly {n} fields along the lines.", n=steps)

    def draw_board(self, surface: pygame.Surface, vp: Viewport) -> None:
        if self.app.table_mode:
            self._draw_board_moving(surface, vp, table=True)
            return
        playing = {COLOURS[c] for c in self.state.rules.seats}
        key = (vp.rect.size, id(self.layout_data), tuple(sorted(playing)))
        if self._board_cache is None or self._board_cache[0] != key:
            ox, oy = vp.rect.topleft
            board = sd.render_board(self.layout_data, self.geo, vp.rect.size,
                                    lambda p: (self.to_px(p)[0] - ox, self.to_px(p)[1] - oy), vp.scale, playing)
            # composite onto the table already drawn under it: an opaque blit is several times
            # cheaper than an alpha blit at 4K
            clip = vp.rect.clip(surface.get_rect())
            under = pygame.Surface(vp.rect.size, 0, surface)
            under.blit(surface, (clip.x - vp.rect.x, clip.y - vp.rect.y), clip)
            under.blit(board, (0, 0))
            self._board_cache = (key, under)
        surface.blit(self._board_cache[1], vp.rect.topleft)
        self._draw_board_moving(surface, vp, table=False)

    def _draw_board_moving(self, surface: pygame.Surface, vp: Viewport, table: bool) -> None:
        """Everything on the board that changes: targets, hover, pieces, routes, the tooltip."""
        polys = self._polys()
        m = self.metrics
        rolling = self.rolling()  # the die's value is not given away by lit fields while it tumbles
        targets = self.targets() if not rolling else {}
        hover_fid = self.geo.field_at(self.hover) if self.hover else None
        hover_piece = self.piece_at(self.hover) if self.hover else None
        # preview: hovering a movable piece with nothing selected shows where it could go
        movable = self.movable() if not rolling else []
        preview: dict[str, list[Move]] = {}
        if not targets and hover_piece in movable and self.human_to_move():
            preview = self.state.destinations(*hover_piece)
        r = vp.length(self.geo.cap)
        self._draw_outline(surface, polys, vp)
        if targets and table:
            surface.blit(self._dimmed_board(vp, polys, targets), vp.rect.topleft)
        elif targets:
            surface.blit(self._dim_layer(vp, polys, targets), vp.rect.topleft)
        for fid in preview:
            sd.target(surface, polys[fid], False, r, preview=True)
        dot = max(5.0, r * 0.6)
        stacks = self._stacks(self.state)
        for fid in targets:
            sd.target(surface, polys[fid], fid == hover_fid or bool(self.choice and self.choice[0] == fid), r)
            if not stacks.get(fid):
                sd.landing(surface, self.field_px(fid), dot)
        if hover_fid and hover_fid not in targets:
            sd.outline(surface, polys[hover_fid], (255, 255, 255), 2)
        self._draw_pieces(surface, vp, movable)
        width = max(3, int(vp.length(self.geo.cap * 0.28)))
        if self.choice is not None:
            _, moves, i = self.choice
            self._draw_route(surface, moves[i], width)
        elif hover_fid in targets and len(targets[hover_fid]) >= 1:
            self._draw_route(surface, targets[hover_fid][0], max(2, width - 1))
        self.effects.draw(surface, self.to_px, m.body, r)
        keep = [polys[fid] for fid in {**preview, **targets} if fid in polys]
        keep += [box for piece in [*movable, hover_piece] for box in self._piece_box(piece, r)]
        others = [(fid, i) for fid, piles in stacks.items() for i in range(len(piles))]
        also = [box for piece in others if piece not in movable for box in self._piece_box(piece, r)]
        self._draw_tooltip(surface, hover_fid, hover_piece, m, keep, also)

    # -- what the last move did ------------------------------------------------------------------
    def slide_steps(self, before: Any, move: Any) -> float:
        """A piece slides field by field along the walk it takes."""
        return float(len(move.path) - 1) if isinstance(move, Move) else 1.0

    def _draw_outline(self, surface: pygame.Surface, polys: dict[str, list[Point]], vp: Viewport) -> None:
        """The latest turn stays on the board until the next one: where each piece started (a thin
        frame), the fields it walked (a line) and where it ended (a thick frame), so a player who
        looked away sees what happened. Drawn in the mover's colour with a dark edge (all were
        Blue's blue, even for Green's moves; the dark edge keeps Yellow's readable on yellow)."""
        if self.move_progress() < 1.0 and self.outline and self.outline[-1][1] is self.last_move:
            moves = self.outline[:-1]  # the sliding move is outlined once it has arrived
        else:
            moves = self.outline
        width = max(3, int(vp.length(self.geo.cap * 0.2)))
        edge = sd.OUTLINE
        for before, move in moves:
            if not isinstance(move, Move):
                continue
            rgb = self.look(COLOURS.index(before.colour_to_move))[0]
            pts = [self.field_px(n) for n in move.path]
            if len(pts) > 1:
                pygame.draw.lines(surface, edge, False, pts, width + 4)
                pygame.draw.lines(surface, rgb, False, pts, max(2, width - 1))
                for p in pts[1:-1]:
                    pygame.draw.circle(surface, edge, p, width + 1)
                    pygame.draw.circle(surface, rgb, p, width - 1)
            if move.start in polys:
                sd.outline(surface, polys[move.start], edge, width + 4)
                sd.outline(surface, polys[move.start], rgb, max(1, width - 1))
            if move.end in polys:
                sd.outline(surface, polys[move.end], edge, 2 * width + 6)
                sd.outline(surface, polys[move.end], rgb, 2 * width)

    def show_effects(self, before: Any, move: Any, delay: float) -> None:
        """Markers where the move trapped caps, took the golden cap, locked prisoners up."""
        if not isinstance(move, Move):
            return
        after = self.state
        seats = before.rules.seats
        end = self._centre(move.end)
        trapped = sum(after.prisoners(c) - before.prisoners(c) for c in seats)
        mover = COLOURS.index(before.colour_to_move)
        if _gold_holder(after) == mover != _gold_holder(before):
            self.effects.mark(end, tr("Golden cap!"), self.look(GOLD)[0], delay)
        elif trapped > 0:
            self.effects.mark(end, tr("Trapped {n}!", n=trapped), theme.BAD, delay)
        locked = sum(map(len, after.locked)) - sum(map(len, before.locked))
        if locked > 0 and move.walk.visit >= 0:
            home = self._centre(move.path[move.walk.visit])
            share = move.walk.visit / max(1, len(move.path) - 1)
            self.effects.mark(home, tr("Locked up {n}", n=locked), theme.ACCENT_DARK, delay * share)

    def _dim_layer(self, vp: Viewport, polys: dict[str, list[Point]], targets: dict[str, list[Move]]) -> pygame.Surface:
        """The dark layer over every field that is not a target (cached per window size and targets)."""
        key = (vp.rect.topleft, vp.rect.size, tuple(sorted(targets)))
        if self._dim_cache is None or self._dim_cache[0] != key:
            ox, oy = vp.rect.topleft
            others = [[(x - ox, y - oy) for x, y in poly] for fid, poly in polys.items() if fid not in targets]
            self._dim_cache = (key, sd.dim_layer(vp.rect.size, others))
        return self._dim_cache[1]

    def _draw_route(self, surface: pygame.Surface, move: Move, width: int) -> None:
        """A move's route; after it doubles back (a golden second leg, leaving the hideout) the line
        runs beside the outward one so both legs show, and a golden first-leg trap is ringed."""
        import math

        pts = [self.field_px(n) for n in move.path]
        out: list[Point] = [pts[0]]
        shift = (0.0, 0.0)
        for k in range(1, len(pts)):
            if k >= 2 and move.path[k] == move.path[k - 2] and shift == (0.0, 0.0):
                dx, dy = pts[k][0] - pts[k - 1][0], pts[k][1] - pts[k - 1][1]
                d = math.hypot(dx, dy) or 1.0
                off = width * 2.2
                shift = (-dy / d * off, dx / d * off)
                out.append((pts[k - 1][0] + shift[0], pts[k - 1][1] + shift[1]))
            out.append((pts[k][0] + shift[0], pts[k][1] + shift[1]))
        sd.path(surface, out, width)
        if move.walk.turn >= 0:
            at = self.field_px(move.path[move.walk.turn])
            r = self.viewport.length(self.geo.cap) * 1.35 if self.viewport else 10
            pygame.draw.circle(surface, (255, 255, 255), at, r + 2, width=max(2, width))
            pygame.draw.circle(surface, theme.BAD, at, r, width=max(2, width - 1))

    def _draw_pieces(self, surface: pygame.Surface, vp: Viewport, movable: list[Piece]) -> None:
        m = self.metrics
        r = vp.length(self.geo.cap)
        anim = (isinstance(self.last_move, Move) and self.last_state is not None and self.move_progress() < 1.0)
        state = self.last_state if anim else self.state
        hidden = (self.last_move.start, self.last_move.stack) if anim else None
        stacks = self._stacks(state)
        locked = state.locked
        sel = self.selected
        drag_moved = self.drag is not None and self.drag[2]
        shown = [(fid, i, pile, self.to_px(slot)) for fid, piles in stacks.items()
                 for i, (pile, slot) in enumerate(zip(piles, self.geo.slots(fid, len(piles)), strict=False))
                 if (fid, i) != hidden and not (drag_moved and (fid, i) == sel)]
        # every glow first, then every piece: in a hideout's cluster a cap's glow was painted over
        # by the caps round it, and the caps a player was told were "glowing" showed none. A
        # hideout's caps are alike, so a hideout to move from glows whole, round its disc
        for fid, i, pile, at in shown if not anim else ():
            top = (at[0], at[1] - (min(len(pile), 5) - 1) * r * sd.LIFT)
            if (fid, i) == sel:
                draw.glow(surface, top, r * 1.3, theme.SELECT, 200)
            elif (fid, i) in movable and self.geo.fields[fid].kind == "hideout":
                field = self.geo.fields[fid]
                draw.halo(surface, self.to_px(field.at), vp.length(field.radius))
            elif (fid, i) in movable:
                draw.glow(surface, top, r * 1.28, (255, 255, 255), 230)
        for _fid, _i, pile, at in shown:
            sd.stack(surface, at, r, [self.look(c) for c in pile], m.small)
        self._draw_prisoners(surface, vp, locked, state)
        if anim:
            move = self.last_move
            pile = self.last_state.occ[self.last_state.rules.topology.index[move.start]][move.stack]
            pts = [self.to_px(self._centre(n)) for n in move.path]
            t = self.move_progress() * (len(pts) - 1)
            k = min(int(t), len(pts) - 2)
            f = t - k
            at = (pts[k][0] + (pts[k + 1][0] - pts[k][0]) * f, pts[k][1] + (pts[k + 1][1] - pts[k][1]) * f)
            sd.stack(surface, at, r * 1.1, [self.look(c) for c in pile], m.small)
        elif drag_moved and sel is not None:
            piles = stacks.get(sel[0], [])
            if sel[1] < len(piles):
                sd.stack(surface, self.drag[1], r * 1.12, [self.look(c) for c in piles[sel[1]]], m.small,
                         ring=theme.SELECT)

    def _centre(self, fid: str) -> Point:
        from tabletop.games.trap_the_cap.scene_geom import centre

        field = self.geo.fields.get(fid)
        return centre(field) if field else (0.0, 0.0)

    def _tray_box(self, owner: int) -> tuple[float, float, float, float] | None:
        """Where ``owner``'s prison tray lies, in layout units (x0, y0, x1, y1): a pill along the
        board edge beside that player's hideout, touching the disc and clear of the ring track."""
        import math

        field = next((self.geo.fields.get(p.hideout) for p in self.layout_data.players
                      if p.colour == COLOURS[owner]), None)
        if field is None:
            return None
        hx, hy = field.at
        sx, sy = (1 if hx >= 0 else -1), (1 if hy >= 0 else -1)
        edge = self.layout_data.half_width - 0.035
        rings = [f.radii[1] for f in self.geo.fields.values() if f.shape == "sector"]
        ring = (max(rings) if rings else edge * 0.93) + 0.015
        h = min(0.13, max(0.06, edge - max(ring * 0.92, abs(hy) - field.radius)))
        mid = edge - h / 2
        reach = (field.radius + h / 2 + 0.01) ** 2 - (mid - abs(hy)) ** 2
        near = abs(hx) - math.sqrt(reach) if reach > 0 else abs(hx) - field.radius
        room = (ring + h / 2) ** 2 - mid ** 2
        far = math.sqrt(room) if room > 0 else 0.0
        if near - far < h * 0.5:
            far = near - h * 0.5
        x0, x1 = sx * (far - h / 2), sx * (near + h / 2)
        y0, y1 = sy * (edge - h), sy * edge
        return (min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))

    def _tray_rect(self, owner: int) -> pygame.Rect | None:
        box = self._tray_box(owner)
        if box is None or self.viewport is None:
            return None
        (ax, ay), (bx, by) = self.to_px((box[0], box[1])), self.to_px((box[2], box[3]))
        return pygame.Rect(int(min(ax, bx)), int(min(ay, by)), int(abs(bx - ax)), int(abs(by - ay)))

    def _tray_at(self, pos: tuple[int, int]) -> int | None:
        for owner, caps in enumerate(self.state.locked):
            rect = self._tray_rect(owner) if caps else None
            if rect is not None and rect.collidepoint(pos):
                return owner
        return None

    def _draw_prisoners(self, surface: pygame.Surface, vp: Viewport, locked: list[list[int]], state: Any) -> None:
        """Caps locked up by each player, in a framed prison tray beside that player's hideout
        (count per colour, a padlock and, where it fits, the word): clearly out of play."""
        for owner, caps in enumerate(locked):
            if not caps or owner >= len(COLOURS):
                continue
            rect = self._tray_rect(owner)
            field = next((self.geo.fields.get(p.hideout) for p in self.layout_data.players
                          if p.colour == COLOURS[owner]), None)
            if rect is None or field is None:
                continue
            counts = [(self.look(c), caps.count(c)) for c in sorted(set(caps))]
            sd.tray(surface, rect, self.to_px(field.at), self.look(owner)[0], counts, tr("Prisoners"),
                    self._owner_turn(owner), self.metrics.small)

    def _piece_box(self, piece: Piece | None, r: float) -> list[list[Point]]:
        """The pixels a piece covers, a tower's raised top included (a tooltip keeps clear of the
        piece it tells about); empty without a piece."""
        if piece is None:
            return []
        piles = self._stacks(self.state).get(piece[0], [])
        if piece[1] >= len(piles):
            return []
        x, y = self.piece_px(*piece)
        lift = (min(len(piles[piece[1]]), 5) - 1) * r * sd.LIFT
        reach = r * 1.15
        return [[(x - reach, y - lift - reach), (x + reach, y - lift - reach), (x + reach, y + reach),
                 (x - reach, y + reach)]]

    def _draw_tooltip(self, surface: pygame.Surface, hover_fid: str | None, hover_piece: Piece | None,
                      m: Any, keep: list[list[Point]], also: list[list[Point]]) -> None:
        """The hover card (a tower's caps, a hideout's, a tray's prisoners, else the field's name),
        placed where it hides none of ``keep`` (the lit targets, the caps that can move, the
        hovered piece) and, where it can, none of ``also`` (the other caps)."""
        if self.drag is not None and self.drag[2]:
            return
        if self.timers.running("move"):  # the card reads the board after the move: not while it slides
            return
        lines: list[tuple[str, sd.Look | None]] = []
        stacks = self._stacks(self.state)
        tray = self._tray_at(self.hover_px) if self.hover is not None else None
        if tray is not None and hover_piece is None:
            caps = self.state.locked[tray]
            lines.append((tr("Locked up by {who} (out of play):", who=colour_text(COLOURS[tray])), None))
            for c in sorted(set(caps)):
                lines.append((f"{colour_text(NAMES[c])} × {caps.count(c)}", self.look(c)))
        if hover_piece is not None:
            piles = stacks.get(hover_piece[0], [])
            pile = piles[hover_piece[1]] if hover_piece[1] < len(piles) else []
            if len(pile) > 1:
                lines.append((tr("Tower of {n}, top to bottom:", n=len(pile)), None))
                for c in reversed(pile):
                    lines.append((colour_text(NAMES[c]), self.look(c)))
            elif len(pile) == 1 and GOLD in pile:
                lines.append((self._card_name(hover_piece[0]), None))
            elif len(pile) == 1 and self.geo.fields[hover_piece[0]].kind != "hideout":
                # the field and whose cap stands on it: a long press at a table named the field
                # only, and the cap's colour is what a player pressing on it asks about
                lines.append((self._card_name(hover_piece[0]), None))
                lines.append((tr("{who} cap", who=colour_text(NAMES[pile[0]])), self.look(pile[0])))
            if GOLD in pile:  # whose it is: a new player meets a star cap nobody's list names
                owner = self.state.golden_owner
                # a note, with no cap of its own in a tower: "Tower of 2" then three caps misread
                lines.append((tr("Golden cap: nobody's yet, bring it home to own it") if owner is None
                              else tr("Golden cap: owned by {who}", who=colour_text(NAMES[owner])),
                              self.look(GOLD) if len(pile) == 1 else None))
        if not lines and hover_fid is not None and self.geo.fields[hover_fid].kind == "hideout":
            owner = self.geo.fields[hover_fid].owner or ""
            waiting = len(stacks.get(hover_fid, []))
            if owner in COLOURS and COLOURS.index(owner) not in self.state.rules.seats:
                lines.append((tr("{who} hideout: not in play", who=colour_text(owner)), None))
            elif waiting == 1:
                lines.append((tr("{who} hideout: {n} cap waiting", who=colour_text(owner), n=waiting), None))
            else:
                lines.append((tr("{who} hideout: {n} caps waiting", who=colour_text(owner), n=waiting), None))
            if owner in COLOURS:
                caps = self.state.locked[COLOURS.index(owner)]
                if caps:
                    lines.append((tr("Locked up here:"), None))
                    for c in sorted(set(caps)):
                        lines.append((f"{colour_text(NAMES[c])} × {caps.count(c)}", self.look(c)))
        if not lines and hover_fid is not None:
            lines.append((self._card_name(hover_fid), None))
            lines.extend((line, None) for line in self._home_lines(hover_fid))
        if self.app.table_mode and lines:  # at a table: turned to the seat on turn (who is pointing)
            w, h = sd.tooltip_size(lines, m.body, m.pad)
            card = pygame.Surface((w + 2 * m.pad, h + 2 * m.pad), pygame.SRCALPHA)
            sd.tooltip_card(card, lines, pygame.Rect(m.pad, m.pad, w, h), m.body, m.pad)
            self.blit_facing(surface, card, self.hover_px, self.panel_of(self.acting_seat()), self.board_area, keep,
                             also)
            return
        sd.tooltip(surface, lines, self.hover_px, m.body, m.pad, self.board_area, keep, also)

    def _home_lines(self, field_id: str) -> list[str]:
        """For a lit target whose drawn route goes home: what the cap unloads there, in the core's
        words ("Goes home and unloads: locks up 2 prisoners"); the route showed the trip only."""
        moves = self.targets().get(field_id, [])
        if not moves:
            return []
        i = self.choice[2] if self.choice and self.choice[0] == field_id else 0
        said = self.state.describe_unloading(moves[min(i, len(moves) - 1)])
        return [tr("Goes home and unloads: {what}", what=said)] if said else []

    def _card_name(self, field_id: str) -> str:
        """A field's name heading the hover card, capitalised ("Centre": the log's "->centre" is
        mid-sentence)."""
        name = field_name_by_id(self.state.rules.topology, field_id)
        return name[:1].upper() + name[1:]

    def _owner_turn(self, owner: int) -> int:
        """Table mode: the turn that makes a tray's word face the seat playing that colour."""
        if not self.app.table_mode:
            return 0
        seat = next((s for s, c in enumerate(self.state.rules.seats) if c == owner), None)
        panel = self.panel_of(seat)
        return panel.angle if panel is not None else 0

def looks_of(layout: Any) -> dict[int, sd.Look]:
    """Cap colours and symbols come from the YAML (a user who recolours a player sees it)."""
    looks: dict[int, sd.Look] = {}
    by_colour = {p.colour: p for p in layout.players}
    for code, name in enumerate(COLOURS):
        p = by_colour.get(name)
        st = theme.style(name)
        looks[code] = (p.fill, p.symbol) if p else (st.rgb, st.symbol)
    looks[GOLD] = (layout.palette.get("gold", (212, 160, 23)), sd.GOLD_SYMBOL)
    return looks


def paint_position(surface: pygame.Surface, rect: pygame.Rect, layout: Any, state: Any, text_size: int) -> tuple:
    """The board fitted into ``rect`` (corners of colours out of play grey) with every cap and
    tower of ``state`` on it: the menu's picture and the rules' diagram. Returns the Viewport and
    the layout-point → pixel (relative to the Viewport's rect) mapping used."""
    geo = geometry(layout)
    h = layout.half_width * 1.035
    vp = Viewport((-h, -h, 2 * h, 2 * h), rect)
    ox, oy = vp.rect.topleft

    def to_px(p: Point) -> tuple[float, float]:
        x, y = vp.to_px(p[0], -p[1])
        return (x - ox, y - oy)

    playing = {COLOURS[c] for c in state.rules.seats}
    surface.blit(sd.render_board(layout, geo, vp.rect.size, to_px, vp.scale, playing), vp.rect.topleft)
    looks = looks_of(layout)
    names = state.rules.topology.names
    r = vp.length(geo.cap)
    for node, piles in state.occ.items():
        fid = names[node]
        if not piles or fid not in geo.fields:
            continue
        for at, pile in zip(geo.slots(fid, len(piles)), piles, strict=False):
            x, y = to_px(at)
            sd.stack(surface, (x + ox, y + oy), r, [looks.get(c, ((128, 128, 128), "circle")) for c in pile],
                     text_size)
    return vp, to_px


def _mouse_words() -> dict[str, str]:
    """The move prompts in a window, translated (the caller fills in the numbers)."""
    return {
        "pass, roll again": tr("no legal move with a {n}. Click Pass, then roll again."),
        "pass": tr("no legal move with a {n}. Click Pass."),
        "next way": tr("way {k} of {n} — {way}. Click the field again for the next way, or Confirm."),
        "to a field": tr("click a lit field to move {steps}, or right-click to pick another cap."),
        "to a field, one piece": tr("click a lit field to move {steps}."),
        "a piece": tr("click a glowing cap or tower to move {steps}."),
    }


def _touch_words() -> dict[str, str]:
    """The same prompts in touch words (a table): tap, and a finger held still on the chosen cap
    instead of the right click (said in words: "(hold: other piece)" told a new player neither
    what to hold nor what it does)."""
    return {
        "pass, roll again": tr("no legal move with a {n}. Tap Pass, then roll again."),
        "pass": tr("no legal move with a {n}. Tap Pass."),
        "next way": tr("way {k} of {n} — {way}. Tap the field again for the next way, or Confirm."),
        "to a field": tr("tap a lit field to move {steps}, or hold a finger on the chosen cap to pick another."),
        "to a field, one piece": tr("tap a lit field to move {steps}."),
        "a piece": tr("tap a glowing cap or tower to move {steps}."),
    }

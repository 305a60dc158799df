"""Chicken Chase scene: the event-to-move adapter and the panel hooks. Drawing is in
``scene_draw.py``; geometry (shared by drawing and hit-testing) in ``scene_geom.py``.

Every move played here is taken from ``state.legal_moves()`` by filtering: the scene keeps only a
selection (dice, cards, a chick to move, the chosen action) and never builds or validates a move
itself, so the rules core stays the single authority.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import Any

import pygame

from tabletop.core import CHANCE
from tabletop.games.chicken_chase.moves import (
    ChooseRoll,
    EndRoll,
    NoCard,
    Place,
    PlayB,
    PlayC,
    PlayCard,
    SetupChick,
    card_value,
)
from tabletop.games.chicken_chase.scene_draw import (
    ChickenPainter,
    cards_text,
    paint_feed,
    paint_hens,
    paint_hill,
    paint_push_picture,
)
from tabletop.games.chicken_chase.scene_geom import build_geometry, inside
from tabletop.i18n import and_list, language, plural, tr
from tabletop.ui import draw, theme
from tabletop.ui.game_scene import GameScene, PlayerRow
from tabletop.ui.results import ResultRow, ResultTable, table_text
from tabletop.ui.widgets import Button, Viewport

B_LIMIT = 8
PREVIEW_LEAST_PX = 10
"""The smallest field number of the menu's board picture."""


class ChickenChaseScene(ChickenPainter, GameScene):
    """The hill, the feed strip, the hands and the dice of Chicken Chase, played by mouse."""

    title = "Chicken Chase"

    def __init__(self, app: Any, session: Any, layout: Any) -> None:
        super().__init__(app, session, layout)
        self.geom = build_geometry(layout, 2 * session.state.num_players)
        self.mode = ""                  # "B" or "C" while choosing cards for that action
        self.sel_cards: list[int] = []  # indices into the viewer's sorted hand
        self.sel_dice: list[int] = []   # indices into state.dice (the unused dice of this roll)
        self.source = 0                 # feed field of the chick to move when the supply is empty
        self.shown: tuple[int, int] | None = None  # (seat, turns) while that hand is face up
        self.hover: tuple[str, int] | None = None
        self.drag_card: int | None = None
        self.mouse = (0.0, 0.0)
        self.die_rects: list[tuple[pygame.Rect, int]] = []  # (pixel rect, index into state.dice)
        self._cache_version = -1
        self._legal: list[Any] = []
        self._obs: Any = None
        self.faces_drawn: set[int] = set()  # seats whose card faces the last frame showed
        self._hands: dict[int, Any] = {}    # table mode: each seat's hand in its strip

    def strip_shown(self) -> bool:
        """The hand strip under the board: window mode only. On a table each hand sits in its own
        seat's panel, at that player's edge (the board gets the strip's room)."""
        return not self.app.table_mode

    # -- cached views of the state -------------------------------------------------------------------
    def _refresh(self) -> None:
        if self._cache_version != self.state_version or self._obs is None:
            state = self.state
            self._legal = state.legal_moves() if state.current_player not in (None, CHANCE) else []
            seat = self.viewer()
            # once the game is over nothing is hidden: every hand is shown as it truly is (a view
            # re-deals the others' face-down cards at random)
            self._obs = (state.copy() if state.phase == "over" else
                         state.observation(seat if seat is not None else max(0, state.turn)))
            self._cache_version = self.state_version

    def legal(self) -> list[Any]:
        self._refresh()
        return self._legal if self.human_to_move() else []

    def obs(self) -> Any:
        self._refresh()
        return self._obs

    def mover(self) -> int | None:
        """The seat that acts now, human or computer: in the setup the one placing his chicks (not
        ``state.turn``, the starter, who waits meanwhile); in a turn the turn player, also while his
        dice roll or a card is drawn for him; nobody before the starter is drawn or after the end."""
        state = self.state
        if state.phase in ("over", "first"):
            return None
        return state.current_player if state.phase == "setup" else state.turn

    def turn_seat(self) -> int | None:
        """Whose turn the players list and the hand strip show: the ``mover``."""
        return self.mover()

    def viewer(self) -> int | None:
        """The human whose turn it is: only that hand may be turned face up (his turn shows once
        the last hen or chick of the seat before him has arrived: ``shown_turn``)."""
        seat = self.shown_turn()
        return seat if seat is not None and self.seat_is_human(seat) else None

    def hand_shown(self) -> bool:
        seat = self.viewer()
        return seat is not None and self.shown == (seat, self.state.turns)

    def can_show_hand(self) -> bool:
        """An empty hand has nothing to turn up: its "Show my hand" is greyed (it stayed lit after
        a player had played his last cards, and showed nothing)."""
        return self.viewer() is not None and bool(self.hand())

    def toggle_hand(self) -> None:
        seat = self.viewer()
        if seat is None or not (self.hand_shown() or self.can_show_hand()):
            return
        if self.hand_shown():
            self.shown = None
            self.sel_cards = []
        else:
            self.shown = (seat, self.state.turns)
        self.dirty = True

    def hand(self) -> list[int]:
        seat = self.viewer()
        return self.obs().hand(seat) if seat is not None else []

    def being_dealt(self, seat: int) -> bool:
        """The seat's starting cards are still to be dealt: its empty hand is not "no cards"."""
        return self.state.hand_being_dealt(seat)

    def empty_hand_words(self, seat: int) -> str:
        """What an empty hand says: its cards are on their way, or there are none in it now (it
        said "no cards yet" to a player who had just played his last two)."""
        if self.state.phase == "over":
            return tr("no cards")
        return tr("cards being dealt…") if self.being_dealt(seat) else tr("no cards in hand")

    def sel_codes(self) -> list[int]:
        hand = self.hand()
        return sorted(hand[i] for i in self.sel_cards if i < len(hand))

    # -- what the legal moves allow, by filtering -----------------------------------------------------
    def placements(self) -> list[Place]:
        return [m for m in self.legal() if isinstance(m, Place)]

    def group(self) -> tuple[int, ...]:
        dice = self.state.dice
        return tuple(sorted(dice[i] for i in self.sel_dice if i < len(dice)))

    def place_targets(self) -> dict[int, Place]:
        """Feed field → the move a click there plays, for the current dice selection."""
        group = self.group()
        out: dict[int, Place] = {}
        for m in self.placements():
            if group and m.dice != group:
                continue
            if m.source and self.source and m.source != self.source:
                continue
            if m.source and not self.source:
                continue
            best = out.get(m.field)
            if best is None or len(m.dice) < len(best.dice):
                out[m.field] = m
        return out

    def group_fits(self) -> bool:
        """Can the selected dice place a chick? With the supply empty a chick on the strip must be
        picked first, so no field is lit yet: that is no reason to call the sum too high."""
        if self.place_targets():
            return True
        return self.state.supply[self.state.turn] == 0 and not self.source and bool(self.source_fields())

    def source_fields(self) -> set[int]:
        group = self.group()
        return {m.source for m in self.placements() if m.source and (not group or m.dice == group)}

    def card_moves(self) -> list[Any]:
        """Hen moves the selected cards allow now (PlayB / PlayC / PlayCard)."""
        codes = self.sel_codes()
        if not codes:
            return []
        phase = self.state.phase
        out = []
        for m in self.legal():
            if phase == "action" and self.mode == "B" and isinstance(m, PlayB):
                if sorted(m.cards) == codes:
                    out.append(m)
            elif phase == "action" and self.mode == "C" and isinstance(m, PlayC):
                if len(codes) == 1 and m.card == codes[0]:
                    out.append(m)
            elif phase in ("card", "c_second") and isinstance(m, PlayCard) and len(codes) == 1:
                if m.card == codes[0]:
                    out.append(m)
        return out

    def card_selectable(self, index: int) -> bool:
        """May this card be added to the selection (it stays part of some legal move)?"""
        hand = self.hand()
        if index >= len(hand) or not self.hand_shown():
            return False
        phase = self.state.phase
        legal = self.legal()
        code = hand[index]
        if phase in ("card", "c_second"):
            return any(isinstance(m, PlayCard) and m.card == code for m in legal)
        if phase != "action":
            return False
        if self.mode == "C":
            return any(isinstance(m, PlayC) and m.card == code for m in legal)
        want = Counter(self.sel_codes()) + Counter([code])
        return any(isinstance(m, PlayB) and not want - Counter(m.cards) for m in legal)

    def mode_enabled(self, mode: str) -> bool:
        kind = {"A": ChooseRoll, "B": PlayB, "C": PlayC}[mode]
        return any(isinstance(m, kind) for m in self.legal())

    def landings(self) -> dict[int, tuple[Any, list[int]]]:
        """Own hen (0/1) → (the move, every hen's field after it) for the selected cards."""
        seat = self.state.turn
        out: dict[int, tuple[Any, list[int]]] = {}
        for m in self.card_moves():
            steps = sum(card_value(c) for c in m.cards) if isinstance(m, PlayB) else card_value(m.card)
            out[m.hen] = (m, self.state.hen_landing(seat, m.hen, steps))
        return out

    # -- input -----------------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        """The dice sit in the frame's panel: clicks on them group dice (the frame only rolls)."""
        if (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and not self.can_roll()
                and self.dice_rect.collidepoint(event.pos)):
            for rect, index in self.die_rects:
                if rect.collidepoint(event.pos):
                    self.toggle_die(index)
                    return
        super().handle(event)

    def table_click(self, pos: tuple[int, int]) -> bool:
        """Table mode: the dice sit in the acting seat's edge panel (``die_rects`` are in that
        panel's upright coordinates, where ``draw_dice`` drew them), and the hand of the person
        whose turn it is sits in his own panel: a click on a card there selects it as in the strip."""
        for panel in self.table_panels:
            local = panel.to_local(pos)
            if local is None:
                continue
            if self.state.phase == "place" and not self.can_roll() and panel.seat == self.acting_seat():
                for rect, index in self.die_rects:
                    if rect.collidepoint(local):
                        self.toggle_die(index)
                        return True
            if panel.seat == self.viewer():
                card = self.panel_card_at(panel, local)
                if card is not None:
                    self.click_card(card)
                    self.drag_card = None  # no dragging out of a panel: click the hen next
                    self.dirty = True
                    return True
            break
        return super().table_click(pos)

    def action_buttons(self) -> list[Button]:
        """No Roll button in the phases that never roll: the setup, the choice of an action (where
        "A: roll dice" is the roll) and the card play. A window showed a dead greyed "Roll [Space]"
        above "A: roll dice [A]" and all through the card play. A window keeps it through the dice
        steps (greyed while a roll's dice are placed: the next roll's button, in its place); a
        table's strip only while the dice are to roll (the dice in the strip roll too), nor a greyed
        Done then: the strips are narrow, and A, B and C, or the hand's "Show my hand", need the room."""
        buttons = super().action_buttons()
        dice_steps = ("roll",) if self.app.table_mode else ("roll", "place")
        if self.state.phase not in dice_steps:
            buttons = [b for b in buttons if b.action != self.roll]
        if self.app.table_mode and self.state.phase == "roll":  # nor a greyed Done before the roll:
            buttons = [b for b in buttons if b.enabled or b.key != "D"]  # the hand needs the room
        if self.app.table_mode and self.steady_steps() and self.steady_fits(self.state.turn):
            # Undo keeps its place through the dice and the card (greyed where there is nothing to
            # take back): a strip drops a greyed Undo, and Done, the dice and the hand moved along
            # the strip each time it came or went
            buttons = [Button(b.label, lambda: self.undo(), enabled=b.enabled, key=b.key) if b.action == self.undo
                       else b for b in buttons]
        return buttons

    def steady_steps(self) -> bool:
        """Action A's steps after the choice (each roll, its placing, the card): a strip keeps its
        parts in one place through them (``_needs``)."""
        return self.state.phase in ("roll", "place", "card") and self.state.current_player is not None

    def steady_fits(self, seat: int) -> bool:
        """Whether ``seat``'s strip holds a steady row for action A's steps (``steady_row``)."""
        return self.steady_row(seat) is not None

    def steady_row(self, seat: int) -> bool | None:
        """How ``seat``'s strip keeps one row through action A's steps: True, the first button as
        wide as the widest of Roll / Done / No card on one line; False, as their two-line words
        need; None where even that leaves "Show my hand" short of its words in the buttons' type
        or the cards overlapped (a small screen, Russian): each step is laid out as it needs."""
        panel = self.panel_of(seat)
        if panel is None or not self.seat_is_human(seat):
            return True
        key = (panel.size, panel.kind, self.metrics.body, language(), len(self.obs().hand(seat)), seat == self.viewer())
        cache = self.__dict__.setdefault("_steady_cache", {})
        if key not in cache:
            from tabletop.ui import table_strip

            cache[key] = None
            buttons = [Button(tr("Done"), lambda: None), Button(tr("Undo"), lambda: None, enabled=False)]
            base = super()._needs(panel, True, False, buttons, Button(tr("Menu"), lambda: None))
            for wide in (True, False):
                needs = self._steady_needs(panel, base, buttons, wide)
                parts = table_strip.strip_parts(panel.size, self.metrics, needs, panel.home_right)
                hand = self._hand_layout(seat, parts.extra) if seat == self.viewer() else None
                if hand is None or hand.show is None or (
                        all(a.right <= b.x for a, b in zip(hand.cards, hand.cards[1:], strict=False))
                        and self._show_fit(hand.show.w, hand.show.h, self.metrics.body) is not None):
                    cache[key] = wide
                    break
        return cache[key]

    def _needs(self, panel: Any, active: bool, over: bool, buttons: list[Button], menu: Button) -> Any:
        """The acting strip: the buttons give way before the hand (``_hand_before_buttons``), and
        through action A's steps (where the strip has the room) the first button (Roll, Done, No
        card) is as wide as the widest of them, so that it, Undo after it and the dice and the hand
        before it keep their places from step to step (each took the width of its own words)."""
        needs = super()._needs(panel, active, over, buttons, menu)
        if not (active and not over and buttons and len(needs.button_ws) == len(buttons)):
            return needs
        row = self.steady_row(panel.seat) if self.steady_steps() else None
        if row is not None:
            return self._steady_needs(panel, needs, buttons, row)
        return self._hand_before_buttons(panel, needs, [False] * len(buttons))

    def _steady_needs(self, panel: Any, needs: Any, buttons: list[Button], wide: bool = True) -> Any:
        """``needs`` with the steady row of action A's steps: the first button as wide as the
        widest of Roll / Done / No card (``wide``: on one line, else on two), Undo as its word
        needs, the dice kept while still to roll."""
        m = self.metrics
        words = [(tr("Roll 3 dice"), True), (tr("Roll 2 dice"), True), (tr("Roll 1 die"), True),
                 (tr("Done"), False), (tr("No card"), False)]
        if wide:
            steady = max(max(int(m.button_h * 1.6), theme.font(m.body, bold).size(w)[0] + 3 * m.pad)
                         for w, bold in words)
        else:
            steady = max(max(int(m.button_h * 1.4), self._button_least(Button(w, lambda: None, primary=bold)))
                         for w, bold in words)
        first = [b.action == self.roll or b.label in (tr("Done"), tr("No card")) for b in buttons]
        undo = [b.label == tr("Undo") for b in buttons]  # its one word in the buttons' type
        widths = tuple(steady if f else w for w, f in zip(needs.button_ws, first, strict=True))
        fixed = [f or u for f, u in zip(first, undo, strict=True)]
        # the dice keep their place while they are still to roll too (a full strip let them go)
        return self._hand_before_buttons(panel, replace(needs, button_ws=widths, dice_spare=False), fixed)

    def _hand_before_buttons(self, panel: Any, needs: Any, fixed: list[bool]) -> Any:
        """Where the strip's row is short of room, the buttons' labels take two lines (down to the
        least width that keeps them whole in their type) before the hand is squeezed: the strip cut
        the hand first, and "Show my hand" came out in smaller type than the buttons beside it, the
        cards overlapped and their count went. The hand keeps what it needs whole until the buttons
        have given way (``extra_keep``); the buttons kept steady (``fixed``) keep their width."""
        from tabletop.ui import table_strip

        if not needs.extra:
            return needs
        parts = table_strip.strip_parts(panel.size, self.metrics, needs, panel.home_right)
        if parts.mode == "stack" or not parts.extra.h:
            return needs
        need = min(needs.extra[0], self.hand_need(panel.seat, parts.extra.h))
        least = tuple(w if f else (needs.button_least[i] if i < len(needs.button_least) else 0)
                      for i, (w, f) in enumerate(zip(needs.button_ws, fixed, strict=True)))
        return replace(needs, extra_keep=need, button_least=least)

    def table_buttons_for(self, seat: int, buttons: list[Button]) -> list[Button]:
        """In a strip the three actions say what they do, in few words and without their letters:
        A, B and C are keyboard keys, meaningless on a touch table, and «C: по карте» did not say
        that it means one card for each of the player's two hens."""
        words = {"A": tr("Roll the dice"), "B": tr("Cards ≤ 8 on one hen"), "C": tr("A card for each hen")}
        for b in buttons:
            if b.key in words:
                b.label = words[b.key]
            elif b.key == "D" and self.state.phase in ("roll", "place"):
                b.label = tr("Done")  # with this roll: the prompt says so
        return buttons

    def table_motion(self, pos: tuple[int, int]) -> bool:
        changed = super().table_motion(pos)
        hover = None
        for panel in self.table_panels:
            local = panel.to_local(pos)
            if local is not None:
                card = self.panel_card_at(panel, local)
                hover = ("panel card", card) if card is not None else None
                break
        else:
            return changed
        if hover != self.hover:
            self.hover = hover
            changed = True
        return changed

    def key(self, event: pygame.event.Event) -> None:
        k = event.key
        if k == pygame.K_h:
            self.toggle_hand()
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.state.current_player is None:
            super().key(event)  # the result card again
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_d):
            self.play_first(EndRoll) or self.play_first(NoCard)
        elif k == pygame.K_a:
            self.choose_mode("A")
        elif k == pygame.K_b:
            self.choose_mode("B")
        elif k == pygame.K_c:
            self.choose_mode("C")
        elif pygame.K_1 <= k <= pygame.K_6 and self.state.phase == "place":
            self.toggle_shown_die(k - pygame.K_1)
        else:
            super().key(event)
        self.dirty = True

    def toggle_shown_die(self, position: int) -> None:
        """Number key k: the k-th die as the panel shows it (used dice keep their places, so the
        keys always match what is seen); a used die's key does nothing."""
        entries = self.dice_entries()
        if 0 <= position < len(entries) and entries[position][1] >= 0:
            self.toggle_die(entries[position][1])

    def toggle_die(self, index: int) -> None:
        if not self.human_to_move() or self.state.phase != "place" or index >= len(self.state.dice):
            return
        if index in self.sel_dice:
            self.sel_dice.remove(index)
        else:
            self.sel_dice.append(index)
        if self.source and self.source not in self.source_fields():
            self.source = 0
        self.dirty = True

    def play_first(self, kind: type) -> bool:
        for m in self.legal():
            if isinstance(m, kind):
                return self.play(m)
        return False

    def choose_mode(self, mode: str) -> None:
        if self.state.phase != "action" or not self.mode_enabled(mode):
            return
        if mode == "A":
            self.play_first(ChooseRoll)
            return
        self.mode = "" if self.mode == mode else mode
        self.sel_cards = []
        if self.mode and not self.hand_shown():
            self.toggle_hand()
        self.dirty = True

    def hit(self, pos: tuple[float, float]) -> tuple[str, int] | None:
        """What lies under a logical point: card, show button, hen, landing, feed field."""
        g = self.geom
        if inside(g.show_button, pos) and (self.can_show_hand() or self.hand_shown()) and self.strip_shown():
            return ("show", 0)
        boxes = g.card_boxes(len(self.hand())) if self.strip_shown() else []
        for i in range(len(boxes) - 1, -1, -1):
            x, y, w, h = boxes[i]
            lift = 22.0 if i in self.sel_cards else 0.0
            if inside((x, y - lift, w, h + lift), pos):
                return ("card", i)
        seat = self.state.turn
        points = self.hen_points(self.state.hens)
        for k in (0, 1):
            hen = 2 * seat + k
            if hen < len(points) and _near(points[hen], pos, g.hen_r * 1.15):
                return ("hen", k)
        for k, (_m, after) in self.landings().items():
            if _near(self.hen_points(after)[2 * seat + k], pos, g.field_r * 1.1):
                return ("land", k)
        for f, box in enumerate(g.feed_boxes):
            if inside(box, pos):
                return ("feed", f + 1)
        return None

    def board_click(self, pos: tuple[float, float], event: pygame.event.Event) -> None:
        target = self.hit(pos)
        self.drag_card = None
        if target is None:
            return
        kind, index = target
        if kind == "show":
            self.toggle_hand()
        elif kind == "card":
            self.click_card(index)
        elif kind in ("hen", "land"):
            self.click_hen(index)
        elif kind == "feed":
            self.click_feed(index)

    def board_release(self, pos: tuple[float, float], event: pygame.event.Event) -> None:
        """Drag-and-drop: a card pressed in the hand and released on a hen plays it there."""
        card, self.drag_card = self.drag_card, None
        if card is None:
            return
        target = self.hit(pos)
        if target and target[0] in ("hen", "land"):
            self.click_hen(target[1])

    def board_motion(self, pos: tuple[float, float], event: pygame.event.Event) -> bool:
        self.mouse = pos
        target = self.hit(pos)
        held = bool(getattr(event, "buttons", (0,))[0])
        if self.drag_card is not None and not held:
            self.drag_card = None
        changed = target != self.hover or self.drag_card is not None
        self.hover = target
        return changed

    def click_card(self, index: int) -> None:
        if not self.hand_shown():
            self.toggle_hand()
            return
        if not self.human_to_move():
            return
        phase = self.state.phase
        if phase == "action" and not self.mode:
            self.mode = "B" if self.mode_enabled("B") else "C"
        if index in self.sel_cards:
            self.sel_cards.remove(index)
            return
        if not self.card_selectable(index):
            if phase in ("card", "c_second") or self.mode == "C":
                self.sel_cards = []
            if not self.card_selectable(index):
                return
        if phase in ("card", "c_second") or self.mode == "C":
            self.sel_cards = [index]
        else:
            self.sel_cards.append(index)
        self.drag_card = index

    def click_hen(self, hen: int) -> None:
        choices = self.landings()
        if hen in choices:
            self.play(choices[hen][0])

    def click_feed(self, field: int) -> None:
        phase = self.state.phase
        if phase == "setup":
            for m in self.legal():
                if isinstance(m, SetupChick) and m.field == field:
                    self.play(m)
            return
        if phase != "place":
            return
        move = self.place_targets().get(field)
        if move is not None:
            self.play(move)
            return
        if field in self.source_fields():
            self.source = 0 if self.source == field else field

    def cancel_selection(self) -> bool:
        had = bool(self.sel_cards or self.sel_dice or self.source or self.mode)
        self.sel_cards, self.sel_dice, self.source, self.mode = [], [], 0, ""
        self.drag_card = None
        self.dirty = True
        return had

    def on_state_changed(self) -> None:
        self.sel_cards, self.sel_dice, self.source, self.mode = [], [], 0, ""
        self.drag_card = None
        self._cache_version = -1

    @classmethod
    def draw_preview(cls, surface: pygame.Surface, rect: pygame.Rect, layout: Any, state: Any,
                     text_size: int) -> bool:
        """The menu's picture: the hill with this game's blocked fields, every hen on Start and the
        feed strip as the opening deal lays it (a seeded deal of the rules core: ``state`` is the
        position before it, and blank troughs differed from the board the game then shows).

        Why the type is not held at ``text_size``: the picture is a small board, its fields a few
        pixels wide, and numbers at the reading size of the menu stood larger than the fields they
        name (every window size, worst at 4K). In a picture they keep the board's proportions,
        down to ``PREVIEW_LEAST_PX``; words (Start) keep the reading size."""
        from tabletop.ui.moments import find_moment

        dealt = find_moment(state, lambda position, move: True)
        if dealt is not None:
            state = dealt[0]
        geom = build_geometry(layout, 2 * state.num_players)
        vp = Viewport((0.0, 0.0, geom.width, geom.height), rect)
        numbers = min(text_size, max(PREVIEW_LEAST_PX, int(vp.length(geom.field_r * 0.9))))
        paint_hill(surface, vp, (0, 0), geom, layout, state.blocked, text_size, False, number_px=numbers)
        paint_feed(surface, vp, geom, layout, state.face, state.chicks, numbers)
        paint_hens(surface, vp, geom, layout, list(state.hens))
        return True

    @classmethod
    def draw_rules_picture(cls, surface: pygame.Surface, rect: pygame.Rect, spec: Any, layout: Any,
                           text_size: int) -> str:
        """A real card move of a seeded game that pushes another player's hen down the hill."""
        from tabletop.core import Setup
        from tabletop.ui.moments import find_moment

        state = spec.new_state(Setup(2, "normal", spec.parse_options("normal", {}), layout, 0))

        def landing(position: Any, move: Any) -> tuple[tuple[int, ...], list[int]] | None:
            if not isinstance(move, (PlayCard, PlayB, PlayC)):
                return None
            cards = move.cards if isinstance(move, PlayB) else (move.card,)
            steps = sum(card_value(c) for c in cards)
            return cards, position.hen_landing(position.turn, move.hen, steps)

        def pushes(position: Any, move: Any) -> bool:
            found = landing(position, move)
            return found is not None and any(a != b for i, (a, b) in enumerate(zip(position.hens, found[1], strict=True))
                                             if i // 2 != position.turn)

        found = find_moment(state, pushes)
        if found is None or landing(*found) is None:
            return ""
        position, move = found
        cards, later = landing(position, move)  # type: ignore[misc]
        paint_push_picture(surface, rect, build_geometry(layout, 2 * position.n), layout, list(position.hens), later,
                           position.blocked, cards, text_size, position.face, position.chicks)
        steps = sum(card_value(c) for c in cards)
        if pushes(position, move):
            return tr("A card of {n} moves this hen exactly {n} fields up the hill (blue arrow). The hen that "
                      "was there is pushed down to the nearest free field below (red arrow).", n=steps)
        return tr("A card of {n} moves this hen exactly {n} fields up the hill.", n=steps)

    # -- the deal -----------------------------------------------------------------------------------
    def advance(self) -> None:
        """Card draws nobody asks for (the opening deal of the feed strip and of every starting
        hand, the starter drawn, a feed field refilled) are played at once, before the frame is
        drawn. Dealt one a frame they took about three seconds at a 4K table, with no strip saying
        anything (nobody acts during a deal) and the hands still to be dealt shown as "×0"."""
        while not self.animating() and self.state.current_player == CHANCE and self.roller() is None:
            played = len(self.session.played)
            self.roll()
            if len(self.session.played) == played:
                break
        super().advance()

    def refilling(self) -> int:
        """The feed field (1–10) a card is due for in a turn (a card won there, or a deck back from
        its discards), else 0. Nobody rolls for it, but the turn stays its player's."""
        state = self.state
        if state.current_player != CHANCE or state.phase in ("first", "setup"):
            return 0
        field = state.field_due()
        return 0 if field is None else field + 1

    def acting_seat(self) -> int | None:
        """The turn player while a feed field is refilled in his turn: his strip went blank (no
        prompt, no buttons) the second the won card flew to his hand, as if nobody were on turn."""
        return self.mover() if self.refilling() else super().acting_seat()

    def prompt_line(self) -> str:
        """While a feed field is refilled in a turn: whose turn goes on and what is happening."""
        field = self.refilling()
        if field:  # not the frame's "Dealing…": the turn goes on
            return tr("{name}: a new card is laid on feed field {field}…", name=self.seat_name(self.state.turn),
                      field=field)
        return super().prompt_line()

    def chance_time(self, move: Any, owner: int | None) -> float:
        """A draw nobody rolls for takes no time (see ``advance``); a roll tumbles as usual."""
        return super().chance_time(move, owner) if owner is not None else 0.0

    # -- panel hooks -------------------------------------------------------------------------------------
    def board_box(self) -> tuple[float, float, float, float]:
        g = self.geom
        return g.box if self.strip_shown() else (0.0, 0.0, g.width, g.height)

    def roller(self) -> int | None:
        state = self.state
        if state.phase == "roll" and not state.draws:
            return state.turn
        return None

    def roll_word(self) -> str:
        """English, as the frame wants it (it translates: "roll 3 dice", "roll 2 dice", "roll 1 die"
        and their capitalised forms are in this game's catalogue)."""
        from tabletop.games.chicken_chase.dice import ROLL_SIZES

        state = self.state
        if state.phase == "roll" and state.roll_index < len(ROLL_SIZES):
            n = ROLL_SIZES[state.roll_index]
            return f"roll {n} {'die' if n == 1 else 'dice'}"
        return "roll"

    def shows_dice(self) -> bool:
        return self.state.phase in ("roll", "place")

    def dice_to_roll(self) -> int:
        from tabletop.games.chicken_chase.dice import ROLL_SIZES

        index = self.state.roll_index
        return ROLL_SIZES[index] if 0 <= index < len(ROLL_SIZES) else 1

    def roll_dice(self) -> tuple[int, ...]:
        """The whole current roll (used dice included), read back from the record."""
        if self.state.phase != "place":
            return ()
        for played in reversed(self.session.played):
            if played.seat == CHANCE and played.text.startswith("roll "):
                try:
                    return tuple(int(x) for x in played.text.split()[1:])
                except ValueError:
                    break
        return tuple(self.state.dice)

    def dice_entries(self) -> list[tuple[int, int]]:
        """(value, index into state.dice or -1 when already used) for each die of the roll."""
        left = list(enumerate(self.state.dice))
        out: list[tuple[int, int]] = []
        for v in self.roll_dice():
            found = next((i for i, (_, d) in enumerate(left) if d == v), None)
            if found is None:
                out.append((v, -1))
            else:
                out.append((v, left.pop(found)[0]))
        out += [(d, i) for i, d in left]
        return out

    def dice(self) -> list[tuple[int, bool]]:
        return [(v, i < 0) for v, i in self.dice_entries()]

    def extra_buttons(self) -> list[Button]:
        phase = self.state.phase
        mine = self.human_to_move()
        if phase == "action":
            out = []
            for mode, label in (("A", tr("A: roll dice")), ("B", tr("B: play cards (sum ≤ 8)")),
                                ("C", tr("C: one card per hen"))):
                out.append(Button(label, lambda mode=mode: self.choose_mode(mode),
                                  enabled=mine and self.mode_enabled(mode), toggled=self.mode == mode,
                                  key=mode))
            return out
        if phase in ("roll", "place"):
            return [Button(tr("Done with this roll"), lambda: self.play_first(EndRoll),
                           enabled=mine and phase == "place", key="D")]
        if phase == "card":
            return [Button(tr("No card"), lambda: self.play_first(NoCard), enabled=mine, key="D")]
        return []

    def player_rows(self) -> list[PlayerRow]:
        state = self.state
        looks = self.layout_data.players
        active = self.shown_turn()
        rows = []
        for seat in range(state.n):
            look = looks[seat % len(looks)]
            hens = ", ".join(_field_name(state.hens[2 * seat + k]) for k in (0, 1))
            rows.append(PlayerRow(seat, self.seat_name(seat), look.name,
                                  tr("hens {hens} · {chicks}", hens=hens, chicks=_chicks(state.supply[seat])),
                                  active=seat == active,
                                  rgb=look.hen, symbol=look.symbol))
        return rows

    def draw_players(self, surface: pygame.Surface) -> None:
        """The frame's players list, with room for the detail ("hens Start, 4 · 12 chicks"): the name
        and who plays it ("you", "computer, easy", as every game's list says it; this one said it
        nowhere) take the width they need and the detail the rest, never below the small text size;
        when they do not all fit one line (long names, Russian, a small window) the detail goes
        under the name."""
        m = self.metrics
        row_h = int(m.body * 2.0)
        y = self.players_rect.y
        rows = self.player_rows()
        width = self.players_rect.w - row_h - m.pad
        # one form of the computers' role for the whole list, from the names alone (they do not
        # change in a game, the details do), as the other games' lists choose it
        form = max((self.role_fits(row.seat, row.name, width) for row in rows), default=0)
        roles = [self.role_text(row.seat, form) for row in rows]

        def head_w(row: PlayerRow, role: tuple[str, int]) -> int:
            return (theme.font(m.body, row.active).size(row.name)[0]
                    + (theme.font(role[1]).size(role[0])[0] + m.pad if role[0] else 0))

        one_line = all(head_w(row, role) + 2 * m.pad + theme.font(m.small).size(row.detail)[0] <= width
                       for row, role in zip(rows, roles, strict=True))
        for row, role in zip(rows, roles, strict=True):  # all rows alike: one line each, or two each
            r = pygame.Rect(self.players_rect.x, y, self.players_rect.w, row_h - 4)
            y += row_h
            if row.active:
                pygame.draw.rect(surface, (255, 232, 180), r, border_radius=row_h // 4)
                pygame.draw.rect(surface, theme.ACCENT, r, width=2, border_radius=row_h // 4)
            st = row.style()
            draw.piece(surface, (r.x + row_h // 2, r.centery), row_h * 0.36, st.rgb, st.symbol)
            text = pygame.Rect(r.x + row_h, r.y, width, r.h)
            head = text if one_line else pygame.Rect(text.x, text.y + 1, text.w, text.h // 2)
            name_w = theme.font(m.body, row.active).size(row.name)[0]
            role_w = theme.font(role[1]).size(role[0])[0] + m.pad if role[0] else 0
            if name_w + role_w > head.w:
                role_w = 0  # no room even for "(easy)": the name comes first
            draw.fitted_text(surface, row.name, pygame.Rect(head.x, head.y, head.w - role_w, head.h), m.body,
                             theme.INK, bold=row.active, anchor="midleft", min_size=m.small)
            if role_w:
                draw.text(surface, role[0], (head.x + min(name_w, head.w - role_w) + m.pad // 2, head.centery),
                          role[1], theme.INK_SOFT, anchor="midleft")
            if one_line:
                left = name_w + role_w + 2 * m.pad
                rest = pygame.Rect(text.x + left, text.y, text.w - left, text.h)
                draw.fitted_text(surface, row.detail, rest, m.body, theme.INK, anchor="midright", min_size=m.small)
                continue
            half = text.h // 2
            draw.fitted_text(surface, row.detail, pygame.Rect(text.x, text.y + half, text.w, text.h - half), m.small,
                             theme.INK_SOFT, anchor="midleft", min_size=m.small)

    def _say(self, mouse: str, touch: str) -> str:
        """The mouse words in a window, the touch words at a table."""
        return touch if self.app.table_mode else mouse

    def prompt(self) -> str:
        state = self.state
        phase = state.phase
        if phase == "setup":
            left = state.setup_queue[0][1] if state.setup_queue else 0
            return tr("setup, then {starter} starts — put a chick on a lit feed field 1–4 ({left} left to place).",
                      starter=self.seat_name(state.turn), left=left)
        if phase == "action":
            if self.mode == "B":
                codes = self.sel_codes()
                if not codes:
                    return self._say(tr("B: click cards (sum up to 8), then the hen to move."),
                                     tr("tap cards (sum up to 8), then the hen to move."))
                total = sum(card_value(c) for c in codes)
                cards = f"{' + '.join(str(card_value(c)) for c in codes)} = {total}" if len(codes) > 1 else str(total)
                return self._say(tr("B: {cards}. Add cards or click hen {hens}.", cards=cards, hens=self.lit_hens()),
                                 tr("cards {cards}. Add cards or tap hen {hens}.", cards=cards, hens=self.lit_hens()))
            if self.mode == "C":
                if not self.sel_cards:
                    return self._say(tr("C: click a card, then the hen it moves first."),
                                     tr("tap a card, then the hen it moves first."))
                return self._say(tr("C: click hen {hens} to move it first.", hens=self.lit_hens()),
                                 tr("tap hen {hens} to move it first.", hens=self.lit_hens()))
            return self._action_prompt()
        if phase == "place":
            return self._place_prompt()
        if phase in ("card", "c_second"):
            other = self._say(tr("C: now a card for your other hen"), tr("now a card for your other hen"))
            first = other if phase == "c_second" else tr("play one card on a hen")
            if not self.hand_shown():
                return self._say(tr("{first}: click your hand (or H) to see it.", first=first),
                                 tr("{first}: tap your hand to see it.", first=first))
            if self.sel_cards:
                value, hens = card_value(self.sel_codes()[0]), self.lit_hens()
                return self._say(tr("card {value}: click hen {hens} (ring = where it lands).", value=value, hens=hens),
                                 tr("card {value}: tap hen {hens} (ring = where it lands).", value=value, hens=hens))
            if phase == "card":
                return self._say(tr("{first}: click a card, then a hen, or No card.", first=first),
                                 tr("{first}: tap a card, then a hen, or No card.", first=first))
            return self._say(tr("{first}: click a card, then a hen.", first=first),
                             tr("{first}: tap a card, then a hen.", first=first))
        return tr("wait…")

    def _action_prompt(self) -> str:
        """The actions the rules core allows now (its legal moves), and only those: with an empty
        hand the prompt offered B and C beside their greyed buttons. In a window each is named by
        its key and what it does; at a table the buttons say what they do (no keys on a touch
        screen), so the prompt only sends the player to them."""
        modes = [mode for mode in "ABC" if self.mode_enabled(mode)]
        empty = not self.hand()
        if self.app.table_mode:
            if modes == ["A"] and empty:
                return tr("no cards in hand: tap Roll the dice.")
            return tr("roll the dice or play cards: tap a button.")
        words = {"A": tr("A (roll dice)"), "B": tr("B (cards summing ≤ 8 on one hen)"),
                 "C": tr("C (a card for each hen)")}
        named = [words[mode] for mode in modes]
        choices = named[0] if len(named) == 1 else ", ".join(named[:-1]) + tr(" or ") + named[-1]
        if modes == ["A"] and empty:
            return tr("no cards in hand: choose {choices}.", choices=choices)
        return tr("choose {choices}.", choices=choices)

    def lit_hens(self) -> str:
        """The numbers of the hens the selected cards can move ("1", "2" or "1 or 2"), as marked on
        the hens and named in the log; with no-break spaces, so that "hen 1 or 2" is not split)."""
        return tr(" or ").replace(" ", "\u00a0").join(str(k + 1) for k in sorted(self.landings())) or "1"

    def _place_prompt(self) -> str:
        state = self.state
        nth = tr("roll {k} of 3", k=state.roll_index + 1)
        if not self.placements():
            return self._say(tr("{nth}: no chick can be placed; click Done.", nth=nth),
                             tr("{nth}: no chick can be placed; tap Done.", nth=nth))
        group = self.group()
        empty = state.supply[state.turn] == 0
        if group:
            total = sum(group)
            head = f"{' + '.join(map(str, group))} = {total}" if len(group) > 1 else tr("die {n}", n=total)
            if not self.group_fits():
                return self._say(tr("{head}: too high (max 10); click a die to drop it.", head=head),
                                 tr("{head}: too high (max 10); tap a die to drop it.", head=head))
            if empty and not self.source:
                return self._say(tr("{head}: no chicks left: click one of yours on the strip to move.", head=head),
                                 tr("{head}: no chicks left: tap one of yours on the strip to move.", head=head))
            return self._say(tr("{head}: click feed field {total}.", head=head, total=total),
                             tr("{head}: tap feed field {total}.", head=head, total=total))
        if empty and not self.source:
            return self._say(tr("{nth}: no chicks left: click a die, then one of your chicks.", nth=nth),
                             tr("{nth}: no chicks left: tap a die, then one of your chicks.", nth=nth))
        return self._say(tr("{nth}: click dice to group them, then the lit feed field; or Done.", nth=nth),
                         tr("{nth}: tap dice to group them, then the lit feed field; or Done.", nth=nth))

    def table_prompts(self) -> list[str]:
        """A shorter form of the long dice prompt for a thin strip (the Russian one did not fit a
        band at 1366x768 or at 3840x2160 and was cut): the dice and the lit fields show the rest."""
        forms = super().table_prompts()
        state = self.state
        if state.phase == "setup" and self.human_to_move():  # the starter's name gives way first
            left = state.setup_queue[0][1] if state.setup_queue else 0
            name = self.seat_name(state.current_player)
            forms[1:1] = [f"{name}: " + tr("setup: put a chick on a lit feed field 1–4 ({left} left to place).",
                                            left=left),
                          tr("{name}: a chick on a lit field 1–4 ({left} left).", name=name, left=left),  # 130%: one band line
                          f"{name}: " + tr("setup: a chick on a lit field 1–4.")]
        if state.phase == "place" and self.human_to_move() and self.placements() and not self.group():
            nth = tr("roll {k} of 3", k=state.roll_index + 1)
            if state.supply[state.turn] == 0 and not self.source:
                shorter = [tr("{nth}: no chicks left: tap a die, then one of your chicks.", nth=nth)]
            else:
                shorter = [tr("{nth}: tap dice, then a lit field; or Done.", nth=nth),
                           tr("{nth}: tap dice, then a lit field.", nth=nth)]
            forms[1:1] = [f"{self.seat_name(state.turn)}: {words}" for words in shorter]
        if state.phase == "action" and self.human_to_move() and not self.mode:
            # the buttons' words took the room at 130% text: this says the choice before "your turn"
            if self.mode_enabled("B"):
                shorter = [tr("roll the dice or play cards."), tr("dice or cards?")]
            else:
                shorter = [tr("no cards in hand: roll the dice.")]
            forms[1:1] = [f"{self.seat_name(state.turn)}: {words}" for words in shorter]
        return forms

    def result_summary(self) -> str:
        """Who won, without the frame's per-seat scores: the outcome's points (the sum of a seat's
        two hens' fields) decide nothing (only both hens on the finish wins) and read as
        unexplained numbers ("Green wins (Red 16, Green 30)"). The card shows where the hens stand."""
        outcome = self.state.outcome()
        return self.result_table(outcome).banner.strip().rstrip(".") if outcome is not None else ""

    def result_text(self, outcome: Any) -> str:
        if outcome is None:
            return ""
        return table_text(self.result_table(outcome))

    def result_table(self, outcome: Any) -> ResultTable:
        """Per seat: where both hens stand, the cards won on the feed strip over the game (from
        the record), the cards still in hand (shown now the game is over) and the chicks left."""
        state = self.state
        names = [self.seat_name(s) for s in outcome.winners]
        head = (tr("{name} wins.", name=names[0]) if len(names) == 1 else tr("{names} win.", names=and_list(names)) if names
                else tr("Nobody wins."))
        won = self.cards_won()
        looks = self.layout_data.players
        rows = []
        for seat in range(state.n):
            hens = tr(" and ").join(_field_name(state.hens[2 * seat + k]) for k in (0, 1))
            hand = state.hand(seat)
            # "2" alone under "Cards in hand (values)" read as a count of cards: the cell counts
            # them and then gives their values ("1 card: 2", "3 cards: 1, 4, 6")
            values = ", ".join(str(card_value(c)) for c in hand)
            cards = f"{cards_text(len(hand))}: {values}" if hand else tr("no cards")
            look = looks[seat % len(looks)]
            rows.append(ResultRow(seat, self.seat_name(seat), look.hen, look.symbol,
                                  (hens, str(won[seat]) if won is not None else "?", cards, str(state.supply[seat])),
                                  winner=seat in outcome.winners, role=self.seat_role(seat)))
        heads = (tr("Hens on"), tr("Cards won"), tr("Cards in hand"), tr("Chicks in supply"))
        return ResultTable(head, _sentence(outcome.detail), heads, tuple(rows))

    def cards_won(self) -> list[int] | None:
        """How many feed cards each seat won over the game (replayed from the record)."""
        try:
            state = self.session.initial.copy()
            won = [0] * state.n
            for played in self.session.played:
                move = state.parse_move(played.text)
                seat = state.turn
                before = len(state.known[seat])
                state.apply(move)
                if isinstance(move, Place) and len(state.known[seat]) > before:
                    won[seat] += 1
            return won
        except Exception:  # an old save that does not replay
            return None

    # -- motion and markers -------------------------------------------------------------------------------
    def seat_colour_word(self, seat: int) -> str:
        """A seat is called by its hens' colour everywhere (the board file's names)."""
        return self.state.player_name(seat)

    def slide_steps(self, before: Any, move: Any) -> float:
        """A hen walks field by field (and a pushed hen slides down after it); a chick flies."""
        if isinstance(move, (PlayCard, PlayB, PlayC)):
            moved = sum(abs(a - b) for a, b in zip(before.hens, self.state.hens, strict=False))
            return 1.0 + 0.7 * min(moved, 12)
        if isinstance(move, (Place, SetupChick)):
            won = before.face[move.field - 1] is not None and self.state.face[move.field - 1] != before.face[move.field - 1]
            return 5.0 if won else 2.5
        return 1.0

    def show_effects(self, before: Any, move: Any, delay: float) -> None:
        """A pushed hen, a won card, a hen at the finish, marked where it happened."""
        state = self.state
        if isinstance(move, (Place, SetupChick)):
            field = move.field
            if before.face[field - 1] is not None and state.face[field - 1] != before.face[field - 1]:
                self.effects.mark(self.feed_card_centre(field), tr("Card won!"), theme.GOOD, delay * 0.5)
            return
        if not isinstance(move, (PlayCard, PlayB, PlayC)):
            return
        mover = before.turn
        for i, (a, b) in enumerate(zip(before.hens, state.hens, strict=False)):
            if a == b:
                continue
            at = self.hen_points(state.hens)[i]
            if i // 2 != mover:
                self.effects.mark(at, tr("Pushed!"), theme.BAD, delay)
            elif b == 15:
                self.effects.mark(at, tr("Finish!"), theme.GOOD, delay)

    def move_sound(self, before: Any, move: Any) -> str:
        if isinstance(move, (PlayCard, PlayB, PlayC)):
            seat = before.turn
            pushed = any(a != b for h, (a, b) in enumerate(zip(before.hens, self.state.hens, strict=False)) if h // 2 != seat)
            return "capture" if pushed else "move"
        if isinstance(move, Place) and sum(map(len, before.known)) != sum(map(len, self.state.known)):
            return "flip"
        return "click" if isinstance(move, (EndRoll, NoCard, ChooseRoll)) else "move"


def _near(a: tuple[float, float], b: tuple[float, float], r: float) -> bool:
    return (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2 <= r * r


def _field_name(field: int) -> str:
    return tr("Start (hill field)") if field == 0 else str(field)


def _chicks(n: int) -> str:
    """ "12 chicks", "1 chick"; in Russian «1 цыплёнок», «3 цыплёнка», «15 цыплят»."""
    return plural(n, tr("{n} chick", n=n), tr("{n} chicks (2–4)", n=n), tr("{n} chicks", n=n))


def _sentence(detail: str) -> str:
    return detail[:1].upper() + detail[1:] + ("." if detail and not detail.endswith(".") else "")

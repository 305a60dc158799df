"""Continue: every game in progress (one autosave per game), newest first, each with its game,
board or variant, players, moves played and when it was last saved; a click (or Enter on the
chosen one) resumes it. Only saves that can be continued are listed: the menu sets a bad one aside
with a message when it opens (``SaveSlots.check``)."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from tabletop.core import CHANCE
from tabletop.i18n import plural, tr
from tabletop.launch import Seat, player_moves
from tabletop.saves import SaveSlot
from tabletop.ui import draw, theme
from tabletop.ui.scene import Scene
from tabletop.ui.widgets import Button, ButtonRow

if TYPE_CHECKING:
    from tabletop.app import App


@dataclass
class SavedGame:
    """One line of the list: what is in a slot, in words."""

    slot: SaveSlot
    game_id: str
    game_title: str  # in English, as the game's registry entry spells it
    variant_title: str  # in English; "" when the game has one variant only
    detail: str
    header: dict[str, Any]
    variant_values: dict[str, Any] | None = None  # the variant title's values (a template's)

    @property
    def title(self) -> str:
        """The game and its board or variant in the language of the moment: the menu's footer
        says it, and reads right as soon as the language is changed in Settings."""
        if not self.variant_title:
            return tr(self.game_title)
        return f"{tr(self.game_title)} — {tr(self.variant_title, **(self.variant_values or {}))}"

    @classmethod
    def read(cls, slot: SaveSlot, games: dict[str, Any], store: Any = None) -> SavedGame | None:
        """The slot in words, or None when it cannot be continued (the slot's own checks say)."""
        header = slot.peek(games)
        spec = games.get(header.get("game")) if isinstance(header, dict) else None
        if spec is None or not isinstance(header, dict):
            return None
        meta = header.get("meta") if isinstance(header.get("meta"), dict) else {}
        seats = [Seat.from_json(s) for s in meta.get("seats", [])] if isinstance(meta.get("seats"), list) else []
        players = seats_text(seats, colour_names(spec, header)) or tr("{n} players", n=meta.get("players", "?"))
        variant = next((v.label for v in spec.all_variants(store) if v.id == meta.get("variant")), "")
        variant = variant if len(spec.all_variants(store)) > 1 else ""
        values: dict[str, Any] = {}
        note = spec.extra.get("saved_note")  # a one-variant game's own words (Plakoto: match to 5)
        if not variant and note is not None:
            options = meta.get("options") if isinstance(meta.get("options"), dict) else {}
            variant, values = note(options)
        moves = header.get("moves") if isinstance(header.get("moves"), list) else []
        when = time.strftime("%Y-%m-%d\u00a0%H:%M", time.localtime(slot.modified()))  # never split
        # the players' moves, not the rolls and draws (an entry of the wrong shape is no move:
        # continuing refuses such a record, listing it must not fail)
        n = player_moves(move[0] if isinstance(move, list) and move else CHANCE for move in moves)
        counted = plural(n, tr("{n} move", n=n), tr("{n} moves (2–4)", n=n), tr("{n} moves", n=n))
        counted = counted.replace(f"{n} ", f"{n}\u00a0", 1)  # "4 moves" never broken after its number
        detail = f"{players} · {counted} · {when}"
        return cls(slot, spec.id, spec.title, variant, detail, header, values)


def colour_names(spec: Any, header: dict[str, Any]) -> list[str]:
    """The seats' names as the game calls them ("White", "Black"; Trap the Cap's colours in play,
    Chicken Chase's hens from the board file), from the game's own ``seat_names`` (no pygame: the
    game's registry entry, not its scene) and the saved game's first position; [] when the game
    has none or the position cannot be read (the list then says "Player 1")."""
    names_of = spec.extra.get("seat_names")
    if names_of is None:
        return []
    try:
        return [str(name) for name in names_of(spec.state_class.from_json(header["initial"]))]
    except Exception:  # noqa: BLE001 - a record anyone can edit: it is checked when it is loaded
        return []


def seats_text(seats: list[Seat], names: list[str]) -> str:
    """Who plays, as the game names the seats: "White (you); Black (computer, easy)". A run of
    computers of one level shares its word ("Blue, Green, Yellow (computer, easy)"); when several
    people share the screen they are not marked (as in the game's own players list). A name given
    to a seat is its name; without the game's names a seat is "Player 1" / "Computer 2 (easy)"."""
    if len(names) < len(seats):
        return ", ".join(seat.name or seat.label(i) for i, seat in enumerate(seats))
    alone = sum(seat.is_human for seat in seats) == 1
    runs: list[tuple[str, list[str]]] = []  # (role, names) in seat order
    for i, seat in enumerate(seats):
        role = (tr("you") if alone else "") if seat.is_human else tr("computer, {level}", level=tr(seat.level))
        if runs and runs[-1][0] == role:
            runs[-1][1].append(seat.name or names[i])
        else:
            runs.append((role, [seat.name or names[i]]))
    return "; ".join(", ".join(who) + (f" ({role})" if role else "") for role, who in runs)


def saved_games(app: App) -> list[SavedGame]:
    """Every game that can be continued, newest first."""
    from tabletop.games import all_games

    games = all_games()
    found = [SavedGame.read(slot, games, app.store) for slot in app.saves.slots()]
    return [entry for entry in found if entry is not None]


class ContinueScene(Scene):
    """The list of saved games over the menu."""

    opaque = False

    def __init__(self, app: App, entries: list[SavedGame], resume: Callable[[SaveSlot], None]) -> None:
        super().__init__(app)
        self.entries = entries
        self.resume = resume
        self.chosen = 0
        self.hover = -1
        self.rows: list[pygame.Rect] = []
        self.row = ButtonRow()
        # Continue resumes the marked game (a click on a row resumes that one): with Back alone
        # nothing said that the rows are what to press, nor what Enter would do
        self.row.set([Button(tr("Continue"), lambda: self.choose(self.chosen), primary=True, key="Enter"),
                      Button(tr("Back"), lambda: self.app.pop_scene(self), key="Esc")])
        self.card = pygame.Rect(0, 0, 0, 0)
        self.detail_lines = 1

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        w, h = size
        m = self.metrics
        # as wide as the longest line of who plays needs (within the window); what still does not
        # fit on one line, even set smaller, takes two
        small = theme.font(m.small)
        widest = max((small.size(e.detail)[0] for e in self.entries), default=0) + 7 * m.pad
        card_w = min(int(w * 0.92), max(int(w * 0.64), widest))
        inner_w = card_w - 7 * m.pad
        self.detail_lines = 1 if all(theme.font(m.tiny).size(e.detail)[0] <= inner_w for e in self.entries) else 2
        row_h = theme.font(m.body, True).get_linesize() + self.detail_lines * small.get_linesize() + 2 * m.pad
        title_h = theme.font(m.large, True).get_linesize() + 3 * m.pad
        shown = min(len(self.entries), max(1, (int(h * 0.9) - title_h - m.button_h - 6 * m.pad) // (row_h + m.pad)))
        self.card = pygame.Rect(0, 0, card_w, title_h + shown * (row_h + m.pad) + m.button_h + 5 * m.pad)
        self.card.center = (w // 2, h // 2)
        y = self.card.y + title_h
        self.rows = []
        for _ in range(shown):
            self.rows.append(pygame.Rect(self.card.x + 2 * m.pad, y, self.card.w - 4 * m.pad, row_h))
            y += row_h + m.pad
        go, back = self.row.buttons
        bw = min(max(int(self.card.w * 0.3), m.button_h * 3), (self.card.w - 6 * m.pad) // 2)
        go.rect = pygame.Rect(0, 0, bw, m.button_h)
        go.rect.bottomright = (self.card.centerx - m.pad, self.card.bottom - 2 * m.pad)
        back.rect = pygame.Rect(0, 0, bw, m.button_h)
        back.rect.bottomleft = (self.card.centerx + m.pad, self.card.bottom - 2 * m.pad)

    def choose(self, index: int) -> None:
        if 0 <= index < len(self.entries):
            self.app.pop_scene(self)
            self.resume(self.entries[index].slot)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            hit = next((i for i, r in enumerate(self.rows) if r.collidepoint(event.pos)), -1)
            if hit >= 0:
                self.choose(hit)
            else:
                self.row.click(event.pos)
        elif event.type == pygame.MOUSEMOTION:
            hover = next((i for i, r in enumerate(self.rows) if r.collidepoint(event.pos)), -1)
            self.dirty |= self.row.motion(event.pos) or hover != self.hover
            self.hover = hover
            if hover >= 0 and hover != self.chosen:  # the mouse marks the row it is on: two rows lit,
                self.chosen = hover  # the hovered and the marked, left unclear which Continue resumes
                self.dirty = True
            return
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.app.pop_scene(self)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.choose(self.chosen)
            elif event.key in (pygame.K_DOWN, pygame.K_UP, pygame.K_TAB):
                step = -1 if event.key == pygame.K_UP else 1
                self.chosen = (self.chosen + step) % max(1, len(self.rows))
        self.dirty = True

    def draw(self, surface: pygame.Surface) -> None:
        m = self.metrics
        draw.dialog(surface, self.card, tr("Continue a game"), m.large, m.pad)
        for i, (r, entry) in enumerate(zip(self.rows, self.entries, strict=False)):
            lit = i == self.hover or i == self.chosen
            pygame.draw.rect(surface, (255, 240, 210) if lit else (252, 248, 238), r, border_radius=max(6, r.h // 6))
            pygame.draw.rect(surface, theme.ACCENT if i == self.chosen else theme.PANEL_EDGE, r,
                             width=max(1, m.pad // 3), border_radius=max(6, r.h // 6))
            inner = r.inflate(-3 * m.pad, -m.pad)
            title_h = theme.font(m.body, True).get_linesize()
            draw.fitted_text(surface, entry.title, pygame.Rect(inner.x, inner.y, inner.w, title_h), m.body,
                             theme.INK, bold=True, anchor="midleft", min_size=m.tiny)
            detail = pygame.Rect(inner.x, inner.y + title_h, inner.w, inner.h - title_h)
            if self.detail_lines == 1:
                draw.fitted_text(surface, entry.detail, detail, m.small, theme.INK_SOFT, anchor="midleft", min_size=m.tiny)
            else:
                draw.paragraph(surface, entry.detail, detail, m.small, theme.INK_SOFT, min_size=m.tiny)
        if len(self.entries) > len(self.rows):
            more = tr("{n} more (the oldest) not shown", n=len(self.entries) - len(self.rows))
            draw.text(surface, more, (self.card.x + 2 * m.pad, self.row.buttons[0].rect.y), m.small, theme.INK_SOFT)
        self.row.draw(surface, m.body)

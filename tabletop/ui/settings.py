"""Settings overlay: fullscreen, sound, table mode, text size, language, and how play is shown
(fast play, the computer's pace, forced moves playing themselves). Saved at once in settings.json.

Every value is a ◀ value ▶ stepper as in the new-game menu: the arrows step back and forth, a
click on the value steps forwards and a right-click (or the wheel over it) backwards, Up/Down pick
a row and Left/Right step it. Ordered values (text size, pace) stop at their ends; on/off and the
language go round.

At a table the card faces the seat that opened it (Settings in his strip's Menu), laid out as he
sees the screen, with a Turn button to hand it on round the table."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from tabletop.files import os_error_text
from tabletop.i18n import LANGUAGES, language, set_language, tr
from tabletop.ui import draw, stepper, theme
from tabletop.ui.scene import FacingScene
from tabletop.ui.stepper import Stepper, ValueButton
from tabletop.ui.widgets import Button, ButtonRow

SCALES = (0.85, 1.0, 1.15, 1.3)
PACE_NAMES = ("slow", "normal", "fast")
PACE_WORDS = {"slow": "Slow", "normal": "Normal", "fast": "Fast"}
ORDERED = {"ui_scale": SCALES, "computer_pace": PACE_NAMES}
"""The settings whose values run from least to most: they step within their ends, no wrap-around."""
HELP = {
    "fullscreen": "The whole screen, with no window frame.",
    "sound": "The dice, the moves and the buttons are heard.",
    "table": "For a screen lying on the table: each seat has its own panel at its edge.",
    "ui_scale": "How large all the text is.",
    "lang": "The language of all the text, the rules included.",
    "fast_play": "Moves show at once: no rolling dice, no sliding pieces.",
    "computer_pace": "How long each computer move stays in view.",
    "auto_forced": "When you have only one possible move, it is made for you.",
}
"""What each setting does, under its rows beside Done (the row under the mouse, else the
keyboard's): "Table mode" or "Forced moves play themselves" said nothing to a newcomer."""


@dataclass
class Entry:
    """One row: its label, its stepper's buttons (◀ value ▶) and where the row is."""

    key: str
    label: str
    control: Stepper
    buttons: list[Button]
    rect: pygame.Rect


class SettingsScene(FacingScene):
    opaque = False

    def __init__(self, app) -> None:
        super().__init__(app)
        self.row = ButtonRow()
        self.entries: list[Entry] = []
        self.note_rect = pygame.Rect(0, 0, 0, 0)  # left of Done: why a change will not be kept
        self.focus = 0  # the row Left/Right change (Up/Down move it)
        self.hover = -1  # the row under the mouse (its help shows beside Done)
        self.face_asker()
        self.turn_button = Button(tr("Pass on"), self.turn_to_next) if len(self.edges) > 1 else None

    def _current(self, key: str) -> object:
        """The value now of an ordered setting (the default's index when the file held another)."""
        if key == "ui_scale":
            return self.app.ui_scale
        return self.app.settings["computer_pace"]

    def _index(self, key: str) -> int:
        values = ORDERED[key]
        now = self._current(key)
        return values.index(now) if now in values else 1

    def can(self, key: str, delta: int) -> bool:
        """Whether ``key`` can step ``delta`` (an ordered value stops at its ends)."""
        if key not in ORDERED:
            return True
        return 0 <= self._index(key) + delta < len(ORDERED[key])

    def step(self, key: str, delta: int, wrap: bool = False) -> None:
        """Step ``key`` by ``delta`` (±1); ``wrap`` lets an ordered value go round (a click on it)."""
        if key in ORDERED:
            values = ORDERED[key]
            i = self._index(key) + delta
            if not 0 <= i < len(values):
                if not wrap:
                    return
                i %= len(values)
            self._set(key, values[i])
        elif key == "lang":
            codes = list(LANGUAGES)
            self._set(key, codes[(codes.index(language()) + delta) % len(codes)])
        else:
            self._set(key, None)  # on/off: either way turns it over
        self.layout(self.size)

    def _set(self, key: str, value: object) -> None:
        if key == "fullscreen":
            self.app.toggle_fullscreen()
        elif key == "sound":
            on = not self.app.audio.enabled
            self.app.audio.set_enabled(on)
            self.app.settings["sound"] = on
        elif key == "table":
            self.app.table_mode = not self.app.table_mode
            self.app.settings["table"] = self.app.table_mode
            self.app.relayout()  # a game under the dialog takes (or leaves) its table layout now
        elif key == "lang":
            set_language(str(value))
            self.app.lang = value
            self.app.settings["lang"] = value
            self.app.relayout()
        elif key in ("fast_play", "auto_forced"):
            self.app.settings[key] = not self.app.settings[key]
        elif key == "computer_pace":
            self.app.settings["computer_pace"] = value
        elif key == "ui_scale":
            self.app.ui_scale = value
            self.app.settings["ui_scale"] = value
            self.app.relayout()

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        frame = self.frame()
        w, h = frame.size if frame is not None else size
        m = self.metrics
        settings = self.app.settings
        entries = [
            (tr("Fullscreen (F11)"), tr("On") if self.app.fullscreen else tr("Off"), "fullscreen"),
            (tr("Sound (M)"), tr("On") if self.app.audio.enabled else tr("Off"), "sound"),
            (tr("Table mode"), tr("On") if self.app.table_mode else tr("Off"), "table"),
            (tr("Text size"), f"{round(self.app.ui_scale * 100)}%", "ui_scale"),
            (tr("Language"), LANGUAGES[language()], "lang"),
            (tr("Fast play (no animations)"), tr("On") if settings["fast_play"] else tr("Off"), "fast_play"),
            (tr("Computer pace"), tr(PACE_WORDS.get(settings["computer_pace"], "Normal")), "computer_pace"),
            (tr("Forced moves play themselves"), tr("On") if settings["auto_forced"] else tr("Off"), "auto_forced"),
        ]
        share = 0.56 if w > h else 0.9  # a side seat's upright screen stands on end: a wider card
        self.card = pygame.Rect(0, 0, int(w * share), (m.button_h + m.pad) * (len(entries) + 1) + m.large * 2 + 4 * m.pad)
        self.card.h = min(self.card.h, h - 2 * m.pad)
        self.card.center = (w // 2, h // 2)
        self.labels = []
        self.entries = []
        buttons: list[Button] = []
        y = self.card.y + m.large * 2
        for label, value, key in entries:
            self.labels.append((label, pygame.Rect(self.card.x + 3 * m.pad, y, self.card.w // 2 - 4 * m.pad, m.button_h)))
            control = Stepper(value, lambda d, k=key: self.step(k, d), lambda d, k=key: self.can(k, d),
                              forward=lambda k=key: self.step(k, 1, wrap=True))
            row = control.buttons()
            stepper.place(row, pygame.Rect(self.card.centerx, y, self.card.w // 2 - 3 * m.pad, m.button_h), m.pad // 2)
            self.entries.append(Entry(key, label, control, row,
                                      pygame.Rect(self.card.x + 2 * m.pad, y, self.card.w - 4 * m.pad, m.button_h)))
            buttons += row
            y += m.button_h + m.pad
        self.focus = min(self.focus, len(self.entries) - 1)
        done = Button(tr("Done"), lambda: self.app.pop_scene(self), primary=True, key="Esc")
        done.rect = pygame.Rect(self.card.centerx, self.card.bottom - m.button_h - 2 * m.pad,
                                self.card.w // 2 - 3 * m.pad, m.button_h)
        buttons.append(done)
        self.note_rect = pygame.Rect(self.card.x + 3 * m.pad, done.rect.y, done.rect.x - self.card.x - 5 * m.pad, done.rect.h)
        if self.turn_button is not None:
            done.key = ""  # no keyboard hint on a touch table
            self.turn_button.rect = self.turn_button_rect(self.card, self.turn_button.label)
        self.row.set(buttons)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            pos = self._local(event.pos)  # as the seat it faces sees the screen
            if pos is None:
                return
            event = pygame.event.Event(event.type, {**event.dict, "pos": pos})
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.turn_button is not None \
                and self.turn_button.hit(event.pos):
            self.turn_button.action()
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._focus_at(event.pos)
            if self.row.click(event.pos):
                self.app.audio.play("click")
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            value = self._value_at(event.pos)
            if value is not None and value.back is not None:
                self._focus_at(event.pos)
                value.back()
                self.app.audio.play("click")
        elif event.type == pygame.MOUSEWHEEL and event.y:
            pos = self._local(pygame.mouse.get_pos())
            if pos is not None and self._value_at(pos) is not None:
                self._focus_at(pos)
                self._step_focused(1 if event.y < 0 else -1)
        elif event.type == pygame.MOUSEMOTION:
            self.row.motion(event.pos)
            self.hover = next((i for i, e in enumerate(self.entries) if e.rect.collidepoint(event.pos)), -1)
            if self.turn_button is not None:
                self.turn_button.hover = self.turn_button.rect.collidepoint(event.pos)
        elif event.type == pygame.KEYDOWN:
            self.key(event)
        self.dirty = True

    def key(self, event: pygame.event.Event) -> None:
        k = event.key
        shift = bool(getattr(event, "mod", 0) & pygame.KMOD_SHIFT)
        if k in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER):  # Enter did nothing here
            self.app.pop_scene(self)
        elif k in (pygame.K_DOWN, pygame.K_UP, pygame.K_TAB) and self.entries:
            forward = k == pygame.K_DOWN or (k == pygame.K_TAB and not shift)
            self.focus = (self.focus + (1 if forward else -1)) % len(self.entries)
        elif k in (pygame.K_LEFT, pygame.K_RIGHT):
            self._step_focused(1 if k == pygame.K_RIGHT else -1)
        elif k == pygame.K_m:  # the row is labelled "Sound (M)": the key did nothing while this card was open
            self._set("sound", None)
            self.layout(self.size)

    def _step_focused(self, delta: int) -> None:
        if not self.entries:
            return
        entry = self.entries[self.focus]
        if entry.control.can(delta):
            entry.control.step(delta)

    def help_text(self) -> str:
        """What the row under the mouse does, else the keyboard's row."""
        shown = self.hover if 0 <= self.hover < len(self.entries) else self.focus
        return tr(HELP[self.entries[shown].key]) if 0 <= shown < len(self.entries) else ""

    def _value_at(self, pos: tuple[int, int]) -> ValueButton | None:
        return next((b for e in self.entries for b in e.buttons if isinstance(b, ValueButton) and b.hit(pos)), None)

    def _focus_at(self, pos: tuple[int, int]) -> None:
        """A click on a row puts the keyboard focus there too."""
        for i, entry in enumerate(self.entries):
            if entry.rect.collidepoint(pos):
                self.focus = i

    def draw(self, surface: pygame.Surface) -> None:
        frame = self.frame()
        if frame is None:
            self._paint(surface, veil=True)
            return
        # only the card, painted upright as its seat sees the screen and turned to him
        region = self.card.inflate(4 * self.metrics.pad, 4 * self.metrics.pad).clip(pygame.Rect((0, 0), frame.size))
        self.draw_card_turned(surface, frame, region, self._drawn_rects(), lambda s: self._paint(s, veil=False))

    def _drawn_rects(self) -> list[pygame.Rect]:
        """Every rect ``_paint`` draws at, each once (a rect moved twice would be drawn astray)."""
        rects = [self.card, self.note_rect, *(r for _, r in self.labels), *(e.rect for e in self.entries),
                 *(b.rect for b in self.row.buttons)]
        if self.turn_button is not None:
            rects.append(self.turn_button.rect)
        return list({id(r): r for r in rects}.values())

    def _paint(self, surface: pygame.Surface, veil: bool) -> None:
        m = self.metrics
        draw.dialog(surface, self.card, tr("Settings"), m.large, m.pad, veil=veil)
        if self.entries:
            stepper.draw_focus(surface, self.entries[self.focus].rect.inflate(m.pad, m.pad // 2 + 2), m.pad)
        for label, r in self.labels:
            self._draw_label(surface, label, r)
        self.row.draw(surface, m.body)
        unsaved = self.app.settings.unsaved
        if unsaved is not None:  # a read-only disk: the change was made and silently forgotten at the next start
            draw.paragraph(surface, tr("Not kept for the next start ({why}).", why=os_error_text(unsaved, path=False)),
                           self.note_rect, m.small, theme.BAD, min_size=m.tiny)
        else:  # beside Done, in the middle of its height
            words, area = self.help_text(), self.note_rect
            high = len(theme.wrap(words, m.small, area.w)) * theme.font(m.small).get_linesize()
            if high < area.h:
                area = pygame.Rect(area.x, area.centery - high // 2, area.w, high)
            draw.paragraph(surface, words, area, m.small, theme.INK_SOFT, min_size=m.tiny)
        if self.turn_button is not None:
            self.turn_button.draw(surface, m.small, min_size=m.small)

    def _draw_label(self, surface: pygame.Surface, label: str, rect: pygame.Rect) -> None:
        """A row's label in body type like the others: on two lines when one is too short (at 130%
        text "Forced moves play themselves" was drawn smaller than its neighbours, in Russian cut)."""
        m = self.metrics
        lines = theme.wrap(label, m.body, rect.w)
        line_h = theme.font(m.body).get_linesize()
        if len(lines) == 1 or len(lines) * line_h > rect.h or any(theme.font(m.body).size(t)[0] > rect.w for t in lines):
            draw.fitted_text(surface, label, rect, m.body, theme.INK, anchor="midleft", min_size=m.small)
            return
        y = rect.centery - len(lines) * line_h // 2
        for text in lines:
            draw.text(surface, text, (rect.x, y), m.body, theme.INK)
            y += line_h

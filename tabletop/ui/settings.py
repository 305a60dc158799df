"""Settings overlay: fullscreen, sound, table mode, text size, language, and how play is shown
(fast play, the computer's pace, forced moves playing themselves). Saved at once in settings.json."""

from __future__ import annotations

import pygame

from tabletop.i18n import LANGUAGES, language, set_language, tr
from tabletop.ui import draw, theme
from tabletop.ui.scene import Scene
from tabletop.ui.widgets import Button, ButtonRow

SCALES = (0.85, 1.0, 1.15, 1.3)
PACE_NAMES = ("slow", "normal", "fast")
PACE_WORDS = {"slow": "Slow", "normal": "Normal", "fast": "Fast"}


class SettingsScene(Scene):
    opaque = False

    def __init__(self, app) -> None:
        super().__init__(app)
        self.row = ButtonRow()

    def _toggle(self, key: str) -> None:
        if key == "fullscreen":
            self.app.toggle_fullscreen()
        elif key == "sound":
            on = not self.app.audio.enabled
            self.app.audio.set_enabled(on)
            self.app.settings["sound"] = on
        elif key == "table":
            self.app.table_mode = not self.app.table_mode
            self.app.settings["table"] = self.app.table_mode
        elif key == "lang":
            codes = list(LANGUAGES)
            lang = codes[(codes.index(language()) + 1) % len(codes)]
            set_language(lang)
            self.app.lang = lang
            self.app.settings["lang"] = lang
            self.app.relayout()
        elif key in ("fast_play", "auto_forced"):
            self.app.settings[key] = not self.app.settings[key]
        elif key == "computer_pace":
            pace = self.app.settings["computer_pace"]
            i = PACE_NAMES.index(pace) if pace in PACE_NAMES else 1
            self.app.settings["computer_pace"] = PACE_NAMES[(i + 1) % len(PACE_NAMES)]
        elif key == "ui_scale":
            i = SCALES.index(self.app.ui_scale) if self.app.ui_scale in SCALES else 1
            self.app.ui_scale = SCALES[(i + 1) % len(SCALES)]
            self.app.settings["ui_scale"] = self.app.ui_scale
            self.app.relayout()
        self.layout(self.size)

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        w, h = size
        m = self.metrics
        settings = self.app.settings
        entries = [
            (tr("Fullscreen (F11)"), tr("On") if self.app.fullscreen else tr("Off"), "fullscreen"),
            (tr("Sound (M)"), tr("On") if self.app.audio.enabled else tr("Off"), "sound"),
            (tr("Table mode"), tr("On") if self.app.table_mode else tr("Off"), "table"),
            (tr("Text size"), f"{int(self.app.ui_scale * 100)}%", "ui_scale"),
            (tr("Language"), LANGUAGES[language()], "lang"),
            (tr("Fast play (no animations)"), tr("On") if settings["fast_play"] else tr("Off"), "fast_play"),
            (tr("Computer pace"), tr(PACE_WORDS.get(settings["computer_pace"], "Normal")), "computer_pace"),
            (tr("Forced moves play themselves"), tr("On") if settings["auto_forced"] else tr("Off"), "auto_forced"),
        ]
        self.card = pygame.Rect(0, 0, int(w * 0.56), (m.button_h + m.pad) * (len(entries) + 1) + m.large * 2 + 4 * m.pad)
        self.card.h = min(self.card.h, h - 2 * m.pad)
        self.card.center = (w // 2, h // 2)
        self.labels = []
        buttons = []
        y = self.card.y + m.large * 2
        for label, value, key in entries:
            self.labels.append((label, pygame.Rect(self.card.x + 3 * m.pad, y, self.card.w // 2 - 4 * m.pad, m.button_h)))
            b = Button(value, lambda k=key: self._toggle(k))
            b.rect = pygame.Rect(self.card.centerx, y, self.card.w // 2 - 3 * m.pad, m.button_h)
            buttons.append(b)
            y += m.button_h + m.pad
        done = Button(tr("Done"), lambda: self.app.pop_scene(self), primary=True, key="Esc")
        done.rect = pygame.Rect(self.card.centerx, self.card.bottom - m.button_h - 2 * m.pad,
                                self.card.w // 2 - 3 * m.pad, m.button_h)
        buttons.append(done)
        self.row.set(buttons)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.row.click(event.pos)
        elif event.type == pygame.MOUSEMOTION:
            self.row.motion(event.pos)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop_scene(self)
        self.dirty = True

    def draw(self, surface: pygame.Surface) -> None:
        m = self.metrics
        draw.dialog(surface, self.card, tr("Settings"), m.large, m.pad)
        for label, r in self.labels:
            draw.fitted_text(surface, label, r, m.body, theme.INK, anchor="midleft", min_size=m.small)
        self.row.draw(surface, m.body)

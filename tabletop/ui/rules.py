"""The rules screen: a game's rules summary beside a picture of a real move, drawn by the game's
own scene code (``GameScene.draw_rules_picture``) on the board file in use, with a caption saying
what the picture shows. Opened from the menu ("How to play") and from a game (Rules, F1). At a
table the card faces the seat that opened it (his strip's Menu), and its Turn button hands it on
round the table, as every other card does."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from tabletop.core.spec import GameSpec
from tabletop.i18n import language, rules_text, tr
from tabletop.layout import LayoutErrors
from tabletop.ui import draw, richtext, theme
from tabletop.ui.preview import scene_class
from tabletop.ui.scene import FacingScene
from tabletop.ui.widgets import Button, ButtonRow

if TYPE_CHECKING:
    from tabletop.app import App

CAPTION_LINES = 5


def untitled(lines: list) -> list:
    """The wrapped rules text without its own "# Game — how to play" heading (and the blank line
    under it): the card's title already says it, and the repeat took the column's first two lines
    (at 1024x600 the Russian Trap the Cap text then ran two lines past the column). The text keeps
    its heading: it is what marks it as Markdown for ``richtext``."""
    start = 0
    while start < len(lines) and lines[start][1]:
        start += 1
    if start and start < len(lines) and not lines[start][0]:
        start += 1
    return lines[start:]


class RulesScene(FacingScene):
    """A card over the scene below: the rules text (scrolls) on the left, the picture on the right."""

    opaque = False

    def __init__(self, app: App, spec: GameSpec, layout: Any = None, variant: str | None = None) -> None:
        super().__init__(app)
        self.spec = spec
        self.title = tr("How to play {game}", game=tr(spec.title))
        self.body = rules_text(spec)
        self._layout = layout
        self.variant = variant or spec.default_variant
        self.scroll = 0
        self.row = ButtonRow()
        self.row.set([Button(tr("Close"), lambda: self.app.pop_scene(self), primary=True, key="Esc")])
        self.card = self.text_area = self.picture_area = self.caption_area = pygame.Rect(0, 0, 0, 0)
        self._picture: tuple[Any, pygame.Surface | None, str] | None = None
        self._lines: tuple[Any, list] | None = None
        self._drag_y: int | None = None  # where a press on the text was: dragging scrolls it
        self.face_asker()
        self.turn_button = Button(tr("Pass on"), self.turn_to_next) if len(self.edges) > 1 else None
        if self.facing is not None:
            self.row.buttons[0].key = ""  # no keyboard hint on a touch table

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        frame = self.frame()
        w, h = frame.size if frame is not None else size
        m = self.metrics
        self.card = pygame.Rect(0, 0, int(w * 0.92), int(h * 0.92))
        self.card.center = (w // 2, h // 2)
        title_h = theme.font(m.large, True).get_linesize() + 3 * m.pad
        inner = pygame.Rect(self.card.x + 2 * m.pad, self.card.y + title_h, self.card.w - 4 * m.pad,
                            self.card.h - title_h - m.button_h - 5 * m.pad)
        caption_h = CAPTION_LINES * theme.font(m.body).get_linesize() + m.pad
        button = self.row.buttons[0]
        button.rect = pygame.Rect(0, 0, max(int(self.card.w * 0.22), m.button_h * 4), m.button_h)
        button.rect.midbottom = (self.card.centerx, self.card.bottom - 2 * m.pad)
        if self.card.h > self.card.w * 1.15:
            # a tall card (turned to a side seat at a table): the picture across the top, about as
            # deep as it is wide, its caption under it, then the text; beside the text, a square
            # board sat small in a column three times as deep, lost in empty green
            pic_h = min(int(inner.h * 0.42), inner.w)
            self.picture_area = pygame.Rect(inner.x, inner.y, inner.w, pic_h)
            self.caption_area = pygame.Rect(inner.x, self.picture_area.bottom + m.pad, inner.w, caption_h - m.pad)
            top = self.caption_area.bottom + m.pad
            self.text_area = pygame.Rect(inner.x, top, inner.w, max(0, button.rect.top - m.pad - top))
        else:
            text_w = int(inner.w * 0.56)
            right = pygame.Rect(inner.x + text_w + 2 * m.pad, inner.y, inner.w - text_w - 2 * m.pad, inner.h)
            self.picture_area = pygame.Rect(right.x, right.y, right.w, max(0, right.h - caption_h))
            self.caption_area = pygame.Rect(right.x, self.picture_area.bottom + m.pad, right.w, caption_h - m.pad)
            # the text runs down to just above the Close button (the picture column keeps its margin)
            self.text_area = pygame.Rect(inner.x, inner.y, text_w, max(0, button.rect.top - m.pad - inner.y))
        if self.turn_button is not None:
            self.turn_button.rect = self.turn_button_rect(self.card, self.turn_button.label)

    # -- the picture -------------------------------------------------------------------------------------
    def picture(self) -> tuple[pygame.Surface | None, str]:
        """The move diagram and its caption for this size and language (made once, then kept)."""
        area = self.picture_area.inflate(-2 * self.metrics.pad, -2 * self.metrics.pad)
        key = (area.size, language(), self.metrics.small)
        if self._picture is not None and self._picture[0] == key:
            return self._picture[1], self._picture[2]
        surface: pygame.Surface | None = None
        caption = ""
        if area.w > 20 and area.h > 20:
            try:
                layout = self._layout if self._layout is not None else self.spec.load_layout(self.app.store, self.variant)
                surface = pygame.Surface(area.size)
                surface.fill(theme.TABLE)
                caption = scene_class(self.spec).draw_rules_picture(surface, surface.get_rect(), self.spec, layout,
                                                                    self.metrics.small)
            except LayoutErrors as exc:
                surface, caption = None, tr("The board file has errors") + ": " + exc.lines()[0]
            except Exception as exc:  # a drawing bug must not take the rules screen down
                surface, caption = None, tr("{game} could not be opened: {error}", game=tr(self.spec.title),
                                            error=repr(exc))
            if not caption:
                surface = None
        self._picture = (key, surface, caption)
        return surface, caption

    # -- the text -------------------------------------------------------------------------------------
    def text_lines(self) -> list:
        """The rules text wrapped to the text column (made once for each width, size and language)."""
        key = (self.text_area.w, self.metrics.body, language())
        if self._lines is None or self._lines[0] != key:
            self._lines = (key, untitled(richtext.layout(self.body, self.metrics.body, self.text_area.w)))
        return self._lines[1]

    def page(self) -> tuple[int, int]:
        """How many lines the column shows, and how many lines lie below them with the scroll now
        (the scroll is kept within the text). When the text is longer than the column, its last
        row is the note that says so (see ``note_size``)."""
        m = self.metrics
        count, line_h = len(self.text_lines()), theme.font(m.body).get_linesize()
        fit = max(1, self.text_area.h // line_h)
        if count > fit:
            fit = max(1, (self.text_area.h - theme.font(self.note_size(), True).get_linesize()) // line_h)
        self.scroll = max(0, min(self.scroll, count - fit))
        return fit, max(0, count - fit - self.scroll)

    def more_note(self, below: int) -> str:
        """What the note under the text says: how many lines are still below and how to reach
        them (by touch at a table); once the end is shown (and the text was scrolled), the way back
        to its start. The note is a link: a click or a tap on it turns the page (see ``note_rect``);
        as small grey words a reviewer missed that the Russian text went on."""
        if not below:
            return tr("back to the start") if self.scroll else ""
        if getattr(self.app, "table_mode", False):
            return tr("{n} more lines below (tap here or drag up)", n=below)
        return tr("{n} more lines below (click here, the wheel or Page Down)", n=below)  # the keys scroll it too

    def note_size(self) -> int:
        """The note's type: the body's where its longest form fits the column, else small."""
        m = self.metrics
        longest = self.more_note(999)
        font = theme.font(m.body, True)
        return m.body if font.size(longest)[0] + font.get_linesize() <= self.text_area.w else m.small

    def note_rect(self) -> pygame.Rect:
        """Where the note is drawn (under the last line shown): the place a click turns the page."""
        m = self.metrics
        fit, below = self.page()
        note = self.more_note(below)
        if not note:
            return pygame.Rect(0, 0, 0, 0)
        w, h = theme.font(self.note_size(), True).size(note)
        return pygame.Rect(self.text_area.x, self.text_area.y + fit * theme.font(m.body).get_linesize(), h + w, h)

    def turn_page(self) -> None:
        """The note pressed: the next page (a line of the last kept for context), or back to the start."""
        fit, below = self.page()
        self.scroll = self.scroll + max(1, fit - 1) if below else 0

    def drag_to(self, y: int) -> bool:
        """The finger (or the held mouse) moved on the text: the text follows it, a line at a time;
        True when it moved."""
        line_h = theme.font(self.metrics.body).get_linesize()
        lines = int((self._drag_y - y) / line_h)
        if not lines:
            return False
        self._drag_y -= lines * line_h
        before, self.scroll = self.scroll, self.scroll + lines
        self.page()
        return self.scroll != before

    # -- events -----------------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        pos = self._local(event.pos) if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP,
                                                       pygame.MOUSEMOTION) else None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and pos is not None:
            if self.turn_button is not None and self.turn_button.hit(pos):
                self.turn_button.action()
            elif self.row.click(pos):
                pass
            elif self.note_rect().collidepoint(pos):
                self.turn_page()
            elif self.text_area.collidepoint(pos):
                self._drag_y = pos[1]
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self._drag_y = None
        elif event.type == pygame.MOUSEMOTION:
            if pos is None:
                return
            self.dirty |= self.row.motion(pos)
            if self.turn_button is not None:
                hover = self.turn_button.rect.collidepoint(pos)
                self.dirty |= hover != self.turn_button.hover
                self.turn_button.hover = hover
            if self._drag_y is not None and getattr(event, "buttons", (0,))[0]:
                self.dirty |= self.drag_to(pos[1])
            else:
                self._drag_y = None
            return
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, self.scroll - event.y * 3)
        elif event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_F1):
                self.app.pop_scene(self)
            elif event.key in (pygame.K_DOWN, pygame.K_PAGEDOWN, pygame.K_SPACE):
                self.scroll += 3 if event.key == pygame.K_DOWN else 10
            elif event.key in (pygame.K_UP, pygame.K_PAGEUP):
                self.scroll = max(0, self.scroll - (3 if event.key == pygame.K_UP else 10))
        if self.text_area.w:
            self.page()  # the scroll stays within the text
        self.dirty = True

    # -- drawing ----------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        frame = self.frame()
        if frame is None:
            self._paint(surface, veil=True)
            return
        region = self.card.inflate(4 * self.metrics.pad, 4 * self.metrics.pad).clip(pygame.Rect((0, 0), frame.size))
        rects = [self.card, self.text_area, self.picture_area, self.caption_area, self.row.buttons[0].rect]
        if self.turn_button is not None:
            rects.append(self.turn_button.rect)
        self.draw_card_turned(surface, frame, region, rects, lambda s: self._paint(s, veil=False))

    def _paint(self, surface: pygame.Surface, veil: bool) -> None:
        m = self.metrics
        if self.turn_button is None:
            draw.dialog(surface, self.card, self.title, m.large, m.pad, veil=veil)
        else:  # the title between the Turn button and its mirror: it ran under the button
            draw.dialog(surface, self.card, "", m.large, m.pad, veil=veil)
            side = self.card.right - self.turn_button.rect.x + m.pad
            title = pygame.Rect(self.card.x + side, self.card.y + 2 * m.pad, self.card.w - 2 * side,
                                theme.font(m.large, True).get_linesize())
            draw.fitted_text(surface, self.title, title, m.large, theme.INK, bold=True, anchor="midtop", min_size=m.body)
        area = self.text_area
        fit, below = self.page()
        note = self.more_note(below)
        if note:  # under the last line shown: how much more there is, a link in the accent colour
            rect = self.note_rect()
            mark, cx, cy = rect.h * 0.3, rect.x + rect.h * 0.4, rect.centery  # a triangle: down, or up to the start
            tip = 1 if below else -1
            pygame.draw.polygon(surface, theme.ACCENT, [(cx - mark, cy - tip * mark * 0.6), (cx + mark, cy - tip * mark * 0.6),
                                                        (cx, cy + tip * mark * 0.8)])
            draw.text(surface, note, (rect.x + rect.h, rect.y), self.note_size(), theme.ACCENT, bold=True, box=area)
        richtext.draw_lines(surface, self.text_lines()[self.scroll: self.scroll + fit], area.topleft, m.body, box=area)
        picture, caption = self.picture()
        if picture is not None:
            draw.shadowed_panel(surface, self.picture_area, fill=theme.TABLE_DARK, edge=theme.PANEL_EDGE)
            surface.blit(picture, self.picture_area.inflate(-2 * m.pad, -2 * m.pad).topleft)
        self.draw_caption(surface, caption)
        self.row.draw(surface, m.body)
        if self.turn_button is not None:
            self.turn_button.draw(surface, m.small, min_size=m.small)

    def draw_caption(self, surface: pygame.Surface, caption: str) -> None:
        """The caption under the picture, in body type, or smaller (never below small) when long."""
        m = self.metrics
        box = self.caption_area if self._picture and self._picture[1] is not None else \
            pygame.Rect(self.picture_area.x, self.picture_area.y, self.picture_area.w,
                        self.caption_area.bottom - self.picture_area.y)
        # smaller down to the small size; past it the last line ends in "…" (seen by text audits)
        draw.paragraph(surface, caption, box, m.body, theme.INK, min_size=m.small)

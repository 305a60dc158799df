"""The window, display modes, the main loop and the scene stack.

The loop redraws only when a scene is dirty and naps between event checks when no scene is
busy, so an idle window costs almost nothing; while something animates or a computer player
thinks it ticks at the display's refresh rate (capped at 60).

For tests and scripted checks only: ``TABLETOP_QUIT_AFTER_FRAMES=N`` in the environment makes the
loop quit (as if the window were closed) after it has drawn N frames, so the real command line
(``tabletop plakoto``, ``tabletop continue``, ...) can be run to its first frame in a subprocess.
"""

from __future__ import annotations

import logging
import os
import time
import warnings
from dataclasses import dataclass, field

import pygame

from tabletop.audio import Audio
from tabletop.core.errors import TabletopError
from tabletop.i18n import set_language, tr
from tabletop.layout import BoardStore
from tabletop.saves import SaveSlots, Settings
from tabletop.ui.scene import MessageOverlay, Scene

log = logging.getLogger(__name__)

MIN_SIZE = (1024, 600)
IDLE_NAP = 0.03
DEFAULT_SIZE = (1280, 760)
_ACTS = (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.KEYDOWN)
"""Events after which the hover under a resting pointer is worked out again (``pointer_rests``)."""


@dataclass
class AppOptions:
    fullscreen: bool = False
    display: int = 0
    mute: bool = False
    size: tuple[int, int] | None = None
    boards_dir: str | None = None
    table: bool | None = None
    lang: str | None = None
    headless: bool = False
    extra: dict = field(default_factory=dict)


class WindowError(TabletopError):
    """No window could be opened (no display, or a video driver that is not there). Said in a
    sentence, exit 1: a person starting the app from a shell without a desktop got pygame's
    traceback ending in "x11 not available"."""

    exit_code = 1  # not a mistake in what was typed (2)


class App:
    """Owns the window and the scene stack; scenes reach shared services through it."""

    def __init__(self, options: AppOptions | None = None) -> None:
        self.options = options or AppOptions()
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
        # the window's class is "tabletop" however the program was started (pygame sets it to
        # argv[0] on import, so it is overwritten, not defaulted): desktops group it, tools find it
        os.environ["SDL_VIDEO_X11_WMCLASS"] = os.environ["SDL_APP_NAME"] = "tabletop"
        try:
            pygame.display.init()
        except pygame.error as exc:
            raise WindowError(tr("cannot open a window ({error}): start tabletop from a desktop session "
                                 "(on Linux, DISPLAY or WAYLAND_DISPLAY must name a running display)",
                                 error=exc)) from None
        pygame.font.init()
        self.settings = Settings(lang=self.options.lang)
        self.saves = SaveSlots()
        self.store = BoardStore.default(self.options.boards_dir)
        self.audio = Audio(enabled=not self.options.mute and self.settings["sound"] and not self.options.headless)
        self.table_mode = self.settings["table"] if self.options.table is None else self.options.table
        self.lang = self.options.lang or self.settings["lang"]
        set_language(self.lang)
        self.ui_scale = float(self.settings["ui_scale"])
        self.fullscreen = self.options.fullscreen or (self.settings["fullscreen"] and not self.options.headless)
        self._windowed: tuple[tuple[int, int], tuple[int, int]] | None = None  # position, size before F11
        self.stack: list[Scene] = []
        self.running = True
        self.clock = pygame.time.Clock()
        self._last_tick = 0
        self._hovered_top: Scene | None = None  # the top scene the pointer's hover was last given to
        self._finger = False  # the last press or motion was a touch (a finger leaves nothing hovering)
        self._frames_left: int | None = None
        self.pending_message = self.settings.message  # shown once the first scene is up
        self.screen = self._open_window()
        pygame.display.set_caption("tabletop")
        pygame.key.set_repeat(0)
        try:
            pygame.display.set_allow_screensaver(False)
        except pygame.error:
            pass

    # -- window ----------------------------------------------------------------------------------
    def _open_window(self) -> pygame.Surface:
        if self.options.headless:
            return pygame.display.set_mode(self.options.size or DEFAULT_SIZE)
        if self.fullscreen:
            try:
                return pygame.display.set_mode((0, 0), pygame.FULLSCREEN, display=self.options.display)
            except pygame.error as exc:
                self.fullscreen = False
                note = tr("Fullscreen is not available ({error}); staying in a window.", error=exc)
                self.pending_message = f"{self.pending_message}\n{note}".strip()
        size = self._windowed[1] if self._windowed else (self.options.size or self.default_window_size())
        size = (max(MIN_SIZE[0], size[0]), max(MIN_SIZE[1], size[1]))
        try:
            return pygame.display.set_mode(size, pygame.RESIZABLE, display=self.options.display)
        except pygame.error:
            return pygame.display.set_mode(size, pygame.RESIZABLE)

    def default_window_size(self) -> tuple[int, int]:
        """``DEFAULT_SIZE``, made smaller on a screen it would not fit on (room left for the title
        bar and a task bar), never below ``MIN_SIZE``: a window larger than a small laptop's screen
        opened with its title, buttons and edges off the screen."""
        try:
            sizes = pygame.display.get_desktop_sizes()
            desk = sizes[min(self.options.display, len(sizes) - 1)] if sizes else None
        except (pygame.error, AttributeError):
            desk = None
        return fit_window(DEFAULT_SIZE, desk)

    def toggle_fullscreen(self) -> None:
        """F11. The window goes to the screen's corner before it goes fullscreen (without a window
        manager, X11 left a fullscreen window where the window had been, its right and bottom
        off the screen), and comes back where it was, at the size it had."""
        window = _window()
        if not self.fullscreen and window is not None:
            self._windowed = (window.position, window.size)
            window.position = (0, 0)
        self.fullscreen = not self.fullscreen
        self.settings["fullscreen"] = self.fullscreen
        self.screen = self._open_window()
        window = _window()
        if not self.fullscreen and window is not None and self._windowed is not None:
            window.position = self._windowed[0]
        self.relayout()

    def relayout(self) -> None:
        size = self.screen.get_size()
        for scene in self.stack:
            scene.layout(size)

    # -- scenes ----------------------------------------------------------------------------------
    @property
    def top(self) -> Scene | None:
        return self.stack[-1] if self.stack else None

    def push_scene(self, scene: Scene) -> None:
        if self.stack:
            self.stack[-1].covered()
        self.stack.append(scene)
        scene.layout(self.screen.get_size())
        self.mark_dirty()

    def pop_scene(self, scene: Scene | None = None) -> None:
        if not self.stack:
            return
        scene = scene or self.stack[-1]
        if scene in self.stack:
            self.stack.remove(scene)
            scene.closed()
        self.mark_dirty()

    def replace_scenes(self, scene: Scene) -> None:
        for old in self.stack:
            old.closed()
        self.stack = []
        self.push_scene(scene)

    def message(self, title: str, body: str, buttons=None, wide: bool = False, **card) -> MessageOverlay:
        """Show a card over the current scene (``card``: MessageOverlay's default/cancel/keys_after)."""
        overlay = MessageOverlay(self, title, body, buttons, wide, **card)
        self.push_scene(overlay)
        return overlay

    def mark_dirty(self) -> None:
        for scene in self.stack:
            scene.dirty = True

    # -- loop ------------------------------------------------------------------------------------
    def render(self) -> None:
        """Draw the stack from the last opaque scene up."""
        self.frames = getattr(self, "frames", 0) + 1  # a scene tells whether it drew the frame before
        start = 0
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i].opaque:
                start = i
                break
        for scene in self.stack[start:]:
            scene.draw(self.screen)
        for scene in self.stack:  # scenes hidden under an opaque one are up to date too
            scene.dirty = False

    def dispatch(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.running = False
            return
        if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            if not self.fullscreen and event.type == pygame.VIDEORESIZE:
                w, h = max(MIN_SIZE[0], event.w), max(MIN_SIZE[1], event.h)
                if (w, h) != (event.w, event.h):
                    self.screen = pygame.display.set_mode((w, h), pygame.RESIZABLE)
            self.screen = pygame.display.get_surface() or self.screen
            self.relayout()
            return
        if event.type in (pygame.WINDOWEXPOSED, pygame.WINDOWFOCUSGAINED, pygame.WINDOWRESTORED):
            self.mark_dirty()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
            return
        event = self._finger_to_mouse(event)
        if event is not None and self.top is not None:
            self.top.handle(event)

    def _finger_to_mouse(self, event: pygame.event.Event) -> pygame.event.Event | None:
        """Touch works like the mouse: a finger down/up/motion becomes button 1 at that pixel."""
        if event.type not in (pygame.FINGERDOWN, pygame.FINGERUP, pygame.FINGERMOTION):
            if getattr(event, "touch", False) and event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP,
                                                                 pygame.MOUSEMOTION):
                return None  # SDL's synthesized mouse event for a touch: the finger event handles it
            return event
        w, h = self.screen.get_size()
        pos = (int(event.x * w), int(event.y * h))
        if event.type == pygame.FINGERDOWN:
            return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=True)
        if event.type == pygame.FINGERUP:
            return pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1, touch=True)
        return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0), touch=True)

    def pointer_rests(self) -> None:
        """After a click or a key the picture may have changed under a pointer that did not move
        (a card opened or closed, a button became another): the top scene is told where the pointer
        rests, as if it had moved there, so its hover is current in the very next frame (else it
        showed only after the next mouse motion, or an expose's redraw: a stale frame)."""
        if self.top is None or not pygame.display.get_init() or not pygame.mouse.get_focused():
            self._hovered_top = self.top
            return
        if any(pygame.mouse.get_pressed()):
            return  # a press held: a drag may begin, and real motion (with the button) says where
        self._hovered_top = self.top
        pos = pygame.mouse.get_pos()
        self.top.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0),
                                           resting=True))

    def tick(self, dt: float) -> None:
        for scene in list(self.stack):
            scene.update(dt)

    def any_busy(self) -> bool:
        return any(s.busy() for s in self.stack)

    def any_dirty(self) -> bool:
        return any(s.dirty for s in self.stack)

    def next_deadline(self) -> float | None:
        """The earliest end of any scene's timer (``time.monotonic`` clock), or None."""
        ends = [d for d in (s.next_deadline() for s in self.stack) if d is not None]
        return min(ends) if ends else None

    def start(self) -> None:
        """Show a pending note (settings reset, fullscreen refused) over the first scene."""
        if self.pending_message:
            self.message(tr("Note"), self.pending_message)
            self.pending_message = ""
        self._last_tick = pygame.time.get_ticks()
        self._frames_left = _frames_before_quit()

    def step(self) -> None:
        """One turn of the main loop: events, scene updates (timers, computer players), and a
        redraw when anything is dirty. While nothing is busy or dirty it naps — at most until the
        next timer's end — instead of spinning, so an idle window costs almost nothing."""
        events = pygame.event.get()
        if not events and not (self.any_busy() or self.any_dirty()):
            # pygame.event.wait would poll SDL every millisecond (~2% of a core): nap instead. A
            # click waits at most one nap (30 ms); scenes still tick to poll board files.
            nap = IDLE_NAP
            deadline = self.next_deadline()
            if deadline is not None:
                nap = min(nap, max(0.0, deadline - time.monotonic()))
            time.sleep(nap)
        for event in events:
            self.dispatch(event)
            if event.type in _ACTS or event.type == pygame.MOUSEMOTION:
                self._finger = bool(getattr(event, "touch", False))
        if any(e.type in _ACTS and not getattr(e, "touch", False) for e in events):
            self.pointer_rests()  # (a finger leaves nothing hovering)
        now = pygame.time.get_ticks()
        self.tick((now - self._last_tick) / 1000.0)
        self._last_tick = now
        if self.top is not self._hovered_top and not self._finger:
            # a card opened or closed by itself (a timer, an edited board file, the game's end)
            # under a pointer that did not move: its hover must be current in this very frame
            self.pointer_rests()
        if self.any_dirty():
            self.render()
            pygame.display.flip()
            if self._frames_left is not None:  # TABLETOP_QUIT_AFTER_FRAMES (tests)
                self._frames_left -= 1
                if self._frames_left <= 0:
                    self.running = False
        if self.any_busy():
            self.clock.tick(60)

    def run(self) -> None:
        self.start()
        while self.running and self.stack:
            self.step()
        for scene in self.stack:
            scene.closed()
        pygame.quit()


def fit_window(wanted: tuple[int, int], desk: tuple[int, int] | None) -> tuple[int, int]:
    """``wanted`` within the screen ``desk`` less room for window decorations (64 px across, 96
    down), but at least ``MIN_SIZE``."""
    if not desk:
        return wanted
    return (max(MIN_SIZE[0], min(wanted[0], desk[0] - 64)), max(MIN_SIZE[1], min(wanted[1], desk[1] - 96)))


def _frames_before_quit() -> int | None:
    """``TABLETOP_QUIT_AFTER_FRAMES`` (see the module docstring), or None for a normal run."""
    text = os.environ.get("TABLETOP_QUIT_AFTER_FRAMES", "")
    return max(1, int(text)) if text.strip().isdigit() else None


def _window() -> pygame.Window | None:
    """The app's one window as an object that can be moved (None headless or without one)."""
    if pygame.display.get_surface() is None or os.environ.get("SDL_VIDEODRIVER") == "dummy":
        return None
    with warnings.catch_warnings():  # it warns against drawing through the object; we only move it
        warnings.simplefilter("ignore")
        try:
            return pygame.Window.from_display_module()
        except (pygame.error, AttributeError):
            return None

"""Sound effects. No audio device, a missing file or a mixer error → silence, never a crash and no
noise on stderr (SDL/ALSA print to the C-level stderr, which is silenced while the mixer opens)."""

from __future__ import annotations

import contextlib
import logging
import os
from pathlib import Path

from tabletop import PACKAGE_DIR

log = logging.getLogger(__name__)
SOUNDS_DIR = PACKAGE_DIR / "sounds"
NAMES = ("dice", "move", "capture", "win", "click", "flip")


@contextlib.contextmanager
def quiet_stderr():
    """Silence file descriptor 2 (C libraries) for the duration."""
    try:
        fd = os.dup(2)
    except OSError:
        yield
        return
    try:
        with open(os.devnull, "w") as null:
            os.dup2(null.fileno(), 2)
            yield
    finally:
        os.dup2(fd, 2)
        os.close(fd)


class Audio:
    def __init__(self, enabled: bool = True, folder: Path = SOUNDS_DIR) -> None:
        self.enabled = enabled
        self.ok = False
        self.sounds: dict[str, object] = {}
        if not enabled:
            return
        try:
            import pygame

            with quiet_stderr():
                pygame.mixer.init()
            self.ok = True
        except Exception as exc:  # no device, no driver: play silently
            log.info("no audio: %s", exc)
            return
        for name in NAMES:
            for ext in (".ogg", ".wav"):
                path = folder / f"{name}{ext}"
                if path.is_file():
                    try:
                        self.sounds[name] = pygame.mixer.Sound(str(path))
                    except Exception as exc:
                        log.warning("cannot load sound %s: %s", path, exc)
                    break
            else:
                log.warning("missing sound file %s.wav", name)

    def play(self, name: str) -> None:
        if not (self.enabled and self.ok):
            return
        sound = self.sounds.get(name)
        if sound is not None:
            try:
                sound.play()  # type: ignore[attr-defined]
            except Exception:
                pass

    def set_enabled(self, on: bool) -> None:
        self.enabled = on

"""The installed program in a real X11 window: after each key and a short idle, an X expose
(``xrefresh``) must change no pixel of the window — if it does, the window was showing a stale
frame. Run on a laptop-sized window in English and on a 4K fullscreen table screen in Russian.

Needs Xvfb, xdotool, xrefresh and ImageMagick (``apt-get install xvfb xdotool x11-xserver-utils
imagemagick``); skipped, saying so, where they are missing. Every seat is a person, so nothing
moves between the keys but what the keys started (dice tumble, slides), which must have ended.
"""

from __future__ import annotations

import os
import select
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

TOOLS = ("Xvfb", "xdotool", "xrefresh", "import", "compare", "identify")
MISSING = [t for t in TOOLS if shutil.which(t) is None]
pytestmark = [pytest.mark.skipif(bool(MISSING), reason=f"no real-window check: {', '.join(MISSING)} not installed "
                                                     "(apt-get install xvfb xdotool x11-xserver-utils imagemagick)"),
              # one X server and app at a time (see pyproject's --dist loadgroup): two 4K checks side by side
              # on a two-core machine made each other's captures wait
              pytest.mark.xdist_group("real_window")]

IDLE = 0.8       # seconds after a key before the first capture
KEYS = {         # per game: keys a person presses, each one a roll/draw/decision
    "plakoto": ["space", "space"],
    "trap_the_cap": ["space"],
    "captain_flip": ["space", "k", "1", "space", "f"],
    "chicken_chase": ["a", "space", "d"],
}
SCREENS = {
    "laptop": ("1366x768x24", ["--size", "1366x768"]),
    "table-4k-ru": ("3840x2160x24", ["--fullscreen", "--table", "--lang", "ru"]),
}


def start_xvfb(geometry: str) -> tuple[subprocess.Popen, str]:
    """A new Xvfb screen and its display name. Xvfb picks a free display number itself and says
    which (``-displayfd``): two test runs on one machine choosing the same free-looking number
    raced, and the loser's app found no X server ("x11 not available"). ``-noreset``: by default
    Xvfb resets itself each time its last client leaves, so an app started just as the one
    before it (or the readiness check below) closed could find the server mid-reset and fail the
    same way; that failed a CI run on the fourth app of a module."""
    read, write = os.pipe()
    proc = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", geometry, "-nolisten", "tcp",
                             "-noreset"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, pass_fds=(write,))
    os.close(write)
    number = b""
    end = time.monotonic() + 30
    while not number.endswith(b"\n") and time.monotonic() < end:
        ready, _, _ = select.select([read], [], [], 0.5)
        if ready:
            chunk = os.read(read, 16)
            if not chunk:
                break
            number += chunk
    os.close(read)
    if not number.strip().isdigit():
        proc.kill()
        raise RuntimeError("Xvfb did not start (no display number)")
    display = f":{int(number)}"
    # the number can come before the server takes clients: the first app then found "x11 not
    # available" (seen on a loaded machine); wait until a client is served
    while time.monotonic() < end:
        ok = subprocess.run(["xdotool", "getdisplaygeometry"], env=dict(os.environ, DISPLAY=display),
                            capture_output=True, timeout=30).returncode == 0
        if ok:
            break
        time.sleep(0.2)
    return proc, display


@pytest.fixture(scope="module", params=list(SCREENS))
def screen(request):
    geometry, args = SCREENS[request.param]
    xvfb, display = start_xvfb(geometry)
    yield display, args
    xvfb.terminate()
    xvfb.wait(timeout=10)


def x(display: str, *cmd: str, timeout: float = 30) -> str:
    out = subprocess.run(list(cmd), env=dict(os.environ, DISPLAY=display), capture_output=True, text=True,
                         timeout=timeout)
    return out.stdout.strip() + out.stderr.strip()


def window_of(display: str, proc: subprocess.Popen, limit: float = 120.0) -> str:
    """The app's window id; fails at once, with the app's own words, if the app has ended."""
    end = time.monotonic() + limit
    while time.monotonic() < end:
        if proc.poll() is not None:
            raise AssertionError(f"the app ended (exit {proc.returncode}) before its window appeared: "
                                 f"{proc.communicate()[1][-2000:]}")
        # mapped windows only: once (a loaded CI machine) the window found was gone a moment later
        # ("BadWindow"), a window SDL makes and drops while it starts, not the one it shows
        found = [w for w in x(display, "xdotool", "search", "--onlyvisible", "--class", "tabletop").split()
                 if w.isdigit()]
        if found:
            return found[0]
        time.sleep(0.2)
    raise AssertionError(f"the tabletop window never appeared in {limit:.0f} s (the app is still running)")


def capture(display: str, path: Path) -> Path:
    """The whole screen as an uncompressed 8-bit PPM: a 4K PNG took about a second to write and
    another to decode for every comparison, and these tests make dozens of them."""
    path = path.with_suffix(".ppm")
    x(display, "import", "-window", "root", "-depth", "8", str(path), timeout=120)
    return path


def differ(a: Path, b: Path) -> int:
    """How many pixels differ: 0 at once when the two files are the same bytes (the common
    case), else counted by ImageMagick (for the failure message)."""
    if a.read_bytes() == b.read_bytes():
        return 0
    result = subprocess.run(["compare", "-metric", "AE", str(a), str(b), "null:"], capture_output=True, text=True,
                            timeout=120)
    return int(float(result.stderr.split()[0]))


def settled(display: str, tmp: Path, tag: str, alike_needed: int, tries: int = 40) -> Path:
    """Capture until ``alike_needed`` captures in a row match the one before (0.4 s apart): what
    was moving or repainting has ended. The last capture."""
    still = capture(display, tmp / f"{tag}-0.png")
    alike = 0
    for i in range(1, tries):
        time.sleep(0.4)
        now = capture(display, tmp / f"{tag}-{i}.png")
        alike = alike + 1 if differ(still, now) == 0 else 0
        if alike == alike_needed:
            return now
        still = now
    raise AssertionError(f"the screen never stood still ({tag})")


def drawn(display: str, tmp: Path, limit: float = 120.0) -> None:
    """Wait until the app has drawn its first frame: a window not yet painted stands still too
    (one colour), and on a loaded machine a 4K first frame can take seconds; checking it then
    counted the first frame's arrival as a stale screen."""
    end = time.monotonic() + limit
    while time.monotonic() < end:
        shot = capture(display, tmp / "first.png")
        colours = x(display, "identify", "-format", "%k", str(shot), timeout=120)
        if colours.isdigit() and int(colours) > 16:
            return
        time.sleep(0.5)
    raise AssertionError(f"the app drew nothing in {limit:.0f} s")


def changed_pixels(display: str, tmp: Path, tag: str) -> int:
    """Wait until the screen stands still (three captures alike over a second or more: what the keys
    started has ended), then expose the window and count the pixels that changed once it stands
    still again (a busy machine may take a while to repaint, and a half-repainted window is not a
    stale one; a stale one stands still, unlike the capture before). A current window changes none."""
    still = settled(display, tmp, tag, 2)
    x(display, "xrefresh")
    return differ(still, settled(display, tmp, f"{tag}-exposed", 1))


@pytest.mark.parametrize("game", list(KEYS))
def test_after_each_key_an_expose_changes_no_pixel(screen, game, tmp_path):
    display, args = screen
    env = dict(os.environ, DISPLAY=display, SDL_VIDEODRIVER="x11", SDL_AUDIODRIVER="dummy",
               TABLETOP_DATA=str(tmp_path / "data"), PYGAME_HIDE_SUPPORT_PROMPT="1")
    proc = subprocess.Popen([sys.executable, "-m", "tabletop", game, "--seats", "human,human", "--seed", "5",
                             "--mute", *args], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        wid = window_of(display, proc)
        x(display, "xdotool", "windowfocus", wid)
        # the pointer rests inside the window, where a player's mouse would be: hover must follow
        x(display, "xdotool", "mousemove", "--window", wid, "5", "5")
        drawn(display, tmp_path)
        time.sleep(IDLE)
        assert changed_pixels(display, tmp_path, "start") == 0, "the first frame was stale"
        for i, key in enumerate(KEYS[game]):
            x(display, "xdotool", "key", key)
            time.sleep(IDLE)
            assert proc.poll() is None, proc.communicate()[1]
            assert changed_pixels(display, tmp_path, f"{i}-{key}") == 0, f"stale after key {key!r}"
    finally:
        proc.terminate()
        _, err = proc.communicate(timeout=20)
    assert "Traceback" not in err, err


def _geometry(display: str, wid: str) -> tuple[int, int, int, int]:
    """The window's place and size on the X screen (x, y, w, h)."""
    out = x(display, "xdotool", "getwindowgeometry", "--shell", wid)
    got = dict(line.split("=", 1) for line in out.splitlines() if "=" in line)
    assert "X" in got, out
    return int(got["X"]), int(got["Y"]), int(got["WIDTH"]), int(got["HEIGHT"])


def test_f11_fills_the_screen_from_its_corner_and_comes_back_as_the_window_was(tmp_path):
    """Without a window manager a fullscreen window stayed where the window had been, its right
    and bottom off the screen, and F11 back gave the default size, not the window's own."""
    xvfb, display = start_xvfb("1366x768x24")
    env = dict(os.environ, DISPLAY=display, SDL_VIDEODRIVER="x11", SDL_AUDIODRIVER="dummy",
               TABLETOP_DATA=str(tmp_path / "data"), PYGAME_HIDE_SUPPORT_PROMPT="1")
    proc = subprocess.Popen([sys.executable, "-m", "tabletop", "--size", "1100x700", "--mute"], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        window_of(display, proc)
        drawn(display, tmp_path)
        wid = window_of(display, proc)  # the one drawing now (see window_of)
        x(display, "xdotool", "windowmove", wid, "120", "40")
        time.sleep(IDLE)
        before = _geometry(display, wid)
        assert before[2:] == (1100, 700)
        x(display, "xdotool", "windowfocus", wid)
        x(display, "xdotool", "key", "F11")
        time.sleep(2 * IDLE)
        wid = window_of(display, proc)  # (SDL may make a new window for it)
        assert _geometry(display, wid) == (0, 0, 1366, 768), "the whole screen, from its corner"
        x(display, "xdotool", "key", "F11")
        time.sleep(2 * IDLE)
        wid = window_of(display, proc)
        assert _geometry(display, wid) == before, "back where it was, at its size"
        assert proc.poll() is None, proc.communicate()[1]
    finally:
        proc.terminate()
        _, err = proc.communicate(timeout=20)
        xvfb.terminate()
        xvfb.wait(timeout=10)
    assert "Traceback" not in err, err

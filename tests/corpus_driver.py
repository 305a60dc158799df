"""Run many command lines through the real entry point in ONE process (a subprocess of the test):
``python tests/corpus_driver.py JOBS.json RESULTS.json``.

Why: starting Python, pygame and the games costs about half a second a process; the generated
corpus has several hundred cases. Each job here is exactly what ``tabletop ARGS`` does
(``tabletop.cli.main``), with its own data folder, so a job sees what a user's command would see;
a smaller set of cases also runs as true one-process-per-case subprocesses (tests/test_corpus.py).

For each job the result holds: the exit code (or ``"traceback"`` with the traceback, or
``"timeout"``), what was printed to stderr, the seconds it took, the scenes on the stack when the
window closed (``TABLETOP_QUIT_AFTER_FRAMES`` closes it after the first frame) and the files left
in the data folder.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import signal
import sys
import time
import traceback
from pathlib import Path

JOB_SECONDS = 20
"""A job that takes longer has hung (the slowest real one takes well under a second)."""


class _Hung(BaseException):
    """Raised by the alarm: BaseException, so no ``except Exception`` in the program swallows it."""


def _alarm(signum, frame):  # noqa: ARG001
    raise _Hung()


KEPT_CACHES = {"tabletop.layout.yamlsrc._parsed"}
"""Caches that outlive a job: parsed board files, plain values keyed by the file's whole bytes
and name (no pygame object in them), so a job gets exactly the answer a fresh parse gives. Every
save case's menu preview and game read the same built-in boards; parsing them afresh for each of
several hundred jobs was most of this test's time. A generated board, new bytes, is still parsed
in its own job."""


def _clear_caches() -> None:
    """The app calls pygame.quit() when its window closes; fonts and surfaces cached by the
    previous job must not be used by the next (a real process never runs two apps)."""
    for name, module in list(sys.modules.items()):
        if name.startswith("tabletop") and module is not None:
            for key, value in list(vars(module).items()):
                clear = getattr(value, "cache_clear", None)
                if callable(clear) and getattr(value, "__module__", "") == name and f"{name}.{key}" not in KEPT_CACHES:
                    clear()


def run_jobs(jobs: list[dict]) -> list[dict]:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    os.environ["TABLETOP_QUIT_AFTER_FRAMES"] = "1"
    from tabletop import app as app_module
    from tabletop.cli import main
    from tabletop.layout import yamlsrc

    assert callable(getattr(yamlsrc._parsed, "cache_clear", None)), "KEPT_CACHES names a cache that is gone"

    stacks: list[list[str]] = []
    real_run = app_module.App.run

    def run_and_note(self):  # the scenes a user would see when the first frame is drawn
        real_run(self)
        stacks.append([type(s).__name__ for s in self.stack])

    app_module.App.run = run_and_note
    signal.signal(signal.SIGALRM, _alarm)
    results = []
    for job in jobs:
        os.environ["TABLETOP_DATA"] = job["data"]
        stacks.clear()
        err = io.StringIO()
        out = io.StringIO()
        start = time.perf_counter()
        code: int | str
        tb = ""
        signal.alarm(JOB_SECONDS)
        try:
            with contextlib.redirect_stderr(err), contextlib.redirect_stdout(out):
                try:
                    code = main(list(job["argv"]))
                except SystemExit as exc:
                    code = exc.code if isinstance(exc.code, int) else 1
        except _Hung:
            code = "timeout"
        except BaseException:  # noqa: BLE001 - exactly what the test looks for
            code = "traceback"
            tb = traceback.format_exc()
        finally:
            signal.alarm(0)
        elapsed = time.perf_counter() - start
        _clear_caches()
        data = Path(job["data"])
        listing = sorted(p.name for p in data.iterdir()) if data.is_dir() else []
        results.append({"id": job["id"], "code": code, "stderr": err.getvalue()[:100_000], "traceback": tb,
                        "seconds": elapsed, "stack": stacks[-1] if stacks else [], "files": listing})
    return results


def main_(argv: list[str]) -> int:
    jobs = json.loads(Path(argv[0]).read_text(encoding="utf-8"))
    results = run_jobs(jobs)
    Path(argv[1]).write_text(json.dumps(results), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main_(sys.argv[1:]))

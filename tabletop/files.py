"""Reading a file a user may have put anywhere: only a regular file, at most a given size, and
never blocking (a board or save path can be a folder, a dangling or looping symlink, a named pipe
or ``/dev/zero``). No pygame.

The file is opened first and checked through the open descriptor, so it cannot be swapped for a
pipe between the check and the read; ``O_NONBLOCK`` keeps ``open`` of a pipe from waiting for a
writer that never comes.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

from tabletop.i18n import tr

OS_ERROR_WORDS = {
    errno.ENOENT: "not found",
    errno.EACCES: "permission denied",
    errno.EPERM: "permission denied",
    errno.EISDIR: "is a folder",
    errno.ENOSPC: "no space left on the disk",
    errno.EROFS: "the disk is read-only",
    errno.ENOTDIR: "part of the path is a file, not a folder",
    errno.EEXIST: "a file is where a folder should be",
}
"""Our words for the common reasons an OS call fails (catalogue keys: said in the language chosen)."""


def os_error_text(exc: OSError, path: bool = True) -> str:
    """Why an OS call failed, in the current language, for the middle of a sentence of ours:
    our words for the common errors (``OS_ERROR_WORDS``), else only the error's number, and the
    file it names unless ``path`` is False (the sentence names it already). Never the system's
    own text: "[Errno 13] Permission denied: '/…'" is English whatever the language, and it sat
    in the middle of Russian sentences (the high-score table, the saves, the settings)."""
    if exc.errno in OS_ERROR_WORDS:
        words = tr(OS_ERROR_WORDS[exc.errno])
    elif exc.errno is not None:
        words = tr("system error {number}", number=exc.errno)
    else:
        words = tr("a system error")
    if not path or exc.filename is None:
        return words
    where = os.fsdecode(exc.filename) if isinstance(exc.filename, (str, bytes)) else str(exc.filename)
    if isinstance(exc.filename2, (str, bytes)):
        where += ", " + os.fsdecode(exc.filename2)  # a rename: both names
    return f"{words}: {where}"


class FileProblem(Exception):
    """Why a file cannot be read, in words for a person: ``key``, a catalogue phrase that follows
    "it" (``"is a folder, not a file"``), filled with ``fields``; :meth:`words` says it in the
    current language (``str()``: the key filled in, untranslated). ``os_error``: the OS error it
    stands for, if any, for a reader that says those in its own sentence (``os_error_text``)."""

    os_error: OSError | None = None

    def __init__(self, key: str, **fields: object) -> None:
        super().__init__(key.format(**fields) if fields else key)
        self.key = key
        self.fields = fields

    def words(self) -> str:
        return tr(self.key, **self.fields)


class TooBig(FileProblem):
    """The file is larger than the cap (``size`` bytes at least), refused before it is parsed."""

    def __init__(self, size: int, max_bytes: int) -> None:
        super().__init__("is {size} bytes; it may be at most {most} bytes", size=f"{size:,}", most=f"{max_bytes:,}")
        self.size = size


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "is a folder, not a file"
    if stat.S_ISFIFO(mode):
        return "is a named pipe, not a file"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "is a device, not a file"
    if stat.S_ISSOCK(mode):
        return "is a socket, not a file"
    return "is not a regular file"


def problem(path: Path) -> FileProblem | None:
    """Why ``path`` is not a readable regular file, or None when it is one (or does not exist:
    ask :func:`exists` for that)."""
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        return FileProblem("is a symbolic link to a file that does not exist") if os.path.islink(path) else None
    except OSError as exc:
        return _os_reason(exc)
    return None if stat.S_ISREG(mode) else FileProblem(_kind(mode))


def exists(path: Path) -> bool:
    """True when *something* is at ``path`` (a dangling symlink counts: it must be reported, not
    silently replaced by a built-in file)."""
    return os.path.lexists(path)


def _os_reason(exc: OSError) -> FileProblem:
    if exc.errno == errno.ELOOP:
        return FileProblem("is a symbolic link that loops")
    if exc.errno == errno.ENOENT:
        return FileProblem("does not exist")
    problem = FileProblem("cannot be read ({reason})", reason=os_error_text(exc, path=False))
    problem.os_error = exc
    return problem


def read_regular(path: Path, max_bytes: int) -> bytes:
    """The bytes of the regular file ``path``; raise :class:`FileProblem` if it is anything else,
    missing, unreadable or larger than ``max_bytes``."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except OSError as exc:
        if exc.errno == errno.ENOENT and os.path.islink(path):
            raise FileProblem("is a symbolic link to a file that does not exist") from None
        raise _os_reason(exc) from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise FileProblem(_kind(info.st_mode))
        if info.st_size > max_bytes:
            raise TooBig(info.st_size, max_bytes)
        chunks: list[bytes] = []
        size = 0
        while size <= max_bytes:  # the file may grow while it is read: never read past the cap
            chunk = os.read(fd, min(1 << 20, max_bytes + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > max_bytes:
            raise TooBig(size, max_bytes)
        return b"".join(chunks)
    except OSError as exc:
        raise _os_reason(exc) from None
    finally:
        os.close(fd)

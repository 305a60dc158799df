"""Small, explicit schema checks for board files that collect *every* problem with its position.

A game's layout module walks its document with a :class:`Checker`: each accessor returns the value
when it is right and records an issue (and returns a harmless fallback) when it is not, so one
run reports everything that is wrong. ``checker.done()`` raises :class:`LayoutErrors` if anything
was recorded.
"""

from __future__ import annotations

import math
import re
import reprlib
from collections.abc import Iterable
from typing import Any

from tabletop.layout.phrase import Phrase
from tabletop.layout.yamlsrc import LayoutErrors, LayoutIssue, Path_, SourceDoc

_MISSING = object()
_COLOUR = re.compile(r"^#(?:[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$")
_ID = re.compile(r"^[A-Za-z0-9_][A-Za-z0-9_\-]*$")
NAME = re.compile(r"^[A-Za-z0-9_][A-Za-z0-9_\-]{0,63}$")
"""A file a board refers to (a sprite): a bare name looked up in the program's own folder, never a
path (no separators, no ``..``, nothing absolute)."""

LAYOUT_VERSION = 1


_REPR = reprlib.Repr()
_REPR.maxlevel, _REPR.maxlist, _REPR.maxdict, _REPR.maxstring, _REPR.maxlong = 2, 6, 4, 36, 20


def _show(value: Any) -> str:
    """A value for a message: short, one line, and cheap even for a huge or nested value."""
    text = str(_number(value)) if isinstance(value, (int, float)) and not isinstance(value, bool) else _REPR.repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _number(value: float) -> str | Phrase:
    """A number for a message, also one too big for a float (an int from a saved JSON file)."""
    if isinstance(value, int) and abs(value) >= 10**15:
        return (Phrase("a number of {n} digits", n=len(str(abs(value)))) if abs(value) < 10**4000
                else Phrase("a huge number"))
    return f"{value:g}"


def _kind(value: Any) -> str | Phrase:
    """What a wrong value is, for "got ..." (a phrase to translate, or the value itself)."""
    if value is None:
        return Phrase("nothing")
    if isinstance(value, bool):
        return Phrase("true/false")
    if isinstance(value, (int, float)):
        return Phrase("the number {n}", n=_number(value) if isinstance(value, int) else str(value))
    if isinstance(value, str):
        return _show(value)
    if isinstance(value, list):
        return Phrase("a list")
    if isinstance(value, dict):
        return Phrase("a mapping")
    return type(value).__name__


class Checker:
    """Typed access to a :class:`SourceDoc` that records issues instead of raising."""

    def __init__(self, doc: SourceDoc) -> None:
        self.doc = doc
        self.issues: list[LayoutIssue] = []

    # -- recording -------------------------------------------------------------------------------
    def error(self, path: Path_, what: str, /, at_key: bool = False, **values: Any) -> None:
        """Record ``what`` at ``path``: an English template filled with ``values`` (the app says
        it in the language chosen, ``tr`` looks the template up; keep it static)."""
        self.issues.append(self.doc.issue(path, Phrase(what, **values), at_key))

    def done(self) -> None:
        if self.issues:
            raise LayoutErrors(self.issues)

    @property
    def ok(self) -> bool:
        return not self.issues

    # -- structure -------------------------------------------------------------------------------
    def top(self, allowed: Iterable[str]) -> dict[str, Any]:
        """The top-level mapping; checks ``layout_version: 1`` and unknown keys."""
        data = self.doc.data
        if not isinstance(data, dict):
            self.error((), "expected a mapping of keys at the top of the file, got {got}", got=_kind(data))
            return {}
        version = data.get("layout_version", _MISSING)
        if version is _MISSING:
            self.error((), "missing 'layout_version: {version}' at the top of the file", version=LAYOUT_VERSION)
        elif type(version) is not int or version != LAYOUT_VERSION:  # true and 1.0 equal 1 in Python
            self.error(("layout_version",), "expected {version}, got {got} (this program reads layout version {version})",
                       version=LAYOUT_VERSION, got=_kind(version))
        self.keys(data, (), {"layout_version", *allowed})
        return data

    def keys(self, mapping: dict[str, Any], path: Path_, allowed: Iterable[str]) -> None:
        allowed = set(allowed)
        for key in mapping:
            if key not in allowed:
                names = ", ".join(sorted(str(a) for a in allowed))
                self.error((*path, key), "unknown key {key} (expected one of: {names})", at_key=True,
                           key=repr(key), names=names)

    def get(self, mapping: Any, path: Path_, key: str, required: bool = True) -> Any:
        """``mapping[key]`` or _MISSING (recording an issue when required)."""
        if not isinstance(mapping, dict):
            return _MISSING
        if key not in mapping:
            if required:
                self.error(path, "missing key {key}", key=repr(key))
            return _MISSING
        return mapping[key]

    def mapping(self, parent: Any, path: Path_, key: str, required: bool = True) -> dict[str, Any]:
        value = self.get(parent, path, key, required)
        if value is _MISSING:
            return {}
        if not isinstance(value, dict):
            self.error((*path, key), "expected a mapping, got {got}", got=_kind(value))
            return {}
        return value

    def list(self, parent: Any, path: Path_, key: str, required: bool = True,
             min_len: int = 0, max_len: int = 10_000) -> list[Any]:
        value = self.get(parent, path, key, required)
        if value is _MISSING:
            return []
        if not isinstance(value, list):
            self.error((*path, key), "expected a list, got {got}", got=_kind(value))
            return []
        if not min_len <= len(value) <= max_len:
            if min_len == max_len:
                self.error((*path, key), "expected exactly {n} entries, got {got}", n=min_len, got=len(value))
            else:
                self.error((*path, key), "expected {low} to {high} entries, got {got}", low=min_len, high=max_len,
                           got=len(value))
        return value

    # -- scalars ---------------------------------------------------------------------------------
    def number(self, parent: Any, path: Path_, key: str, default: float | None = None,
               low: float = -1e6, high: float = 1e6, required: bool | None = None) -> float:
        value = self.get(parent, path, key, default is None if required is None else required)
        if value is _MISSING:
            return default if default is not None else low if low > -1e6 else 0.0
        return self.number_value(value, (*path, key), low, high, default)

    def number_value(self, value: Any, path: Path_, low: float = -1e6, high: float = 1e6,
                     fallback: float | None = None) -> float:
        fb = fallback if fallback is not None else max(low, 0.0) if low <= 0 <= high or low > 0 else low
        if (isinstance(value, bool) or not isinstance(value, (int, float))
                or (isinstance(value, float) and not math.isfinite(value))):
            self.error(path, "expected a number, got {got}", got=_kind(value))
            return fb
        if not low <= value <= high:
            self.error(path, "expected a number from {low} to {high}, got {got}", low=f"{low:g}", high=f"{high:g}",
                       got=_number(value))
            return fb
        return float(value)

    def integer(self, parent: Any, path: Path_, key: str, default: int | None = None,
                low: int = -1_000_000, high: int = 1_000_000) -> int:
        value = self.get(parent, path, key, default is None)
        if value is _MISSING:
            return default if default is not None else low
        return self.integer_value(value, (*path, key), low, high)

    def integer_value(self, value: Any, path: Path_, low: int = -1_000_000, high: int = 1_000_000) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            self.error(path, "expected a whole number, got {got}", got=_kind(value))
            return low
        if not low <= value <= high:
            self.error(path, "expected a whole number from {low} to {high}, got {got}", low=low, high=high, got=value)
            return low
        return value

    def string(self, parent: Any, path: Path_, key: str, default: str | None = None,
               choices: Iterable[str] | None = None) -> str:
        value = self.get(parent, path, key, default is None)
        if value is _MISSING:
            return default if default is not None else ""
        return self.string_value(value, (*path, key), choices)

    def string_value(self, value: Any, path: Path_, choices: Iterable[str] | None = None) -> str:
        if not isinstance(value, str):
            self.error(path, "expected text, got {got}", got=_kind(value))
            return ""
        if choices is not None:
            options = list(choices)
            if value not in options:
                self.error(path, "unknown value {value} (expected one of: {names})", value=repr(value),
                           names=", ".join(options))
                return ""
        return value

    def ident(self, value: Any, path: Path_) -> str:
        if not isinstance(value, str) or not _ID.match(value):
            self.error(path, "expected an id (letters, digits, _ and -), got {got}", got=_kind(value))
            return ""
        return value

    def name(self, parent: Any, path: Path_, key: str, default: str | None = None, what: str = "a name") -> str:
        """A file name like a sprite's: letters, digits, ``_`` and ``-`` only, so it can never
        reach outside the program's folders (the loader resolves it again, too)."""
        value = self.get(parent, path, key, default is None)
        if value is _MISSING:
            return default or ""
        if not isinstance(value, str) or not NAME.match(value):
            self.error((*path, key), "expected {kind} (letters, digits, _ and -; no folders or '..'), got {got}",
                       kind=Phrase(what), got=_kind(value))
            return default or ""
        return value

    def boolean(self, parent: Any, path: Path_, key: str, default: bool | None = None) -> bool:
        value = self.get(parent, path, key, default is None)
        if value is _MISSING:
            return bool(default)
        if not isinstance(value, bool):
            self.error((*path, key), "expected true or false, got {got}", got=_kind(value))
            return bool(default)
        return value

    def colour(self, parent: Any, path: Path_, key: str, default: str | None = None) -> tuple[int, int, int]:
        """A ``"#rrggbb"`` colour as an RGB tuple."""
        value = self.get(parent, path, key, default is None)
        if value is _MISSING:
            value = default or "#000000"
            return tuple(int(value[i:i + 2], 16) for i in (1, 3, 5))  # type: ignore[return-value]
        return self.colour_value(value, (*path, key))

    def colour_value(self, value: Any, path: Path_) -> tuple[int, int, int]:
        if not isinstance(value, str) or not _COLOUR.match(value):
            self.error(path, "expected a colour like \"#a0b0c0\", got {got}", got=_kind(value))
            return (255, 0, 255)
        return tuple(int(value[i:i + 2], 16) for i in (1, 3, 5))  # type: ignore[return-value]

    def point(self, parent: Any, path: Path_, key: str, low: float = -1e6, high: float = 1e6,
              default: tuple[float, float] | None = None) -> tuple[float, float]:
        """An ``[x, y]`` pair of numbers."""
        value = self.get(parent, path, key, default is None)
        if value is _MISSING:
            return default or (0.0, 0.0)
        return self.point_value(value, (*path, key), low, high)

    def point_value(self, value: Any, path: Path_, low: float = -1e6, high: float = 1e6) -> tuple[float, float]:
        if (not isinstance(value, list) or len(value) != 2
                or any(isinstance(v, bool) or not isinstance(v, (int, float)) for v in value)):
            self.error(path, "expected [x, y] numbers, got {got}",
                       got=_kind(value) if not isinstance(value, list) else _show(value))
            return (0.0, 0.0)
        if not all(low <= v <= high for v in value):  # NaN compares false: refused here too
            shown = ", ".join(str(_number(v)) for v in value)
            self.error(path, "expected coordinates from {low} to {high}, got [{got}]", low=f"{low:g}", high=f"{high:g}",
                       got=shown)
            return (0.0, 0.0)
        return (float(value[0]), float(value[1]))

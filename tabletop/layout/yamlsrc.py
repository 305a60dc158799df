"""Read a YAML file into plain Python values while remembering where every value stood.

Why not ``yaml.safe_load``: it forgets line and column (errors must say ``file:line:col``), it
silently keeps the last of duplicate keys, and it expands alias bombs. Here the file is composed
into nodes by our bounded composer (:mod:`tabletop.layout.compose`: size and depth checked while
composing), then converted by our own walk that

- accepts only the plain YAML tags (``!!python/...`` and every custom tag is an error, on keys too),
- rejects duplicate keys and merge keys (``<<``),
- converts each node once (aliases share the value, and their expanded size is already capped),
- records a :class:`Mark` (line, column) for every path.
"""

from __future__ import annotations

import codecs
import copy
import functools
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from tabletop.core.errors import TabletopError
from tabletop.files import FileProblem, TooBig, read_regular
from tabletop.i18n import tr
from tabletop.layout.compose import MAX_DEPTH, MAX_NODES, ComposeLimit, compose
from tabletop.layout.phrase import Phrase
from tabletop.layout.yamlwords import plain_words

MAX_FILE_BYTES = 256_000
"""Boards are a few kilobytes (the largest shipped one 14 KB); a file this big is a mistake, refused
before parsing. With :data:`MAX_NODES` it bounds the parse: any file up to the cap is accepted or
refused in well under 2 s and 100 MB (pure-Python PyYAML, ~1.5 µs a character at worst)."""

MAX_NUMBER_CHARS = 40
"""A number in a board is a coordinate or a count; a longer one is a typo (or an attack on int())."""

__all__ = ["MAX_DEPTH", "MAX_FILE_BYTES", "MAX_NODES", "LayoutErrors", "LayoutIssue", "Mark", "Phrase", "SourceDoc",
           "load_yaml", "parse_yaml"]

Path_ = tuple[str | int, ...]

_PLAIN_TAGS = {
    "tag:yaml.org,2002:str", "tag:yaml.org,2002:int", "tag:yaml.org,2002:float",
    "tag:yaml.org,2002:bool", "tag:yaml.org,2002:null", "tag:yaml.org,2002:seq",
    "tag:yaml.org,2002:map",
}


@dataclass(frozen=True)
class Mark:
    line: int  # 1-based
    column: int  # 1-based


def format_path(path: Path_) -> str:
    """``('points', 3, 'center')`` → ``points[3].center``."""
    text = ""
    for part in path:
        if isinstance(part, int):
            text += f"[{part}]"
        else:
            text += f".{part}" if text else str(part)
    return text or "(top)"


@dataclass(frozen=True)
class LayoutIssue:
    """One problem found in a layout file."""

    file: str
    line: int
    column: int
    where: str
    what: str | Phrase

    def __str__(self) -> str:
        """The issue in English (``tabletop check-boards`` prints this)."""
        return self.shown(None)

    def shown(self, translate: Callable[..., str] | None) -> str:
        """The issue with its message in a language (``tr``); file, line, column and the path stay."""
        what = self.what.say(translate) if isinstance(self.what, Phrase) else \
            translate(self.what) if translate is not None else self.what
        where = f"{self.where}: " if self.where else ""
        return _one_line(f"{self.file}:{self.line}:{self.column}: {where}{what}")


def _one_line(text: str) -> str:
    """Every issue is one line, whatever a key, a file name or PyYAML's message held."""
    return " ".join(text.splitlines()) if "\n" in text or "\r" in text else text


class LayoutErrors(TabletopError):
    """Every problem of one or more layout files, each a ``file:line:col: where: what`` line."""

    def __init__(self, issues: list[LayoutIssue]) -> None:
        super().__init__("\n".join(str(i) for i in issues))
        self.issues = issues

    def lines(self) -> list[str]:
        """Every issue in the language of the moment (the app's overlay; the command line's, which
        follows ``--lang``)."""
        return [i.shown(tr) for i in self.issues]


@dataclass
class SourceDoc:
    """A parsed file: the plain value plus the mark of every path (for error messages)."""

    file: str
    data: Any
    marks: dict[Path_, Mark]
    key_marks: dict[Path_, Mark] = field(default_factory=dict)

    def mark(self, path: Path_) -> Mark:
        """The mark of ``path``, or of its nearest ancestor that has one."""
        while path not in self.marks and path:
            path = path[:-1]
        return self.marks.get(path, Mark(1, 1))

    def issue(self, path: Path_, what: str | Phrase, at_key: bool = False) -> LayoutIssue:
        """An issue at ``path`` (at its key rather than its value when ``at_key``)."""
        mark = self.key_marks.get(path) if at_key else None
        mark = mark or self.mark(path)
        return LayoutIssue(self.file, mark.line, mark.column, format_path(path) if path else "", what)


def _mark_of(node: yaml.Node) -> Mark:
    return Mark(node.start_mark.line + 1, node.start_mark.column + 1)


_NUMBER_TAGS = {"tag:yaml.org,2002:int", "tag:yaml.org,2002:float"}
_MERGE_TAG = "tag:yaml.org,2002:merge"
_TIME_TAG = "tag:yaml.org,2002:timestamp"


def _tag_problem(node: yaml.Node) -> str | Phrase | None:
    """Why a node's tag is refused (None for the plain ones)."""
    if node.tag in _PLAIN_TAGS:
        if node.tag in _NUMBER_TAGS and len(node.value) > MAX_NUMBER_CHARS:
            return Phrase("a number of {n} characters is not allowed (at most {most})", n=f"{len(node.value):,}",
                          most=MAX_NUMBER_CHARS)
        return None
    if node.tag == _MERGE_TAG:
        return "merge keys (<<) are not supported in a board file; write the keys out"
    if node.tag == _TIME_TAG and isinstance(node, yaml.ScalarNode) and not node.style:
        return Phrase("{value} reads as a date; put it in quotes if it is text", value=repr(node.value))
    tag = node.tag.replace("tag:yaml.org,2002:", "!!")
    return Phrase("the tag {tag} is not allowed in a board file (only plain YAML values)", tag=tag)


_KINDS = {"tag:yaml.org,2002:int": "a whole number", "tag:yaml.org,2002:float": "a number",
          "tag:yaml.org,2002:bool": "true or false", "tag:yaml.org,2002:null": "null"}
"""What a value tagged (``!!int``) or read as one of these must look like, in words."""


def _unreadable(node: yaml.ScalarNode, exc: Exception) -> Phrase:
    """A value PyYAML cannot build, in words (not Python's "invalid literal for int() with base 2")."""
    value = repr(node.value[:40])
    kind = _KINDS.get(node.tag)
    if kind is not None:
        return Phrase("{value} cannot be read as {kind}; write {kind}, or put the value in quotes", value=value,
                      kind=Phrase(kind))
    return Phrase("bad value {value}: {reason}", value=value, reason=getattr(exc, "problem", None) or str(exc))


class _Converter:
    def __init__(self, file: str) -> None:
        self.file = file
        self.marks: dict[Path_, Mark] = {}
        self.key_marks: dict[Path_, Mark] = {}
        self.done: dict[int, Any] = {}
        self.issues: list[LayoutIssue] = []
        # scalars are built by PyYAML's safe constructor; it remembers every node it built, so
        # each parse gets its own (a shared one kept every file ever read alive)
        self.scalars = yaml.SafeLoader("")

    def scalar(self, node: yaml.ScalarNode, path: Path_) -> tuple[bool, Any]:
        """(ok, value) of a plain scalar; a value PyYAML cannot build is an issue, not a traceback."""
        try:
            return True, self.scalars.construct_object(node)
        except (yaml.YAMLError, ValueError, OverflowError, KeyError) as exc:  # KeyError: '!!bool x'
            self.fail(node, path, _unreadable(node, exc))
            return False, None
        finally:
            self.scalars.constructed_objects.clear()

    def fail(self, node: yaml.Node, path: Path_, what: str | Phrase) -> None:
        mark = _mark_of(node)
        self.issues.append(LayoutIssue(self.file, mark.line, mark.column, format_path(path) if path else "",
                                       what))

    def convert(self, node: yaml.Node, path: Path_) -> Any:
        self.marks.setdefault(path, _mark_of(node))
        if id(node) in self.done:
            return self.done[id(node)]
        problem = _tag_problem(node)
        if problem:
            self.fail(node, path, problem)
            return None
        if isinstance(node, yaml.ScalarNode):
            value = self.scalar(node, path)[1]
        elif isinstance(node, yaml.SequenceNode):
            value = []
            self.done[id(node)] = value
            for index, item in enumerate(node.value):
                value.append(self.convert(item, (*path, index)))
        else:
            value = {}
            self.done[id(node)] = value
            for key_node, value_node in node.value:
                key = self.key(key_node, path)
                if key is None:
                    continue
                if key in value:
                    self.fail(key_node, (*path, key), Phrase("duplicate key {key} (it was already given above)",
                                                             key=repr(key)))
                    continue
                self.marks[(*path, key)] = _mark_of(value_node)
                self.key_marks[(*path, key)] = _mark_of(key_node)
                value[key] = self.convert(value_node, (*path, key))
        self.done[id(node)] = value
        return value

    def key(self, node: yaml.Node, path: Path_) -> str | int | None:
        """A mapping key: a word or a whole number (None, with an issue, for anything else)."""
        if not isinstance(node, yaml.ScalarNode):
            self.fail(node, path, "a key must be a plain word or number")
            return None
        problem = _tag_problem(node)
        if problem:
            self.fail(node, path, problem)
            return None
        ok, key = self.scalar(node, path)
        if not ok:
            return None
        if isinstance(key, bool) or not isinstance(key, (str, int)):
            return node.value  # `on:`, `~:` or `1.5:` as a key mean the word the user wrote
        return key


def load_yaml(path: Path, shown_as: str | None = None) -> SourceDoc:
    """Parse ``path``; raise :class:`LayoutErrors` listing every problem (never a traceback)."""
    file = shown_as or str(path)
    try:
        raw = read_regular(path, MAX_FILE_BYTES)
    except TooBig as exc:
        raise LayoutErrors([LayoutIssue(file, 1, 1, "", _too_big(exc.size))]) from None
    except FileProblem as exc:
        raise LayoutErrors([LayoutIssue(file, 1, 1, "", Phrase("cannot read the file: it {why}", why=Phrase(exc.key, **exc.fields)))]) from None
    return parse_yaml(raw, file)


def _too_big(size: int) -> Phrase:
    return Phrase("the file is {size} bytes; a board file may be at most {most} bytes", size=f"{size:,}",
                  most=f"{MAX_FILE_BYTES:,}")


PARSED_KEPT_BYTES = 64_000
"""Files up to this size (every shipped board: the largest is 14 KB) are parsed once per content:
the menu's preview, the game started from it, a new game and the table all read the same board,
and each pure-Python parse of Trap the Cap's took 40-100 ms. A bigger file (a user's mistake, or
the worst cases of issue 19) is parsed every time and never kept."""


def parse_yaml(raw: bytes, file: str) -> SourceDoc:
    """Parse bytes already read (tests feed broken files through here too). A file already parsed
    with the same bytes and name gives a copy of that answer (its own values and marks, free to
    change); a refused one is parsed again, to raise the same issues."""
    if len(raw) > PARSED_KEPT_BYTES:
        return _parse(raw, file)
    kept = _parsed(raw, file)
    return SourceDoc(kept.file, copy.deepcopy(kept.data), dict(kept.marks), dict(kept.key_marks))


@functools.lru_cache(maxsize=32)
def _parsed(raw: bytes, file: str) -> SourceDoc:
    """The kept answer: never handed out itself (see :func:`parse_yaml`)."""
    return _parse(raw, file)


def _parse(raw: bytes, file: str) -> SourceDoc:
    if len(raw) > MAX_FILE_BYTES:
        raise LayoutErrors([LayoutIssue(file, 1, 1, "", _too_big(len(raw)))])
    raw = raw.removeprefix(codecs.BOM_UTF8)  # a byte order mark some editors write
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        column = exc.start - (raw.rfind(b"\n", 0, exc.start) + 1) + 1
        raise LayoutErrors([LayoutIssue(file, line, column, "",
                                        Phrase("the file is not UTF-8 text (byte {byte})",
                                               byte=f"0x{raw[exc.start]:02x}"))]) from None
    if not text.strip():
        raise LayoutErrors([LayoutIssue(file, 1, 1, "", "the file is empty")])
    try:
        node = compose(text)
    except ComposeLimit as exc:
        line, column = (exc.mark.line + 1, exc.mark.column + 1) if exc.mark else (1, 1)
        raise LayoutErrors([LayoutIssue(file, line, column, "", exc.what)]) from None
    except yaml.MarkedYAMLError as exc:
        raise LayoutErrors([_syntax_issue(exc, text, file)]) from None
    except yaml.reader.ReaderError as exc:
        line = text.count("\n", 0, exc.position) + 1
        column = exc.position - (text.rfind("\n", 0, exc.position) + 1) + 1
        raise LayoutErrors([LayoutIssue(file, line, column, "", Phrase("the character {char} is not allowed in a YAML file",
                                                                       char=f"U+{exc.character:04X}"))]) from None
    except yaml.YAMLError as exc:
        raise LayoutErrors([LayoutIssue(file, 1, 1, "", Phrase("YAML syntax: {what}", what=str(exc)))]) from None
    if node is None:
        raise LayoutErrors([LayoutIssue(file, 1, 1, "", "the file holds no data")])
    converter = _Converter(file)
    data = converter.convert(node, ())
    if converter.issues:
        raise LayoutErrors(converter.issues)
    return SourceDoc(file, data, converter.marks, converter.key_marks)


def _syntax_issue(exc: yaml.MarkedYAMLError, text: str, file: str) -> LayoutIssue:
    """PyYAML's syntax error in plain words, at the place of the mistake (:mod:`yamlwords`)."""
    what, line, column = plain_words(exc, text)
    return LayoutIssue(file, line, column, "", Phrase("YAML syntax: {what}", what=what))

"""Read a YAML file into plain Python values while remembering where every value stood.

Why not ``yaml.safe_load``: it forgets line and column (errors must say ``file:line:col``), it
silently keeps the last of duplicate keys, and it expands alias bombs. Here the file is composed
into nodes by PyYAML's safe composer, then converted by our own walk that

- accepts only the plain YAML tags (``!!python/...`` and every custom tag is an error),
- rejects duplicate keys,
- converts each node once (aliases share the value), so nested aliases cannot explode,
- records a :class:`Mark` (line, column) for every path.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

MAX_FILE_BYTES = 1_000_000
"""Boards are a few kilobytes; anything near a megabyte is a mistake, refused before parsing."""

MAX_NODES = 200_000

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
    what: str

    def __str__(self) -> str:
        where = f"{self.where}: " if self.where else ""
        return f"{self.file}:{self.line}:{self.column}: {where}{self.what}"


class LayoutErrors(Exception):
    """Every problem of one or more layout files, each a ``file:line:col: where: what`` line."""

    def __init__(self, issues: list[LayoutIssue]) -> None:
        super().__init__("\n".join(str(i) for i in issues))
        self.issues = issues

    def lines(self) -> list[str]:
        return [str(i) for i in self.issues]


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

    def issue(self, path: Path_, what: str, at_key: bool = False) -> LayoutIssue:
        """An issue at ``path`` (at its key rather than its value when ``at_key``)."""
        mark = self.key_marks.get(path) if at_key else None
        mark = mark or self.mark(path)
        return LayoutIssue(self.file, mark.line, mark.column, format_path(path) if path else "", what)


def _mark_of(node: yaml.Node) -> Mark:
    return Mark(node.start_mark.line + 1, node.start_mark.column + 1)


class _Converter:
    def __init__(self, file: str) -> None:
        self.file = file
        self.marks: dict[Path_, Mark] = {}
        self.key_marks: dict[Path_, Mark] = {}
        self.done: dict[int, Any] = {}
        self.issues: list[LayoutIssue] = []
        self.count = 0
        # scalars are built by PyYAML's safe constructor; it remembers every node it built, so
        # each parse gets its own (a shared one kept every file ever read alive)
        self.scalars = yaml.SafeLoader("")

    def scalar(self, node: yaml.Node) -> Any:
        value = self.scalars.construct_object(node)
        self.scalars.constructed_objects.clear()
        return value

    def fail(self, node: yaml.Node, path: Path_, what: str) -> None:
        mark = _mark_of(node)
        self.issues.append(LayoutIssue(self.file, mark.line, mark.column, format_path(path) if path else "",
                                       what))

    def convert(self, node: yaml.Node, path: Path_) -> Any:
        self.marks.setdefault(path, _mark_of(node))
        if id(node) in self.done:
            return self.done[id(node)]
        self.count += 1
        if self.count > MAX_NODES:
            raise _TooBig()
        if node.tag not in _PLAIN_TAGS:
            tag = node.tag.replace("tag:yaml.org,2002:", "!!")
            self.fail(node, path, f"the tag {tag} is not allowed in a board file (only plain YAML values)")
            return None
        if isinstance(node, yaml.ScalarNode):
            try:
                value = self.scalar(node)
            except yaml.YAMLError as exc:
                self.fail(node, path, f"bad value: {exc}")
                return None
        elif isinstance(node, yaml.SequenceNode):
            value = []
            self.done[id(node)] = value
            for index, item in enumerate(node.value):
                value.append(self.convert(item, (*path, index)))
        else:
            value = {}
            self.done[id(node)] = value
            for key_node, value_node in node.value:
                if not isinstance(key_node, yaml.ScalarNode):
                    self.fail(key_node, path, "a key must be a plain word or number")
                    continue
                key = self.scalar(key_node)
                if not isinstance(key, (str, int)):
                    key = str(key)
                if key in value:
                    self.fail(key_node, (*path, key), f"duplicate key {key!r} (it was already given above)")
                    continue
                self.marks[(*path, key)] = _mark_of(value_node)
                self.key_marks[(*path, key)] = _mark_of(key_node)
                value[key] = self.convert(value_node, (*path, key))
        self.done[id(node)] = value
        return value


class _TooBig(Exception):
    pass


def load_yaml(path: Path, shown_as: str | None = None) -> SourceDoc:
    """Parse ``path``; raise :class:`LayoutErrors` listing every problem (never a traceback)."""
    file = shown_as or str(path)
    try:
        size = path.stat().st_size
        if size > MAX_FILE_BYTES:
            raise LayoutErrors([LayoutIssue(file, 1, 1, "", f"the file is {size:,} bytes; a board file may "
                                                           f"be at most {MAX_FILE_BYTES:,} bytes")])
        raw = path.read_bytes()
    except OSError as exc:
        raise LayoutErrors([LayoutIssue(file, 1, 1, "", f"cannot read the file: {exc.strerror or exc}")]) from None
    return parse_yaml(raw, file)


def parse_yaml(raw: bytes, file: str) -> SourceDoc:
    """Parse bytes already read (tests feed broken files through here too)."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        column = exc.start - (raw.rfind(b"\n", 0, exc.start) + 1) + 1
        raise LayoutErrors([LayoutIssue(file, line, column, "",
                                        f"the file is not UTF-8 text (byte 0x{raw[exc.start]:02x})")]) from None
    if not text.strip():
        raise LayoutErrors([LayoutIssue(file, 1, 1, "", "the file is empty")])
    try:
        node = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, column = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        what = exc.problem or "YAML syntax error"
        opened = exc.context_mark
        if "'\\t'" in what or "\t" in what:
            what = "a tab character is not allowed for indentation in YAML; use spaces"
        elif exc.context and "flow" in exc.context and opened is not None and exc.problem_mark is not None:
            # the mistake is the bracket left open, not where the parser noticed: point there
            bracket = "{" if "mapping" in exc.context else "["
            what = (f"this '{bracket}' is never closed ({exc.problem} on line {line})")
            line, column = opened.line + 1, opened.column + 1
        elif exc.context:
            what = f"{what} ({exc.context})"
        raise LayoutErrors([LayoutIssue(file, line, column, "", f"YAML syntax: {what}")]) from None
    except yaml.YAMLError as exc:
        raise LayoutErrors([LayoutIssue(file, 1, 1, "", f"YAML syntax: {exc}")]) from None
    if node is None:
        raise LayoutErrors([LayoutIssue(file, 1, 1, "", "the file holds no data")])
    converter = _Converter(file)
    try:
        data = converter.convert(node, ())
    except _TooBig:
        raise LayoutErrors([LayoutIssue(file, 1, 1, "", f"the file expands to more than {MAX_NODES:,} "
                                                        "values (nested aliases?)")]) from None
    except RecursionError:
        raise LayoutErrors([LayoutIssue(file, 1, 1, "", "the file nests too deeply")]) from None
    if converter.issues:
        raise LayoutErrors(converter.issues)
    return SourceDoc(file, data, converter.marks, converter.key_marks)

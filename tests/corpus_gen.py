"""The generated corpus of broken inputs (issue 19): seeded mutations of every shipped board file
and of a real save of every game. Same seed, same corpus; :func:`board_cases` and
:func:`save_cases` return :class:`Case` values that :func:`install` writes into a folder.

Board mutations: every value of one type swapped for another type at once, one value at a
random place replaced (huge, negative, NaN, infinite, unicode, a list, a mapping, nothing), and
text-level damage (BOM, CRLF, tabs, truncation, byte flips, deep nesting, aliases and alias
bombs, merge keys, tags on keys and values, duplicate keys, layout_version true/1.0, long numbers).
Save mutations: every field down to the state's own fields replaced by a value of another type,
huge/negative/NaN/unicode values, deep nesting, truncation, byte flips. Both: non-regular files
(a folder, a dangling symlink, a symlink loop, a named pipe, /dev/zero) in the file's place.
"""

from __future__ import annotations

import json
import os
import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from tabletop.games import all_games
from tabletop.launch import Seat, advance, new_session
from tabletop.layout import BoardStore
from tabletop.layout.store import BUILTIN_BOARDS

SPECIALS = ("dir", "dangling", "loop", "fifo", "devzero")
ODD_VALUES: list[Any] = [None, True, False, 0, -1, -10**9, 10**30, 10**400, 1.5, -0.0, float("nan"), float("inf"),
                         float("-inf"), "", "x", "ünï©ødé ‮ 漢字 🎲", "../../../../etc/passwd", "a" * 3000,
                         [], {}, [[]], {"a": {"b": [1, {"c": None}]}}, [1, "two", 3.0], list(range(50))]


@dataclass
class Case:
    """One broken input: a board (``target`` is its board name) or a save (``target`` is the game)."""

    id: str
    kind: str  # "board" | "save"
    target: str
    content: bytes = b""
    special: str = ""  # one of SPECIALS: the file's place holds that instead of content
    variant: str = ""  # boards: the variant the game is started with


def install(case: Case, path: Path) -> None:
    """Write the case's content (or its non-regular file) at ``path``."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if case.special == "dir":
        path.mkdir()
    elif case.special == "dangling":
        os.symlink(path.parent / "no-such-file.yaml", path)
    elif case.special == "loop":
        os.symlink(path.name, path)  # points at itself
    elif case.special == "fifo":
        os.mkfifo(path)
    elif case.special == "devzero":
        os.symlink("/dev/zero", path)
    else:
        path.write_bytes(case.content)


# -- values and paths ------------------------------------------------------------------------------
def _paths(data: Any, prefix: tuple = ()) -> list[tuple]:
    """Every path to a value in a tree of dicts and lists (the root excluded)."""
    found = []
    items = data.items() if isinstance(data, dict) else enumerate(data) if isinstance(data, list) else []
    for key, value in items:
        found.append((*prefix, key))
        found += _paths(value, (*prefix, key))
    return found


def _replace(data: Any, path: tuple, value: Any) -> Any:
    if not path:
        return value
    copy = dict(data) if isinstance(data, dict) else list(data)
    copy[path[0]] = _replace(copy[path[0]], path[1:], value)
    return copy


def _other_type(rng: random.Random, value: Any) -> Any:
    """A replacement of a different type than ``value``."""
    while True:
        new = rng.choice(ODD_VALUES)
        if type(new) is not type(value):
            return new


def _swap_all(data: Any, kind: type, new: Any) -> Any:
    """Every value of exactly type ``kind`` (keys kept) replaced by ``new``."""
    if type(data) is kind:
        return new
    if isinstance(data, dict):
        return {k: _swap_all(v, kind, new) for k, v in data.items()}
    if isinstance(data, list):
        return [_swap_all(v, kind, new) for v in data]
    return data


def _flip(rng: random.Random, raw: bytes, count: int) -> bytes:
    buf = bytearray(raw)
    for _ in range(count):
        i = rng.randrange(len(buf))
        buf[i] ^= 1 << rng.randrange(8)
    return bytes(buf)


def _dump_yaml(data: Any) -> bytes:
    return yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=100).encode("utf-8")


# -- boards --------------------------------------------------------------------------------------
def _board_files() -> list[tuple[str, str, list[str]]]:
    """(board name, game id, variants reading it) for every shipped board file."""
    from tabletop.boardcheck import readers

    store = BoardStore([])
    found = []
    for spec in all_games().values():
        names = set(spec.board_files)
        for name in sorted(names):
            if (BUILTIN_BOARDS / name).is_file():
                found.append((name, spec.id, readers(spec, name, store)))
    return found


def _text_mutations(rng: random.Random, text: str) -> list[tuple[str, bytes]]:
    lines = text.splitlines(keepends=True)
    raw = text.encode("utf-8")
    value_lines = [i for i, line in enumerate(lines) if ": " in line and not line.lstrip().startswith("#")]
    indented = [i for i, line in enumerate(lines) if line.startswith("  ")]

    def at(i: int, new: str) -> bytes:
        return "".join(lines[:i] + [new] + lines[i + 1:]).encode("utf-8")

    vi = rng.choice(value_lines)
    ii = rng.choice(indented)
    key_line = lines[vi]
    indent = key_line[: len(key_line) - len(key_line.lstrip())]
    cut = rng.randrange(1, len(raw))
    out = [
        ("bom", b"\xef\xbb\xbf" + raw),
        ("crlf", text.replace("\n", "\r\n").encode("utf-8")),
        ("bom-crlf-tabs-at-ends", b"\xef\xbb\xbf" + text.replace("\n", "\t\r\n").encode("utf-8")),
        ("tab-indent", at(ii, "\t" + lines[ii].lstrip(" "))),
        ("trailing-tab", at(vi, key_line.rstrip("\n") + "\t\n")),
        ("truncated", raw[:cut]),
        ("truncated-mid-char", "é".join(text.split("e", 1)).encode("utf-8")[: cut | 1]),
        ("flip-1", _flip(rng, raw, 1)),
        ("flip-8", _flip(rng, raw, 8)),
        ("flip-64", _flip(rng, raw, 64)),
        ("zero-bytes", raw[:cut] + b"\x00" * 16 + raw[cut:]),
        ("deep-flow", raw + b"deep: " + b"[" * 3000 + b"]" * 3000 + b"\n"),
        ("deep-block", raw + b"deep:\n" + b"".join(b"  " * (i + 1) + b"-\n" for i in range(300))),
        ("alias", raw + b"first: &x [1, 2]\nsecond: *x\n"),
        ("alias-bomb", raw + b"".join(f"b{i}: &b{i} [{', '.join([f'*b{i - 1}'] * 9) if i else '1'}]\n".encode()
                                       for i in range(9))),
        ("self-alias", raw + b"loop: &me [*me]\n"),
        ("merge-key", raw + b"base: &base {a: 1}\nmerged:\n  <<: *base\n  b: 2\n"),
        ("tag-on-value", at(vi, key_line.replace(": ", ": !!python/object/apply:os.system ", 1))),
        ("tag-on-key", at(vi, indent + "? !!python/name:os.system\n" + indent + ": 1\n")),
        ("custom-tag", at(vi, key_line.replace(": ", ": !mine ", 1))),
        ("binary-tag", at(vi, key_line.replace(": ", ": !!binary ", 1))),
        ("duplicate-key", at(vi, key_line + key_line)),
        ("version-true", text.replace("layout_version: 1", "layout_version: true", 1).encode("utf-8")),
        ("version-float", text.replace("layout_version: 1", "layout_version: 1.0", 1).encode("utf-8")),
        ("version-string", text.replace("layout_version: 1", 'layout_version: "1"', 1).encode("utf-8")),
        ("long-int", at(vi, key_line.split(": ", 1)[0] + ": " + "9" * 5000 + "\n")),
        ("hex-and-sexagesimal", at(vi, key_line.split(": ", 1)[0] + ": [0x1F, 1:30, 0o17, 1_000]\n")),
        ("date", at(vi, key_line.split(": ", 1)[0] + ": 2001-12-14\n")),
        ("second-document", raw + b"---\nlayout_version: 1\n"),
        ("empty", b""),
        ("only-comments", b"# nothing here\n# at all\n"),
        ("null-top", b"~\n"),
        ("list-top", b"- layout_version: 1\n"),
        ("latin1", text.replace("e", "\xe9", 3).encode("latin-1", "replace")),
        ("utf16", text.encode("utf-16")),
        ("long-line", raw + b"note: \"" + b"x" * 200_000 + b"\"\n"),
        ("over-the-cap", raw + b"# " + b"x" * 300_000 + b"\n"),
    ]
    return out


def _structural_mutations(rng: random.Random, data: Any, count: int) -> list[tuple[str, bytes]]:
    out = []
    for kind, name in ((int, "ints"), (float, "floats"), (str, "strings"), (list, "lists"), (bool, "bools")):
        new = _other_type(rng, kind())
        out.append((f"every-{name}-swapped", _dump_yaml(_swap_all(data, kind, new))))
    paths = _paths(data)
    for n in range(count):
        path = rng.choice(paths)
        old = data
        for part in path:
            old = old[part]
        new = _other_type(rng, old)
        where = ".".join(map(str, path))[:40]
        out.append((f"swap-{n}-{where}", _dump_yaml(_replace(data, path, new))))
    # a key renamed to something of another type
    path = rng.choice([p for p in paths if isinstance(p[-1], str)])
    parent = data
    for part in path[:-1]:
        parent = parent[part]
    renamed = {(123 if k == path[-1] else k): v for k, v in parent.items()}
    out.append(("key-renamed", _dump_yaml(_replace(data, path[:-1], renamed))))
    return out


def board_cases(seed: int = 19, random_swaps: int = 8) -> list[Case]:
    rng = random.Random(seed)
    cases: list[Case] = []
    for k, (name, _game, variants) in enumerate(_board_files()):
        text = (BUILTIN_BOARDS / name).read_text(encoding="utf-8")
        data = yaml.safe_load(text)
        mutations = _text_mutations(rng, text) + _structural_mutations(rng, data, random_swaps)
        # two kinds in five per file, rotating: every kind is tried on four of the ten files
        for label, content in [m for i, m in enumerate(mutations) if (i + k) % 5 < 2]:
            cases.append(Case(f"board:{name}:{label}", "board", name, content, variant=rng.choice(variants)))
    for spec in all_games().values():
        name = spec.board_files[0]
        for special in SPECIALS:
            cases.append(Case(f"board:{name}:{special}", "board", name, special=special,
                              variant=spec.default_variant))
    return cases


# -- saves ---------------------------------------------------------------------------------------
def real_record(game_id: str, seed: int = 3, moves: int = 14) -> dict:
    """A real autosave of ``game_id`` after a few computer moves."""
    spec = all_games()[game_id]
    n = spec.default_players
    session = new_session(spec, BoardStore([]), n, None, {}, [Seat("human")] + [Seat("ai", "easy")] * (n - 1),
                          seed=seed)
    advance(session, moves, level="random")
    return json.loads(json.dumps(session.record()))


def _raw_record(record: dict, key: str, raw_value: str) -> bytes:
    """The record with ``key``'s value written as raw JSON text (values json.dumps refuses)."""
    text = json.dumps({**record, key: "@@RAW@@"})
    return text.replace('"@@RAW@@"', raw_value).encode("utf-8")


def save_cases(seed: int = 19, swaps_per_game: int = 8) -> list[Case]:
    rng = random.Random(seed)
    cases: list[Case] = []
    for game in all_games():
        record = real_record(game)
        raw = json.dumps(record).encode("utf-8")

        def add(label: str, content: bytes, game: str = game) -> None:
            cases.append(Case(f"save:{game}:{label}", "save", game, content))

        add("intact", raw)
        add("game-unhashable", json.dumps({**record, "game": [[]]}).encode())
        add("game-number", json.dumps({**record, "game": 5}).encode())
        add("game-unknown", json.dumps({**record, "game": "chess"}).encode())
        add("meta-seats-5", json.dumps({**record, "meta": {**record["meta"], "seats": 5}}).encode())
        add("meta-players-99", json.dumps({**record, "meta": {**record["meta"], "players": 99}}).encode())
        add("meta-variant-path", json.dumps({**record, "meta": {**record["meta"], "variant": "../../x"}}).encode())
        add("meta-options-list", json.dumps({**record, "meta": {**record["meta"], "options": {"a": [1]}}}).encode())
        add("meta-seat-level", json.dumps({**record, "meta": {**record["meta"], "seats": [
            {"kind": "ai", "level": "genius"}] * len(record["meta"]["seats"])}}).encode())
        add("seed-5000-digits", _raw_record(record, "seed", "9" * 5000))
        add("seed-huge", json.dumps({**record, "seed": 10**40}).encode())
        add("seed-negative", json.dumps({**record, "seed": -7}).encode())
        add("seed-nan", _raw_record(record, "seed", "NaN"))
        add("initial-infinity", _raw_record(record, "initial", "Infinity"))
        add("nested-100000", _raw_record(record, "initial", "[" * 100_000 + "]" * 100_000))
        add("nested-60", _raw_record(record, "initial", "[" * 60 + "]" * 60))
        add("moves-5", json.dumps({**record, "moves": 5}).encode())
        add("moves-nested", json.dumps({**record, "moves": [[]]}).encode())
        add("moves-swapped", json.dumps({**record, "moves": [[m[1], m[0]] for m in record["moves"]]}).encode())
        add("move-text-unicode", json.dumps({**record, "moves": record["moves"][:3] + [[0, "漢字 ‮"]]}).encode())
        add("moves-huge-seat", json.dumps({**record, "moves": [[10**30, "x"]]}).encode())
        add("unicode-everywhere", json.dumps({**record, "meta": {**record["meta"], "variant": "ünï"}},
                                             ensure_ascii=False).encode())
        add("bom", b"\xef\xbb\xbf" + raw)
        add("crlf-pretty", json.dumps(record, indent=2).replace("\n", "\r\n").encode())
        add("truncated", raw[: rng.randrange(1, len(raw))])
        add("flip-1", _flip(rng, raw, 1))
        add("flip-16", _flip(rng, raw, 16))
        add("not-json", b"this is not a save\n")
        add("empty", b"")
        add("top-list", b"[1, 2, 3]")
        add("utf16", json.dumps(record).encode("utf-16"))
        for kind, name in ((int, "ints"), (str, "strings"), (list, "lists"), (dict, "mappings"), (bool, "bools")):
            swapped = {k: _swap_all(v, kind, _other_type(rng, kind())) for k, v in record.items()}
            add(f"every-{name}-swapped", json.dumps(swapped).encode())  # the header's keys kept
        paths = _paths(record)
        named = [p for p in paths if len(p) == 1 or p[0] == "meta" and len(p) == 2]  # every header field
        deeper = [p for p in paths if p not in named]
        for path in named + rng.sample(deeper, min(swaps_per_game, len(deeper))):
            old = record
            for part in path:
                old = old[part]
            new = _other_type(rng, old)
            try:
                content = json.dumps(_replace(record, path, new)).encode()
            except ValueError:  # a value json.dumps cannot write (10**400): skip
                continue
            add("swap-" + ".".join(map(str, path))[:50], content)
    for game in all_games():
        for special in SPECIALS:
            cases.append(Case(f"save:{game}:{special}", "save", game, special=special))
    return cases

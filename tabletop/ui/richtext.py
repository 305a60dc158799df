"""Just enough Markdown for the rules screens: ``# headings``, paragraphs, ``- lists``, ``1. numbered
lists`` and ``**bold**`` runs (``*emphasis*`` is shown plain: the bundled font has no italic).

Plain text (results, errors) keeps every line break (a line starting ``# `` is still a heading, never
a raw ``#``); Markdown (text starting with ``#``) joins the
lines of a paragraph and wraps them to the width, as a reader expects.
"""

from __future__ import annotations

import re

import pygame

from tabletop.ui import draw, theme

Run = tuple[str, bool]  # text, bold
Line = tuple[list[Run], bool]  # runs, is a heading

_BOLD = re.compile(r"\*\*(.+?)\*\*")
_NUMBERED = re.compile(r"(\d+)\.\s+(.*)")
_EMPHASIS = re.compile(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])")


def _runs(text: str) -> list[Run]:
    text = text.replace("`", "")
    runs: list[Run] = []
    last = 0
    for match in _BOLD.finditer(text):
        if match.start() > last:
            runs.append((text[last:match.start()], False))
        runs.append((match.group(1), True))
        last = match.end()
    if last < len(text):
        runs.append((text[last:], False))
    return [(_EMPHASIS.sub(r"\1", part), bold) for part, bold in runs]


def blocks(text: str) -> list[tuple[str, str]]:
    """(kind, text) blocks: 'heading', 'item', 'para' or 'break' (an empty line)."""
    if not text.lstrip().startswith("#"):  # plain text: every line stays; "# " lines are headings
        return [("heading", line.lstrip("#").strip()) if line.startswith("# ") else
                ("para", line) if line.strip() else ("break", "") for line in text.split("\n")]
    out: list[tuple[str, str]] = []
    current: list[str] = []
    kind = "para"

    def flush() -> None:
        nonlocal current
        if current:
            out.append((kind, " ".join(current)))
        current = []

    for raw in text.split("\n"):
        line = raw.strip()
        if not line:
            flush()
            out.append(("break", ""))
        elif line.startswith("#"):
            flush()
            out.append(("heading", line.lstrip("#").strip()))
        elif line.startswith(("- ", "* ")):
            flush()
            kind = "item"
            current = ["-  " + line[2:].strip()]
        elif numbered := _NUMBERED.match(line):
            # "1. …" starts an item of its own: joined to the paragraph, Captain Flip's five steps
            # ran on behind their heading as one block of text ("Your turn 1. A tile… 2. Keep…")
            flush()
            kind = "item"
            current = [f"{numbered.group(1)}. {numbered.group(2)}"]
        else:
            if not current:
                kind = "para"
            current.append(line)
    flush()
    while out and out[-1][0] == "break":
        out.pop()
    return out


def layout(text: str, size: int, width: int) -> list[Line]:
    """Wrap ``text`` into lines of runs that fit ``width`` pixels."""
    lines: list[Line] = []
    for kind, body in blocks(text):
        if kind == "break":
            if lines and lines[-1][0]:
                lines.append(([], False))
            continue
        heading = kind == "heading"
        line: list[Run] = []
        used = 0
        indent = theme.font(size).size("-  ")[0] if kind == "item" else 0
        for word in _fitting(_words(body), size, heading, width - indent):
            if line and used + _width(word, size, heading) > width:
                lines.append((line, heading))
                line, used = [("   ", False)] if indent else [], indent
            if used <= indent:
                word = [(word[0][0].lstrip(), word[0][1]), *word[1:]]
            line.extend(word)
            used += _width(word, size, heading)
        lines.append((line, heading))
    return lines


def _words(body: str) -> list[list[Run]]:
    """The words of a paragraph, each with the spaces after it, as the runs it is made of: a word
    that runs across a style change (``**bold**,`` — the comma is plain) stays one word, so
    punctuation right after a bold run is never wrapped to the next line alone."""
    words: list[list[Run]] = []
    for chunk, bold in _runs(body):
        for piece in re.findall(r"\s*\S+\s*|\s+", chunk):  # spaces stay with their word
            if words and not piece[:1].isspace() and not words[-1][-1][0][-1:].isspace():
                words[-1].append((piece, bold))
            else:
                words.append([(piece, bold)])
    return words


def _fitting(words: list[list[Run]], size: int, heading: bool, width: int) -> list[list[Run]]:
    """The words, each wider than ``width`` cut into pieces that fit (after a "/", "-", "_" or "."
    where one fits, as :func:`theme.wrap` cuts a log line): a long path in an error (a board file
    deep in a folder) ran past the card's edge and out of the window, its line and column with it."""
    out: list[list[Run]] = []
    for word in words:
        if width <= 0 or _width(word, size, heading) <= width:
            out.append(word)
            continue
        for text, bold in word:  # each run on its own (a word is one run but for a bold part)
            f = theme.font(size, bold or heading)
            while f.size(text.rstrip())[0] > width and len(text.rstrip()) > 1:
                head = theme.longest_head(text, f, width)
                out.append([(head, bold)])
                text = text[len(head):]
            if text:
                out.append([(text, bold)])
    return out


def _width(word: list[Run], size: int, heading: bool) -> int:
    return sum(theme.font(size, bold or heading).size(text)[0] for text, bold in word)


def draw_lines(surface: pygame.Surface, lines: list[Line], pos: tuple[int, int], size: int,
               colour=theme.INK, box: pygame.Rect | None = None) -> None:
    """``box``: the area the lines were wrapped for (a word wider than it spills out: audits see it)."""
    x0, y = pos
    line_h = theme.font(size).get_linesize()
    for runs, heading in lines:
        x = x0
        for text, bold in runs:
            rect = draw.text(surface, text, (x, y), size, colour, bold=bold or heading, box=box)
            x = rect.right
        y += line_h

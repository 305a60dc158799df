"""PyYAML's syntax errors in plain words: what is wrong at that place and what to write instead.

PyYAML says "mapping values are not allowed here" or "expected <block end>, but found '-'": its
parser's words, which a person editing a board cannot act on. Each shape of its messages that a
hand edit produces is turned here into a :class:`Phrase` (so the app says it in Russian too), and
the place is moved to where the mistake is (the key without a colon, the quote never closed, the
bracket never closed) when PyYAML noticed it later. No pygame.
"""

from __future__ import annotations

import re

import yaml

from tabletop.layout.phrase import Phrase

_CLOSING = {"[": "]", "{": "}"}
_FOUND_CHAR = re.compile(r"found character '(.+)' that cannot start any token")


def plain_words(exc: yaml.MarkedYAMLError, text: str) -> tuple[Phrase, int, int]:
    """(what is wrong, line, column), 1-based, for one PyYAML syntax error in ``text``."""
    mark = exc.problem_mark or exc.context_mark
    line, column = (mark.line + 1, mark.column + 1) if mark else (1, 1)
    opened = exc.context_mark
    at_open = (opened.line + 1, opened.column + 1) if opened is not None else (line, column)
    problem, context = exc.problem or "", exc.context or ""
    if "'\\t'" in problem or "\t" in problem:
        return _tab(text, mark), line, column
    if problem.startswith("a second YAML document"):
        return Phrase(problem), line, column
    if "flow" in context:
        return _unclosed(exc, text, line, column)
    if "quoted scalar" in context and "end of stream" in problem:
        quote = _char_at(text, opened) or '"'
        return Phrase("this quote is never closed; add the closing {quote} where the text ends",
                      quote=quote), *at_open
    return _by_problem(problem, context, line, column, at_open)


def _by_problem(problem: str, context: str, line: int, column: int,
                at_open: tuple[int, int]) -> tuple[Phrase, int, int]:
    """The messages recognised by their own words (the place stays where PyYAML saw it, but for
    a key without a colon: that is the key's line)."""
    if problem == "mapping values are not allowed here":
        return Phrase("a ': ' here is not allowed inside a value; put the value in quotes, or give each "
                      "key its own line"), line, column
    if problem == "could not find expected ':'":
        return Phrase("this line has no ':' after its key; write it as 'key: value'"), *at_open
    found = _FOUND_CHAR.fullmatch(problem)
    if found:
        return _cannot_start(found.group(1)), line, column
    if problem.startswith("expected <block end>"):
        return _block_end(problem, context), line, column
    if problem.startswith("found undefined alias"):
        return _cannot_start("*"), line, column
    if problem.startswith("found unknown escape character"):
        return Phrase("a backslash in double quotes starts an escape such as \\n; write \\\\ for a backslash, "
                      "or use single quotes"), line, column
    if "anchor" in context or "alias" in context or "tag" in context:
        return _cannot_start("&" if "anchor" in context else "*" if "alias" in context else "!"), *at_open
    if problem.startswith("expected '<document start>'"):
        return Phrase("this line is outside the board's YAML (after a '...' or '%' line); remove that line"), \
            line, column
    return Phrase("this line is not valid YAML; compare it with the lines around it"), line, column


def _cannot_start(char: str) -> Phrase:
    """A character YAML reads as its own syntax (an anchor, alias, tag, reserved mark) at a value's start."""
    return Phrase("a value cannot start with {char} in YAML; put the value in quotes", char=f"'{char}'")


def _block_end(problem: str, context: str) -> Phrase:
    """``expected <block end>, but found X``: a line that does not fit the indentation above."""
    if problem.endswith("'-'"):
        return Phrase("a list item ('- ') where a 'key: value' line was expected; check its indentation")
    if problem.endswith("'?'") or "collection" in context:
        return Phrase("a 'key: value' line inside a list; start it with '- ' or line it up with the keys above")
    if problem.endswith("']'") or problem.endswith("'}'"):
        return Phrase("this {char} closes a bracket that was never opened; remove it", char=problem[-3:])
    if problem.endswith("'<scalar>'"):
        return Phrase("more text after the value; put the whole value in quotes")
    return Phrase("this line is indented differently from the lines above it; line up the keys of one "
                  "mapping in the same column")


def _tab(text: str, mark: yaml.Mark | None) -> Phrase:
    before = _line_text(text, mark.line)[: mark.column] if mark else ""
    if before.strip(" \t"):
        return Phrase("a tab character after a value is not allowed here in YAML; remove it or use spaces")
    return Phrase("a tab character is not allowed for indentation in YAML; use spaces")


def _unclosed(exc: yaml.MarkedYAMLError, text: str, line: int, column: int) -> tuple[Phrase, int, int]:
    """A '[' or '{' left open: the place is the bracket, not where the parser gave up (the end of
    the file, or the next line's key)."""
    at_end = "<stream end>" in (exc.problem or "")
    opened = _open_bracket(text, exc.problem_mark.index if exc.problem_mark else len(text)) if at_end else None
    if opened is None and not at_end and exc.context_mark is not None:
        opened = (exc.context_mark.line + 1, exc.context_mark.column + 1, _char_at(text, exc.context_mark))
    if opened is None or opened[2] not in _CLOSING:
        return Phrase("the file ends inside a list or mapping; a closing ']' or '}' is missing"), line, column
    o_line, o_column, bracket = opened
    if at_end:
        return Phrase("this '{bracket}' is never closed; add a '{closing}' where it ends (the file ends first)",
                      bracket=bracket, closing=_CLOSING[bracket]), o_line, o_column
    if line == o_line:  # '{b: [1, 2}': the list is left open before the line's next bracket
        return Phrase("this '{bracket}' is never closed; add a '{closing}' where it ends on this line",
                      bracket=bracket, closing=_CLOSING[bracket]), o_line, o_column
    return Phrase("this '{bracket}' is never closed; add a '{closing}' where it ends (line {line} is still inside it)",
                  bracket=bracket, closing=_CLOSING[bracket], line=line), o_line, o_column


def _open_bracket(text: str, end: int) -> tuple[int, int, str] | None:
    """(line, column, bracket) of the innermost '[' or '{' still open at ``end``, skipping quoted
    text and comments (None when every bracket is closed)."""
    stack: list[int] = []
    i, quote = 0, ""
    while i < min(end, len(text)):
        ch = text[i]
        if quote:
            if ch == "\\" and quote == '"':
                i += 1
            elif ch == quote:
                quote = ""
        elif ch in "'\"" and (i == 0 or text[i - 1] in " \t\n[{,:"):  # a quote opens only at a value's start
            quote = ch
        elif ch == "#" and (i == 0 or text[i - 1] in " \t\n"):
            i = text.find("\n", i)
            i = len(text) if i < 0 else i
            continue
        elif ch in "[{":
            stack.append(i)
        elif ch in "]}" and stack:
            stack.pop()
        i += 1
    if not stack:
        return None
    at = stack[-1]
    start = text.rfind("\n", 0, at) + 1
    return text.count("\n", 0, at) + 1, at - start + 1, text[at]


def _char_at(text: str, mark: yaml.Mark | None) -> str:
    if mark is None or mark.index >= len(text):
        return ""
    return text[mark.index]


def _line_text(text: str, index: int) -> str:
    """Line ``index`` (0-based) of ``text``, found without splitting a megabyte into lines."""
    start = 0
    for _ in range(index):
        start = text.find("\n", start) + 1
        if start == 0:
            return ""
    end = text.find("\n", start)
    return text[start:] if end < 0 else text[start:end]

"""Pieces shared by the four games' position notations (``docs/notation.md``). No pygame.

Why shared: the notations agree in shape (space-separated words, the positional words first, then
``key:value`` words in any order, each key once, options at their default left out), so reading
the words, refusing a repeated or unknown key and naming the bad word in an error is written once.
A game's own module (``games/<game>/notation.py``) knows what the words mean.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from tabletop.core.errors import StateError
from tabletop.i18n import tr


def words(text: Any, game: str, positional: int) -> tuple[list[str], list[str]]:
    """``text`` split into its first ``positional`` words and the rest; StateError if it is not
    text or is too short."""
    if not isinstance(text, str):
        raise StateError(tr("a {game} position must be text", game=tr(game)))
    parts = text.split()
    if len(parts) < positional:
        raise StateError(tr("a {game} position starts with {positional} words; got {got}", game=tr(game),
                            positional=positional, got=len(parts)))
    return parts[:positional], parts[positional:]


def keyed(tokens: Iterable[str], known: Iterable[str]) -> dict[str, str]:
    """``key:value`` words by key. A word without a known key, or a key given twice, is an error
    naming that word."""
    allowed = set(known)
    found: dict[str, str] = {}
    for token in tokens:
        key, colon, value = token.partition(":")
        if not colon or key not in allowed:
            raise StateError(tr("cannot read {token} (the keys are {keys})", token=repr(token),
                                keys=", ".join(sorted(allowed))))
        if key in found:
            raise StateError(tr("{token}: {key}: is given twice", token=repr(token), key=key))
        found[key] = value
    return found


def number(text: str, token: str, low: int, high: int, what: str) -> int:
    """A whole number ``low``..``high`` written in ``token``; the error names the token and says
    ``what`` the number is, an English phrase (a literal: the catalogues' test finds it) that is
    translated here, as every notation message is where it is raised."""
    if not text.isdigit() or not low <= int(text) <= high:
        raise StateError(tr("{token}: {what} must be a whole number from {low} to {high}", token=repr(token),
                            what=tr(what), low=low, high=high))
    return int(text)


def variant_of(text: str) -> str | None:
    """The ``variant:`` word of any game's notation (None without one): the app loads the board of
    that variant before it reads the rest of the position on it."""
    for token in text.split():
        if token.startswith("variant:"):
            return token[len("variant:"):]
    return None

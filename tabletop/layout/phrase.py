"""A board file's message as a template and its values, so the app and ``tabletop
check-boards`` can say it in the language chosen (``str()`` is the English). No pygame."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


class Phrase:
    """What is wrong, to be said in the language of the moment: an English template (the
    catalogue's key, as ``tr`` takes it) and the values it is filled with, which may be phrases
    too (``got {got}`` with ``got`` = ``the number {n}``). ``str()`` is the English text."""

    __slots__ = ("template", "values")

    def __init__(self, template: str, /, **values: Any) -> None:
        self.template = template
        self.values = values

    def say(self, translate: Callable[..., str] | None = None) -> str:
        """The text, each template passed through ``translate`` (``tr``); English without it."""
        values = {k: v.say(translate) if isinstance(v, Phrase) else v for k, v in self.values.items()}
        if translate is not None:
            return translate(self.template, **values)
        return self.template.format(**values) if values else self.template

    def __str__(self) -> str:
        return self.say()

    def __repr__(self) -> str:
        return f"Phrase({self.template!r}, {self.values!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Phrase) and (self.template, self.values) == (other.template, other.values)

    def __hash__(self) -> int:
        return hash((self.template, tuple(self.values.items())))

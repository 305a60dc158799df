"""Interface text in English and Russian. No pygame (the rules' log sentences use it too).

The English sentence is the key: ``tr("Roll")`` gives "Бросить" when Russian is chosen, and any
sentence without a translation falls back to English. Sentences with values are templates:
``tr("{name} wins.", name=...)`` — the template, not the filled text, is looked up, so keys stay
static and a test can list every key that has no translation.

Catalogues are YAML mappings English → translation: ``tabletop/locale/<lang>.yaml`` for the frame
(``en.yaml`` gives readable names to ids such as option values),
and ``tabletop/games/<game>/locale/<lang>.yaml`` for each game (its scene, log, effect texts).
Rules summaries are ``summary.<lang>.md`` beside ``summary.md``.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path

import yaml

from tabletop import PACKAGE_DIR

LANGUAGES = {"en": "English", "ru": "Русский"}
_current = "en"


def set_language(lang: str) -> None:
    global _current
    _current = lang if lang in LANGUAGES else "en"


def language() -> str:
    return _current


@contextmanager
def in_language(lang: str) -> Iterator[None]:
    """``tr`` in ``lang`` for a moment (a text kept for later in every language, as the menu's
    last result is, so it reads right after the language is changed). Main thread only."""
    before = _current
    set_language(lang)
    try:
        yield
    finally:
        set_language(before)


def catalogue_files(lang: str) -> list[Path]:
    files = [PACKAGE_DIR / "locale" / f"{lang}.yaml"]
    files += sorted((PACKAGE_DIR / "games").glob(f"*/locale/{lang}.yaml"))
    return [f for f in files if f.is_file()]


@cache
def catalogue(lang: str) -> dict[str, str]:
    """Every translation of ``lang`` (empty for English). Package files, read once."""
    merged: dict[str, str] = {}
    for path in catalogue_files(lang):
        data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        if isinstance(data, dict):
            merged.update({str(k): str(v) for k, v in data.items() if v is not None})
    return merged


def tr(text: str, **values: object) -> str:
    """``text`` in the current language, with ``values`` filled in."""
    translated = catalogue(_current).get(text, text)
    if values:
        try:
            return translated.format(**values)
        except (KeyError, IndexError, ValueError):
            return text.format(**values)
    return translated



def plural(n: int, one: str, few: str, many: str) -> str:
    """The form of a counted phrase that goes with ``n``, the three given already translated
    (``tr("{n} chick", n=n)``, ``tr("{n} chicks (2–4)", n=n)``, ``tr("{n} chicks", n=n)``). Russian
    has three: ``one`` for 1, 21, 31… (not 11), ``few`` for 2–4, 22–24… (not 12–14), ``many`` for
    the rest (0, 5–20, 25…); English two: ``one`` for 1, ``many`` for every other number."""
    if _current != "ru":
        return one if n == 1 else many
    if n % 10 == 1 and n % 100 != 11:
        return one
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return few
    return many


def and_list(items: list[str]) -> str:
    """ "3, 3, 3 and 3": a list as a sentence says it (not "3 and 3 and 3 and 3")."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + tr(" and ") + items[-1]


def rules_text(spec: object) -> str:
    """A game's rules summary in the current language (English when there is no translation)."""
    if _current != "en":
        game_dir = PACKAGE_DIR / "games" / str(getattr(spec, "id", ""))
        path = game_dir / f"summary.{_current}.md"
        if path.is_file():
            return path.read_text(encoding="utf-8")
    return str(getattr(spec, "rules_summary", "")) or tr("(no summary)")


def tr_value(value: str) -> str:
    """An option value for display: lists like ``red,yellow`` or ``red+blue`` part by part."""
    for sep in (",", "+"):
        if sep in value:
            return sep.join(tr(part) for part in value.split(sep))
    return tr(value)

"""Languages: every key the program looks up has a Russian translation (the test lists the
missing ones), translations keep the placeholders, unknown languages fall back to English, and the
menu and every game render in Russian."""

import re

import pytest
from i18n_keys import dynamic_keys, literal_keys

from tabletop import i18n
from tabletop.games import all_games

PLACEHOLDER = re.compile(r"\{[a-z_]+\}")


def _needs_translation(key: str) -> bool:
    return bool(re.search(r"[A-Za-z]", key)) and not re.fullmatch(r"[a-z]+([,+][a-z]+)+", key)


def test_every_key_has_a_russian_translation():
    ru = i18n.catalogue("ru")
    keys = {**dynamic_keys(), **literal_keys()}
    missing = sorted(f"{where}: {key!r}" for key, where in keys.items() if _needs_translation(key) and key not in ru)
    assert missing == [], "untranslated keys:\n" + "\n".join(missing)


def test_translations_keep_their_placeholders():
    for lang in ("ru", "en"):
        for key, value in i18n.catalogue(lang).items():
            assert sorted(PLACEHOLDER.findall(key)) == sorted(PLACEHOLDER.findall(value)), (lang, key)


def test_fallback_and_templates():
    try:
        i18n.set_language("xx")
        assert i18n.language() == "en"
        assert i18n.tr("{name} wins.", name="Ann") == "Ann wins."
        i18n.set_language("ru")
        assert i18n.tr("{name} wins.", name="Аня") == "Побеждает Аня."
        assert i18n.tr("a sentence nobody translated") == "a sentence nobody translated"
        assert i18n.tr_value("red,yellow") == "красный,жёлтый"
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("game_id", ["menu", *all_games()])
def test_renders_in_russian(game_id, tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_DATA", str(tmp_path))
    from argparse import Namespace

    from tabletop.screenshot import render_scene

    args = Namespace(players=None, seats=None, variant=None, option=[], seed=2)
    try:
        render_scene(game_id, tmp_path / "ru.png", (1024, 600), 10, args, lang="ru")
    finally:
        i18n.set_language("en")
    assert (tmp_path / "ru.png").stat().st_size > 10_000

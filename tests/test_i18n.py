"""Languages: every key the program looks up has a Russian translation (the test lists the
missing ones), translations keep the placeholders, unknown languages fall back to English, and the
menu and every game render in Russian."""

import re

import pytest
from i18n_keys import board_message_keys, dynamic_keys, literal_keys

from tabletop import i18n
from tabletop.games import all_games

PLACEHOLDER = re.compile(r"\{[a-z_]+\}")


def _needs_translation(key: str) -> bool:
    return bool(re.search(r"[A-Za-z]", key)) and not re.fullmatch(r"[a-z]+([,+][a-z]+)+", key)


def test_every_key_has_a_russian_translation():
    ru = i18n.catalogue("ru")
    keys = {**dynamic_keys(), **literal_keys(), **board_message_keys()}
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


def _ui_strings():
    """Every string a person may read: catalogues, rules summaries, and string constants in the
    code (docstrings excluded)."""
    import ast
    from pathlib import Path

    import tabletop

    pkg = Path(tabletop.__file__).resolve().parent
    for path in [*pkg.rglob("locale/*.yaml"), *pkg.rglob("summary*.md")]:
        yield str(path.relative_to(pkg)), path.read_text(encoding="utf-8")
    for path in pkg.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                      if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
                      and node.body and isinstance(node.body[0], ast.Expr)
                      and isinstance(node.body[0].value, ast.Constant)}
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
                yield f"{path.relative_to(pkg)}:{node.lineno}", node.value


def test_the_font_has_a_glyph_for_every_character_shown():
    """The bundled font has no arrows or bullets: such a character would show as an empty box."""
    import pygame

    pygame.font.init()
    font = pygame.font.Font(None, 30)

    def image(ch):
        surf = font.render(ch, True, (0, 0, 0), (255, 255, 255))
        return pygame.image.tobytes(surf, "RGB"), surf.get_size()

    missing_glyph = image("\ue000")
    drawable: dict[str, bool] = {}
    boxes = []
    for where, text in _ui_strings():
        for ch in sorted({c for c in text if ord(c) > 126}):
            if ch not in drawable:
                drawable[ch] = image(ch) != missing_glyph
            if not drawable[ch]:
                boxes.append(f"{where}: {ch!r} (U+{ord(ch):04X})")
    assert boxes == [], "characters the font cannot draw:\n" + "\n".join(boxes)


def test_no_two_catalogues_translate_the_same_sentence_differently():
    """All catalogues merge into one: a sentence two games translate differently would silently
    take the last one's words in both games."""
    import yaml

    for lang in ("ru", "en"):
        seen: dict[str, tuple[str, str]] = {}
        clashes = []
        for path in i18n.catalogue_files(lang):
            data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
            for key, value in data.items():
                if key in seen and seen[key][0] != value:
                    clashes.append(f"{key!r}: {seen[key][1]} says {seen[key][0]!r}, {path.parent.parent.name} says {value!r}")
                seen.setdefault(key, (value, path.parent.parent.name))
        assert clashes == [], "\n".join(clashes)


def test_no_catalogue_gives_one_sentence_twice():
    """A key given twice silently keeps the last translation: merges must not leave both."""
    import yaml

    class Strict(yaml.SafeLoader):
        pass

    def mapping(loader, node):
        keys = [loader.construct_object(k) for k, _ in node.value]
        twice = sorted({k for k in keys if keys.count(k) > 1})
        assert not twice, f"{node.start_mark.name}: given twice: {twice}"
        return loader.construct_mapping(node)

    Strict.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, mapping)
    for lang in ("en", "ru"):
        for path in i18n.catalogue_files(lang):
            with open(path, encoding="utf-8") as handle:
                yaml.load(handle, Loader=Strict)


FIELD = re.compile(r"\b[Пп]ол(?:е|я|ю|ем|ей|ях|ям|ями)\b")


def test_captain_flip_calls_its_boards_planshet_in_russian():
    """The Russian rules call a captain's board «планшет»; «поле» is Chicken Chase's hill field.
    Captain Flip's own texts, its boards' names (log, menu, Continue) and the board-file texts every
    game shows never say «поле»."""
    spec = all_games()["captain_flip"]
    with i18n.in_language("ru"):
        boards = [i18n.tr(v.label) for v in spec.all_variants(None)]
        shared = [i18n.tr(key) for key in (
            "The board file has errors", "The last good board stays in use until the file is fixed.",
            "Board updated from the edited file.", "Board edited", "No picture of this board.",
            "The expansion board: three bonuses need a column of one character or of all different ones.",
            "The board's rules changed; the edit applies from the next game.")]
        summary = i18n.rules_text(spec)
    assert boards and all(name.startswith("Планшет ") for name in boards), boards
    own = (i18n.PACKAGE_DIR / "games" / "captain_flip" / "locale" / "ru.yaml").read_text(encoding="utf-8")
    said = [line for line in [*own.splitlines(), *boards, *shared, *summary.splitlines()] if FIELD.search(line)]
    assert said == []


def test_captain_flip_calls_a_column_stolbets_in_russian():
    """The rules, the log and the board say «столбец» for a column ("в столбец 5", "бонус
    столбца"); the result card's heading said «Бонусы колонок» beside them. Captain Flip's texts
    and rules never say «колонка»."""
    spec = all_games()["captain_flip"]
    own = (i18n.PACKAGE_DIR / "games" / "captain_flip" / "locale" / "ru.yaml").read_text(encoding="utf-8")
    with i18n.in_language("ru"):
        summary = i18n.rules_text(spec)
    said = [line for line in [*own.splitlines(), *summary.splitlines()] if re.search(r"[Кк]олон[ко]", line)]
    assert said == []


def test_the_forced_moves_setting_says_what_it_does_in_russian():
    with i18n.in_language("ru"):
        assert i18n.tr("Forced moves play themselves") == "Делать вынужденные ходы автоматически"


def test_the_result_cards_look_button_says_what_it_does_in_russian():
    """The button closes the card and shows the finished board: «Показать поле», not the
    literal «Посмотреть на поле» (which reads as "look onto the field")."""
    with i18n.in_language("ru"):
        assert i18n.tr("Look at the board") == "Показать поле"

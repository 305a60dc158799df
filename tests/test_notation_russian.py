"""A bad position text is said in the language chosen: every reason the notation modules give
(``tabletop/core/notation.py`` and each game's ``notation.py``) goes through the locale where it is
raised, and has its Russian. The catalogue test reads the modules themselves, so a new English
message without Russian (or raised without ``tr``) fails here."""

import ast
import string

import pytest
from test_cli_russian import _exit_2

from tabletop import PACKAGE_DIR
from tabletop.i18n import catalogue, language

MODULES = [PACKAGE_DIR / "core" / "notation.py", *sorted((PACKAGE_DIR / "games").glob("*/notation.py"))]
CHECKS = [  # the checks a position read from text meets next: every reason through tr there too
    (PACKAGE_DIR / "games" / "trap_the_cap" / "rules.py", "validate"),
    (PACKAGE_DIR / "games" / "chicken_chase" / "stateio.py", "_check"),
]
TRANSLATED = [PACKAGE_DIR / "games" / "captain_flip" / "state_json.py"]  # some reasons: their tr texts


def _name(node: ast.AST) -> str:
    return node.id if isinstance(node, ast.Name) else node.attr if isinstance(node, ast.Attribute) else ""


def _templates(node: ast.AST, where: str) -> list[str]:
    """The English templates an error's text is made of: ``tr("...")``, or a choice between such."""
    if isinstance(node, ast.IfExp):
        return _templates(node.body, where) + _templates(node.orelse, where)
    assert isinstance(node, ast.Call) and _name(node.func) == "tr", f"{where}: a StateError raised without tr"
    first = node.args[0]
    assert isinstance(first, ast.Constant) and isinstance(first.value, str), f"{where}: tr of a non-literal"
    return [first.value]


def _trees() -> list[tuple[object, ast.AST, bool]]:
    """(path, tree, whether every StateError in it must go through tr)."""
    out: list[tuple[object, ast.AST, bool]] = []
    for path in MODULES + TRANSLATED:
        out.append((path, ast.parse(path.read_text(encoding="utf-8")), path in MODULES))
    for path, function in CHECKS:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        defs = [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef) and n.name == function]
        assert len(defs) == 1, f"{path}: no single {function}()"
        out.append((path, defs[0], True))
    return out


def notation_messages() -> dict[str, str]:
    """Every template the notation modules (and the checks after them) raise or say, with where it
    is (file:line)."""
    found: dict[str, str] = {}
    for path, tree, strict in _trees():
        for node in ast.walk(tree):
            where = f"{path.relative_to(PACKAGE_DIR)}:{getattr(node, 'lineno', 0)}"
            if strict and isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call) and _name(node.exc.func) == "StateError":
                assert node.exc.args, f"{where}: a StateError without a message"
                for text in _templates(node.exc.args[0], where):
                    found.setdefault(text, where)
            elif isinstance(node, ast.Call) and _name(node.func) == "tr":
                assert all(k.arg != "text" for k in node.keywords), f"{where}: tr's own argument is text"
                if isinstance(node.args[0], ast.Constant):
                    found.setdefault(node.args[0].value, where)
            elif isinstance(node, ast.Call) and _name(node.func) == "number" and len(node.args) == 5:
                what = node.args[4]  # what the number is: number() translates it
                assert isinstance(what, ast.Constant), f"{where}: number()'s what is not a literal"
                found.setdefault(what.value, where)
    return found


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_the_scan_sees_the_notation_messages():
    messages = notation_messages()
    assert len(messages) > 80
    assert "{token}: {key}: is given twice" in messages  # core
    assert "the position has no boards: word" in messages  # Captain Flip
    assert "the turn limit" in messages  # a number()'s what
    assert "two hens stand on field {field}" in messages  # Chicken Chase's check of a position


def test_every_notation_message_has_its_russian_with_the_same_values():
    ru = catalogue("ru")
    missing = [f"{where}: {text!r}" for text, where in notation_messages().items() if text not in ru]
    assert not missing, "no Russian for:\n" + "\n".join(missing)
    wrong = [f"{where}: {text!r}" for text, where in notation_messages().items() if _fields(ru[text]) != _fields(text)]
    assert not wrong, "the Russian fills in other values than the English:\n" + "\n".join(wrong)


@pytest.fixture(autouse=True)
def data(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_DATA", str(tmp_path / "data"))


BAD_POSITIONS = [
    ("plakoto", "w - 1:b15 25:w15 off:w0,b0", "пункт 25 в '25:w15': пункты — с 1 по 24",
     "point 25 in '25:w15': points are 1 to 24"),
    ("plakoto", "x - off:w0,b0", "непонятно, кто ходит: 'x'; ожидалось w, b, opening, next или over",
     "unknown side 'x': expected w, b, opening, next or over"),
    ("plakoto", "w 65/4 24:w15 1:b15 off:w0,b0", "кубики '65/4': после броска 6-5 не может остаться 4",
     "dice '65/4': 4 is not left from a roll of 6-5"),
    ("plakoto", "w - 24:w14 1:b15 off:w0,b0", "у белых фишек: 14; у каждого игрока их ровно 15",
     "White has 14 checkers; each player has exactly 15"),
    ("plakoto", "w - 24:w15 1:b14 off:w0,b0", "у чёрных фишек: 14; у каждого игрока их ровно 15",
     "Black has 14 checkers; each player has exactly 15"),
    ("plakoto", "b - 24:w15 1:b15 off:w0,b0 mother:wmb+",
     "mother:m у белых не сходится с пунктами (по ним выходит '+')",
     "mother:m for White does not match the points (they say '+')"),
    ("plakoto", "w - 24:w15 1:b15", "в позиции нет слова «off:w<n>,b<n>»", "the position has no 'off:w<n>,b<n>' token"),
    ("trap_the_cap", "red 9 home: locked: gold:-", "'9': кубик — нужно целое число от 1 до 6",
     "'9': the die must be a whole number from 1 to 6"),
    ("trap_the_cap", "purple 3 home: locked: gold:-",
     "'purple' — не цвет игрока: позиция начинается с цвета того, кто ходит",
     "'purple' is not a player colour: the position starts with the colour to move"),
    ("trap_the_cap", "red - home:red=red,red,red,pink locked: gold:-",
     "'home:red=red,red,red,pink': 'pink' — не цвет колпачка (red, green, yellow, blue или gold)",
     "'home:red=red,red,red,pink': 'pink' is not a cap colour (red, green, yellow, blue or gold)"),
    ("trap_the_cap", "red - home:red=red,red,red,red locked: gold:-",
     "колпачки в позиции есть у цветов: 1; играть должны от 2 до 4",
     "colours with caps in the position: 1; 2 to 4 must play"),
    ("trap_the_cap", "red - home:red=red,red,red,red;blue=blue,blue,blue,blue locked: gold:- round:x",
     "'round:x': круг — нужно целое число от 0 до 10000000",
     "'round:x': the round must be a whole number from 0 to 10000000"),
    ("captain_flip", "1 draw boards:-/-/-/-/- variant:A bag:3",
     "'bag:3' не сходится с планшетами (по ним в мешочке остаётся жетонов: 72)",
     "'bag:3' does not match the boards (they leave 72 tiles)"),
    ("captain_flip", "1 draw boards:Gx/-/-/-/- variant:A",
     "'boards:Gx/-/-/-/-': 'Gx' — не жетон (нужны две буквы из MGPCNTLRS, например Gm или GM)",
     "'boards:Gx/-/-/-/-': 'Gx' is not a tile (two letters of MGPCNTLRS, like Gm or GM)"),
    ("captain_flip", "1 draw variant:A", "в позиции нет слова boards:", "the position has no boards: word"),
    ("captain_flip", "3 draw boards:-/-/-/-/-;-/-/-/-/- variant:A", "'3': место того, чей ход — нужно целое число от 1 до 2",
     "'3': the seat whose turn it is must be a whole number from 1 to 2"),
    ("chicken_chase", "1 action hens:0,0/0,0 hands:1pink/-",
     "'hands:1pink/-': '1pink' — не карта (значение 1–8, затем колода: grey, brown, green, gold)",
     "'hands:1pink/-': '1pink' is not a card (value 1-8 then a deck id: grey, brown, green, gold)"),
    ("chicken_chase", "1 fly hens:0,0/0,0",
     "неизвестная фаза 'fly': ожидалось first, setup, action, roll1-3, place1-3, card, second1, second2 или over",
     "unknown phase 'fly': expected first, setup, action, roll1-3, place1-3, card, second1, second2 or over"),
    ("chicken_chase", "1 action hens:0,0/0,0 winner:1", "'winner:1' бывает только в законченной игре (фаза over)",
     "'winner:1' belongs to a finished game (phase over)"),
    ("chicken_chase", "1", "позиция игры «Драка в курятнике» начинается с 2 слов, а здесь слов: 1",
     "a Chicken Chase position starts with 2 words; got 1"),
    ("chicken_chase", "1 action hens:0,0/0,0 foo:1",
     "не удаётся прочитать 'foo:1' (ключи: blocked, card_rule, chicks, dice, discards, draws, feed, first, hands, "
     "hen, hens, reason, rolled, setup, turns, variant, view, winner)",
     "cannot read 'foo:1' (the keys are blocked, card_rule, chicks, dice, discards, draws, feed, first, hands, "
     "hen, hens, reason, rolled, setup, turns, variant, view, winner)"),
    ("chicken_chase", "1 action hens:0,0/0,0 turns:1 turns:2", "'turns:2': ключ turns: указан дважды",
     "'turns:2': turns: is given twice"),
    # read, but not a position the rules can reach
    ("chicken_chase", "1 action hens:3,3/0,0", "на поле 3 стоят две курицы", "two hens stand on field 3"),
    ("trap_the_cap", "red - R05:red+red+red+red+red home:blue=blue,blue,blue,blue locked: gold:-",
     "red: колпачков 5, а должно быть 4", "red has 5 caps; expected 4"),
    ("trap_the_cap", "red - home:red=red,red,red,blue;blue=blue,blue,blue,red locked: gold:-",
     "в домике-укрытии H_NE стоит blue; в домике бывают только свободные колпачки его цвета",
     "the hideout H_NE holds blue; a hideout only holds its own colour's free caps"),
    ("captain_flip", "1 place boards:-/-/-/-/- variant:A",
     "вытянутый жетон должен быть в руке тогда и только тогда, когда его оставляют, переворачивают или ставят",
     "a drawn tile must be in hand exactly while keeping/flipping or placing"),
]


@pytest.mark.parametrize("game,text,russian,english", BAD_POSITIONS, ids=[f"{g}-{i}" for i, (g, *_) in
                                                                          enumerate(BAD_POSITIONS)])
def test_a_bad_position_is_said_in_russian_and_stays_english_in_english(game, text, russian, english, capsys):
    """Through the real entry point: one line, exit 2, no traceback (``_exit_2``)."""
    assert _exit_2(["--lang", "ru", game, "--position", text], capsys) == [f"tabletop: --position: {russian}"]
    assert language() == "en"
    assert _exit_2(["--lang", "en", game, "--position", text], capsys) == [f"tabletop: --position: {english}"]


def test_plakoto_bearing_off_reads_as_russian_notation():
    """«5/снять» (an infinitive in a move's place) read oddly in the log, the hint and the review:
    a checker borne off is «5/снята», as «фишка снята с доски»."""
    from tabletop.games.plakoto.rules import Step
    from tabletop.games.plakoto.scene_legend import turn_text
    from tabletop.i18n import set_language, tr

    set_language("ru")
    assert tr("{point}/off", point=5) == "5/снята"
    line = tr("{name}: {point}/off, bearing a checker off", name="Чёрные", point=5)
    assert line.startswith("Чёрные: 5/снята") and "снять" not in line
    assert turn_text((Step(5, 0, 5), Step(6, 2, 4)), str) == "5/снята 6/2"

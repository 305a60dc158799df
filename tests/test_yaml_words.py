"""PyYAML's syntax errors reach a person in plain words, at the place of the mistake: each hand
edit below used to show PyYAML's own words ("mapping values are not allowed here", "could not
find expected ':'", "expected <block end>, but found '-'"...). Each keeps file:line:column and
says what to write instead, in English and in Russian."""

import pytest
import yaml

from tabletop.i18n import in_language, tr
from tabletop.layout import LayoutErrors
from tabletop.layout.yamlsrc import parse_yaml

HEAD = "layout_version: 1\n"
CASES = {  # text after the first line → (line:column, the English words after "YAML syntax: ")
    "name: a: b\n": ("2:8", "a ': ' here is not allowed inside a value; put the value in quotes, or give each key "
                            "its own line"),
    "name\nsize: 2\n": ("2:1", "this line has no ':' after its key; write it as 'key: value'"),
    "size:\n  a: 1\n b: 2\n": ("4:2", "this line is indented differently from the lines above it; line up the keys "
                                      "of one mapping in the same column"),
    "name: \"abc\nsize: 1\n": ("2:7", "this quote is never closed; add the closing \" where the text ends"),
    "name: 'abc\nsize: 1\n": ("2:7", "this quote is never closed; add the closing ' where the text ends"),
    "size: 1\n- 2\n": ("3:1", "a list item ('- ') where a 'key: value' line was expected; check its indentation"),
    "size:\n  - 1\n  b: 2\n": ("4:3", "a 'key: value' line inside a list; start it with '- ' or line it up with "
                                      "the keys above"),
    "name: @x\n": ("2:7", "a value cannot start with '@' in YAML; put the value in quotes"),
    "name: `x\n": ("2:7", "a value cannot start with '`' in YAML; put the value in quotes"),
    "name: *x\n": ("2:7", "a value cannot start with '*' in YAML; put the value in quotes"),
    "name: &\n": ("2:7", "a value cannot start with '&' in YAML; put the value in quotes"),
    "name: !<x\n": ("2:7", "a value cannot start with '!' in YAML; put the value in quotes"),
    "name: \"a\\q\"\n": ("2:10", "a backslash in double quotes starts an escape such as \\n; write \\\\ for a "
                                 "backslash, or use single quotes"),
    "size: [1, 2]]\n": ("2:13", "this ']' closes a bracket that was never opened; remove it"),
    "name: \"a\" b\n": ("2:11", "more text after the value; put the whole value in quotes"),
    "...\nname: 1\n": ("3:1", "this line is outside the board's YAML (after a '...' or '%' line); remove that line"),
    "points: {a: 1,\n": ("2:9", "this '{' is never closed; add a '}' where it ends (the file ends first)"),
    "name: '[x'  # a [ in a comment\nsize: [1,\n": ("3:7", "this '[' is never closed; add a ']' where it ends "
                                                             "(the file ends first)"),
    "size: [1200, 800\nnext: 1\n": ("2:7", "this '[' is never closed; add a ']' where it ends (line 3 is still "
                                           "inside it)"),
    "points: {a: [1, 2}\n": ("2:13", "this '[' is never closed; add a ']' where it ends on this line"),
    "---\nname: 1\n": ("2:1", "a second YAML document begins here (a '---' line?); a board file holds one"),
}
PARSER_WORDS = ("mapping values", "could not find", "expected <", "found character", "while ", "<stream end>",
                "undefined alias", "escape character", "document start", "but found", "but got")


def _lines(text: str) -> list[str]:
    with pytest.raises(LayoutErrors) as info:
        parse_yaml((HEAD + text).encode(), "f.yaml")
    return info.value.issues


@pytest.mark.parametrize("text", list(CASES))
def test_a_syntax_mistake_is_said_in_plain_words_at_its_place(text):
    where, words = CASES[text]
    issues = _lines(text)
    assert [str(i) for i in issues] == [f"f.yaml:{where}: YAML syntax: {words}"]
    with in_language("ru"):
        russian = issues[0].shown(tr)
    assert russian.startswith(f"f.yaml:{where}: синтаксис YAML: ")
    assert any("а" <= ch <= "я" for ch in russian.split("синтаксис YAML: ")[1].lower()), russian
    for said in (str(issues[0]), russian):
        assert not any(word in said for word in PARSER_WORDS), said


def test_an_open_flow_the_brackets_do_not_show_still_says_what_is_missing():
    """The parser ended inside a list or mapping whose bracket the scan does not find (a bracket
    it took for quoted text): the words say what is missing, at the parser's place."""
    from tabletop.layout.yamlwords import plain_words

    text = HEAD + "name: x\n"
    mark = yaml.Mark("f.yaml", len(text), 2, 0, text, len(text))
    exc = yaml.parser.ParserError("while parsing a flow node", mark, "expected the node content, but found "
                                  "'<stream end>'", mark)
    what, line, column = plain_words(exc, text)
    assert (str(what), line, column) == ("the file ends inside a list or mapping; a closing ']' or '}' is missing", 3, 1)
    with in_language("ru"):
        assert what.say(tr) == "файл кончается внутри списка или словаря: не хватает закрывающей ']' или '}'"


@pytest.mark.parametrize("value,where,words", [
    ("!!bool x", "2:7", "'x' cannot be read as true or false; write true or false, or put the value in quotes"),
    ("!!int x", "2:7", "'x' cannot be read as a whole number; write a whole number, or put the value in quotes"),
    ("!!float x", "2:7", "'x' cannot be read as a number; write a number, or put the value in quotes"),
    ("0b_", "2:7", "'0b_' cannot be read as a whole number; write a whole number, or put the value in quotes"),
])
def test_a_value_yaml_cannot_build_is_said_in_words_never_a_traceback(value, where, words):
    """'!!bool x' raised a KeyError out of the loader (a traceback); '0b_' said Python's "invalid
    literal for int() with base 2"."""
    issues = _lines(f"name: {value}\n")
    assert [str(i) for i in issues] == [f"f.yaml:{where}: name: {words}"]
    with in_language("ru"):
        russian = issues[0].shown(tr)
    assert russian.startswith(f"f.yaml:{where}: name: ") and "не читается как" in russian
    assert "cannot" not in russian and "number" not in russian and "false," not in russian, russian

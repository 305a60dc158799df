"""The YAML loader and checker: every broken file gives one exact file:line:col message, quickly,
never a traceback; Python tags are refused (the safe loader only)."""

import time
from pathlib import Path

import pytest

from tabletop.layout import BoardStore, Checker, LayoutErrors
from tabletop.layout.yamlsrc import MAX_FILE_BYTES, load_yaml, parse_yaml

HERE = Path(__file__).parent / "broken_boards" / "common"

EXPECTED = {
    "comment_only.yaml": ["comment_only.yaml:1:1: the file holds no data"],
    "duplicate.yaml": ["duplicate.yaml:3:1: name: duplicate key 'name' (it was already given above)"],
    "empty.yaml": ["empty.yaml:1:1: the file is empty"],
    "latin1.yaml": ["latin1.yaml:2:11: the file is not UTF-8 text (byte 0xe9)"],
    "list_top.yaml": ["list_top.yaml:1:1: expected a mapping of keys at the top of the file, got a list"],
    "no_version.yaml": ["no_version.yaml:1:1: missing 'layout_version: 1' at the top of the file"],
    "python_tag.yaml": ["python_tag.yaml:2:7: name: the tag !!python/object/apply:os.system is not allowed in a "
                        "board file (only plain YAML values)"],
    "syntax.yaml": ["syntax.yaml:2:9: YAML syntax: this '[' is never closed; add a ']' where it ends "
                    "(the file ends first)"],
    "tab.yaml": ["tab.yaml:3:1: YAML syntax: a tab character is not allowed for indentation in YAML; use spaces"],
    "version.yaml": ["version.yaml:1:17: layout_version: expected 1, got the number 2 "
                     "(this program reads layout version 1)"],
}


def check(path: Path) -> list[str]:
    try:
        doc = load_yaml(path, path.name)
        checker = Checker(doc)
        checker.top(["name", "points", "board"])
        checker.done()
    except LayoutErrors as exc:
        return exc.lines()
    return []


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_broken_file_gives_its_exact_error(name):
    start = time.perf_counter()
    assert check(HERE / name) == EXPECTED[name]
    assert time.perf_counter() - start < 5  # generous: a hang, not a timing, is what this catches


def test_alias_bomb_is_refused_while_composing():
    # what the aliases repeat is counted as they arrive: refused at the alias that crosses the cap
    assert check(HERE / "bomb.yaml") == ["bomb.yaml:6:8: the file holds more than 20,000 values "
                                         "(counting what aliases repeat)"]


def test_python_object_tag_never_runs(tmp_path):
    marker = tmp_path / "ran"
    source = f'layout_version: 1\nname: !!python/object/apply:os.system ["touch {marker}"]\n'.encode()
    with pytest.raises(LayoutErrors):
        parse_yaml(source, "evil.yaml")
    assert not marker.exists()


def test_huge_file_is_refused_before_parsing(tmp_path):
    big = tmp_path / "big.yaml"
    with big.open("wb") as handle:
        handle.write(b"layout_version: 1\nname: '")
        handle.write(b"x" * (50 * 1024 * 1024))
        handle.write(b"'\n")
    with pytest.raises(LayoutErrors) as info:
        load_yaml(big, "big.yaml")
    assert info.value.lines() == [f"big.yaml:1:1: the file is {big.stat().st_size:,} bytes; a board file may be "
                                  f"at most {MAX_FILE_BYTES:,} bytes"]


def test_checker_collects_every_problem_at_once():
    doc = parse_yaml(b'layout_version: 1\nsize: "big"\ncolour: "red"\ncentre: [1, "ten"]\nextra: 1\n', "b.yaml")
    checker = Checker(doc)
    top = checker.top(["size", "colour", "centre"])
    checker.number(top, (), "size", low=1, high=100)
    checker.colour(top, (), "colour")
    checker.point(top, (), "centre")
    assert [str(i) for i in checker.issues] == [
        "b.yaml:5:1: extra: unknown key 'extra' (expected one of: centre, colour, layout_version, size)",
        "b.yaml:2:7: size: expected a number, got 'big'",
        "b.yaml:3:9: colour: expected a colour like \"#a0b0c0\", got 'red'",
        "b.yaml:4:9: centre: expected [x, y] numbers, got [1, 'ten']",
    ]


def test_store_overrides_by_file_name_and_never_climbs_out(tmp_path):
    (tmp_path / "plakoto.yaml").write_text("layout_version: 1\n")
    store = BoardStore([tmp_path])
    assert store.path("plakoto.yaml") == tmp_path / "plakoto.yaml"
    assert store.path("chicken_chase.yaml") == store.builtin / "chicken_chase.yaml"
    for bad in ("../x.yaml", "/etc/passwd", ""):
        with pytest.raises(LayoutErrors):
            store.path(bad)


def test_export_copies_builtin_boards_and_keeps_existing(tmp_path):
    (tmp_path / "plakoto.yaml").write_text("mine")
    written = BoardStore([]).export(tmp_path)
    assert (tmp_path / "plakoto.yaml").read_text() == "mine"
    assert all(p.is_file() for p in written)
    assert any(p.name == "trap_the_cap.yaml" for p in written) or not (BoardStore([]).builtin / "trap_the_cap.yaml").exists()


def test_loading_boards_again_and_again_keeps_no_memory():
    """Each game loads its board; nothing of an earlier parse may stay alive (a shared PyYAML
    constructor once kept every node of every file, ~1 MB a Trap the Cap game)."""
    import gc

    import yaml

    store = BoardStore([])

    def live_nodes() -> int:
        gc.collect()
        return sum(1 for o in gc.get_objects() if isinstance(o, yaml.Node))

    store.read("trap_the_cap.yaml")
    before = live_nodes()
    for _ in range(5):
        store.read("trap_the_cap.yaml")
    assert live_nodes() == before


def test_a_message_is_english_on_the_command_line_and_russian_in_the_russian_app():
    """A message is its template and values: what a value turned out to be (``got a list``) is a
    phrase of its own, translated too; file:line:column, the path and the user's text stay."""
    from tabletop.i18n import in_language

    doc = parse_yaml(b"layout_version: 1\nsize: [1, 2]\nname: 7\n", "boards/x.yaml")
    check = Checker(doc)
    check.number(doc.data, (), "size")
    check.string(doc.data, (), "name")
    errors = LayoutErrors(check.issues)
    english = ["boards/x.yaml:2:7: size: expected a number, got a list",
               "boards/x.yaml:3:7: name: expected text, got the number 7"]
    assert errors.lines() == english and str(errors) == "\n".join(english)
    with in_language("ru"):
        assert errors.lines() == ["boards/x.yaml:2:7: size: ожидалось число, получено: список",
                                  "boards/x.yaml:3:7: name: ожидался текст, получено: число 7"]
        assert str(errors) == "\n".join(english), "str() is the English"


def test_a_bad_file_name_is_said_with_what_it_names():
    from tabletop.i18n import in_language

    doc = parse_yaml(b"layout_version: 1\nsprite: ../x\n", "boards/x.yaml")
    check = Checker(doc)
    check.name(doc.data, (), "sprite", what="a sprite name")
    errors = LayoutErrors(check.issues)
    assert errors.lines() == ["boards/x.yaml:2:9: sprite: expected a sprite name (letters, digits, _ and -; no "
                              "folders or '..'), got '../x'"]
    with in_language("ru"):
        assert errors.lines() == ["boards/x.yaml:2:9: sprite: ожидалось имя спрайта (буквы, цифры, _ и -; без "
                                  "папок и '..'), получено: '../x'"]


def test_a_board_read_again_is_the_same_answer_and_its_own_copy(tmp_path):
    """A board already parsed (same bytes, same name) is not parsed again: the answer is a copy,
    so a builder that changes its values or marks leaves the next reader the file's own; changed
    bytes are parsed afresh, and a refused file is refused again."""
    path = tmp_path / "b.yaml"
    path.write_text("layout_version: 1\nsize: [1, 2]\nnested: {a: [3, 4]}\n", encoding="utf-8")
    first = load_yaml(path, "b.yaml")
    first.data["size"].append(99)
    first.data["nested"]["a"].clear()
    first.marks.clear()
    first.key_marks.clear()
    again = load_yaml(path, "b.yaml")
    assert again.data == {"layout_version": 1, "size": [1, 2], "nested": {"a": [3, 4]}}
    assert (again.mark(("size",)).line, again.mark(("nested", "a")).line) == (2, 3)
    assert again.key_marks[("nested",)].line == 3
    path.write_text("layout_version: 1\nsize: [5, 6]\n", encoding="utf-8")
    assert load_yaml(path, "b.yaml").data == {"layout_version": 1, "size": [5, 6]}
    for _ in range(2):
        with pytest.raises(LayoutErrors, match="duplicate key"):
            parse_yaml(b"layout_version: 1\na: 1\na: 2\n", "d.yaml")

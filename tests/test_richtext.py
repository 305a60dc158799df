"""The rules screens' Markdown: markers are never shown, bold runs are bold, paragraphs are joined
and wrapped to the width, plain texts keep their line breaks."""

import pygame
import pytest

from tabletop.games import all_games
from tabletop.i18n import rules_text, set_language
from tabletop.ui import richtext, theme


@pytest.fixture(autouse=True)
def fonts():
    pygame.font.init()


def _text(lines):
    return ["".join(t for t, _ in runs) for runs, _ in lines]


def test_markdown_markers_are_not_shown_and_bold_runs_are_bold():
    lines = richtext.layout("# Title\n\n**Goal.** Trap *all* caps.\n- **Grey:** safe", 20, 2000)
    assert _text(lines) == ["Title", "", "Goal. Trap all caps.", "-  Grey: safe"]
    assert lines[0][1] is True
    assert lines[2][0][0] == ("Goal.", True) and lines[2][0][1][1] is False


def test_paragraph_lines_join_and_wrap_to_the_width():
    text = "# T\n\none two three\nfour five six seven eight nine ten eleven twelve"
    lines = richtext.layout(text, 20, 200)
    for runs, heading in lines:
        widths = [theme.font(20, bold or heading).size(t)[0] for t, bold in runs[:-1]]
        if runs:
            widths.append(theme.font(20, runs[-1][1] or heading).size(runs[-1][0].rstrip())[0])
        assert sum(widths) <= 200
    assert " ".join(_text(lines)[2:]).split() == "one two three four five six seven eight nine ten eleven twelve".split()


def test_plain_text_keeps_its_line_breaks():
    assert _text(richtext.layout("Ann wins.\nAnn: 3\nBob: 2", 20, 2000)) == ["Ann wins.", "Ann: 3", "Bob: 2"]


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("game_id", list(all_games()))
def test_every_rules_summary_renders_without_markers(game_id, lang):
    try:
        set_language(lang)
        text = rules_text(all_games()[game_id])
    finally:
        set_language("en")
    shown = "\n".join(_text(richtext.layout(text, 18, 900)))
    assert "**" not in shown and "#" not in shown


def test_punctuation_right_after_a_bold_run_stays_on_its_line():
    """«…когда на поле **три ваших цыплёнка**, вы берёте…»: the comma is plain text, but it belongs
    to the bold word before it; where the line is full it goes down with that word, never alone to
    the start of the next line."""
    bold, plain = theme.font(20, True), theme.font(20)
    start = "one two "
    width = plain.size(start)[0] + bold.size("three")[0] + plain.size(",")[0] // 2  # "three" fits, "three," not
    lines = richtext.layout(f"# T\n\n{start}**three**, four five", 20, width)
    text = _text(lines)[2:]
    assert not any(line.startswith((",", " ")) for line in text), text
    assert " ".join(text).split() == ["one", "two", "three,", "four", "five"]
    assert lines[3][0][:2] == [("three", True), (", ", False)], "the word keeps its two styles"


def test_numbered_items_are_lines_of_their_own():
    """Captain Flip's "**Your turn:**" and its five numbered steps ran on as one paragraph
    ("Ваш ход 1. Из мешочка… 2. Оставьте…"): each numbered item starts a line, as a "- " item does,
    and its wrapped lines stay indented under it."""
    text = "# T\n\n**Your turn:**\n1. A tile is drawn.\n2. **Keep** it, or flip it once and take\n   the back.\n\nEnd."
    lines = richtext.layout(text, 20, 2000)
    assert _text(lines) == ["T", "", "Your turn:", "1. A tile is drawn.", "2. Keep it, or flip it once and take the back.",
                            "", "End."]
    wrapped = _text(richtext.layout(text, 20, 180))
    second = wrapped.index(next(line for line in wrapped if line.startswith("2.")))
    assert wrapped[second + 1].startswith("   ")


def test_a_word_wider_than_the_card_is_cut_to_fit_and_keeps_every_character():
    """A board file deep in a folder: its error line "/tmp/…/boards/trap_the_cap.yaml:10:11: …" was
    one word wider than the error card, drawn past the card's edge and out of the window, its line
    and column with it. Now it is cut after a "/" into pieces that fit, and nothing is lost."""
    path = "/" + "/".join(f"a-really-very-long-folder-name-number-{i}" for i in range(5)) + "/boards/trap_the_cap.yaml:10:11:"
    text = f"{path} YAML syntax: this '[' is never closed\n\n**Bold{'x' * 200}** end"
    lines = richtext.layout(text, 20, 400)
    for runs, heading in lines:
        width = sum(theme.font(20, bold or heading).size(t.rstrip() if i == len(runs) - 1 else t)[0]
                    for i, (t, bold) in enumerate(runs))
        assert width <= 400, runs
    shown = _text(lines)
    assert "".join(shown[:shown.index("")]).replace(" ", "") == \
        f"{path} YAML syntax: this '[' is never closed".replace(" ", "")
    assert shown[0].endswith("/")  # cut after a slash, not in the middle of a name
    assert "".join(shown[shown.index("") + 1:]) == f"Bold{'x' * 200} end"

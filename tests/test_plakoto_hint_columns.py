"""The Plakoto hint's chances are a table: in each column (win, double win, points) the numbers of
the three turns stand right-aligned one under another, a signed number as wide as any other of
its digits (a minus as wide as a plus), and the columns' names on one baseline; in a window and in
a table seat's strip, in English and Russian.
"""

from __future__ import annotations

import dataclasses

import pytest
from coach_helpers import race_scene, until
from scene_input import instant_scenes

from tabletop.games.plakoto import scene_hint
from tabletop.games.plakoto.rules import PlakotoState
from tabletop.games.plakoto.scene_legend import _cells, columns
from tabletop.i18n import set_language
from tabletop.ui import theme
from tabletop.ui.text_audit import TextAudit

FIGURES = [(0.11, 0.41, 0.11), (0.18, 0.48, -0.81), (0.14, 0.44, 0.41)]
"""(win, double win, points) of the three turns shown: "11%", "41%", "+0.11" over "18%", "48%",
"−0.81" over "14%", "44%", "+0.41"."""


@pytest.fixture(autouse=True)
def quick(monkeypatch, tmp_path):
    instant_scenes(monkeypatch, tmp_path)
    real = scene_hint.best_turns

    def chosen(state):  # the real best turns, with the chances above
        return [dataclasses.replace(a, win=w, double_win=d, equity=e, value=e)
                for a, (w, d, e) in zip(real(state), FIGURES, strict=False)]

    monkeypatch.setattr(scene_hint, "best_turns", chosen)
    yield
    set_language("en")


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("window", ["1366x768", "1024x600", "table 1366x768", "table 3840x2160"])
def test_each_column_of_the_hints_chances_is_right_aligned_its_signs_under_each_other(window, lang):
    table = window.startswith("table")
    app, scene = race_scene(table=table, size=tuple(int(v) for v in window.split()[-1].split("x")))
    set_language(lang)
    until(app, lambda: scene.can_roll() or (scene.state.phase == "move" and scene.human_to_move()))
    if scene.can_roll():
        scene.roll()
    until(app, lambda: scene.state.phase == "move" and scene.human_to_move())
    scene.toggle_hint()
    until(app, lambda: scene.hint.shown)
    rows = scene.hint.rows(str)
    assert len(rows) == 3
    with TextAudit() as audit:
        app.top.draw(app.screen)
    placed = audit.placed()
    for k in range(3):
        cells = [_cells(r)[k] for r in rows]
        drawn = []
        for cell in cells:
            hits = [d for d in placed if d.text == cell]
            assert len(hits) == 1, (cell, "drawn once")
            drawn.append(hits[0])
        rights = {d.rect[0] + d.rect[2] for d in drawn}
        assert len(rights) == 1, (window, lang, cells, "right-aligned", rights)
        lefts = [d.rect[0] for d in drawn]  # a hyphen for the minus was 2 to 3 px narrower than the
        # plus; the minus sign is as wide but for a pixel of hinting at the smallest sizes
        assert max(lefts) - min(lefts) <= 1, (window, lang, cells, "the signs under each other", lefts)
    names = [d for d in placed if d.text in columns(rows)[1:]]
    assert len(names) == 3
    baselines = {d.rect[1] + theme.font(d.size, True).baseline(d.text) for d in names}
    assert len(baselines) == 1, (window, lang, "the columns' names on one baseline", baselines)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_table_strips_prompt_keeps_its_lines_under_a_tall_hint(lang):
    """A double to bear off: the hint's legend has four steps a turn (the first wraps) and grew so
    tall in a 4K table strip that the prompt above it lost its last line ("…(кубики 2, 2, 2 и…").
    The legend gives way (set smaller) and the prompt stays whole."""
    app, scene = race_scene(table=True, size=(3840, 2160))
    set_language(lang)
    position = PlakotoState.from_notation("w 22 1:w1 2:w1 3:w1 5:w1 6:w2 12:b15 off:w9,b0 match:2-0/3 start:w")
    scene.session.state = position
    scene.session.initial = position.copy()
    scene._changed()
    until(app, lambda: scene.state.phase == "move" and scene.human_to_move())
    scene.toggle_hint()
    until(app, lambda: scene.hint.shown)
    app.render()
    with TextAudit() as audit:
        app.top.draw(app.screen)
    drawn = " ".join(d.text for d in audit.placed())
    assert not [d.wanted for d in audit.cut()], "nothing cut short"
    assert all(word in drawn for word in scene.current_prompt().split()), "the whole prompt"
    assert all(step in drawn for step in scene.hint.rows(str)[0].turn.split()), "the best turn"

"""The side panel with large text on a small screen: the log keeps some lines (the buttons go in
pairs rather than the log going), and the bottom row's labels share one size that fits each."""

from __future__ import annotations

import pytest
from feedback_helpers import start
from scene_input import instant_scenes

from tabletop.i18n import set_language
from tabletop.ui import theme
from tabletop.ui.game_scene import LOG_LEAST_LINES, log_size


@pytest.fixture(autouse=True)
def quick(monkeypatch, tmp_path):
    instant_scenes(monkeypatch, tmp_path)


@pytest.mark.parametrize("game,players", [("plakoto", 2), ("captain_flip", 5), ("trap_the_cap", 4)])
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_large_text_on_a_small_screen_keeps_the_log_and_one_label_size_per_row(game, players, lang):
    app, scene = start(game, players=players, size=(1280, 672))
    try:
        set_language(lang)
        app.ui_scale = 1.3
        app.relayout()
        if scene.can_roll():
            scene.roll()
            scene.timers.skip()
            scene.update(0.0)
        scene.relayout_panel()
        m = scene.metrics
        assert scene.log_rect.h >= LOG_LEAST_LINES * theme.font(log_size(m)).get_linesize(), "the log has room"
        shown = [b for b in scene.buttons.buttons if b.label]
        for a in shown:
            for b in shown:
                assert a is b or not a.rect.colliderect(b.rect), (a.label, b.label)
        row = [b for b in shown if b.rect.bottom == scene.panel.inflate(-2 * m.pad, -2 * m.pad).bottom]
        assert len(row) >= 3
        sizes = {b.label_size or m.body for b in row}
        assert len(sizes) == 1, "one size for the row"
        px = sizes.pop()
        for b in row:
            assert theme.font(px, b.primary).size(b.label)[0] <= b.rect.inflate(-max(6, b.rect.h // 4), 0).w, b.label
    finally:
        set_language("en")


def test_every_computer_seat_says_its_level_even_beside_a_long_name():
    """Russian, five captains, large text: "Фиолетовый" left no room for "компьютер, случайный"
    and the row said nothing of who plays it, while the shorter names kept theirs; a long name now
    gets a short form («ИИ, случайный», «(случайный)»)."""
    from tabletop.ui import text_audit

    app, scene = start("captain_flip", players=5, size=(1280, 672))
    try:
        set_language("ru")
        app.ui_scale = 1.3
        app.relayout()
        with text_audit.TextAudit() as audit:
            app.mark_dirty()
            app.render()
        said = [d.text for d in audit.placed()]
        level = "случайный"
        rows = [t for t in said if t.rstrip(")").endswith(level)]
        assert len(rows) == 4, said
    finally:
        set_language("en")


def test_a_card_over_the_game_ends_the_boards_hover():
    """Trap the Cap: a tooltip under the pointer stayed drawn, frozen, under the game-over card
    after the pointer moved away: no motion reaches a covered scene. The screen with a card over a
    hovered board now equals the same screen never hovered."""
    import pygame

    def shot(app) -> bytes:
        app.mark_dirty()
        app.render()
        return pygame.image.tobytes(app.screen, "RGB")

    app, scene = start("trap_the_cap", players=2, seed=2)
    plain = shot(app)
    area = scene.board_area
    spots = [(area.x + area.w * i // 12, area.y + area.h * j // 12) for j in range(1, 12) for i in range(1, 12)]
    for pos in spots:  # somewhere on the board whose hover shows something (a hideout's tooltip)
        scene.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 0), buttons=(0, 0, 0)))
        if shot(app) != plain:
            break
    else:
        pytest.fail("no hover shows anything")
    app.message("Note", "A card over the game.")
    covered = shot(app)
    other, _ = start("trap_the_cap", players=2, seed=2)
    other.message("Note", "A card over the game.")
    assert covered == shot(other), "the hover went"


@pytest.mark.parametrize("game", ["chicken_chase", "plakoto"])
@pytest.mark.parametrize("label", ["Rules", "Menu"])
def test_a_card_opened_from_a_button_leaves_that_button_unlit_below_it(game, label, monkeypatch):
    """The panel's Rules (or Menu) button stayed lit under the card it opened, and only an expose
    (``xrefresh``) unlit it: the panel, laid out again as it is drawn, took its hover from the
    pointer even under the card, and the pointer moving off on the card redrew nothing. The frame
    drawn at once and the frame after a full redraw with the pointer gone are the same."""
    import pygame

    app, scene = start(game, players=2, seed=2)
    app.render()
    button = next(b for b in scene.buttons.buttons if b.label == label)
    at = [button.rect.center]
    monkeypatch.setattr(pygame.mouse, "get_focused", lambda: True)
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: at[0])
    scene.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=at[0], rel=(1, 0), buttons=(0, 0, 0)))
    app.render()
    assert button.hover
    scene.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=at[0], button=1))
    scene.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=at[0], button=1))
    assert app.top is not scene, "the button opened a card"
    app.render()
    drawn = pygame.image.tobytes(app.screen, "RGB")
    at[0] = (5, 5)  # the pointer moves off, over the card: the card has nothing to redraw for it
    app.top.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=at[0], rel=(1, 0), buttons=(0, 0, 0)))
    app.mark_dirty()  # an expose
    app.render()
    assert pygame.image.tobytes(app.screen, "RGB") == drawn, "the frame shown was stale"
    assert not any(b.hover for b in scene.buttons.buttons)

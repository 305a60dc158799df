"""At a table the result card faces the winner's edge, as every card does, and a tap where its
button is shown presses it (the card was drawn upright for the bottom edge while its taps were
mapped through the winner's turn, so at Trap the Cap with Green, at the top, winning, no button
on it worked)."""

from __future__ import annotations

import pygame
import pytest
from text_fit import app_data, audit_top, game_scene, position_session, problems, readable  # noqa: F401 (app_data: a fixture)

from tabletop.app import App, AppOptions
from tabletop.ui import theme
from tabletop.ui.results import ResultOverlay

pytestmark = pytest.mark.usefixtures("app_data")

GREEN_WINS = ("green - R50:green S_SE_5:blue+red+blue+green+yellow+blue+yellow+green home: "
              "locked:blue=green,red,red,red,yellow;green=yellow;red=blue gold:- variant:offensive round:55")


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("size", [(1024, 600), (3840, 2160)])
def test_the_result_card_faces_the_winner_and_its_buttons_work(size, lang):
    app = App(AppOptions(size=size, headless=True, mute=True, table=True, lang=lang))
    scene = game_scene(app, position_session(app, "trap_the_cap", GREEN_WINS))
    winner = scene.state.outcome().winners[0]
    edge = scene.panel_of(winner).edge
    assert edge != "bottom"
    scene.show_game_over()
    card = app.top
    assert isinstance(card, ResultOverlay)
    card.layout(app.screen.get_size())
    assert card.frame() is not None and card.frame().edge == edge
    found = problems(audit_top(app), f"{size} {lang} result card", readable(app))
    assert not found, found
    frame = card.frame()
    look = card.row.buttons[0]  # "Look at the board": it only closes the card
    at = tuple(int(v) for v in frame.to_screen((look.rect.x + look.rect.w // 12, look.rect.centery)))  # beside its label
    shown = app.screen.get_at(at)[:3]
    assert shown == tuple(theme.ACCENT), f"the button is not drawn where a tap presses it: {shown} at {at}"
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        card.handle(pygame.event.Event(kind, pos=at, button=1))
    assert app.top is scene, "a tap on the shown button did not press it"

"""Plakoto at a table: the point numbers along each edge of the board face the player at that
edge (White at the bottom, Black at the top — as Trap the Cap's hideout words face their owner),
whoever is on turn, and are printed in the numbering of the player on turn (his hint and prompt
speak it)."""

from __future__ import annotations

import pytest
from text_fit import app_data, game_scene, position_session  # noqa: F401 (app_data: a fixture)

from tabletop.app import App, AppOptions
from tabletop.games.plakoto import scene_draw as sd

pytestmark = pytest.mark.usefixtures("app_data")


@pytest.mark.parametrize("size", [(3840, 2160), (1024, 600)])
@pytest.mark.parametrize("on_turn", ["w", "b"])
def test_each_edge_numbers_face_its_player(on_turn, size, monkeypatch):
    app = App(AppOptions(size=size, headless=True, mute=True, table=True))
    scene = game_scene(app, position_session(app, "plakoto", f"{on_turn} 65 1:b15 24:w15 off:w0,b0 start:{on_turn}"))
    edges = {p.seat: p.edge for p in scene.table_panels}
    assert edges == {0: "bottom", 1: "top"}
    drawn = []
    number = sd._number

    def spy(text, size, ink, turned):
        img = number(text, size, ink, turned)
        drawn.append((text, turned))
        return img

    monkeypatch.setattr(sd, "_number", spy)
    middle = scene.board_area.centery
    scene.draw(app.screen)
    assert len(drawn) == 24
    seat = 0 if on_turn == "w" else 1
    g = scene.geom(scene.viewport)
    for geom, (text, turned) in zip(scene.lay.points, drawn, strict=True):
        y = g.px(*geom.base)[1]
        at_top = y < middle
        assert turned == at_top, f"point {geom.number} ({'top' if at_top else 'bottom'} edge) turned={turned}"
        assert text == str(geom.number if seat == 0 else 25 - geom.number)  # the numbering of the seat on turn

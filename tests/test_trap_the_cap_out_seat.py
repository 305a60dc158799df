"""A Trap the Cap seat that is out keeps its name first in the players list. Seen in a real window
(1366×768, Russian): the row read "выбыл: Зелёный лёгкий" (out: Green easy), the state before
the name and the computer's level after it, out of line with the names above; now "Зелёный
(выбыл)", as the English "Green (out)"."""

from __future__ import annotations

import pytest
from scene_input import instant_scenes

from tabletop.app import App, AppOptions
from tabletop.core.session import Session
from tabletop.games import get_game
from tabletop.games.trap_the_cap.rules import TrapState
from tabletop.i18n import set_language
from tabletop.launch import Seat, new_session
from tabletop.ui.game_scene import make_scene
from tabletop.ui.text_audit import TextAudit

SPEC = get_game("trap_the_cap")
LAST_TRAP = "red 3 R05:green+green+green+red R08:green home:red=red,red,red"
"""Red's tower of three green prisoners three fields from Green's last free cap, a 3 to play."""


@pytest.fixture(autouse=True)
def fast(monkeypatch, tmp_path):
    instant_scenes(monkeypatch, tmp_path)


@pytest.mark.parametrize(("lang", "name", "out"), [("ru", "Зелёный", "Зелёный (выбыл)"), ("en", "Green", "Green (out)")])
def test_the_out_seat_is_named_first(lang, name, out):
    app = App(AppOptions(size=(1366, 768), headless=True, mute=True, lang=lang))
    base = new_session(SPEC, app.store, 2, None, {}, [Seat("human"), Seat("ai", "easy")], 1)
    session = Session(SPEC, TrapState.from_notation(LAST_TRAP), 1, base.meta)
    scene = make_scene(app, session)
    app.push_scene(scene)
    trap = next(m for m in scene.state.legal_moves() if str(m).endswith("R08"))
    scene.session.play(trap)
    assert scene.state.current_player is None, "Green's last free cap is trapped: the game is over"
    with TextAudit() as audit:
        app.mark_dirty()
        app.render()
    texts = [e.text for e in audit.entries]
    assert out in texts, [t for t in texts if name in t]
    set_language("en")

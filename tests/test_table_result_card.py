"""At a table the result card faces the winner's edge, as every card does, and a tap where its
button is shown presses it (the card was drawn upright for the bottom edge while its taps were
mapped through the winner's turn, so at Trap the Cap with Green, at the top, winning, no button
on it worked)."""

from __future__ import annotations

import pygame
import pytest
from feedback_helpers import play_out, start
from scene_input import instant_scenes
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
    from tabletop.games import all_games
    from tabletop.launch import Seat, session_from_position

    app = App(AppOptions(size=size, headless=True, mute=True, table=True, lang=lang))
    people = [Seat("human")] * position_session(app, "trap_the_cap", GREEN_WINS).state.num_players
    scene = game_scene(app, session_from_position(all_games()["trap_the_cap"], app.store, GREEN_WINS, people, seed=5))
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


@pytest.mark.parametrize("size", [(1920, 1080), (1366, 768)])
def test_five_captains_results_read_whole_facing_every_edge(size, monkeypatch, tmp_path):
    """Captain Flip's card is the widest (coins by source, column bonuses, characters at the end,
    Gunners, total). Turned to a side seat it is as narrow as the screen is high, and its grid broke
    every cell a word a line ("карта" / "сокровищ" / "7"). At every edge each " · " part of every
    cell is drawn whole on one line, in its column, above the buttons, on a card within the
    screen as that seat sees it."""
    instant_scenes(monkeypatch, tmp_path)
    app, scene = start("captain_flip", players=5, seed=9, size=size, table=True, lang="ru")
    play_out(app, scene)
    card = app.top
    assert isinstance(card, ResultOverlay), card
    table = card.table
    cells = [cell for row in table.rows for cell in row.cells]
    parts = {part for cell in cells for part in cell.split(" · ")}
    whole = parts | set(cells) | {r.name for r in table.rows} | {r.role for r in table.rows} | set(table.columns)
    pad = card.metrics.pad
    for edge in ("bottom", "left", "top", "right"):
        card.facing = edge
        card.layout(app.screen.get_size())
        where = f"{size} ru, card facing {edge}"
        audit = audit_top(app)
        found = problems(audit, where, readable(app))
        assert not found, found
        shown = audit.placed()
        broken = sorted({d.text for d in shown if d.text not in whole
                         and any(d.text in part and d.text != part for part in parts)})
        assert not broken, f"{where}: pieces of a cell's part on lines of their own: {broken}"
        missing = sorted(part for part in parts if " " in part and not any(part in d.text for d in shown))
        assert not missing, f"{where}: not drawn whole on one line: {missing}"
        frame = card.frame()
        w, h = frame.size if frame is not None else app.screen.get_size()
        assert pygame.Rect(0, 0, w, h).contains(card.card), f"{where}: the card {card.card} is off the screen {w}x{h}"
        # drawn turned: on a surface the size of the card and its margin (see draw_card_turned)
        origin = card.card.inflate(6 * pad, 6 * pad).topleft if frame is not None else (0, 0)
        on_card = card.card.move(-origin[0], -origin[1])
        buttons = [b.rect.move(-origin[0], -origin[1]) for b in card.row.buttons]
        turn = card.turn_button.rect.move(-origin[0], -origin[1]) if card.turn_button is not None else None
        for d in shown:
            r = pygame.Rect(d.rect)
            assert on_card.contains(r), f"{where}: {d.text!r} at {r} is off the card {on_card}"
            if not any(b.contains(r) for b in buttons) and not (turn is not None and turn.contains(r)):
                assert r.bottom <= min(b.top for b in buttons), f"{where}: {d.text!r} at {r} runs into the buttons"


def test_a_computers_win_faces_the_result_card_to_the_best_placed_person():
    """When a computer won, the card faced its edge, where nobody sits. It faces the person with
    the most points then (first of equals); a person who won is faced as before."""
    from tabletop.games import all_games
    from tabletop.launch import Seat, session_from_position

    app = App(AppOptions(size=(3840, 2160), headless=True, mute=True, table=True, lang="ru"))
    probe = position_session(app, "trap_the_cap", GREEN_WINS)
    outcome = probe.state.outcome()
    winner = outcome.winners[0]
    n = probe.state.num_players
    seats = [Seat("ai", "easy") if i == winner else Seat("human") for i in range(n)]
    session = session_from_position(all_games()["trap_the_cap"], app.store, GREEN_WINS, seats, seed=5)
    scene = game_scene(app, session)
    people = [i for i in range(n) if i != winner]
    best = max(people, key=lambda i: (outcome.points[i], -i))
    assert scene.panel_of(best).edge != scene.panel_of(winner).edge
    scene.show_game_over()
    card = app.top
    assert isinstance(card, ResultOverlay)
    card.layout(app.screen.get_size())
    facing = card.frame().edge if card.frame() is not None else "bottom"  # (no frame: upright)
    assert facing == scene.panel_of(best).edge

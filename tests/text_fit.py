"""Rendering every scene and dialog under a text audit, and saying what does not fit.

Shared by the text-fit tests: the seeded positions of every game (people in every seat, so the
prompts are the long ones a person reads), the dialogs over them, and the report of every text cut
with an ellipsis, spilling out of its box or surface, or overlapping another.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import pygame
import pytest

from tabletop.app import App, AppOptions
from tabletop.core import CHANCE
from tabletop.core.session import Session
from tabletop.games import all_games
from tabletop.i18n import set_language
from tabletop.launch import Seat, new_session
from tabletop.ui.preview import scene_class
from tabletop.ui.text_audit import TextAudit
from tabletop.ui.theme import Metrics

WINDOWS = {"1366x768": ((1366, 768), False), "1024x600": ((1024, 600), False), "table": ((1920, 1080), True)}
SMALL_TABLE = {"table 1024x600": ((1024, 600), True)}
"""A netbook-sized screen in table mode: checked for the games whose side strips get shallow there."""
SETUPS = {
    "trap_the_cap": [(4, "offensive", {}), (2, "golden_cap", {}), (4, "partners", {})],
    "captain_flip": [(1, "A", {}), (2, "B", {"dolphin": "on"}), (4, "E", {}), (5, "C", {})],
    "chicken_chase": [(2, "normal", {}), (4, "peaceful", {"card_rule": "any_three"})],
    "plakoto": [(2, "standard", {"match": "3"})],
}
LATER = (60,)
"""Besides the first position of every phase: snapshots after this many moves (fuller boards, logs)."""


@dataclass(frozen=True)
class Problem:
    where: str
    what: str

    def __str__(self) -> str:
        return f"{self.where}: {self.what}"


@pytest.fixture
def app_data(tmp_path, monkeypatch):
    """A fresh data folder (settings, saves) for the test; the display closed after it."""
    monkeypatch.setenv("TABLETOP_DATA", str(tmp_path))
    yield
    close_app()


def open_app(window: str, lang: str) -> App:
    size, table = {**WINDOWS, **SMALL_TABLE}[window]
    return App(AppOptions(size=size, headless=True, mute=True, table=table, lang=lang))


def close_app() -> None:
    set_language("en")
    pygame.display.quit()


def phase(state) -> tuple:
    """What a person is asked to do in ``state``: the game's phase, and whether it is a roll."""
    return (getattr(state, "phase", None), state.current_player == CHANCE, state.current_player is None)


def sessions(app: App, game_id: str, seed: int = 5):
    """(label, session) at the first position of every phase of a seeded random game of each setup,
    at a few later moves, and at its end; people in every seat. The games are played once per
    process; each caller gets fresh sessions on copies of the positions."""
    spec = all_games()[game_id]
    for label, state, meta in _snapshots(app, game_id, seed):
        yield label, Session(spec, state.copy(), seed, meta)


_SNAPSHOTS: dict[tuple[str, int], list] = {}


def _snapshots(app: App, game_id: str, seed: int) -> list:
    found = _SNAPSHOTS.setdefault((game_id, seed), [])
    if found:
        return found
    for players, variant, options in SETUPS[game_id]:
        seen: set[tuple] = set()
        for played, session in _played(app, game_id, (players, variant, options), seed):
            state = session.state
            key = phase(state)
            if key not in seen or played in LATER:
                seen.add(key)
                found.append((f"{game_id} {players}p {variant} after {played} moves ({key[0] or 'move'})",
                              state.copy(), dict(session.meta)))
    return found


def _played(app: App, game_id: str, setup: tuple, seed: int):
    """(moves played, session) at every position of a seeded random game of ``setup`` (players,
    variant, options; people in every seat), to its end."""
    players, variant, options = setup
    session = new_session(all_games()[game_id], app.store, players, variant, options, [Seat("human")] * players, seed)
    rng = random.Random(seed)
    played = 0
    while True:
        yield played, session
        state = session.state
        if state.current_player is None or played > 4000:
            return
        if state.current_player == CHANCE:
            session.roll()
        else:
            session.play(rng.choice(state.legal_moves()))
        played += 1


def audit_top(app: App) -> TextAudit:
    """Draw the stack; the scene on top under the audit (what is under an overlay is not its text)."""
    top = app.top
    assert top is not None
    with TextAudit() as idle:  # the scenes below: drawn, their words not judged here
        start = max((i for i, s in enumerate(app.stack) if s.opaque), default=0)
        for scene in app.stack[start:-1]:
            scene.draw(app.screen)
    del idle
    with TextAudit() as audit:
        top.draw(app.screen)
    for scene in app.stack:
        scene.dirty = False
    return audit


def readable(app: App) -> int:
    """The smallest readable text for this screen: about 1/60 of its height (DESIGN.md)."""
    return Metrics(app.screen.get_height()).tiny


def problems(audit: TextAudit, where: str, minimum: int = 0) -> list[Problem]:
    out = [Problem(where, f"cut: {e.wanted!r} shown as {e.text!r}") for e in audit.cut()]
    out += [Problem(where, f"cut with dots: {e.text!r}") for e in audit.placed() if e.text.rstrip().endswith("...")]
    out += [Problem(where, f"spills out of its box: {e.text!r} at {e.rect} (box {e.box}, clip {e.clip})")
            for e in audit.outside()]
    out += [Problem(where, f"overlap: {a.text!r} {a.rect} and {b.text!r} {b.rect}")
            for a, b in audit.overlaps(fraction=0.12)]
    if minimum:  # words, that is: a number or a letter on a piece (a count, a hen's number) may be smaller
        out += [Problem(where, f"too small ({e.size}px < {minimum}px): {e.text!r}") for e in audit.smaller_than(minimum)
                if sum(ch.isalpha() for ch in e.text) >= 2]
    return out


_LAYOUTS: dict[tuple[str, str], object] = {}


def game_scene(app: App, session):
    """The session's scene, on a layout read once per board (parsing YAML is slow; drawing is tested)."""
    spec = session.spec
    variant = session.meta.get("variant", spec.default_variant)
    if (spec.id, variant) not in _LAYOUTS:
        _LAYOUTS[spec.id, variant] = spec.load_layout(app.store, variant)
    scene = scene_class(spec)(app, session, _LAYOUTS[spec.id, variant])
    scene.over_shown = True  # a still picture: the result card is audited on its own
    app.replace_scenes(scene)
    return scene


def report(found: list[Problem], limit: int = 60) -> str:
    lines = sorted({str(p) for p in found})
    more = f"\n... and {len(lines) - limit} more" if len(lines) > limit else ""
    return f"{len(lines)} text problem(s):\n" + "\n".join(lines[:limit]) + more


def seat_of(state) -> object:
    """Who acts in ``state`` as the strips see it: the seat to decide, to draw or to roll."""
    return getattr(state, "actor", getattr(state, "turn", None))


def every_seat(app: App, game_id: str, setups: list[tuple], seed: int = 5):
    """(label, session) at the first position of every phase *for every seat* that acts in it,
    and at the end, of a seeded random game of each setup (people in every seat): each edge's
    strip meets every prompt, its buttons and the end. Played fresh on every call."""
    spec = all_games()[game_id]
    for setup in setups:
        seen: set[tuple] = set()
        for played, session in _played(app, game_id, setup, seed):
            state = session.state
            key = (*phase(state), seat_of(state))
            if key not in seen or state.current_player is None:
                seen.add(key)
                yield (f"{game_id} {setup[0]}p {setup[1]} after {played} moves ({key[0] or 'move'}, seat {key[3]})",
                       Session(spec, state.copy(), seed, dict(session.meta)))


def position_session(app: App, game_id: str, text: str, players: int | None = None) -> Session:
    """A session at a position written in the game's notation (docs/notation.md): a person in the
    first seat, easy computers in the others (the command line's default)."""
    from tabletop.launch import session_from_position

    return session_from_position(all_games()[game_id], app.store, text, seed=5, players=players)


def audit_game(app: App, session, where: str) -> list[Problem]:
    """Every text of the game at ``session``'s position, and of its result card once it is over."""
    scene = game_scene(app, session)
    found = problems(audit_top(app), where, readable(app))
    if session.state.current_player is None:
        scene.show_game_over()
        found += problems(audit_top(app), f"{where}: result card", readable(app))
    return found

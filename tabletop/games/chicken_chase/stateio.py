"""Rebuilding a :class:`ChickenState` from JSON, refusing malformed data and impossible positions
with a reason a person can act on (a hand-edited or corrupt save must never crash the app)."""

from __future__ import annotations

from typing import Any

from tabletop.core import StateError
from tabletop.games.chicken_chase import hill
from tabletop.games.chicken_chase.dice import ROLL_SIZES
from tabletop.games.chicken_chase.rules import (
    CARD_RULES,
    CHICKS,
    FEED_FIELDS,
    MAX_TURNS,
    PHASES,
    STOPPED,
    ChickenState,
    Topology,
)
from tabletop.i18n import tr


def _ints(value: Any, what: str, length: int | None = None, low: int = 0, high: int = 10**6) -> list[int]:
    if not isinstance(value, list) or any(isinstance(v, bool) or not isinstance(v, int) for v in value):
        raise StateError(tr("{what}: expected a list of whole numbers", what=what))
    if length is not None and len(value) != length:
        raise StateError(tr("{what}: expected {n} entries, got {got}", what=what, n=length, got=len(value)))
    if any(not low <= v <= high for v in value):
        raise StateError(tr("{what}: values must be from {low} to {high}", what=what, low=low, high=high))
    return list(value)


def _int(value: Any, what: str, low: int, high: int, none: bool = False) -> int | None:
    if value is None and none:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise StateError(tr("{what}: expected a whole number from {low} to {high}, got {got}", what=what, low=low,
                            high=high, got=repr(value)))
    return value


def state_from_json(cls: type[ChickenState], data: Any) -> ChickenState:
    if not isinstance(data, dict) or data.get("game") != cls.game_id:
        raise StateError(tr("not a Chicken Chase position"))
    try:
        return _build(cls, data)
    except StateError:
        raise
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
        raise StateError(tr("malformed Chicken Chase position: {error}", error=f"{type(exc).__name__} {exc}")) from None


def _build(cls: type[ChickenState], data: dict[str, Any]) -> ChickenState:
    n = _int(data["players"], "players", 2, 4)
    assert n is not None
    topo = Topology.from_json(data["topology"])
    decks = len(topo.deck_ids)
    blocked = _ints(data["blocked"], "blocked", low=1, high=hill.FINISH - 1)
    if data["card_rule"] not in CARD_RULES:
        raise StateError(tr("card_rule must be one of {names}", names=", ".join(CARD_RULES)))
    if not isinstance(data["variant"], str):
        raise StateError(tr("variant must be text"))
    state = cls(n, topo, tuple(blocked), data["card_rule"], data["variant"], 0)

    state.hens = _ints(data["hens"], "hens", 2 * n, 0, hill.FINISH)
    state.supply = _ints(data["supply"], "supply", n, 0, CHICKS)
    chicks = data["chicks"]
    if not isinstance(chicks, list) or len(chicks) != FEED_FIELDS:
        raise StateError(tr("chicks: expected {n} feed fields", n=FEED_FIELDS))
    state.chicks = [_ints(row, f"chicks[{i}]", n, 0, CHICKS) for i, row in enumerate(chicks)]
    codes = {d * 10 + v for d in range(decks) for v in range(1, 9)}

    def cards(value: Any, what: str) -> list[int]:
        got = _ints(value, what)
        if any(c not in codes for c in got):
            raise StateError(tr("{what}: not a card of these decks", what=what))
        return sorted(got)

    state.known = [cards(h, f"known[{s}]") for s, h in enumerate(_list(data["known"], "known", n))]
    state.hidden = [cards(h, f"hidden[{s}]") for s, h in enumerate(_list(data["hidden"], "hidden", n))]
    face = _list(data["face"], "face", FEED_FIELDS)
    state.face = [None if c is None else cards([c], f"face[{i}]")[0] for i, c in enumerate(face)]
    state.pile = [_ints(p, f"pile[{d}]", 9, 0, 1000) for d, p in enumerate(_list(data["pile"], "pile", decks))]
    state.discards = [_ints(p, f"discards[{d}]", 9, 0, 1000)
                      for d, p in enumerate(_list(data["discards"], "discards", decks))]
    state.draws = [_draw(t, n, decks) for t in _list(data["draws"], "draws")]
    if data["phase"] not in PHASES:
        raise StateError(tr("phase must be one of {names}", names=", ".join(PHASES)))
    state.phase = data["phase"]
    state.first = _int(data["first"], "first", 0, n - 1, none=True)
    state.turn = _int(data["turn"], "turn", 0, n - 1)  # type: ignore[assignment]
    state.setup_queue = [(_int(q[0], "setup seat", 0, n - 1), _int(q[1], "setup chicks", 1, 3))  # type: ignore[misc]
                         for q in _list(data["setup_queue"], "setup_queue")]
    state.roll_index = _int(data["roll_index"], "roll_index", 0, 3)  # type: ignore[assignment]
    state.dice = tuple(sorted(_ints(data["dice"], "dice", None, 1, 6)))
    state.c_hen = _int(data["c_hen"], "c_hen", -1, 1)  # type: ignore[assignment]
    state.winner = _int(data["winner"], "winner", 0, n - 1, none=True)
    state.turns = _int(data["turns"], "turns", 0, 10**7)  # type: ignore[assignment]
    if not isinstance(data["reason"], str):
        raise StateError(tr("reason must be text"))
    state.reason = data["reason"]
    _check(state)
    return state


def _list(value: Any, what: str, length: int | None = None) -> list[Any]:
    if not isinstance(value, list) or (length is not None and len(value) != length):
        raise StateError(tr("{what}: expected a list", what=what) if length is None
                         else tr("{what}: expected a list of {n} entries", what=what, n=length))
    return value


def _draw(target: Any, n: int, decks: int) -> tuple[int, ...]:
    if isinstance(target, list) and len(target) == 1:
        return (_int(target[0], "draw field", 0, FEED_FIELDS - 1),)  # type: ignore[return-value]
    if isinstance(target, list) and len(target) == 3 and target[0] == -1:
        return (-1, _int(target[1], "draw seat", 0, n - 1), _int(target[2], "draw deck", 0, decks - 1))  # type: ignore[return-value]
    raise StateError(tr("draws: bad draw target {target}", target=repr(target)))


def _check(state: ChickenState) -> None:
    """The position must be one the rules can reach: pieces and cards conserved, hens apart."""
    n = state.n
    for seat in range(n):
        placed = sum(row[seat] for row in state.chicks)
        if placed + state.supply[seat] != CHICKS:
            raise StateError(tr("seat {seat} has {n} chicks, not {chicks}", seat=seat + 1, n=placed + state.supply[seat],
                                chicks=CHICKS))
    for deck, full in enumerate(state.topo.deck_cards):
        held = [0] * 9
        for cards in (*state.known, *state.hidden, [c for c in state.face if c is not None]):
            for c in cards:
                if c // 10 == deck:
                    held[c % 10] += 1
        total = [held[v] + state.pile[deck][v] + state.discards[deck][v] for v in range(9)]
        if total != list(full):
            raise StateError(tr("the cards of deck {deck} do not add up to the deck", deck=deck + 1))
    seen: dict[int, int] = {}
    for hen, field in enumerate(state.hens):
        if field in state.blocked:
            raise StateError(tr("hen {hen} stands on blocked field {field}", hen=hen + 1, field=field))
        if field == hill.START:
            continue
        if field in seen and not (field == hill.FINISH and seen[field] == hen ^ 1):
            raise StateError(tr("two hens stand on field {field}", field=field))
        seen[field] = hen
    pairs = [s for s in range(n) if hill.has_won(state.hens, s)]
    if pairs and (state.phase != "over" or state.winner != pairs[0]):
        raise StateError(tr("a player has both hens on the finish but has not won"))
    if state.phase == "over" and state.winner is None and not (state.reason == STOPPED and state.turns >= MAX_TURNS):
        raise StateError(tr("the game is over but nobody won (and it was not stopped by the turn safety net)"))
    if state.phase == "setup" and not state.setup_queue:
        raise StateError(tr("setup phase with nobody left to place chicks"))
    if state.phase in ("roll", "place") and not 0 <= state.roll_index < len(ROLL_SIZES):
        raise StateError(tr("roll number out of range"))
    if state.phase == "place" and (not state.dice or len(state.dice) > ROLL_SIZES[state.roll_index]):
        raise StateError(tr("the dice do not match the roll"))
    if state.phase == "c_second" and state.c_hen not in (0, 1):
        raise StateError(tr("action C without a second hen"))

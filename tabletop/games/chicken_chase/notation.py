"""Chicken Chase positions as one line of text (``docs/notation.md``), read and written. No pygame.

Example (two players, red's turn, rolling for the second time)::

    1 roll2 hens:3,0/0,0 feed:1grey,2grey,3grey,2brown,-,4brown,5green,4green,8gold,6gold
        chicks:2=1.0,3=1.1 hands:4brown,~1grey,~2brown/~1grey,~3brown discards:3grey draws:f5 first:1
        turns:4 blocked:4,5,8,10,13,14 variant:normal

A card is its value then its deck id (``3grey``); ``~`` marks a card dealt face down (only its
holder knows it; the others see its back, so its deck: ``~?grey`` in another seat's view). The
draw piles hold every card not written elsewhere, so they are exact without being listed. Seats,
hens and feed fields count from 1, as the moves' texts do. The seat's view
(``state.to_notation(seat=N)``, ``view:N``) writes the other seats' face-down cards as ``~?deck``;
``ChickenState.observation`` re-deals those cards at random for the AI, so its own text would show
guesses: use the view.
"""

from __future__ import annotations

from typing import Any

from tabletop.core.errors import StateError
from tabletop.core.notation import keyed, number, words
from tabletop.games.chicken_chase import hill
from tabletop.games.chicken_chase.dice import ROLL_SIZES
from tabletop.games.chicken_chase.moves import card_deck, card_value
from tabletop.games.chicken_chase.rules import (
    CARD_RULES,
    CHICKS,
    FEED_FIELDS,
    ChickenState,
    Topology,
    topology_from_layout,
)
from tabletop.i18n import tr

KEYS = ("dice", "setup", "hens", "feed", "chicks", "hands", "discards", "draws", "first", "winner", "reason",
        "rolled", "hen", "turns", "blocked", "variant", "card_rule", "view")
VARIANTS = ("normal", "peaceful", "custom")
_BUILTIN: list[Topology] = []


def builtin_topology() -> Topology:
    if not _BUILTIN:
        from tabletop.games.chicken_chase.layout import load_layout
        from tabletop.layout import BoardStore

        _BUILTIN.append(topology_from_layout(load_layout(BoardStore([]))))
    return _BUILTIN[0]


# -- writing ---------------------------------------------------------------------------------------------
def _card(topo: Topology, code: int) -> str:
    return f"{card_value(code)}{topo.deck_ids[card_deck(code)]}"


def _cards(topo: Topology, codes: list[int], hidden: bool = False) -> list[str]:
    return [("~" if hidden else "") + _card(topo, c) for c in codes]


def _phase(state: ChickenState) -> str:
    phase = state.phase
    if phase in ("roll", "place"):
        return f"{phase}{state.roll_index + 1}"
    if phase == "c_second":
        return f"second{state.c_hen + 1}"
    return phase


def format_state(state: ChickenState, seat: int | None = None) -> str:
    topo, n = state.topo, state.n
    tokens = [str(state.turn + 1), _phase(state)]
    if state.phase == "place":
        tokens.append("dice:" + "".join(map(str, state.dice)))
    if state.phase == "setup":
        tokens.append("setup:" + ",".join(f"{s + 1}={k}" for s, k in state.setup_queue))
    tokens.append("hens:" + "/".join(f"{state.hens[2 * s]},{state.hens[2 * s + 1]}" for s in range(n)))
    tokens.append("feed:" + ",".join("-" if c is None else _card(topo, c) for c in state.face))
    tokens.append("chicks:" + ",".join(f"{f + 1}={'.'.join(map(str, row))}"
                                       for f, row in enumerate(state.chicks) if any(row)))
    hands = []
    for s in range(n):
        shown = _cards(topo, state.known[s])
        if seat is None or s == seat:
            shown += _cards(topo, state.hidden[s], hidden=True)
        else:
            shown += [f"~?{topo.deck_ids[card_deck(c)]}" for c in state.hidden[s]]
        hands.append(",".join(shown) or "-")
    tokens.append("hands:" + "/".join(hands))
    discards = [d * 10 + v for d, row in enumerate(state.discards) for v in range(9) for _ in range(row[v])]
    tokens.append("discards:" + ",".join(_cards(topo, discards)))
    if state.draws:
        tokens.append("draws:" + ",".join(f"f{t[0] + 1}" if t[0] >= 0 else f"h{t[1] + 1}{topo.deck_ids[t[2]]}"
                                          for t in state.draws))
    if state.first is not None:
        tokens.append(f"first:{state.first + 1}")
    if state.phase == "over":
        tokens.append(f"winner:{(state.winner or 0) + 1}")
        if state.reason != "finish":
            tokens.append(f"reason:{state.reason}")
        if state.roll_index:
            tokens.append(f"rolled:{state.roll_index}")
        if state.c_hen >= 0:
            tokens.append(f"hen:{state.c_hen + 1}")
    tokens.append(f"turns:{state.turns}")
    tokens.append("blocked:" + (",".join(map(str, sorted(state.blocked))) or "-"))
    tokens.append(f"variant:{state.variant}")
    if state.card_rule != "own_three":
        tokens.append(f"card_rule:{state.card_rule}")
    if seat is not None:
        tokens.append(f"view:{seat + 1}")
    return " ".join(tokens)


# -- reading ---------------------------------------------------------------------------------------------
class _Reader:
    """Turns the words into the JSON form ``ChickenState.from_json`` checks (conservation, hens
    apart, the phase's details): one validator for saves, records and positions."""

    def __init__(self, topo: Topology) -> None:
        self.topo = topo
        self.deck_index = {d: i for i, d in enumerate(topo.deck_ids)}

    def card(self, text: str, token: str) -> int:
        if len(text) < 2 or not text[0].isdigit() or text[1:] not in self.deck_index:
            raise StateError(tr("{token}: {card} is not a card (value 1-8 then a deck id: {decks})",
                                token=repr(token), card=repr(text), decks=", ".join(self.topo.deck_ids)))
        value = int(text[0])
        if not 1 <= value <= 8:
            raise StateError(tr("{token}: {card}: card values are 1 to 8", token=repr(token), card=repr(text)))
        return self.deck_index[text[1:]] * 10 + value

    def cards(self, text: str, token: str) -> list[int]:
        return [self.card(c, token) for c in text.split(",") if c]


def _split_seats(value: str, token: str, n: int | None) -> list[str]:
    parts = value.split("/")
    if n is not None and len(parts) != n:
        raise StateError(tr("{token}: {got} seats, but hens: gives {n}", token=repr(token), got=len(parts), n=n))
    return parts


def parse_state(text: str, layout: Any = None) -> ChickenState:
    """A state from its full notation on the shipped decks, or on ``layout``; StateError names the
    bad word (a seat's view, with ``~?`` cards, is not a full position)."""
    (who, phase_word), rest = words(text, "Chicken Chase", 2)
    found = keyed(rest, KEYS)
    if "view" in found:
        raise StateError(tr("{token} is one seat's view; a game needs the full position",
                            token=repr(f"view:{found['view']}")))
    topo = builtin_topology() if layout is None else topology_from_layout(layout)
    read = _Reader(topo)
    if "hens" not in found:
        raise StateError(tr("the position has no hens: word"))
    hens_token = f"hens:{found['hens']}"
    hens: list[int] = []
    for pair in found["hens"].split("/"):
        fields = pair.split(",")
        if len(fields) != 2:
            raise StateError(tr("{token}: each seat has two hens, like 3,0", token=repr(hens_token)))
        hens += [number(f, hens_token, 0, hill.FINISH, "a hen's field") for f in fields]
    n = len(hens) // 2
    if not 2 <= n <= 4:
        raise StateError(tr("{token}: 2 to 4 seats play, not {n}", token=repr(hens_token), n=n))
    turn = number(who, who, 1, n, "the seat whose turn it is") - 1
    phase, roll_index, c_hen = _phase_word(phase_word)
    data: dict[str, Any] = {"game": "chicken_chase", "players": n, "topology": topo.to_json(), "hens": hens,
                            "turn": turn, "phase": phase, "roll_index": roll_index, "c_hen": c_hen}
    data["variant"] = found.get("variant", "normal")
    if data["variant"] not in VARIANTS:
        raise StateError(tr("{token}: expected one of {choices}", token=repr(f"variant:{data['variant']}"),
                            choices=", ".join(VARIANTS)))
    data["card_rule"] = found.get("card_rule", "own_three")
    if data["card_rule"] not in CARD_RULES:
        raise StateError(tr("{token}: expected one of {choices}", token=repr(f"card_rule:{data['card_rule']}"),
                            choices=", ".join(CARD_RULES)))
    blocked = found.get("blocked", "-")
    data["blocked"] = [] if blocked == "-" else [number(b, f"blocked:{blocked}", 1, hill.FINISH - 1, "a blocked field")
                                                 for b in blocked.split(",")]
    _feed_and_chicks(found, read, n, data)
    _hands(found, read, n, data)
    discards = [[0] * 9 for _ in topo.deck_ids]
    for code in read.cards(found.get("discards", ""), f"discards:{found.get('discards', '')}"):
        discards[card_deck(code)][card_value(code)] += 1
    data["discards"] = discards
    data["pile"] = _piles(topo, data)
    data["draws"] = _draws(found.get("draws", ""), read, n)
    data["first"] = number(found["first"], f"first:{found['first']}", 1, n, "the first player") - 1 \
        if "first" in found else None
    data["turns"] = number(found.get("turns", "0"), f"turns:{found.get('turns')}", 0, 10**7, "the turn count")
    data["dice"] = []
    if phase == "place":
        dice = found.get("dice", "")
        if not dice or not dice.isdigit() or len(dice) > ROLL_SIZES[roll_index] or not set(dice) <= set("123456"):
            raise StateError(tr("{token}: placing with roll {roll} needs 1 to {most} dice, like dice:356",
                                token=repr(f"dice:{dice}"), roll=roll_index + 1, most=ROLL_SIZES[roll_index]))
        data["dice"] = sorted(int(d) for d in dice)
    elif "dice" in found:
        raise StateError(tr("{token}: dice are left only while placing", token=repr(f"dice:{found['dice']}")))
    data["setup_queue"] = _setup(found, phase, n)
    data["winner"], data["reason"] = None, ""
    if phase == "over":
        data["winner"] = number(found.get("winner", ""), f"winner:{found.get('winner', '')}", 1, n, "the winner") - 1
        data["reason"] = found.get("reason", "finish")
        if data["reason"] not in ("finish", "turn_limit"):
            raise StateError(tr("{token}: expected finish or turn_limit", token=repr(f"reason:{data['reason']}")))
        data["roll_index"] = number(found.get("rolled", "0"), f"rolled:{found.get('rolled')}", 0, 3,
                                    "the rolls made")
        data["c_hen"] = number(found["hen"], f"hen:{found['hen']}", 1, 2, "the hen") - 1 if "hen" in found else -1
    else:
        for key in ("winner", "reason", "rolled", "hen"):
            if key in found:
                raise StateError(tr("{token} belongs to a finished game (phase over)", token=repr(f"{key}:{found[key]}")))
    return ChickenState.from_json(data)


def _phase_word(word: str) -> tuple[str, int, int]:
    """(phase, roll index, action C's second hen) from ``action``, ``roll2``, ``second1`` ..."""
    if word in ("first", "setup", "action", "over"):
        return word, 0, -1
    if word == "card":
        return word, len(ROLL_SIZES), -1
    for name in ("roll", "place"):
        if word.startswith(name) and word[len(name):] in ("1", "2", "3"):
            return name, int(word[len(name):]) - 1, -1
    if word in ("second1", "second2"):
        return "c_second", 0, int(word[-1]) - 1
    raise StateError(tr("unknown phase {phase}: expected first, setup, action, roll1-3, place1-3, card, second1, "
                        "second2 or over", phase=repr(word)))


def _feed_and_chicks(found: dict[str, str], read: _Reader, n: int, data: dict[str, Any]) -> None:
    feed = found.get("feed", ",".join(["-"] * FEED_FIELDS))
    faces = feed.split(",")
    if len(faces) != FEED_FIELDS:
        raise StateError(tr("{token}: {n} feed fields given, the strip has {fields}", token=repr(f"feed:{feed}"),
                            n=len(faces), fields=FEED_FIELDS))
    data["face"] = [None if f == "-" else read.card(f, f"feed:{feed}") for f in faces]
    for i, code in enumerate(data["face"]):
        if code is not None and card_deck(code) != read.topo.feed_deck[i]:
            raise StateError(tr("{token}: feed field {field} takes its card from deck {deck}",
                                token=repr(f"feed:{feed}"), field=i + 1,
                                deck=read.topo.deck_ids[read.topo.feed_deck[i]]))
    chicks = [[0] * n for _ in range(FEED_FIELDS)]
    token = f"chicks:{found.get('chicks', '')}"
    for part in filter(None, found.get("chicks", "").split(",")):
        field, eq, counts = part.partition("=")
        values = counts.split(".")
        if not eq or len(values) != n:
            raise StateError(tr("{token}: expected field=counts with one count per seat, like 3=1.0.2.0",
                                token=repr(token)))
        f = number(field, token, 1, FEED_FIELDS, "a feed field") - 1
        chicks[f] = [number(v, token, 0, CHICKS, "a chick count") for v in values]
    data["chicks"] = chicks
    data["supply"] = [CHICKS - sum(row[s] for row in chicks) for s in range(n)]
    if min(data["supply"]) < 0:
        raise StateError(tr("{token}: a seat has more than {n} chicks on the strip", token=repr(token), n=CHICKS))


def _hands(found: dict[str, str], read: _Reader, n: int, data: dict[str, Any]) -> None:
    value = found.get("hands", "/".join(["-"] * n))
    token = f"hands:{value}"
    known, hidden = [], []
    for part in _split_seats(value, token, n):
        mine, secret = [], []
        for card in part.split(",") if part != "-" else []:
            if card.startswith("~?"):
                raise StateError(tr("{token}: {card} is a card only its holder knows; a game needs the full "
                                    "position", token=repr(token), card=repr(card)))
            (secret if card.startswith("~") else mine).append(read.card(card.lstrip("~"), token))
        known.append(sorted(mine))
        hidden.append(sorted(secret))
    data["known"], data["hidden"] = known, hidden


def _piles(topo: Topology, data: dict[str, Any]) -> list[list[int]]:
    """Each deck's draw pile: the deck's cards not shown anywhere else."""
    piles = [list(cards) for cards in topo.deck_cards]
    shown = [c for c in data["face"] if c is not None]
    for group in (data["known"], data["hidden"]):
        for cards in group:
            shown += cards
    for code in shown:
        piles[card_deck(code)][card_value(code)] -= 1
    for d, row in enumerate(data["discards"]):
        for v in range(9):
            piles[d][v] -= row[v]
    for d, row in enumerate(piles):
        for v, left in enumerate(row):
            if left < 0:
                raise StateError(tr("more {card} cards are written than deck {deck} holds ({n})",
                                    card=f"{v}{topo.deck_ids[d]}", deck=topo.deck_ids[d],
                                    n=topo.deck_cards[d][v]))
    return piles


def _draws(value: str, read: _Reader, n: int) -> list[list[int]]:
    token = f"draws:{value}"
    out: list[list[int]] = []
    for part in filter(None, value.split(",")):
        if part[:1] == "f":
            out.append([number(part[1:], token, 1, FEED_FIELDS, "a feed field") - 1])
        elif part[:1] == "h" and len(part) > 2 and part[1].isdigit() and part[2:] in read.deck_index:
            out.append([-1, number(part[1], token, 1, n, "a seat") - 1, read.deck_index[part[2:]]])
        else:
            raise StateError(tr("{token}: cannot read the draw {part} (f<field> or h<seat><deck>)", token=repr(token),
                               part=repr(part)))
    return out


def _setup(found: dict[str, str], phase: str, n: int) -> list[list[int]]:
    value = found.get("setup")
    if phase != "setup":
        if value is not None:
            raise StateError(tr("{token}: chicks are placed before the first turn only (phase setup)",
                                token=repr(f"setup:{value}")))
        return []
    token = f"setup:{value}"
    queue = []
    for part in filter(None, (value or "").split(",")):
        seat, eq, left = part.partition("=")
        if not eq:
            raise StateError(tr("{token}: expected seat=chicks, like setup:2=1,3=2", token=repr(token)))
        queue.append([number(seat, token, 1, n, "a seat") - 1, number(left, token, 1, 3, "chicks to place")])
    if not queue:
        raise StateError(tr("phase setup needs setup:seat=chicks,... (who still places chicks)"))
    return queue

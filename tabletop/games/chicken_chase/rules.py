"""Chicken Chase rules core (no pygame): the state, its legal moves, chance (dice, card draws, the
starting player), hidden hands and JSON.

The turn is split into one decision per gesture (see ``moves.py``). ``phase`` names the sub-phase:

- ``first``   chance picks the starting player (only when the menu did not);
- ``setup``   the players after the starter place 1, 2, 3 chicks on feed fields 1–4;
- ``action``  the player chooses action A (roll), B (a set of cards on one hen) or C (first card);
- ``roll``    chance rolls 3, 2, then 1 dice (``roll_index`` 0, 1, 2);
- ``place``   the player places chicks with groups of the remaining ``dice`` or ends the roll;
- ``card``    after the three rolls: play at most one card;
- ``c_second`` action C's second card, on the other hen;
- ``over``.

Card draws (feed refills, starting hands) are queued in ``draws`` and resolved as chance moves
before anything else, so ``apply`` never hides randomness. An empty deck is refilled from its
discards at the moment of the draw (the shuffle is the draw's randomness); a feed field whose deck
and discards are both empty stays bare until a card of that deck is played.
"""

from __future__ import annotations

import random
from bisect import insort
from dataclasses import dataclass
from functools import cache
from typing import Any

from tabletop.core import CHANCE, GameState, IllegalMoveError, Outcome, Setup, StateError
from tabletop.core.spec import OptionError
from tabletop.games.chicken_chase import hill
from tabletop.games.chicken_chase.dice import ROLL_SIZES, groups, remove_group, roll_outcomes
from tabletop.games.chicken_chase.moves import (
    CHOOSE_ROLL,
    END_ROLL,
    NO_CARD,
    ChooseRoll,
    Draw,
    EndRoll,
    FirstPlayer,
    NoCard,
    Place,
    PlayB,
    PlayC,
    PlayCard,
    Roll,
    SetupChick,
    card_deck,
    card_value,
    draw_move,
    place_move,
    play_b_move,
    play_c_move,
    play_card_move,
    roll_move,
)
from tabletop.i18n import tr

CHICKS = 15
SETUP_FIELDS = 4
FEED_FIELDS = 10
B_LIMIT = 8
MAX_TURNS = 5000
"""Safety net against a program fault only: the rules have no turn limit and no winner "by
progress" (every accepted set of blocked fields can be won), so a game that still runs after this
many turns stops as :data:`STOPPED` with **no winner**. Seeded random games end long before it."""
STOPPED = "stopped"

PHASES = ("first", "setup", "action", "roll", "place", "card", "c_second", "over")
CARD_RULES = ("own_three", "any_three")


@dataclass(frozen=True)
class Topology:
    """What the rules need from the board file (shared, immutable, saved with the state)."""

    deck_ids: tuple[str, ...]
    deck_names: tuple[str, ...]
    deck_cards: tuple[tuple[int, ...], ...]  # per deck: count of each value 0..8
    feed_deck: tuple[int, ...]
    starting_hand: tuple[int, ...]
    player_names: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        return {"deck_ids": list(self.deck_ids), "deck_names": list(self.deck_names),
                "deck_cards": [list(c) for c in self.deck_cards], "feed_deck": list(self.feed_deck),
                "starting_hand": list(self.starting_hand), "player_names": list(self.player_names)}

    @classmethod
    def from_json(cls, data: Any) -> Topology:
        topo = cls(tuple(str(x) for x in data["deck_ids"]), tuple(str(x) for x in data["deck_names"]),
                   tuple(tuple(int(n) for n in c) for c in data["deck_cards"]),
                   tuple(int(d) for d in data["feed_deck"]), tuple(int(d) for d in data["starting_hand"]),
                   tuple(str(x) for x in data["player_names"]))
        decks = len(topo.deck_ids)
        if not 1 <= decks <= 9 or len(topo.deck_names) != decks or len(topo.deck_cards) != decks:
            raise StateError(tr("the decks in the saved topology do not match"))
        if any(len(c) != 9 or c[0] != 0 or min(c) < 0 for c in topo.deck_cards):
            raise StateError(tr("a saved deck has card values outside 1-8"))
        if len(topo.feed_deck) != FEED_FIELDS or any(not 0 <= d < decks for d in topo.feed_deck):
            raise StateError(tr("the saved feed strip names a deck that does not exist"))
        if any(not 0 <= d < decks for d in topo.starting_hand):
            raise StateError(tr("the saved starting hand names a deck that does not exist"))
        return topo


def topology_from_layout(layout: Any) -> Topology:
    counts = []
    for deck in layout.decks:
        tally = [0] * 9
        for v in deck.cards:
            tally[v] += 1
        counts.append(tuple(tally))
    return Topology(tuple(d.id for d in layout.decks), tuple(d.name for d in layout.decks), tuple(counts),
                    tuple(layout.feed_deck), tuple(layout.starting_hand),
                    tuple(p.name for p in layout.players))


@cache
def _b_sets(hand: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Distinct non-empty sub-multisets of a sorted hand whose values sum to at most 8."""
    distinct = sorted(set(hand))
    have = {c: hand.count(c) for c in distinct}
    found: list[tuple[int, ...]] = []

    def walk(i: int, chosen: list[int], total: int) -> None:
        if i == len(distinct):
            if chosen:
                found.append(tuple(chosen))
            return
        code = distinct[i]
        value = card_value(code)
        walk(i + 1, chosen, total)
        taken = 0
        while taken < have[code] and total + value * (taken + 1) <= B_LIMIT:
            taken += 1
            walk(i + 1, chosen + [code] * taken, total + value * taken)

    walk(0, [], 0)
    return tuple(sorted(found))


class ChickenState(GameState):
    """One position of Chicken Chase. Seats 0..n-1; hen ``h`` belongs to seat ``h // 2``."""

    game_id = "chicken_chase"

    __slots__ = ("n", "topo", "blocked", "card_rule", "variant", "hens", "known", "hidden", "supply",
                 "chicks", "face", "pile", "discards", "draws", "phase", "first", "turn", "setup_queue",
                 "roll_index", "dice", "c_hen", "winner", "turns", "reason")

    def __init__(self, players: int, topo: Topology, blocked: tuple[int, ...], card_rule: str = "own_three",
                 variant: str = "normal", first_player: int | None = None) -> None:
        self.n = players
        self.topo = topo
        self.blocked = frozenset(blocked)
        self.card_rule = card_rule
        self.variant = variant
        self.hens = [0] * (2 * players)
        self.known: list[list[int]] = [[] for _ in range(players)]   # cards others saw him take
        self.hidden: list[list[int]] = [[] for _ in range(players)]  # cards dealt face down
        self.supply = [CHICKS] * players
        self.chicks = [[0] * players for _ in range(FEED_FIELDS)]
        self.face: list[int | None] = [None] * FEED_FIELDS
        self.pile = [list(c) for c in topo.deck_cards]
        self.discards = [[0] * 9 for _ in topo.deck_cards]
        self.draws: list[tuple[int, ...]] = [(f,) for f in range(FEED_FIELDS)]
        self.draws += [(-1, seat, d) for seat in range(players) for d in topo.starting_hand]
        self.first = first_player
        self.turn = first_player if first_player is not None else 0
        self.setup_queue: list[tuple[int, int]] = []
        self.phase = "first"
        if first_player is not None:
            self._begin_setup()
        self.roll_index = 0
        self.dice: tuple[int, ...] = ()
        self.c_hen = -1
        self.winner: int | None = None
        self.turns = 0
        self.reason = ""
        self._settle_draws()

    # -- who moves -------------------------------------------------------------------------------
    @property
    def num_players(self) -> int:
        return self.n

    @property
    def current_player(self) -> int | None:
        phase = self.phase
        if phase == "over":
            return None
        if self.draws or phase == "roll" or phase == "first":
            return CHANCE
        if phase == "setup":
            return self.setup_queue[0][0]
        return self.turn

    @property
    def subphase(self) -> str:
        """``draw`` while a card draw is due, else ``phase`` (for the UI's prompt)."""
        return "draw" if self.draws and self.phase != "over" else self.phase

    def hand_being_dealt(self, seat: int) -> bool:
        """Some of the seat's starting cards are still queued to be drawn: an empty hand then is
        not "no cards" (the UI says they are on their way)."""
        return any(draw[0] < 0 and draw[1] == seat for draw in self.draws)

    def field_due(self) -> int | None:
        """The feed field (0-based) the next queued draw lays a card on; None when none is due or
        it is a starting hand's card, or the game is over."""
        if self.phase == "over" or not self.draws or self.draws[0][0] < 0:
            return None
        return self.draws[0][0]

    # -- chance ----------------------------------------------------------------------------------
    def _draw_deck(self) -> int:
        target = self.draws[0]
        return self.topo.feed_deck[target[0]] if target[0] >= 0 else target[2]

    def _draw_source(self, deck: int) -> list[int]:
        pile = self.pile[deck]
        return pile if any(pile) else self.discards[deck]

    def chance_outcomes(self) -> list[tuple[Any, float]]:
        if self.phase == "over":
            return []
        if self.draws:
            deck = self._draw_deck()
            source = self._draw_source(deck)
            total = sum(source)
            return [(draw_move(deck * 10 + v), n / total) for v, n in enumerate(source) if n]
        if self.phase == "first":
            return [(FirstPlayer(s), 1 / self.n) for s in range(self.n)]
        if self.phase == "roll":
            return [(roll_move(d), p) for d, p in roll_outcomes(ROLL_SIZES[self.roll_index])]
        return []

    def sample_chance(self, rng: random.Random) -> Any:
        if self.phase != "over" and not self.draws and self.phase == "roll":
            count = ROLL_SIZES[self.roll_index]
            return roll_move(tuple(sorted(rng.randint(1, 6) for _ in range(count))))
        if self.draws and self.phase != "over":
            deck = self._draw_deck()
            source = self._draw_source(deck)
            pick = rng.randrange(sum(source))
            for v, n in enumerate(source):
                if pick < n:
                    return draw_move(deck * 10 + v)
                pick -= n
        return super().sample_chance(rng)

    # -- legal moves -----------------------------------------------------------------------------
    def hand(self, seat: int) -> list[int]:
        """The seat's cards, sorted (what only that seat may see; others see ``len``)."""
        return sorted(self.known[seat] + self.hidden[seat])

    def movable_hens(self, seat: int) -> list[int]:
        """The seat's hens (0/1) that a card can move: a hen on the finish stays there."""
        return [k for k in (0, 1) if self.hens[2 * seat + k] != hill.FINISH]

    def legal_moves(self) -> list[Any]:
        player = self.current_player
        if player is None:
            return []
        if player == CHANCE:
            return [m for m, _ in self.chance_outcomes()]
        phase = self.phase
        if phase == "place":
            return self._place_moves(player)
        if phase == "setup":
            row = self.chicks
            return [SetupChick(f + 1) for f in range(SETUP_FIELDS) if row[f][player] == 0]
        hand = self.hand(player)
        distinct = sorted(set(hand))
        if phase == "card":
            movable = self.movable_hens(player)
            return [play_card_move(c, k) for c in distinct for k in movable] + [NO_CARD]
        if phase == "c_second":
            return [play_card_move(c, self.c_hen) for c in distinct]
        # action
        movable = self.movable_hens(player)
        moves: list[Any] = [CHOOSE_ROLL]
        if hand:
            moves += [play_b_move(cards, k) for cards in _b_sets(tuple(hand)) for k in movable]
            if len(hand) >= 2 and len(movable) == 2:
                moves += [play_c_move(c, k) for c in distinct for k in movable]
        return moves

    def _place_moves(self, seat: int) -> list[Any]:
        options = groups(self.dice)
        moves: list[Any] = []
        if self.supply[seat] > 0:
            moves = [place_move(sum(g), g, 0) for g in options]
        else:
            for source in range(1, FEED_FIELDS + 1):
                if self.chicks[source - 1][seat]:
                    moves += [place_move(sum(g), g, source) for g in options if sum(g) != source]
        moves.append(END_ROLL)
        return moves

    def reachable_feed_fields(self, group: tuple[int, ...]) -> list[int]:
        """The feed field a chosen group of the remaining dice names ([] if none), for the UI."""
        group = tuple(sorted(group))
        return [sum(group)] if self.phase == "place" and group in groups(self.dice) else []

    def hen_landing(self, seat: int, hen: int, steps: int) -> list[int]:
        """Every hen's field (global hen index ``2*seat+k``) if the seat's hen ``hen`` moved
        ``steps`` now: the UI's preview, pushes included."""
        return hill.landing(self.hens, self.blocked, 2 * seat + hen, steps)

    # -- applying --------------------------------------------------------------------------------
    def apply_unchecked(self, move: Any) -> None:
        kind = type(move)
        if kind is Place:
            self._place(move)
        elif kind is Roll:
            self.dice = move.dice
            self.phase = "place"
        elif kind is Draw:
            self._draw(move.card)
        elif kind is EndRoll:
            self._next_roll()
        elif kind is PlayCard:
            self._play(move.card, self.turn, move.hen)
            if self.phase != "over":
                self._end_turn()
        elif kind is ChooseRoll:
            self.phase = "roll"
            self.roll_index = 0
        elif kind is NoCard:
            self._end_turn()
        elif kind is PlayB:
            self._play_b(move)
        elif kind is PlayC:
            self._play(move.card, self.turn, move.hen)
            if self.phase != "over":
                self.phase = "c_second"
                self.c_hen = 1 - move.hen
                if not self.hand(self.turn) or self.hens[2 * self.turn + self.c_hen] == hill.FINISH:
                    self._end_turn()
        elif kind is SetupChick:
            seat, left = self.setup_queue[0]
            self.chicks[move.field - 1][seat] += 1
            self.supply[seat] -= 1
            if left > 1:
                self.setup_queue[0] = (seat, left - 1)
            else:
                self.setup_queue.pop(0)
                if not self.setup_queue:
                    self.phase = "action"
        elif kind is FirstPlayer:
            self.first = move.seat
            self.turn = move.seat
            self._begin_setup()
        else:
            raise IllegalMoveError(tr("{move} is not a Chicken Chase move", move=move))

    def _begin_setup(self) -> None:
        first = self.first if self.first is not None else 0
        self.setup_queue = [((first + i) % self.n, i) for i in range(1, self.n)]
        self.phase = "setup" if self.setup_queue else "action"

    def _draw(self, card: int) -> None:
        deck = card_deck(card)
        if not any(self.pile[deck]):
            self.pile[deck], self.discards[deck] = self.discards[deck], [0] * 9
        self.pile[deck][card_value(card)] -= 1
        target = self.draws.pop(0)
        if target[0] >= 0:
            self.face[target[0]] = card
        else:
            insort(self.hidden[target[1]], card)
        self._settle_draws()

    def _settle_draws(self) -> None:
        """Drop leading draws whose deck and discards are both empty (the field stays bare)."""
        while self.draws:
            deck = self._draw_deck()
            if any(self.pile[deck]) or any(self.discards[deck]):
                return
            self.draws.pop(0)

    def _place(self, move: Place) -> None:
        seat = self.turn
        field = move.field - 1
        row = self.chicks[field]
        if move.source:
            self.chicks[move.source - 1][seat] -= 1
        else:
            self.supply[seat] -= 1
        row[seat] += 1
        card = self.face[field]
        if card is not None and (row[seat] >= 3 if self.card_rule == "own_three" else sum(row) >= 3):
            insort(self.known[seat], card)
            for s in range(self.n):
                self.supply[s] += row[s]
                row[s] = 0
            self.face[field] = None
            self.draws.append((field,))
            self._settle_draws()
        self.dice = remove_group(self.dice, move.dice)
        if not self.dice:
            self._next_roll()

    def _next_roll(self) -> None:
        self.dice = ()
        self.roll_index += 1
        if self.roll_index < len(ROLL_SIZES):
            self.phase = "roll"
        elif self.known[self.turn] or self.hidden[self.turn]:
            self.phase = "card"
        else:
            self._end_turn()

    def _take_from_hand(self, seat: int, card: int) -> None:
        """Remove a played card: a publicly known copy first (what the watchers would assume)."""
        for cards in (self.known[seat], self.hidden[seat]):
            if card in cards:
                cards.remove(card)
                return
        raise IllegalMoveError(tr("seat {seat} holds no {value} of deck {deck}", seat=seat + 1,
                                            value=card_value(card), deck=card_deck(card) + 1))

    def _discard(self, card: int) -> None:
        deck = card_deck(card)
        self.discards[deck][card_value(card)] += 1
        for field in range(FEED_FIELDS):
            if self.face[field] is None and self.topo.feed_deck[field] == deck and (field,) not in self.draws:
                self.draws.append((field,))
        self._settle_draws()

    def _step(self, seat: int, hen: int, steps: int) -> None:
        hill.move_hen(self.hens, self.blocked, 2 * seat + hen, steps)
        if hill.has_won(self.hens, seat):
            self.winner = seat
            self.reason = "finish"
            self.phase = "over"
            self.draws.clear()

    def _play(self, card: int, seat: int, hen: int) -> None:
        self._take_from_hand(seat, card)
        self._discard(card)
        self._step(seat, hen, card_value(card))

    def _play_b(self, move: PlayB) -> None:
        seat = self.turn
        for card in move.cards:
            self._take_from_hand(seat, card)
            self._discard(card)
        self._step(seat, move.hen, sum(card_value(c) for c in move.cards))
        if self.phase != "over":
            self._end_turn()

    def _end_turn(self) -> None:
        self.turn = (self.turn + 1) % self.n
        self.turns += 1
        self.phase = "action"
        self.dice = ()
        self.roll_index = 0
        self.c_hen = -1
        if self.turns >= MAX_TURNS:
            self.winner = None
            self.reason = STOPPED
            self.phase = "over"
            self.draws.clear()

    # -- end -------------------------------------------------------------------------------------
    def outcome(self) -> Outcome | None:
        if self.phase != "over":
            return None
        points = tuple(float(self.hens[2 * s] + self.hens[2 * s + 1]) for s in range(self.n))
        winners = (self.winner,) if self.winner is not None else ()
        names = self.topo.player_names
        who = tr(names[self.winner]) if self.winner is not None and self.winner < len(names) else "?"
        detail = ""  # (a save from before the safety net may say "turn_limit")
        if self.reason == "finish":
            detail = tr("{who} brought both hens to the finish", who=who)
        elif self.reason == STOPPED:
            detail = tr("the game was stopped after {n} turns with no winner (a safety net against a "
                        "program fault)", n=f"{self.turns:,}")
        return Outcome(self.reason, winners, points, detail)

    # -- copies ----------------------------------------------------------------------------------
    def copy(self) -> ChickenState:
        other = ChickenState.__new__(ChickenState)
        other.n = self.n
        other.topo = self.topo
        other.blocked = self.blocked
        other.card_rule = self.card_rule
        other.variant = self.variant
        other.hens = self.hens[:]
        other.known = [h[:] for h in self.known]
        other.hidden = [h[:] for h in self.hidden]
        other.supply = self.supply[:]
        other.chicks = [r[:] for r in self.chicks]
        other.face = self.face[:]
        other.pile = [p[:] for p in self.pile]
        other.discards = [p[:] for p in self.discards]
        other.draws = self.draws[:]
        other.phase = self.phase
        other.first = self.first
        other.turn = self.turn
        other.setup_queue = self.setup_queue[:]
        other.roll_index = self.roll_index
        other.dice = self.dice
        other.c_hen = self.c_hen
        other.winner = self.winner
        other.turns = self.turns
        other.reason = self.reason
        return other

    def observation(self, seat: int) -> ChickenState:
        """What ``seat`` may know. Cards a player took from the feed were seen by all; the cards
        dealt face down to the others are re-dealt at random from the cards ``seat`` has not
        seen (that deck's draw pile plus those hidden cards), keeping each hidden card's deck
        (the backs show it) and every count. The seed uses only public facts."""
        view = self.copy()
        others = [s for s in range(self.n) if s != seat and self.hidden[s]]
        if not others:
            return view
        rng = random.Random(f"cc-obs:{seat}:{self.turns}:{self.phase}:{self.roll_index}:{self.dice}")
        for deck in range(len(self.topo.deck_ids)):
            pool: list[int] = []
            for v, n in enumerate(self.pile[deck]):
                pool += [deck * 10 + v] * n
            wanted: list[tuple[int, int]] = []
            for s in others:
                count = sum(1 for c in self.hidden[s] if card_deck(c) == deck)
                pool += [c for c in self.hidden[s] if card_deck(c) == deck]
                wanted.append((s, count))
            if not any(count for _, count in wanted):
                continue
            pool.sort()  # the same unseen multiset must give the same re-deal
            rng.shuffle(pool)
            for s, count in wanted:
                keep = [c for c in view.hidden[s] if card_deck(c) != deck]
                keep += pool[:count]
                del pool[:count]
                view.hidden[s] = sorted(keep)
            tally = [0] * 9
            for c in pool:
                tally[card_value(c)] += 1
            view.pile[deck] = tally
        return view

    # -- presentation ------------------------------------------------------------------------------
    def player_name(self, seat: int) -> str:
        names = self.topo.player_names
        return tr(names[seat]).capitalize() if seat < len(names) else tr("Seat {n}", n=seat + 1)

    def card_name(self, card: int) -> str:
        deck = card_deck(card)
        return f"{card_value(card)} ({tr(self.topo.deck_names[deck])})"

    def describe_move(self, move: Any, names: Any = None) -> str:
        """The log's sentence: who, what from where to where (a chick from the supply or a feed
        field to a feed field; a hen from field to field, and every hen it pushes down), and every
        card that changes hands (a card won on a feed field, a card drawn). ``names``: the seats
        as the app names them (default: the board's colours)."""
        def name(seat: int) -> str:
            return names[seat] if names is not None and 0 <= seat < len(names) else self.player_name(seat)

        seat = self.current_player if self.current_player not in (None, CHANCE) else None
        who = name(seat) if seat is not None else ""
        kind = type(move)
        if kind is Roll:
            return tr("{who} rolls {dice}", who=name(self.turn), dice=", ".join(str(d) for d in move.dice))
        if kind is Draw:
            if self.draws and self.draws[0][0] < 0:
                return tr("{who} draws a card from {deck}", who=name(self.draws[0][1]),
                          deck=tr(self.topo.deck_names[card_deck(move.card)]))
            return tr("A {card} is laid on feed field {field}", card=self.card_name(move.card),
                      field=self.draws[0][0] + 1)
        if kind is FirstPlayer:
            return tr("{who} starts", who=name(move.seat))
        if kind is SetupChick:
            return tr("{who}: chick supply->feed field {field}", who=who, field=move.field)
        if kind is ChooseRoll:
            return tr("{who} chooses action A (rolling the dice)", who=who)
        if kind is Place:
            # the dice used, in words: "feed field 6 (6)" did not say what the 6 in brackets was
            dice = " + ".join(str(d) for d in move.dice)
            if move.source and len(move.dice) == 1:
                text = tr("{who}: chick feed field {source}->feed field {field} with a {die}",
                          who=who, source=move.source, field=move.field, die=dice)
            elif move.source:
                text = tr("{who}: chick feed field {source}->feed field {field} with dice {dice}",
                          who=who, source=move.source, field=move.field, dice=dice)
            elif len(move.dice) == 1:
                text = tr("{who}: chick supply->feed field {field} with a {die}", who=who, field=move.field, die=dice)
            else:
                text = tr("{who}: chick supply->feed field {field} with dice {dice}", who=who, field=move.field,
                          dice=dice)
            card = self.face[move.field - 1]
            after = self.copy()
            after.apply_unchecked(move)
            if card is not None and len(after.known[seat]) > len(self.known[seat]):  # type: ignore[index]
                text += tr(", wins the {card} card (the chicks there go home)", card=self.card_name(card))
            return text
        if kind is EndRoll:
            # "leaves the other dice" after a roll of which no die was used named dice that were not there
            left = ", ".join(str(d) for d in self.dice)
            if self.roll_index < len(ROLL_SIZES) and len(self.dice) >= ROLL_SIZES[self.roll_index]:
                return tr("{who} places no chick with this roll ({dice})", who=who, dice=left)
            return tr("{who} leaves the other dice ({dice})", who=who, dice=left)
        if kind is NoCard:
            return tr("{who} plays no card", who=who)
        if kind in (PlayCard, PlayC, PlayB):
            after = self.copy()
            after.apply_unchecked(move)
            hen = 2 * self.turn + move.hen
            frm, to = self.hens[hen], after.hens[hen]
            target = min(frm + sum(card_value(c) for c in (move.cards if kind is PlayB else (move.card,))), hill.FINISH)
            if to == frm and target in self.blocked:
                # "hen 1: 11->11" did not say why the card moved nothing; "and no field below it is
                # free" was untrue (the fields below the hen were free): none between the two is
                walk = tr("hen {hen} stays on {field}: field {target} is blocked and no field between is free",
                          hen=move.hen + 1, field=field_word(frm), target=target)
            else:
                walk = tr("hen {hen}: {frm}->{to}", hen=move.hen + 1, frm=field_word(frm), to=field_word(to))
                if target in self.blocked:
                    walk += tr(" (field {target} is blocked)", target=target)
            if kind is PlayB and len(move.cards) == 1:
                text = tr("{who} plays {card} (action B): {walk}", who=who, card=self.card_name(move.cards[0]), walk=walk)
            elif kind is PlayB:
                cards = " + ".join(self.card_name(c) for c in move.cards)
                total = sum(card_value(c) for c in move.cards)
                text = tr("{who} plays {cards} = {total} (action B): {walk}", who=who, cards=cards, total=total,
                          walk=walk)
            elif kind is PlayC or self.phase == "c_second":
                # action B's cards said "(action B)", action C's said nothing of the other hen's card to come
                text = tr("{who} plays {card} (action C): {walk}", who=who, card=self.card_name(move.card), walk=walk)
            else:
                text = tr("{who} plays {card}: {walk}", who=who, card=self.card_name(move.card), walk=walk)
            for other, (a, b) in enumerate(zip(self.hens, after.hens, strict=True)):
                if other != hen and a != b:
                    text += tr(", pushes {whose}'s hen {k} down: {frm}->{to}", whose=name(other // 2), k=other % 2 + 1,
                               frm=field_word(a), to=field_word(b))
            if after.phase == "over" and after.winner == self.turn:
                text += tr(": both hens at the finish!")
            return text
        return str(move)

    # -- JSON ------------------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game_id, "players": self.n, "variant": self.variant, "card_rule": self.card_rule,
            "blocked": sorted(self.blocked), "topology": self.topo.to_json(),
            "hens": list(self.hens), "known": [list(h) for h in self.known],
            "hidden": [list(h) for h in self.hidden], "supply": list(self.supply),
            "chicks": [list(r) for r in self.chicks], "face": list(self.face),
            "pile": [list(p) for p in self.pile], "discards": [list(p) for p in self.discards],
            "draws": [list(t) for t in self.draws], "phase": self.phase, "first": self.first,
            "turn": self.turn, "setup_queue": [list(q) for q in self.setup_queue],
            "roll_index": self.roll_index, "dice": list(self.dice), "c_hen": self.c_hen,
            "winner": self.winner, "turns": self.turns, "reason": self.reason,
        }

    @classmethod
    def from_json(cls, data: Any) -> ChickenState:
        from tabletop.games.chicken_chase.stateio import state_from_json

        return state_from_json(cls, data)

    def to_notation(self, seat: int | None = None) -> str:
        """The position as one line (``docs/notation.md``), face-down cards included; with ``seat``,
        that seat's view (the others' face-down cards show only their deck)."""
        from tabletop.games.chicken_chase.notation import format_state

        return format_state(self, seat)

    @classmethod
    def from_notation(cls, text: str, layout: Any = None) -> ChickenState:
        """A state from its full notation, with the shipped decks or ``layout``'s; StateError names
        the bad word."""
        from tabletop.games.chicken_chase.notation import parse_state

        return parse_state(text, layout)


def field_word(field: int) -> str:
    """A hen's field as the board labels it: "Start" or its number."""
    return tr("Start (hill field)") if field <= 0 else str(field)


def new_game(setup: Setup) -> ChickenState:
    """Deal a new game from the menu's setup (layout from ``setup.layout``)."""
    from tabletop.games.chicken_chase.layout import TABLE_VARIANTS

    layout = setup.layout
    if layout is None:
        from tabletop.games.chicken_chase.layout import load_layout
        from tabletop.layout import BoardStore

        layout = load_layout(BoardStore([]))
    if setup.variant in TABLE_VARIANTS:
        blocked = layout.blocked_for(setup.variant, setup.players)
    else:
        blocked = tuple(setup.options.get("blocked", ()))
    return ChickenState(setup.players, topology_from_layout(layout), blocked,
                        setup.options.get("card_rule", "own_three"), setup.variant, _starter(setup))


def _starter(setup: Setup) -> int | None:
    """The seat that starts: the one the caller names (``simulate`` takes turns), else the menu's
    First player, else None (chance draws it at the start)."""
    if setup.first_player is not None:
        return setup.first_player
    chosen = setup.options.get("starter", "random")
    if chosen == "random":
        return None
    from tabletop.games.chicken_chase import starter_choices

    seats = starter_choices(setup.players)[1:]
    if chosen not in seats:
        raise OptionError(tr("{colour} does not play with {n} players: the first player is one of {seats}",
                             colour=tr(chosen), n=setup.players, seats=", ".join(tr(c) for c in seats)))
    return seats.index(chosen)

"""A one-line text notation for a Plakoto position (like chess FEN), with ``parse`` and ``format``.

Why text: tests, bug reports and the log can state a position in one readable line, and the shared
rules cases use the same point syntax. Points are numbered 1-24 from **White's** side (White moves
24 → 1, Black 1 → 24), as in the cases file. Example (the start of a match, White to roll)::

    w - 1:b15 24:w15 off:w0,b0 mother:w+b+ match:0-0/5 start:w

Tokens, separated by spaces (``docs/notation.md`` has the whole story):

1. who acts: ``w`` / ``b`` (to roll or to move), ``opening`` (the opening roll is due), ``next``
   (a game of the match has just ended on the position shown; going on to the next game is due)
   or ``over`` (the match is finished, on its last position);
2. the dice: ``-`` (not rolled yet), ``65`` (rolled 6-5, nothing used yet; ``33`` means four 3s to
   play), or ``65/5`` (rolled 6-5, only the 5 is left);
3. every occupied point ``<point>:<w|b><count>[*]``: the colour on top, how many of that colour, and
   ``*`` when they pin one checker of the other colour below;
4. ``off:w<n>,b<n>`` borne-off checkers;
5. ``mother:w<s>b<s>`` (optional when parsing; checked against the points): per player ``+`` several
   checkers still on his starting point, ``m`` only the mother left there, ``p`` the mother is
   pinned, ``-`` none left there;
6. ``match:<white>-<black>/<target>``, ``start:<w|b>`` (who began this game; a tie keeps him), and
   ``home:occupies`` when pinned home checkers only occupy their point (default ``home:blocks``);
7. the match so far (``PlakotoState.to_notation`` writes them; optional when parsing):
   ``games:<result>@<starter>,...`` the finished games in order, a result being ``w2m`` (White won
   2 points by the mother), ``b1o`` (Black won 1 point by bearing off) or ``t`` (a tie), and
   ``opening:<white><black>`` the last opening roll.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from tabletop.core.errors import StateError
from tabletop.i18n import tr

from .movegen import CHECKERS, dice_left

COLOURS = "wb"
NAMES = ("White", "Black")
MATCH_TARGETS = (1, 3, 5, 7)
HOME_RULES = ("blocks", "occupies")

_POINT = re.compile(r"^(\d{1,2}):([wb])(\d{1,2})(\*?)$")
_DICE = re.compile(r"^([1-6])([1-6])(?:/([1-6]{1,4}))?$")
_OFF = re.compile(r"^off:w(\d{1,2}),b(\d{1,2})$")
_MOTHER = re.compile(r"^mother:w([-+mp])b([-+mp])$")
_MATCH = re.compile(r"^match:(\d{1,2})-(\d{1,2})/(\d{1,2})$")
_GAME = re.compile(r"^(?:([wb])([12])([om])|t)@([wb])$")
_OPENING = re.compile(r"^opening:([1-6])([1-6])$")
SIDES = ("w", "b", "opening", "next", "over")
REASONS = {"o": "borne_off", "m": "mother"}

Result = tuple[int | None, str, int, int]
"""A finished game: (winner or None for a tie, reason, points, who started it)."""


@dataclass
class Position:
    """Everything the notation holds; ``cnt``/``pin`` are indexed 1..24 (index 0 unused).

    ``cnt[p] > 0``: that many white checkers on top, ``< 0``: black ones; ``pin[p]`` 1 when the top
    checkers pin one checker of the other colour.
    """

    side: str  # "w", "b", "opening", "next", "over"
    dice: tuple[int, int] | None
    left: tuple[int, ...]
    cnt: list[int]
    pin: list[int]
    off: list[int]
    score: list[int]
    target: int
    starter: int
    home_rule: str = "blocks"
    games: list[Result] | None = None  # the finished games, when the text lists them
    opening: tuple[int, int] | None = None  # the last opening roll (White's die, Black's die)


def points_text(cnt: list[int] | tuple[int, ...], pin: list[int] | tuple[int, ...], off: list[int]) -> str:
    """The board part in the cases' syntax: ``1:b12 2:b1 ... off:w0,b0``."""
    parts = []
    for p in range(1, 25):
        x = cnt[p]
        if x:
            parts.append(f"{p}:{'w' if x > 0 else 'b'}{abs(x)}{'*' if pin[p] else ''}")
    parts.append(f"off:w{off[0]},b{off[1]}")
    return " ".join(parts)


def on_point(cnt: list[int], pin: list[int], p: int, seat: int) -> int:
    """How many checkers of ``seat`` stand on point ``p`` (pinned ones included)."""
    x = cnt[p] if seat == 0 else -cnt[p]
    if x > 0:
        return x
    return 1 if x < 0 and pin[p] else 0


def mother_status(cnt: list[int], pin: list[int], seat: int) -> str:
    """``+`` several on the start point, ``m`` the mother alone, ``p`` mother pinned, ``-`` none."""
    start = 24 if seat == 0 else 1
    x = cnt[start] if seat == 0 else -cnt[start]
    if x < 0 and pin[start]:
        return "p"
    if x > 1:
        return "+"
    if x == 1:
        return "m"
    return "-"


def finished_game(cnt: list[int], pin: list[int], off: list[int]) -> tuple[int | None, str, int] | None:
    """The result a finished game's last position shows, as the rules decide it at the end of a
    turn: (winner or None, reason, points); None while the game goes on."""
    for seat in (0, 1):
        if off[seat] == CHECKERS:
            return seat, "borne_off", 2 if off[1 - seat] == 0 else 1
    white_pinned = cnt[24] < 0 and pin[24] == 1
    black_pinned = cnt[1] > 0 and pin[1] == 1
    if white_pinned and black_pinned:
        return None, "tie", 0
    if white_pinned and on_point(cnt, pin, 1, 1) == 0:
        return 1, "mother", 2
    if black_pinned and on_point(cnt, pin, 24, 0) == 0:
        return 0, "mother", 2
    return None


def history_text(games: list[Result], opening: tuple[int, int] | None) -> str:
    """The ``games:`` and ``opening:`` words ("" when there is no history)."""
    tokens = []
    if games:
        entries = []
        for winner, reason, points, starter in games:
            head = "t" if winner is None else f"{COLOURS[winner]}{points}{'m' if reason == 'mother' else 'o'}"
            entries.append(f"{head}@{COLOURS[starter]}")
        tokens.append("games:" + ",".join(entries))
    if opening is not None:
        tokens.append(f"opening:{opening[0]}{opening[1]}")
    return " ".join(tokens)


def _parse_games(tok: str) -> list[Result]:
    games: list[Result] = []
    for entry in tok[len("games:"):].split(","):
        m = _GAME.match(entry)
        if not m:
            raise StateError(tr("{token}: cannot read the game {entry} (like w2m@b, b1o@w or t@w)", token=repr(tok),
                                entry=repr(entry)))
        starter = COLOURS.index(m.group(4))
        if m.group(1) is None:
            games.append((None, "tie", 0, starter))
            continue
        reason = REASONS[m.group(3)]
        if reason == "mother" and m.group(2) != "2":
            raise StateError(tr("{token}: {entry}: pinning the mother scores 2 points", token=repr(tok),
                                entry=repr(entry)))
        games.append((COLOURS.index(m.group(1)), reason, int(m.group(2)), starter))
    return games


def dice_text(dice: tuple[int, int] | None, left: tuple[int, ...]) -> str:
    if dice is None:
        return "-"
    text = f"{dice[0]}{dice[1]}"
    if tuple(left) != dice_left(*dice):
        text += "/" + "".join(str(d) for d in left)
    return text


def format_position(pos: Position) -> str:
    tokens = [pos.side, dice_text(pos.dice, pos.left), points_text(pos.cnt, pos.pin, pos.off),
              f"mother:w{mother_status(pos.cnt, pos.pin, 0)}b{mother_status(pos.cnt, pos.pin, 1)}",
              f"match:{pos.score[0]}-{pos.score[1]}/{pos.target}", f"start:{COLOURS[pos.starter]}"]
    if pos.home_rule != "blocks":
        tokens.append(f"home:{pos.home_rule}")
    return " ".join(tokens)


def parse_position(text: str) -> Position:
    """Parse and validate a position; raise :class:`StateError` naming the first problem."""
    if not isinstance(text, str):
        raise StateError(tr("a Plakoto position must be text"))
    tokens = text.split()
    if len(tokens) < 2:
        raise StateError(tr("a Plakoto position needs at least who acts and the dice"))
    side, dice_tok, rest = tokens[0], tokens[1], tokens[2:]
    if side not in SIDES:
        raise StateError(tr("unknown side {side}: expected w, b, opening, next or over", side=repr(side)))
    dice: tuple[int, int] | None = None
    left: tuple[int, ...] = ()
    if dice_tok != "-":
        m = _DICE.match(dice_tok)
        if not m:
            raise StateError(tr("bad dice {dice}: expected '-', like '65' or '65/5'", dice=repr(dice_tok)))
        dice = (int(m.group(1)), int(m.group(2)))
        full = dice_left(*dice)
        left = tuple(sorted((int(c) for c in m.group(3)), reverse=True)) if m.group(3) else full
        pool = list(full)
        for d in left:
            if d not in pool:
                raise StateError(tr("dice {dice}: {d} is not left from a roll of {high}-{low}", dice=repr(dice_tok), d=d,
                                    high=dice[0], low=dice[1]))
            pool.remove(d)
        if side not in ("w", "b"):
            raise StateError(tr("dice {dice} given, but nobody is to move ({side})", dice=repr(dice_tok), side=side))
    cnt = [0] * 25
    pin = [0] * 25
    off: list[int] | None = None
    mother: tuple[str, str] | None = None
    score, target, starter, home_rule = [0, 0], 5, 0, "blocks"
    seen_start = False
    games: list[Result] | None = None
    opening: tuple[int, int] | None = None
    for tok in rest:
        if m := _POINT.match(tok):
            p, colour, n, star = int(m.group(1)), m.group(2), int(m.group(3)), m.group(4)
            if not 1 <= p <= 24:
                raise StateError(tr("point {p} in {token}: points are 1 to 24", p=p, token=repr(tok)))
            if cnt[p]:
                raise StateError(tr("point {n} is given twice", n=p))
            if not 1 <= n <= CHECKERS:
                raise StateError(tr("{token}: a point holds 1 to 15 checkers of its top colour", token=repr(tok)))
            cnt[p] = n if colour == "w" else -n
            pin[p] = 1 if star else 0
        elif m := _OFF.match(tok):
            off = [int(m.group(1)), int(m.group(2))]
        elif m := _MOTHER.match(tok):
            mother = (m.group(1), m.group(2))
        elif m := _MATCH.match(tok):
            score, target = [int(m.group(1)), int(m.group(2))], int(m.group(3))
        elif tok in ("start:w", "start:b"):
            starter, seen_start = COLOURS.index(tok[-1]), True
        elif tok.startswith("games:") and games is None:
            games = _parse_games(tok)
        elif (m := _OPENING.match(tok)) and opening is None:
            opening = (int(m.group(1)), int(m.group(2)))
        elif tok.startswith("home:"):
            home_rule = tok[5:]
            if home_rule not in HOME_RULES:
                raise StateError(tr("{token}: expected home:blocks or home:occupies", token=repr(tok)))
        else:
            raise StateError(tr("cannot read {token} in the position", token=repr(tok)))
    if off is None:
        raise StateError(tr("the position has no 'off:w<n>,b<n>' token"))
    if target not in MATCH_TARGETS:
        raise StateError(tr("match target {target}: expected 1, 3, 5 or 7", target=target))
    for seat in (0, 1):
        total = sum(on_point(cnt, pin, p, seat) for p in range(1, 25)) + off[seat]
        if total != CHECKERS:
            raise StateError(tr("White has {n} checkers; each player has exactly 15", n=total) if seat == 0
                             else tr("Black has {n} checkers; each player has exactly 15", n=total))
        if mother is not None and mother[seat] != mother_status(cnt, pin, seat):
            said = {"mother": mother[seat], "points": repr(mother_status(cnt, pin, seat))}
            raise StateError(tr("mother:{mother} for White does not match the points (they say {points})", **said)
                             if seat == 0 else
                             tr("mother:{mother} for Black does not match the points (they say {points})", **said))
    won = [s >= target for s in score]
    result = finished_game(cnt, pin, off)
    if side in ("over", "next"):
        if result is None:
            raise StateError(tr("side {side}: the points show no finished game (nobody has borne off all 15 "
                                "and no mother is pinned for good)", side=repr(side)))
    if side == "over":
        if won.count(True) != 1:
            raise StateError(tr("the match is over but the score {white}-{black} to {target} has no single winner",
                                white=score[0], black=score[1], target=target))
        if result is not None and (result[0] is None or not won[result[0]]):
            said = {"white": score[0], "black": score[1], "target": target}
            raise StateError(
                tr("the match is over, but the last game (won by nobody) did not win it "
                   "(score {white}-{black} to {target})", **said) if result[0] is None else
                tr("the match is over, but the last game (won by White) did not win it "
                   "(score {white}-{black} to {target})", **said) if result[0] == 0 else
                tr("the match is over, but the last game (won by Black) did not win it "
                   "(score {white}-{black} to {target})", **said))
    else:
        if any(won):
            raise StateError(tr("the score {white}-{black} already ends a match to {target}", white=score[0],
                                black=score[1], target=target))
        if CHECKERS in off and side != "next":
            raise StateError(tr("a player has borne off all 15 checkers, so this game is over"))
        if side in ("w", "b") and not seen_start:
            starter = COLOURS.index(side)
    if games is not None:
        _check_games(games, score, result if side in ("over", "next") else None, starter)
    return Position(side, dice, left, cnt, pin, off, score, target, starter, home_rule, games, opening)


def _check_games(games: list[Result], score: list[int], last: tuple[int | None, str, int] | None,
                 starter: int) -> None:
    """The listed games must add up to the match score, and a finished game must be the last one."""
    totals = [0, 0]
    for winner, _, points, _ in games:
        if winner is not None:
            totals[winner] += points
    if totals != score:
        raise StateError(tr("games: the results add up to {white}-{black}, but the match score is {score}",
                            white=totals[0], black=totals[1], score=f"{score[0]}-{score[1]}"))
    if last is not None:
        winner, reason, points, first = games[-1]
        if (winner, reason, points) != last or first != starter:
            raise StateError(tr("games: the last game listed is not the one the points show ended"))

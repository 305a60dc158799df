"""Captain Flip's words on screen: the prompt, tooltips, the score strip, the game-over breakdown
and the solo high-score table. Kept apart from drawing so the texts are easy to read and test."""

from __future__ import annotations

import datetime
from typing import Any

from tabletop.files import os_error_text
from tabletop.games.captain_flip import highscores
from tabletop.games.captain_flip.layout import CHARACTER_IDS, END_KINDS, Character
from tabletop.games.captain_flip.rules import (
    BONUS_FLIP,
    DOLPHIN_FLIP,
    KEEP_OR_FLIP,
    MONKEY_FLIP,
    OVER,
    PLACE,
    T_DOLPHIN,
    UNKNOWN,
    CaptainFlipState,
)
from tabletop.i18n import and_list, plural, tr
from tabletop.saves import data_dir

HIGHSCORE_FILE = "captain_flip_highscores.json"
CATEGORY_WORDS = (("coins", "coins"), ("swabby", "Swabby"), ("carpenter", "Carpenter"), ("lookout", "Lookout"),
                  ("parrot", "Parrot"), ("board_end", "board bonus"))
"""Score categories and their words (English keys: shown through ``tr``)."""


def coins_text(n: int, singular: bool = False) -> str:
    """``n`` coins in a few letters (player rows, tables); ``singular``: "1 coin" for one."""
    return tr("{n} coin", n=n) if singular and n == 1 else tr("{n} coins", n=n)


def bag_count(n: int, dolphins: int) -> str:
    """The bag's count, saying the Dolphins still in it (until they are drawn), as many as there are."""
    if dolphins <= 0:
        return tr("{n} tiles left", n=n)
    if dolphins == 1:
        return tr("{n} tiles and the Dolphin left", n=n)
    return plural(dolphins, tr("{n} tiles and {d} Dolphin left", n=n, d=dolphins),
                  tr("{n} tiles and {d} Dolphins (2–4) left", n=n, d=dolphins),
                  tr("{n} tiles and {d} Dolphins left", n=n, d=dolphins))


def _sentence(detail: str) -> str:
    """An outcome detail as a sentence start (English as it always was, translations keep their capitals)."""
    said = tr(detail)
    return said.capitalize() if said == detail else said[:1].upper() + said[1:]


def highscore_path() -> Any:
    return data_dir() / HIGHSCORE_FILE


def prompt(obs: CaptainFlipState, touch: bool = False, drawer: str = "") -> str:
    """What the player to move does now, in a few words (``touch``: in the words of a touch table;
    ``drawer``: the name of the captain whose Dolphin another captain flips for)."""
    phase = obs.phase
    if phase == DOLPHIN_FLIP and drawer and obs.actor != obs.turn:  # why Red acts in Green's turn
        return (tr("tap one of your lit tiles to flip it ({drawer}'s Dolphin).", drawer=drawer) if touch
                else tr("click one of your lit tiles to flip it ({drawer}'s Dolphin).", drawer=drawer))
    name = tr(CHARACTER_IDS[obs.drawn[0]]) if obs.drawn is not None else tr("tile")
    if touch and phase == PLACE:
        return tr("tap a lit column to place the {name} (or drag it there).", name=name)
    if touch and phase == MONKEY_FLIP:
        return tr("tap a lit neighbouring tile to flip it (Monkey).")
    if touch and phase == BONUS_FLIP:
        return tr("tap any lit tile of yours to flip it (column bonus).")
    if touch and phase == DOLPHIN_FLIP:
        return tr("tap one of your lit tiles to flip it (Dolphin).")
    if phase == KEEP_OR_FLIP:
        return tr("keep the {name}, or flip the tile to its hidden side (Keep / Flip).", name=name)
    if phase == PLACE:
        return tr("click a lit column to place the {name} (or drag it there).", name=name)
    if phase == MONKEY_FLIP:
        return tr("click a lit neighbouring tile to flip it (Monkey).")
    if phase == BONUS_FLIP:
        return tr("click any lit tile of yours to flip it (column bonus).")
    if phase == DOLPHIN_FLIP:
        return tr("click one of your lit tiles to flip it (Dolphin).")
    return tr("wait…")


def dolphin_after(obs: CaptainFlipState, names: list[str]) -> str:
    """Who flips after the captain flipping for the Dolphin now, and that the drawer draws again
    ("Then Green; then Blue draws again."): the card said only "Now: Red flips."."""
    later = [names[seat] for kind, seat, *_ in reversed(obs.stack) if kind == T_DOLPHIN and obs.tiles_of(seat)]
    drawer = names[obs.turn]
    draws = (obs.bag_n > 0 or obs.dolphins > 0) and bool(obs.open_columns(obs.turn))
    if later and draws:
        return tr("Then {names}; then {drawer} draws again.", names=", ".join(later), drawer=drawer)
    if later:
        return tr("Then {names}.", names=", ".join(later))
    return tr("Then {drawer} draws again.", drawer=drawer) if draws else ""


def short_prompt(obs: CaptainFlipState) -> str:
    """The table prompt in the fewest words, for a strip with little room (a thin band on a small
    screen): the lit places on the board and the strip's buttons say the rest."""
    return {KEEP_OR_FLIP: tr("Keep or flip?"), PLACE: tr("Tap a lit column."), MONKEY_FLIP: tr("Tap a lit tile."),
            BONUS_FLIP: tr("Tap a lit tile."), DOLPHIN_FLIP: tr("Tap a lit tile.")}.get(obs.phase, "")


def character_lines(char: Character, other: int | None = None, chars: tuple[Character, ...] = (),
                    solo: bool = False) -> list[tuple[str, bool]]:
    """Tooltip paragraphs for a character; ``other`` = the tile's other side if the table saw it
    (UNKNOWN: not seen; None: say nothing about it); ``solo``: the solo game's words for its effect."""
    lines = [(tr(char.id), True)]
    if char.now_text(solo):
        lines.append((tr("Now: {effect}", effect=tr(char.now_text(solo))), False))
    if char.end:
        lines.append((tr("At the end: {effect}", effect=tr(char.end)), False))
    if other is not None:
        lines.append((tr("Other side: not seen yet.") if other == UNKNOWN
                      else tr("Other side: {name}.", name=tr(chars[other].id)), False))
    return lines


def strip_lines(obs: CaptainFlipState, seat: int, name: str) -> list[tuple[str, bool, bool]]:
    """The score strip under the large board: (text, bold, warning) lines."""
    row = obs.score_breakdown()[seat]
    if obs.phase == OVER:  # the total every other place shows, a sunk ship's 0 said beside it as the result card does
        head = tr("{name}: final score {n}", name=name, n=int(row["total"])) + (tr(" (sunk: 0)") if row["lost"] else "")
    else:
        head = tr("{name}: score if the game ended now {n}", name=name, n=int(row["shown"]))
    return [(head, True, False), *_detail_lines(obs, seat, row)]


def seat_lines(obs: CaptainFlipState, seat: int, computer: str = "") -> list[tuple[str, bool, bool]]:
    """A captain's own score card in his table strip (his name is in the strip's head): the score,
    what it is made of, his columns and Gunners, and the Treasure Map when he holds it. The score
    says "your": right under "Blue — to play" a bare "Score if the game ended now" read as Blue's.
    A computer's card (``computer``: its name) is nobody's "your": it names the ship, as the score
    strip under the large board does."""
    row = obs.score_breakdown()[seat]
    if computer:
        lines = strip_lines(obs, seat, computer)
    elif obs.phase == OVER:
        head = tr("Your final score: {n}", n=int(row["total"])) + (tr(" (sunk: 0)") if row["lost"] else "")
        lines = [(head, True, False), *_detail_lines(obs, seat, row)]
    else:
        head = tr("Your score if the game ended now: {n}", n=int(row["shown"]))
        lines = [(head, True, False), *_detail_lines(obs, seat, row)]
    if obs.map_holder == seat and obs.phase == OVER:  # no turns are left to pay a coin after
        if not obs.solo:
            lines.append((tr("{name} holds the Treasure Map: it wins a tie.", name=computer) if computer
                          else tr("You hold the Treasure Map: it wins a tie."), False, False))
    elif obs.map_holder == seat:
        lines.append((tr("{name} holds the Treasure Map (+1 coin after each of its turns).", name=computer) if computer
                      else tr("You hold the Treasure Map (+1 coin after each of your turns)."), False, False))
    return lines


def _detail_lines(obs: CaptainFlipState, seat: int, row: dict[str, Any]) -> list[tuple[str, bool, bool]]:
    """Under a score: its parts, then the columns and Gunners (a warning when the ship is in danger)."""
    over = obs.phase == OVER
    parts = [f"{tr(word)} {int(row[key]):+d}" if key != "coins" else f"{tr('coins')} {int(row[key])}"
             for key, word in CATEGORY_WORDS if key == "coins" or row[key]]
    lines = [(" · ".join(parts), False, False)]
    gunners = int(row["gunners"])
    done = obs.completed(seat)
    if row["lost"]:
        lines.append((tr("{n} Gunners: this ship sinks (scores 0, ranks last).", n=gunners), False, True))
    elif over:  # nothing can happen any more: what was, without warnings or what the 4th column would do
        said = (tr("Rank: {rank}", rank=tr(str(row["rank"]))) if obs.solo and "rank" in row
                else tr("Full columns {done} of 4 · Gunners {gunners}", done=done, gunners=gunners))
        lines.append((said, False, False))
    elif gunners == 2:
        lines.append((tr("2 Gunners: one more and this ship sinks!"), False, True))
    elif obs.solo and "rank" in row:
        lines.append((tr("Rank now: {rank} · full columns {done} of 4", rank=tr(str(row["rank"])), done=done),
                      False, False))
    else:
        lines.append((tr("Full columns {done} of 4 (the 4th ends the game) · Gunners {gunners} of 3",
                         done=done, gunners=gunners), False, False))
    return lines


def strip_samples(name: str) -> list[tuple[str, bool, bool]]:
    """The longest lines the score strip can show for a captain called ``name`` (to size it)."""
    head = max((tr("{name}: final score {n}", name=name, n=99) + tr(" (sunk: 0)"),
                tr("{name}: score if the game ended now {n}", name=name, n=99)), key=len)
    parts = " · ".join(f"{tr(word)} +10" for _key, word in CATEGORY_WORDS)
    notes = [tr("{n} Gunners: this ship sinks (scores 0, ranks last).", n=3),
             tr("2 Gunners: one more and this ship sinks!"),
             tr("Full columns {done} of 4 (the 4th ends the game) · Gunners {gunners} of 3", done=3, gunners=2),
             tr("Full columns {done} of 4 · Gunners {gunners}", done=4, gunners=2)]
    return [(head, True, False), (parts, False, False), (max(notes, key=len), False, True)]


def result(scene: Any, outcome: Any) -> str:
    """The game-over card as text: winners, then every captain's breakdown (see ``result_table``)."""
    from tabletop.ui.results import table_text

    if outcome is None:
        return ""
    return table_text(result_table(scene, outcome))


END_WORDS = (("swabby", "Swabby"), ("carpenter", "Carpenter"), ("lookout", "Lookout"), ("parrot", "Parrot"))
"""The characters that score at the end, and their words."""


def end_bonuses(board: Any) -> bool:
    """Whether ``board`` has a column bonus paid at the end of the game (board C's), the one
    the breakdown's "board bonus" counts."""
    return any(column.bonus.kind in END_KINDS for column in board.columns)


def result_table(scene: Any, outcome: Any) -> Any:
    """The result card's table: per captain, the coins earned in play by source (characters, the
    Treasure Map, paid to place), the column bonuses (in play and at the end), the characters'
    end scoring, the Gunners and the total — the same numbers as the score strip."""
    from tabletop.games.captain_flip.ledger import SOURCES, coins_by_source
    from tabletop.ui.results import ResultRow, ResultTable

    state: CaptainFlipState = scene.state
    rows = state.score_breakdown()
    try:
        sources = coins_by_source(scene.session)
    except Exception:  # an old save that does not replay: the totals alone
        sources = []
    names = [scene.seat_name(s) for s in outcome.winners]
    if state.solo:
        head = tr("Your rank: {rank} with {n} coins.", rank=tr(str(rows[0]["rank"])), n=int(rows[0]["shown"]))
    elif len(names) > 1:
        head = tr("{names} share the win.", names=and_list(names))
    elif names:
        head = tr("{name} wins.", name=names[0])
    else:
        head = tr("Every ship sank: nobody wins.")
    # "Shared win." under "Blue and Green share the win." said it twice
    said = state.solo or (len(names) > 1 and outcome.detail == "shared win")
    detail = _sentence(outcome.detail) + "." if outcome.detail and not said else ""
    if state.solo:  # what a better game would have reached: "Next rank: Deckhand (from 31 coins)."
        up = state.layout.tiles.next_rank(int(rows[0]["total"]), bool(rows[0]["lost"]))
        detail = tr("Next rank: {rank} (from {n}).", rank=tr(up[0]), n=coins_text(up[1])) if up else ""
    order = sorted(range(state.num_players), key=lambda s: (bool(rows[s]["lost"]), -int(rows[s]["total"])))
    # only a board with an end-of-game bonus (board C) says it: "board bonus 0" on A, B, D or E
    # named a bonus those boards do not have
    ends = end_bonuses(state.layout.board)
    out = []
    for seat in order:
        row = rows[seat]
        by = sources[seat] if seat < len(sources) and sum(sources[seat].values()) == int(row["coins"]) else None
        if by is not None:
            play = " · ".join(f"{tr(k)} {v:+d}" if k == "paid" else f"{tr(k)} {v}"
                              for k, v in by.items() if v and k != "column bonus" and k in SOURCES) or "0"
            bonus = by.get("column bonus", 0)
        else:
            play, bonus = str(int(row["coins"])), 0
        columns = (tr("in play {play} · {board} {end}", play=bonus, board=tr("board bonus"), end=int(row["board_end"]))
                   if ends else tr("in play {play}", play=bonus))
        end = " · ".join(f"{tr(word)} {int(row[key]):+d}" for key, word in END_WORDS)
        gunners = tr("{n}: sunk", n=int(row["gunners"])) if row["lost"] else str(int(row["gunners"]))
        total = coins_text(int(row["total"])) + (tr(" (sunk: 0)") if row["lost"] else "")
        if row.get("map"):
            total += tr(" · Map")
        st = scene.seat_style(seat)
        out.append(ResultRow(seat, scene.seat_name(seat), st.rgb, st.symbol, (play, columns, end, gunners, total),
                             winner=seat in outcome.winners, role=scene.seat_role(seat), out=bool(row["lost"])))
    notes: list[str] = []
    if state.solo:
        notes = [line.lstrip("# ") for line in solo_table(scene)]
    heads = (tr("Coins in play"), tr("Column bonuses"), tr("Characters at the end"), tr("Gunners"), tr("Total"))
    return ResultTable(head, detail, heads, tuple(out), tuple(notes))


def final_lines(scene: Any) -> list[tuple[str, bool]]:
    """The card's words once the game is over: who won, then every captain's final score."""
    state: CaptainFlipState = scene.state
    outcome = state.outcome()
    rows = state.score_breakdown()
    if outcome is None:
        return []
    if state.solo:
        lines = [(tr("Rank: {rank}", rank=tr(str(rows[0]["rank"]))), True)]
    elif outcome.winners:
        lines = [(tr("{names} won", names=and_list([scene.seat_name(s) for s in outcome.winners])), True)]
    else:
        lines = [(tr("Every ship sank"), True)]
    order = sorted(range(state.num_players), key=lambda s: (bool(rows[s]["lost"]), -int(rows[s]["total"])))
    for seat in order:
        sunk = tr(" (sunk: 0)") if rows[seat]["lost"] else ""
        lines.append((f"{scene.seat_name(seat)}: {coins_text(int(rows[seat]['total']))}{sunk}", False))
    return lines


def record_solo(scene: Any) -> str:
    """Add the finished solo game to the high-score table once; a note for the result card, a
    line for each thing said (the card's notes are one line each: joined, the place in the table
    ran out of the card behind a long message about a damaged file)."""
    state: CaptainFlipState = scene.state
    row = state.score_breakdown()[0]
    entry = highscores.Entry(scene.seat_name(0), state.variant, int(row["shown"]), str(row["rank"]),
                             datetime.datetime.now().isoformat(timespec="seconds"))
    try:
        place, message = highscores.add(highscore_path(), entry)
    except OSError as exc:
        message, note = "", tr("The high-score table could not be saved ({error}).", error=os_error_text(exc))
    else:
        scene.high_entry = entry
        note = (tr("This game is number {place} in the table.", place=place) if place
                else tr("Not in the top results this time."))
    return "\n".join(part for part in (scene.high_note, message, note) if part)  # a line each on the card


def solo_table(scene: Any, n: int = 10) -> list[str]:
    state: CaptainFlipState = scene.state
    loaded = highscores.load(highscore_path())
    best = highscores.top(loaded.entries, state.variant, n)
    lines = [tr("# High scores, board {board}", board=state.variant)]
    lines.extend(scene.high_note.splitlines())
    mine = getattr(scene, "high_entry", None)
    for i, e in enumerate(best):
        star = tr("  (this game)") if mine is not None and e == mine else ""
        lines.append(f"{i + 1}. {e.name} — {coins_text(e.coins)} ({tr(e.rank)}), {e.when[:10]}{star}")
    if not best:
        lines.append(tr("(no results yet)"))
    return lines


def high_rows(board: str, n: int = 5) -> tuple[list[str], str]:
    """Short lines for the solo side card (read once when the scene starts), and what the reader
    said of a file it had to set aside: kept for the result card (it was dropped here, so a
    damaged table was replaced with no word)."""
    try:
        loaded = highscores.load(highscore_path())
    except OSError:
        return [], ""
    rows = [f"{i + 1}. {coins_text(e.coins)} · {tr(e.rank)}" for i, e in enumerate(highscores.top(loaded.entries, board, n))]
    return rows, loaded.message

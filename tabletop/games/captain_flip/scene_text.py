"""Captain Flip's words on screen: the prompt, tooltips, the score strip, the game-over breakdown
and the solo high-score table. Kept apart from drawing so the texts are easy to read and test."""

from __future__ import annotations

import datetime
from typing import Any

from tabletop.games.captain_flip import highscores
from tabletop.games.captain_flip.layout import CHARACTER_IDS, Character
from tabletop.games.captain_flip.rules import (
    BONUS_FLIP,
    DOLPHIN_FLIP,
    KEEP_OR_FLIP,
    MONKEY_FLIP,
    OVER,
    PLACE,
    UNKNOWN,
    CaptainFlipState,
)
from tabletop.i18n import tr
from tabletop.saves import data_dir

HIGHSCORE_FILE = "captain_flip_highscores.json"
CATEGORY_WORDS = (("coins", "coins"), ("swabby", "Swabby"), ("carpenter", "Carpenter"), ("lookout", "Lookout"),
                  ("parrot", "Parrot"), ("board_end", "board bonus"))
"""Score categories and their words (English keys: shown through ``tr``)."""


def coins_text(n: int, singular: bool = False) -> str:
    """``n`` coins in a few letters (player rows, tables); ``singular``: "1 coin" for one."""
    return tr("{n} coin", n=n) if singular and n == 1 else tr("{n} coins", n=n)


def _sentence(detail: str) -> str:
    """An outcome detail as a sentence start (English as it always was, translations keep their capitals)."""
    said = tr(detail)
    return said.capitalize() if said == detail else said[:1].upper() + said[1:]


def highscore_path() -> Any:
    return data_dir() / HIGHSCORE_FILE


def prompt(obs: CaptainFlipState) -> str:
    """What the player to move does now, in a few words."""
    phase = obs.phase
    name = tr(CHARACTER_IDS[obs.drawn[0]]) if obs.drawn is not None else tr("tile")
    if phase == KEEP_OR_FLIP:
        return tr("keep the {name}, or flip the tile to its hidden side (Keep / Flip).", name=name)
    if phase == PLACE:
        return tr("click a lit column to place the {name} (or drag it there).", name=name)
    if phase == MONKEY_FLIP:
        return tr("Monkey: click a lit neighbouring tile to flip it.")
    if phase == BONUS_FLIP:
        return tr("column bonus: click any lit tile of yours to flip it.")
    if phase == DOLPHIN_FLIP:
        return tr("Dolphin: click one of your lit tiles to flip it.")
    return tr("wait…")


def character_lines(char: Character, other: int | None = None, chars: tuple[Character, ...] = ()) -> list[tuple[str, bool]]:
    """Tooltip paragraphs for a character; ``other`` = the tile's other side if the table saw it
    (UNKNOWN: not seen; None: say nothing about it)."""
    lines = [(tr(char.id), True)]
    if char.immediate:
        lines.append((tr("Now: {effect}", effect=tr(char.immediate)), False))
    if char.end:
        lines.append((tr("At the end: {effect}", effect=tr(char.end)), False))
    if other is not None:
        lines.append((tr("Other side: not seen yet.") if other == UNKNOWN
                      else tr("Other side: {name}.", name=tr(chars[other].id)), False))
    return lines


def strip_lines(obs: CaptainFlipState, seat: int, name: str) -> list[tuple[str, bool, bool]]:
    """The score strip under the large board: (text, bold, warning) lines."""
    row = obs.score_breakdown()[seat]
    over = obs.phase == OVER
    parts = [f"{tr(word)} {int(row[key]):+d}" if key != "coins" else f"{tr('coins')} {int(row[key])}"
             for key, word in CATEGORY_WORDS if key == "coins" or row[key]]
    head = (tr("{name}: final score {n}", name=name, n=int(row["shown"])) if over
            else tr("{name}: score if the game ended now {n}", name=name, n=int(row["shown"])))
    lines = [(head, True, False), (" · ".join(parts), False, False)]
    gunners = int(row["gunners"])
    done = obs.completed(seat)
    if row["lost"]:
        lines.append((tr("{n} Gunners: this ship sinks (scores 0, ranks last).", n=gunners), False, True))
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
    head = max((tr("{name}: final score {n}", name=name, n=99),
                tr("{name}: score if the game ended now {n}", name=name, n=99)), key=len)
    parts = " · ".join(f"{tr(word)} +10" for _key, word in CATEGORY_WORDS)
    notes = [tr("{n} Gunners: this ship sinks (scores 0, ranks last).", n=3),
             tr("2 Gunners: one more and this ship sinks!"),
             tr("Full columns {done} of 4 (the 4th ends the game) · Gunners {gunners} of 3", done=3, gunners=2)]
    return [(head, True, False), (parts, False, False), (max(notes, key=len), False, True)]


def result(scene: Any, outcome: Any) -> str:
    """The game-over card: winners, then every captain's breakdown; solo adds rank and high scores."""
    state: CaptainFlipState = scene.state
    if outcome is None:
        return ""
    rows = state.score_breakdown()
    names = [scene.seat_name(s) for s in outcome.winners]
    if state.solo:
        head = tr("Your rank: {rank} with {n} coins.", rank=tr(str(rows[0]["rank"])), n=int(rows[0]["shown"]))
    elif len(names) > 1:
        head = tr("{names} share the win.", names=tr(" and ").join(names))
    elif names:
        head = tr("{name} wins.", name=names[0])
    else:
        head = tr("Every ship sank: nobody wins.")
    out = [head]
    if outcome.detail and not state.solo:
        out.append(_sentence(outcome.detail) + ".")
    out.append("")
    order = sorted(range(state.num_players), key=lambda s: (bool(rows[s]["lost"]), -int(rows[s]["total"])))
    for seat in order:
        row = rows[seat]
        parts = [f"{tr(word)} {int(row[key])}" for key, word in CATEGORY_WORDS]
        parts.append(tr("Gunners {n}", n=int(row["gunners"])))
        sunk = tr(" — sunk (3+ Gunners), counts as 0") if row["lost"] else ""
        held = tr(" · holds the Treasure Map") if row.get("map") else ""
        out.append(f"# {scene.seat_name(seat)}: {coins_text(int(row['total']))}{sunk}{held}")
        out.append("   " + " · ".join(parts))
    if state.solo:
        out.append("")
        out += solo_table(scene)
    return "\n".join(out)


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
        lines = [(tr("{names} won", names=tr(" and ").join(scene.seat_name(s) for s in outcome.winners)), True)]
    else:
        lines = [(tr("Every ship sank"), True)]
    order = sorted(range(state.num_players), key=lambda s: (bool(rows[s]["lost"]), -int(rows[s]["total"])))
    for seat in order:
        sunk = tr(" (sunk: 0)") if rows[seat]["lost"] else ""
        lines.append((f"{scene.seat_name(seat)}: {coins_text(int(rows[seat]['total']))}{sunk}", False))
    return lines


def record_solo(scene: Any) -> str:
    """Add the finished solo game to the high-score table once; a note for the result card."""
    state: CaptainFlipState = scene.state
    row = state.score_breakdown()[0]
    entry = highscores.Entry(scene.seat_name(0), state.variant, int(row["shown"]), str(row["rank"]),
                             datetime.datetime.now().isoformat(timespec="seconds"))
    try:
        place, message = highscores.add(highscore_path(), entry)
    except OSError as exc:
        return tr("The high-score table could not be saved ({error}).", error=exc)
    scene.high_entry = entry
    note = (tr("Place {place} on the board {board} table.", place=place, board=state.variant) if place
            else tr("Not in the top results this time."))
    return (message + " " + note).strip()


def solo_table(scene: Any, n: int = 10) -> list[str]:
    state: CaptainFlipState = scene.state
    loaded = highscores.load(highscore_path())
    best = highscores.top(loaded.entries, state.variant, n)
    lines = [tr("# High scores, board {board}", board=state.variant)]
    if scene.high_note:
        lines.append(scene.high_note)
    mine = getattr(scene, "high_entry", None)
    for i, e in enumerate(best):
        star = tr("  (this game)") if mine is not None and e == mine else ""
        lines.append(f"{i + 1}. {e.name} — {coins_text(e.coins)} ({tr(e.rank)}), {e.when[:10]}{star}")
    if not best:
        lines.append(tr("(no results yet)"))
    return lines


def high_rows(board: str, n: int = 5) -> list[str]:
    """Short lines for the solo side card (read once when the scene starts)."""
    try:
        loaded = highscores.load(highscore_path())
    except OSError:
        return []
    return [f"{i + 1}. {coins_text(e.coins)} · {tr(e.rank)}" for i, e in enumerate(highscores.top(loaded.entries, board, n))]

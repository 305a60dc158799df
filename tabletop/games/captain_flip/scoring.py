"""End-of-game scoring of one Captain Flip board, kept apart from the turn logic so the game-over
screen, the AI and the rules cases all use the very same arithmetic.

A board is given as its visible faces: one list per column, bottom to top (character indices of
:data:`layout.CHARACTER_IDS`); the column's ``low`` gives the rows (heights) of those tiles.
"""

from __future__ import annotations

from collections.abc import Sequence

from tabletop.games.captain_flip.layout import Board, TileSet

GUNNER, PARROT, LOOKOUT, CARPENTER, SWABBY = 1, 2, 6, 7, 8
LOSING_GUNNERS = 3

CATEGORIES = ("coins", "swabby", "carpenter", "lookout", "parrot", "board_end")
"""The coin categories of the breakdown, in the order the game-over screen lists them."""



def column_met(kind: str, faces: Sequence[int]) -> bool:
    """Whether a column's faces meet the condition its bonus ``kind`` names: all identical
    (``…all_identical``) or all different (``…all_different``); a bonus with no condition is met.
    One place for the test that the bonus itself, the end score and the log's "no column 2 bonus
    (not all identical)" all ask."""
    if kind.endswith("all_identical"):
        return len(set(faces)) == 1
    if kind.endswith("all_different"):
        return len(set(faces)) == len(faces)
    return True


def breakdown(board: Board, tiles: TileSet, faces: Sequence[Sequence[int]], coins: int) -> dict[str, int | bool]:
    """Every category of one player's final score.

    ``total`` never goes below 0 (coins never do); ``lost`` (3+ Gunners) does not change the
    total here, it ranks the player last and ``shown`` (the score on the ranking) becomes 0.
    """
    columns = board.columns
    swabby_cols = sum(1 for col in faces if SWABBY in col)
    gunner_rows: set[int] = set()
    gunner_cols: set[int] = set()
    gunners = parrots = lookouts = 0
    for ci, col in enumerate(faces):
        low = columns[ci].low
        for i, ch in enumerate(col):
            if ch == GUNNER:
                gunners += 1
                gunner_rows.add(low + i)
                gunner_cols.add(ci)
            elif ch == PARROT:
                parrots += 1
            elif ch == LOOKOUT and i == len(col) - 1:
                lookouts += 1
    carpenters = 0
    board_end = 0
    for ci, col in enumerate(faces):
        low = columns[ci].low
        if ci not in gunner_cols:
            carpenters += sum(1 for i, ch in enumerate(col) if ch == CARPENTER and low + i not in gunner_rows)
        bonus = columns[ci].bonus
        if len(col) == columns[ci].height and bonus.kind.startswith("end_") and column_met(bonus.kind, col):
            board_end += bonus.a
    result: dict[str, int | bool] = {
        "coins": coins,
        "swabby": tiles.swabby(swabby_cols),
        "carpenter": 3 * carpenters,
        "lookout": 4 * lookouts,
        "parrot": -parrots,
        "board_end": board_end,
        "gunners": gunners,
        "lost": gunners >= LOSING_GUNNERS,
    }
    total = max(0, sum(int(result[k]) for k in CATEGORIES))
    result["total"] = total
    result["shown"] = 0 if result["lost"] else total
    return result

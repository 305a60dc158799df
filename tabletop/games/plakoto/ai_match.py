"""The Plakoto match equity table: the chance to win a match from any score, and the script that
makes it (``python -m tabletop.games.plakoto.ai_match``).

Why a table: in a match the points of one game are worth what they do to the chance of winning
the match -- at 4-4 in a match to 5 a double win is worth no more than a single one, when one
player needs 2 a double win is everything. The ``hard`` player turns its network's (win, double
win, double loss) into a match-winning chance with this table (``Objective`` in ``ai_search``).

How it is made (not copied from anywhere): the ``hard`` network plays single games against itself
(every turn its best by expected points, seeded); the script counts how single games end -- the
player who rolls first wins single or double, the other wins single or double, or a tie -- and a
dynamic programme over the scores gives the table, with the rules of the match: the winner of a
game rolls first in the next, after a tie the same player does, a tie scores nothing. The counts and
the table are written to ``plakoto_match.json`` beside this module (data, like the weights).
"""

from __future__ import annotations

import argparse
import json
import random
import time
from functools import cache
from multiprocessing import Pool
from pathlib import Path

TABLE_FILE = Path(__file__).with_name("plakoto_match.json")
LONGEST = 7
"""The longest match the menu offers; the table covers every score up to it."""


def match_table(rates: dict[str, float], longest: int = LONGEST) -> list[list[list[float]]]:
    """``M[a][b][s]``: my chance to win the match when I need ``a`` points and the opponent ``b``
    (1..longest; index 0 unused), ``s`` = 1 when I roll first in the next game, 0 when he does.

    ``rates``: the shares of single games the first roller wins single (``first_single``) or
    double (``first_double``), the other player wins single / double (``second_single``,
    ``second_double``), and ties (``tie``)."""
    s1, s2 = rates["first_single"], rates["first_double"]
    r1, r2 = rates["second_single"], rates["second_double"]
    tie = rates["tie"]
    size = longest + 1
    m = [[[0.0, 0.0] for _ in range(size)] for _ in range(size)]

    def at(a: int, b: int, s: int) -> float:
        if a <= 0:
            return 1.0
        if b <= 0:
            return 0.0
        return m[a][b][s]

    for total in range(2, 2 * size):  # smaller sums first: every term below is known
        for a in range(1, size):
            b = total - a
            if not 1 <= b < size:
                continue
            won1, won2 = at(a - 1, b, 1), at(a - 2, b, 1)
            lost1, lost2 = at(a, b - 1, 0), at(a, b - 2, 0)
            # a tie leaves the score and the first roller as they were: solve M = x + tie * M
            m[a][b][1] = (s1 * won1 + s2 * won2 + r1 * lost1 + r2 * lost2) / (1 - tie)
            m[a][b][0] = (r1 * won1 + r2 * won2 + s1 * lost1 + s2 * lost2) / (1 - tie)
    return m


@cache
def shipped_table() -> list[list[list[float]]]:
    """The table shipped in ``plakoto_match.json``, read once."""
    data = json.loads(TABLE_FILE.read_text(encoding="utf-8"))
    table = data["table"]
    if len(table) != LONGEST + 1 or any(len(row) != LONGEST + 1 for row in table):
        raise ValueError(f"{TABLE_FILE.name}: expected a {LONGEST + 1} x {LONGEST + 1} table")
    return table


def _games(args: tuple[int, int, int]) -> list[int]:
    """Self-play single games ``first..last``; counts of (first single, first double, second
    single, second double, tie)."""
    from .ai_search import best_now
    from .ai_value import final
    from .movegen import Frame, dice_left, flip

    first, last, seed = args
    tally = [0, 0, 0, 0, 0]
    for g in range(first, last):
        rng = random.Random(seed * 1_000_003 + g)
        b = [0] * 25
        b[24], b[1] = 15, -15
        pn = [0] * 25
        mover = 0  # 0: the player who rolled first
        while True:
            turns = Frame(list(b), list(pn)).turns(dice_left(rng.randint(1, 6), rng.randint(1, 6)))
            if turns:
                key = best_now(list(turns))
                end = final(*key)
                if end is not None:
                    if end[0] == 0.5:
                        tally[4] += 1
                    else:
                        won = mover if end[0] == 1.0 else 1 - mover
                        double = end[1] == 1.0 or end[2] == 1.0
                        tally[2 * won + (1 if double else 0)] += 1
                    break
                b, pn = list(key[0]), list(key[1])
            b, pn = flip(b, pn)
            mover = 1 - mover
    return tally


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(prog="python -m tabletop.games.plakoto.ai_match", description=__doc__.split("\n")[0])
    p.add_argument("--out", default=str(TABLE_FILE))
    p.add_argument("--games", type=int, default=2000)
    p.add_argument("--processes", type=int, default=2)
    p.add_argument("--seed", type=int, default=5)
    a = p.parse_args(argv)
    start = time.perf_counter()
    parts = 8 * a.processes
    jobs = [(i * a.games // parts, (i + 1) * a.games // parts, a.seed) for i in range(parts)]
    with Pool(a.processes) as pool:
        tallies = pool.map(_games, jobs)
    counts = [sum(t[k] for t in tallies) for k in range(5)]
    names = ("first_single", "first_double", "second_single", "second_double", "tie")
    rates = {n: c / a.games for n, c in zip(names, counts, strict=True)}
    table = match_table(rates)
    data = {
        "format": "plakoto match table 1",
        "made_by": f"python -m tabletop.games.plakoto.ai_match --games {a.games} --seed {a.seed}",
        "games": a.games, "counts": dict(zip(names, counts, strict=True)),
        "about": "table[a][b] = [chance to win when the opponent rolls first next, when I do]; "
                 "a = points I need, b = points he needs",
        "table": [[[round(v, 5) for v in cell] for cell in row] for row in table],
    }
    with open(a.out, "w", encoding="utf-8") as fh:
        json.dump(data, fh, indent=None, separators=(",", ":"))
    print(f"{a.games} games in {time.perf_counter() - start:.0f} s: "
          + ", ".join(f"{n} {r:.3f}" for n, r in rates.items()) + f"; wrote {a.out}")


if __name__ == "__main__":
    main()

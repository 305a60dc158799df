"""``tabletop simulate``: computer players against each other without a window.

Agent i sits in seat i for every game; the starting seat rotates (game g starts with seat
g mod players), so no level profits from moving first. A shared win counts as a win for each winner.
"""

from __future__ import annotations

import json
import random
import time
from typing import Any

from tabletop.ai.play import play_game
from tabletop.core import Setup
from tabletop.core.spec import OptionError
from tabletop.games import get_game
from tabletop.i18n import tr
from tabletop.launch import parse_option_texts
from tabletop.layout import BoardStore


def simulate(game_id: str, games: int, agents: list[str] | None = None, seed: int = 1,
             variant: str | None = None, options: dict[str, str] | None = None,
             store: BoardStore | None = None, processes: int = 1) -> dict[str, Any]:
    """Play ``games`` games and count each seat's wins and mean score.

    ``processes``: how many processes play them. Game g is the same game whichever process plays
    it (its own ``Random(seed * 1_000_003 + g)`` and fresh agents), so the counts are exactly
    those of one process: a long measurement uses every core and changes nothing."""
    spec = get_game(game_id)
    store = store or BoardStore.default()
    variant = variant or spec.default_variant
    levels = agents or ["random"] * spec.default_players
    # a game may keep frozen yardstick players that simulate accepts but the menu does not offer
    known = tuple(spec.agent_levels) + tuple(spec.extra.get("hidden_agent_levels", ()))
    for level in levels:
        if level not in known:
            raise OptionError(tr("unknown agent {level}; levels are {levels}", level=repr(level), levels=", ".join(known)))
    players = len(levels)
    spec.check_players(players)
    parsed = spec.parse_options(variant, options or {}, store)
    layout = spec.load_layout(store, variant)
    start = time.perf_counter()
    job = (game_id, levels, seed, variant, parsed, layout)
    if processes <= 1 or games <= 1:
        tally = _play_games(job, range(games))
    else:
        from concurrent.futures import ProcessPoolExecutor

        n = min(processes, games)
        with ProcessPoolExecutor(n) as pool:  # game g goes to part g mod n: each part as long
            parts = list(pool.map(_play_games, [job] * n, [range(k, games, n) for k in range(n)]))
        tally = _Tally(players)
        for part in parts:
            tally.add(part)
    wins, scores, finished, total_moves = tally.wins, tally.scores, tally.finished, tally.moves
    elapsed = time.perf_counter() - start
    return {
        "game": game_id, "variant": variant, "options": options or {}, "games": games, "finished": finished,
        "mean_moves": total_moves / max(1, games), "games_per_second": games / elapsed if elapsed else 0.0,
        "seats": [{"agent": levels[i], "wins": wins[i], "win_rate": wins[i] / max(1, games),
                   "mean_score": scores[i] / max(1, finished)} for i in range(players)],
    }


class _Tally:
    """What a run of games adds up to: each seat's wins and points, games finished, moves."""

    def __init__(self, players: int) -> None:
        self.wins = [0] * players
        self.scores = [0.0] * players
        self.finished = 0
        self.moves = 0

    def add(self, other: _Tally) -> None:
        self.wins = [a + b for a, b in zip(self.wins, other.wins, strict=True)]
        self.scores = [a + b for a, b in zip(self.scores, other.scores, strict=True)]
        self.finished += other.finished
        self.moves += other.moves


def _play_games(job: tuple, games: range) -> _Tally:
    """Play the games numbered ``games`` of ``job`` (a module-level function, so that a worker
    process can run it)."""
    game_id, levels, seed, variant, parsed, layout = job
    spec = get_game(game_id)
    players = len(levels)
    tally = _Tally(players)
    for g in games:
        rng = random.Random(seed * 1_000_003 + g)
        state = spec.new_state(Setup(players, variant, parsed, layout, first_player=g % players))
        agent_objs = [spec.make_agent(level) for level in levels]
        result = play_game(state, agent_objs, rng)
        tally.moves += result.moves
        if result.outcome is not None:
            tally.finished += 1
            for w in result.outcome.winners:
                tally.wins[w] += 1
            for i, p in enumerate(result.outcome.points[:players]):
                tally.scores[i] += p
    return tally


def simulate_command(args) -> int:
    if args.games < 1:
        raise OptionError(tr("--games must be at least 1"))
    agents = args.agents.split(",") if args.agents else None
    store = BoardStore.default(args.boards)
    if args.processes < 1:
        raise OptionError(tr("--processes must be at least 1"))
    result = simulate(args.game, args.games, agents, args.seed, args.variant, parse_option_texts(args.option), store,
                      args.processes)
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    print(tr("{game} ({variant}): {games} games, {finished} finished, {moves} moves per game, {speed} games/s",
             game=result["game"], variant=result["variant"], games=result["games"], finished=result["finished"],
             moves=f"{result['mean_moves']:.1f}", speed=f"{result['games_per_second']:.2f}"))
    for i, seat in enumerate(result["seats"]):  # the values keep their columns in every language
        print(tr("  seat {n}  {agent} wins {wins}  ({rate}%)  mean score {score}", n=i + 1, agent=f"{seat['agent']:<12}",
                 wins=f"{seat['wins']:>5}", rate=f"{seat['win_rate'] * 100:5.1f}", score=f"{seat['mean_score']:.2f}"))
    return 0

"""Captain Flip computer players. They see only ``state.observation(seat)``: hidden tile sides are
UNKNOWN there, so every look-ahead first *determinises* the observation (samples the unknown
sides from the unseen tiles) and never peeks at the real ones.

- ``random``: any legal move.
- ``easy``: the best immediate gain of the current score estimate (coins plus end-of-game
  effects as they stand, a sunk ship counted as a heavy loss), averaged over a few guesses of
  the hidden side.
- ``hard``: for each move, many determinised playouts to the end with a light policy; the move
  with the best mean final score wins. A time budget keeps decisions short.
"""

from __future__ import annotations

import random

from tabletop.ai.agents import RandomAgent
from tabletop.core.game import CHANCE, Move
from tabletop.games.captain_flip import scoring
from tabletop.games.captain_flip.moves import FLIP, KEEP
from tabletop.games.captain_flip.rules import GUNNER, KEEP_OR_FLIP, PLACE, CaptainFlipState
from tabletop.i18n import tr

SUNK_PENALTY = 12.0
"""A ship with three Gunners scores nothing and ranks last: worse than any small score."""


def estimate(state: CaptainFlipState, seat: int) -> float:
    """The seat's score if the game ended now (end effects included, sinking penalised)."""
    lay = state.layout
    row = scoring.breakdown(lay.board, lay.tiles, state.faces(seat), state.coins[seat])
    return -SUNK_PENALTY if row["lost"] else float(row["total"])


def _gunners(state: CaptainFlipState, seat: int) -> int:
    return sum(1 for column in state.boards[seat] for t in column if t[0] == GUNNER)


class EasyAgent:
    """One-ply greedy on :func:`estimate` (keep/flip looks one placement further)."""

    name = "easy"

    def __init__(self, samples: int = 4) -> None:
        self.samples = samples

    def choose(self, state: CaptainFlipState, rng: random.Random) -> Move:  # type: ignore[override]
        moves = state.legal_moves()
        if len(moves) == 1:
            return moves[0]
        seat = state.current_player
        assert seat is not None and seat != CHANCE
        totals = dict.fromkeys(moves, 0.0)
        for _ in range(self.samples):
            world = state.determinised(rng)
            for move in moves:
                totals[move] += self._value(world, seat, move)
        best = max(totals.values())
        return rng.choice([m for m in moves if totals[m] >= best - 1e-9])

    def _value(self, world: CaptainFlipState, seat: int, move: Move) -> float:
        child = world.copy()
        child.apply_unchecked(move)
        if child.phase == PLACE and child.actor == seat:
            return max(self._value(child, seat, m) for m in child.legal_moves())
        return estimate(child, seat)


def rollout_move(state: CaptainFlipState, rng: random.Random) -> Move:
    """The playout policy: random, except never keep a third Gunner when the tile can be flipped
    (cheap: playouts must be fast)."""
    phase = state.phase
    if phase == KEEP_OR_FLIP:
        face = state.drawn[0]  # type: ignore[index]
        if face == GUNNER and _gunners(state, state.actor) >= 2:
            return FLIP
        return KEEP if rng.random() < 0.6 else FLIP
    moves = state.legal_moves()
    return moves[0] if len(moves) == 1 else rng.choice(moves)


def playout(state: CaptainFlipState, rng: random.Random) -> None:
    while True:
        player = state.current_player
        if player is None:
            return
        state.apply_unchecked(state.sample_chance(rng) if player == CHANCE else rollout_move(state, rng))


PLAYOUTS = 2000
"""Playouts the ``hard`` player may run per decision, shared among its moves (on the bench machine
a decision then takes about 0.1 s at the median and 0.4 s at most)."""


class HardAgent:
    """Determinised Monte Carlo: the same sampled world is used for every move in a round (common
    random numbers), so the comparison between moves is sharper than the noise of one playout.

    Why a budget of playouts and not of seconds: the same seed and position must give the same
    move on any machine at any load (it stopped at 0.3 s of wall-clock time, so a busy machine
    played fewer rounds and other moves)."""

    name = "hard"

    def __init__(self, playouts: int = PLAYOUTS, max_rounds: int = 400, min_rounds: int = 8) -> None:
        self.playouts = playouts
        self.max_rounds = max_rounds
        self.min_rounds = min_rounds

    def rounds_for(self, moves: int) -> int:
        """Rounds (one playout per move each) for a decision among ``moves`` moves."""
        return max(self.min_rounds, min(self.max_rounds, self.playouts // max(1, moves)))

    def choose(self, state: CaptainFlipState, rng: random.Random) -> Move:  # type: ignore[override]
        moves = state.legal_moves()
        if len(moves) == 1:
            return moves[0]
        seat = state.current_player
        assert seat is not None and seat != CHANCE
        totals = dict.fromkeys(moves, 0.0)
        for _round in range(self.rounds_for(len(moves))):
            world = state.determinised(rng)
            seed = rng.random()
            for move in moves:
                child = world.copy()
                child.apply_unchecked(move)
                playout(child, random.Random(seed))
                totals[move] += self._score(child, seat)
        best = max(totals.values())
        return rng.choice([m for m in moves if totals[m] >= best - 1e-9])

    @staticmethod
    def _score(final: CaptainFlipState, seat: int) -> float:
        mine = estimate(final, seat)
        if final.n == 1:
            return mine
        others = max(estimate(final, s) for s in range(final.n) if s != seat)
        return mine + 0.25 * (mine - others)


def make_agent(level: str) -> object:
    if level == "random":
        return RandomAgent()
    if level == "easy":
        return EasyAgent()
    if level == "hard":
        return HardAgent()
    raise ValueError(tr("unknown Captain Flip level {level}; levels are random, easy, hard", level=repr(level)))


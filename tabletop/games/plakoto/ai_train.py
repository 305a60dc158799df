"""Reproduce ``plakoto_equity.json``, the network of the ``hard`` level (a developer tool).

Why it is here: the weights are data, but data someone must be able to remake and check. It
uses numpy, as the game's evaluator does (``ai_value``)::

    nice -n 10 python -m tabletop.games.plakoto.ai_train --out tabletop/games/plakoto/plakoto_equity.json

The recipe (defaults below; seeded, so the same command gives the same file on the same machine).
The shipped file was made in three runs and a merge:

* first, before the trainer was sped up, ``--rounds 25 --games-per-round 1000 --hidden 48`` (32
  minutes): steps 1-3 below;
* then more self-play from it (step 3 only), 1 December 2026::

      nice -n 5 python -m tabletop.games.plakoto.ai_train --resume plakoto_equity.json \
          --out cont.json --rounds 80 --games-per-round 4000 --seed 11 --lr 2e-4 4e-5

  stopped after its checkpoint ``cont.round50.json`` (200,000 games, 49 minutes of wall time on
  both cores of the shared two-core machine). At 0 ply, in 6,000 games against the first run's
  network, it won 52.7% of the games and 53.6% of the points; the checkpoints of rounds 10, 20, 30
  and 40 took 52.7, 52.7, 53.6 and 54.5% of the points, and round 50 against round 40 took 49.9%
  (8,000 games): nothing more was gained in the last ten rounds;
* then that file (``cont.round50.json``) grown to 96 hidden units and trained on, 1 December::

      nice -n 10 python -m tabletop.games.plakoto.ai_train --resume cont.round50.json --widen 96 \
          --out wide.json --rounds 60 --games-per-round 4000 --seed 13 --lr 3e-4 5e-5

  stopped after its checkpoint ``wide.round30.json`` (120,000 games, 35 minutes). Alone it played
  no better than its start at 0 ply (50.6% of the points in 6,000 games at round 20), but it had
  learnt differently, so
* the shipped file is the two side by side, their outputs averaged (144 hidden units)::

      python -m tabletop.games.plakoto.ai_train --merge cont.round50.json wide.round30.json \
          --out plakoto_equity.json

  At 0 ply it took 53.4% of the points (53.0% of the games) against ``cont.round50.json`` alone in
  6,000 games; with round 20 instead of 30, 53.0% and 52.7% (two seeds); the network averaged in
  probabilities rather than in logits, 52.9%; a third member (``cont.round30.json``), 53.2%, not
  worth its cost. Two checkpoints of one run averaged gained little (round 50 with round 40:
  51.3%). It costs about half as much again per position as the 48-unit file (the features are
  computed once).

``--ply1`` (targets from each position's outlook over all 21 of the opponent's rolls, not from the
one position that followed) was tried on the shipped file, 2 December 2026::

    nice -n 3 python -m tabletop.games.plakoto.ai_train --resume plakoto_equity.json --out ply1.json \
        --ply1 --lam 0.3 --rounds 12 --games-per-round 400 --processes 1 --seed 19 --lr 3e-4 1e-4

4,800 games in 82 minutes of one process beside other work (a game costs about 28 times a plain
self-play game). At 0 ply against the shipped file it took 50.8% of the points at round 10 (4,000
games) and 49.9% at round 12 (6,000 games): nothing measurable, so it was not shipped; far more
games would be needed.

The defaults from scratch (60 rounds of 2,000, 64 hidden units, seed 7) took 25 minutes of wall
time; under the same search that network took 51.9% of the points (95% interval 46.4-57.3%) in
273 single games against the first run's, not clearly better, so it was not shipped:

1. ``easy``-vs-``easy`` single games, 5% of turns random for variety; every position after a turn
   is labelled with how the game ended for its mover: won, won double, lost double.
2. The network (``ai_value``: three logistic outputs over the inputs of ``ai_net``) is fitted to
   those labels (logistic loss on each output, Adam).
3. Self-play rounds (60 of 2,000 games): both sides play the turn with the best expected points by
   the network (1% random); each position after a turn gets a TD(lambda) target for each output --
   the next position's outputs, seen from this mover's side (his win is one minus the other's, his
   double win the other's double loss), mixed with the later targets -- and after each round the
   network is fitted to the last four rounds' targets, with a step size falling over the rounds.
   Step 3 is what makes it stronger than ``easy``, and the more games the stronger: so self-play
   is made cheap (``_self_play``): 64 games at a time in lockstep per process, every candidate of
   all of them encoded by ``ai_vec`` and evaluated in one matrix product, about 60 games a second
   per process against 18 when each decision was encoded and evaluated on its own.

The frozen network of ``hard-2026-11`` (``plakoto_value.json``, win chance only) was made by the
November 2026 version of this script (git history), with the same steps and one output.
``--init plakoto_value.json`` starts from it instead (its hidden units and win output kept, step 2
fitting only the double outputs); tried for 10 rounds, it played no better than the from-scratch
network at 0 ply, so the shipped file is from scratch.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import time
from multiprocessing import Pool
from typing import Any

from .ai import evaluate
from .ai_eval import FEATURES, features
from .ai_net import CLASSES, point_class
from .ai_value import final, flip_probs, impose
from .movegen import Frame, Key, dice_left, flip

OUTPUTS = 3  # win, double win, double loss


def _sparse(key: Key) -> list[int]:
    b, pn = key
    return [q * CLASSES + point_class(b[q], pn[q]) for q in range(1, 25)]


def _start() -> tuple[list[int], list[int]]:
    b = [0] * 25
    b[24], b[1] = 15, -15
    return b, [0] * 25


class _Net:
    """The network in numpy, in the shipped layout (``dense`` is features x hidden, ``out`` is
    hidden x 3 here and 3 rows of hidden in the file)."""

    def __init__(self, np: Any, data: dict) -> None:
        self.np = np
        self.dense = np.array(data["dense"], dtype=np.float64)
        self.points = np.array(data["points"], dtype=np.float64)
        self.bias = np.array(data["bias"], dtype=np.float64)
        self.out = np.array(data["out"], dtype=np.float64).T
        self.out_bias = np.array(data["out_bias"], dtype=np.float64)

    @classmethod
    def fresh(cls, np: Any, hidden: int, seed: int) -> _Net:
        rng = np.random.default_rng(seed)
        return cls(np, {
            "dense": rng.standard_normal((len(FEATURES), hidden)) * 0.1,
            "points": rng.standard_normal((25 * CLASSES, hidden)) * 0.05,
            "bias": np.zeros(hidden), "out": rng.standard_normal((OUTPUTS, hidden)) * 0.1,
            "out_bias": np.zeros(OUTPUTS),
        })

    @classmethod
    def from_win_net(cls, np: Any, data: dict, hidden: int, seed: int) -> _Net:
        """Start from a one-output win-chance network (``ai_net``'s file): its hidden units and
        win output are kept, ``hidden`` minus its width new units start small and silent, and the
        two double outputs start at zero weights (their bias at about a 10% chance)."""
        net = cls.fresh(np, hidden, seed)
        old = len(data["bias"])
        if old > hidden:
            raise ValueError(f"--hidden {hidden} is narrower than the starting network ({old})")
        net.dense[:, :old] = np.array(data["dense"])
        net.points[:, :old] = np.array(data["points"])
        net.bias[:old] = np.array(data["bias"])
        net.out[:, :] = 0.0
        net.out[:old, 0] = np.array(data["out"])
        net.out_bias[:] = (float(data["out_bias"]), -2.2, -2.2)
        return net

    def widened(self, hidden: int, seed: int) -> _Net:
        """The same function with ``hidden`` units: the new ones get small random input weights
        and zero output weights, so they change nothing until training gives them a use (the
        random inputs break their symmetry; zero inputs would never receive a gradient)."""
        np = self.np
        old = len(self.bias)
        if hidden < old:
            raise ValueError(f"--widen {hidden} is narrower than the starting network ({old})")
        net = _Net.fresh(np, hidden, seed)
        net.dense[:, :old], net.points[:, :old], net.bias[:old] = self.dense, self.points, self.bias
        net.out[:, :] = 0.0
        net.out[:old, :] = self.out
        net.out_bias[:] = self.out_bias
        return net

    def dump(self) -> dict:
        return {
            "format": "plakoto equity net 1", "hidden": len(self.bias),
            "outputs": ["win", "double win", "double loss"],
            "dense": self.dense.round(4).tolist(), "points": self.points.round(4).tolist(),
            # the small output layer keeps 6 decimals: a merged file's halved weights (``merge``)
            "bias": self.bias.round(4).tolist(), "out": self.out.T.round(6).tolist(),
            "out_bias": self.out_bias.round(6).tolist(),
        }

    def forward(self, F: Any, S: Any, onehot: Any = None) -> tuple[Any, Any, Any]:
        from .ai_vec import onehot as make_onehot

        if onehot is None:
            onehot = make_onehot(S, len(self.points))
        pre = F @ self.dense + onehot @ self.points + self.bias
        h = self.np.maximum(pre, 0)
        return pre, h, h @ self.out + self.out_bias

    def values(self, keys: list[Key]) -> tuple[Any, Any, Any]:
        """Features, point contents and the (win, double win, double loss) of each position, with
        the structure ``ai_value`` imposes at play time (its ``probs``, in numpy)."""
        from . import ai_vec

        np = self.np
        B, PN = ai_vec.boards(keys)
        F = ai_vec.features(B, PN)
        S = ai_vec.sparse(B, PN)
        z = self.forward(F, S)[2]
        v = 1 / (1 + np.exp(-np.clip(z, -30, 30)))
        mine, theirs = ai_vec.counts(B, PN)
        impose(v, B, PN, mine, theirs)
        return F, S, v


class _Adam:
    def __init__(self, lr: float) -> None:
        self.lr, self.t, self.m, self.v = lr, 0, {}, {}

    def fit(self, net: _Net, F: Any, S: Any, Y: Any, epochs: int, seed: int, batch: int = 512,
            only: tuple[int, ...] | None = None) -> None:
        """Adam on the logistic loss of each output; ``only``: fit just the hidden-to-output
        weights of these outputs (the rest of the network fixed)."""
        from .ai_vec import onehot

        np = net.np
        rng = np.random.default_rng(seed)
        names = ("dense", "points", "bias", "out", "out_bias")
        mask = None
        if only is not None:
            mask = np.zeros(OUTPUTS)
            mask[list(only)] = 1.0
        for _ in range(epochs):
            order = rng.permutation(len(Y))
            for k in range(0, len(Y) - batch + 1, batch):
                j = order[k:k + batch]
                oh = onehot(S[j], len(net.points))
                pre, h, z = net.forward(F[j], S[j], oh)
                gz = (1 / (1 + np.exp(-np.clip(z, -30, 30))) - Y[j]) / batch
                if mask is not None:
                    gz = gz * mask
                gh = (gz @ net.out.T) * (pre > 0)
                gpoints = oh.T @ gh
                grads = (F[j].T @ gh, gpoints, gh.sum(0), h.T @ gz, gz.sum(0))
                self.t += 1
                for name, g in zip(names, grads, strict=True):
                    if mask is not None and name not in ("out", "out_bias"):
                        continue
                    m = self.m[name] = 0.9 * self.m.get(name, 0.0) + 0.1 * g
                    v = self.v[name] = 0.999 * self.v.get(name, 0.0) + 0.001 * g * g
                    step = self.lr * (m / (1 - 0.9 ** self.t)) / (np.sqrt(v / (1 - 0.999 ** self.t)) + 1e-8)
                    setattr(net, name, getattr(net, name) - step)


def _game(rng: random.Random, starter: int, choose: Any) -> tuple[list, tuple[int, tuple]]:
    """One single game. ``choose(keys)`` returns the index of the turn to play and what to keep
    of it; the result is the turns played as ``(seat, key, kept)`` and the last mover's seat with
    his exact result (win, double win, double loss; a tie is half a win)."""
    b, pn = _start()
    seat, played = starter, []
    while True:
        turns = Frame(list(b), list(pn)).turns(dice_left(rng.randint(1, 6), rng.randint(1, 6)))
        if turns:
            keys = list(turns)
            i, kept = choose(keys)
            key = keys[i]
            played.append((seat, key, kept))
            end = final(*key)
            if end is not None:
                return played, (seat, end)
            b, pn = list(key[0]), list(key[1])
        b, pn = flip(b, pn)
        seat = 1 - seat


def _easy_games(args: tuple[int, int, int]) -> tuple[list, list, list]:
    """Step 1: positions of easy-vs-easy games with the mover's result (win, double win, double
    loss)."""
    first, last, seed = args
    F: list = []
    S: list = []
    Y: list = []
    for g in range(first, last):
        rng = random.Random(seed * 1_000_003 + g)

        def easy(keys: list[Key], rng: random.Random = rng) -> tuple[int, None]:
            if rng.random() < 0.05:
                return keys.index(rng.choice(keys)), None
            scores = [evaluate(*k) for k in keys]
            top = max(scores)
            return keys.index(rng.choice([k for k, s in zip(keys, scores, strict=True) if s >= top - 1e-9])), None

        played, (last, end) = _game(rng, g % 2, easy)
        for seat, key, _ in played:
            F.append(features(*key))
            S.append(_sparse(key))
            Y.append(end if seat == last else flip_probs(end))
    return F, S, Y


def _self_play(args: tuple[dict, int, int, int, float, bool]) -> tuple[Any, Any, Any]:
    """Step 3: network-vs-network games with TD(lambda) targets (three outputs) for every
    non-final position.

    Why many games at once: encoding and evaluating the candidates of one decision costs about
    the same in numpy for 20 positions as for 2,000, so ``SIDE_BY_SIDE`` games are played in
    lockstep and every candidate of all of them is encoded (``ai_vec``) and evaluated in one go.
    Each game has its own seeded dice, so a game's course does not depend on its neighbours."""
    import numpy as np


    data, first, last, seed, lam, ply1 = args
    net = _Net(np, data)
    F: list = []
    S: list = []
    Y: list = []
    upcoming = iter(range(first, last))

    def new_game() -> dict | None:
        g = next(upcoming, None)
        if g is None:
            return None
        b, pn = _start()
        return {"rng": random.Random(seed * 7919 + g), "b": b, "pn": pn, "seat": g % 2, "played": []}

    slots: list[dict | None] = [new_game() for _ in range(SIDE_BY_SIDE)]
    while any(slots):
        moving: list[tuple[int, dict, list[Key]]] = []
        for slot, game in enumerate(slots):
            if game is None:
                continue
            rng = game["rng"]
            turns = Frame(game["b"], game["pn"]).turns(dice_left(rng.randint(1, 6), rng.randint(1, 6)))
            if turns:
                moving.append((slot, game, list(turns)))
            else:
                game["b"], game["pn"] = flip(game["b"], game["pn"])
                game["seat"] = 1 - game["seat"]
        if not moving:
            continue
        keys = [k for _, _, ks in moving for k in ks]
        fs, ss, v = net.values(keys)
        points = _points(v)
        at = 0
        chosen: list[tuple[dict, Key]] = []
        for slot, game, ks in moving:
            rng = game["rng"]
            n = len(ks)
            if rng.random() < 0.01:
                i = rng.randrange(n)
            else:
                seg = points[at:at + n]
                top = np.flatnonzero(seg >= seg.max() - 1e-12)
                i = int(top[rng.randrange(len(top))])
            key = ks[i]
            game["played"].append([game["seat"], fs[at + i], ss[at + i], tuple(float(x) for x in v[at + i]), None])
            at += n
            end = final(*key)
            if end is not None:
                _targets(game["played"], game["seat"], end, lam, F, S, Y)
                slots[slot] = new_game()
                continue
            if ply1:
                chosen.append((game, key))
            game["b"], game["pn"] = flip(key[0], key[1])
            game["seat"] = 1 - game["seat"]
        if chosen:
            for (game, _), u in zip(chosen, outlooks(net, [k for _, k in chosen]), strict=True):
                game["played"][-1][4] = u
    return np.array(F), np.array(S), np.array(Y)


def outlooks(net: _Net, keys: list[Key]) -> list[tuple[float, float, float]]:
    """The mover's (win, double win, double loss) after each of his turns ``keys`` once the
    opponent has rolled and played the reply best for him in points: ``ai_search.reply_outlook``
    with the points objective, for many positions in one batch (``--ply1`` targets).

    Why: a TD target built from the one next position carries the luck of that one roll; the
    mean over all 21 rolls, each answered well, is the same expectation with far less noise."""
    import numpy as np

    from .ai_search import ROLLS21

    replies: list[Key] = []
    spans: list[list[tuple[int, int, float]]] = []
    for key in keys:
        b, pn = flip(key[0], key[1])
        frame = Frame(b, pn)
        rolls = []
        for (h, lo), p in ROLLS21:
            found = list(frame.turns(dice_left(h, lo))) or [(tuple(b), tuple(pn))]
            rolls.append((len(replies), len(found), p))
            replies.extend(found)
        spans.append(rolls)
    v = net.values(replies)[2]
    points = _points(v)
    result = []
    for rolls in spans:
        w = wd = ld = 0.0
        for at, n, p in rolls:
            q = v[at + int(np.argmax(points[at:at + n]))]
            w, wd, ld = w + p * (1.0 - q[0]), wd + p * q[2], ld + p * q[1]
        result.append((float(w), float(wd), float(ld)))
    return result


def _points(v: Any) -> Any:
    """The expected points of a single game for each row of (win, double win, double loss)."""
    return 2 * v[:, 0] - 1 + v[:, 1] - v[:, 2]


SIDE_BY_SIDE = 64
"""Self-play games played in lockstep by one process (see ``_self_play``)."""


def _targets(played: list, last: int, end: tuple, lam: float, F: list, S: list, Y: list) -> None:
    """TD(lambda) targets of one finished game, from the last non-final position back: each is
    the next position's outputs seen from this mover's side (his win is one minus the other's,
    his double win the other's double loss), mixed with the later targets. A position with an
    outlook (``--ply1``) uses it instead of the next position's outputs."""
    target = value = mover = None
    for m, f, s, v, u in reversed(played[:-1]):
        if target is None:
            g_t = end if m == last else flip_probs(end)
        else:
            if m != mover:
                value, target = flip_probs(value), flip_probs(target)
            # with --ply1 the position's own outlook over all the opponent's rolls replaces the
            # value of the one position that followed it
            now = value if u is None else u
            g_t = tuple((1 - lam) * a + lam * c for a, c in zip(now, target, strict=True))
        F.append(f)
        S.append(s)
        Y.append(g_t)
        target, value, mover = g_t, v, m


LR = (3e-4, 1e-4)
"""Adam's step size in the first and in the last self-play round."""
KEEP_ROUNDS = 4
"""Self-play rounds whose targets the network is fitted to after each round (the newest last)."""


def _chunks(n: int, parts: int) -> list[tuple[int, int]]:
    return [(i * n // parts, (i + 1) * n // parts) for i in range(parts)]


def train(out: str, easy_games: int, rounds: int, games_per_round: int, hidden: int, lam: float,
          processes: int, seed: int, init: str | None = None, resume: str | None = None,
          lr: tuple[float, float] = (3e-4, 1e-4), widen: int | None = None, ply1: bool = False) -> None:
    import numpy as np

    start = time.perf_counter()
    with Pool(processes) as pool:
        if resume:
            # more self-play for a network of this format: steps 1 and 2 are skipped
            with open(resume, encoding="utf-8") as fh:
                net = _Net(np, json.load(fh))
            if widen:
                net = net.widened(widen, seed)
            _self_play_rounds(pool, net, out, rounds, games_per_round, lam, processes, seed, lr, start, ply1)
            return
        parts = pool.map(_easy_games, [(a, b, seed) for a, b in _chunks(easy_games, 4 * processes)])
        F = np.array([f for p in parts for f in p[0]])
        S = np.array([s for p in parts for s in p[1]])
        Y = np.array([y for p in parts for y in p[2]])
        print(f"step 1: {len(Y)} positions from {easy_games} easy games ({time.perf_counter() - start:.0f} s)", flush=True)
        if init:
            # keep what the win-chance network knows; fit only the two double outputs to the labels
            with open(init, encoding="utf-8") as fh:
                net = _Net.from_win_net(np, json.load(fh), hidden, seed)
            _Adam(1e-3).fit(net, F, S, Y, epochs=4, seed=seed, only=(1, 2))
        else:
            net = _Net.fresh(np, hidden, seed)
            _Adam(1e-3).fit(net, F, S, Y, epochs=4, seed=seed)
        print(f"step 2: fitted ({time.perf_counter() - start:.0f} s)", flush=True)
        _self_play_rounds(pool, net, out, rounds, games_per_round, lam, processes, seed, lr, start, ply1)


def _self_play_rounds(pool: Any, net: _Net, out: str, rounds: int, games_per_round: int, lam: float,
                      processes: int, seed: int, lr: tuple[float, float], start: float,
                      ply1: bool = False) -> None:
    """Step 3, writing ``out`` at the end and a checkpoint every ten rounds."""
    import numpy as np

    adam = _Adam(lr[0])
    recent: list = []
    played = 0
    for r in range(rounds):
        jobs = [(net.dump(), r * games_per_round + a, r * games_per_round + b, seed + 1, lam, ply1)
                for a, b in _chunks(games_per_round, 2 * processes)]
        t0 = time.perf_counter()
        parts = pool.map(_self_play, jobs)
        played += games_per_round
        rate = games_per_round / (time.perf_counter() - t0)
        recent = (recent + [tuple(np.concatenate([p[k] for p in parts]) for k in range(3))])[-KEEP_ROUNDS:]
        F, S, Y = (np.concatenate([batch[k] for batch in recent]) for k in range(3))
        # the step size falls linearly from lr[0] to lr[1] over the rounds: late rounds refine
        adam.lr = lr[0] + (lr[1] - lr[0]) * r / max(1, rounds - 1)
        adam.fit(net, F, S, Y, epochs=1, seed=seed + r)
        print(f"step 3: round {r + 1}/{rounds}, {played} games ({rate:.0f} games/s), {len(Y)} targets "
              f"({time.perf_counter() - start:.0f} s)", flush=True)
        if (r + 1) % 10 == 0 and r + 1 < rounds:
            _write(net, f"{out.removesuffix('.json')}.round{r + 1}.json")
    _write(net, out)


def merge(nets: list[dict]) -> dict:
    """One network whose three outputs' logits are the mean of those of ``nets`` (same format):
    their hidden units side by side, each output row divided by their number. An ensemble in a
    single file, so the game needs no code for it and pays only for the wider hidden layer (the
    features, most of a position's cost, are computed once). Pure Python: no numpy needed."""
    k = len(nets)
    if k < 2 or any(n.get("format") != nets[0].get("format") for n in nets):
        raise ValueError("--merge needs two or more networks of one format")

    def side_by_side(name: str) -> list:
        return [sum((n[name][j] for n in nets), []) for j in range(len(nets[0][name]))]

    return {
        "format": nets[0]["format"], "hidden": sum(len(n["bias"]) for n in nets),
        "outputs": nets[0]["outputs"], "dense": side_by_side("dense"), "points": side_by_side("points"),
        "bias": sum((n["bias"] for n in nets), []),
        "out": [sum(([round(w / k, 6) for w in n["out"][o]] for n in nets), []) for o in range(OUTPUTS)],
        "out_bias": [round(sum(n["out_bias"][o] for n in nets) / k, 6) for o in range(OUTPUTS)],
    }


def _write(net: _Net, path: str) -> None:
    with open(path, "w", encoding="utf-8") as fh:
        json.dump(net.dump(), fh, separators=(",", ":"))
    print(f"wrote {path}", flush=True)


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(prog="python -m tabletop.games.plakoto.ai_train", description=__doc__.split("\n")[0])
    p.add_argument("--out", default="plakoto_equity.json")
    p.add_argument("--easy-games", type=int, default=8000)
    p.add_argument("--rounds", type=int, default=60)
    p.add_argument("--games-per-round", type=int, default=2000)
    p.add_argument("--hidden", type=int, default=64)
    p.add_argument("--lam", type=float, default=0.7)
    p.add_argument("--processes", type=int, default=2)
    p.add_argument("--seed", type=int, default=7)
    p.add_argument("--resume", help="continue self-play (step 3 only) from a network of this format, "
                   "e.g. the shipped plakoto_equity.json")
    p.add_argument("--lr", type=float, nargs=2, default=LR, metavar=("FIRST", "LAST"),
                   help="Adam's step size in the first and the last self-play round")
    p.add_argument("--widen", type=int, metavar="HIDDEN",
                   help="with --resume: grow the network to this many hidden units first (the new "
                   "ones start silent, so play starts as the file's)")
    p.add_argument("--ply1", action="store_true",
                   help="self-play targets from each position's one-ply outlook (all 21 replies) "
                   "instead of the one next position: far less noise, about 28 times slower")
    p.add_argument("--init", help="start from this win-chance network (ai_net's format, e.g. "
                   "plakoto_value.json) instead of from scratch")
    p.add_argument("--merge", nargs="+", metavar="FILE",
                   help="write to --out one network averaging these networks' outputs (see merge); "
                   "no training")
    a = p.parse_args(argv)
    if a.merge:
        nets = []
        for path in a.merge:
            with open(path, encoding="utf-8") as fh:
                nets.append(json.load(fh))
        with open(a.out, "w", encoding="utf-8") as fh:
            json.dump(merge(nets), fh, separators=(",", ":"))
        print(f"wrote {a.out}", flush=True)
        return
    # one thread per process: the matrices are small, and OpenBLAS threads in two busy processes on
    # two cores fight each other (self-play ran at half speed); must be set before numpy loads
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    train(a.out, a.easy_games, a.rounds, a.games_per_round, a.hidden, a.lam, a.processes, a.seed, a.init,
          a.resume, tuple(a.lr), a.widen, a.ply1)


if __name__ == "__main__":
    main()

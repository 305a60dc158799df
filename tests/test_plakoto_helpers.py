"""Shared helpers for the Plakoto tests: positions from text, turn results, and a slow, independent
reference turn generator (stacks of checkers, every dice order, no pruning) to cross-check the
fast one."""

from __future__ import annotations

from tabletop.games.plakoto.rules import PASS, PlakotoState, Step


def S(text: str) -> PlakotoState:
    return PlakotoState.from_notation(text)


def results(state: PlakotoState) -> set[str]:
    """Every position (cases' syntax) a legal whole turn reaches."""
    return {state.turn_points(t) for t in state.legal_turns()}


def steps(state: PlakotoState) -> set[str]:
    return {str(m) for m in state.legal_moves()}


def play(state: PlakotoState, *texts: str) -> PlakotoState:
    for text in texts:
        state.apply(state.parse_move(text))
    return state


def case_notation(case: dict) -> str:
    """A shared-cases entry as a position in our notation (the cases use White's numbering too)."""
    pts = []
    for p, v in sorted(case["points"].items(), key=lambda kv: int(kv[0])):
        pts.append(f"{p}:{v['top'][0]}{v['count']}{'*' if v['pinned_below'] else ''}")
    dice = case["dice"]
    return (f"{case['to_move'][0]} {dice[0]}{dice[1]} {' '.join(pts)} "
            f"off:w{case['off']['white']},b{case['off']['black']}")


def plain_hidden(data: dict, b, pn) -> list[float]:
    """A Plakoto network's hidden sums (before rectifying) by the textbook matrix product over
    its weights file's ``bias``, ``dense`` and ``points`` rows: what the play-time code must match."""
    from tabletop.games.plakoto.ai_eval import features
    from tabletop.games.plakoto.ai_net import CLASSES, point_class

    hidden = list(data["bias"])
    for f, row in zip(features(b, pn), data["dense"], strict=True):
        hidden = [h + f * w for h, w in zip(hidden, row, strict=True)]
    for q in range(1, 25):
        row = data["points"][q * CLASSES + point_class(b[q], pn[q])]
        hidden = [h + w for h, w in zip(hidden, row, strict=True)]
    return hidden


# -- the reference generator ------------------------------------------------------------------------
def _stacks(state: PlakotoState) -> list[list[int]]:
    """Point p (White's numbering) → the checkers' seats bottom to top."""
    out: list[list[int]] = [[] for _ in range(25)]
    for p in range(1, 25):
        top, count, pinned = state.point(p)
        if pinned is not None:
            out[p].append(pinned)
        out[p].extend([top] * count)
    return out


def reference_results(state: PlakotoState) -> set[str]:
    seat = state.turn
    dice = state.dice
    assert dice is not None
    block = state.home_rule == "blocks"
    own = (lambda p: p) if seat == 0 else (lambda p: 25 - p)  # own number <-> White's number

    def legal(stacks: list[list[int]], die: int) -> list[tuple[int, int]]:
        mine = [(own(p), i) for p in range(1, 25) for i, c in enumerate(stacks[p]) if c == seat]
        found = []
        for p in range(1, 25):
            st = stacks[p]
            if not st or st[-1] != seat:
                continue
            q = own(p)
            t = q - die
            if t >= 1:
                dest = stacks[own(t)]
                if not dest or dest[-1] == seat or len(dest) == 1:
                    found.append((q, t))
            else:
                home = all(n <= 6 for n, _ in mine)
                pinned = any(stacks[own(n)][-1] != seat for n, _ in mine)
                if home and not (block and pinned):
                    highest = max(n for n, _ in mine)
                    if t == 0 or q == highest:
                        found.append((q, 0))
        return found

    leaves: list[tuple[int, int, tuple]] = []
    off0 = list(state.off)

    def walk(stacks: list[list[int]], off: list[int], left: list[int], used_high: int) -> None:
        moved = False
        for i, die in enumerate(left):
            for q, t in legal(stacks, die):
                moved = True
                new = [list(s) for s in stacks]
                new[own(q)].pop()
                noff = list(off)
                if t:
                    new[own(t)].append(seat)
                else:
                    noff[seat] += 1
                high = used_high or (len(dice_list) == 2 and die == max(dice))
                walk(new, noff, left[:i] + left[i + 1:], high)
        if not moved:
            used = len(dice_list) - len(left)
            leaves.append((used, used_high, (tuple(tuple(s) for s in stacks), tuple(off))))

    dice_list = [dice[0]] * 4 if dice[0] == dice[1] else list(dice)
    walk(_stacks(state), off0, dice_list, 0)
    most = max(u for u, _, _ in leaves)
    if most == 0:
        return set()
    keep = [leaf for leaf in leaves if leaf[0] == most]
    if most == 1 and len(dice_list) == 2 and any(h for _, h, _ in keep):
        keep = [leaf for leaf in keep if leaf[1]]
    out = set()
    for _, _, (stacks, off) in keep:
        parts = []
        for p in range(1, 25):
            st = stacks[p]
            if st:
                n = sum(1 for c in st if c == st[-1])
                parts.append(f"{p}:{'wb'[st[-1]]}{n}{'*' if len(st) > n else ''}")
        parts.append(f"off:w{off[0]},b{off[1]}")
        out.add(" ".join(parts))
    return out


__all__ = ["PASS", "S", "Step", "case_notation", "plain_hidden", "play", "reference_results", "results", "steps"]

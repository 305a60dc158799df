"""Moving a hen up the hill: exact moves, pushes, blocked fields, overshoot and the finish.

Kept apart from the state so the UI can preview a move and the rules cases can test it alone.
Hen ``h`` belongs to seat ``h // 2``; its partner is ``h ^ 1``. Field 0 is Start (any number of
hens), 15 the finish.
"""

from __future__ import annotations

from collections.abc import Container

START = 0
FINISH = 15


def _free_below(field: int, hens: list[int], blocked: Container[int]) -> int:
    """The nearest field below ``field`` with no hen and no blocker (Start is always free)."""
    field -= 1
    while field > START and (field in blocked or field in hens):
        field -= 1
    return field


def move_hen(hens: list[int], blocked: Container[int], hen: int, steps: int) -> tuple[int, int]:
    """Move ``hen`` exactly ``steps`` fields up, in place. Returns ``(pushed_hen, pushed_to)``, or
    ``(-1, -1)`` when nobody was pushed.

    - The mover leaves its field first, so that field counts as free for anyone dropping down.
    - A blocked target: the mover stops on the nearest free field below it (no push).
    - An occupied target: the mover takes it; the occupant drops to the nearest free field below
      (a pushed hen never pushes anyone).
    - Beyond 15 is 15. On 15 the partner hen is not pushed: the pair stands there (the win).
    """
    target = hens[hen] + steps
    if target > FINISH:
        target = FINISH
    hens[hen] = -1
    if target in blocked:
        hens[hen] = _free_below(target, hens, blocked)
        return -1, -1
    pushed = -1
    pushed_to = -1
    if target != START:
        for other, field in enumerate(hens):
            if field == target:
                if not (target == FINISH and other == hen ^ 1):
                    pushed = other
                break
    if pushed >= 0:
        pushed_to = _free_below(target, hens, blocked)
        hens[pushed] = pushed_to
    hens[hen] = target
    return pushed, pushed_to


def has_won(hens: list[int], seat: int) -> bool:
    return hens[2 * seat] == FINISH and hens[2 * seat + 1] == FINISH


def landing(hens: list[int], blocked: Container[int], hen: int, steps: int) -> list[int]:
    """Every hen's field after the move, without changing ``hens`` (UI previews)."""
    after = list(hens)
    move_hen(after, blocked, hen, steps)
    return after

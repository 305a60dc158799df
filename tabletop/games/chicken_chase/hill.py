"""Moving a hen up the hill: exact moves, pushes, blocked fields, overshoot and the finish.

Kept apart from the state so the UI can preview a move and the rules cases can test it alone.
Hen ``h`` belongs to seat ``h // 2``; its partner is ``h ^ 1``. Field 0 is Start (any number of
hens), 15 the finish.
"""

from __future__ import annotations

from collections.abc import Container, Iterable

from tabletop.i18n import tr

START = 0
FINISH = 15
LONGEST_MOVE = 8
"""The longest move a hen can make: no card is worth more than 8 (``layout.MAX_CARD``) and an
action-B sum is at most 8 (``rules.B_LIMIT``)."""


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


def impassable_run(blocked: Iterable[int]) -> tuple[int, int] | None:
    """The first run of :data:`LONGEST_MOVE` or more blocked fields in a row, as (first, last), or
    None. A hen below such a run would need a move of at least 9 to pass it (a blocked target
    drops him below it, overshoot only helps beyond 15), so no game could ever be won."""
    runs: list[list[int]] = []
    for field in sorted(set(blocked)):
        if runs and field == runs[-1][1] + 1:
            runs[-1][1] = field
        else:
            runs.append([field, field])
    for first, last in runs:
        if last - first + 1 >= LONGEST_MOVE:
            return first, last
    return None


IMPASSABLE = ("fields {first} to {last} are {n} blocked fields in a row: no card and no action-B sum is more "
              "than {longest}, so no hen could ever pass them")
"""Why blocked fields are refused: the template ``impassable_values`` fills."""


def impassable_values(blocked: Iterable[int]) -> dict[str, int] | None:
    """The values of :data:`IMPASSABLE` for a set of blocked fields, or None if every game with it
    can be won (the board checker keeps them, to say the sentence in the language of the moment)."""
    run = impassable_run(blocked)
    if run is None:
        return None
    first, last = run
    return {"first": first, "last": last, "n": last - first + 1, "longest": LONGEST_MOVE}


def impassable_reason(blocked: Iterable[int]) -> str | None:
    """Why a set of blocked fields is refused (menu, command line, board file), or None if every
    game with it can be won. The one sentence all three entry points show."""
    values = impassable_values(blocked)
    return None if values is None else tr(IMPASSABLE, **values)


def has_won(hens: list[int], seat: int) -> bool:
    return hens[2 * seat] == FINISH and hens[2 * seat + 1] == FINISH


def landing(hens: list[int], blocked: Container[int], hen: int, steps: int) -> list[int]:
    """Every hen's field after the move, without changing ``hens`` (UI previews)."""
    after = list(hens)
    move_hen(after, blocked, hen, steps)
    return after

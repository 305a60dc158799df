"""The text audit records what a redraw writes: cut texts, overlaps on one surface, sizes."""

import pygame

from tabletop.ui import draw
from tabletop.ui.text_audit import TextAudit


def test_the_audit_sees_cut_and_overlapping_texts_and_nothing_outside_it():
    pygame.font.init()
    surface = pygame.Surface((400, 200))
    other = pygame.Surface((400, 200))
    draw.text(surface, "not recorded", (0, 0), 20)
    with TextAudit() as audit:
        draw.text(surface, "Hello", (10, 10), 20)
        draw.text(surface, "World", (14, 14), 20)          # on top of Hello
        draw.text(other, "Elsewhere", (10, 10), 20)        # another surface: no overlap
        draw.text(other, "Elsewhere", (10, 10), 20)        # the same words again in the same place: one text
        draw.fitted_text(surface, "a very long sentence that cannot fit", pygame.Rect(10, 100, 60, 20), 20,
                         min_size=18)
    assert [e.text for e in audit.placed()][:3] == ["Hello", "World", "Elsewhere"]
    assert [(a.text, b.text) for a, b in audit.overlaps()] == [("Hello", "World")]
    assert [e.wanted for e in audit.cut()] == ["a very long sentence that cannot fit"]
    assert {e.size for e in audit.smaller_than(19)} == {18}  # shrunk to its minimum before the ellipsis
    assert all(e.text != "not recorded" for e in audit.entries)


def test_the_audit_sees_texts_spilling_out_of_their_box_or_clip_and_empties_word_caches():
    from functools import lru_cache

    from tabletop.ui import text_audit

    pygame.font.init()
    surface = pygame.Surface((400, 200))
    renders = []

    @text_audit.register_cache
    @lru_cache(maxsize=8)
    def caption(words):
        renders.append(words)
        return words

    caption("Parrot")
    with TextAudit() as audit:
        caption("Parrot")  # emptied when the audit opened: rendered (and reported) again
        draw.text(surface, "inside", (10, 10), 20, box=pygame.Rect(0, 0, 200, 40))
        draw.text(surface, "a long line in a small box", (10, 60), 20, box=pygame.Rect(0, 50, 60, 40))
        surface.set_clip(pygame.Rect(0, 100, 100, 100))
        draw.text(surface, "clipped on the right", (50, 120), 20)
        surface.set_clip(None)
        draw.paragraph(surface, "one two three four five six seven eight nine ten", pygame.Rect(0, 160, 90, 30), 20,
                       min_size=18)
    assert renders == ["Parrot", "Parrot"]
    assert [e.text for e in audit.outside()] == ["a long line in a small box", "clipped on the right"]
    cut = audit.cut()
    assert len(cut) == 1 and cut[0].wanted.startswith("one two") and cut[0].text.endswith("…")

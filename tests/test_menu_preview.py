"""The menu's board picture: drawn by each game's own scene code from the board file, so every
Captain Flip board looks different, a board F a user added is shown, an edited file shows its new
look, and a broken file says what is wrong instead of a picture."""

import shutil
from pathlib import Path

import pygame
import pytest

from tabletop import PACKAGE_DIR
from tabletop.app import App, AppOptions
from tabletop.core import Setup
from tabletop.games import all_games
from tabletop.ui.menu import MenuScene


@pytest.fixture
def boards(tmp_path):
    folder = tmp_path / "boards"
    (folder / "captain_flip").mkdir(parents=True)
    return folder


@pytest.fixture
def app(tmp_path, monkeypatch, boards):
    monkeypatch.setenv("TABLETOP_DATA", str(tmp_path / "data"))
    app = App(AppOptions(size=(1024, 600), headless=True, mute=True, boards_dir=str(boards)))
    yield app
    pygame.display.quit()


def picture(menu, variant=None, players=None):
    c = menu.current
    if variant is not None:
        c.variant = variant
    if players is not None:
        c.players = players
    area = menu.preview_rect.inflate(-2 * menu.metrics.pad, -2 * menu.metrics.pad)
    return menu.previews.get(menu.games[menu.game_id], c.variant, c.players, c.start_options(), area.size,
                             menu.metrics.small)


def has_colour(surface, rgb, tolerance=6):
    w, h = surface.get_size()
    return any(all(abs(a - b) <= tolerance for a, b in zip(surface.get_at((x, y))[:3], rgb, strict=True))
               for x in range(0, w, 2) for y in range(0, h, 2))


def open_menu(app, game_id):
    menu = MenuScene(app, game_id)
    app.push_scene(menu)
    app.render()
    return menu


@pytest.mark.parametrize("game_id", list(all_games()))
def test_every_game_draws_its_board_in_the_menu(app, game_id):
    menu = open_menu(app, game_id)
    shown = picture(menu)
    assert shown.problem == [] and shown.picture is not None
    area = shown.picture
    colours = {area.get_at((x, y))[:3] for x in range(0, area.get_width(), 7) for y in range(0, area.get_height(), 7)}
    assert len(colours) > 6, "a board, not an empty table"


def test_every_captain_flip_board_looks_different_and_a_users_board_f_appears(app, boards):
    source = (PACKAGE_DIR / "boards" / "captain_flip" / "A.yaml").read_text(encoding="utf-8")
    board_f = source.replace('name: "The pirate ship"', 'name: "My board"').replace(
        'board: "#c9a66b"', 'board: "#3c78b4"').replace(
        '{low: 0, height: 3, x: 130, bonus: {kind: "take_map"}}',
        '{low: 0, height: 3, x: 130, bonus: {kind: "kraken", first: 6, later: 2}}')
    assert board_f != source
    (boards / "captain_flip" / "F.yaml").write_text(board_f, encoding="utf-8")
    menu = open_menu(app, "captain_flip")
    assert menu.current.variant_ids == ["A", "B", "C", "D", "E", "F"]
    pictures = {}
    for board in menu.current.variant_ids:
        shown = picture(menu, board)
        assert shown.picture is not None, (board, shown.problem)
        pictures[board] = pygame.image.tobytes(shown.picture, "RGB")
    assert len(set(pictures.values())) == 6, "each board has its own picture"
    assert has_colour(picture(menu, "F").picture, (0x3C, 0x78, 0xB4)), "board F in its own colour"
    menu.current.variant = "A"
    for _ in range(5):  # and the menu steps to it
        menu.step(menu.current.step_variant, 1)
    assert menu.current.variant == "F"
    labels = [b.label for r in menu.rows for b in r.buttons]
    assert "Board F" in labels
    app.render()


def test_an_edited_board_file_shows_its_new_look_and_a_broken_one_says_why(app, boards):
    menu = open_menu(app, "plakoto")
    before = picture(menu).picture
    assert before is not None and not has_colour(before, (0x11, 0x66, 0x22))
    path = boards / "plakoto.yaml"
    shutil.copyfile(PACKAGE_DIR / "boards" / "plakoto.yaml", path)
    text = path.read_text(encoding="utf-8")
    frame = next(line for line in text.splitlines() if line.strip().startswith("frame:"))
    path.write_text(text.replace(frame, '  frame: "#116622"'), encoding="utf-8")
    menu.update(0.0)
    menu.next_poll = 0.0
    menu.update(0.0)
    assert menu.dirty
    after = picture(menu).picture
    assert after is not None and has_colour(after, (0x11, 0x66, 0x22)), "the edit is in the picture"
    path.write_text(text.replace(frame, '  frame: "green"'), encoding="utf-8")
    broken = picture(menu)
    assert broken.picture is None
    assert broken.problem[0] == "The board file has errors"
    assert any("plakoto.yaml" in line and "frame" in line for line in broken.problem[1:])
    app.render()


def test_the_picture_follows_the_player_count(app):
    menu = open_menu(app, "chicken_chase")
    four = pygame.image.tobytes(picture(menu, players=4).picture, "RGB")
    two = pygame.image.tobytes(picture(menu, players=2).picture, "RGB")
    assert four != two, "two players: more blocked fields and fewer hens on Start"


def test_the_builtin_files_are_the_ones_drawn_without_overrides(app):
    assert Path(app.store.path("plakoto.yaml")).is_relative_to(PACKAGE_DIR / "boards")


def test_a_broken_files_errors_are_never_cut_silently(app, boards):
    """Many errors in a small preview: each is drawn whole, or the text ends in "…" (a cut the
    audit sees), never with lines dropped without a mark."""
    from tabletop.ui.text_audit import TextAudit

    path = boards / "plakoto.yaml"
    text = (PACKAGE_DIR / "boards" / "plakoto.yaml").read_text(encoding="utf-8")
    frame = next(line for line in text.splitlines() if line.strip().startswith("frame:"))
    path.write_text(text.replace(frame, '  frame: "green"'), encoding="utf-8")
    menu = open_menu(app, "plakoto")
    problem = picture(menu).problem
    assert problem and picture(menu).picture is None
    for many in (False, True):
        if many:  # as if the file had a dozen errors
            menu.previews.get = lambda *a, **k: type("P", (), {"picture": None, "problem": problem * 12})()
        menu.dirty = True
        with TextAudit() as audit:
            app.render()
        drawn = [d for d in audit.entries if d.rect is not None]
        words = "".join(d.text for d in drawn).replace(" ", "")  # a long path is cut across lines
        cut = [d for d in audit.entries if d.cut]
        if not many:
            assert not cut and all(p.replace(" ", "") in words for p in problem), "one error: drawn whole"
        else:
            assert cut and cut[-1].text.endswith("…"), "too many to fit: the end is marked"


@pytest.mark.parametrize("size, table", [((1920, 1080), False), ((3840, 2160), True)])
def test_chicken_chases_field_numbers_are_no_bigger_than_its_fields(tmp_path, monkeypatch, size, table):
    """A picture keeps the board's proportions: at the menu's reading size the numbers stood
    larger than the small fields they name (38 px type on fields of 22 px radius at 4K)."""
    from tabletop.games.chicken_chase import scene_draw

    monkeypatch.setenv("TABLETOP_DATA", str(tmp_path / "data"))
    drawn = []
    real = scene_draw.field_badge

    def badge(surf, vp, g, p, c, n, num_px):
        drawn.append((num_px, vp.length(g.field_r)))
        return real(surf, vp, g, p, c, n, num_px)

    monkeypatch.setattr(scene_draw, "field_badge", badge)
    app = App(AppOptions(size=size, headless=True, mute=True, table=table))
    try:
        menu = MenuScene(app, "chicken_chase")
        app.push_scene(menu)
        picture(menu)
    finally:
        pygame.display.quit()
    assert drawn
    assert all(px <= radius for px, radius in drawn), drawn[:3]


@pytest.mark.parametrize("variant", ["A", "B", "C", "D", "E"])
def test_captain_flips_picture_says_each_bonus_once(tmp_path, monkeypatch, variant):
    """The reviewer saw "+5" over "+5 coins" and "Map" over "Map": a column whose tag holds its
    bonus leaves the top space under it plain (a map bonus keeps its picture, no word)."""
    from tabletop.games.captain_flip import scene_draw as sd
    from tabletop.games.captain_flip.layout import load

    monkeypatch.setenv("TABLETOP_DATA", str(tmp_path / "data"))
    big = App(AppOptions(size=(1366, 768), headless=True, mute=True))
    menu = open_menu(big, "captain_flip")
    shown = picture(menu, variant=variant, players=2).picture
    layout = load(big.store, variant)
    board = layout.board
    state = all_games()["captain_flip"].new_state(Setup(2, variant, {}, layout, 0))
    vp, slot = sd.lone_board(shown.get_rect(), board)
    tagged = sd.tagged_columns(vp, slot, board, state, 0, menu.metrics.small)
    assert tagged, "the menu's picture is large enough for tags"
    for ci in tagged:
        column = board.columns[ci]
        if column.bonus.kind in sd.MAP_BONUSES:
            continue
        space = sd.px(vp, slot.space(board, ci, column.top)).inflate(-8, -8)
        fill = shown.get_at(space.center)[:3]
        words = [(x, y) for x in range(space.x, space.right) for y in range(space.y, space.bottom)
                 if shown.get_at((x, y))[:3] != fill]
        assert words == [], f"board {variant}, column {ci + 1}: its top space repeats the tag"


def test_a_broken_file_deep_in_a_folder_has_its_path_cut_to_the_box_not_spilled(tmp_path, monkeypatch):
    """``--boards`` in a deep folder: the error's first word, the file's whole path with its line
    and column, is wider than the menu's picture box. It ran past the box's edge (under the form
    beside it) and the line and column were never seen; now it is cut after a "/" and every
    character is inside the box."""
    from tabletop.ui.text_audit import TextAudit

    deep = tmp_path.joinpath(*[f"a-rather-long-folder-name-number-{i}" for i in range(4)], "boards")
    deep.mkdir(parents=True)
    text = (PACKAGE_DIR / "boards" / "plakoto.yaml").read_text(encoding="utf-8")
    frame = next(line for line in text.splitlines() if line.strip().startswith("frame:"))
    (deep / "plakoto.yaml").write_text(text.replace(frame, '  frame: "green"'), encoding="utf-8")
    monkeypatch.setenv("TABLETOP_DATA", str(tmp_path / "data"))
    app = App(AppOptions(size=(1366, 768), headless=True, mute=True, boards_dir=str(deep)))
    try:
        menu = open_menu(app, "plakoto")
        assert picture(menu).picture is None
        menu.dirty = True
        with TextAudit() as audit:
            app.render()
        shown = "".join(d.text for d in audit.placed())
        assert "plakoto.yaml:" in shown and "number-3/" in shown
        assert not audit.outside(), [d.text for d in audit.outside()]
    finally:
        pygame.display.quit()

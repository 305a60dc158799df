"""``tabletop screenshot``: render the menu or a game's scene to PNG with no window (any video
driver; the dummy one in CI), after K moves chosen by computer players."""

from __future__ import annotations

import os
from pathlib import Path

DEFAULT_SIZE = (1920, 1080)


def render_scene(game: str, out: Path, size=DEFAULT_SIZE, moves: int = 0, args=None, table: bool | None = None,
                 lang: str | None = None, boards: str | None = None) -> Path:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from tabletop.app import App, AppOptions

    app = App(AppOptions(size=size, headless=True, mute=True, boards_dir=boards, table=table, lang=lang))
    if game == "menu":
        from tabletop.ui.menu import MenuScene

        app.push_scene(MenuScene(app))
    else:
        from tabletop.cli import session_from_args
        from tabletop.launch import advance
        from tabletop.ui.game_scene import make_scene

        session = session_from_args(args, app.store, game)
        advance(session, moves)
        scene = make_scene(app, session)
        scene.over_shown = True  # a still picture: no game-over overlay
        app.push_scene(scene)
    app.render()
    import pygame

    out.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(app.screen, str(out))
    return out


def screenshot_command(args) -> int:
    from tabletop.games import get_game

    if args.game != "menu":
        get_game(args.game)  # a clear error for an unknown id
    out = render_scene(args.game, Path(args.out), args.size or DEFAULT_SIZE, args.moves, args,
                       args.table, args.lang, args.boards)
    from tabletop.i18n import tr

    print(tr("wrote {path}", path=out))
    return 0

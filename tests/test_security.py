"""Security: YAML only through the safe loader, saves and records as JSON (never pickle), no
network, no eval, and a boards folder given with --boards is only read, never written."""

import ast
from pathlib import Path

import pygame

import tabletop
from tabletop.app import App, AppOptions
from tabletop.games import all_games
from tabletop.launch import Seat, advance, new_session
from tabletop.ui.game_scene import make_scene

PKG = Path(tabletop.__file__).resolve().parent
FORBIDDEN_MODULES = {"pickle", "marshal", "shelve", "socket", "urllib", "http", "requests", "ftplib", "smtplib",
                     "xmlrpc", "telnetlib"}


def _sources():
    for path in PKG.rglob("*.py"):
        yield path, ast.parse(path.read_text(encoding="utf-8"))


def test_no_pickle_no_network_no_eval():
    found = []
    for path, tree in _sources():
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            for name in names:
                if name.split(".")[0] in FORBIDDEN_MODULES:
                    found.append(f"{path.relative_to(PKG)}:{node.lineno}: imports {name}")
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("eval", "exec"):
                found.append(f"{path.relative_to(PKG)}:{node.lineno}: calls {node.func.id}")
    assert found == []


def test_yaml_is_only_read_safely():
    unsafe = []
    for path, tree in _sources():
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "yaml":
                if node.attr in ("load", "load_all", "unsafe_load", "full_load", "Loader", "FullLoader",
                                 "UnsafeLoader", "compose_all"):
                    unsafe.append(f"{path.relative_to(PKG)}:{node.lineno}: yaml.{node.attr}")
    assert unsafe == []


def _snapshot(folder: Path) -> dict[str, tuple[int, float]]:
    return {str(p): (p.stat().st_size, p.stat().st_mtime) for p in folder.rglob("*")}


def test_a_boards_folder_is_only_read(tmp_path, monkeypatch):
    data = tmp_path / "data"
    boards = tmp_path / "boards"
    boards.mkdir()
    (boards / "plakoto.yaml").write_text((PKG / "boards" / "plakoto.yaml").read_text(encoding="utf-8"))
    monkeypatch.setenv("TABLETOP_DATA", str(data))
    before = _snapshot(boards)
    app = App(AppOptions(size=(1024, 600), headless=True, mute=True, boards_dir=str(boards)))
    try:
        spec = all_games()["plakoto"]
        session = new_session(spec, app.store, 2, None, {}, [Seat("human"), Seat("ai", "easy")], seed=1)
        scene = make_scene(app, session)
        app.push_scene(scene)
        scene.roll()
        advance(session, 10)
        app.saves.write(session)
        app.render()
    finally:
        pygame.display.quit()
    assert _snapshot(boards) == before
    written = {p.relative_to(data).as_posix() for p in data.rglob("*") if p.is_file()}
    assert written <= {"autosave-plakoto.json", "settings.json"}, written

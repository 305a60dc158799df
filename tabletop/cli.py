"""The command line: one program, subcommands. Bad arguments give a clear message and exit 2.

    tabletop                         the menu
    tabletop GAME [options]          straight into a game (--position TEXT: from a position)
    tabletop continue                resume the autosaved game
    tabletop screenshot GAME|menu OUT.png [--size WxH] [--seed N] [--moves K] [--position TEXT]
    tabletop simulate GAME --games N [--seed S] [--agents a,b,...] [--json]
    tabletop check-boards [FILES]
    tabletop replay RECORD.json
    tabletop bench [--json]
    tabletop boards export DIR
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import sys
import textwrap
from pathlib import Path

from tabletop.core.errors import StateError, TabletopError
from tabletop.i18n import LANGUAGES, in_language, tr

SUBCOMMANDS = ("continue", "screenshot", "simulate", "check-boards", "replay", "bench", "boards", "menu")


class UsageError(TabletopError):
    pass


def _size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(tr("expected WIDTHxHEIGHT like 1920x1080, got {given}",
                                            given=repr(text))) from None
    if not (320 <= w <= 8192 and 240 <= h <= 8192):
        raise argparse.ArgumentTypeError(tr("size {w}x{h} is out of range (320x240 to 8192x8192)", w=w, h=h))
    return (w, h)


WINDOW_MIN = (1024, 600)
"""The smallest window the layouts are made for (``app.MIN_SIZE``; a test keeps the two equal)."""

APP_DEFAULTS = {"boards": None, "mute": False, "fullscreen": False, "display": 0, "size": None, "table": None,
                "lang": None}
"""The window options every app command shares, and their values when none is given."""


def window_size_help() -> str:
    """--size's help for a window (said when the parser is built: in the language of the moment)."""
    return tr("window size, at least {least} (a smaller one is raised to it, and a line on stderr says so)",
              least=f"{WINDOW_MIN[0]}x{WINDOW_MIN[1]}")


def _common(parser: argparse.ArgumentParser, top: bool = False, size_help: str | None = None) -> None:
    """The shared window options. They are accepted before a sub-command (on the top parser) and
    after it; a sub-command's parser leaves an option it was not given unset (``SUPPRESS``), so
    ``tabletop --lang ru plakoto`` keeps the ``--lang`` given before the sub-command."""
    default = (lambda key: APP_DEFAULTS[key]) if top else (lambda key: argparse.SUPPRESS)
    parser.add_argument("--boards", metavar="DIR", default=default("boards"),
                        help=tr("a folder of board files that override the built-in ones"))
    parser.add_argument("--mute", action="store_true", default=default("mute"), help=tr("no sound"))
    parser.add_argument("--fullscreen", action="store_true", default=default("fullscreen"),
                        help=tr("start fullscreen (F11 toggles)"))
    parser.add_argument("--display", type=int, default=default("display"), metavar="N", help=tr("the monitor to use"))
    parser.add_argument("--size", type=_size, default=default("size"), metavar="WxH",
                        help=size_help or window_size_help())
    parser.add_argument("--table", action="store_true", default=default("table"),
                        help=tr("table mode (panels face each edge)"))
    parser.add_argument("--lang", choices=("en", "ru"), default=default("lang"), help=tr("interface language"))


def _game_args(parser: argparse.ArgumentParser, listed: str | None = None) -> None:
    """The options that set up a game; ``listed`` says where its variants, options and levels are."""
    listed = listed or tr("tabletop GAME --help lists them")
    parser.add_argument("--players", type=int, metavar="N", help=tr("how many play"))
    parser.add_argument("--seats", metavar="S,S,...",
                        help=tr("human or ai:LEVEL per seat, e.g. human,ai:hard (the levels: {listed})", listed=listed))
    parser.add_argument("--variant", metavar="V", help=tr("a rules variant ({listed})", listed=listed))
    parser.add_argument("--option", action="append", metavar="KEY=VALUE", default=[],
                        help=tr("a game option, may be repeated ({listed})", listed=listed))
    parser.add_argument("--seed", type=int)
    parser.add_argument("--position", metavar="TEXT", help=tr("start from this position (docs/notation.md)"))


GAME_OR_COMMAND = "GAME|COMMAND"


class _Parser(argparse.ArgumentParser):
    """Usage is one short line (the positionals, then ``[options]``), and a mistake is that line
    and one line of reason, exit code 2; an unknown game or command names the valid ones."""

    games: tuple[str, ...] = ()

    def format_usage(self) -> str:
        return f"usage: {self._short_usage()}\n"

    def format_help(self) -> str:
        self.usage = self.usage or self._short_usage()
        return super().format_help()

    def _short_usage(self) -> str:
        words = [self.prog]
        for action in self._actions:
            if action.option_strings or action.help == argparse.SUPPRESS:
                continue
            name = action.metavar or action.dest.upper()
            words.append(f"[{name} ...]" if isinstance(action, argparse._SubParsersAction) else
                         f"[{name} ...]" if action.nargs == "*" else str(name))
        return " ".join(words[:1] + ["[options]"] + words[1:])

    def error(self, message: str) -> None:  # exit code 2 with a one-line reason
        unknown = re.match(rf"argument {re.escape(GAME_OR_COMMAND)}: invalid choice: (.+?) \(choose from", message)
        if unknown and self.games:
            commands = [c for c in SUBCOMMANDS if c not in self.games]
            message = tr("unknown game or command {name}: the games are {games}; the commands are {commands}",
                         name=unknown.group(1), games=", ".join(self.games), commands=", ".join(commands))
        else:
            message = argparse_words(message)
        self.print_usage(sys.stderr)
        print(tr("{prog}: error: {message}", prog=self.prog, message=message), file=sys.stderr)
        raise SystemExit(2)


ARGPARSE_SHAPES = (
    (r"argument (?P<name>\S+): invalid choice: (?P<value>.+) \(choose from (?P<choices>.+)\)",
     "argument {name}: invalid choice: {value} (choose from {choices})"),
    (r"argument (?P<name>\S+): invalid int value: (?P<value>.+)", "argument {name}: expected a whole number, got {value}"),
    (r"argument (?P<name>\S+): expected one argument", "argument {name}: a value must follow it"),
    (r"argument (?P<name>\S+): (?P<reason>.+)", "argument {name}: {reason}"),
    (r"unrecognized arguments: (?P<words>.+)", "unrecognized arguments: {words}"),
    (r"the following arguments are required: (?P<names>.+)", "the following arguments are required: {names}"),
)
"""argparse's own mistakes (its English, Python 3.11) and the template each is said with: the
English template repeats argparse's words but for a clearer whole-number one."""


def argparse_words(message: str) -> str:
    """An argparse mistake in the language of the moment (one it does not know stays as it is)."""
    for shape, template in ARGPARSE_SHAPES:
        found = re.fullmatch(shape, message)
        if found:
            return tr(template, **found.groupdict())
    return message


def _wrapped(first: str, text: str, width: int = 24) -> list[str]:
    """``first`` in a column ``width`` wide, ``text`` beside it, wrapped at 100 characters."""
    lines = textwrap.wrap(text, 100 - width) or [""]
    column = f"  {first}".ljust(width)
    if len(column) > width:
        return [column.rstrip(), *(" " * width + line for line in lines)]
    return [column + lines[0], *(" " * width + line for line in lines[1:])]


def game_help(spec) -> str:
    """What ``tabletop GAME --help`` says below the options: the game's players, variants,
    options (key, choices, default, help) and seat kinds, all read from its ``GameSpec``."""
    players = tr("{counts} players", counts=spec.player_counts) + (
        "." if spec.min_players == spec.max_players else
        tr(" (--players N, default {n}).", n=spec.default_players))
    lines = [f"{tr(spec.title)}: {players}", "", tr("variants (--variant V, the first is the default):")]
    allowed = spec.extra.get("players_for_variant")
    for variant in spec.variants:
        text = tr(variant.label) + (f" — {tr(variant.help)}" if variant.help else "")
        note = tr("({counts} players)", counts=", ".join(map(str, allowed(variant.id)))) if allowed else ""
        if note and note not in text and set(allowed(variant.id)) != set(range(spec.min_players, spec.max_players + 1)):
            text += f" {note}"
        lines += _wrapped(variant.id, text)
    if spec.discover_variants is not None:
        folder = spec.extra.get("board_folder", spec.id)
        lines.append(tr("  and one for each further board, such as {folder}/F.yaml in the --boards DIR", folder=folder))
    lines += ["", tr("options (--option KEY=VALUE):") if spec.options else tr("options: none")]
    for option in spec.options:
        text = tr("{label}: {choices} (default {default})", label=tr(option.label), choices=" | ".join(option.choices),
                  default=option.default)
        if option.pick_from:
            text += tr(", or any fields {low}–{high} as a comma list", low=option.pick_from[0], high=option.pick_from[1])
        if option.variants:
            text += tr("; only with variant {variants}", variants=", ".join(option.variants))
        if option.help and not option.pick_from:  # a picker's help tells how the menu picks
            text += f" — {tr(option.help)}"
        lines += _wrapped(option.key, text)
    lines += ["", tr("seats (--seats S,S,..., one per player):"),
              *_wrapped("human", tr("a person at this computer")),
              *_wrapped("ai:LEVEL", tr("a computer player, LEVEL one of {levels} (ai alone: hard)",
                                       levels=", ".join(spec.agent_levels)))]
    return "\n".join(lines)


def build_parser(games: list[str]) -> argparse.ArgumentParser:
    from tabletop.games import get_game

    parser = _Parser(prog="tabletop", description=tr("Four dice and board games on one computer."),
                     epilog=tr("tabletop GAME --help lists a game's variants, options and computer levels."))
    parser.games = tuple(games)
    _common(parser, top=True)
    sub = parser.add_subparsers(dest="command", parser_class=_Parser, metavar=GAME_OR_COMMAND)
    for game in games:
        spec = get_game(game)
        # 'chicken-chase' is accepted too: people type the name as they read it
        aliases = [game.replace("_", "-")] if "_" in game else []
        p = sub.add_parser(game, aliases=aliases, help=tr("play {game}", game=tr(spec.title)), epilog=game_help(spec),
                           formatter_class=argparse.RawDescriptionHelpFormatter)
        _game_args(p, tr("see below"))
        _common(p)
    p = sub.add_parser("menu", help=tr("the menu (the default)"))
    _common(p)
    p = sub.add_parser("continue", help=tr("resume the autosaved game"))
    _common(p)
    p = sub.add_parser("screenshot", help=tr("render a scene to PNG without a window"))
    p.add_argument("game", help=tr("a game id, or 'menu'"))
    p.add_argument("out", help=tr("the PNG file to write"))
    p.add_argument("--moves", type=int, default=0, metavar="K", help=tr("computer moves to play first"))
    _game_args(p)
    _common(p, size_help=tr("image size, 320x240 to 8192x8192 (default 1920x1080)"))
    p = sub.add_parser("simulate", help=tr("computer against computer, no window"))
    p.add_argument("game")
    p.add_argument("--games", type=int, default=100, metavar="N")
    p.add_argument("--agents", metavar="A,B,...", help=tr("one level per seat, e.g. hard,random,random,random"))
    p.add_argument("--json", action="store_true")
    p.add_argument("--variant")
    p.add_argument("--option", action="append", metavar="KEY=VALUE", default=[])
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--processes", type=int, default=1, metavar="N",
                   help=tr("play the games in N processes (same results, one core each)"))
    p.add_argument("--boards", metavar="DIR", default=argparse.SUPPRESS)
    p = sub.add_parser("check-boards", help=tr("validate board files (exit 2 on errors)"))
    p.add_argument("files", nargs="*")
    p.add_argument("--boards", metavar="DIR", default=argparse.SUPPRESS)
    p = sub.add_parser("replay", help=tr("step through a game record"))
    p.add_argument("record")
    _common(p)
    p = sub.add_parser("bench", help=tr("measure frame time, rules throughput, AI decision time"))
    p.add_argument("--json", action="store_true")
    p.add_argument("--quick", action="store_true", help=tr("fewer repetitions"))
    p.add_argument("--games", metavar="G,G", help=tr("only these games"))
    p = sub.add_parser("boards", help=tr("board files"))
    p.add_argument("action", choices=("export",))
    p.add_argument("dir")
    return parser


def _spell_game_ids(args: argparse.Namespace, games: list[str]) -> None:
    """A game named with hyphens ('chicken-chase', as a person reads it) means the game id
    with underscores, whether it is the sub-command or the GAME of screenshot/simulate."""
    for field in ("command", "game"):
        value = getattr(args, field, None)
        if isinstance(value, str) and value.replace("-", "_") in games:
            setattr(args, field, value.replace("-", "_"))


def main(argv: list[str] | None = None) -> int:
    from tabletop.games import all_games

    argv = list(sys.argv[1:] if argv is None else argv)
    with in_language(cli_language(argv)):
        return _main(argv, list(all_games()))


def cli_language(argv: list[str]) -> str:
    """The language every message of ours is said in: ``--lang`` read before argparse (so its
    mistakes are said in it too), else the one the settings keep (the app's), else English."""
    chosen = None
    for i, word in enumerate(argv):
        if word == "--":
            break
        if word == "--lang" and i + 1 < len(argv):
            chosen = argv[i + 1]
        elif word.startswith("--lang="):
            chosen = word.split("=", 1)[1]
    if chosen in LANGUAGES:
        return chosen
    from tabletop.saves import saved_language

    return saved_language() or "en"


def _main(argv: list[str], games: list[str]) -> int:
    parser = build_parser(games)
    args = parser.parse_args(argv)
    _spell_game_ids(args, games)
    from tabletop.layout import LayoutErrors

    try:
        return _run(args, games)
    except LayoutErrors as exc:  # a broken board file: one file:line:col line per problem
        for line in exc.lines():
            print(line, file=sys.stderr)
        return 2
    except TabletopError as exc:
        print(tr("tabletop: {error}", error=exc), file=sys.stderr)
        return getattr(exc, "exit_code", 2)  # 2: what was typed; an error of the machine says its own
    except KeyboardInterrupt:
        return 130


def _check_boards_dir(folder: str | None) -> None:
    """``--boards DIR`` must name a folder: a mistyped one was taken without a word, and the
    built-in boards were played while the user edited his own files, which nothing ever read."""
    if folder is None or os.path.isdir(folder):
        return
    if os.path.lexists(folder):
        raise UsageError(tr("--boards {folder}: it is not a folder", folder=folder))
    raise UsageError(tr("--boards {folder}: there is no such folder (export the boards there first: "
                        "tabletop boards export {folder})", folder=folder))


def _run(args: argparse.Namespace, games: list[str]) -> int:
    command = args.command or "menu"
    _check_boards_dir(getattr(args, "boards", None))
    if command == "check-boards":
        from tabletop.boardcheck import check_boards

        return check_boards(args.files, args.boards)
    if command == "boards":
        return _export_boards(args.dir)
    if command == "simulate":
        from tabletop.simulate import simulate_command

        return simulate_command(args)
    if command == "bench":
        from tabletop.bench import bench_command

        return bench_command(args)
    if command == "screenshot":
        from tabletop.screenshot import screenshot_command

        return screenshot_command(args)
    return _run_app(command, args)


def _export_boards(target: str) -> int:
    """``boards export DIR``: a path that is not a folder, or one that cannot be made or written,
    is a one-line error naming it, not a traceback."""
    from tabletop import files
    from tabletop.layout import BoardStore

    path = Path(target)
    if files.exists(path) and not path.is_dir():
        found = files.problem(path)
        what = tr(found.key.replace(", not a file", ", not a folder"), **found.fields) if found else \
            tr("is a file, not a folder")
        raise UsageError(tr("boards export: {target} {what} (name a folder; a missing one is made)", target=target,
                            what=what))
    try:
        written = BoardStore([]).export(path)
    except OSError as exc:
        where = exc.filename or target
        raise UsageError(tr("boards export: cannot write {where}: {error}", where=where,
                            error=files.os_error_text(exc, path=False))) from None
    print(tr("wrote {n} board files to {target} (existing files kept)", n=len(written), target=target))
    return 0


def session_from_args(args: argparse.Namespace, store, game_id: str):
    """A new session from ``--players --seats --variant --option --seed``."""
    from tabletop.games import get_game
    from tabletop.launch import Seat, default_seats, new_session, parse_option_texts, session_from_position

    spec = get_game(game_id)
    seats_text = getattr(args, "seats", None)
    players = getattr(args, "players", None)
    if getattr(args, "position", None) is not None:  # the position says players, variant and options
        if getattr(args, "variant", None) or getattr(args, "option", None):
            raise UsageError(tr("--position states the variant and the options: leave out --variant and --option"))
        seats = [Seat.parse(s, spec.agent_levels) for s in seats_text.split(",")] if seats_text else None
        try:
            return session_from_position(spec, store, args.position, seats, getattr(args, "seed", None), players)
        except StateError as exc:
            raise StateError(tr("--position: {error}", error=exc)) from None
    if seats_text:
        seats = [Seat.parse(s, spec.agent_levels) for s in seats_text.split(",")]
        players = players or len(seats)
    else:
        players = players or spec.default_players
        seats = default_seats(players)
    seed = args.seed if getattr(args, "seed", None) is not None else random.randrange(1 << 30)
    return new_session(spec, store, players, getattr(args, "variant", None),
                       parse_option_texts(getattr(args, "option", [])), seats, seed)


def _run_app(command: str, args: argparse.Namespace) -> int:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from tabletop.app import App, AppOptions

    options = AppOptions(fullscreen=args.fullscreen, display=args.display, mute=args.mute, size=window_size(args.size),
                         boards_dir=args.boards, table=args.table, lang=args.lang)
    if command not in ("menu", "continue", "replay"):
        from tabletop.layout import BoardStore

        session = session_from_args(args, BoardStore.default(args.boards), command)
    if command == "replay":  # a bad record or board is refused before a window opens
        from tabletop.core.errors import StateError
        from tabletop.layout import BoardStore
        from tabletop.ui.replay import read_replay

        try:
            replay = read_replay(Path(args.record), BoardStore.default(args.boards))
        except StateError as exc:
            raise UsageError(tr("cannot replay {record}: {error}", record=args.record, error=exc)) from None
    app = App(options)
    from tabletop.ui.menu import MenuScene

    # behind a game set up here is the menu with that game chosen (a question about a game in
    # progress opens over it, and Back leaves the player there)
    app.push_scene(MenuScene(app, command if command not in ("menu", "continue", "replay") else None))
    if command == "continue":
        app.top.continue_game()  # type: ignore[union-attr]
    elif command == "replay":
        from tabletop.ui.replay import ReplayScene

        app.replace_scenes(ReplayScene(app, replay.session, replay.moves, replay.note))
    elif command != "menu":
        app.top.start_session(session)  # type: ignore[union-attr]
    app.run()
    return 0


def window_size(size: tuple[int, int] | None) -> tuple[int, int] | None:
    """``--size`` for a window: one below the smallest the layouts fit is raised to it, and a line
    on stderr says so (it used to open larger without a word)."""
    from tabletop.app import MIN_SIZE

    if size is None:
        return None
    raised = (max(MIN_SIZE[0], size[0]), max(MIN_SIZE[1], size[1]))
    if raised != size:
        print(tr("tabletop: --size {size} is smaller than the smallest window, {least}: the window opens at {opened}",
                 size=f"{size[0]}x{size[1]}", least=f"{MIN_SIZE[0]}x{MIN_SIZE[1]}", opened=f"{raised[0]}x{raised[1]}"),
              file=sys.stderr)
    return raised


def print_json(data) -> None:
    print(json.dumps(data, indent=2))


if __name__ == "__main__":
    raise SystemExit(main())

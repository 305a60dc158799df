"""``tabletop bench``: the speed figures the issues quote — frame time per game scene at 1080p and
2160p (headless), random playouts per second, decision time per computer level, start-up time to
the menu's first frame, and the CPU an idle window of each game uses over 10 s.

Medians over repeated runs; every figure is measured on this machine at run time, nothing assumed.
"""

from __future__ import annotations

import json
import os
import random
import statistics
import subprocess
import sys
import time
from typing import Any

from tabletop.ai.play import random_playout
from tabletop.core import CHANCE, Setup
from tabletop.games import all_games
from tabletop.layout import BoardStore


def _new_state(spec, store, seed: int, players: int | None = None, layout=None):
    """A new game as the app deals it (the board file read again unless ``layout`` is given)."""
    variant = spec.default_variant
    layout = layout if layout is not None else spec.load_layout(store, variant)
    options = spec.parse_options(variant, dict(spec.extra.get("bench_options", {})), store)
    return spec.new_state(Setup(players or spec.default_players, variant, options, layout,
                                first_player=seed % (players or spec.default_players)))


def playouts_per_second(spec, store, seconds: float = 2.0) -> float:
    """Rules throughput: whole random games per second (the board file read once, not per game)."""
    rng = random.Random(5)
    layout = spec.load_layout(store, spec.default_variant)
    games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds or games < 3:
        random_playout(_new_state(spec, store, games, layout=layout), rng)
        games += 1
    return games / (time.perf_counter() - start)


def decision_times(spec, store, level: str, turns: int) -> dict[str, float]:
    """Thinking time of ``level`` per turn, at positions met in games among that level.

    Why per turn and not per call: an agent may plan a whole turn at its first step and hand out
    the rest from the plan (Plakoto), so the time a player waits is the sum over the calls of one
    turn (the same seat choosing with no roll or other seat between). Turns where every call had a
    single legal move are not counted: nothing was decided.
    """
    rng = random.Random(11)
    agent = spec.make_agent(level)
    times: list[float] = []
    cpu: list[float] = []
    seed = 0
    while len(times) < turns:
        state = _new_state(spec, store, seed)
        seed += 1
        moves = 0
        spent, spent_cpu, decided, seat = 0.0, 0.0, False, None
        while state.current_player is not None and len(times) < turns and moves < 3000:
            cp = state.current_player
            if cp != seat:
                if decided:
                    times.append(spent)
                    cpu.append(spent_cpu)
                spent, spent_cpu, decided, seat = 0.0, 0.0, False, cp
            if cp == CHANCE:
                state.apply_unchecked(state.sample_chance(rng))
            else:
                obs = state.observation(cp)
                legal = state.legal_moves()
                t0, c0 = time.perf_counter(), time.process_time()
                move = agent.choose(obs, rng)
                spent += time.perf_counter() - t0
                spent_cpu += time.process_time() - c0
                decided = decided or len(legal) > 1
                state.apply(move)
            moves += 1
    # wall time is what a player waits; CPU time is what the player costs whatever else runs
    return {"median": statistics.median(times) * 1000, "max": max(times) * 1000, "n": len(times),
            "cpu_median": statistics.median(cpu) * 1000, "cpu_max": max(cpu) * 1000}


def plakoto_turn_rates(seconds: float = 1.0, positions: int = 600) -> dict[str, float]:
    """Plakoto whole-turn generation, positions per second: the generator the search uses
    (``Frame.turns``) and ``PlakotoState.legal_turns`` against the frozen November 2026 code in
    the same run, on the same fixed positions (turn starts of seeded ``easy`` games, dice rolled)."""
    from tabletop.games.plakoto.ai import make_agent
    from tabletop.games.plakoto.ai_2026_11 import turns_2026_11
    from tabletop.games.plakoto.movegen import Frame
    from tabletop.games.plakoto.rules import PlakotoState

    rng = random.Random(21)
    agent = make_agent("easy")
    states: list[PlakotoState] = []
    game = 0
    while len(states) < positions:
        state = PlakotoState(1, "blocks", game % 2)
        game += 1
        while state.current_player is not None and len(states) < positions:
            if state.current_player == CHANCE:
                state.apply(state.sample_chance(rng))
                states.append(state.copy())
            state.apply(agent.choose(state, rng) if state.current_player != CHANCE else state.sample_chance(rng))
    frames = [(Frame(list(f.b), list(f.pn), True), st.left) for st in states for f in (st.frame(),)]

    runs = {
        "movegen_per_s": (frames, lambda fl: fl[0].turns(fl[1])),
        "movegen_2026_11_per_s": (frames, lambda fl: fl[0].turns_2026_11(fl[1])),
        "legal_turns_per_s": (states, PlakotoState.legal_turns),
        "legal_turns_2026_11_per_s": (states, turns_2026_11),
    }
    # one pass of each in turn until the time is up, so a change in the machine's load while
    # measuring falls on all four alike
    spent = dict.fromkeys(runs, 0.0)
    passes = 0
    while passes == 0 or sum(spent.values()) < 4 * seconds:
        for name, (items, run) in runs.items():
            t0 = time.perf_counter()
            for item in items:
                run(item)
            spent[name] += time.perf_counter() - t0
        passes += 1
    result = {name: passes * len(runs[name][0]) / spent[name] for name in runs}
    return result


def frame_times(game_id: str, size: tuple[int, int], frames: int, table: bool = False, changed: bool = False,
                moves: bool = False, cpu: bool = False) -> float:
    """Median full-frame render time (ms) of the game's scene mid-game at ``size``.

    ``table``: in table mode, with a person in every seat, measured at two turns of different
    seats (a scene may turn its middle area toward the seat on turn, which costs more); the
    slower of the two medians is returned. ``changed``: every frame as after a move that changed
    everything (the board area's kept picture painted whole again), not a redraw of an unchanged
    table. ``moves``: every frame after a real move (the computer choosing for the person on
    turn, no animation): what a scene that repaints only what changed really draws then (on the
    screen it drew the frame before; otherwise every frame is drawn as onto a screen it never saw).
    ``cpu``: the process's CPU time per frame instead of wall time (steadier on a loaded machine).
    """
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from tabletop.app import App, AppOptions
    from tabletop.games import get_game
    from tabletop.launch import Seat, advance, new_session
    from tabletop.ui.game_scene import make_scene

    spec = get_game(game_id)
    app = App(AppOptions(size=size, headless=True, mute=True, table=table))
    players = spec.default_players
    seats = [Seat("human")] * players if table else [Seat("human")] + [Seat("ai", "easy")] * (players - 1)
    session = new_session(spec, app.store, players, None, {}, seats, seed=3)
    advance(session, 30)
    while table and session.state.current_player == CHANCE:
        advance(session, 1)
    scene = make_scene(app, session)
    scene.over_shown = True
    app.push_scene(scene)
    import pygame

    app.settings["fast_play"] = app.settings["fast_play"] or moves
    agent = spec.make_agent("easy")
    rng = random.Random(7)
    clock = time.process_time if cpu else time.perf_counter

    def median_frame() -> float:
        samples = []
        for _ in range(frames):
            if changed:
                scene.state_version += 1  # what a move does to every kept picture's key
                scene.forget_board_frame()
            if moves and scene.state.current_player is not None:
                if scene.state.current_player == CHANCE:
                    scene.roll()
                else:
                    scene.play(agent.choose(scene.state.observation(scene.state.current_player), rng))
                scene.timers.skip()
            if not moves:  # a full redraw, every strip and the whole board area blitted again
                scene._screen_mark = None
            app.mark_dirty()
            t0 = clock()
            app.render()
            pygame.display.flip()
            samples.append(clock() - t0)
        return statistics.median(samples) * 1000

    result = median_frame()
    if table:
        first = session.state.current_player
        for _ in range(200):
            if session.state.current_player not in (first, CHANCE, None):
                break
            advance(session, 1)
        result = max(result, median_frame())
    pygame.display.quit()
    return result


def _rss_bytes() -> int:
    """Resident memory now (Linux /proc; elsewhere the peak, which only over-states growth)."""
    try:
        with open("/proc/self/statm") as handle:
            return int(handle.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, AttributeError):
        import resource

        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


def memory_growth(spec, store, games: int = 100) -> float:
    """Percent growth of resident memory from after the first whole game to after ``games``."""
    import gc

    rng = random.Random(9)
    random_playout(_new_state(spec, store, 0), rng)
    gc.collect()
    first = _rss_bytes()
    for g in range(1, games):
        random_playout(_new_state(spec, store, g), rng)
    gc.collect()
    return 100.0 * (_rss_bytes() - first) / first


THINK_CODE = """
import time, json, threading
from tabletop.app import App, AppOptions
from tabletop.games import all_games
from tabletop.launch import Seat, new_session
from tabletop.ui.game_scene import make_scene
import tabletop.ui.game_scene as gs
import pygame
gs.AI_PAUSE = 0.0
app = App(AppOptions(size=(1366, 768), mute=True))
spec = all_games()[GAME]
seats = [Seat('ai', 'hard')] * spec.default_players
session = new_session(spec, app.store, spec.default_players, None, {}, seats, seed=4)
scene = make_scene(app, session)
app.push_scene(scene)
frames = 0
total_frames = 0
thinking = 0.0
render = app.render
def counted():
    global frames, total_frames
    total_frames += 1
    if scene.future is not None:  # frames drawn while the computer player thinks
        frames += 1
    render()
app.render = counted
def stop():
    time.sleep(SECONDS); app.running = False; pygame.event.post(pygame.event.Event(pygame.USEREVENT))
threading.Thread(target=stop, daemon=True).start()
orig_update = scene.update
def update(dt):
    global thinking
    if scene.future is not None:
        thinking += dt
    scene.dirty = True  # worst case: a full redraw every tick
    orig_update(dt)
scene.update = update
t0 = time.perf_counter()
app.run()
elapsed = time.perf_counter() - t0
# a computer player that never thinks long (decisions well under a frame) cannot slow the window:
# then report the frame rate of the whole run, full redraws included
fps = frames / thinking if thinking >= 0.25 else total_frames / elapsed
print(json.dumps({"fps": fps, "thinking_share": thinking / elapsed}))
"""


def _subprocess_json(code: str) -> Any:
    env = dict(os.environ, SDL_VIDEODRIVER=os.environ.get("SDL_VIDEODRIVER", "dummy"),
               SDL_AUDIODRIVER=os.environ.get("SDL_AUDIODRIVER", "dummy"))
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120)
    return json.loads(out.stdout.strip().splitlines()[-1])


STARTUP_CODE = """
import time, json
t0 = time.perf_counter()
from tabletop.app import App, AppOptions
from tabletop.ui.menu import MenuScene
import pygame
app = App(AppOptions(size=(1366, 768), mute=True))
app.push_scene(MenuScene(app))
app.render(); pygame.display.flip()
print(json.dumps(time.perf_counter() - t0))
"""

IDLE_CODE = """
import time, json, resource, threading
from tabletop.app import App, AppOptions
from tabletop.games import all_games
from tabletop.launch import Seat, new_session
from tabletop.ui.game_scene import make_scene
import pygame
app = App(AppOptions(size=(1366, 768), mute=True))
spec = all_games()[GAME]
session = new_session(spec, app.store, spec.default_players, None, {}, [Seat('human')] * spec.default_players, seed=1)
app.push_scene(make_scene(app, session))
marks = []
def measure():
    # the first seconds draw the first frame and deal the cards (Chicken Chase): idle time starts after
    time.sleep(3.0); marks.append((resource.getrusage(resource.RUSAGE_SELF), time.perf_counter()))
    time.sleep(SECONDS); marks.append((resource.getrusage(resource.RUSAGE_SELF), time.perf_counter()))
    app.running = False; pygame.event.post(pygame.event.Event(pygame.USEREVENT))
threading.Thread(target=measure, daemon=True).start()
app.run()
(r0, w0), (r1, w1) = marks
cpu = (r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime)
print(json.dumps(100.0 * cpu / (w1 - w0)))
"""


def run_bench(quick: bool = False, only: list[str] | None = None, log=print) -> dict[str, Any]:
    store = BoardStore([])
    result: dict[str, Any] = {}
    runs = 3 if quick else 7
    startup = [_subprocess_json(STARTUP_CODE) for _ in range(runs)]
    result["startup_s"] = statistics.median(startup)
    log(f"start-up to first menu frame: {result['startup_s']:.3f} s (median of {runs})")
    games = [g for g in all_games() if not only or g in only]
    seconds = 3 if quick else 10
    idle: dict[str, float] = {}
    for game_id in games:  # every game: one that forgot to stop ticking would cost a laptop's battery
        idle[game_id] = _subprocess_json(IDLE_CODE.replace("GAME", repr(game_id)).replace("SECONDS", str(seconds)))
        log(f"idle game window ({game_id}, {seconds} s): {idle[game_id]:.2f}% of one core")
    if idle:
        result["idle_cpu_percent"] = max(idle.values())
        result["idle_cpu_percent_by_game"] = idle
    result["games"] = {}
    for game_id in games:
        spec = all_games()[game_id]
        entry: dict[str, Any] = {}
        frames = 15 if quick else 40
        entry["frame_ms_1080p"] = frame_times(game_id, (1920, 1080), frames)
        entry["frame_ms_2160p"] = frame_times(game_id, (3840, 2160), max(5, frames // 2))
        entry["frame_ms_2160p_table"] = frame_times(game_id, (3840, 2160), max(5, frames // 2), table=True)
        entry["frame_ms_2160p_table_after_move"] = frame_times(game_id, (3840, 2160), max(5, frames // 2), table=True,
                                                               changed=True)
        entry["frame_ms_2160p_table_real_moves"] = frame_times(game_id, (3840, 2160), max(5, frames // 2), table=True,
                                                               moves=True)
        entry["frame_ms_1080p_table"] = frame_times(game_id, (1920, 1080), frames, table=True)
        entry["playouts_per_s"] = playouts_per_second(spec, store, 1.0 if quick else 3.0)
        entry["memory_growth_percent_100_games"] = memory_growth(spec, store, 30 if quick else 100)
        think = _subprocess_json(THINK_CODE.replace("GAME", repr(game_id)).replace("SECONDS", "3" if quick else "6"))
        entry["fps_while_ai_thinks"] = think["fps"]
        entry["decision_ms"] = {}
        for level in spec.agent_levels + tuple(spec.extra.get("hidden_agent_levels", ())):
            n = (8 if quick else 60) if level.startswith("hard") else (20 if quick else 100)
            entry["decision_ms"][level] = decision_times(spec, store, level, n)
        if game_id == "plakoto":
            entry["turn_generation"] = rates = plakoto_turn_rates(0.5 if quick else 2.0, 300 if quick else 600)
            log(f"plakoto whole turns per second (fixed positions): movegen {rates['movegen_per_s']:.0f} "
                f"vs {rates['movegen_2026_11_per_s']:.0f} in 2026-11 "
                f"(x{rates['movegen_per_s'] / rates['movegen_2026_11_per_s']:.2f}); legal_turns "
                f"{rates['legal_turns_per_s']:.0f} vs {rates['legal_turns_2026_11_per_s']:.0f} "
                f"(x{rates['legal_turns_per_s'] / rates['legal_turns_2026_11_per_s']:.2f}); "
                + ", ".join(f"{lvl} CPU per turn {v['cpu_median']:.0f}/{v['cpu_max']:.0f} ms"
                            for lvl, v in entry["decision_ms"].items() if lvl.startswith("hard")))
        result["games"][game_id] = entry
        d = entry["decision_ms"]
        log(f"{game_id}: frame {entry['frame_ms_1080p']:.2f} ms @1080p, {entry['frame_ms_2160p']:.2f} ms @2160p "
            f"(table mode: {entry['frame_ms_2160p_table']:.2f} ms @2160p, {entry['frame_ms_2160p_table_after_move']:.2f} ms "
            f"after a move, {entry['frame_ms_2160p_table_real_moves']:.2f} ms after real moves, "
            f"{entry['frame_ms_1080p_table']:.2f} ms @1080p); "
            f"{entry['playouts_per_s']:.1f} playouts/s; memory +{entry['memory_growth_percent_100_games']:.1f}% "
            f"after 100 games; {entry['fps_while_ai_thinks']:.0f} fps while the AI thinks; decisions (median/max ms) "
            + ", ".join(f"{lvl} {v['median']:.1f}/{v['max']:.1f}" for lvl, v in d.items()))
    return result


def bench_command(args) -> int:
    only = args.games.split(",") if args.games else None
    result = run_bench(args.quick, only, log=(lambda *a: None) if args.json else print)
    if args.json:
        print(json.dumps(result, indent=2))
    return 0

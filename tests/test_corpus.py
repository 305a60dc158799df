"""Issue 19's generated corpus through the real command line: several hundred seeded mutations of
every shipped board and of a real save of every game (tests/corpus_gen.py), each run as
``tabletop check-boards FILE``, ``tabletop GAME --boards DIR`` (quit after the first frame),
``tabletop continue``, ``tabletop`` (the menu) and ``tabletop replay FILE``.

Every run must end with exit 0 (accepted) or 2 (refused) and never a traceback or a hang; a
refused save is set aside and the menu opens with a message. The many runs go through the entry
point in two driver subprocesses (tests/corpus_driver.py, one per core); a seeded sample also runs
as one true ``python -m tabletop`` process per case. ``pytest -s`` prints the figures (cases,
accepted, refused, the slowest).
"""

from __future__ import annotations

import json
import os
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest
from corpus_gen import Case, board_cases, install, save_cases

from tabletop.games import all_games
from tabletop.saves import SaveSlot

HERE = Path(__file__).parent
ISSUE_LINE = re.compile(r"^\S.*:\d+:\d+: \S")
SUMMARY_LINE = re.compile(r"^\d+ problems? found$")  # "1 problem found", "2 problems found"
GAME_SCENES = {"TrapTheCapScene", "CaptainFlipScene", "ChickenChaseScene", "PlakotoScene"}


def _env(tmp: Path) -> dict[str, str]:
    return dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1",
                XDG_CONFIG_HOME=str(tmp / "config"), TABLETOP_QUIT_AFTER_FRAMES="1", TABLETOP_BOARDS="")


def _board_jobs(case: Case, root: Path) -> list[dict]:
    folder = root / "boards"
    path = folder / case.target
    install(case, path)
    spec = all_games()[case.target.split("/")[0].removesuffix(".yaml")]
    seats = ",".join(["human"] * spec.default_players)
    game = [spec.id, "--boards", str(folder), "--variant", case.variant, "--seats", seats, "--mute", "--size",
            "1024x600"]
    return [{"id": f"{case.id}|check", "argv": ["check-boards", str(path)], "data": str(root / "d1")},
            {"id": f"{case.id}|game", "argv": game, "data": str(root / "d2")}]


def _save_jobs(case: Case, root: Path) -> list[dict]:
    jobs = []
    for run, argv in (("continue", ["continue", "--mute"]), ("menu", ["menu", "--mute"])):
        data = root / run
        install(case, data / "autosave.json")
        jobs.append({"id": f"{case.id}|{run}", "argv": argv, "data": str(data)})
    record = root / "record" / "record.json"
    install(case, record)
    jobs.append({"id": f"{case.id}|replay", "argv": ["replay", str(record), "--mute"], "data": str(root / "rd")})
    return jobs


def _run_driver(jobs: list[dict], tmp: Path, parts: int = 2) -> dict[str, dict]:
    """The jobs split over ``parts`` driver processes running side by side."""
    procs = []
    for i in range(parts):
        chunk = jobs[i::parts]
        jobs_file, results_file = tmp / f"jobs{i}.json", tmp / f"results{i}.json"
        jobs_file.write_text(json.dumps(chunk), encoding="utf-8")
        procs.append((subprocess.Popen([sys.executable, str(HERE / "corpus_driver.py"), str(jobs_file),
                                        str(results_file)], env=_env(tmp), stdout=subprocess.PIPE,
                                       stderr=subprocess.PIPE), results_file))
    results: dict[str, dict] = {}
    for proc, results_file in procs:
        _, err = proc.communicate(timeout=600)
        assert proc.returncode == 0, err.decode(errors="replace")[-3000:]
        results.update({r["id"]: r for r in json.loads(results_file.read_text(encoding="utf-8"))})
    return results


def _problems(job_id: str, result: dict, expect: set) -> list[str]:
    found = []
    if result["code"] not in expect:
        found.append(f"{job_id}: exit {result['code']} {result['traceback'][-1500:]}{result['stderr'][-800:]}")
    if "Traceback" in result["stderr"]:
        found.append(f"{job_id}: a traceback on stderr: {result['stderr'][-1500:]}")
    return found


def _whole_lines(text: str) -> list[str]:
    """The lines of a (possibly cut) capture, without a last line cut in the middle."""
    lines = text.splitlines()
    return lines if len(text) < 100_000 else lines[:-1]


def _check_board(case: Case, results: dict[str, dict]) -> list[str]:
    check, game = results[f"{case.id}|check"], results[f"{case.id}|game"]
    found = _problems(f"{case.id}|check", check, {0, 2}) + _problems(f"{case.id}|game", game, {0, 2})
    if check["code"] == 2:
        lines = _whole_lines(check["stderr"])
        bad = [line for line in lines if not (ISSUE_LINE.match(line) or SUMMARY_LINE.match(line))]
        if bad or not lines:
            found.append(f"{case.id}|check: not file:line:col lines: {bad or lines}")
    if check["code"] == 0 and game["code"] != 0:
        found.append(f"{case.id}: check-boards accepts the file but the game refuses it: {game['stderr'][-800:]}")
    if game["code"] == 0 and not set(game["stack"][:1]) & GAME_SCENES:
        found.append(f"{case.id}|game: no game scene on screen: {game['stack']}")
    if game["code"] == 2:
        bad = [line for line in _whole_lines(game["stderr"])
               if not (ISSUE_LINE.match(line) or line.startswith("tabletop: "))]
        if bad:
            found.append(f"{case.id}|game: not one line per error: {bad}")
    return found


def _live_save(files: list[str]) -> bool:
    """A save still in place: the one-slot file, or the per-game slot a good one is taken over as."""
    return any(name == "autosave.json" or (name.startswith("autosave-") and ".corrupt-" not in name) for name in files)


def _check_save(case: Case, results: dict[str, dict], header_ok: bool) -> list[str]:
    found = []
    cont, menu, replay = (results[f"{case.id}|{run}"] for run in ("continue", "menu", "replay"))
    found += _problems(f"{case.id}|continue", cont, {0})
    found += _problems(f"{case.id}|menu", menu, {0})
    found += _problems(f"{case.id}|replay", replay, {0, 2})
    set_aside = any(".corrupt-" in name for name in cont["files"])
    if cont["code"] == 0 and cont["stack"][:1] == ["MenuScene"]:  # not resumed: refused
        if not set_aside or _live_save(cont["files"]) or "MessageOverlay" not in cont["stack"]:
            found.append(f"{case.id}|continue: refused but not set aside with a message: {cont}")
    elif cont["code"] == 0 and not set(cont["stack"][:1]) & GAME_SCENES:
        found.append(f"{case.id}|continue: neither the menu nor the game: {cont['stack']}")
    if menu["code"] == 0:
        if menu["stack"][:1] != ["MenuScene"]:
            found.append(f"{case.id}|menu: the menu did not open: {menu['stack']}")
        kept = _live_save(menu["files"])
        if kept != header_ok or (not kept and "MessageOverlay" not in menu["stack"]):
            found.append(f"{case.id}|menu: a bad save must be set aside with a message, a good one kept: {menu}")
    if replay["code"] == 2 and not (replay["stderr"].startswith("tabletop: cannot replay")
                                    or all(ISSUE_LINE.match(line) for line in replay["stderr"].splitlines())):
        found.append(f"{case.id}|replay: not a one-line refusal: {replay['stderr'][-800:]}")
    if replay["code"] == 0 and replay["stack"][:1] != ["ReplayScene"]:
        found.append(f"{case.id}|replay: accepted but no replay on screen: {replay['stack']}")
    return found


def _header_ok(case: Case, tmp: Path) -> bool:
    folder = tmp / "peek" / case.id.replace(":", "_").replace("/", "_")
    install(case, folder / "autosave.json")
    return SaveSlot(folder).peek() is not None


def test_generated_corpus_through_the_command_line(tmp_path):
    boards, saves = board_cases(), save_cases()
    cases = boards + saves
    assert len(boards) >= 200 and len(saves) >= 200, (len(boards), len(saves))
    jobs = []
    for i, case in enumerate(cases):
        root = tmp_path / f"c{i}"
        jobs += _board_jobs(case, root) if case.kind == "board" else _save_jobs(case, root)
    results = _run_driver(jobs, tmp_path)
    problems = []
    accepted = refused = 0
    for case in cases:
        if case.kind == "board":
            problems += _check_board(case, results)
            ok = results[f"{case.id}|check"]["code"] == 0
        else:
            problems += _check_save(case, results, _header_ok(case, tmp_path))
            ok = not any(".corrupt-" in name for name in results[f"{case.id}|continue"]["files"])
        accepted += ok
        refused += not ok
    slowest = max(results.values(), key=lambda r: r["seconds"])
    print(f"\ncorpus: {len(cases)} cases ({len(boards)} boards, {len(saves)} saves), {len(jobs)} command lines; "
          f"accepted {accepted}, refused {refused}; slowest {slowest['id']} {slowest['seconds']:.2f} s")
    assert problems == [], f"{len(problems)} problems:\n" + "\n".join(problems[:40])
    # the corpus is not trivially accepted or refused: it exercises both answers
    assert accepted >= 30 and refused >= 300, (accepted, refused)


def test_a_sample_of_the_corpus_as_one_process_per_case(tmp_path):
    rng = random.Random(1919)
    boards, saves = board_cases(), save_cases()
    chosen = rng.sample(boards, 4) + rng.sample(saves, 3)
    procs = []
    for i, case in enumerate(chosen):
        root = tmp_path / f"p{i}"
        jobs = _board_jobs(case, root) if case.kind == "board" else _save_jobs(case, root)
        for job in jobs:
            env = dict(_env(tmp_path), TABLETOP_DATA=job["data"])
            procs.append((job["id"], subprocess.Popen([sys.executable, "-m", "tabletop", *job["argv"]], env=env,
                                                      stdout=subprocess.PIPE, stderr=subprocess.PIPE)))
    for job_id, proc in procs:
        try:
            _, err = proc.communicate(timeout=120)
        except subprocess.TimeoutExpired:
            proc.kill()
            pytest.fail(f"{job_id}: hung")
        text = err.decode(errors="replace")
        assert proc.returncode in (0, 2), f"{job_id}: exit {proc.returncode}\n{text[-2000:]}"
        assert "Traceback" not in text, f"{job_id}:\n{text[-2000:]}"

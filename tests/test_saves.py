"""Autosave and Continue: exact round trip, atomic writes, damaged files set aside (never deleted)."""

import json
import os

import pytest
from toygame import DASH, Step

from tabletop.core import Setup
from tabletop.core.session import Session
from tabletop.saves import SaveSlot, Settings, atomic_write_json

GAMES = {"dash": DASH}


def played_session(moves=5, seed=4):
    session = Session(DASH, DASH.new_state(Setup(2, "normal", {"goal": 30})), seed, {"players": 2})
    for _ in range(moves):
        session.roll()
        session.play(Step("walk"))
    session.roll()
    return session


def test_save_and_continue_restore_the_exact_position(tmp_path):
    slot = SaveSlot(tmp_path)
    session = played_session()
    assert slot.write(session)
    loaded = slot.load(GAMES)
    assert loaded.session is not None and loaded.message == ""
    assert loaded.session.state == session.state
    assert loaded.session.played == session.played
    # the dice continue exactly as they would have
    assert loaded.session.chance_rng().random() == session.chance_rng().random()


@pytest.mark.parametrize("content,reason", [
    (b"", "is empty"),
    (b'{"format": "tabletop-record", "version": 1, "game": "da', "is damaged"),
    (b"\xff\xfe\x00garbage", "is not text"),
    (b'{"format": "tabletop-record", "version": 99, "game": "dash"}', "version 99 is not supported"),
    (b'{"format": "tabletop-record", "version": 1, "game": "chess", "rules_version": 1}', "unknown game 'chess'"),
    (b"[1, 2, 3]", "not a game record"),
])
def test_damaged_save_is_set_aside_with_a_message(tmp_path, content, reason):
    slot = SaveSlot(tmp_path)
    slot.path.write_bytes(content)
    loaded = slot.load(GAMES)
    assert loaded.session is None
    assert reason in loaded.message
    assert not slot.path.exists()
    kept = list(tmp_path.glob("autosave.corrupt-*.json"))
    assert len(kept) == 1 and kept[0].read_bytes() == content


def test_save_edited_to_an_illegal_move_is_refused(tmp_path):
    slot = SaveSlot(tmp_path)
    session = played_session()
    record = session.record()
    record["moves"][2][1] = "fly"
    atomic_write_json(slot.path, record)
    loaded = slot.load(GAMES)
    assert "move 3 (fly) is illegal" in loaded.message and "position before it" in loaded.message
    assert loaded.session is not None and len(loaded.session.played) == 2
    assert list(tmp_path.glob("autosave.corrupt-*.json")), "the file is kept aside"
    again = slot.load(GAMES)  # the good part was saved at once: leaving (or a crash) before a move keeps it
    assert again.message == "" and again.session.played == loaded.session.played


def test_save_edited_to_an_impossible_position_is_refused(tmp_path):
    slot = SaveSlot(tmp_path)
    record = played_session().record()
    record["initial"]["pos"] = [-5, 0]
    atomic_write_json(slot.path, record)
    loaded = slot.load(GAMES)
    assert loaded.session is None and "positions do not match" in loaded.message


def test_atomic_write_keeps_the_old_file_when_writing_fails(tmp_path):
    path = tmp_path / "x.json"
    atomic_write_json(path, {"a": 1})
    with pytest.raises(TypeError):
        atomic_write_json(path, {"a": object()})
    assert json.loads(path.read_text()) == {"a": 1}
    assert [p.name for p in tmp_path.iterdir()] == ["x.json"]


@pytest.mark.skipif(os.geteuid() == 0, reason="root can write anywhere")
def test_unwritable_folder_turns_saving_off(tmp_path):
    folder = tmp_path / "ro"
    folder.mkdir()
    folder.chmod(0o500)
    slot = SaveSlot(folder)
    assert not slot.write(played_session())
    assert "Saving is off" in slot.disabled_reason


def test_unwritable_path_turns_saving_off(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    slot = SaveSlot(blocker / "inside")
    assert not slot.write(played_session())
    assert "Saving is off" in slot.disabled_reason


def test_damaged_settings_are_reset_and_kept(tmp_path):
    (tmp_path / "settings.json").write_text("{nope")
    settings = Settings(tmp_path)
    assert settings["sound"] is True
    assert "Settings were reset" in settings.message
    assert list(tmp_path.glob("settings.corrupt-*.json"))


def test_huge_save_is_refused_before_reading(tmp_path):
    slot = SaveSlot(tmp_path)
    with slot.path.open("wb") as handle:
        handle.write(b'{"format": "tabletop-record", "pad": "')
        handle.write(b"x" * 25_000_000)
        handle.write(b'"}')
    loaded = slot.load(GAMES)
    assert loaded.session is None and "larger than any save can be" in loaded.message
    assert list(tmp_path.glob("autosave.corrupt-*.json"))


@pytest.mark.parametrize("game_id", ["plakoto", "trap_the_cap", "captain_flip", "chicken_chase"])
def test_real_game_saves_round_trip_and_refuse_impossible_positions(tmp_path, game_id):
    from tabletop.games import all_games
    from tabletop.launch import Seat, advance, new_session
    from tabletop.layout import BoardStore

    spec = all_games()[game_id]
    n = spec.default_players
    session = new_session(spec, BoardStore([]), n, None, {}, [Seat("ai", "random")] * n, seed=2)
    advance(session, 25, level="random")
    slot = SaveSlot(tmp_path)
    assert slot.write(session)
    loaded = slot.load()
    assert loaded.session is not None and loaded.session.state == session.state
    # the same save, its starting position edited into nonsense: refused with a reason, kept aside
    record = session.record()
    record["initial"] = {"what": "not a position"}
    atomic_write_json(slot.path, record)
    refused = slot.load()
    assert refused.session is None and "could not be restored" in refused.message
    assert list(tmp_path.glob("autosave.corrupt-*.json"))

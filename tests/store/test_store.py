"""The store: migrations, tables as records that replay, the version constraint between
processes, the SQLite default (user data folder, WAL) and PostgreSQL notifications."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import text

from busbahnhof.engine import load_game, replay
from busbahnhof.store import Store, default_url
from busbahnhof.store.migrate import alembic_config


def table_row(table_id: str = "t1", code: str = "ABCDE", seed: int = 17) -> dict[str, Any]:
    return {
        "id": table_id,
        "code": code,
        "game": "busfahrer",
        "options": {"games": 2},
        "players": 3,
        "seed": seed,
        "deck_text": None,
        "spec": {"game": "busfahrer"},
        "seats": [{"name": f"P{n}", "bot": None, "token_hash": f"hash{n}", "claimed": False} for n in range(3)],
        "creator_hash": "creator",
        "status": "open",
        "outcome": None,
        "created_at": 1.0,
        "updated_at": 1.0,
        "ended_at": None,
    }


def test_schema_is_migrated_to_head_and_reopening_is_harmless(database_url: str) -> None:
    Store(database_url).close()
    store = Store(database_url)
    # (get_current_head refuses a history with several heads: branches added side by side must be
    # merged by a revision of their own before they land)
    head = ScriptDirectory.from_config(alembic_config()).get_current_head()
    with store.engine.connect() as connection:
        assert MigrationContext.configure(connection).get_current_revision() == head == "0011"
    store.close()


def test_the_first_successor_recorded_stays(database_url: str) -> None:
    store = Store(database_url)
    assert store.create_table(table_row())
    assert store.load_table("t1")["successor"] is None  # type: ignore[index]
    assert store.set_successor("t1", "next") == "next"
    assert store.set_successor("t1", "other") == "next", "a second rematch finds the first one's table"
    assert store.changes_since("t1", 0)["successor"] == "next"  # type: ignore[index]
    store.close()


def test_committed_actions_reload_and_replay(database_url: str) -> None:
    store = Store(database_url)
    assert store.create_table(table_row())
    state = load_game("busfahrer", games=2).new_state(3, 17)
    for version in range(1, 31):
        action = state.legal_actions()[0]
        seat = state.to_move
        assert seat is not None
        state.apply(action)
        assert store.append_actions([("t1", version, str(action), seat, "human", 1.0 + version)]) == [True]
    store.close()

    again = Store(database_url)
    loaded = again.load_table("t1")
    assert loaded is not None
    assert [entry["version"] for entry in loaded["actions"]] == list(range(1, 31))
    record = {key: loaded[key] for key in ("game", "options", "players", "seed")}
    rebuilt = replay({**record, "actions": [entry["action"] for entry in loaded["actions"]]})
    assert rebuilt.view(None) == state.view(None)
    changes = again.changes_since("t1", 28)
    assert changes is not None and [entry["version"] for entry in changes["actions"]] == [29, 30]
    assert changes["status"] == loaded["status"] and changes["seats"] == loaded["seats"]
    assert again.open_table_ids() == ["t1"] and again.find_code("ABCDE") == "t1"
    again.finish("t1", "closed", None, 99.0)
    assert again.open_table_ids() == []
    summary = again.list_tables("closed")[0]
    assert summary["version"] == 30 and summary["ended_at"] == 99.0
    assert "seed" not in summary and "creator_hash" not in summary
    assert all(set(seat) == {"name", "bot", "claimed"} for seat in summary["seats"])
    again.close()


def test_one_version_is_accepted_once_even_from_two_processes(database_url: str) -> None:
    first, second = Store(database_url), Store(database_url)
    assert first.create_table(table_row())
    assert not second.create_table(table_row(table_id="t2")), "the room code is unique"
    assert not second.create_table(table_row(code="FGHJK")), "the id is unique"
    assert first.append_actions([("t1", 1, "guess red", 0, "human", 2.0)]) == [True]
    assert second.append_actions([("t1", 1, "guess black", 0, "human", 2.0)]) == [False]
    assert first.append_actions([("t1", 1, "guess red", 0, "human", 2.0)]) == [False]
    changes = second.changes_since("t1", 0)
    assert changes is not None and [entry["action"] for entry in changes["actions"]] == ["guess red"]
    first.close()
    second.close()


def test_sqlite_default_lives_in_the_user_data_folder_with_wal(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    url = default_url()
    assert url == f"sqlite:///{tmp_path / 'data' / 'busbahnhof' / 'busbahnhof.db'}"
    store = Store()
    assert store.url == url and (tmp_path / "data" / "busbahnhof" / "busbahnhof.db").exists()
    with store.engine.connect() as connection:
        assert connection.execute(text("PRAGMA journal_mode")).scalar() == "wal"
    store.close()


def test_postgres_announces_changes_to_other_processes(postgres_url: str) -> None:
    writer, reader = Store(postgres_url), Store(postgres_url)
    heard: list[tuple[str, int]] = []
    arrived = threading.Event()

    def hear(table_id: str, version: int) -> None:
        heard.append((table_id, version))
        arrived.set()

    unsubscribe = reader.subscribe(hear)
    reader_own: list[tuple[str, int]] = []
    writer.subscribe(lambda table_id, version: reader_own.append((table_id, version)))
    assert writer.create_table(table_row())
    assert writer.append_actions([("t1", 1, "guess red", 0, "human", 2.0)]) == [True]
    writer.finish("t1", "closed", None, 3.0)
    assert arrived.wait(5)
    assert heard == [("t1", 1)], "a change of the table's status is announced, its actions are not (owner only)"
    assert reader_own == [], "a process does not hear its own changes"
    unsubscribe()
    writer.close()
    reader.close()


def test_sqlite_commits_never_checkpoint_the_store_thread_does(tmp_path: Path) -> None:
    """A commit on SQLite only appends to the write-ahead log (it may run on the event loop); the
    store's own thread moves the log into the database file, so the file alone holds every action."""
    path = tmp_path / "tables.db"
    store = Store(f"sqlite:///{path}")
    with store.engine.connect() as connection:
        assert connection.exec_driver_sql("PRAGMA wal_autocheckpoint").scalar() == 0
    assert store.create_table(table_row())
    for version in range(1, 21):
        assert store.append_actions([("t1", version, "guess red", 0, "human", 1.0)]) == [True]
    checkpointer = store._checkpointer
    assert checkpointer is not None and checkpointer.thread.is_alive()
    checkpointer.checkpoint()
    copy = tmp_path / "copy.db"
    copy.write_bytes(path.read_bytes())  # the database file without its log
    copied = Store(f"sqlite:///{copy}")
    loaded = copied.load_table("t1")
    assert loaded is not None and len(loaded["actions"]) == 20
    copied.close()
    store.close()
    assert not checkpointer.thread.is_alive()

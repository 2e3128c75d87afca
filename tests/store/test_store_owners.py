"""Table ownership on PostgreSQL: one store (process) owns a table at a time, the others read who
and where; a closed store's tables have no owner until another takes them (see store/owners.py)."""

from __future__ import annotations

import time
from typing import Any

from busbahnhof.store import Store
from busbahnhof.store.owners import application_name, lock_halves, lock_key, owner_address, unowned


def open_table(table_id: str, code: str) -> dict[str, Any]:
    return {
        "id": table_id,
        "code": code,
        "game": "busfahrer",
        "options": {},
        "players": 2,
        "seed": 3,
        "deck_text": None,
        "spec": {"game": "busfahrer"},
        "seats": [{"name": "A", "bot": None, "token_hash": "h", "claimed": False}],
        "creator_hash": "c",
        "status": "open",
        "outcome": None,
        "created_at": 1.0,
        "updated_at": 1.0,
        "ended_at": None,
    }


def test_lock_keys_are_64_bit_and_shown_as_two_unsigned_halves() -> None:
    key = lock_key("0123456789abcdef")
    assert -(2**63) <= key < 2**63 and key == lock_key("0123456789abcdef") != lock_key("0123456789abcdee")
    high, low = lock_halves(key)
    assert 0 <= high < 2**32 and 0 <= low < 2**32 and (high << 32 | low) == key % 2**64
    assert unowned(["a", "b"], {lock_halves(lock_key("a"))}) == ["b"]
    assert owner_address(application_name("http://127.0.0.1:8001")) == "http://127.0.0.1:8001"
    assert owner_address("psql") is None and owner_address(application_name(None)) is None


def test_one_store_owns_a_table_and_the_other_learns_where(postgres_url: str) -> None:
    one, two = Store(postgres_url), Store(postgres_url)
    try:
        one.announce("http://127.0.0.1:8001")
        two.announce("http://127.0.0.1:8002")
        for n, table_id in enumerate(["t1", "t2"]):
            assert one.create_table(open_table(table_id, f"CODE{n}"))
        assert sorted(one.orphaned_tables()) == ["t1", "t2"]
        assert one.host_bots("t1") and one.host_bots("t1")  # asking again keeps it (no second lock)
        assert not two.host_bots("t1")
        assert two.table_owner("t1") == "http://127.0.0.1:8001" and two.table_owner("t2") is None
        assert two.orphaned_tables() == ["t2"] and two.host_bots("t2")
        one.release_bots("t1")  # one lock taken, one released: free again
        assert two.table_owner("t1") is None and two.host_bots("t1")
        assert one.table_owner("t1") == one.table_owner("t2") == "http://127.0.0.1:8002"
        two.close()  # the session ends: every table of it is free once its backend has gone
        deadline = time.monotonic() + 10  # PostgreSQL ends a closed connection's backend shortly after
        while sorted(one.orphaned_tables()) != ["t1", "t2"] and time.monotonic() < deadline:
            time.sleep(0.02)
        assert sorted(one.orphaned_tables()) == ["t1", "t2"] and one.host_bots("t2")
    finally:
        one.close()
        two.close()


def test_sqlite_has_one_process_owning_every_open_table(sqlite_url: str) -> None:
    store = Store(sqlite_url)
    try:
        assert store.create_table(open_table("t1", "CODE1"))
        store.announce("http://127.0.0.1:8001")
        assert store.orphaned_tables() == ["t1"] and store.host_bots("t1") and store.table_owner("t1") is None
    finally:
        store.close()

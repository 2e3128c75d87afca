"""The players' store on SQLite and PostgreSQL: accounts, sessions, login limits counted between
processes, seats' players, and ratings settled exactly once even when processes settle at once."""

from __future__ import annotations

import threading
from typing import Any

import pytest

from busbahnhof.players import (
    Accounts,
    LoginFailedError,
    LoginLimits,
    Passwords,
    Ratings,
    TooManyAttemptsError,
)
from busbahnhof.players.ratings import pool_of, rating_update
from busbahnhof.store import PlayerStore, Store
from busbahnhof.tables import hash_token

PASSWORD = "correct horse battery"
FAST = Passwords(time_cost=1, memory_kib=8, parallelism=1)  # the store is tested here, not argon2's cost


class Clock:
    def __init__(self) -> None:
        self.now = 1_000.0

    def __call__(self) -> float:
        return self.now


def accounts_on(store: Store, clock: Clock, **limits: Any) -> Accounts:
    return Accounts(PlayerStore(store.engine), FAST, LoginLimits(**limits), 3600.0, clock)


def table_row(table_id: str, seats: int = 2, status: str = "open", **extra: Any) -> dict[str, Any]:
    return {
        "id": table_id,
        "code": table_id.upper()[-5:],
        "game": "busfahrer",
        "options": {},
        "players": seats,
        "seed": 1,
        "deck_text": None,
        "spec": {"game": "busfahrer"},
        "seats": [
            {"name": f"P{n}", "bot": None, "token_hash": hash_token(f"{table_id}-{n}"), "claimed": True}
            for n in range(seats)
        ],
        "creator_hash": "creator",
        "status": status,
        "outcome": None,
        "created_at": 1.0,
        "updated_at": 1.0,
        "ended_at": None,
        **extra,
    }


def test_sessions_live_in_the_store_and_end_as_asked(stores: tuple[Store, Store]) -> None:
    clock = Clock()
    here, there = accounts_on(stores[0], clock), accounts_on(stores[1], clock)
    login = here.register("Ada", PASSWORD, "Ada L.", "1.1.1.1")
    assert there.session(login.session_id) == login.session, "another process knows the session"
    second = there.login("ada", PASSWORD, "1.1.1.1", replaces=login.session_id)
    assert here.session(login.session_id) is None, "the session a login replaces ends"
    third = here.login("ada", PASSWORD, "2.2.2.2")
    clock.now += 3601
    assert there.session(third.session_id) is None, "expired"
    clock.now -= 3601
    assert here.logout_everywhere(second.session) == 2
    assert here.session(second.session_id) is None and here.session(third.session_id) is None
    with pytest.raises(LoginFailedError):
        here.login("ada", "wrong password", "1.1.1.1")
    stored = PlayerStore(stores[0].engine).account_by_key("ada")
    assert stored is not None and stored["password_hash"].startswith("$argon2id$")
    assert PASSWORD not in str(stored)


def test_login_limits_count_the_attempts_of_every_process_and_expire(stores: tuple[Store, Store]) -> None:
    clock = Clock()
    here = accounts_on(stores[0], clock, per_name=3, per_address=100, window_seconds=60)
    there = accounts_on(stores[1], clock, per_name=3, per_address=100, window_seconds=60)
    here.register("target", PASSWORD, None, "9.9.9.9")
    for n, side in enumerate((here, there, here)):
        with pytest.raises(LoginFailedError):
            side.login("target", f"guess {n}", f"3.3.3.{n}")
    with pytest.raises(TooManyAttemptsError) as limited:
        there.login("TARGET", PASSWORD, "4.4.4.4")
    assert limited.value.params == {"seconds": 60}
    clock.now += 61
    assert there.login("target", PASSWORD, "4.4.4.4").session.user_name == "target", "the window passed"


def test_registrations_per_address_are_limited(stores: tuple[Store, Store]) -> None:
    accounts = accounts_on(stores[0], Clock(), registrations_per_address=2)
    accounts.register("one", PASSWORD, None, "5.5.5.5")
    accounts.register("two", PASSWORD, None, "5.5.5.5")
    with pytest.raises(TooManyAttemptsError):
        accounts.register("three", PASSWORD, None, "5.5.5.5")
    accounts.register("three", PASSWORD, None, "6.6.6.6")


def test_a_seat_is_claimed_by_its_token_for_open_tables_only(stores: tuple[Store, Store]) -> None:
    store = PlayerStore(stores[0].engine)
    accounts = accounts_on(stores[0], Clock())
    ada = accounts.register("ada", PASSWORD, None, "1.1.1.1").session.player_id
    bob = accounts.register("bob", PASSWORD, None, "1.1.1.1").session.player_id
    assert stores[0].create_table(table_row("open1"))
    assert stores[0].create_table(table_row("done1", status="finished"))
    claims = [
        store.claim_seat("open1", hash_token("open1-1"), ada, 2.0),
        store.claim_seat("open1", hash_token("open1-1"), ada, 2.0),
        store.claim_seat("open1", hash_token("open1-1"), bob, 2.0),
        store.claim_seat("open1", hash_token("done1-0"), bob, 2.0),
        store.claim_seat("done1", hash_token("done1-0"), bob, 2.0),
        store.claim_seat("nothing", hash_token("x"), bob, 2.0),
    ]
    assert claims == ["claimed", "already", "taken", "unknown_token", "not_open", "unknown_table"]
    tables = store.player_tables(ada, 10)
    assert [table["id"] for table in tables] == ["open1"]
    assert tables[0]["players_at"] == {1: {"id": ada, "display_name": "ada"}}
    assert "token_hash" not in str(tables)
    assert store.player_tables(bob, 10) == []


def finished_rated_table(stores: tuple[Store, Store], table_id: str, players: list[str], winner: int) -> None:
    store = PlayerStore(stores[0].engine)
    assert stores[0].create_table(table_row(table_id))
    for seat, player in enumerate(players):
        assert store.claim_seat(table_id, hash_token(f"{table_id}-{seat}"), player, 2.0) == "claimed"
    points = [10, 10]
    points[winner] = 0
    outcome = {"points": points, "winners": [winner], "lower_is_better": True, "details": {}}
    stores[0].finish(table_id, "finished", outcome, 3.0)


def test_settling_from_two_processes_at_once_counts_every_table_once(stores: tuple[Store, Store]) -> None:
    accounts = accounts_on(stores[0], Clock())
    ada = accounts.register("ada", PASSWORD, None, "1.1.1.1").session.player_id
    bob = accounts.register("bob", PASSWORD, None, "1.1.1.1").session.player_id
    for n in range(12):
        finished_rated_table(stores, f"rated{n:02d}", [ada, bob], winner=0 if n % 3 else 1)
    assert stores[0].create_table(table_row("custom", options={"games": 2}))
    PlayerStore(stores[0].engine).claim_seat("custom", hash_token("custom-0"), ada, 2.0)
    stores[0].finish("custom", "finished", {"points": [0, 1], "winners": [0], "lower_is_better": True}, 4.0)

    pending = PlayerStore(stores[0].engine).pending_results(50)
    assert len(pending) == 13
    rated: list[bool] = []

    def settle(store: Store, tables: list[dict[str, Any]]) -> None:
        side = PlayerStore(store.engine)
        for table in tables:
            pool = pool_of(table)
            update = None if pool is None else rating_update(table)
            rated.append(side.settle_result(table["id"], table["game"], pool, update, 5.0) and pool is not None)

    # one process from the oldest table on, the other from the newest back: they settle different
    # tables of the same two players at the same time, and must not lose each other's updates
    threads = [
        threading.Thread(target=settle, args=(stores[0], pending)),
        threading.Thread(target=settle, args=(stores[1], pending[::-1])),
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert rated.count(True) == 12, "every rated table once"
    store = PlayerStore(stores[1].engine)
    assert [[row["games"] for row in store.ratings_of(who)] for who in (ada, bob)] == [[12], [12]]
    board = store.leaderboard("busfahrer", "people", 10)
    assert [row["id"] for row in board] == [ada, bob], "ada won 8 of 12"
    assert store.pending_results(10) == [], "the table with other rules is settled unrated"
    assert Ratings(store).settle() == 0


def test_guessing_the_current_password_with_a_stolen_session_is_limited_too(stores: tuple[Store, Store]) -> None:
    accounts = accounts_on(stores[0], Clock(), per_name=3, per_address=100)
    session = accounts.register("stolen", PASSWORD, None, "1.1.1.1").session
    for n in range(3):
        with pytest.raises(LoginFailedError):
            accounts.change_password(session, f"guess {n}", "a new passphrase", f"7.7.7.{n}")
    with pytest.raises(TooManyAttemptsError):
        accounts.change_password(session, PASSWORD, "a new passphrase", "7.7.7.9")
    with pytest.raises(TooManyAttemptsError):
        accounts.login("stolen", PASSWORD, "7.7.7.9")

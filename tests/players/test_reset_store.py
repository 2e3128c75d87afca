"""The mail tables on SQLite and PostgreSQL: an account's e-mail address, and reset tokens that
work once (also when two processes use one at the same moment) and only before they expire."""

from __future__ import annotations

import threading

from busbahnhof.players import Accounts, LoginLimits, Passwords
from busbahnhof.store import PlayerStore, Store
from busbahnhof.store.resets import ResetStore

FAST = Passwords(time_cost=1, memory_kib=8, parallelism=1)  # the store is tested here, not argon2's cost


def new_account(store: Store, name: str) -> str:
    accounts = Accounts(PlayerStore(store.engine), FAST, LoginLimits(), 3600.0, lambda: 1_000.0)
    return accounts.register(name, "correct horse battery", None, "10.0.0.1").session.player_id


def test_addresses_are_kept_per_account_and_found_by_key(stores: tuple[Store, Store]) -> None:
    first, second = stores
    anna, ben = new_account(first, "anna"), new_account(first, "ben")
    resets = ResetStore(first.engine)
    resets.set_email(anna, "Anna@Example.org", "anna@example.org", 1.0)
    resets.set_email(ben, "anna@example.org", "anna@example.org", 1.0)
    assert ResetStore(second.engine).email(anna) == "Anna@Example.org"
    found = ResetStore(second.engine).accounts_with_email("anna@example.org")
    assert sorted((row["user_name"], row["email"]) for row in found) == [
        ("anna", "Anna@Example.org"),
        ("ben", "anna@example.org"),
    ]
    resets.set_email(anna, None, None, 2.0)
    assert resets.email(anna) is None
    assert [row["id"] for row in resets.accounts_with_email("anna@example.org")] == [ben]


def test_a_token_works_once_before_it_expires_and_ends_the_others(stores: tuple[Store, Store]) -> None:
    first, second = stores
    anna = new_account(first, "anna")
    resets = ResetStore(first.engine)
    for token in ("a", "b", "c"):
        resets.create_reset(f"hash-{token}", anna, 100.0, 200.0)
    assert resets.use_reset("hash-a", 200.0) is None, "expired at its expiry"
    assert resets.use_reset("unknown", 150.0) is None
    assert ResetStore(second.engine).use_reset("hash-b", 150.0) == anna
    assert resets.use_reset("hash-b", 150.0) is None, "once"
    assert resets.use_reset("hash-c", 150.0) is None, "using one ended the account's others"
    resets.create_reset("hash-d", anna, 300.0, 400.0)  # and forgets expired ones


def test_two_processes_using_one_token_at_once_get_it_once(stores: tuple[Store, Store]) -> None:
    first, second = stores
    anna = new_account(first, "anna")
    results: list[str | None] = []
    for round_ in range(10):
        ResetStore(first.engine).create_reset(f"hash-{round_}", anna, 100.0, 1_000.0)
        start = threading.Barrier(2)

        def use(store: Store, token: str = f"hash-{round_}", start: threading.Barrier = start) -> None:
            start.wait()
            results.append(ResetStore(store.engine).use_reset(token, 150.0))

        threads = [threading.Thread(target=use, args=(store,)) for store in (first, second)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    assert results.count(anna) == 10 and results.count(None) == 10

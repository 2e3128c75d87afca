"""The workbench's decks on SQLite and PostgreSQL: every save a new version (nothing overwritten),
access (a private deck is unreadable by another account or a guessed id, a share link reads but
never writes), limits, copies and diffs between versions."""

from __future__ import annotations

import copy
from collections.abc import Iterator

import pytest

from busbahnhof.store import PlayerStore, Store
from busbahnhof.workbench import (
    MAX_DECK_BYTES,
    DeckTooLargeError,
    Reader,
    UnknownDeckError,
    Workbench,
    WorkbenchStore,
    builtin_text,
    document_of,
)


@pytest.fixture
def bench(database_url: str) -> Iterator[Workbench]:
    store = Store(database_url)
    players = PlayerStore(store.engine)
    for player in ("ada", "bob"):
        players.create_account(
            {
                "id": player,
                "user_name": player,
                "name_key": player,
                "display_name": player.title(),
                "password_hash": "x",
                "created_at": 0.0,
                "password_changed_at": 0.0,
            }
        )
    yield Workbench(WorkbenchStore(store.engine))
    store.close()


def test_every_save_is_a_new_version_and_none_is_overwritten(bench: Workbench) -> None:
    mini = builtin_text("mini")
    created = bench.create("ada", mini)
    deck_id = created["id"]
    assert created["version"] == 1 and created["valid"]
    document = document_of(mini)
    document["cards"]["projects"][0]["fields"]["points"] = 3  # breaks §4: saved, marked invalid
    second = bench.save(deck_id, "ada", 1, document, note="points")
    document["cards"]["projects"][0]["fields"]["points"] = 2
    document["cards"]["factors"].append({"origin": None, "fields": {"name": "Team C", "type": "Team"}})
    third = bench.save(deck_id, "ada", 2, document)
    assert (second["version"], second["valid"]) == (2, False)
    assert (third["version"], third["valid"]) == (3, True)
    owner = Reader(player_id="ada")
    assert bench.version(deck_id, 1, owner)["text"] == mini  # the first version is as it was
    assert [v["number"] for v in bench.summary(deck_id, owner)["versions"]] == [1, 2, 3]
    assert bench.store.add_version(deck_id, 2, {**bench._version_row(mini, "", 0.0)}, 0.0) is False
    assert bench.version(deck_id, 2, owner)["note"] == "points"


def test_diff_names_cards_added_removed_and_fields_changed(bench: Workbench) -> None:
    mini = builtin_text("mini")
    deck_id = bench.create("ada", mini)["id"]
    document = document_of(mini)
    edited = copy.deepcopy(document)
    edited["cards"]["projects"][1]["fields"]["goal"] = "Zwei Briefe sind ediert."
    edited["cards"]["factors"][0]["fields"]["name"] = "Team Z"
    del edited["cards"]["events"][0]
    edited["cards"]["factors"].append({"origin": None, "fields": {"name": "Team C", "type": "Team"}})
    bench.save(deck_id, "ada", 1, edited)
    diff = bench.diff(deck_id, 1, 2, Reader(player_id="ada"))
    assert [(c["kind"], c["name"]) for c in diff["added"]] == [("factors", "Team C")]
    assert [(c["kind"], c["name"]) for c in diff["removed"]] == [("events", "Sichten")]
    changed = {c["name"]: c["changes"] for c in diff["changed"]}
    assert changed["Kleine Edition"] == [
        {"field": "goal", "old": "Ein Brief ist ediert und online.", "new": "Zwei Briefe sind ediert."}
    ]
    assert changed["Team Z"] == [{"field": "name", "old": "Team A", "new": "Team Z"}]


def test_a_private_deck_is_unreadable_by_others_and_by_guessing(bench: Workbench) -> None:
    deck_id = bench.create("ada", builtin_text("mini"))["id"]
    for reader in (Reader(player_id="bob"), Reader(), Reader(share_token="guess")):
        with pytest.raises(UnknownDeckError):
            bench.summary(deck_id, reader)
        with pytest.raises(UnknownDeckError):
            bench.version(deck_id, 1, reader)
    with pytest.raises(UnknownDeckError):
        bench.summary("x" * 22, Reader(player_id="ada"))
    with pytest.raises(UnknownDeckError):  # another account cannot write either
        bench.save(deck_id, "bob", 1, document_of(builtin_text("mini")))
    assert bench.decks_of("bob") == []


def test_a_share_link_reads_and_copies_but_never_writes(bench: Workbench) -> None:
    deck_id = bench.create("ada", builtin_text("mini"))["id"]
    token = bench.share(deck_id, "ada", True)
    assert token
    shared = bench.shared(token)
    assert shared["id"] == deck_id and not shared["owned"] and shared["share_token"] is None
    reader = Reader(player_id="bob", share_token=token)
    assert bench.version(deck_id, 1, reader)["text"] == builtin_text("mini")
    with pytest.raises(UnknownDeckError):
        bench.save(deck_id, "bob", 1, document_of(builtin_text("mini")))
    copied = bench.copy(deck_id, 1, reader, "bob")
    assert bench.version(copied["id"], 1, Reader(player_id="bob"))["text"] == builtin_text("mini")
    bench.share(deck_id, "ada", False)  # private again: the old link reads nothing
    with pytest.raises(UnknownDeckError):
        bench.shared(token)
    with pytest.raises(UnknownDeckError):
        bench.version(deck_id, 1, reader)


def test_uploads_over_the_limits_are_refused_with_a_clear_error(bench: Workbench) -> None:
    big = builtin_text("mini") + "#" * MAX_DECK_BYTES
    with pytest.raises(DeckTooLargeError) as refused:
        bench.create("ada", big)
    assert refused.value.key == "workbench.error.too_large"
    many = builtin_text("mini") + "".join(f'\n[[factors]]\nname = "F{i}"\ntype = "Team"\n' for i in range(4000))
    with pytest.raises(DeckTooLargeError) as refused:
        bench.create("ada", many)
    assert refused.value.key == "workbench.error.too_many_cards"
    assert bench.decks_of("ada") == []

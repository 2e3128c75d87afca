"""Deltas on the wire (``delta=1``): after the first whole message a client gets patches of its view.

The diff and its application are checked on random JSON values (Hypothesis); then whole random
games of each game are played through the real WebSocket by delta clients at every seat plus a
spectator, each client applies every delta to the message it holds (as web/ws.js does, with
:func:`busbahnhof.tables.delta.apply`), and the view it ends up with at every version must be
exactly ``state.view(seat, log=False)`` replayed from the record.  The browser's own applier
(web/delta.js) is checked the same way in tests/web/test_wire_delta.py.
"""

from __future__ import annotations

import json
import random
import statistics
from typing import Any

import httpx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from busbahnhof.engine import load_game
from busbahnhof.tables.delta import apply, diff
from busbahnhof.tables.messages import Broadcast, LogCursor
from busbahnhof.tables.spec import SeatSpec, TableSpec
from busbahnhof.tables.table import Seat as TableSeat
from busbahnhof.tables.table import Table
from support.server_harness import Seat, ServerProcess, create_table, seat_query

SEED = 271_828
SEATS = {"busfahrer": 4, "bus": 3, "busfaktor": 3}

leaves = st.none() | st.integers(-5, 5) | st.text(max_size=3)
values = st.recursive(
    leaves,
    lambda inner: st.lists(inner, max_size=6) | st.dictionaries(st.text(max_size=2), inner, max_size=5),
    max_leaves=30,
)


@st.composite
def edited(draw: st.DrawFn, value: Any) -> Any:
    """``value`` with random edits: entries changed, added or removed, items changed, added, cut."""
    choice = draw(st.integers(0, 3))
    if choice == 0:
        return value
    if choice == 1 or not isinstance(value, dict | list):
        return draw(values)
    if isinstance(value, dict):
        result = {key: draw(edited(item)) for key, item in value.items() if draw(st.booleans()) or choice == 2}
        result.update(draw(st.dictionaries(st.text(max_size=2), values, max_size=2)))
        return result
    items = [draw(edited(item)) for item in value]
    return items[: draw(st.integers(0, len(items)))] + draw(st.lists(values, max_size=3))


@st.composite
def pairs(draw: st.DrawFn) -> tuple[Any, Any]:
    old = draw(values)
    return old, draw(edited(old))


@settings(max_examples=400, deadline=None)
@given(pairs())
def test_a_patch_turns_the_old_value_into_the_new_one(pair: tuple[Any, Any]) -> None:
    old, new = pair
    before = json.dumps(old)
    patch = diff(old, new)
    sent = json.loads(json.dumps(patch))  # it travels as JSON
    assert json.dumps(apply(old, sent), sort_keys=True) == json.dumps(new, sort_keys=True)
    assert json.dumps(old) == before, "applying a patch leaves the old value as it was"
    assert (patch is None) == (old == new)


def test_a_patch_names_only_what_changed() -> None:
    old = {"a": 1, "b": [1, 2, 3, 4, 5], "c": {"d": "x", "e": "y"}}
    new = {"a": 1, "b": [1, 2, 9, 4, 5, 6], "c": {"d": "x"}, "f": None}
    assert diff(old, new) == {"b": {"2": [9], "5": [6], "len": 6}, "c": {"e": []}, "f": [None]}
    assert diff([1, 2, 3], [3, 1, 2]) == [[3, 1, 2]], "a list that mostly changed comes whole"
    assert diff(False, 0) == [0], "a boolean that becomes a number is a change"
    assert diff(old, old) is None


def merge_static(state: dict[str, Any], parts: dict[str, Any]) -> None:
    """The static parts put back into a view's state, as web/statics.js mergeStatic does."""
    for key, value in parts.items():
        own = state.get(key)
        is_lists = isinstance(value, list) and isinstance(own, list)
        state[key] = [{**template, **item} for template, item in zip(value, own, strict=True)] if is_lists else value


class DeltaSeat(Seat):
    """A client that asks for deltas and keeps the whole message as web/ws.js does: ``state`` is
    always a whole ``table`` message; :attr:`sizes` holds the length of every delta received."""

    def __init__(self, server: ServerProcess, query: str) -> None:
        super().__init__(server, f"{query}&delta=1")
        self.static: dict[str, Any] = {}
        self.sizes: list[int] = []
        self.wholes = 0

    def receive(self, timeout: float = 5.0) -> dict[str, Any]:
        message = super().receive(timeout)
        if message.get("type") == "table":
            self.wholes += 1
            self.static = message.pop("static", self.static)
        elif message.get("type") == "delta":
            self.sizes.append(len(self.raw[-1].encode("utf-8")))
            held = self.state
            assert held is not None and message["base"] == held["version"], "a delta fits the version held"
            view = apply(held["view"], message["view"]) if "view" in message else held["view"]
            message = {
                "type": "table",
                **{key: message.get(key, held[key]) for key in ("version", "seat", "table", "legal", "log", "clock")},
                "view": view,
            }
        else:
            return message
        merge_static(message["view"]["state"], self.static)
        self.state = message
        return message


def play_all_seats(server: ServerProcess, created: dict[str, Any], players: int) -> list[DeltaSeat]:
    """Every seat plays a seeded random legal action until the game is over; a spectator watches.
    Returns the clients with every whole message they made of what they received (``seen``)."""
    clients = [DeltaSeat(server, seat_query(created, seat, "en" if seat % 2 else "de")) for seat in range(players)]
    clients.append(DeltaSeat(server, f"room={created['code']}&lang=en"))
    seen: dict[int, list[dict[str, Any]]] = {id(client): [] for client in clients}
    chooser = random.Random(3)
    version = 0
    while True:
        for client in clients:
            while client.state is None or client.state["version"] != version:
                message = client.receive()
                if message.get("type") == "table":
                    seen[id(client)].append(json.loads(json.dumps(message)))
        movers = [client for client in clients if client.my_turn()]
        if not movers:
            for client in clients:
                client.seen = seen[id(client)]  # type: ignore[attr-defined]
            return clients
        mover = movers[0]
        assert mover.state is not None
        mover.send({"type": "action", "version": version, "action": chooser.choice(mover.state["legal"])["notation"]})
        while True:
            message = mover.receive()
            if message.get("type") == "table":
                seen[id(mover)].append(json.loads(json.dumps(message)))
            if message.get("type") == "result":
                assert message["ok"], message
                version = message["version"]
                break


@pytest.mark.slow
@pytest.mark.parametrize("game_id", sorted(SEATS))
def test_applied_deltas_give_the_whole_view_at_every_version(shared_server: ServerProcess, game_id: str) -> None:
    http: httpx.Client = shared_server.http()
    players = SEATS[game_id]
    created = create_table(http, game=game_id, seats=[{} for _ in range(players)], seed=SEED)
    clients = play_all_seats(shared_server, created, players)
    record = http.get(f"/api/tables/{created['table_id']}/record").json()
    game = load_game(game_id, **record["options"])
    state = game.new_state(players, SEED)
    expected = []
    for version in range(len(record["actions"]) + 1):
        if version:
            state.apply(record["actions"][version - 1])
        views = {
            seat: {**state.view(seat, log=False), "options": record["options"]} for seat in [*range(players), None]
        }
        expected.append((views, state.to_move, [str(action) for action in state.legal_actions()]))
    for client in clients:
        seen = client.seen  # type: ignore[attr-defined]
        assert client.wholes == 1, "only the first message is whole"
        assert [message["version"] for message in seen][-1] == len(record["actions"])
        for message in seen:
            views, to_move, legal = expected[message["version"]]
            seat = message["seat"]
            assert json.loads(json.dumps(views[seat])) == message["view"], f"{game_id} v{message['version']} {seat}"
            assert [move["notation"] for move in message["legal"]] == (legal if seat == to_move else [])
    sizes = [size for client in clients for size in client.sizes]
    print(f"{game_id}: {len(sizes)} deltas, median {statistics.median(sizes):.0f} B, largest {max(sizes)} B")
    for client in clients:
        client.close()


def test_resync_sends_the_whole_message_again(shared_server: ServerProcess) -> None:
    http: httpx.Client = shared_server.http()
    created = create_table(http, game="busfaktor", seats=[{}, {"bot": "random"}, {"bot": "random"}], seed=SEED)
    client = DeltaSeat(shared_server, seat_query(created))
    first = client.receive_until(lambda m: m.get("type") == "table")
    client.send({"type": "resync"})
    again = json.loads(client.socket.recv(timeout=10))
    while again.get("type") != "table":
        again = json.loads(client.socket.recv(timeout=10))
    assert "static" not in again, "the static parts are still held"
    assert again["view"]["state"].keys() <= first["view"]["state"].keys()
    client.close()


def test_clients_at_the_same_place_share_one_built_message() -> None:
    """Spectators of one language (and a seat's clients) get the text built once per broadcast;
    a client that holds another version gets its own."""
    game = load_game("busfahrer")
    spec = TableSpec(game="busfahrer", seats=(SeatSpec(), SeatSpec(), SeatSpec()))
    seats = [TableSeat(name=f"P{n}", bot=None) for n in range(3)]
    table = Table("t1", "ABCDE", spec, {}, game, game.new_state(3, SEED), seats, "hash", 0.0)
    first, second, late = LogCursor(deltas=True), LogCursor(deltas=True), LogCursor(deltas=True)
    opening = Broadcast(table, 0.0)
    assert opening.message(None, "en", first) is opening.message(None, "en", second)
    table.state.apply(table.state.legal_actions()[0])
    table.version += 1
    broadcast = Broadcast(table, 0.0)
    text = broadcast.message(None, "en", first)
    assert broadcast.message(None, "en", second) is text and json.loads(text)["type"] == "delta"
    assert first.position() == second.position()
    assert json.loads(broadcast.message(None, "en", late))["type"] == "table", "a new client gets it whole"
    german = json.loads(broadcast.message(None, "de", LogCursor()))
    assert german["type"] == "table" and german["log"] != json.loads(text)["log"], "each language its own"

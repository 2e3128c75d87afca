"""Hidden information on the wire: every raw WebSocket payload of every game, checked against ``view(seat)``.

Every seat of a table is a client (plus a spectator); the game is played to its end and every
payload each client received is kept as the raw text.  Then the finished record (whose seed is
public now) is replayed with the engine, and each ``table`` message must carry exactly
``state.view(seat, log=False)`` of its version (``view(None, log=False)`` for the spectator), the
seat's own legal actions only when it is to move, the public log's new events (together exactly
the state's log), and no seed before the end: nothing another seat may not know, no deck order,
no seed of an unfinished game.  A game's static view parts (``static_keys``) come only in each
connection's first message; merged into every later view as the web client does (ws.js), the
views are whole again.
"""

from __future__ import annotations

import json
import random
from typing import Any

import httpx
import pytest

from busbahnhof.engine import load_game
from support.server_harness import Seat, ServerProcess, create_table, seat_query

SEED = 918_273_645
SEATS = {"busfahrer": 4, "bus": 3, "busfaktor": 3}


def merge_static(state: dict[str, Any], parts: dict[str, Any]) -> None:
    """The static parts put back into a view's state, as web/statics.js mergeStatic does."""
    for key, value in parts.items():
        own = state.get(key)
        is_lists = isinstance(value, list) and isinstance(own, list)
        state[key] = [{**template, **item} for template, item in zip(value, own, strict=True)] if is_lists else value


def seed_fields(value: Any, path: str = "") -> list[tuple[str, Any]]:
    """Every ``seed`` key anywhere in ``value``, with its path and value."""
    found: list[tuple[str, Any]] = []
    if isinstance(value, dict):
        for key, item in value.items():
            if key == "seed":
                found.append((f"{path}.{key}", item))
            found.extend(seed_fields(item, f"{path}.{key}"))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found.extend(seed_fields(item, f"{path}[{index}]"))
    return found


def play_all_seats(server: ServerProcess, created: dict[str, Any], players: int) -> list[Seat]:
    """Every seat plays (a seeded random choice among its legal actions) until the game is over."""
    clients = [Seat(server, seat_query(created, seat, "en" if seat % 2 else "de")) for seat in range(players)]
    clients.append(Seat(server, f"room={created['code']}&lang=en"))
    chooser = random.Random(1)
    version = 0
    while True:
        for client in clients:
            if client.state is None or client.state["version"] != version:
                client.receive_until(lambda m, v=version: m.get("type") == "table" and m["version"] == v)  # type: ignore[misc]
        movers = [client for client in clients if client.my_turn()]
        if not movers:
            return clients
        assert len(movers) == 1, "exactly one seat decides at a time"
        mover = movers[0]
        assert mover.state is not None
        result = mover.act(chooser.choice(mover.state["legal"])["notation"])
        assert result["ok"], result
        version = result["version"]


@pytest.mark.slow
@pytest.mark.parametrize("game_id", sorted(SEATS))
def test_no_payload_carries_more_than_the_seats_view(shared_server: ServerProcess, game_id: str) -> None:
    http: httpx.Client = shared_server.http()
    players = SEATS[game_id]
    created = create_table(http, game=game_id, seats=[{} for _ in range(players)], seed=SEED)
    clients = play_all_seats(shared_server, created, players)
    record = http.get(f"/api/tables/{created['table_id']}/record").json()
    assert record["seed"] == SEED
    game = load_game(game_id, **record["options"])
    state = game.new_state(players, SEED)
    expected: list[dict[str, Any]] = []
    for version in range(len(record["actions"]) + 1):
        if version:
            state.apply(record["actions"][version - 1])
        # the table shows its options as created (an uploaded deck by label), the rest is view(seat)
        views = {
            seat: {**state.view(seat, log=False), "options": record["options"]} for seat in [*range(players), None]
        }
        legal = [str(action) for action in state.legal_actions()]
        expected.append({"views": views, "to_move": state.to_move, "legal": legal, "log": len(state.log)})
    final = len(record["actions"])
    public_log = json.loads(json.dumps([event.to_dict() for event in state.log]))
    static_keys = set(game.static_keys)
    static_parts = static_keys | set(game.static_fields)
    checked = 0
    for client in clients:
        game_lines: list[dict[str, Any]] = []
        static: dict[str, Any] | None = None
        for raw in client.raw:
            message = json.loads(raw)
            if message.get("type") != "table":
                continue
            version, seat = message["version"], message["seat"]
            step = expected[version]
            sent = message["view"]["state"]
            assert not static_keys & set(sent), f"{game_id} v{version}: a static part sent again"
            for key, fields in game.static_fields.items():
                assert not any(set(fields) & set(item) for item in sent[key]), f"{game_id} v{version}: {key} again"
            if static is None and static_parts:
                static = message.pop("static")
                assert set(static) == static_parts, f"{game_id}: the first message carries the static parts"
            merge_static(sent, static or {})
            assert message["view"] == step["views"][seat], f"{game_id} v{version} seat {seat}: view differs"
            own = step["legal"] if seat is not None and seat == step["to_move"] else []
            assert [move["notation"] for move in message["legal"]] == own
            assert all(entry["source"] in ("game", "table") for entry in message["log"])
            # the log goes out as new lines: together exactly the public log of this version
            game_lines += [{"key": e["key"], "params": e["params"]} for e in message["log"] if e["source"] == "game"]
            assert game_lines == public_log[: step["log"]], f"{game_id} v{version} seat {seat}: log differs"
            if version < final:
                assert str(SEED) not in raw, f"{game_id} v{version}: the seed of an unfinished game was sent"
                assert all(value is None for _, value in seed_fields(message)), seed_fields(message)
            assert set(message) == {"type", "version", "seat", "table", "view", "legal", "log", "clock"}
            checked += 1
    assert checked >= final * (players + 1)
    for client in clients:
        client.close()

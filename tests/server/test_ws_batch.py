"""Batch frames (``batch=1``, docs/protocol.md) of a real server process: the messages queued for a
client by the time its writer runs go out in one frame, a JSON array in order; the acting client's
``result`` rides in the frame of the table message its action caused.  Without ``batch=1`` every
message is a frame of its own."""

from __future__ import annotations

import json
from typing import Any

from websockets.sync.client import connect

from support.server_harness import ServerProcess, create_table, seat_query


def frames(server: ServerProcess, query: str, actions: list[str]) -> list[Any]:
    """The frames (decoded) a seat receives while it plays ``actions`` in turn, each after the last
    answer; the first frame is the whole table message."""
    received: list[Any] = []
    with connect(f"{server.ws_url}/ws?{query}", open_timeout=30) as socket:
        received.append(json.loads(socket.recv(timeout=30)))
        version = received[0]["version"]
        for action in actions:
            socket.send(json.dumps({"type": "action", "version": version, "action": action}))
            while True:
                frame = json.loads(socket.recv(timeout=30))
                received.append(frame)
                messages = frame if isinstance(frame, list) else [frame]
                result = next((m for m in messages if m["type"] == "result"), None)
                if result is not None:
                    version = result["version"]
                    break
    return received


def test_a_result_comes_in_one_frame_with_the_delta_of_its_action(shared_server: ServerProcess) -> None:
    http = shared_server.http()
    created = create_table(http, game="busfahrer", seats=[{"name": "Ada"}, {"name": "Bea"}], seed=11)
    batched = frames(shared_server, f"{seat_query(created, 0)}&delta=1&batch=1", ["guess red"])
    assert batched[0]["type"] == "table" and batched[0]["version"] == 0
    delta, result = batched[1]
    assert delta["type"] == "delta" and delta["base"] == 0 and delta["version"] == 1
    assert result == {"type": "result", "action": "guess red", "ok": True, "version": 1}


def test_without_batch_every_message_is_a_frame_of_its_own(shared_server: ServerProcess) -> None:
    http = shared_server.http()
    created = create_table(http, game="busfahrer", seats=[{"name": "Ada"}, {"name": "Bea"}], seed=11)
    single = frames(shared_server, f"{seat_query(created, 0)}&delta=1", ["guess red"])
    assert [frame["type"] for frame in single] == ["table", "delta", "result"]

"""Real servers for the tests: ``busbahnhof serve`` processes on free loopback ports, and clients for them.

Nothing here replaces the server: every test talks HTTP and WebSocket to a uvicorn process, as
a browser would.  :class:`Seat` wraps a synchronous WebSocket connection and keeps every raw
payload it received, so tests can inspect exactly what went over the wire.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
from websockets.sync.client import ClientConnection, connect

STARTUP_SECONDS = 60.0
RECV_SECONDS = 30.0
# Tests play whole games as fast as the machine allows: one seat often sends more than the 20
# messages a second (``WS_RATE``) a person could, and whether its token bucket ran dry depended on
# the machine's speed.  Their servers allow it, so each test checks what it names; the throttle's
# own test starts its server with the production limits (``machine_speed=False``).
MACHINE_SPEED = {"BUSBAHNHOF_WS_RATE": "100000", "BUSBAHNHOF_WS_BURST": "100000"}
# Every finished game with a person queues its review (docs/review.md), up to a minute of CPU on
# the test machine's two cores; the tests' servers run no job workers unless a test asks for them
# (``env=ONE_JOB_WORKER``), so reviews never slow down the other tests.
NO_JOB_WORKERS = {"BUSBAHNHOF_JOB_WORKERS": "0"}
ONE_JOB_WORKER = {"BUSBAHNHOF_JOB_WORKERS": "1"}


def free_port() -> int:
    """A TCP port nobody listens on right now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class ServerProcess:
    """``python -m busbahnhof serve --port P --db URL`` with its own environment; started by :meth:`start`.

    ``machine_speed``: a connection may send as fast as a test plays (:data:`MACHINE_SPEED`);
    ``False`` keeps the server's own message-rate limits.
    """

    def __init__(self, db: str, tmp: Path, env: dict[str, str] | None = None, *, machine_speed: bool = True) -> None:
        self.db = db
        self.port = free_port()
        self.tmp = tmp
        self.env = {**os.environ, **NO_JOB_WORKERS, **(MACHINE_SPEED if machine_speed else {}), **(env or {})}
        self.process: subprocess.Popen[bytes] | None = None
        self.log = tmp / f"server-{self.port}.log"

    @property
    def url(self) -> str:
        """The HTTP origin."""
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        """The WebSocket origin."""
        return f"ws://127.0.0.1:{self.port}"

    def start(self) -> ServerProcess:
        """Start the process and wait until ``/healthz`` answers."""
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "busbahnhof", "serve", "--port", str(self.port), "--db", self.db],
                stdout=log,
                stderr=subprocess.STDOUT,
                env=self.env,
            )
        deadline = time.monotonic() + STARTUP_SECONDS
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"server exited with {self.process.returncode}:\n{self.log.read_text()}")
            try:
                if httpx.get(f"{self.url}/healthz", timeout=1).status_code == 200:
                    return self
            except httpx.HTTPError:
                time.sleep(0.1)
        self.process.kill()  # no server (and its bot workers) left behind by a test that failed here
        self.process.wait(10)
        raise RuntimeError(f"server did not start within {STARTUP_SECONDS:g} s:\n{self.log.read_text()}")

    def kill(self) -> None:
        """``kill -9``: no shutdown handler runs."""
        assert self.process is not None
        os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait(10)

    def pause(self) -> None:
        """``SIGSTOP``: the process answers nothing (the kernel still accepts connections) until :meth:`resume`."""
        assert self.process is not None
        os.kill(self.process.pid, signal.SIGSTOP)

    def resume(self) -> None:
        """``SIGCONT`` after :meth:`pause`."""
        assert self.process is not None
        os.kill(self.process.pid, signal.SIGCONT)

    def stop(self) -> None:
        """A normal shutdown (SIGTERM), killed if it hangs."""
        if self.process is None or self.process.poll() is not None:
            return
        self.process.terminate()
        try:
            self.process.wait(15)
        except subprocess.TimeoutExpired:
            self.kill()

    def http(self) -> httpx.Client:
        """An HTTP client for this server."""
        return httpx.Client(base_url=self.url, timeout=30)


def sqlite_server_process(
    tmp: Path, env: dict[str, str] | None = None, *, machine_speed: bool = True
) -> Iterator[ServerProcess]:
    """A started server on ``tmp/tables.db`` (``env``: further settings), stopped when the generator
    is closed; a fixture yields from it."""
    server = ServerProcess(f"sqlite:///{tmp / 'tables.db'}", tmp, env, machine_speed=machine_speed).start()
    yield server
    server.stop()


class Seat:
    """One WebSocket client (a seat with its token, or a spectator) that keeps every raw payload."""

    def __init__(self, server: ServerProcess, query: str) -> None:
        opened = connect(f"{server.ws_url}/ws?{query}", open_timeout=30, max_size=2**24)
        self.socket: ClientConnection = opened.__enter__()
        self.raw: list[str] = []
        self.state: dict[str, Any] | None = None

    def receive(self, timeout: float = RECV_SECONDS) -> dict[str, Any]:
        """The next message (raw text kept); ``table`` messages update :attr:`state`."""
        text = self.socket.recv(timeout=timeout)
        assert isinstance(text, str)
        self.raw.append(text)
        message: dict[str, Any] = json.loads(text)
        if message.get("type") == "table":
            self.state = message
        return message

    def receive_until(self, wanted: Any, timeout: float = RECV_SECONDS) -> dict[str, Any]:
        """Messages until one for which ``wanted(message)`` holds; returns it."""
        deadline = time.monotonic() + timeout
        while True:
            message = self.receive(max(0.01, deadline - time.monotonic()))
            if wanted(message):
                return message

    def send(self, message: dict[str, Any]) -> None:
        """Send ``message`` as JSON."""
        self.socket.send(json.dumps(message))

    def act(self, action: str, version: int | None = None) -> dict[str, Any]:
        """Submit ``action`` at ``version`` (default: the last seen) and return the ``result`` answer.

        An ``error`` answer instead (a bad or throttled message) fails at once with the server's
        words, rather than after waiting :data:`RECV_SECONDS` for a result that never comes."""
        assert self.state is not None
        self.send(
            {"type": "action", "version": self.state["version"] if version is None else version, "action": action}
        )
        answer = self.receive_until(lambda m: m.get("type") in ("result", "error"))
        if answer["type"] == "error":
            raise AssertionError(f"the server answered {action!r} with an error: {answer['error']}")
        return answer

    def my_turn(self) -> bool:
        """Whether the last table message offers this seat actions."""
        return bool(self.state and self.state["legal"])

    def close(self) -> None:
        """Close the connection."""
        self.socket.close()


def create_table(http: httpx.Client, **body: Any) -> dict[str, Any]:
    """``POST /api/tables`` (bots think 0 s unless asked); asserts success."""
    body.setdefault("think_seconds", 0)
    response = http.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    created: dict[str, Any] = response.json()
    return created


def seats_of(server: ServerProcess, table_id: str) -> list[dict[str, Any]]:
    """The seats of a table as the REST API lists them (names, kinds, who holds them)."""
    with server.http() as http:
        seats: list[dict[str, Any]] = http.get(f"/api/tables/{table_id}").json()["seats"]
    return seats


def my_seats(server: ServerProcess, player_id: str, table_id: str) -> list[int]:
    """The seats a player's page lists as theirs at a table (empty if the table is not on it)."""
    with server.http() as http:
        games = http.get(f"/api/players/{player_id}").json()["games"]
    return next((game["my_seats"] for game in games if game["table_id"] == table_id), [])


def seat_query(created: dict[str, Any], index: int = 0, lang: str = "en") -> str:
    """The WebSocket query of the ``index``-th human seat of a created table."""
    return f"table={created['table_id']}&token={created['seats'][index]['token']}&lang={lang}"


def play_out(seat: Seat, choose: Any = None, timeout: float = 120) -> dict[str, Any]:
    """Play ``seat``'s decisions (the first legal action, or ``choose(state)``) until the table's game is over."""
    deadline = time.monotonic() + timeout
    if seat.state is None:
        seat.receive_until(lambda m: m.get("type") == "table")
    while True:
        assert time.monotonic() < deadline, "the game did not end in time"
        state = seat.state
        assert state is not None
        if state["view"]["is_over"]:
            return state
        if state["legal"]:
            action = choose(state) if choose else state["legal"][0]["notation"]
            result = seat.act(action)
            assert result["ok"], result
        else:
            seat.receive_until(lambda m: m.get("type") == "table")


def is_table(message: dict[str, Any]) -> bool:
    """Whether ``message`` is a table message (not a result, an error or an offer)."""
    return message.get("type") == "table"


def at_version(version: int) -> Any:
    """A test for :meth:`Seat.receive_until`: a table message at ``version`` or later."""
    return lambda message: is_table(message) and message["version"] >= version


def play_out_together(seats: list[Seat], timeout: float = 120) -> None:
    """Play the first legal action of whichever of ``seats`` is to decide until the game is over
    (every seat is a client of the same table; bots may play in between)."""
    deadline = time.monotonic() + timeout
    for seat in seats:
        if seat.state is None:
            seat.receive_until(is_table)
    while True:
        assert time.monotonic() < deadline, "the game did not end in time"
        if all(seat.state and seat.state["view"]["is_over"] for seat in seats):
            return
        mover = next((seat for seat in seats if seat.state and seat.state["legal"]), None)
        if mover is None:
            seats[0].receive_until(is_table)
        else:
            result = mover.act(mover.state["legal"][0]["notation"])  # type: ignore[index]
            if not result["ok"]:  # a bot moved first: look again
                mover.receive_until(at_version(int(result["version"])))
        newest = max(seat.state["version"] for seat in seats if seat.state)
        for seat in seats:
            while seat.state is None or seat.state["version"] < newest:
                seat.receive_until(is_table)

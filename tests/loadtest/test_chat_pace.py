"""The load client's chat pace (:meth:`TableRun.talk`): a scripted human says one thing per gap of
at least half of ``--chat-every``, up to the test's deadline, within the server's rate of 5
messages per seat in 10 s (:mod:`busbahnhof.tables.chat`) on the load client's uvloop too."""

from __future__ import annotations

import asyncio
import random

import orjson
import pytest

from busbahnhof.loadtest.chatter import MIN_CHAT_EVERY, ChatLedger
from busbahnhof.loadtest.client import HUMAN, Pace, TableRun
from busbahnhof.loadtest.names import player_for
from busbahnhof.loadtest.report import Tally
from busbahnhof.loadtest.scenarios import SCENARIOS

uvloop = pytest.importorskip("uvloop")

DEADLINE_SECONDS = 0.0504
"""The deadline 0.4 ms after a whole millisecond of uvloop's clock: a sleep up to it rounds down and
wakes before it."""


class AtOnce(random.Random):
    """The chat's chance with the first message at once and every gap the shortest (half of chat_every)."""

    def random(self) -> float:
        return 0.0


class Socket:
    """The human's connection: what was sent on it."""

    def __init__(self) -> None:
        self.said: list[str] = []

    async def send(self, text: str) -> None:
        self.said.append(orjson.loads(text)["text"])


async def talk_past_the_deadline() -> list[str]:
    """What a connected human says from now until just past a deadline :data:`DEADLINE_SECONDS` ahead."""
    loop = asyncio.get_running_loop()
    tick = loop.time()
    while loop.time() == tick:  # start at the beginning of one of the clock's milliseconds
        pass
    tally = Tally()
    chat = ChatLedger(tally, player_for(2), AtOnce())
    deadline = loop.time() + DEADLINE_SECONDS
    run = TableRun(SCENARIOS[0], tally, Pace(0.05, 0.05, MIN_CHAT_EVERY), random.Random(2), deadline, chat)
    socket = Socket()
    run.sockets[HUMAN] = socket  # type: ignore[assignment]
    run.held[HUMAN] = {"type": "table", "version": 1}
    talking = asyncio.create_task(run.talk())
    await asyncio.sleep(DEADLINE_SECONDS + 0.05)
    talking.cancel()
    assert tally.chats_sent == len(socket.said)
    return socket.said


def test_a_human_says_one_thing_per_gap_up_to_the_deadline_on_uvloop() -> None:
    with asyncio.Runner(loop_factory=uvloop.new_event_loop) as runner:
        said = runner.run(talk_past_the_deadline())
    assert len(said) == 1, f"{len(said)} messages within {DEADLINE_SECONDS * 1000:g} ms"

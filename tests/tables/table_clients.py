"""A client of the table service as the tests use it: it keeps every message it is sent."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable
from typing import Any


class RecordingClient:
    """A :class:`busbahnhof.tables.Client` that keeps its messages (like a WebSocket that is read later)."""

    def __init__(self, lang: str = "en") -> None:
        self.lang = lang
        self.messages: list[dict[str, Any]] = []

    async def send(self, message: str) -> None:
        self.messages.append(json.loads(message))

    @property
    def last(self) -> dict[str, Any]:
        return self.messages[-1]

    def log_keys(self) -> list[str]:
        return [entry["key"] for message in self.messages for entry in message["log"]]


async def until(condition: Callable[[], bool], seconds: float = 30.0) -> None:
    """Wait until ``condition()`` holds; fail after ``seconds``."""
    end = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > end:
            raise AssertionError(f"condition not met within {seconds} s")
        await asyncio.sleep(0.005)

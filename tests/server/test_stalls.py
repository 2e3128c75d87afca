"""The event-loop watchdog logs a stall with where the loop was, and stays quiet otherwise."""

from __future__ import annotations

import asyncio
import logging
import time

import pytest

from busbahnhof.server.stalls import StallWatch


def hold_the_loop(seconds: float) -> None:
    time.sleep(seconds)


def test_a_stall_is_logged_with_where_the_loop_was(caplog: pytest.LogCaptureFixture) -> None:
    async def scenario() -> None:
        watch = StallWatch(limit_ms=50)
        watch.start()
        await asyncio.sleep(0.1)
        quiet = [record for record in caplog.records if record.getMessage() == "loop stalled"]
        hold_the_loop(0.3)
        await asyncio.sleep(0.05)
        await watch.stop()
        stalls = [record for record in caplog.records if record.getMessage() == "loop stalled"]
        assert not quiet, "no stall while the loop was free"
        assert len(stalls) == 1
        fields = stalls[0].fields  # type: ignore[attr-defined]
        assert fields["ms"] >= 50
        assert any("hold_the_loop" in frame for frame in fields["where"]), fields["where"]

    with caplog.at_level(logging.WARNING, logger="busbahnhof.server"):
        asyncio.run(scenario())

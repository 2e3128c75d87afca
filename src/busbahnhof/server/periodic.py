"""Work a server process repeats in the background until it stops (adopting tables of dead
processes, keeping workshop pauses): one loop that survives a failed round, and its cancellation."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable
from typing import TypeVar

from .logs import server_log

T = TypeVar("T")


async def repeat(seconds: float, step: Callable[[], Awaitable[T]], failed: str, report: Callable[[T], None]) -> None:
    """Every ``seconds``, await ``step()`` and ``report`` a result that is not empty, until cancelled.

    A round that raises (a lost database connection) is logged as ``failed``; the next round tries again.
    """
    while True:
        await asyncio.sleep(seconds)
        try:
            result = await step()
        except Exception:
            server_log.exception(failed)
            continue
        if result:
            report(result)


async def cancel_and_wait(task: asyncio.Task[None] | None) -> None:
    """Cancel a background loop (``None``: none runs) and wait until it has ended."""
    if task is None:
        return
    task.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await task

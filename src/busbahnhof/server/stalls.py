"""A watchdog for the event loop: logs where the server was when the loop stalled.

Every table of a process shares one event loop; anything that holds it (a long computation, a
garbage-collector pause, a blocking call) delays every client's message.  :class:`StallWatch`
finds such moments: a task on the loop notes the time every few milliseconds, and a thread
checks it; when the loop has not noted the time for ``limit_ms``, the thread logs ``loop
stalled`` with how long so far and the loop thread's innermost frames of this program (or of
the library it is in).  It found the garbage-collector pauses of docs/deploy.md.  Off by default
(``BUSBAHNHOF_STALL_LOG_MS``); it costs a thread waking every few milliseconds.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sys
import threading
import time
import traceback

from .logs import event, server_log

BEAT_SECONDS = 0.005
FRAMES = 6


class StallWatch:
    """Logs a stall of the running event loop longer than ``limit_ms`` (see the module)."""

    def __init__(self, limit_ms: float) -> None:
        self.limit = limit_ms / 1000
        self.beat = time.monotonic()
        self.loop_thread = threading.get_ident()
        self.stopping = threading.Event()
        self.beater: asyncio.Task[None] | None = None
        self.thread = threading.Thread(target=self._watch, name="busbahnhof-stalls", daemon=True)

    def start(self) -> None:
        """Start watching the running loop (call on the loop's thread)."""
        self.loop_thread = threading.get_ident()
        self.beat = time.monotonic()
        self.beater = asyncio.get_running_loop().create_task(self._beat())
        self.thread.start()

    async def stop(self) -> None:
        """Stop watching."""
        self.stopping.set()
        if self.beater is not None:
            self.beater.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.beater

    async def _beat(self) -> None:
        while True:
            self.beat = time.monotonic()
            await asyncio.sleep(BEAT_SECONDS)

    def _watch(self) -> None:
        reported = 0.0
        while not self.stopping.wait(BEAT_SECONDS):
            beat = self.beat
            late = time.monotonic() - beat
            if late > self.limit and beat != reported:
                reported = beat
                event(server_log, "loop stalled", logging.WARNING, ms=round(late * 1000), where=self.where())

    def where(self) -> list[str]:
        """The loop thread's innermost frames, ``file:line function``, innermost last."""
        frame = sys._current_frames().get(self.loop_thread)
        if frame is None:
            return []
        frames = traceback.extract_stack(frame)
        ours = [entry for entry in frames if "busbahnhof" in entry.filename] or frames
        return [f"{entry.filename.rsplit('/', 2)[-1]}:{entry.lineno} {entry.name}" for entry in ours[-FRAMES:]]

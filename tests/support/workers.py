"""Losing a worker process on purpose, as the kernel's out-of-memory killer would."""

from __future__ import annotations

import multiprocessing
import os
import signal


class KillOneWorker:
    """A ``progress`` callback that sends SIGKILL to one worker process after the first finished
    game (once); ``killed`` holds its pid."""

    def __init__(self) -> None:
        self.killed: list[int] = []

    def __call__(self, done: int, _total: int) -> None:
        if done and not self.killed:
            worker = multiprocessing.active_children()[0]
            self.killed.append(worker.pid or 0)
            os.kill(worker.pid or 0, signal.SIGKILL)

"""Ctrl-C and SIGTERM held back while a finished game is counted.

A run cut short keeps the games finished so far (docs/simulation.md).  Counting one game touches
several places (which games are done, the aggregates, the results file), and a signal handler
that raises ``KeyboardInterrupt`` between two of them would leave a game counted in one place and
not in the other.  Inside :func:`held_signals` such a signal is only noted; it is raised again,
to the handler that was in place before, as the block ends.
"""

from __future__ import annotations

import contextlib
import signal
import threading
from collections.abc import Iterator
from types import FrameType

__all__ = ["HELD_SIGNALS", "held_signals"]

HELD_SIGNALS = (signal.SIGINT, signal.SIGTERM)


@contextlib.contextmanager
def held_signals(signals: tuple[int, ...] = HELD_SIGNALS) -> Iterator[None]:
    """Run the block whole: ``signals`` arriving meanwhile reach their handlers after it, once each.

    Outside the main thread (where Python runs no signal handler) the block runs as it is.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    arrived: list[int] = []

    def note(signum: int, _frame: FrameType | None) -> None:
        if signum not in arrived:
            arrived.append(signum)

    previous = {signum: signal.signal(signum, note) for signum in signals}
    try:
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)
        for signum in arrived:
            signal.raise_signal(signum)

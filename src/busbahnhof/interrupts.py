"""Signal handlers for a while: Ctrl-C and SIGTERM held back while a finished game is counted, and
any handler installed for the length of a block.

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
from collections.abc import Callable, Iterable, Iterator
from types import FrameType
from typing import Any

__all__ = ["HELD_SIGNALS", "held_signals", "signals_handled"]

Handler = Callable[[int, FrameType | None], Any]

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

    try:
        with signals_handled(signals, note):
            yield
    finally:
        for signum in arrived:
            signal.raise_signal(signum)


@contextlib.contextmanager
def signals_handled(signals: Iterable[int], handler: Handler) -> Iterator[None]:
    """While inside, ``handler`` handles ``signals`` (main thread only); the handlers that were in
    place before are put back after."""
    previous = {signum: signal.signal(signum, handler) for signum in signals}
    try:
        yield
    finally:
        for signum, before in previous.items():
            signal.signal(signum, before)

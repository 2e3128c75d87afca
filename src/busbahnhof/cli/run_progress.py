"""The progress of a long run on stderr: a bar on a terminal, a plain line every few seconds elsewhere.

Both show games done of planned, games/s (seconds per game when a game takes longer than a second,
as with searching bots) and the time left; ``simulate`` and ``tournament`` use it.  The rate counts only the games
played since the run started here, so a resumed run's games read back from its results file do
not make it look faster than it is.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from types import TracebackType

from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

from .common import Ui

LINE_SECONDS = 5.0
"""Seconds between two progress lines when stderr is not a terminal (a log file, CI)."""


def format_duration(seconds: float) -> str:
    """``1:02:03`` for an hour and a bit, ``2:03`` for minutes, ``--:--`` while unknown."""
    if seconds != seconds or seconds == float("inf") or seconds < 0:
        return "--:--"
    minutes, secs = divmod(round(seconds), 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


class RunProgress:
    """``progress(done, total)`` for :func:`busbahnhof.sim.simulate` and
    :func:`busbahnhof.sim.tournament.tournament`; use as a context manager.

    Args:
        ui: the interface (its stderr console, its language).
        title: what runs, e.g. ``Simuliere Busfahrer``.
        number: writes a count in the interface's language (``12.000``).
        interactive: a live bar (default: whether stderr is a terminal).
        every: seconds between plain lines.
    """

    def __init__(
        self,
        ui: Ui,
        title: str,
        number: Callable[[float], str],
        interactive: bool | None = None,
        every: float = LINE_SECONDS,
    ) -> None:
        self.ui = ui
        self.title = title
        self.number = number
        self.interactive = ui.err.is_terminal if interactive is None else interactive
        self.every = every
        self.first: tuple[int, float] | None = None
        self.last_line = 0.0
        columns = (
            TextColumn("{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TextColumn("{task.fields[speed]}"),
        )
        self.bar = Progress(*columns, console=ui.err, transient=True)
        self.task = self.bar.add_task(title, total=None, speed="")

    def __enter__(self) -> RunProgress:
        if self.interactive:
            self.bar.start()
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        if self.interactive:
            self.bar.stop()

    def __call__(self, done: int, total: int) -> None:
        now = time.monotonic()
        if self.first is None:
            self.first = (done, now)
        rate, left = self.speed(done, total, now)
        speed = self.speed_text(rate, left)
        if self.interactive:
            self.bar.update(self.task, completed=done, total=total, speed=speed)
        elif now - self.last_line >= self.every or done == total:
            self.last_line = now
            self.ui.err.print(
                self.ui.t(
                    "simulate.progress_line",
                    title=self.title,
                    done=self.number(done),
                    total=self.number(total),
                    percent=self.number(100 * done / total if total else 100),
                    speed=speed,
                ),
                markup=False,
                highlight=False,
                soft_wrap=True,
            )

    def speed_text(self, rate: float, left: float) -> str:
        """``512 games/s, 28:38 left``; below one game a second (a searching bot) the seconds a game
        takes instead: ``42 s per game, 1:10:00 left``."""
        if 0 < rate < 1:
            return self.ui.t("simulate.speed_slow", seconds=self.number(1 / rate), eta=format_duration(left))
        return self.ui.t("simulate.speed", rate=self.number(rate), eta=format_duration(left))

    def speed(self, done: int, total: int, now: float) -> tuple[float, float]:
        """Games/s since the start and the seconds left at that rate (``nan`` while unknown)."""
        if self.first is None:
            return 0.0, float("nan")
        first_done, first_time = self.first
        elapsed = now - first_time
        rate = (done - first_done) / elapsed if elapsed > 0 and done > first_done else 0.0
        return rate, (total - done) / rate if rate else float("nan")

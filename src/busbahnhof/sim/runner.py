"""Batch simulation: many seeded games between bots, on any backend, streamed, resumable, swept.

Game ``i`` of a run with seed ``S`` is dealt with ``derive_seed(S, i)`` and the bot in seat
``k`` chooses with its own generator ``Rng(derive_seed(S, i, "bot", k))`` (sim/play.py), so
every game is reproducible on its own and a run gives the same figures whatever the backend
and the number of workers.  Finished games are aggregated as they arrive, in memory that does
not grow with the number of games (sim/aggregate.py), and, with a results file, written one row
per game (sim/results.py); ``resume`` plays only the games the file lacks.
"""

from __future__ import annotations

import contextlib
import platform
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict
from pathlib import Path
from typing import Any

from ..bots import make_bot
from ..engine import Game, InvalidOptionError, load_game
from ..interrupts import held_signals
from .aggregate import Aggregate, FlatSummary, flatten_summary
from .backends import Backend, make_backend
from .play import RunSpec, Task, game_figures, play_game
from .results import FORMAT, GameRow, ResultsWriter, RunInfo, Setting, now, read_results
from .sweeps import Sweep, deck_identity, sweep_settings

__all__ = ["MAX_CHUNK", "REPORT_FORMAT", "Progress", "game_figures", "play_game", "simulate"]

REPORT_FORMAT = "busbahnhof-simulation/2"
MAX_CHUNK = 100
"""Games per task of a worker (all settings counted): small enough that Ctrl-C loses little, large
enough to keep workers busy."""
TASKS_PER_WORKER = 8
"""Tasks a run is split into per worker at least, so that all workers finish at about the same time."""

Progress = Callable[[int, int], None]


class Tally:
    """The run's bookkeeping: which games are done, and their figures aggregated per setting.

    Which games are done is one byte per game and setting (``done``) plus one per game for the
    games done under every setting (``complete``): 1 MB per million games, searched at C speed.
    With several settings, each game's figures are also paired with the first setting's on the
    same seed, and the differences aggregated (``differences``).  A game whose settings did not
    all finish yet waits in ``waiting`` (at most the games of the tasks in flight).
    """

    def __init__(self, settings: Sequence[Setting], games: int, templates: Sequence[FlatSummary] = ()) -> None:
        """``templates``: per setting, the figures its report has even where no game gave them
        (``Game.summary_template``, flattened); none by default."""
        self.labels = {setting.label: number for number, setting in enumerate(settings)}
        self.games = games
        self.done = [bytearray(games) for _ in settings]
        self.complete = self.done[0] if len(settings) == 1 else bytearray(games)
        templates = templates or [{} for _ in settings]
        self.aggregates = [Aggregate(template) for template in templates]
        self.differences = [Aggregate(templates[0].keys() | template.keys()) for template in templates[1:]]
        self.waiting: dict[int, list[FlatSummary | None]] = {}

    def has(self, row: GameRow) -> bool:
        """Whether ``row``'s game is already counted (or belongs to no setting of the run)."""
        number = self.labels.get(row.setting)
        return number is None or not 0 <= row.index < self.games or bool(self.done[number][row.index])

    def add(self, row: GameRow) -> None:
        """Count a game not counted before."""
        number = self.labels[row.setting]
        self.done[number][row.index] = 1
        self.aggregates[number].add(row.figures)
        if not self.differences:
            return
        paired = self.waiting.setdefault(row.index, [None] * len(self.done))
        paired[number] = row.figures
        if all(figures is not None for figures in paired):
            del self.waiting[row.index]
            self.complete[row.index] = 1
            first = paired[0] or {}
            for aggregate, figures in zip(self.differences, paired[1:], strict=True):
                other = figures or {}
                aggregate.add({path: other.get(path, 0.0) - first.get(path, 0.0) for path in other.keys() | first})

    def counted(self) -> int:
        """Games counted, all settings together."""
        return sum(aggregate.count for aggregate in self.aggregates)

    def tasks(self, size: int) -> Iterator[Task]:
        """Tasks for every game not yet counted, of at most ``size`` games (all settings counted, at
        least one game number each): runs of games lacking every setting, and single games that
        lack only some (a run cut between the settings of a game)."""
        every = tuple(range(len(self.done)))
        numbers = max(1, size // len(every))
        index = self.complete.find(0)
        while index != -1:
            lacking = tuple(number for number in every if not self.done[number][index])
            stop = index + 1
            if lacking == every:
                limit = min(self.games, index + numbers)
                stop = min((found for done in self.done if (found := done.find(1, index, limit)) != -1), default=limit)
            yield Task(index, stop, lacking)
            index = self.complete.find(0, stop)

    def finished_ranges(self) -> list[list[int]]:
        """``[start, stop)`` of the game numbers finished under every setting."""
        ranges = []
        start = self.complete.find(1)
        while start != -1:
            stop = self.complete.find(0, start)
            stop = self.games if stop == -1 else stop
            ranges.append([start, stop])
            start = self.complete.find(1, stop)
        return ranges


def simulate(
    game: Game[Any, Any] | str,
    players: int,
    bot_names: Sequence[str],
    games: int,
    seed: int,
    workers: int | None = None,
    progress: Progress | None = None,
    *,
    sweeps: Sequence[Sweep] = (),
    results: Path | None = None,
    resume: bool = False,
    backend: str = "local",
    address: str | None = None,
) -> dict[str, Any]:
    """Play ``games`` games between bots (under every setting of ``sweeps``) and aggregate their figures.

    Args:
        game: a game with its rule options, or a game id (default options).
        players: seats per game.
        bot_names: one bot name per seat.
        games: how many games (per setting).
        seed: the run's seed; game ``i`` uses ``derive_seed(seed, i)`` under every setting.
        workers: local worker processes (default 1: this process) or Ray tasks at a time
            (default: the cluster's CPUs); the figures do not depend on it.
        progress: called as ``progress(games_done, games_planned)`` (all settings counted) once
            before the first game (games read back by ``resume`` count as done) and after each task.
        sweeps: rule options and their values (``[("pyramid", ["4-3-2-1", "5-4-3-2-1"])]``);
            every combination is a setting, played on the same seeds.
        results: write one row per game to this ``.parquet`` (a folder) or ``.csv`` file.
        resume: continue the run in ``results``: its games are read back, only the others played.
        backend: ``local`` or ``ray``.
        address: the Ray cluster (``auto``, ``ray://host:port``; default: a local one).

    Returns:
        The report (docs/simulation.md): the run's settings, timing, ``summary`` (each numeric
        leaf of ``summarize`` as mean, median, total, min, max) and ``intervals`` (each leaf's
        mean with its 95 % interval) of the first setting, and with a sweep ``settings``: per
        setting the same and the paired ``difference`` to the first.  After Ctrl-C the report
        covers the games finished so far: ``games`` counts them and ``interrupted`` holds the
        number ``requested`` and the ``finished_ranges`` of game numbers.

    Raises:
        GameError: unknown game, bot or backend, bad options or sweeps, wrong number of bots, a
            bad count, results of another run (or any, without ``resume``), Ray not installed.
        KeyboardInterrupt: Ctrl-C before any game was finished.
    """
    if isinstance(game, str):
        game = load_game(game)
    if games < 1:
        raise InvalidOptionError(
            f"a simulation needs at least 1 game, not {games}", key="error.games", params={"games": games}
        )
    runner = make_backend(backend, workers, address)
    if len(bot_names) != players:
        raise InvalidOptionError(
            f"{players} seats need {players} bots, got {len(bot_names)}: {', '.join(bot_names)}",
            key="error.bots_per_seat",
            params={"players": players, "count": len(bot_names), "bots": ", ".join(bot_names)},
        )
    for name in bot_names:
        make_bot(game, name)
    game.new_state(players, seed)
    labelled = sweep_settings(game, sweeps)
    settings = [setting for setting, _ in labelled]
    info = RunInfo(
        format=FORMAT,
        game=game.id,
        options=game.option_dict(),
        deck=deck_identity(game),
        players=players,
        bots=tuple(bot_names),
        seed=seed,
        games=games,
        settings=tuple(settings),
        created=now(),
    )
    spec = RunSpec.of([(setting.label, played) for setting, played in labelled], players, bot_names, seed)
    templates = [flatten_summary(played.summary_template(players), game.id) for _, played in labelled]
    tally = Tally(settings, games, templates)
    started = time.perf_counter()
    with contextlib.ExitStack() as stack:
        writer = stack.enter_context(ResultsWriter(results, info, resume)) if results is not None else None
        if results is not None and resume:
            _read_back(results, tally)
        resumed = tally.counted()
        interrupted = _play(runner, spec, tally, writer, progress, games * len(settings))
    played = tally.counted() - resumed
    if played + resumed == 0 and interrupted:
        raise KeyboardInterrupt
    elapsed = time.perf_counter() - started
    report = _report(info, tally, runner, elapsed, played)
    if results is not None:
        report["results"] = {"path": str(results), "resumed": resumed}
    if interrupted:
        report["interrupted"] = {"requested": games, "finished_ranges": tally.finished_ranges()}
    return report


def _read_back(results: Path, tally: Tally) -> None:
    _info, rows = read_results(results)
    for row in rows:
        if not tally.has(row):
            tally.add(row)


def _play(
    runner: Backend,
    spec: RunSpec,
    tally: Tally,
    writer: ResultsWriter | None,
    progress: Progress | None,
    planned: int,
) -> bool:
    """Play every game the tally lacks; whether Ctrl-C cut the run short (the finished games are kept)."""
    workers = max(1, runner.workers)
    per_task = max(1, min(MAX_CHUNK, -(-planned // (workers * TASKS_PER_WORKER))))
    done = tally.counted()
    if progress:
        progress(done, planned)
    try:
        with contextlib.closing(runner.run(spec, tally.tasks(per_task))) as finished:
            for rows in finished:
                with held_signals():  # a game is written and counted whole, or not at all
                    for row in rows:
                        if writer is not None:
                            writer.write(row)
                        tally.add(row)
                done += len(rows)
                if progress:
                    progress(done, planned)
    except KeyboardInterrupt:
        return True
    return False


def _report(info: RunInfo, tally: Tally, runner: Backend, elapsed: float, played: int) -> dict[str, Any]:
    first = tally.aggregates[0]
    report: dict[str, Any] = {
        "format": REPORT_FORMAT,
        "game": info.game,
        "options": dict(info.options),
        "players": info.players,
        "bots": list(info.bots),
        "games": first.count,
        "seed": info.seed,
        "workers": runner.workers,
        "backend": runner.name,
        "python": platform.python_version(),
        "elapsed_seconds": elapsed,
        "games_per_second": played / elapsed if elapsed > 0 else 0.0,
        "summary": first.reduce(),
        "intervals": first.intervals(),
    }
    if len(info.settings) > 1:
        report["settings"] = [
            {
                **asdict(setting),
                "games": aggregate.count,
                "summary": aggregate.reduce(),
                "intervals": aggregate.intervals(),
                **({"difference": tally.differences[number - 1].intervals(shares=False)} if number else {}),
            }
            for number, (setting, aggregate) in enumerate(zip(info.settings, tally.aggregates, strict=True))
        ]
    return report

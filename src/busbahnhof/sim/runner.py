"""Batch simulation: many seeded games between bots, their figures aggregated.

Game ``i`` of a run with seed ``S`` is dealt with ``derive_seed(S, i)`` and the bot in seat
``k`` chooses with its own generator ``Rng(derive_seed(S, i, "bot", k))``, so every game is
reproducible on its own and a run gives the same figures whatever the number of workers.
"""

from __future__ import annotations

import json
import multiprocessing
import os
import platform
import signal
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from ..bots import make_bot
from ..engine import Game, InvalidOptionError, Rng, State, derive_seed, load_game
from .aggregate import Columns, FlatSummary, flatten_summary

REPORT_FORMAT = "busbahnhof-simulation/2"
MAX_DECISIONS = 1_000_000
MAX_CHUNK = 100
"""Games per task of a worker: small enough that Ctrl-C loses little, large enough to keep workers busy."""

Progress = Callable[[int, int], None]


def max_workers() -> int:
    """The most worker processes a run may start: four per CPU, at most 64 (more only cost memory)."""
    return min(64, 4 * (os.cpu_count() or 1))


@dataclass(frozen=True)
class Chunk:
    """Games ``start`` to ``stop - 1`` of a run, everything a worker process needs to play them."""

    game_id: str
    options: Mapping[str, Any]
    players: int
    bots: tuple[str, ...]
    seed: int
    start: int
    stop: int


@lru_cache(maxsize=8)
def _game(game_id: str, options_json: str) -> Game[Any, Any]:
    return load_game(game_id, **json.loads(options_json))


def play_game(game: Game[Any, Any], players: int, bots: Sequence[str], seed: int, index: int) -> State[Any]:
    """Game ``index`` of a run with ``seed``, played to its end by ``bots`` (one name per seat)."""
    state = game.new_state(players, derive_seed(seed, index))
    seats = [make_bot(game, name) for name in bots]
    rngs = [Rng(derive_seed(seed, index, "bot", seat)) for seat in range(players)]
    for _ in range(MAX_DECISIONS):
        seat = state.to_move
        if seat is None:
            return state
        state.apply(seats[seat].choose(state, seat, rngs[seat]), seat=seat)
    raise RuntimeError(f"{game.id} game {index} of seed {seed} did not end after {MAX_DECISIONS} decisions")


def game_figures(game: Game[Any, Any], state: State[Any]) -> FlatSummary:
    """``game.summarize(state)`` plus what every game has: wins and payoff per seat, ties, decisions.

    The generic figures are ``seats[k].wins`` (1 if seat ``k`` is among the winners),
    ``seats[k].payoff`` (1 shared among the winners), ``outcome.tie`` (1 if several seats won)
    and ``outcome.decisions`` (actions taken by players, forced ones excluded).
    """
    summary = dict(game.summarize(state))
    outcome = state.outcome()
    seats = [dict(entry) for entry in summary.get("seats", [{} for _ in range(state.players)])]
    for seat, entry in enumerate(seats):
        entry["wins"] = int(seat in outcome.winners)
        entry["payoff"] = outcome.payoff(seat)
    summary["seats"] = seats
    summary["outcome"] = {
        **summary.get("outcome", {}),
        "tie": int(len(outcome.winners) > 1),
        "decisions": len(state.history),
    }
    return flatten_summary(summary, game.id)


def play_chunk(chunk: Chunk) -> list[FlatSummary]:
    """The figures of every game of ``chunk``, in game order (runs in a worker process)."""
    game = _game(chunk.game_id, json.dumps(dict(chunk.options), sort_keys=True))
    return [
        game_figures(game, play_game(game, chunk.players, chunk.bots, chunk.seed, index))
        for index in range(chunk.start, chunk.stop)
    ]


def _chunks(game: Game[Any, Any], players: int, bots: Sequence[str], games: int, seed: int, size: int) -> list[Chunk]:
    return [
        Chunk(game.id, game.option_dict(), players, tuple(bots), seed, start, min(start + size, games))
        for start in range(0, games, size)
    ]


def _play_numbered(item: tuple[int, Chunk]) -> tuple[int, list[FlatSummary]]:
    number, chunk = item
    return number, play_chunk(chunk)


def _ignore_interrupts() -> None:
    """Workers leave Ctrl-C (SIGINT, sent to the whole foreground process group) to the main process."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _run_chunks(
    chunks: list[Chunk], workers: int, progress: Progress | None, games: int
) -> tuple[list[list[FlatSummary] | None], bool]:
    """The figures of every chunk (``None`` for one not finished) and whether Ctrl-C cut the run short.

    On Ctrl-C the workers are terminated at once (SIGTERM) and waited for; the chunks already
    finished are kept.
    """
    results: list[list[FlatSummary] | None] = [None for _ in chunks]
    done = 0

    def finished(number: int, figures: list[FlatSummary]) -> None:
        nonlocal done
        results[number] = figures
        done += chunks[number].stop - chunks[number].start
        if progress:
            progress(done, games)

    if workers == 1:
        try:
            for number, chunk in enumerate(chunks):
                finished(number, play_chunk(chunk))
        except KeyboardInterrupt:
            return results, True
        return results, False
    pool = multiprocessing.get_context("spawn").Pool(workers, initializer=_ignore_interrupts)
    try:
        for number, figures in pool.imap_unordered(_play_numbered, enumerate(chunks)):
            finished(number, figures)
    except KeyboardInterrupt:
        return results, True
    finally:
        pool.terminate()
        pool.join()
    return results, False


def simulate(
    game: Game[Any, Any] | str,
    players: int,
    bot_names: Sequence[str],
    games: int,
    seed: int,
    workers: int = 1,
    progress: Progress | None = None,
) -> dict[str, Any]:
    """Play ``games`` games between bots and aggregate their figures.

    Args:
        game: a game with its rule options, or a game id (default options).
        players: seats per game.
        bot_names: one bot name per seat.
        games: how many games.
        seed: the run's seed; game ``i`` uses ``derive_seed(seed, i)``.
        workers: worker processes (1 plays in this process); the figures do not depend on it.
        progress: called as ``progress(games_done, games)`` after each chunk.

    Returns:
        The report (docs/simulation.md): the run's settings, timing and ``summary``, the
        aggregated figures (each numeric leaf of ``summarize`` as mean, median, total, min, max).
        After Ctrl-C the report covers the games finished so far: ``games`` counts them and
        ``interrupted`` holds the number ``requested`` and the ``finished_ranges`` of game numbers.

    Raises:
        GameError: unknown game or bot, bad options, wrong number of bots or a bad count.
        KeyboardInterrupt: Ctrl-C before any game was finished.
    """
    if isinstance(game, str):
        game = load_game(game)
    if games < 1:
        raise InvalidOptionError(
            f"a simulation needs at least 1 game, not {games}", key="error.games", params={"games": games}
        )
    if not 1 <= workers <= max_workers():
        raise InvalidOptionError(
            f"--workers {workers}: choose 1 to {max_workers()} worker processes (4 per CPU, at most 64)",
            key="error.workers",
            params={"workers": workers, "high": max_workers()},
        )
    if len(bot_names) != players:
        raise InvalidOptionError(
            f"{players} seats need {players} bots, got {len(bot_names)}: {', '.join(bot_names)}",
            key="error.bots_per_seat",
            params={"players": players, "count": len(bot_names), "bots": ", ".join(bot_names)},
        )
    for name in bot_names:
        make_bot(game, name)
    game.new_state(players, seed)
    size = max(1, min(MAX_CHUNK, -(-games // (workers * 8))))
    started = time.perf_counter()
    chunks = _chunks(game, players, bot_names, games, seed, size)
    results, interrupted = _run_chunks(chunks, workers, progress, games)
    columns = Columns()
    played = 0
    for chunk_result in results:
        for flat in chunk_result or []:
            columns.add(flat)
            played += 1
    if played == 0 and interrupted:
        raise KeyboardInterrupt
    elapsed = time.perf_counter() - started
    report = {
        "format": REPORT_FORMAT,
        "game": game.id,
        "options": game.option_dict(),
        "players": players,
        "bots": list(bot_names),
        "games": played,
        "seed": seed,
        "workers": workers,
        "python": platform.python_version(),
        "elapsed_seconds": elapsed,
        "games_per_second": played / elapsed if elapsed > 0 else 0.0,
        "summary": columns.reduce(),
    }
    if interrupted:
        kept = [[chunk.start, chunk.stop] for chunk, result in zip(chunks, results, strict=True) if result is not None]
        report["interrupted"] = {"requested": games, "finished_ranges": kept}
    return report

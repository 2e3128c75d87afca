"""Batch simulation: many seeded games between bots, their figures aggregated.

Game ``i`` of a run with seed ``S`` is dealt with ``derive_seed(S, i)`` and the bot in seat
``k`` chooses with its own generator ``Rng(derive_seed(S, i, "bot", k))``, so every game is
reproducible on its own and a run gives the same figures whatever the number of workers.
"""

from __future__ import annotations

import json
import multiprocessing
import platform
import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from ..bots import make_bot
from ..engine import Game, InvalidOptionError, Rng, State, derive_seed, load_game
from .aggregate import Columns, FlatSummary, flatten_summary

REPORT_FORMAT = "busbahnhof-simulation/2"
MAX_DECISIONS = 1_000_000

Progress = Callable[[int, int], None]


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


def _run_chunks(chunks: list[Chunk], workers: int, progress: Progress | None, games: int) -> list[list[FlatSummary]]:
    results: list[list[FlatSummary]] = [[] for _ in chunks]
    done = 0
    if workers == 1:
        for number, chunk in enumerate(chunks):
            results[number] = play_chunk(chunk)
            done += chunk.stop - chunk.start
            if progress:
                progress(done, games)
        return results
    with ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("spawn")) as pool:
        futures = {pool.submit(play_chunk, chunk): number for number, chunk in enumerate(chunks)}
        for future in as_completed(futures):
            number = futures[future]
            results[number] = future.result()
            done += chunks[number].stop - chunks[number].start
            if progress:
                progress(done, games)
    return results


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

    Raises:
        GameError: unknown game or bot, bad options, wrong number of bots or a bad count.
    """
    if isinstance(game, str):
        game = load_game(game)
    if games < 1:
        raise InvalidOptionError(f"a simulation needs at least 1 game, not {games}")
    if workers < 1:
        raise InvalidOptionError(f"a simulation needs at least 1 worker, not {workers}")
    if len(bot_names) != players:
        raise InvalidOptionError(f"{players} seats need {players} bots, got {len(bot_names)}: {', '.join(bot_names)}")
    for name in bot_names:
        make_bot(game, name)
    game.new_state(players, seed)
    size = max(1, min(500, -(-games // (workers * 8))))
    started = time.perf_counter()
    results = _run_chunks(_chunks(game, players, bot_names, games, seed, size), workers, progress, games)
    columns = Columns()
    for chunk_result in results:
        for flat in chunk_result:
            columns.add(flat)
    elapsed = time.perf_counter() - started
    return {
        "format": REPORT_FORMAT,
        "game": game.id,
        "options": game.option_dict(),
        "players": players,
        "bots": list(bot_names),
        "games": games,
        "seed": seed,
        "workers": workers,
        "python": platform.python_version(),
        "elapsed_seconds": elapsed,
        "games_per_second": games / elapsed if elapsed > 0 else 0.0,
        "summary": columns.reduce(),
    }

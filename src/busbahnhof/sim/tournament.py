"""Tournaments: bots play the same deals in every seat arrangement; wins, points and ratings per bot.

A tournament of ``bots`` (one name per seat, names may repeat) plays every *distinct* seat
arrangement of them (:func:`arrangements`: 24 for four different bots, 4 for ``a,b,b,b``, 6 for
``a,a,b,b``) equally often.  Deal ``d`` is the same in every arrangement: it is game ``d`` of
:func:`~busbahnhof.sim.runner.play_game` with the run's seed (the deal from ``derive_seed(seed,
d)``, the bot in seat ``k`` choosing with ``derive_seed(seed, d, "bot", k)``), so the bots are
compared on paired deals and a seat's advantage cancels out.  The number of games is rounded up
to a whole number of deals (a multiple of the arrangements).

Per bot the report gives its seat-games (a bot in three seats of a game counts three), its win
share (a shared win counts 1/winners) with the 95 % Wilson interval, its mean points, and an
OpenSkill Plackett-Luce rating (:mod:`.rating`) updated game by game in deal order, so every
figure is the same whatever the number of workers.  Seats of the same bot in one game are not
independent, so for a repeated bot the interval is somewhat narrower than it should be.
"""

from __future__ import annotations

import contextlib
import itertools
import json
import math
import platform
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from ..bots import make_bot
from ..engine import Game, InvalidOptionError, load_game
from .backends import WorkerLost, check_workers, play_locally
from .intervals import mean_interval, wilson_interval
from .rating import Ratings
from .runner import play_game

REPORT_FORMAT = "busbahnhof-tournament/1"

Progress = Callable[[int, int], None]


def arrangements(bots: Sequence[str]) -> list[tuple[str, ...]]:
    """Every distinct seating of ``bots`` (seat order), sorted: the permutations that matter."""
    return sorted(set(itertools.permutations(bots)))


@dataclass(frozen=True)
class Task:
    """One game of a tournament: deal ``deal`` played with the bots seated as ``seating``."""

    game_id: str
    options_json: str
    seating: tuple[str, ...]
    seed: int
    deal: int
    number: int
    """The game's place in the tournament (deal-major), the order in which ratings are updated."""


@dataclass(frozen=True)
class GameResult:
    """What a tournament keeps of one game."""

    number: int
    seating: tuple[str, ...]
    points: tuple[int, ...]
    winners: tuple[int, ...]
    lower_is_better: bool

    def payoff(self, seat: int) -> float:
        """1 shared among the winners, 0 for the others."""
        return 1.0 / len(self.winners) if seat in self.winners else 0.0

    def ranks(self) -> list[int]:
        """Each seat's place (0 best, equal places for ties): winners first, then by points."""
        sign = 1 if self.lower_is_better else -1
        keys = [(0 if seat in self.winners else 1, sign * self.points[seat]) for seat in range(len(self.points))]
        order = sorted(set(keys))
        return [order.index(key) for key in keys]


@lru_cache(maxsize=8)
def _game(game_id: str, options_json: str) -> Game[Any, Any]:
    return load_game(game_id, **json.loads(options_json))


def play_task(task: Task) -> GameResult:
    """Play one tournament game (runs in a worker process)."""
    game = _game(task.game_id, task.options_json)
    state = play_game(game, len(task.seating), task.seating, task.seed, task.deal)
    outcome = state.outcome()
    return GameResult(task.number, task.seating, outcome.points, outcome.winners, outcome.lower_is_better)


def tasks(game: Game[Any, Any], bots: Sequence[str], games: int, seed: int) -> list[Task]:
    """The games of a tournament of at least ``games`` games, deal by deal."""
    seatings = arrangements(bots)
    deals = math.ceil(games / len(seatings))
    options_json = json.dumps(game.option_dict(), sort_keys=True)
    return [
        Task(game.id, options_json, seating, seed, deal, deal * len(seatings) + index)
        for deal in range(deals)
        for index, seating in enumerate(seatings)
    ]


def _play_all(todo: list[Task], workers: int, progress: Progress | None) -> tuple[list[GameResult], bool]:
    """The results of the games finished and whether Ctrl-C cut the run short (workers stopped at once).

    Raises:
        WorkerLost: a worker process died (killed, out of memory); the tournament cannot be completed.
    """
    results: list[GameResult] = []
    try:
        with contextlib.closing(play_locally(workers, play_task, iter(todo))) as finished:
            for result in finished:
                results.append(result)
                if progress:
                    progress(len(results), len(todo))
    except KeyboardInterrupt:
        return results, True
    except WorkerLost as lost:
        status = lost.params.get("status")
        raise WorkerLost(
            f"a worker process died (exit status {status}, e.g. killed or out of memory) after {len(results)}"
            f" of {len(todo)} games; the tournament stopped: run it again (the same seed plays the same games)",
            key="error.tournament_worker_lost",
            params={"status": status, "games": len(results), "requested": len(todo)},
        ) from None
    return results, False


def standings(results: Sequence[GameResult], bots: Sequence[str]) -> list[dict[str, Any]]:
    """Per distinct bot: seat-games, wins, win share with interval, mean points, rating; best rating first."""
    ordered = sorted(results, key=lambda result: result.number)
    ratings = Ratings(sorted(set(bots)))
    for result in ordered:
        ratings.record(result.seating, result.ranks())
    rows = []
    for name in sorted(set(bots)):
        seats = [(result, seat) for result in ordered for seat, bot in enumerate(result.seating) if bot == name]
        wins = math.fsum(result.payoff(seat) for result, seat in seats)
        share = wilson_interval(wins, len(seats))
        points = mean_interval([float(result.points[seat]) for result, seat in seats]) if seats else None
        rating = ratings.of(name)
        rows.append(
            {
                "bot": name,
                "games": len(seats),
                "wins": wins,
                "win_share": share.estimate,
                "win_low": share.low,
                "win_high": share.high,
                "mean_points": points.estimate if points else 0.0,
                "points_low": points.low if points else 0.0,
                "points_high": points.high if points else 0.0,
                "mu": rating.mu,
                "sigma": rating.sigma,
                "ordinal": rating.ordinal,
            }
        )
    return sorted(rows, key=lambda row: (-row["ordinal"], row["bot"]))


def tournament(
    game: Game[Any, Any] | str,
    bots: Sequence[str],
    games: int,
    seed: int = 0,
    workers: int = 1,
    progress: Progress | None = None,
) -> dict[str, Any]:
    """Play a tournament and report it (the format: docs/bots.md, "Tournaments").

    Args:
        game: a game with its rule options, or a game id.
        bots: one bot name per seat (names may repeat); their distinct arrangements are played.
        games: at least this many games (rounded up to whole deals).
        seed: the run's seed.
        workers: worker processes (1 plays in this process); the figures do not depend on it.
        progress: called as ``progress(games_done, games)`` after each game.

    Raises:
        GameError: unknown game or bot, a seat count the game does not allow, bad numbers.
        KeyboardInterrupt: Ctrl-C before any game was finished.
    """
    if isinstance(game, str):
        game = load_game(game)
    if games < 1:
        raise InvalidOptionError(
            f"a tournament needs at least 1 game, not {games}", key="error.tournament_games", params={"games": games}
        )
    check_workers(workers)
    for name in bots:
        make_bot(game, name)
    game.new_state(len(bots), seed)  # refuses a seat count the game does not allow
    todo = tasks(game, bots, games, seed)
    started = time.perf_counter()
    results, interrupted = _play_all(todo, workers, progress)
    if not results and interrupted:
        raise KeyboardInterrupt
    elapsed = time.perf_counter() - started
    report: dict[str, Any] = {
        "format": REPORT_FORMAT,
        "game": game.id,
        "options": game.option_dict(),
        "players": len(bots),
        "bots": list(bots),
        "arrangements": len(arrangements(bots)),
        "games": len(results),
        "seed": seed,
        "workers": workers,
        "python": platform.python_version(),
        "elapsed_seconds": elapsed,
        "lower_is_better": results[0].lower_is_better if results else False,
        "standings": standings(results, bots),
    }
    if interrupted:
        report["interrupted"] = {"requested": len(todo)}
    return report

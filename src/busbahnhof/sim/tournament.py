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

The games are made one by one as the workers ask for them (:func:`tasks`) and counted into
running figures as they finish (:class:`Standings`), so a tournament of millions of games starts
at once and its memory does not grow with the games (docs/bots.md, "Tournaments").
"""

from __future__ import annotations

import contextlib
import itertools
import json
import math
import platform
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from ..bots import make_bot
from ..engine import Game, InvalidOptionError, Outcome, load_game
from ..interrupts import held_signals
from .aggregate import FigureStats
from .backends import WorkerLost, check_workers, play_locally
from .intervals import wilson_interval
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
        return Outcome(self.points, self.winners, self.lower_is_better).places()


@lru_cache(maxsize=8)
def _game(game_id: str, options_json: str) -> Game[Any, Any]:
    return load_game(game_id, **json.loads(options_json))


def play_task(task: Task) -> GameResult:
    """Play one tournament game (runs in a worker process)."""
    game = _game(task.game_id, task.options_json)
    state = play_game(game, len(task.seating), task.seating, task.seed, task.deal)
    outcome = state.outcome()
    return GameResult(task.number, task.seating, outcome.points, outcome.winners, outcome.lower_is_better)


def planned_games(bots: Sequence[str], games: int) -> int:
    """The games a tournament of at least ``games`` games plays: whole deals of every arrangement."""
    seatings = len(arrangements(bots))
    return math.ceil(games / seatings) * seatings


def tasks(game: Game[Any, Any], bots: Sequence[str], games: int, seed: int) -> Iterator[Task]:
    """The games of a tournament of at least ``games`` games, deal by deal, each made only when a
    worker asks for the next (a million games start at once and take no memory before they are played)."""
    seatings = arrangements(bots)
    options_json = json.dumps(game.option_dict(), sort_keys=True)
    numbers = itertools.count()
    for deal in range(planned_games(bots, games) // len(seatings)):
        for seating in seatings:
            yield Task(game.id, options_json, seating, seed, deal, next(numbers))


class Standings:
    """The standings of the games finished so far, kept as running figures per bot.

    Games finish in any order on several workers.  Wins and points are counted per value (a
    bot's seat with its share of the win and its points), so their sums are exact and do not
    depend on the order; a game is rated only once every game before it is, so the ratings follow
    the tournament's order whatever the workers.  Memory does not grow with the games: the counts
    (a few hundred values), the ratings, and the finished games still waiting for an earlier one
    (at most the games in flight).
    """

    def __init__(self, bots: Sequence[str]) -> None:
        self.bots = sorted(set(bots))
        self.games = 0
        self.lower_is_better = False
        self._ratings = Ratings(self.bots)
        self._seats: Counter[tuple[str, float, int]] = Counter()
        """Seat-games by (bot, share of the win, points)."""
        self._waiting: dict[int, GameResult] = {}
        self._next = 0

    def add(self, result: GameResult) -> None:
        """Count a finished game; rate it (and the games waiting for it) once every game before it is rated."""
        self.games += 1
        self.lower_is_better = result.lower_is_better
        self._seats.update((name, result.payoff(seat), result.points[seat]) for seat, name in enumerate(result.seating))
        self._waiting[result.number] = result
        while self._next in self._waiting:
            self._rate(self._waiting.pop(self._next))
            self._next += 1

    def _rate(self, result: GameResult) -> None:
        self._ratings.record(result.seating, result.ranks())

    def rows(self) -> list[dict[str, Any]]:
        """Per bot: seat-games, wins, win share with interval, mean points, rating; best rating first.

        Games still waiting for an earlier game that was never finished (a run cut short) are
        rated now, in order.
        """
        for number in sorted(self._waiting):
            self._rate(self._waiting.pop(number))
        wins_of = {name: FigureStats() for name in self.bots}
        points_of = {name: FigureStats() for name in self.bots}
        for (name, payoff, score), times in self._seats.items():
            wins_of[name].add(payoff, times)
            points_of[name].add(float(score), times)
        rows = []
        for name in self.bots:
            wins = wins_of[name]
            share = wilson_interval(wins.total, wins.count)
            spread = points_of[name].interval(shares=False)
            rating = self._ratings.of(name)
            rows.append(
                {
                    "bot": name,
                    "games": wins.count,
                    "wins": wins.total,
                    "win_share": share.estimate,
                    "win_low": share.low,
                    "win_high": share.high,
                    "mean_points": spread.estimate,
                    "points_low": spread.low,
                    "points_high": spread.high,
                    "mu": rating.mu,
                    "sigma": rating.sigma,
                    "ordinal": rating.ordinal,
                }
            )
        return sorted(rows, key=lambda row: (-row["ordinal"], row["bot"]))


def standings(results: Iterable[GameResult], bots: Sequence[str]) -> list[dict[str, Any]]:
    """The standings (:meth:`Standings.rows`) of finished games in any order, e.g. of a run cut short."""
    table = Standings(bots)
    for result in results:
        table.add(result)
    return table.rows()


def _play_all(todo: Iterator[Task], table: Standings, planned: int, workers: int, progress: Progress | None) -> bool:
    """Play ``todo`` into ``table``; whether Ctrl-C cut the run short (workers stopped at once).

    Raises:
        WorkerLost: a worker process died (killed, out of memory); the tournament cannot be completed.
    """
    try:
        if progress:
            progress(0, planned)
        with contextlib.closing(play_locally(workers, play_task, todo)) as finished:
            for result in finished:
                with held_signals():  # a game is counted whole, or not at all
                    table.add(result)
                if progress:
                    progress(table.games, planned)
    except KeyboardInterrupt:
        return True
    except WorkerLost as lost:
        status = lost.params.get("status")
        raise WorkerLost(
            f"a worker process died (exit status {status}, e.g. killed or out of memory) after {table.games}"
            f" of {planned} games; the tournament stopped: run it again (the same seed plays the same games)",
            key="error.tournament_worker_lost",
            params={"status": status, "games": table.games, "requested": planned},
        ) from None
    return False


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
        progress: called as ``progress(games_done, games)`` once before the first game and after each game.

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
    planned = planned_games(bots, games)
    table = Standings(bots)
    started = time.perf_counter()
    interrupted = _play_all(tasks(game, bots, games, seed), table, planned, workers, progress)
    if not table.games and interrupted:
        raise KeyboardInterrupt
    elapsed = time.perf_counter() - started
    report: dict[str, Any] = {
        "format": REPORT_FORMAT,
        "game": game.id,
        "options": game.option_dict(),
        "players": len(bots),
        "bots": list(bots),
        "arrangements": len(arrangements(bots)),
        "games": table.games,
        "seed": seed,
        "workers": workers,
        "python": platform.python_version(),
        "elapsed_seconds": elapsed,
        "lower_is_better": table.lower_is_better,
        "standings": table.rows(),
    }
    if interrupted:
        report["interrupted"] = {"requested": planned}
    return report

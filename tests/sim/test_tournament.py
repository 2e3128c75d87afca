"""Tournaments: the seat arrangements, paired deals, standings and the OpenSkill ratings."""

from __future__ import annotations

import math
import multiprocessing
import time

import pytest

from busbahnhof.engine import GameError, load_game
from busbahnhof.sim.backends import WorkerLost
from busbahnhof.sim.rating import Ratings
from busbahnhof.sim.runner import play_game
from busbahnhof.sim.tournament import GameResult, arrangements, play_task, standings, tasks, tournament
from support.workers import KillOneWorker


def test_arrangements_are_the_distinct_seatings() -> None:
    assert len(arrangements(["a", "b", "c", "d"])) == 24
    assert arrangements(["a", "b", "b", "b"]) == [("a", "b", "b", "b"), ("b", "a", "b", "b"),
                                                   ("b", "b", "a", "b"), ("b", "b", "b", "a")]  # fmt: skip
    assert len(arrangements(["a", "a", "b", "b"])) == 6
    assert arrangements(["x", "x"]) == [("x", "x")]


def test_every_arrangement_plays_every_deal_once() -> None:
    game = load_game("busfahrer")
    todo = list(tasks(game, ["random", "kartenzaehler", "kartenzaehler"], 7, seed=3))
    assert len(todo) == 9  # 7 games rounded up to whole deals of 3 arrangements
    assert sorted((task.deal, task.seating) for task in todo) == [
        (deal, seating) for deal in range(3) for seating in arrangements(["random", "kartenzaehler", "kartenzaehler"])
    ]
    assert [task.number for task in todo] == list(range(9))


def test_a_deal_is_dealt_alike_in_every_arrangement() -> None:
    game = load_game("busfahrer")
    first, second = (task for task in tasks(game, ["random", "kartenzaehler"], 2, seed=5) if task.deal == 0)
    assert first.seating != second.seating and (first.seed, first.deal) == (second.seed, second.deal)
    for task in (first, second):
        played = play_game(game, 2, task.seating, 5, 0).outcome()
        result = play_task(task)
        assert (result.points, result.winners) == (played.points, played.winners)


def test_tasks_are_made_as_they_are_asked_for() -> None:
    """A million games start at once: the first task comes before the second is made."""
    game = load_game("busfahrer")
    todo = tasks(game, ["random", "kartenzaehler", "kartenzaehler", "kartenzaehler"], 10**12, seed=3)
    first, second = next(todo), next(todo)
    assert (first.deal, first.number, second.deal, second.number) == (0, 0, 0, 1)


def test_the_same_seed_plays_the_same_tournament() -> None:
    """The figures of a small run, fixed: the games a seed plays (and their ratings) never change
    unnoticed, as when the tasks became a lazy stream and the standings running figures."""
    report = tournament("busfahrer", ["kartenzaehler", "random", "random"], 9, seed=4, workers=2)
    rows = {row["bot"]: row for row in report["standings"]}
    assert [row["bot"] for row in report["standings"]] == ["random", "kartenzaehler"]
    assert (rows["kartenzaehler"]["games"], rows["kartenzaehler"]["wins"]) == (9, 3.0)
    assert (rows["random"]["games"], rows["random"]["wins"]) == (18, 6.0)
    assert rows["random"]["mean_points"] == pytest.approx(190 / 18, abs=1e-12)
    assert rows["kartenzaehler"]["mean_points"] == pytest.approx(152 / 9, abs=1e-12)
    assert rows["random"]["mu"] == pytest.approx(26.571396085591758, abs=1e-9)
    assert rows["kartenzaehler"]["sigma"] == pytest.approx(6.744367447203331, abs=1e-9)


def test_standings_are_the_same_in_any_order_of_finishing() -> None:
    """Running standings (games rated in order once the earlier ones are in) equal figures
    computed from the whole list: shares and means from every value, ratings game by game."""
    game = load_game("busfahrer")
    bots = ["kartenzaehler", "random", "random"]
    results = [play_task(task) for task in tasks(game, bots, 9, seed=4)]
    shuffled = results[3:] + results[:3][::-1]
    assert standings(shuffled, bots) == standings(results, bots)
    ratings = Ratings(["kartenzaehler", "random"])
    for result in results:
        ratings.record(result.seating, result.ranks())
    for row in standings(shuffled, bots):
        seats = [(result, seat) for result in results for seat, bot in enumerate(result.seating) if bot == row["bot"]]
        points = [result.points[seat] for result, seat in seats]
        assert row["games"] == len(seats)
        assert row["wins"] == math.fsum(result.payoff(seat) for result, seat in seats)
        assert row["mean_points"] == math.fsum(points) / len(points)
        assert (row["mu"], row["sigma"]) == (ratings.of(row["bot"]).mu, ratings.of(row["bot"]).sigma)


def test_ranks_put_winners_first_then_points() -> None:
    higher = GameResult(0, ("a", "b", "c", "d"), (5, 9, 9, 2), (1, 2), lower_is_better=False)
    assert higher.ranks() == [1, 0, 0, 2]
    assert higher.payoff(1) == 0.5 and higher.payoff(0) == 0.0
    penalty = GameResult(0, ("a", "b", "c"), (3, 1, 7), (1,), lower_is_better=True)
    assert penalty.ranks() == [1, 0, 2]


def test_ratings_move_the_winner_up_and_the_loser_down() -> None:
    ratings = Ratings(["a", "b"])
    for _ in range(20):
        ratings.record(["a", "b"], [0, 1])
    assert ratings.of("a").mu > 25 > ratings.of("b").mu
    assert ratings.of("a").sigma < 25 / 3
    assert ratings.of("a").ordinal == pytest.approx(ratings.of("a").mu - 3 * ratings.of("a").sigma)


def test_copies_of_one_bot_that_tie_among_themselves_do_not_move() -> None:
    ratings = Ratings(["a"])
    ratings.record(["a", "a", "a"], [0, 0, 0])
    assert ratings.of("a").mu == pytest.approx(25.0)


def test_tournament_standings_add_up() -> None:
    report = tournament("busfahrer", ["kartenzaehler", "random", "random"], 6, seed=2)
    assert report["arrangements"] == 3 and report["games"] == 6
    rows = {row["bot"]: row for row in report["standings"]}
    assert rows["kartenzaehler"]["games"] == 6 and rows["random"]["games"] == 12
    assert math.isclose(sum(row["wins"] for row in rows.values()), 6)
    for row in rows.values():
        assert row["win_low"] <= row["win_share"] <= row["win_high"]
        assert row["ordinal"] == pytest.approx(row["mu"] - 3 * row["sigma"])
    assert report["standings"] == sorted(report["standings"], key=lambda row: -row["ordinal"])


def test_tournament_does_not_depend_on_the_workers() -> None:
    one = tournament("busfahrer", ["kartenzaehler", "random"], 4, seed=8)
    two = tournament("busfahrer", ["kartenzaehler", "random"], 4, seed=8, workers=2)
    assert one["standings"] == two["standings"]


def test_bad_tournaments_are_refused() -> None:
    with pytest.raises(GameError):
        tournament("busfahrer", ["kartenzaehler", "nobody"], 4)
    with pytest.raises(GameError):
        tournament("busfahrer", ["random", "random"], 0)
    with pytest.raises(GameError):
        tournament("busfahrer", ["random"], 2)


def test_ctrl_c_keeps_the_games_finished() -> None:
    """Ctrl-C (here raised by the progress callback after the third game) reports what was played."""

    def interrupt(done: int, total: int) -> None:
        if done == 3:
            raise KeyboardInterrupt

    report = tournament("busfahrer", ["kartenzaehler", "random"], 8, seed=1, progress=interrupt)
    assert report["games"] == 3 and report["interrupted"] == {"requested": 8}
    assert sum(row["games"] for row in report["standings"]) == 6


def test_a_worker_killed_mid_tournament_is_an_error_not_a_hang() -> None:
    """SIGKILL to a worker (as the kernel's out-of-memory killer sends it) stops the tournament with
    an error naming the exit status (``multiprocessing.Pool`` could deadlock in ``terminate()`` here)."""
    kill_a_worker = KillOneWorker()

    started = time.monotonic()
    with pytest.raises(WorkerLost, match="exit status -9") as caught:
        tournament("busfahrer", ["random", "random"], 100_000, seed=3, workers=2, progress=kill_a_worker)
    assert caught.value.key == "error.tournament_worker_lost" and kill_a_worker.killed
    assert caught.value.params["games"] >= 1 and caught.value.params["requested"] == 100_000
    assert time.monotonic() - started < 120
    assert not multiprocessing.active_children(), "no worker is left behind"

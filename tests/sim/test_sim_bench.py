"""The benchmark: a sample per fresh process, medians, the machine; the worker's measurements."""

from __future__ import annotations

import statistics

import pytest

from busbahnhof.bots.ismcts import FAST_ITERATIONS
from busbahnhof.engine import InvalidOptionError, load_game
from busbahnhof.engine.contract import random_playout
from busbahnhof.sim import run_bench
from busbahnhof.sim.bench_worker import (
    measure,
    measure_fast_playouts,
    measure_playouts,
    measure_search,
    mid_game,
    real_decision,
)

FIGURES = ("games_per_second", "decisions_per_second", "fast_games_per_second", "clones_per_second")


def test_measure_counts_games_decisions_and_clones() -> None:
    sample = measure(load_game("busfahrer"), 4, seed=1, seconds=0.05)
    assert sample["games"] >= 1 and sample["decisions"] > 20 * sample["games"]
    assert sample["playout_seconds"] >= 0.05 and sample["clone_seconds"] >= 0.05
    assert sample["games_per_second"] == sample["games"] / sample["playout_seconds"]
    assert sample["decisions_per_second"] == sample["decisions"] / sample["playout_seconds"]
    assert sample["clones_per_second"] == sample["clones"] / sample["clone_seconds"]
    assert sample["fast_games"] >= 1 and sample["fast_playout_seconds"] >= 0.05
    assert sample["fast_games_per_second"] == sample["fast_games"] / sample["fast_playout_seconds"]


def test_fast_playouts_play_the_benchmarks_games() -> None:
    game = load_game("bus")
    fast = measure_fast_playouts(game, 4, seed=3, seconds=0.0)
    checked, _finished = measure_playouts(game, 4, seed=3, seconds=0.0)
    assert fast["fast_games"] == checked["games"] == 1 and fast["fast_decisions"] == checked["decisions"]


def test_mid_game_is_the_game_halfway() -> None:
    game = load_game("busfahrer")
    finished = game.new_state(3, 4)
    while not finished.is_over:
        finished.apply(finished.legal_actions()[-1])
    middle = mid_game(finished)
    assert not middle.is_over
    assert middle.history == finished.history[: len(finished.history) // 2]


def test_run_bench_reports_medians_of_fresh_processes() -> None:
    progress: list[int] = []
    report = run_bench(load_game("busfahrer", pyramid="5-4-3-2-1"), 3, repeats=3, seconds=0.02,
                       progress=lambda done, _total: progress.append(done))  # fmt: skip
    assert progress == [1, 2, 3]
    assert report["options"]["pyramid"] == "5-4-3-2-1" and report["players"] == 3
    assert len(report["samples"]) == 3
    for name in FIGURES:
        assert report["median"][name] == statistics.median(sample[name] for sample in report["samples"])
        assert report["median"][name] > 0
    assert report["machine"]["python"].count(".") == 2 and report["machine"]["cpus"] >= 1


@pytest.mark.parametrize(("players", "repeats", "seconds"), [(9, 1, 0.1), (4, 0, 0.1), (4, 1, 0.0)])
def test_unplayable_settings_are_refused_before_any_process(players: int, repeats: int, seconds: float) -> None:
    with pytest.raises(InvalidOptionError):
        run_bench(load_game("busfahrer"), players, repeats, seconds)


def test_search_speed_counts_the_bots_iterations() -> None:
    game = load_game("busfahrer")
    finished = [random_playout(game, 4, seed) for seed in range(3)]
    sample = measure_search([mid_game(state) for state in finished], "ismcts-fast", seed=2, seconds=0.05)
    assert sample["searches"] >= 1 and sample["sims"] == sample["searches"] * FAST_ITERATIONS
    assert sample["search_seconds"] >= 0.05
    assert sample["sims_per_second"] == sample["sims"] / sample["search_seconds"]


def test_run_bench_with_a_bot_reports_its_median_sims() -> None:
    report = run_bench(load_game("busfahrer"), 4, repeats=1, seconds=0.02, bot="ismcts-fast")
    assert report["bot"] == "ismcts-fast" and report["median"]["sims_per_second"] > 0
    assert report["median"]["sims_per_second"] == report["samples"][0]["sims_per_second"]


@pytest.mark.parametrize("bot", ["random", "kartenzaehler"])
def test_a_bot_without_counted_iterations_is_refused_before_any_process(bot: str) -> None:
    with pytest.raises(InvalidOptionError) as caught:
        run_bench(load_game("busfahrer"), 4, repeats=1, seconds=0.02, bot=bot)
    assert caught.value.key == "error.bench_bot"


def test_real_decision_skips_forced_steps() -> None:
    game = load_game("busfahrer")
    state = mid_game(random_playout(game, 4, 5))
    decision = real_decision(state)
    assert decision is None or len(decision.legal_actions()) > 1

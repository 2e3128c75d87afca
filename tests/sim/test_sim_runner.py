"""``busbahnhof.sim.simulate``: the report's shape, seeding, worker-count independence, errors."""

from __future__ import annotations

import json
from typing import Any

import pytest

from busbahnhof.bots import bot_names
from busbahnhof.engine import Game, GameError, InvalidOptionError, derive_seed, game_ids, load_game
from busbahnhof.sim import REPORT_FORMAT, play_game, simulate

SETTINGS = {"format", "game", "options", "players", "bots", "games", "seed", "workers", "backend", "python"}
TIMING = {"elapsed_seconds", "games_per_second"}


def loadable(game_id: str) -> tuple[Game[Any, Any], list[str]]:
    """The game and its bots; the full-budget ``ismcts`` is left to its own tests (same code as ``ismcts-fast``)."""
    game = load_game(game_id)
    return game, [name for name in bot_names(game) if name != "ismcts"]


def leaves(node: Any) -> list[dict[str, float]]:
    if isinstance(node, dict) and set(node) == {"mean", "median", "total", "min", "max"}:
        return [node]
    children = node.values() if isinstance(node, dict) else node
    return [leaf for child in children for leaf in leaves(child)]


def test_report_shape_and_settings() -> None:
    game = load_game("busfahrer", pyramid="5-4-3-2-1")
    report = simulate(game, 3, ["kartenzaehler", "random", "random"], 20, seed=5)
    assert set(report) == SETTINGS | TIMING | {"summary", "intervals"}
    assert report["format"] == REPORT_FORMAT
    assert report["options"]["pyramid"] == "5-4-3-2-1"
    assert (report["players"], report["bots"], report["games"], report["seed"]) == (
        3,
        ["kartenzaehler", "random", "random"],
        20,
        5,
    )
    assert report["elapsed_seconds"] > 0 and report["games_per_second"] > 0
    json.dumps(report)
    seats = report["summary"]["seats"]
    assert len(seats) == 3
    for leaf in leaves(report["summary"]):
        assert leaf["min"] <= leaf["median"] <= leaf["max"] and leaf["min"] <= leaf["mean"] <= leaf["max"]
        assert leaf["total"] == pytest.approx(leaf["mean"] * 20)
    assert report["summary"]["questions"]["q1"]["asked"]["total"] == 60


def test_figures_do_not_depend_on_the_number_of_workers() -> None:
    runs = [simulate("busfahrer", 4, ["kartenzaehler", "random"] * 2, 90, seed=17, workers=w) for w in (1, 2, 3)]
    assert runs[0]["summary"] == runs[1]["summary"] == runs[2]["summary"]
    assert [run["workers"] for run in runs] == [1, 2, 3]


def test_game_i_is_the_game_of_its_derived_seed() -> None:
    game = load_game("busfahrer")
    state = play_game(game, 4, ["random"] * 4, seed=3, index=7)
    assert state.is_over and state.seed == derive_seed(3, 7)
    single = simulate(game, 4, ["random"] * 4, 1, seed=3)
    first = play_game(game, 4, ["random"] * 4, seed=3, index=0)
    assert single["summary"]["outcome"]["decisions"]["total"] == len(first.history)
    other_seed = simulate(game, 4, ["random"] * 4, 30, seed=4)["summary"]
    assert other_seed != simulate(game, 4, ["random"] * 4, 30, seed=3)["summary"]


def test_progress_reports_every_chunk_up_to_the_total() -> None:
    seen: list[tuple[int, int]] = []
    simulate("busfahrer", 2, ["random", "random"], 50, seed=1, workers=1, progress=lambda d, t: seen.append((d, t)))
    assert seen[-1] == (50, 50)
    assert [d for d, _ in seen] == sorted(d for d, _ in seen) and all(t == 50 for _, t in seen)


@pytest.mark.parametrize(
    ("players", "bots", "games", "workers", "fragment"),
    [
        (4, ["random"] * 3, 10, 1, "4 seats need 4 bots"),
        (4, ["random"] * 4, 0, 1, "at least 1 game"),
        (4, ["random"] * 4, 10, 0, "--workers 0: choose 1 to"),
        (4, ["random"] * 4, 10, 10**6, "--workers 1000000: choose 1 to"),
        (9, ["random"] * 9, 10, 1, "2 to 8 players"),
    ],
)
def test_bad_settings_are_refused(players: int, bots: list[str], games: int, workers: int, fragment: str) -> None:
    with pytest.raises(InvalidOptionError, match=fragment):
        simulate("busfahrer", players, bots, games, seed=0, workers=workers)


def test_an_unknown_bot_is_refused() -> None:
    with pytest.raises(GameError, match="no bot 'genius'"):
        simulate("busfahrer", 2, ["random", "genius"], 10, seed=0)


@pytest.mark.parametrize("game_id", game_ids())
def test_every_game_simulates_with_its_bots(game_id: str) -> None:
    game, names = loadable(game_id)
    players = game.min_players
    bots = [names[seat % len(names)] for seat in range(players)]
    report = simulate(game, players, bots, 4, seed=1)
    seats = report["summary"]["seats"]
    assert len(seats) == players
    assert sum(seat["payoff"]["total"] for seat in seats) == pytest.approx(4)
    assert report["summary"]["outcome"]["decisions"]["min"] >= 1


def test_tasks_cover_exactly_the_games_a_resumed_run_lacks() -> None:
    from busbahnhof.sim.results import GameRow, Setting
    from busbahnhof.sim.runner import Tally

    tally = Tally([Setting("a"), Setting("b")], 30)
    done = {("a", i) for i in range(0, 12)} | {("b", i) for i in range(0, 10)} | {("a", 20), ("b", 25)}
    for label, index in sorted(done):
        tally.add(GameRow(label, index, 0, (), {("x",): float(index)}))
    tasks = list(tally.tasks(8))
    played = [(label, index) for task in tasks for index in range(task.start, task.stop) for label in
              [("a", "b")[number] for number in task.settings]]  # fmt: skip
    assert sorted(played) == sorted({(label, i) for label in "ab" for i in range(30)} - done)
    assert all(task.size <= 8 for task in tasks)
    assert tally.finished_ranges() == [[0, 10]]
    assert tally.differences[0].count == 10

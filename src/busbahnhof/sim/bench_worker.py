"""One benchmark sample, measured in a fresh process: ``python -m busbahnhof.sim.bench_worker``.

Prints one JSON object: random-playout games and decisions per second (the loop of
``engine.contract.random_playout``: apply a uniformly chosen legal action until the game is
over) and clones per second of states taken from the middle of such games.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

from ..engine import Game, State, derive_seed, load_game
from ..engine.contract import random_playout

MID_GAME_STATES = 16
CLONE_BATCH = 64


def measure_playouts(
    game: Game[Any, Any], players: int, seed: int, seconds: float
) -> tuple[dict[str, float], list[State[Any]]]:
    """Random playouts for at least ``seconds`` (at least one game).

    Returns:
        The figures, and up to ``MID_GAME_STATES`` of the finished games.
    """
    finished: list[State[Any]] = []
    games = decisions = 0
    started = time.perf_counter()
    while True:
        state = random_playout(game, players, derive_seed(seed, games))
        games += 1
        decisions += len(state.history)
        if len(finished) < MID_GAME_STATES:
            finished.append(state)
        elapsed = time.perf_counter() - started
        if elapsed >= seconds:
            break
    figures = {
        "games": games,
        "decisions": decisions,
        "playout_seconds": elapsed,
        "games_per_second": games / elapsed,
        "decisions_per_second": decisions / elapsed,
    }
    return figures, finished


def mid_game(state: State[Any]) -> State[Any]:
    """A fresh replay of ``state``'s game stopped halfway through its decisions."""
    middle: State[Any] = state.game.new_state(state.players, state.seed)
    for action in state.history[: len(state.history) // 2]:
        middle.apply(action)
    return middle


def measure_clones(states: list[State[Any]], seconds: float) -> dict[str, float]:
    """Clone the given states round-robin for at least ``seconds``."""
    clones = 0
    started = time.perf_counter()
    while True:
        for _ in range(CLONE_BATCH):
            states[clones % len(states)].clone()
            clones += 1
        elapsed = time.perf_counter() - started
        if elapsed >= seconds:
            return {"clones": clones, "clone_seconds": elapsed, "clones_per_second": clones / elapsed}


def measure(game: Game[Any, Any], players: int, seed: int, seconds: float) -> dict[str, float]:
    """One whole sample: playouts for ``seconds``, then clones of mid-game states for ``seconds``."""
    playouts, finished = measure_playouts(game, players, seed, seconds)
    clones = measure_clones([mid_game(state) for state in finished], seconds)
    return {**playouts, **clones}


def main(argv: list[str] | None = None) -> None:
    """Parse the arguments the parent passes, measure, print the sample as JSON."""
    parser = argparse.ArgumentParser(prog="python -m busbahnhof.sim.bench_worker", description=__doc__)
    parser.add_argument("game")
    parser.add_argument("--players", type=int, required=True)
    parser.add_argument("--seconds", type=float, required=True)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--options", default="{}", help="rule options as a JSON object; - reads it from stdin")
    args = parser.parse_args(argv)
    options = sys.stdin.read() if args.options == "-" else args.options
    game = load_game(args.game, **json.loads(options))
    print(json.dumps(measure(game, args.players, args.seed, args.seconds)))


if __name__ == "__main__":
    main()

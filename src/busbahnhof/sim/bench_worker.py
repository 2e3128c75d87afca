"""One benchmark sample, measured in a fresh process: ``python -m busbahnhof.sim.bench_worker``.

Prints one JSON object: random-playout games and decisions per second (the loop of
``engine.contract.random_playout``: apply a uniformly chosen legal action until the game is
over), the same games on the trusted fast path of search (``silence``, ``random_action``,
``apply_trusted``), clones per second of states taken from the middle of such games; with ``--bot`` also
the bot's search simulations (iterations) per second at decisions taken from the middle of games.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any, cast

from ..bots import make_bot
from ..engine import Bot, Game, InvalidOptionError, Rng, State, derive_seed, load_game
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


def measure_fast_playouts(game: Game[Any, Any], players: int, seed: int, seconds: float) -> dict[str, float]:
    """The games of :func:`measure_playouts` (same seeds, same choices) on the trusted fast path of
    search: silenced states, ``apply_trusted(random_action(chooser))``, for at least ``seconds``."""
    games = decisions = 0
    started = time.perf_counter()
    while True:
        game_seed = derive_seed(seed, games)
        state = game.new_state(players, game_seed)
        state.silence()
        chooser = Rng(game_seed ^ 0x5EED)  # as engine.contract.random_playout
        while not state.is_over:
            state.apply_trusted(state.random_action(chooser))
        games += 1
        decisions += len(state.history)
        elapsed = time.perf_counter() - started
        if elapsed >= seconds:
            return {
                "fast_games": games,
                "fast_decisions": decisions,
                "fast_playout_seconds": elapsed,
                "fast_games_per_second": games / elapsed,
            }


def mid_game(state: State[Any]) -> State[Any]:
    """A fresh replay of ``state``'s game stopped halfway through its decisions."""
    middle: State[Any] = state.game.new_state(state.players, state.seed)
    for action in state.history[: len(state.history) // 2]:
        middle.apply(action)
    return middle


def real_decision(state: State[Any]) -> State[Any] | None:
    """``state`` played on (always the first legal action) to its next decision with a choice, or ``None``."""
    while not state.is_over:
        if len(state.legal_actions()) > 1:
            return state
        state.apply(state.legal_actions()[0])
    return None


def check_search_bot(bot: Bot, name: str) -> int:
    """The bot's fixed number of search iterations per decision (what a simulation counts).

    Raises:
        GameError: the bot does not search with a fixed number of iterations (e.g. ``random``).
    """
    iterations = getattr(bot, "iterations", None)
    timed = getattr(bot, "seconds", None) is not None  # a time budget stops after an unknown count
    if timed or not isinstance(iterations, int) or isinstance(iterations, bool):
        raise InvalidOptionError(
            f"bot {name!r} has no fixed number of search iterations to count; use e.g. ismcts",
            key="error.bench_bot",
            params={"bot": name},
        )
    return iterations


def measure_search(states: list[State[Any]], bot_name: str, seed: int, seconds: float) -> dict[str, float]:
    """The bot decides at the given states round-robin for at least ``seconds``.

    A simulation is one iteration of the bot's search (one sampled world played to its end),
    so the bot must have a fixed number of ``iterations`` per decision (``ismcts``, ``ismcts-fast``).
    """
    decisions = [decision for decision in map(real_decision, states) if decision is not None]
    if not decisions:
        raise ValueError("no game of the sample has a decision with a choice to search")
    bot = make_bot(decisions[0].game, bot_name)
    iterations = check_search_bot(bot, bot_name)
    searches = 0
    started = time.perf_counter()
    while True:
        state = decisions[searches % len(decisions)]
        bot.choose(state, cast(int, state.to_move), Rng(derive_seed(seed, searches)))
        searches += 1
        elapsed = time.perf_counter() - started
        if elapsed >= seconds:
            sims = searches * iterations
            return {"searches": searches, "sims": sims, "search_seconds": elapsed, "sims_per_second": sims / elapsed}


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


def measure(game: Game[Any, Any], players: int, seed: int, seconds: float, bot: str | None = None) -> dict[str, float]:
    """One whole sample: playouts for ``seconds``, the same playouts on the fast path for
    ``seconds``, clones of mid-game states for ``seconds``, then (with ``bot``) the bot's
    searches at mid-game decisions for ``seconds``."""
    playouts, finished = measure_playouts(game, players, seed, seconds)
    fast = measure_fast_playouts(game, players, seed, seconds)
    clones = measure_clones([mid_game(state) for state in finished], seconds)
    if bot is None:
        return {**playouts, **fast, **clones}
    search = measure_search([mid_game(state) for state in finished], bot, seed, seconds)
    return {**playouts, **fast, **clones, **search}


def main(argv: list[str] | None = None) -> None:
    """Parse the arguments the parent passes, measure, print the sample as JSON."""
    parser = argparse.ArgumentParser(prog="python -m busbahnhof.sim.bench_worker", description=__doc__)
    parser.add_argument("game")
    parser.add_argument("--players", type=int, required=True)
    parser.add_argument("--seconds", type=float, required=True)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--options", default="{}", help="rule options as a JSON object; - reads it from stdin")
    parser.add_argument("--bot", default=None, help="also measure this bot's search simulations per second")
    args = parser.parse_args(argv)
    options = sys.stdin.read() if args.options == "-" else args.options
    game = load_game(args.game, **json.loads(options))
    print(json.dumps(measure(game, args.players, args.seed, args.seconds, args.bot)))


if __name__ == "__main__":
    main()

"""Environment steps per second against the raw engine: ``python -m busbahnhof.interop.bench``.

Every loop plays the same number of whole games with uniformly random legal actions, in several
rounds, and counts decisions per second of its best round:

* ``engine``: ``state.apply(rng.choice(state.legal_actions()))``, the engine alone;
* ``pettingzoo``: the AEC loop of a masked random agent that reads the legal indices from the
  info (``last(observe=False)``) and never asks for an observation;
* ``gymnasium``: ``step`` of the single-agent environment with random bots on the other seats
  (the bots' decisions count as steps too, they are engine decisions the loop pays for), with
  the observation it must return; the agent reads the legal indices from the info;
* ``gymnasium+masks``: the same with an agent that asks ``action_masks()`` every step and picks
  among the mask's true entries;
* ``pettingzoo+obs``: the AEC loop that also encodes the acting seat's observation every step.

Decisions per second are those of each loop's best round; the overhead of a loop is the median
over the rounds of its time per decision over the engine's in the same round, minus 1.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from ..engine import load_game

DEFAULT_PLAYERS = 4
GAMES_PER_ROUND = {"busfahrer": 100, "bus": 10, "busfaktor": 14}
"""About a thirtieth of a second of engine play per round on a quiet machine: short rounds, many
of them, taking turns, so that every loop meets quiet moments of a shared machine alike."""
DEFAULT_ROUNDS = 15


Loop = Callable[[int], int]
"""Plays game number N with random legal actions and returns its decisions."""


def measure_rounds(loops: dict[str, Loop], games: int, rounds: int) -> dict[str, list[float]]:
    """Seconds per decision of each loop in each round of ``games`` games, the loops taking turns
    round by round (in reverse order every other round, so that neither goes first always).  CPU
    time of this process, not wall time: on a shared machine the wall clock also counts the time
    other processes hold the cores."""
    times: dict[str, list[float]] = {name: [] for name in loops}
    order = list(loops)
    for number in range(rounds):
        for name in order if number % 2 == 0 else reversed(order):
            start = time.process_time()
            decisions = sum(loops[name](game) for game in range(games))
            times[name].append((time.process_time() - start) / decisions)
    return times


def overhead(times: list[float], engine: list[float]) -> float:
    """The median over the rounds of a loop's time per decision over the engine's in the same
    round, minus 1: a round's two loops ran moments apart, under about the same load."""
    return statistics.median(loop / bare for loop, bare in zip(times, engine, strict=True)) - 1


def engine_loop(game_id: str, players: int) -> Loop:
    """The bare engine with random legal actions."""
    game = load_game(game_id)
    rng = random.Random(0)

    def play(number: int) -> int:
        state = game.new_state(players, number)
        steps = 0
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
            steps += 1
        return steps

    return play


def pettingzoo_loop(game_id: str, players: int, observe: bool) -> Loop:
    """The AEC environment with a masked random agent (asking for observations or not)."""
    from .pettingzoo import env

    aec = env(game_id, players=players)
    rng = random.Random(0)

    def play(number: int) -> int:
        aec.reset(seed=number)
        steps = 0
        while True:
            agent = aec.agent_selection
            if aec.terminations[agent]:
                return steps
            if observe:
                aec.observe(agent)
            aec.step(rng.choice(aec.infos[agent]["legal_actions"]))
            steps += 1

    return play


def gymnasium_loop(game_id: str, players: int, masks: bool) -> Loop:
    """The Gymnasium environment, random bots on the other seats (their decisions count too); the
    random agent reads the legal indices from the info, or (``masks``) from ``action_masks()``."""
    from .gymnasium import BusbahnhofGymEnv

    gym = BusbahnhofGymEnv(game_id, players=players, opponents="random")
    rng = random.Random(0)

    def play(number: int) -> int:
        # seeded once per round, as a training loop seeds its environment once (Gymnasium's
        # advice): a seeded reset makes a new numpy generator, which costs as much as a few decisions
        info = (gym.reset(seed=number) if number == 0 else gym.reset())[1]
        done = False
        while not done:
            legal = np.flatnonzero(gym.action_masks()).tolist() if masks else info["legal_actions"]
            _, _, done, _, info = gym.step(rng.choice(legal))
        state = gym.state
        return len(state.history) if state is not None else 0

    return play


def measure(
    game_id: str, players: int = DEFAULT_PLAYERS, games: int | None = None, rounds: int = DEFAULT_ROUNDS
) -> dict[str, Any]:
    """Decisions per second of every loop (its best round) and the overhead of each environment
    over the engine (the median of the rounds), with the machine's load average (1 minute)
    before and after."""
    games = games or GAMES_PER_ROUND.get(game_id, 10)
    load_before = os.getloadavg()[0]
    loops = {
        "engine": engine_loop(game_id, players),
        "pettingzoo": pettingzoo_loop(game_id, players, observe=False),
        "gymnasium": gymnasium_loop(game_id, players, masks=False),
        "gymnasium+masks": gymnasium_loop(game_id, players, masks=True),
        "pettingzoo+obs": pettingzoo_loop(game_id, players, observe=True),
    }
    times = measure_rounds(loops, games, rounds)
    return {
        "game": game_id,
        "players": players,
        "games_per_round": games,
        "rounds": rounds,
        "load_average": [round(load_before, 1), round(os.getloadavg()[0], 1)],
        "decisions_per_second": {name: round(1 / min(seconds)) for name, seconds in times.items()},
        "overhead": {
            name: round(overhead(seconds, times["engine"]), 3) for name, seconds in times.items() if name != "engine"
        },
    }


def main(argv: list[str] | None = None) -> None:
    """Print the figures of every game (or the named ones) as JSON lines."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=["busfahrer", "bus", "busfaktor"])
    parser.add_argument("--players", type=int, default=DEFAULT_PLAYERS)
    parser.add_argument("--games", type=int, default=None, dest="count", help="games per round")
    parser.add_argument(
        "--rounds",
        type=int,
        default=DEFAULT_ROUNDS,
        help="rounds per loop (the best gives the rate, the median the overhead)",
    )
    args = parser.parse_args(argv)
    for game_id in args.games:
        print(json.dumps(measure(game_id, args.players, args.count, args.rounds)), flush=True)


if __name__ == "__main__":
    main()

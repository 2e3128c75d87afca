"""The benchmark: repeated whole-process samples of raw engine speed (and, with a bot, its search
speed), and their medians.

Every repeat starts a fresh interpreter (``python -m busbahnhof.sim.bench_worker``), so each
sample includes no warm caches from the previous one; the report gives the median of each
figure, every sample, and the Python and machine it ran on.
"""

from __future__ import annotations

import json
import os
import platform
import statistics
import subprocess
import sys
from collections.abc import Callable
from typing import Any

from ..bots import make_bot
from ..engine import Game, InvalidOptionError, derive_seed
from .bench_worker import check_search_bot

BENCH_FORMAT = "busbahnhof-bench/1"
MEDIAN_FIGURES = ("games_per_second", "decisions_per_second", "fast_games_per_second", "clones_per_second")
SEARCH_FIGURES = ("sims_per_second",)


def machine() -> dict[str, Any]:
    """The interpreter and machine a benchmark ran on."""
    return {
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "platform": platform.platform(),
        "machine": platform.machine(),
        "processor": platform.processor(),
        "cpus": os.cpu_count(),
    }


def bench_sample(
    game: Game[Any, Any], players: int, seconds: float, seed: int, bot: str | None = None
) -> dict[str, float]:
    """One sample measured in a fresh Python process (with ``bot``: also its search speed)."""
    command = [
        sys.executable, "-m", "busbahnhof.sim.bench_worker", game.id,
        "--players", str(players), "--seconds", str(seconds), "--seed", str(seed),
        "--options", "-", *(["--bot", bot] if bot else []),
    ]  # fmt: skip
    # the options go through stdin: an embedded deck or board may be longer than one argument may be
    done = subprocess.run(command, input=json.dumps(game.option_dict()), capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"benchmark worker failed ({done.returncode}): {done.stderr.strip()}")
    sample: dict[str, float] = json.loads(done.stdout)
    return sample


def run_bench(
    game: Game[Any, Any],
    players: int,
    repeats: int = 5,
    seconds: float = 1.0,
    seed: int = 0,
    progress: Callable[[int, int], None] | None = None,
    bot: str | None = None,
) -> dict[str, Any]:
    """Measure ``repeats`` samples of ``seconds`` each (per figure) and report their medians.

    With ``bot`` (a search bot with a fixed number of iterations, e.g. ``ismcts``) every sample
    also measures its simulations per second at decisions from the middle of games.

    Raises:
        GameError: the options, the player count or the bot cannot be used (checked before any
            process starts).
    """
    if repeats < 1 or seconds <= 0:
        raise InvalidOptionError(
            f"a benchmark needs repeats >= 1 and seconds > 0, not {repeats} and {seconds}",
            key="error.bench",
            params={"repeats": repeats, "seconds": seconds},
        )
    game.new_state(players, seed)
    if bot is not None:
        check_search_bot(make_bot(game, bot), bot)
    samples = []
    for repeat in range(repeats):
        samples.append(bench_sample(game, players, seconds, derive_seed(seed, repeat), bot))
        if progress:
            progress(repeat + 1, repeats)
    figures = MEDIAN_FIGURES + (SEARCH_FIGURES if bot else ())
    return {
        "format": BENCH_FORMAT,
        "game": game.id,
        "options": game.option_dict(),
        "players": players,
        "bot": bot,
        "repeats": repeats,
        "seconds": seconds,
        "median": {name: statistics.median(sample[name] for sample in samples) for name in figures},
        "samples": samples,
        "machine": machine(),
    }

"""``busbahnhof bench GAME --load``: how long a game with its options (e.g. a large deck) takes to load.

Every repeat is a fresh Python process (``python -m busbahnhof.sim.bench_load``) that reads the
options, imports the game and builds it: ``load_ms`` is the building (``load_game``: reading and
validating the deck, compiling it, the action tables), ``process_ms`` the whole process from its
start to its exit as the parent sees it (interpreter, imports, building).  The report gives the
median of each and every sample, as ``busbahnhof bench`` does (docs/bench.md).
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from typing import Any

from ..engine import Game, InvalidOptionError, load_game
from .bench import machine

LOAD_FORMAT = "busbahnhof-bench-load/1"
LOAD_FIGURES = ("load_ms", "process_ms")


def load_sample(game: Game[Any, Any]) -> dict[str, float]:
    """One fresh process building ``game`` from its options: its building and whole-process times in ms."""
    command = [sys.executable, "-m", "busbahnhof.sim.bench_load", game.id]
    started = time.perf_counter()
    done = subprocess.run(command, input=json.dumps(game.option_dict()), capture_output=True, text=True, check=False)
    process_ms = (time.perf_counter() - started) * 1000
    if done.returncode != 0:
        raise RuntimeError(f"load benchmark worker failed ({done.returncode}): {done.stderr.strip()}")
    return {"load_ms": float(json.loads(done.stdout)["load_ms"]), "process_ms": process_ms}


def run_load_bench(
    game: Game[Any, Any], repeats: int = 5, progress: Callable[[int, int], None] | None = None
) -> dict[str, Any]:
    """``repeats`` fresh processes building ``game``; the median of each figure and every sample."""
    if repeats < 1:
        raise InvalidOptionError(
            f"a benchmark needs repeats >= 1, not {repeats}", key="error.bench_repeats", params={"repeats": repeats}
        )
    samples = []
    for repeat in range(repeats):
        samples.append(load_sample(game))
        if progress:
            progress(repeat + 1, repeats)
    return {
        "format": LOAD_FORMAT,
        "game": game.id,
        "options": game.option_dict(),
        "repeats": repeats,
        "median": {name: statistics.median(sample[name] for sample in samples) for name in LOAD_FIGURES},
        "samples": samples,
        "machine": machine(),
    }


def main() -> None:
    """Build the game named by the first argument from the JSON options on stdin; print the time as JSON.

    The game's modules are imported first (by building it with its default options), so the time
    is the building of this game, not Python's imports (those are in ``process_ms``).
    """
    options = json.loads(sys.stdin.read())
    load_game(sys.argv[1])
    started = time.perf_counter()
    load_game(sys.argv[1], **options)
    print(json.dumps({"load_ms": (time.perf_counter() - started) * 1000}))


if __name__ == "__main__":
    main()

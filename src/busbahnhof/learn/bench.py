"""The speed of the review and of hints (``busbahnhof bench GAME --review``, docs/review.md).

One seeded game of the game's ``mittel`` bots is played, then reviewed whole (every seat, the
game graph included) with the game's review budget, and a hint is asked at every decision with a
choice, with the game's hint budget.  Wall-clock and CPU time are both reported: on a shared
machine the wall clock is what a player waits, the CPU time what the work costs.
"""

from __future__ import annotations

import os
import statistics
import time
from typing import Any

from ..bots import make_bot
from ..engine import Game, Rng, derive_seed, replay_states
from .hints import hint
from .profiles import profile_of
from .review import review_record

REVIEW_BENCH_FORMAT = "busbahnhof-review-bench/1"


def review_bench(game: Game[Any, Any], players: int, seed: int = 1) -> dict[str, Any]:
    """Time the review of one whole game and a hint at each of its decisions."""
    state = game.new_state(players, seed)
    bots = [make_bot(game, "mittel") for _ in range(players)]
    rng = Rng(seed)
    while not state.is_over:
        seat = state.to_move
        if seat is None:
            break
        state.apply(bots[seat].choose(state, seat, rng))
    record = state.record()
    profile = profile_of(game.id)
    wall, cpu = time.perf_counter(), time.process_time()
    review = review_record(record, seed=seed)
    review_wall, review_cpu = time.perf_counter() - wall, time.process_time() - cpu
    hint_wall: list[float] = []
    hint_cpu: list[float] = []
    for number, position in enumerate(replay_states(record)):
        mover = position.to_move
        if mover is None or len(position.legal_actions()) < 2:
            continue
        wall, cpu = time.perf_counter(), time.process_time()
        hint(position, mover, Rng(derive_seed(seed, "hint", number)))
        hint_wall.append(time.perf_counter() - wall)
        hint_cpu.append(time.process_time() - cpu)
    return {
        "format": REVIEW_BENCH_FORMAT,
        "game": game.id,
        "players": players,
        "seed": seed,
        "actions": len(record["actions"]),
        "decisions": len(review.decisions),
        "budget": {
            "review_steps": profile.review.steps,
            "hint_steps": profile.hint.steps,
            "hint_seconds": profile.hint.seconds,
            "public_worlds": profile.public_worlds,
        },
        "review": {"wall": review_wall, "cpu": review_cpu},
        "hints": {
            "count": len(hint_wall),
            "wall_median": statistics.median(hint_wall) if hint_wall else 0.0,
            "wall_max": max(hint_wall, default=0.0),
            "cpu_median": statistics.median(hint_cpu) if hint_cpu else 0.0,
            "cpu_max": max(hint_cpu, default=0.0),
        },
        "machine": {"cpus": os.cpu_count(), "load_average": round(os.getloadavg()[0], 2)},
    }

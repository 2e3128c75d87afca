"""Batch simulation, statistics and benchmarks over any registered game.

``simulate`` plays many seeded games between bots and aggregates each game's ``summarize``
figures; ``bench`` measures raw engine speed in fresh processes.
"""

from .aggregate import Columns, describe, flatten_summary
from .bench import run_bench
from .runner import REPORT_FORMAT, play_game, simulate

__all__ = ["REPORT_FORMAT", "Columns", "describe", "flatten_summary", "play_game", "run_bench", "simulate"]

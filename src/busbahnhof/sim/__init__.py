"""Batch simulation, statistics and benchmarks over any registered game.

``simulate`` plays many seeded games between bots on local workers or a Ray cluster, streams
one row per game to a results file (``results``) and aggregates each game's ``summarize``
figures; ``bench`` measures raw engine speed in fresh processes.
"""

from .aggregate import Aggregate, describe, flatten_summary
from .bench import run_bench
from .results import GameRow, ResultsWriter, RunInfo, Setting, read_results
from .runner import REPORT_FORMAT, game_figures, play_game, simulate

__all__ = [
    "REPORT_FORMAT",
    "Aggregate",
    "GameRow",
    "ResultsWriter",
    "RunInfo",
    "Setting",
    "describe",
    "flatten_summary",
    "game_figures",
    "play_game",
    "read_results",
    "run_bench",
    "simulate",
]

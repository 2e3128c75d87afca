"""Small real results files for the report tests: games played by ``play_game``, stored by ``ResultsWriter``."""

from __future__ import annotations

import base64
import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from busbahnhof import load_game
from busbahnhof.engine import derive_seed
from busbahnhof.sim.results import FORMAT, GameRow, ResultsWriter, RunInfo, Setting, now
from busbahnhof.sim.runner import game_figures, play_game

BOTS = {"busfahrer": "kartenzaehler", "bus": "random", "busfaktor": "random"}


def write_results(
    path: Path,
    game_id: str,
    games: int,
    seed: int = 1,
    settings: Sequence[tuple[str, Mapping[str, Any]]] = (("", {}),),
    players: int = 4,
    options: Mapping[str, Any] | None = None,
) -> Path:
    """Play ``games`` games of every setting (same seeds) and store them at ``path`` (.parquet or .csv)."""
    base = load_game(game_id, **(options or {}))
    bots = tuple([BOTS[game_id]] * (players // 2) + ["random"] * (players - players // 2))
    info = RunInfo(FORMAT, game_id, base.option_dict(), None, players, bots, seed, games,
                   tuple(Setting(label, dict(changed)) for label, changed in settings), now())  # fmt: skip
    with ResultsWriter(path, info) as writer:
        for label, changed in settings:
            game = load_game(game_id, **{**(options or {}), **changed})
            for index in range(games):
                state = play_game(game, players, bots, seed, index)
                writer.write(GameRow(label, index, derive_seed(seed, index), bots, game_figures(game, state)))
    return path


def embedded_svgs(html: str) -> list[str]:
    """The text of every SVG figure embedded in ``html``."""
    return [
        base64.b64decode(data).decode("utf-8") for data in re.findall(r'src="data:image/svg\+xml;base64,([^"]+)"', html)
    ]

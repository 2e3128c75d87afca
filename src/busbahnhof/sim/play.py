"""Playing the games of a run: what every worker, local or on a Ray cluster, executes.

Game ``i`` of a run with seed ``S`` is dealt with ``derive_seed(S, i)`` and the bot in seat
``k`` chooses with its own generator ``Rng(derive_seed(S, i, "bot", k))``, under every setting
of a sweep alike.  A game's figures therefore depend only on the run's settings, its seed and
the game's number, never on which worker played it or when.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from ..bots import make_bot
from ..engine import Game, Rng, State, derive_seed, load_game
from .aggregate import FlatSummary, flatten_summary
from .results import GameRow

MAX_DECISIONS = 1_000_000


@lru_cache(maxsize=16)
def _game(game_id: str, options_json: str) -> Game[Any, Any]:
    return load_game(game_id, **json.loads(options_json))


def play_game(game: Game[Any, Any], players: int, bots: Sequence[str], seed: int, index: int) -> State[Any]:
    """Game ``index`` of a run with ``seed``, played to its end by ``bots`` (one name per seat)."""
    state = game.new_state(players, derive_seed(seed, index))
    seats = [make_bot(game, name) for name in bots]
    rngs = [Rng(derive_seed(seed, index, "bot", seat)) for seat in range(players)]
    for _ in range(MAX_DECISIONS):
        seat = state.to_move
        if seat is None:
            return state
        state.apply(seats[seat].choose(state, seat, rngs[seat]), seat=seat)
    raise RuntimeError(f"{game.id} game {index} of seed {seed} did not end after {MAX_DECISIONS} decisions")


def game_figures(game: Game[Any, Any], state: State[Any]) -> FlatSummary:
    """``game.summarize(state)`` plus what every game has: wins and payoff per seat, ties, decisions.

    The generic figures are ``seats[k].wins`` (1 if seat ``k`` is among the winners),
    ``seats[k].payoff`` (1 shared among the winners), ``outcome.tie`` (1 if several seats won)
    and ``outcome.decisions`` (actions taken by players, forced ones excluded).
    """
    summary = dict(game.summarize(state))
    outcome = state.outcome()
    seats = [dict(entry) for entry in summary.get("seats", [{} for _ in range(state.players)])]
    for seat, entry in enumerate(seats):
        entry["wins"] = int(seat in outcome.winners)
        entry["payoff"] = outcome.payoff(seat)
    summary["seats"] = seats
    summary["outcome"] = {
        **summary.get("outcome", {}),
        "tie": int(len(outcome.winners) > 1),
        "decisions": len(state.history),
    }
    return flatten_summary(summary, game.id)


@dataclass(frozen=True)
class RunSpec:
    """What a worker needs to play any game of a run: sent once per worker, not with every task.

    Attributes:
        game_id: the game.
        settings: per setting its label and all its rule options as JSON (a deck by content).
        players, bots, seed: as for :func:`play_game`.
    """

    game_id: str
    settings: tuple[tuple[str, str], ...]
    players: int
    bots: tuple[str, ...]
    seed: int

    @classmethod
    def of(
        cls, labelled: Sequence[tuple[str, Game[Any, Any]]], players: int, bots: Sequence[str], seed: int
    ) -> RunSpec:
        """The spec of the games ``labelled`` (setting label, game with that setting's options)."""
        settings = tuple((label, json.dumps(game.option_dict(), sort_keys=True)) for label, game in labelled)
        return cls(labelled[0][1].id, settings, players, tuple(bots), seed)


@dataclass(frozen=True)
class Task:
    """Games ``start`` to ``stop - 1``, each under the settings numbered ``settings``."""

    start: int
    stop: int
    settings: tuple[int, ...]

    @property
    def size(self) -> int:
        """The games the task plays (all settings counted)."""
        return (self.stop - self.start) * len(self.settings)


def play_task(spec: RunSpec, task: Task) -> list[GameRow]:
    """The rows of ``task``'s games, game by game, each game under its settings in order."""
    games = [(spec.settings[number][0], _game(spec.game_id, spec.settings[number][1])) for number in task.settings]
    rows = []
    for index in range(task.start, task.stop):
        game_seed = derive_seed(spec.seed, index)
        for label, game in games:
            figures = game_figures(game, play_game(game, spec.players, spec.bots, spec.seed, index))
            rows.append(GameRow(label, index, game_seed, spec.bots, figures))
    return rows

"""The games as OpenSpiel Python games: ``pyspiel.load_game("busbahnhof_busfaktor", {"players": 3})``.

Importing this module registers ``busbahnhof_busfahrer``, ``busbahnhof_bus`` and
``busbahnhof_busfaktor`` (``pyspiel.register_game``).  Parameters: ``players``, ``seed`` (seeds
the generator that draws each new game's engine seed; the same seed gives the same sequence of
games) and ``options`` (the rule options as a JSON object, e.g. ``'{"deck": "mini"}'``).

Game type: sequential; chance is ``SAMPLED_STOCHASTIC``: the engine deals and shuffles from its own
seeded generator, and ``new_initial_state`` draws that seed, so there are no chance nodes (the
engine's chance, thousands of orderings of a deck, is no list of outcomes).  Busfahrer and
Busfaktor have ``IMPERFECT_INFORMATION`` (cards face down, hands); Bus is
``PERFECT_INFORMATION`` (it hides nothing; only the start player is drawn, in public), so
OpenSpiel's ISMCTS, which asserts imperfect information, does not take it; MCTS does.
Utility: constant sum, the outcome's payoff (1 shared among the winners, 0 for the others);
terminal rewards only.

Actions are the indices of the game's action space (``busbahnhof.interop.codecs``).  The
observation tensor is the encoded ``view(player)`` (``docs/interop.md``); the information-state
tensor is the same vector (the view already holds what the seat remembers: discards, spent
cards, the cards it saw enter hands).  The observation string is the seat's view as JSON; the
information-state string adds the public log (perfect recall of every public event).
``resample_from_infostate`` is the engine's ``determinize``.
"""

from __future__ import annotations

import json
from typing import Any, cast

import numpy as np
import pyspiel

from ..engine import InvalidOptionError, Rng, State, load_game
from .codecs import Codec, make_codec
from .layout import Vector
from .pettingzoo import SEED_RANGE

MAX_GAME_LENGTH = {"busfahrer": 400, "bus": 1000, "busfaktor": 1000}
"""Decisions OpenSpiel may size buffers for; about twice the longest random playouts seen (per game
of a Busfahrer match).  The engine does not cut games off: a Busfahrer ride that reshuffles may in
principle run longer."""
STATIC_VIEW_KEYS = ("cards", "board")
"""Parts of a view that never change within a configuration (card texts, the map), left out of strings."""


def _game_type(game_id: str) -> pyspiel.GameType:
    game = load_game(game_id)
    information = pyspiel.GameType.Information
    return pyspiel.GameType(
        short_name=f"busbahnhof_{game_id}",
        long_name=f"Busbahnhof {game.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=information.PERFECT_INFORMATION if game_id == "bus" else information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.CONSTANT_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={
            "players": max(game.min_players, min(4, game.max_players)),
            "seed": 0,
            "options": "{}",
        },
    )


class _Engine:
    """Holds an engine state; OpenSpiel clones a Python state by deep-copying its attributes,
    which for this holder is the engine's own fast ``clone``."""

    __slots__ = ("state",)

    def __init__(self, state: State[Any] | None) -> None:
        self.state = state

    def __deepcopy__(self, memo: dict[int, Any]) -> _Engine:
        return _Engine(None if self.state is None else self.state.clone())


class BusbahnhofSpielGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel is untyped
    """A Busbahnhof game configuration as an OpenSpiel game."""

    game_id = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        game_type = _game_type(self.game_id)
        values = {**game_type.parameter_specification, **(params or {})}
        try:
            options = json.loads(str(values["options"]))
        except json.JSONDecodeError as error:
            raise InvalidOptionError(f"options must be a JSON object of rule options: {error}") from None
        if not isinstance(options, dict):
            raise InvalidOptionError(f"options must be a JSON object of rule options, not {values['options']!r}")
        self.codec: Codec = make_codec(self.game_id, int(values["players"]), **options)
        info = pyspiel.GameInfo(
            num_distinct_actions=len(self.codec.actions),
            max_chance_outcomes=0,
            num_players=self.codec.players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=1.0,
            max_game_length=MAX_GAME_LENGTH[self.game_id] * getattr(self.codec.game.options, "games", 1),
        )
        super().__init__(game_type, info, values)
        self._seeds = np.random.default_rng(int(values["seed"]))

    def new_initial_state(self) -> BusbahnhofSpielState:
        return BusbahnhofSpielState(self, int(self._seeds.integers(SEED_RANGE)))

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: dict[str, Any] | None = None
    ) -> BusbahnhofObserver:
        if params:
            raise ValueError(f"observation parameters are not supported; got {params}")
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return BusbahnhofObserver(self.codec, perfect_recall)


class BusbahnhofSpielState(pyspiel.State):  # type: ignore[misc]  # pyspiel is untyped
    """One game in progress; the engine state is created on first use from the drawn seed."""

    def __init__(self, game: BusbahnhofSpielGame, seed: int) -> None:
        super().__init__(game)
        self.codec = game.codec
        self._seed = seed
        self._engine = _Engine(None)

    @property
    def engine(self) -> State[Any]:
        """The engine state (dealt from the drawn seed on first use)."""
        state = self._engine.state
        if state is None:
            state = self._engine.state = self.codec.game.new_state(self.codec.players, self._seed)
        return state

    def current_player(self) -> int:
        to_move = self.engine.to_move
        return int(pyspiel.PlayerId.TERMINAL) if to_move is None else to_move

    def _legal_actions(self, player: int) -> list[int]:
        if player != self.engine.to_move:
            return []
        return sorted(self.codec.actions.indices(self.engine))

    def _apply_action(self, action: int) -> None:
        self.engine.apply(self.codec.actions.action(action))

    def _action_to_string(self, player: int, action: int) -> str:
        return self.codec.actions.names[action]

    def is_terminal(self) -> bool:
        return self.engine.is_over

    def returns(self) -> list[float]:
        state = self.engine
        if not state.is_over:
            return [0.0] * self.codec.players
        outcome = state.outcome()
        return [outcome.payoff(seat) for seat in range(self.codec.players)]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> BusbahnhofSpielState:
        """A state ``player_id`` cannot tell from this one: the engine's ``determinize``, seeded from the sampler."""
        twin = cast(BusbahnhofSpielState, self.clone())
        twin._engine = _Engine(self.engine.determinize(player_id, Rng(int(probability_sampler() * SEED_RANGE))))
        return twin

    def __str__(self) -> str:
        return " ".join(str(action) for action in self.engine.history)


def view_string(state: State[Any], seat: int, with_log: bool) -> str:
    """The seat's view as JSON without its static parts (card texts, the map); with the log or without."""
    view = state.view(seat, log=with_log, fresh=False)  # only read, at once: no copies needed
    view["state"] = {key: value for key, value in view["state"].items() if key not in STATIC_VIEW_KEYS}
    return json.dumps(view, sort_keys=True, ensure_ascii=False)


class BusbahnhofObserver:
    """OpenSpiel's Python observer: ``tensor`` and ``dict`` (the codec's encoding) and strings."""

    def __init__(self, codec: Codec, perfect_recall: bool) -> None:
        self.codec = codec
        self.perfect_recall = perfect_recall
        self.tensor: Vector
        self.tensor, self.dict = codec.layout.new()

    def set_from(self, state: BusbahnhofSpielState, player: int) -> None:
        self.tensor[:] = self.codec.encode(state.engine, player)

    def string_from(self, state: BusbahnhofSpielState, player: int) -> str:
        return view_string(state.engine, player, self.perfect_recall)


GAME_CLASSES = {
    game_id: type(f"{game_id.capitalize()}SpielGame", (BusbahnhofSpielGame,), {"game_id": game_id})
    for game_id in ("busfahrer", "bus", "busfaktor")
}


def register() -> None:
    """Register the three games with OpenSpiel (done on import; registering twice is harmless)."""
    registered = set(pyspiel.registered_names())
    for game_id, game_class in GAME_CLASSES.items():
        if f"busbahnhof_{game_id}" not in registered:
            pyspiel.register_game(_game_type(game_id), game_class)


register()

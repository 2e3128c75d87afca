"""PettingZoo AEC environments: ``env("bus", players=4, **options)``.

Agents are ``player_0`` ... ``player_{P-1}`` (seat order).  The agent to act is always the
engine's ``to_move``: turn order, Busfahrer's pyramid points handed out by the seat that may give
them, Busfaktor's reactions out of turn (§12) all follow from it.  An observation is
``{"observation": float32 vector, "action_mask": int8 vector}`` (``docs/interop.md``); the agent to
act also finds its legal indices in ``infos[agent]["legal_actions"]``, so a loop that needs only
those calls ``last(observe=False)`` and never pays for encoding (observations are encoded only
when asked for).  Masks are read-only.  Rewards come once, at the end: the
outcome's payoff (1 shared among the winners, 0 for the others).

Not parallelizable: one seat decides at a time and who decides next depends on the decision
(reactions, giving), so ``aec_to_parallel`` does not apply (``metadata["is_parallelizable"]``
is ``False``).
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from ..engine import Action, State, derive_seed
from .codecs import Codec, make_codec
from .render import ansi_text

SEED_RANGE = 2**63
"""Engine seeds drawn at random (the engine takes any int)."""


def agent_name(seat: int) -> str:
    """The PettingZoo name of a seat."""
    return f"player_{seat}"


def observation_space(codec: Codec) -> spaces.Dict:
    """The observation space of a codec: the encoded view and the action mask."""
    layout = codec.layout
    return spaces.Dict(
        {
            "observation": spaces.Box(layout.low, layout.high, dtype=np.float32),
            "action_mask": spaces.Box(0, 1, (len(codec.actions),), dtype=np.int8),
        }
    )


class BusbahnhofEnv(AECEnv[str, dict[str, Any], int]):  # type: ignore[misc]  # pettingzoo is untyped
    """One game of Busbahnhof as a PettingZoo AEC environment."""

    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["ansi"], "name": "busbahnhof_v0", "is_parallelizable": False}

    def __init__(self, game: str, players: int, render_mode: str | None = None, **options: Any) -> None:
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode {render_mode!r}: only 'ansi' (the terminal picture) or None")
        self.codec = make_codec(game, players, **options)
        self.render_mode = render_mode
        self.possible_agents = [agent_name(seat) for seat in range(players)]
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self._observation_space = observation_space(self.codec)
        self._action_space = spaces.Discrete(len(self.codec.actions))
        self._series = random.SystemRandom().randrange(SEED_RANGE)
        self._games = 0
        self.state: State[Any] | None = None
        self._indices_of = self.codec.actions.indexer()
        self._mask_of = self.codec.actions.masker()
        self._no_mask = self.codec.actions.mask_of(())
        self._legal_actions: tuple[Action, ...] = ()
        self._legal_indices: tuple[int, ...] = ()
        self._seat = 0
        self._info: dict[str, Any] = {}
        self._running: State[Any] | None = None
        """The state while its game runs, ``None`` once it is over (every agent terminated)."""
        self._encode = self.codec.encoder()

    def observation_space(self, agent: str) -> spaces.Dict:
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Discrete:
        return self._action_space

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game: with ``seed`` the engine's game of that seed (``busbahnhof play --seed``);
        without, the next game of the series the last seed started (a random series at first)."""
        if seed is not None:
            self._series, self._games = int(seed), 0
        engine_seed = self._series if self._games == 0 else derive_seed(self._series, self._games)
        self._games += 1
        self.state = self.codec.game.new_state(self.codec.players, engine_seed)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        to_move = self.state.to_move
        self._running = self.state if to_move is not None else None
        if to_move is not None:
            self._select(self.state, to_move)

    def _select(self, state: State[Any], to_move: int) -> None:
        """Make the seat to move the selected agent and note its legal actions."""
        agent = self.agent_selection = self.possible_agents[to_move]
        self._seat = to_move
        self._info = self.infos[agent] = {}
        self._note_legal(state)

    def _note_legal(self, state: State[Any]) -> None:
        """Note the legal actions of the selected agent, its indices in its info."""
        self._legal_actions = actions = state.legal_actions()
        self._legal_indices = self._info["legal_actions"] = self._indices_of(actions)

    def _game(self) -> State[Any]:
        if self.state is None:
            raise RuntimeError("call reset() before using the environment")
        return self.state

    def observe(self, agent: str) -> dict[str, Any]:
        state = self._game()
        seat = self._seats[agent]
        to_move = self._seat if self._running is not None else None  # the selected agent decides while the game runs
        return {
            "observation": self._encode(state, seat, to_move),
            "action_mask": self._mask_of(self._legal_actions, False) if seat == to_move else self._no_mask,
        }

    def step(self, action: int | None) -> None:
        """Play the selected agent's action index.  The index is looked up among the legal ones
        and that very action object is applied unchecked (``apply_trusted``: it is one of
        ``legal_actions()``); an index that is not legal goes through the engine's ``apply``,
        which refuses it naming the rule and changes nothing."""
        state = self._running
        if state is None:  # the game is over: every agent is terminated
            self._game()
            self._was_dead_step(action)
            return
        try:
            position = self._legal_indices.index(action)
        except ValueError:  # not legal now: the engine says why (and nothing changes)
            if action is None:
                raise ValueError(f"{self.agent_selection} is to act: step needs an action index, not None") from None
            state.apply(self.codec.actions.action(int(action)))
        else:
            state.apply_trusted(self._legal_actions[position])
        # rewards come only at the end, so every cumulative reward is still 0 here
        to_move = state.to_move
        if to_move != self._seat:
            self.infos[self.agent_selection] = {}
            if to_move is None:
                self._finish(state)
                return
            self._select(state, to_move)
            return
        self._note_legal(state)

    def _finish(self, state: State[Any]) -> None:
        """The game is over: every agent terminated, the outcome's payoff its reward."""
        self._running = None
        outcome = state.outcome()
        for seat, name in enumerate(self.agents):
            self.rewards[name] = outcome.payoff(seat)
            self.terminations[name] = True
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        return ansi_text(self._game())

    def close(self) -> None:
        self.state = self._running = None


def env(game: str, players: int, render_mode: str | None = None, **options: Any) -> BusbahnhofEnv:
    """A PettingZoo AEC environment of ``game`` ("busfahrer", "bus", "busfaktor") with rule ``options``."""
    return BusbahnhofEnv(game, players, render_mode=render_mode, **options)

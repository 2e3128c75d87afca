"""Gymnasium environments with one learning seat: ``busbahnhof/Busfahrer-v0``, ``busbahnhof/Bus-v0``,
``busbahnhof/Busfaktor-v0``.

Importing this module registers them; then ``gymnasium.make("busbahnhof/Busfaktor-v0",
opponents="heuristik")``.  The other seats are played by named bots of the bot registry
(``busbahnhof games`` lists them): one name for every other seat, or a spec such as
``"random,heuristik:2"`` in seat order.  The observation is the learning seat's encoded view (a
flat ``float32`` vector, ``docs/interop.md``); :meth:`BusbahnhofGymEnv.action_masks` gives the
legal actions for masked policies (e.g. sb3-contrib's ``MaskablePPO``), and while the episode
runs the info of ``reset`` and ``step`` has them as indices (``info["legal_actions"]``, as in the
PettingZoo environment).  The reward is 0 until
the end, then the outcome's payoff (1 shared among the winners).

An illegal action (one the mask excludes) leaves the game unchanged and, by default
(``illegal_action="lose"``), ends the episode with reward -1 and the engine's explanation in
``info["illegal_action"]``; ``illegal_action="raise"`` raises the engine's error instead.
"""

from __future__ import annotations

from typing import Any, Literal

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from ..bots.registry import make_bot, parse_bot_spec
from ..engine import Action, Bot, GameError, Rng, State
from .codecs import make_codec
from .layout import Vector
from .render import ansi_text

ILLEGAL_REWARD = -1.0
GAMES = {"Busfahrer": "busfahrer", "Bus": "bus", "Busfaktor": "busfaktor"}


class BusbahnhofGymEnv(gymnasium.Env[Vector, np.int64]):
    """One seat of a Busbahnhof game; the other seats are bots."""

    metadata = {"render_modes": ["ansi"], "render_fps": 1}  # noqa: RUF012 - Gymnasium's own attribute

    def __init__(
        self,
        game: str,
        players: int = 4,
        opponents: str = "random",
        seat: int = 0,
        illegal_action: Literal["lose", "raise"] = "lose",
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode {render_mode!r}: only 'ansi' (the terminal picture) or None")
        if illegal_action not in ("lose", "raise"):
            raise ValueError(f"illegal_action {illegal_action!r}: 'lose' or 'raise'")
        self.codec = make_codec(game, players, **options)
        if not 0 <= seat < players:
            raise ValueError(f"seat {seat}: the learning seat is one of 0..{players - 1}")
        names = parse_bot_spec(self.codec.game, opponents, players - 1)
        if len(names) == 1:
            names *= players - 1
        if len(names) != players - 1:
            raise ValueError(f"opponents {opponents!r}: name one bot, or one per other seat ({players - 1})")
        self.opponent_names = names
        self.seat = seat
        self.illegal_action = illegal_action
        self.render_mode = render_mode
        layout = self.codec.layout
        self.observation_space = spaces.Box(layout.low, layout.high, dtype=np.float32)
        self.action_space = spaces.Discrete(len(self.codec.actions))
        self.state: State[Any] | None = None
        others = [s for s in range(players) if s != seat]
        self._bots: dict[int, Bot] = {s: make_bot(self.codec.game, name) for s, name in zip(others, names, strict=True)}
        """Made once: a bot decides from the state it is given alone (``engine.bot``)."""
        self._bot_rng: Rng | None = None
        """The bots' generator: seeded by a seeded reset (and the first), then drawn on across games."""
        self._indices_of = self.codec.actions.indexer()
        self._mask_of = self.codec.actions.masker()
        self._legal: tuple[Action, ...] = ()
        self._legal_indices: tuple[int, ...] = ()
        """The legal actions of the last observation and their indices (``step`` finds the index there)."""
        self._encode = self.codec.encoder()

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[Vector, dict[str, Any]]:
        super().reset(seed=seed)
        game_seed, bot_seed = self.np_random.bit_generator.random_raw(2).tolist()
        self.state = state = self.codec.game.new_state(self.codec.players, game_seed)
        if seed is not None or self._bot_rng is None:
            self._bot_rng = Rng(bot_seed)  # else the bots' generator goes on: seeding costs as much as a few decisions
        to_move = self._play_bots(state)
        observation = self._encode(state, self.seat, to_move)
        if to_move is None:  # a game the bots alone finish
            return observation, {}
        return observation, {"legal_actions": self._note_legal(state)}

    def _note_legal(self, state: State[Any]) -> tuple[int, ...]:
        """The learning seat's legal indices now, kept with their tuple for the next ``step``."""
        self._legal = legal = state.legal_actions()
        self._legal_indices = indices = self._indices_of(legal)
        return indices

    def _observe(self, state: State[Any]) -> Vector:
        """The learning seat's observation: a new array, never changed later."""
        return self._encode(state, self.seat, state.to_move)

    def _game(self) -> State[Any]:
        if self.state is None:
            raise RuntimeError("call reset() before using the environment")
        return self.state

    def _play_bots(self, state: State[Any]) -> int | None:
        """Let the bots decide until the learning seat is to move or the game is over; the seat to move."""
        bots, rng, learner = self._bots, self._bot_rng, self.seat
        if rng is None:
            raise RuntimeError("call reset() before using the environment")
        seat = state.to_move
        while seat is not None and seat != learner:
            state.apply(bots[seat].choose(state, seat, rng))  # checked; the seat is the one to move
            seat = state.to_move
        return seat

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """True at every legal action of the learning seat (all False once the game is over); read-only."""
        return self._mask_of(self._game().legal_actions(), True)

    def step(self, action: np.int64 | int) -> tuple[Vector, float, bool, bool, dict[str, Any]]:
        """Play the learning seat's action, then the bots' until the learning seat is to move again.

        The index is looked up among the legal ones and that very action object is applied
        unchecked (``apply_trusted``: it is one of ``legal_actions()``); an index that is not legal
        goes through the engine's ``apply``, which refuses it naming the rule and changes nothing.
        """
        state = self._game()
        index = int(action)
        legal = state.legal_actions()
        indices = self._legal_indices if legal is self._legal else self._indices_of(legal)
        try:
            position = indices.index(index)
        except ValueError:  # not legal now: the engine says why (and nothing changes)
            try:
                state.apply(self.codec.actions.action(index), self.seat)
            except GameError as error:
                if self.illegal_action == "raise":
                    raise
                return self._observe(state), ILLEGAL_REWARD, True, False, {"illegal_action": str(error)}
        else:
            state.apply_trusted(legal[position])
        to_move = self._play_bots(state)
        if to_move is None:
            outcome = state.outcome()
            return self._observe(state), outcome.payoff(self.seat), True, False, {"outcome": outcome.to_dict()}
        observation = self._encode(state, self.seat, to_move)
        return observation, 0.0, False, False, {"legal_actions": self._note_legal(state)}

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        return ansi_text(self._game(), self.seat)


def register() -> None:
    """Register the three environments with Gymnasium (done on import)."""
    for title, game in GAMES.items():
        name = f"busbahnhof/{title}-v0"
        if name not in gymnasium.registry:
            gymnasium.register(name, entry_point=f"{__name__}:BusbahnhofGymEnv", kwargs={"game": game})


register()

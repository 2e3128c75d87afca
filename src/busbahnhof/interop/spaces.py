"""A fixed-size action space: one index per possible action of a game, named by ``str(action)``.

The universe of actions is enumerated from the game's rules, board or deck (``codecs/``), so an
index means the same action in every state of every game with the same configuration; the legal
actions of a state are a mask over it.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import numpy as np
import numpy.typing as npt

from ..engine import Action, Game, InvalidOptionError, State

Mask = npt.NDArray[np.int8]


class ActionSpace:
    """Indices ``0 .. n-1`` for the actions of a game, in the documented order of its codec.

    Attributes:
        names: ``names[i]`` is ``str(action)`` of index ``i``.
        index: the index of each name.
    """

    def __init__(self, game: Game[Any, Any], names: Iterable[str]) -> None:
        self.game = game
        self.names = tuple(names)
        self.index = {name: i for i, name in enumerate(self.names)}
        if len(self.index) != len(self.names):
            raise ValueError("an action name appears twice in the action universe")
        self._actions: list[Action | None] = [None] * len(self.names)
        self._by_id: dict[int, int] = {}
        self._index_by_id = self._by_id.__getitem__
        self._seen: list[Action] = []
        """Every action object met, kept alive, so an ``id`` in ``_by_id`` is always its object's."""

    def __len__(self) -> int:
        return len(self.names)

    def index_of(self, action: Action) -> int:
        """The index of ``action``; an action outside the universe is an error naming it."""
        found = self._by_id.get(id(action))
        if found is None:
            found = self.index.get(str(action))
            if found is None:
                raise InvalidOptionError(
                    f"{self.game.title}: action {str(action)!r} is not in the action universe of "
                    f"{len(self.names)} actions (see docs/interop.md)"
                )
            if len(self._seen) < MAX_SEEN:
                self._seen.append(action)
                self._by_id[id(action)] = found
        return found

    def indices_of(self, actions: tuple[Action, ...]) -> tuple[int, ...]:
        """The indices of ``actions`` (e.g. a state's legal actions), in their order.

        Engines intern their actions, so each action object is looked up by identity (its
        ``id``, kept valid by holding the object) after its first appearance.
        """
        try:
            return tuple(map(self._index_by_id, map(id, actions)))
        except KeyError:
            return tuple(map(self.index_of, actions))

    def indices(self, state: State[Any]) -> tuple[int, ...]:
        """The indices of the legal actions of ``state``, in the engine's order."""
        return self.indices_of(state.legal_actions())

    def mask_of(self, indices: tuple[int, ...]) -> Mask:
        """1 at every index of ``indices``, 0 elsewhere; read-only."""
        mask = np.zeros(len(self.names), np.int8)
        mask[list(indices)] = 1
        mask.flags.writeable = False
        return mask

    def mask(self, state: State[Any]) -> Mask:
        """1 at the index of every legal action of ``state``, 0 elsewhere (all 0 once it is over); read-only."""
        return self.mask_of(self.indices(state))

    def action(self, index: int) -> Action:
        """The action of ``index`` (parsed from its name once)."""
        if not 0 <= index < len(self.names):
            raise InvalidOptionError(f"{self.game.title}: action index {index} is outside 0..{len(self.names) - 1}")
        found = self._actions[index]
        if found is None:
            found = self._actions[index] = self.game.parse_action(self.names[index])
        return found


MAX_SEEN = 1 << 16
"""Action objects remembered by identity (engines intern their actions: a few thousand at most)."""

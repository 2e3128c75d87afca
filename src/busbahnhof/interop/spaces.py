"""A fixed-size action space: one index per possible action of a game, named by ``str(action)``.

The universe of actions is enumerated from the game's rules, board or deck (``codecs/``), so an
index means the same action in every state of every game with the same configuration; the legal
actions of a state are a mask over it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import numpy as np
import numpy.typing as npt

from ..engine import Action, Game, InvalidOptionError, State
from .compiled import compiled_module

Mask = npt.NDArray[np.int8]
MaskOrBools = npt.NDArray[Any]
"""A mask as ``int8`` (PettingZoo's action masks) or its ``bool`` view (Gymnasium's ``action_masks``)."""


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
        self._by_identity = bool(self.names) and type(self.action(0)).__hash__ is object.__hash__
        """Whether the game's actions hash by identity (interned, no ``__eq__``: Busfahrer,
        Busfaktor): then the action object itself is the key (hashed in C, well spread);
        otherwise (Bus's dataclasses hash their fields, slowly) its ``id``."""
        self._by_key: dict[Any, int] = {}
        self._index_by_key = self._by_key.__getitem__
        self._seen: list[Action] = []
        """Every action object met, kept alive, so an ``id`` key is always its object's."""
        self._by_tuple: dict[int, tuple[tuple[Action, ...], tuple[int, ...]]] = {}
        """Legal-action tuples met lately by ``id``: the tuple and its indices."""
        self._masks: dict[int, tuple[tuple[Action, ...], Mask]] = {}
        """Masks of legal-action tuples met lately, by ``id`` (the same cache rule)."""
        self._no_mask = self._read_only(np.zeros(len(self.names), np.int8))
        self._lookup = self._compiled_lookup()
        """The same lookups in compiled code (``compiled/actions.pyx``) on the same ``_by_key``, or ``None``."""

    def _compiled_lookup(self) -> Any:
        module = compiled_module("actions")
        if module is None:
            return None
        return module.Lookup(self._by_key, self._by_identity, len(self.names), MAX_TUPLES, self._indices_by_name)

    def __getstate__(self) -> dict[str, Any]:
        """Pickled without the compiled lookup and the caches by ``id`` (made anew on unpickling)."""
        dropped = ("_lookup", "_by_tuple", "_masks")
        return {name: value for name, value in self.__dict__.items() if name not in dropped}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self._by_tuple, self._masks = {}, {}
        self._lookup = self._compiled_lookup()

    def __len__(self) -> int:
        return len(self.names)

    def index_of(self, action: Action) -> int:
        """The index of ``action``; an action outside the universe is an error naming it."""
        key = action if self._by_identity else id(action)
        found = self._by_key.get(key)
        if found is None:
            found = self.index.get(str(action))
            if found is None:
                raise InvalidOptionError(
                    f"{self.game.title}: action {str(action)!r} is not in the action universe of "
                    f"{len(self.names)} actions (see docs/interop.md)"
                )
            if len(self._seen) < MAX_SEEN:
                self._seen.append(action)
                self._by_key[key] = found
        return found

    def indices_of(self, actions: tuple[Action, ...]) -> tuple[int, ...]:
        """The indices of ``actions`` (a state's legal actions), in their order.

        Engines intern their actions and many hand out the same tuple of legal actions again
        (Busfahrer's questions, Busfaktor's answers), so a tuple is looked up by identity first,
        then each action by identity (the object or its ``id``, kept valid by holding the object)
        after its first appearance.  The tuple cache holds at most ``MAX_TUPLES`` tuples (alive, so an
        ``id`` in it is its tuple's) and starts anew when full: games that build a new tuple at
        every decision (Bus) fill it with tuples never seen again.
        """
        if self._lookup is not None:  # it takes tuples (what ``legal_actions`` returns)
            return self._lookup.indices_of(tuple(actions))  # type: ignore[no-any-return]
        cache = self._by_tuple
        key = id(actions)
        known = cache.get(key)
        if known is not None and known[0] is actions:
            return known[1]
        try:
            indices = tuple(map(self._index_by_key, actions if self._by_identity else map(id, actions)))
        except KeyError:
            indices = self._indices_by_name(actions)
        if len(cache) >= MAX_TUPLES:
            cache.clear()
        cache[key] = (actions, indices)
        return indices

    def _indices_by_name(self, actions: tuple[Action, ...]) -> tuple[int, ...]:
        """The indices of a tuple with an action met for the first time (found by its name, then remembered)."""
        return tuple(map(self.index_of, actions))

    def indexer(self) -> Callable[[tuple[Action, ...]], tuple[int, ...]]:
        """The fastest way to :meth:`indices_of`, for environments: the compiled lookup's own
        method where it is built (one call less per decision), else :meth:`indices_of`."""
        if self._lookup is not None:
            return self._lookup.indices_of  # type: ignore[no-any-return]
        return self.indices_of

    def indices(self, state: State[Any]) -> tuple[int, ...]:
        """The indices of the legal actions of ``state``, in the engine's order."""
        return self.indices_of(state.legal_actions())

    @staticmethod
    def _read_only(mask: Mask) -> Mask:
        mask.flags.writeable = False
        return mask

    def mask_of(self, indices: tuple[int, ...]) -> Mask:
        """1 at every index of ``indices``, 0 elsewhere; read-only."""
        if not indices:
            return self._no_mask
        if self._lookup is not None:
            return self._lookup.mask_of(tuple(indices))  # type: ignore[no-any-return]
        mask = np.zeros(len(self.names), np.int8)
        mask[list(indices)] = 1
        return self._read_only(mask)

    def mask_of_actions(self, actions: tuple[Action, ...], as_bool: bool = False) -> MaskOrBools:
        """The mask of a tuple of legal actions (``as_bool``: its ``bool`` view); read-only, so
        one array serves every time the engine hands out the same tuple."""
        if self._lookup is not None:
            return self._lookup.mask_of_actions(tuple(actions), as_bool)  # type: ignore[no-any-return]
        cache = self._masks
        key = id(actions)
        known = cache.get(key)
        if known is not None and known[0] is actions:
            mask = known[1]
        else:
            mask = self.mask_of(self.indices_of(actions))
            if len(cache) >= MAX_TUPLES:
                cache.clear()
            cache[key] = (actions, mask)
        return mask.view(np.bool_) if as_bool else mask

    def masker(self) -> Callable[[tuple[Action, ...], bool], MaskOrBools]:
        """The fastest way to :meth:`mask_of_actions`, for environments (the compiled lookup's own
        method where it is built)."""
        if self._lookup is not None:
            return self._lookup.mask_of_actions  # type: ignore[no-any-return]
        return self.mask_of_actions

    def mask(self, state: State[Any]) -> Mask:
        """1 at the index of every legal action of ``state``, 0 elsewhere (all 0 once it is over); read-only."""
        return self.mask_of_actions(state.legal_actions())

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
MAX_TUPLES = 64
"""Legal-action tuples remembered by identity before the cache starts anew: enough for the
tuples a game hands out again and again (Busfahrer has two dozen), small enough to stay in
the processor's cache."""

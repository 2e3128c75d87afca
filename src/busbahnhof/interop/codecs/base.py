"""What every game's codec has: its action space, its observation layout, and the encoding of a view.

A codec is made for one configuration (game with its rule options, player count).  It encodes
``view(seat)`` and nothing else, in two ways that give the same vector:

* :meth:`Codec.encode_view` from the JSON of ``State.view(seat)`` (what a program connected to the
  server receives): the definition of the encoding, field by field from the view's keys;
* :meth:`Codec.encode` from the state itself, for environments: it reads the state's fields
  that ``view(seat)`` is built from, as the view does (a seat's own hand, never another's),
  without building the view's dicts first.  A test compares the two at many positions of
  random games for every seat, and the hidden-information test runs on :meth:`encode`.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np

from ...engine import Game, State
from ..layout import Field, Layout, Vector, Writer
from ..spaces import ActionSpace


def seat_fields(players: int) -> list[Field]:
    """The fields every game starts with: the observing seat and the seat to move."""
    return [
        Field("seat", (players,), 1, "one-hot: the observing seat (seats are 0-based, in table order)"),
        Field("to_move", (players,), 1, "one-hot: the seat that decides now (all 0 once the game is over)"),
    ]


def name_index(names: Sequence[str], name: str) -> int:
    """The position of ``name`` in a codec's list of names (an unknown name means the codec is out of date)."""
    try:
        return names.index(name)
    except ValueError:
        raise ValueError(f"{name!r} is not one of {list(names)}: the codec does not know this value") from None


class Codec(ABC):
    """Action space and observation encoding of one game configuration.

    Attributes:
        game: the game (with its rule options).
        players: the player count.
        actions: the fixed-size action space.
        layout: the observation fields.
    """

    def __init__(self, game: Game[Any, Any], players: int) -> None:
        self.game = game
        self.players = players
        self.actions = ActionSpace(game, self.action_names())
        self.layout = Layout(seat_fields(players) + self.fields())

    @abstractmethod
    def action_names(self) -> Iterable[str]:
        """Every action the configuration can ever offer, as ``str(action)``, in a fixed order."""

    @abstractmethod
    def fields(self) -> list[Field]:
        """The game's observation fields after ``seat`` and ``to_move``."""

    @abstractmethod
    def fill(self, view: dict[str, Any], seat: int, out: Writer) -> None:
        """Write the game's fields of ``view`` (the ``"state"`` part of ``view(seat)``) to ``out``."""

    @abstractmethod
    def write(self, state: Any, seat: int, out: Writer) -> None:
        """Write the same entries as :meth:`fill` of ``view(seat)``, read from the state's fields."""

    def encode(self, state: State[Any], seat: int) -> Vector:
        """The flat observation of ``seat``: what ``view(seat)`` shows, nothing else (read from the state)."""
        out = Writer(self.layout)
        out.one("seat", seat)
        out.one("to_move", state.to_move)
        self.write(state, seat, out)
        return out.vector()

    def encode_view(self, view: dict[str, Any]) -> Vector:
        """The flat observation from the JSON of ``State.view(seat)`` (a seat's view, not a spectator's)."""
        seat = view["seat"]
        if seat is None:
            raise ValueError("a spectator's view has no observing seat to encode")
        out = Writer(self.layout)
        out.one("seat", seat)
        out.one("to_move", view["to_move"])
        self.fill(view["state"], seat, out)
        return out.vector()

    def encode_dict(self, state: State[Any], seat: int) -> dict[str, Vector]:
        """The same observation as a dict of named arrays (views of one flat vector)."""
        return self.layout.split(self.encode(state, seat))

    def check(self, flat: Vector) -> None:
        """Raise if ``flat`` leaves the layout's bounds (a codec out of step with its game)."""
        outside = np.flatnonzero((flat < self.layout.low) | (flat > self.layout.high))
        if outside.size:
            name = next(f.name for f in self.layout.fields if self.layout.slices[f.name].stop > outside[0])
            raise ValueError(f"{self.game.id}: observation field {name!r} leaves its bounds")

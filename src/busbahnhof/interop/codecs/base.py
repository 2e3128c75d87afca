"""What every game's codec has: its action space, its observation layout, and the encoding of a view.

A codec is made for one configuration (game with its rule options, player count).  It encodes
``view(seat)`` and nothing else, in two ways that give the same vector:

* :meth:`Codec.encode_view` from the JSON of ``State.view(seat)`` (what a program connected to the
  server receives): the definition of the encoding, field by field from the view's keys;
* :meth:`Codec.encode` from the state itself, for environments: it reads the state's fields
  that ``view(seat)`` is built from, as the view does (a seat's own hand, never another's),
  without building the view's dicts first.  A test compares the two at many positions of
  random games for every seat, and the hidden-information test runs on :meth:`encode`.

:meth:`Codec.encode_parts` writes the observation in Python part by part (:class:`Part`): each
part reads a value from the state (what the view shows of it) and writes its entries from that
value alone.  The game's compiled encoder (:mod:`..compiled`) writes the same entries in C;
:meth:`Codec.encode` uses it where it is built.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from operator import attrgetter
from typing import Any

import numpy as np

from ...engine import Game, State
from ..compiled import compiled_module
from ..layout import Field, Layout, Vector, Writer
from ..spaces import ActionSpace


def seat_fields(players: int) -> list[Field]:
    """The fields every game starts with: the observing seat and the seat to move."""
    return [
        Field("seat", (players,), 1, "one-hot: the observing seat (seats are 0-based, in table order)"),
        Field("to_move", (players,), 1, "one-hot: the seat that decides now (all 0 once the game is over)"),
    ]


@dataclass(frozen=True)
class Part:
    """A piece of an observation and the value it is written from.

    Attributes:
        read: ``read(state, seat)``, the state's values the piece is written from: ints, lists and
            tuples of them; it may return the state's own lists.
        write: ``write(value, out)`` writes the piece's entries from ``value`` alone (equal values
            give equal entries), only what ``view(seat)`` shows.
    """

    read: Callable[[Any, int], Any]
    write: Callable[[Any, Writer], None]


class Attributes:
    """A part's ``read`` that takes the state's attributes ``names`` (one value, or a tuple of
    several; the seat does not matter), picklable as OpenSpiel's states need."""

    def __init__(self, *names: str) -> None:
        self._get = attrgetter(*names)

    def __call__(self, state: State[Any], seat: int) -> Any:
        return self._get(state)


def _read_seats(state: State[Any], seat: int) -> tuple[int, int | None]:
    return seat, state.to_move


def _write_seats(seats: tuple[int, int | None], out: Writer) -> None:
    seat, to_move = seats
    out.one("seat", seat)
    out.one("to_move", to_move)


SEATS = Part(_read_seats, _write_seats)
"""The fields every observation starts with: the observing seat and the seat to move."""


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
        self.parts: tuple[Part, ...] = (SEATS, *self.observation_parts())
        self.compiled: Any = self._compiled_encoder()
        """The compiled encoder of this configuration (:mod:`..compiled`), or ``None``."""

    def _compiled_encoder(self) -> Any:
        module = compiled_module(self.game.id)
        return None if module is None else module.Encoder(self)

    def __getstate__(self) -> dict[str, Any]:
        """Pickled without the compiled encoder (made again on unpickling, as on making the codec)."""
        return {name: value for name, value in self.__dict__.items() if name != "compiled"}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self.compiled = self._compiled_encoder()

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
    def observation_parts(self) -> list[Part]:
        """The parts that write the game's fields: together the same entries as :meth:`fill` of
        ``view(seat)``, read from the state's fields."""

    def encode(self, state: State[Any], seat: int) -> Vector:
        """The flat observation of ``seat``: what ``view(seat)`` shows, nothing else (read from the
        state; by the compiled encoder where it is built, else by :meth:`encode_parts`)."""
        if self.compiled is not None:
            return self.compiled.encode(state, seat)  # type: ignore[no-any-return]
        return self.encode_parts(state, seat)

    def encoder(self) -> Callable[[State[Any], int, int | None], Vector]:
        """The fastest way to :meth:`encode`, for environments: ``encoder()(state, seat, to_move)``
        is ``encode(state, seat)`` where ``to_move`` is ``state.to_move``, which an environment
        has just read (the compiled encoder's own method, which does not ask the state again,
        where it is built; else :meth:`encode_parts`)."""
        if self.compiled is not None:
            return self.compiled.observe  # type: ignore[no-any-return]
        return self._encode_parts_knowing_to_move

    def _encode_parts_knowing_to_move(self, state: State[Any], seat: int, to_move: int | None) -> Vector:
        return self.encode_parts(state, seat)  # its seat part reads ``to_move`` from the state

    def encode_parts(self, state: State[Any], seat: int) -> Vector:
        """:meth:`encode` in Python, part by part: the definition the compiled encoders follow."""
        if not 0 <= seat < self.players:
            raise ValueError(f"seat {seat}: the observing seat is one of 0..{self.players - 1}")
        out = Writer(self.layout)
        for part in self.parts:
            part.write(part.read(state, seat), out)
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

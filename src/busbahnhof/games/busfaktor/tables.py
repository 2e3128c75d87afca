"""The interned actions of one deck, laid out by their arguments for legal-action generation.

Search asks for the legal actions of millions of decisions (docs/bench.md, "Search speed"), so
``legal.py`` does not build or look up an action by its fields each time: it indexes these
tables, built once per game (``Busfaktor.tables``).  Every entry is the one interned
:func:`~.actions.act` value, so the tables change no action, only how fast it is found.

The one-card tables are built with the game (a few actions per card).  The tables by card and
project (placements, shared factors, jokers, Mehraufwand, Rückschlag, offers) grow with the
product of the deck's sizes: 3,000 factors and 300 projects are millions of actions, most of which
no game ever reaches.  They are :class:`Lazy`: an entry is made when legal-action generation
first asks for it and kept for every later game of the same ``Game``, so a deck loads in time
proportional to its cards (docs/games/busfaktor-deck-format.md, "Large decks").
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

from .actions import (
    ATTACH,
    COMPLETE,
    DISCARD,
    OFFER,
    PLAY,
    PLAY_EXTRA,
    PLAY_JOKER,
    PLAY_SETBACK,
    SECURE,
    SHARE,
    START,
    TAKE,
    UNDER,
    Act,
    act,
)
from .deck import EVENT, FACTOR, Deck

T = TypeVar("T")


class Lazy(dict[int, T]):
    """A table indexed ``0 .. size-1`` whose entry ``i`` is ``make(i)``, made on first use and kept.

    A ``dict`` whose ``__missing__`` makes the entry: a later look-up is a plain dictionary read,
    as fast as a tuple's in the legal-action loops.  An index outside the table raises ``KeyError``.
    """

    __slots__ = ("make", "size")

    def __init__(self, size: int, make: Callable[[int], T]) -> None:
        super().__init__()
        self.size = size
        self.make = make

    def __missing__(self, index: int) -> T:
        if not 0 <= index < self.size:
            raise KeyError(index)
        entry = self[index] = self.make(index)
        return entry


Placement = tuple[tuple[int, int, Act], ...]
"""At one project: ``(index into State.open, type, action)`` for each type the card may take there (its type order)."""
Placements = Lazy[Placement] | tuple[()]
"""Per project a :data:`Placement` (an empty tuple for a card that is never placed this way)."""
PerProject = Lazy[Act] | tuple[()]
"""Per project (or attached card) the one action (an empty tuple for a card without such actions)."""


@dataclass(frozen=True, slots=True)
class ActionTables:
    """One deck's actions by their arguments (index = card or project id).

    Attributes:
        first_event: the lowest event id (ids: projects, then factors, then events, ``deck.py``).
        start, play, secure, discard, take, under, complete: the one-card action of each card.
        attach: per card, per project its §8.2 placements (factors only; an empty tuple per project for
            other cards).
        attach_type: per card, the one type of a factor with a single type, else -1.
        attach_one: per card, per project the attachment of such a factor (an empty tuple for other cards).
        share: the §11 shared-factor proposals the same way (factors and E5 jokers).
        share_types: per card, a bit per type it may be shared as (factors and E5 jokers; else 0).
        joker: the E5 joker plays the same way (E5 events only).
        extra: per card, per project the E6 Mehraufwand play (E6 events only; an empty tuple for other cards).
        setback: per card, per attached card the E7 Rückschlag play (E7 events only; else an empty tuple).
        offer: per own project, per other project the §8.4 cooperation offer.
    """

    first_event: int
    start: tuple[Act, ...]
    play: tuple[Act, ...]
    secure: tuple[Act, ...]
    discard: tuple[Act, ...]
    take: tuple[Act, ...]
    under: tuple[Act, ...]
    complete: tuple[Act, ...]
    attach: Lazy[Placements]
    attach_type: tuple[int, ...]
    attach_one: Lazy[PerProject]
    share: Lazy[Placements]
    share_types: tuple[int, ...]
    joker: Lazy[Placements]
    extra: Lazy[PerProject]
    setback: Lazy[PerProject]
    offer: Lazy[Lazy[Act]]


def _placements(verb: int, card: int, deck: Deck) -> Lazy[Placement]:
    """Per project the placements of ``card`` as each of its types (``verb``: attach, share, joker)."""
    types = deck.types[card]
    return Lazy(deck.n_projects, lambda p: tuple((p * 4 + t, t, act(verb, card, p, t)) for t in types))


def _per_project(verb: int, card: int, n: int, last: int = -1) -> Lazy[Act]:
    """Per project (or card) ``x < n`` the action ``act(verb, card, x, last)``."""
    return Lazy(n, lambda x: act(verb, card, x, last))


def build_tables(deck: Deck) -> ActionTables:
    """The tables of ``deck``: the one-card tables now, the others as they are asked for."""
    cards, projects, n, n_projects = range(deck.size), range(deck.n_projects), deck.size, deck.n_projects
    kind, template = deck.kind, deck.template
    never: Lazy[Placement] = Lazy(n_projects, lambda p: ())
    single = [deck.types[c][0] if kind[c] == FACTOR and len(deck.types[c]) == 1 else -1 for c in cards]
    sharable = [kind[c] == FACTOR or (kind[c] == EVENT and template[c] == 5) for c in cards]
    return ActionTables(
        first_event=next((c for c in cards if kind[c] == EVENT), deck.size),
        start=tuple(act(START, p) for p in projects),
        play=tuple(act(PLAY, c) for c in cards),
        secure=tuple(act(SECURE, c) for c in cards),
        discard=tuple(act(DISCARD, c) for c in cards),
        take=tuple(act(TAKE, c) for c in cards),
        under=tuple(act(UNDER, c) for c in cards),
        complete=tuple(act(COMPLETE, p) for p in projects),
        attach=Lazy(n, lambda c: _placements(ATTACH, c, deck) if kind[c] == FACTOR else never),
        attach_type=tuple(single),
        attach_one=Lazy(n, lambda c: _per_project(ATTACH, c, n_projects, single[c]) if single[c] >= 0 else ()),
        share=Lazy(n, lambda c: _placements(SHARE, c, deck) if sharable[c] else never),
        share_types=tuple(sum(1 << t for t in deck.types[c]) if sharable[c] else 0 for c in cards),
        joker=Lazy(n, lambda c: _placements(PLAY_JOKER, c, deck) if template[c] == 5 else never),
        extra=Lazy(n, lambda c: _per_project(PLAY_EXTRA, c, n_projects) if template[c] == 6 else ()),
        setback=Lazy(n, lambda c: _per_project(PLAY_SETBACK, c, n) if template[c] == 7 else ()),
        offer=Lazy(n_projects, lambda p: _per_project(OFFER, p, n_projects)),
    )

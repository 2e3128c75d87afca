"""The interned actions of one deck, laid out by their arguments for legal-action generation.

Search asks for the legal actions of millions of decisions (docs/bench.md, "Search speed"), so
``legal.py`` does not build or look up an action by its fields each time: it indexes these
tables, built once per game (``Busfaktor.tables``).  Every entry is the one interned
:func:`~.actions.act` value, so the tables change no action, only how fast it is found.
"""

from __future__ import annotations

from dataclasses import dataclass

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

Placements = tuple[tuple[tuple[int, int, Act], ...], ...]
"""Per project: ``(index into State.open, type, action)`` for each type the card may take there (its type order)."""


@dataclass(frozen=True, slots=True)
class ActionTables:
    """One deck's actions by their arguments (index = card or project id).

    Attributes:
        first_event: the lowest event id (ids: projects, then factors, then events, ``deck.py``).
        start, play, secure, discard, take, under, complete: the one-card action of each card.
        attach: per card, per project its §8.2 placements (factors only; empty for other cards).
        attach_type: per card, the one type of a factor with a single type, else -1.
        attach_one: per card, per project the attachment of such a factor (empty for other cards).
        share: the §11 shared-factor proposals the same way (factors and E5 jokers).
        share_types: per card, a bit per type it may be shared as (factors and E5 jokers; else 0).
        joker: the E5 joker plays the same way (E5 events only).
        extra: per card, per project the E6 Mehraufwand play (E6 events only; empty for other cards).
        setback: per card, per attached card the E7 Rückschlag play (E7 events only).
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
    attach: tuple[Placements, ...]
    attach_type: tuple[int, ...]
    attach_one: tuple[tuple[Act, ...], ...]
    share: tuple[Placements, ...]
    share_types: tuple[int, ...]
    joker: tuple[Placements, ...]
    extra: tuple[tuple[Act, ...], ...]
    setback: tuple[tuple[Act, ...], ...]
    offer: tuple[tuple[Act, ...], ...]


def _placements(verb: int, card: int, deck: Deck) -> Placements:
    return tuple(tuple((p * 4 + t, t, act(verb, card, p, t)) for t in deck.types[card]) for p in range(deck.n_projects))


def build_tables(deck: Deck) -> ActionTables:
    """The tables of ``deck``."""
    cards, projects = range(deck.size), range(deck.n_projects)
    kind, template = deck.kind, deck.template
    none: Placements = ((),) * deck.n_projects
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
        attach=tuple(_placements(ATTACH, c, deck) if kind[c] == FACTOR else none for c in cards),
        attach_type=tuple(single[c] for c in cards),
        attach_one=tuple(
            tuple(act(ATTACH, c, p, single[c]) for p in projects) if single[c] >= 0 else () for c in cards
        ),
        share=tuple(_placements(SHARE, c, deck) if sharable[c] else none for c in cards),
        share_types=tuple(sum(1 << t for t in deck.types[c]) if sharable[c] else 0 for c in cards),
        joker=tuple(_placements(PLAY_JOKER, c, deck) if template[c] == 5 else none for c in cards),
        extra=tuple(tuple(act(PLAY_EXTRA, c, p) for p in projects) if template[c] == 6 else () for c in cards),
        setback=tuple(tuple(act(PLAY_SETBACK, c, f) for f in cards) if template[c] == 7 else () for c in cards),
        offer=tuple(tuple(act(OFFER, p, q) for q in projects) for p in projects),
    )

"""The follow-up table of a finished game ("play again"): who sits where, under which names.

Same game, options, deck and clocks, a fresh seed, and the same people and bots, moved on by
the game's start-player convention (:meth:`busbahnhof.engine.Game.rematch_shift`; Busfahrer: the
deal passes on).  A human seat takes its player's token hash along: the link that opened the
finished table opens the follow-up table too, from any server process and even for a player who
was offline when the rematch was made (the finished table offers its successor on connect), and
no token is stored or passed around.  The creator stays the creator.  A default name is given
again for the new seat number in the table's language; a name someone chose stays with them.
"""

from __future__ import annotations

from dataclasses import replace

from .names import default_name, names_catalog
from .spec import TableSpec
from .table import Seat, Table


def rematch_order(table: Table) -> list[int]:
    """For each seat of the follow-up table, the seat of the finished table its player had."""
    players = len(table.seats)
    shift = table.game.rematch_shift(players) % players
    return [(seat + shift) % players for seat in range(players)]


def rematch_spec(table: Table, seed: int) -> TableSpec:
    """The finished table's spec with its seats in the new order and ``seed``."""
    seats = tuple(table.spec.seats[old] for old in rematch_order(table))
    return replace(table.spec, seats=seats, seed=seed, deck_text=table.deck_text)


def rematch_seats(table: Table) -> list[Seat]:
    """The follow-up table's seats: each player's bot or token hash and claim, and its name."""
    catalog = names_catalog(table.spec.lang)
    seats = []
    for new, old in enumerate(rematch_order(table)):
        seat = table.seats[old]
        chosen = seat.name != default_name(catalog, old, seat.bot)
        name = seat.name if chosen else default_name(catalog, new, seat.bot)
        seats.append(Seat(name=name, bot=seat.bot, token_hash=seat.token_hash, claimed=seat.claimed))
    return seats

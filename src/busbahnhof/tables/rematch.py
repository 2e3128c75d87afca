"""The follow-up table of a finished game ("play again"): who sits where, under which names.

Same game, options, deck and clocks, a fresh seed, and the same people and bots, moved on by
the game's start-player convention (:meth:`busbahnhof.engine.Game.rematch_shift`; Busfahrer: the
deal passes on).  Each person keeps their own name (a default "Spieler 1" too: the name stays
with the person, not the seat number); a bot with a default name is named for its new seat.

A token opens exactly one seat of one table: a human seat of the follow-up table gets a fresh
token.  It is :func:`follow_up_token` of the player's old token and the new table's id, and
the seat stores only the old token's hash (``heir_of``) until the player takes the offer up:
the finished table offers each connection its successor on connect or when the rematch opens
(from any server process, also to a player who was offline then), and the first offer stores
the new token's hash (:func:`take_up`).  The old link keeps opening the finished table, never
the new one.  The creator stays the creator.
"""

from __future__ import annotations

import base64
import hashlib
from collections.abc import Callable
from dataclasses import replace
from typing import Any

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
    """The follow-up table's seats: each person's name, claim and old token hash (``heir_of``);
    each bot, under its default name for the new seat unless it was given one."""
    catalog = names_catalog(table.spec.lang)
    seats = []
    for new, old in enumerate(rematch_order(table)):
        seat = table.seats[old]
        if seat.bot is None:
            seats.append(Seat(name=seat.name, claimed=seat.claimed, heir_of=seat.token_hash))
            continue
        chosen = seat.name != default_name(catalog, old, seat.bot)
        seats.append(Seat(name=seat.name if chosen else default_name(catalog, new, seat.bot), bot=seat.bot))
    return seats


def follow_up_token(token: str, successor_id: str) -> str:
    """The token of ``token``'s player at the follow-up table ``successor_id``: derived, so every
    process finds the same one, and telling nothing about ``token``."""
    digest = hashlib.sha256(f"rematch:{successor_id}:{token}".encode()).digest()
    return base64.urlsafe_b64encode(digest).decode("ascii").rstrip("=")


def take_up(old_hash: str, new_hash: str) -> Callable[[list[dict[str, Any]]], int | None]:
    """A change of the follow-up table's stored seats: the seat whose player had the token of
    ``old_hash`` gets the token of ``new_hash`` (unless it has another one already, e.g. re-issued
    by the creator); returns that seat or ``None``."""

    def change(seats: list[dict[str, Any]]) -> int | None:
        for number, seat in enumerate(seats):
            if seat.get("heir_of") == old_hash and seat["token_hash"] in (None, new_hash):
                seat["token_hash"] = new_hash
                return number
        return None

    return change

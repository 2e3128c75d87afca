"""Who plays at the load test's tables: each scripted human has a display name, and every client
checks that the name arrives as given.

The names are what people type: umlauts and other scripts, one letter to the limit of 32
characters, an accent typed as a separate combining mark (the server keeps it as one character,
NFC) and stray spaces (the server makes them one).  Every :data:`ESCAPING_EVERY`-th table has a
name that a careless page would take for markup (``<b>Ö</b>``): it must come back as exactly
those characters, never escaped or stripped on the server.

Half the humans create their table with their name in the creation's seat field (the lobby's
"create a table"); the other half find a table by its room code and join it with their name, as a
friend does (``POST /api/rooms/{code}/join``).  Both then connect with ``name=`` on the socket, as
the web client does (``web/ws.js``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

ESCAPING_EVERY = 5
"""Every fifth table's human has a name that looks like markup."""

NAMES: tuple[tuple[str, str], ...] = (
    ("Anna", "Anna"),
    ("Jürgen", "Jürgen"),
    ("Zoë", "Zoë"),
    ("Jose\u0301", "José"),  # e + combining acute accent: one character after NFC
    ("  Anna   Lena ", "Anna Lena"),
    ("Ö", "Ö"),
    ("Björn Ødegård", "Björn Ødegård"),
    ("Łukasz Wąsowski", "Łukasz Wąsowski"),
    ("Ἀλέξανδρος", "Ἀλέξανδρος"),
    ("Айгуль", "Айгуль"),
    ("李小龙", "李小龙"),
    ("Ayşe 🚌", "Ayşe 🚌"),
    ("Maximilian-Friedrich von Gößnitz", "Maximilian-Friedrich von Gößnitz"),  # 32 characters, the limit
    ("Fräulein Müller-Lüdenscheidt", "Fräulein Müller-Lüdenscheidt"),
)
"""(what the person types, the name every client must be shown)."""

ESCAPING: tuple[str, ...] = (
    "<b>Ö</b>",
    "<img src=x onerror=alert(1)>",
    'Zoë "Z" & Co',
    "Tom's </script>",
)
"""Names that must arrive as the very characters typed."""


@dataclass(frozen=True)
class Player:
    """The scripted human of one table.

    Attributes:
        typed: the name as typed (sent with the table's creation or the join, and on the socket).
        shown: the name the server must show every client (NFC, spaces made one).
        joins: joins the table by its room code instead of creating it with the name.
        markup: the name looks like markup (the human's chat does too: :mod:`.chatter`).
    """

    typed: str
    shown: str
    joins: bool
    markup: bool


def player_for(seed: int) -> Player:
    """The human of the table with seed ``seed`` (the same seed, the same player)."""
    joins = seed % 2 == 1
    if seed % ESCAPING_EVERY == 0:
        name = ESCAPING[seed // ESCAPING_EVERY % len(ESCAPING)]
        return Player(name, name, joins, markup=True)
    typed, shown = NAMES[seed % len(NAMES)]
    return Player(typed, shown, joins, markup=False)


def name_problem(summary: dict[str, Any], player: Player) -> str | None:
    """What is wrong with the human's name (seat 0) in a table summary a client received: ``None``
    (it is the name given), ``"missing"`` or ``"wrong"``."""
    seats = summary.get("seats") or []
    name = seats[0].get("name") if seats else None
    if not name:
        return "missing"
    return None if name == player.shown else "wrong"

"""What a table is made of: the game, its options, the seats and the clocks, as the creator asks for it.

A :class:`TableSpec` is plain data (JSON-ready through :meth:`TableSpec.to_dict`), checked by
:func:`busbahnhof.tables.service.TableService.create` against the game before a table exists.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

DEFAULT_THINK_SECONDS = 0.6
"""How long a bot waits before it moves, so that humans can follow the table."""
MAX_TURN_SECONDS = 7 * 24 * 3600
"""The longest turn timer: a week per decision (turn-based play, docs/turns.md)."""
LONG_TURN_SECONDS = 3600
"""A turn timer this long or longer makes a turn-based table: its clock runs from the last action
(it survives a restart) and its players get a turn mail (docs/turns.md)."""


@dataclass(frozen=True)
class SeatSpec:
    """One seat as created: a human seat (``bot is None``) or a bot seat.

    Attributes:
        name: the name shown at the table (``None``: "Spieler N" / "Bot N (mittel)" in the table's
            language, :mod:`busbahnhof.tables.names`).
        bot: the bot's name from the game's bot registry (``random``, ``ismcts``, ``heuristik``,
            ``kartenzaehler``...); the bot's name is also its strength.
    """

    name: str | None = None
    bot: str | None = None


@dataclass(frozen=True)
class TableSpec:
    """Everything needed to open a table.

    Attributes:
        game: the game id (``busfahrer``, ``bus``, ``busfaktor``).
        options: rule options as the game's options model takes them; a Busfahrer match is
            ``{"games": N}``. File-naming options (a deck path) are refused: a deck comes by content.
        seats: one entry per seat, in seat order.
        seed: the seed of the deal; ``None`` draws one (kept secret until the game ends).
        deck_text: for games with a deck (Busfaktor), the deck file's content (TOML).
        turn_seconds: the turn timer: seconds a human seat has for a decision before a bot plays
            for it (zombie mode, until its player is back); ``None``: no timer.
        zombie_bot: the bot that plays for a timed-out or departed seat (``None``: the game's own
            heuristic bot if it has one, else ``random``).
        think_seconds: the bots' think delay.
        abandon_seconds: a table whose human seats have all been empty this long is closed and
            kept as a finished record; ``None``: never.  Never shorter than two turn times
            (:attr:`abandon_after`): a turn-based table waits for players who are merely away.
        lang: the creator's language (``de`` or ``en``), set when the table is created from the
            request's language: the language of the default seat names, kept for a rematch.
        hints: whether a player may ask for a hint at their decisions (:mod:`busbahnhof.learn`;
            docs/web/hints.md); ``False`` for a table meant to be rated.
        public: opened in the public lobby, where strangers find it and take its free seats with
            one click while it has any (:mod:`busbahnhof.tables.lobby`; docs/web/lobby.md).
    """

    game: str
    options: dict[str, Any] = field(default_factory=dict)
    seats: tuple[SeatSpec, ...] = ()
    seed: int | None = None
    deck_text: str | None = None
    turn_seconds: float | None = None
    zombie_bot: str | None = None
    think_seconds: float = DEFAULT_THINK_SECONDS
    abandon_seconds: float | None = 3600.0
    lang: str = "de"
    hints: bool = True
    public: bool = False

    @property
    def players(self) -> int:
        """The number of seats."""
        return len(self.seats)

    @property
    def abandon_after(self) -> float | None:
        """Seconds without a connection and an action after which the table is closed: ``abandon_seconds``,
        but at least two turn times (a zombie bot moves for an absent player after one turn time, so a
        table with a long timer is never closed while its clock runs)."""
        if self.abandon_seconds is None:
            return None
        return max(self.abandon_seconds, 2 * (self.turn_seconds or 0))

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form (as stored with the table)."""
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> TableSpec:
        """The spec written by :meth:`to_dict`."""
        values = dict(data)
        values["seats"] = tuple(SeatSpec(**seat) for seat in values.get("seats", ()))
        return cls(**values)

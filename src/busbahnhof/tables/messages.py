"""The message each client gets: its own view of the table, built per seat and language.

Nothing here reads another seat's hidden information: the game part is ``state.view(seat, log=False)``
and ``state.dynamic_view(seat)`` (seat ``None`` for spectators; the public log goes out as rendered new lines), the
seed appears only once the game is over, and an uploaded deck appears by its label
(``upload:...``), never by content or path.

The parts of a view that never change at a table (the game's ``static_keys`` of ``view["state"]``,
such as Busfaktor's card texts, and its ``static_fields`` of list items, such as the ends of Bus's
streets) are left out of every view and sent once per connection as the
first message's ``static``; clients merge them back into each view.  Views hold no language (both
languages' texts are in the static part where a game has them), so a change of language needs no
second ``static``.

A client that asks for deltas (:attr:`LogCursor.deltas`, the WebSocket's ``delta=1``) gets its
first message whole and every later one as a ``delta``: the patch of its view against the version
it holds (:mod:`.delta`), the table summary and legal actions only when they changed, the new log
lines and the clock.  The patch is computed once per seat and version pair in a broadcast; each
seat's view of the version before stays kept as the base: the game's part of it encoded entry by
entry (:func:`state_parts`), the rest as it was built (:func:`seat_view_parts`).  The game's
part of a view (``"state"``) is built without its static parts in the first place
(``State.dynamic_view``), and in a game that shows every seat the same (``Game.public_view``: Bus,
Busfahrer) once per version for all seats, its patch once per broadcast (:func:`state_parts`).
"""

from __future__ import annotations

import weakref
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import orjson

from ..engine import Catalog, Event, Game
from .delta import REMOVE, diff
from .table import Table

STATIC_PARTS: weakref.WeakKeyDictionary[Game[Any, Any], orjson.Fragment | None] = weakref.WeakKeyDictionary()
"""Each built game's static view parts, encoded (:func:`static_part`)."""
MAX_CATALOGS = 4
"""Catalogs kept per table: one per language, and a spare for a change of seat names."""


@dataclass
class LogCursor:
    """What a client has been sent so far: how much of the log (game events and table events),
    whether it has the table's static view parts, and for a client that takes deltas (``deltas``)
    the version of the view it holds (``view``) and the summary and legal actions it was sent
    last (encoded)."""

    game: int = 0
    table: int = 0
    static: bool = False
    deltas: bool = False
    view: int | None = None
    summary: bytes = b""
    legal: bytes = b""

    def position(self) -> tuple[int, int, bool, bool, int | None, bytes, bytes]:
        """Everything the cursor holds: two clients at the same position get the same message."""
        return (self.game, self.table, self.static, self.deltas, self.view, self.summary, self.legal)

    def move_to(self, position: tuple[int, int, bool, bool, int | None, bytes, bytes]) -> None:
        """Take the position another cursor reached (:meth:`position`)."""
        self.game, self.table, self.static, self.deltas, self.view, self.summary, self.legal = position


def table_catalog(table: Table, lang: str) -> Catalog:
    """The game's catalog with the table's own messages (``table.*``) and the seat names.

    Built once per language and set of seat names and kept on the table: building one reads
    and merges the message files (about a millisecond), and every broadcast needs one.
    """
    key = (lang, tuple(table.seat_names()))
    catalog = table.catalogs.get(key)
    if catalog is None:
        if len(table.catalogs) >= MAX_CATALOGS:  # seat names changed: the old ones are not needed
            table.catalogs.clear()
            table.log_lines.clear()
        game_catalog = table.game.catalog(lang, key[1])
        packages = (game_catalog.packages[0], __package__ or "busbahnhof.tables", *game_catalog.packages[1:])
        catalog = table.catalogs[key] = Catalog(packages, lang, game_catalog.formatters)
    return catalog


def seat_view_json(table: Table, seat: int | None) -> bytes:
    """``state.view(seat, log=False)`` with the options in their public form and without the static
    parts, as JSON: what every whole message of that seat (every spectator's, for ``None``) carries,
    built from the view's kept entries (:func:`seat_view_parts`, :func:`state_parts`)."""
    view: dict[str, Any] = dict(seat_view_parts(table, seat))
    view["state"] = {name: orjson.Fragment(value) for name, value in state_parts(table, seat).items()}
    return orjson.dumps(view)


def seat_view_parts(table: Table, seat: int | None) -> dict[str, Any]:
    """``seat``'s view at the table's version without its ``"state"`` (:func:`state_parts`), built
    once per version and seat and kept as it is: a few small entries that are new with each view
    or never change (the options, numbers, the legal actions' notations, the outcome), so nothing
    can change them later, and comparing them costs less than encoding them.  The whole log is
    left out (a late Bus view: half of its cost): each message carries the log events its client
    has not seen yet (``log``).  Of each seat's older views the newest stays kept: the base of
    the next delta (:func:`.delta.diff`)."""
    key = (table.version, seat)
    parts = table.views.get(key)
    if parts is None:
        drop_older(table.views, seat)
        parts = table.state.view(seat, log=False, fresh=False, state=False)
        parts["options"] = table.options
        table.views[key] = parts
    return parts


def state_parts(table: Table, seat: int | None) -> dict[str, bytes]:
    """The ``"state"`` of ``seat``'s view at the table's version without its static keys and fields
    (``State.dynamic_view``), each entry encoded on its own; built once per version and seat, or
    once per version for all seats of a game whose view is the same for every seat
    (``Game.public_view``: kept under ``None``).  The newest older one stays kept, like the views."""
    holder = None if table.game.public_view else seat
    key = (table.version, holder)
    parts = table.states.get(key)
    if parts is None:
        drop_older(table.states, holder)
        view = table.state.dynamic_view(seat)
        parts = table.states[key] = {name: encode_value(value) for name, value in view.items()}
    return parts


def drop_older(kept: dict[tuple[int, int | None], Any], seat: int | None) -> None:
    """Forget ``seat``'s entries of ``kept`` (by version and seat) but the newest: the base of the
    next delta."""
    mine = [key for key in kept if key[1] == seat]  # a version or two: the newest older and the one before
    if len(mine) > 1:
        newest = max(mine)  # by version: the holder is the same
        for key in mine:
            if key != newest:
                del kept[key]


def parts_patch(old: Mapping[str, bytes], new: Mapping[str, bytes]) -> dict[str, Any] | None:
    """The patch of one encoded view's state into another (:func:`state_parts`):
    :func:`.delta.diff` of the decoded views, with equal entries found by their bytes and only
    changed ones decoded (``None``: nothing changed)."""
    patch: dict[str, Any] = {}
    for key, part in new.items():
        before = old.get(key)
        if before is None:
            patch[key] = [orjson.loads(part)]
        elif before != part:
            change = diff(orjson.loads(before), orjson.loads(part))
            if change is not None:
                patch[key] = change
    for key in old:
        if key not in new:
            patch[key] = REMOVE
    return patch or None


def encode_value(value: Any) -> bytes:
    """One view entry as JSON (non-text keys become text, as with ``json``)."""
    return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS)


def static_part(table: Table, seat: int | None) -> orjson.Fragment | None:
    """The parts of ``seat``'s view that never change at the table (``Game.split_static``: the
    static keys and fields of ``view["state"]``), encoded, or ``None`` for a game without any;
    sent once per connection.  The same for every table of one built game (``Game.static_keys``),
    so built once per game and kept as long as the game (:data:`STATIC_PARTS`)."""
    if table.game not in STATIC_PARTS:
        static = table.game.split_static(table.state.view(seat, log=False, fresh=False)["state"])[0]
        STATIC_PARTS[table.game] = (
            orjson.Fragment(orjson.dumps(static, option=orjson.OPT_NON_STR_KEYS)) if static else None
        )
    return STATIC_PARTS[table.game]


def new_log(table: Table, cursor: LogCursor, catalog: Catalog) -> list[orjson.Fragment]:
    """The log entries after ``cursor`` in order (game and table events merged), rendered and
    encoded; advances ``cursor``.

    Each entry is rendered once per catalog (language and seat names) and kept with the table
    (:attr:`Table.log_lines`): every later client of that language, and a reconnecting one, gets
    the same text without rendering it again.
    """
    game_lines, table_lines = table.log_lines.setdefault((catalog.lang, tuple(table.seat_names())), ([], []))
    log, events = table.state.log, table.events
    while len(game_lines) < len(log):
        game_lines.append(log_entry(log[len(game_lines)], "game", catalog))
    while len(table_lines) < len(events):
        table_lines.append(log_entry(events[len(table_lines)].event, "table", catalog))
    entries: list[orjson.Fragment] = []
    for index in range(cursor.game, len(log)):
        while cursor.table < len(events) and events[cursor.table].after <= index:
            entries.append(orjson.Fragment(table_lines[cursor.table]))
            cursor.table += 1
        entries.append(orjson.Fragment(game_lines[index]))
    cursor.game = len(log)
    entries.extend(orjson.Fragment(line) for line in table_lines[cursor.table :])
    cursor.table = len(events)
    return entries


def log_entry(event: Event, source: str, catalog: Catalog) -> bytes:
    """One log entry as a client gets it: the event, where it comes from (``game`` or ``table``)
    and its text in the catalog's language, encoded."""
    entry = {**event.to_dict(), "source": source, "text": catalog.render(event)}
    return orjson.dumps(entry, option=orjson.OPT_NON_STR_KEYS)


def seat_list(table: Table) -> list[dict[str, Any]]:
    """Who sits where, public: name, bot, claimed, connected, zombie, hints asked for."""
    return [
        {
            "seat": number,
            "name": seat.name,
            "bot": seat.bot,
            "claimed": seat.claimed or not seat.is_human,
            "connected": seat.connections > 0,
            "zombie": seat.zombie,
            "hints": seat.hints,
        }
        for number, seat in enumerate(table.seats)
    ]


def table_summary(table: Table) -> dict[str, Any]:
    """The public facts of the table (the seed only once the game is over)."""
    return {
        "id": table.id,
        "code": table.code,
        "game": table.game.id,
        "title": table.game.title,
        "options": table.options,
        "status": table.status,
        "paused": table.paused,
        "players": table.state.players,
        "seats": seat_list(table),
        "turn_seconds": table.spec.turn_seconds,
        "hints": table.spec.hints,
        "seed": table.seed if table.state.is_over else None,
        "left": table.left_seats(),
        "created_at": table.created_at,
    }


def clock(table: Table, now: float) -> dict[str, Any] | None:
    """The running turn clock: whose turn and the seconds left, or ``None`` without a timer."""
    if table.deadline is None or table.state.to_move is None:
        return None
    return {
        "seat": table.state.to_move,
        "remaining": max(0.0, round(table.deadline - now, 1)),
        "turn_seconds": table.spec.turn_seconds,
    }


def legal_moves(table: Table, seat: int | None, catalog: Catalog) -> list[dict[str, str]]:
    """The legal actions of ``seat`` if it decides now: notation and a description in the language."""
    if seat is None or not table.is_open or table.paused or table.state.to_move != seat:
        return []
    state, describe = table.state, table.game.describe_legal
    return [{"notation": str(action), "label": describe(state, action, catalog)} for action in state.legal_actions()]


class Broadcast:
    """One round of messages to a table's clients (after a change, or to a new client).

    What the messages share is built once: the table summary (encoded once), each seat's view
    (:func:`seat_view_json`, once per version), the catalogs per language, the legal actions per
    seat and language, the patches per seat and base version, and each message itself: clients
    of one seat and language whose cursors stand at the same place (spectators, mostly) get the
    same text.
    """

    def __init__(self, table: Table, now: float) -> None:
        self.table = table
        self.now = now
        self.summary = orjson.dumps(table_summary(table), option=orjson.OPT_NON_STR_KEYS)
        self.clock = clock(table, now)
        self.catalogs: dict[str, Catalog] = {}
        self.legal: dict[tuple[int | None, str], bytes] = {}
        self.patches: dict[tuple[int | None, int], bytes | None] = {}
        self.state_patches: dict[tuple[int | None, int], bytes | None] = {}
        self.sent: dict[tuple[Any, ...], tuple[str, tuple[int, int, bool, bool, int | None, bytes, bytes]]] = {}

    def message(self, seat: int | None, lang: str, cursor: LogCursor) -> str:
        """The message for one client at ``seat`` (``None``: spectator) in ``lang``, as JSON text;
        advances the client's cursor.

        Fields: ``type`` ("table"), ``version``, ``seat``, ``table`` (:func:`table_summary`),
        ``view`` (:func:`seat_view_json`, without the static parts), ``legal`` (notation and label),
        ``log`` (new events, rendered), ``clock``; the client's first message of a game with
        static parts also ``static`` (:func:`static_part`).  A client that takes deltas and holds
        a view gets a ``delta`` instead (:meth:`delta`).
        """
        key = (seat, lang, *cursor.position())
        shared = self.sent.get(key)
        if shared is None:
            text = self.build(seat, lang, cursor)
            self.sent[key] = (text, cursor.position())
            return text
        cursor.move_to(shared[1])
        return shared[0]

    def build(self, seat: int | None, lang: str, cursor: LogCursor) -> str:
        """The message :meth:`message` sends, built; advances ``cursor``."""
        catalog = self.catalogs.get(lang)
        if catalog is None:
            catalog = self.catalogs[lang] = table_catalog(self.table, lang)
        legal = self.legal_json(seat, lang, catalog)
        if cursor.deltas and cursor.view is not None:
            delta = self.delta(seat, cursor, legal)
            if delta is not None:
                delta["log"] = new_log(self.table, cursor, catalog)
                delta["clock"] = self.clock
                return encode(delta)
        message: dict[str, Any] = {
            "type": "table",
            "version": self.table.version,
            "seat": seat,
            "table": orjson.Fragment(self.summary),
            "view": orjson.Fragment(seat_view_json(self.table, seat)),
            "legal": orjson.Fragment(legal),
            "log": new_log(self.table, cursor, catalog),
            "clock": self.clock,
        }
        if not cursor.static:
            static = static_part(self.table, seat)
            if static is not None:
                message["static"] = static
            cursor.static = True
        cursor.view, cursor.summary, cursor.legal = self.table.version, self.summary, legal
        return encode(message)

    def delta(self, seat: int | None, cursor: LogCursor, legal: bytes) -> dict[str, Any] | None:
        """The changes since what the client holds (``cursor``): ``type`` ("delta"), ``version``,
        ``base`` (the version the client holds), ``seat``, ``view`` (the patch of the view, when
        the version moved on), ``table`` and ``legal`` (only when they changed); ``None`` when
        the client's view is no longer kept (it gets a whole message).  Advances ``cursor``."""
        base = cursor.view
        if base is None:
            return None
        message: dict[str, Any] = {"type": "delta", "version": self.table.version, "base": base, "seat": seat}
        if base != self.table.version:
            patch = self.patch(seat, base)
            if patch is None:
                return None
            message["view"] = orjson.Fragment(patch)
        if cursor.summary != self.summary:
            message["table"] = orjson.Fragment(self.summary)
        if cursor.legal != legal:
            message["legal"] = orjson.Fragment(legal)
        cursor.view, cursor.summary, cursor.legal = self.table.version, self.summary, legal
        return message

    def patch(self, seat: int | None, base: int) -> bytes | None:
        """The patch of ``seat``'s view from version ``base`` to now (:func:`.delta.diff`; its
        ``"state"``: :meth:`state_patch`), encoded; ``None`` when the view of ``base`` is no
        longer kept."""
        key = (seat, base)
        if key not in self.patches:
            old = self.table.views.get((base, seat))
            state = self.state_patch(seat, base)
            if old is None or state is None:
                self.patches[key] = None
            else:
                patch = diff(old, seat_view_parts(self.table, seat)) or {}
                if state != b"null":
                    patch["state"] = orjson.Fragment(state)
                self.patches[key] = orjson.dumps(patch or None)
        return self.patches[key]

    def state_patch(self, seat: int | None, base: int) -> bytes | None:
        """The patch of the ``"state"`` of ``seat``'s view from version ``base`` to now, encoded
        (``null``: unchanged), computed once per broadcast for all seats that share it
        (:func:`state_parts`); ``None`` when the one of ``base`` is no longer kept."""
        holder = None if self.table.game.public_view else seat
        key = (holder, base)
        if key not in self.state_patches:
            old = self.table.states.get((base, holder))
            new = state_parts(self.table, seat)
            self.state_patches[key] = None if old is None else orjson.dumps(parts_patch(old, new))
        return self.state_patches[key]

    def legal_json(self, seat: int | None, lang: str, catalog: Catalog) -> bytes:
        """The legal actions of ``seat`` in ``lang`` (:func:`legal_moves`), encoded once per round."""
        key = (seat, lang)
        encoded = self.legal.get(key)
        if encoded is None:
            encoded = self.legal[key] = orjson.dumps(legal_moves(self.table, seat, catalog))
        return encoded


def encode(message: dict[str, Any]) -> str:
    """``message`` as compact JSON text (orjson: several times faster than ``json``; non-text
    keys become text as with ``json``; pre-encoded parts, ``orjson.Fragment``, go in as they are)."""
    return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode("utf-8")

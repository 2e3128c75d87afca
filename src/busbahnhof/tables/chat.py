"""Chat at a table: plain text from the seats, length and rate limited, stored, sent live to every client.

Who may write: the players (a seat's connection), during the game and after it (the finished
table stays a place to talk about it).  Spectators read but do not write: a table's chat is
its players' conversation, and a room code must not open it to anonymous strangers.  A message
is plain text (NFC; line breaks and tabs become spaces; no other control or invisible
formatting characters), 1 to :data:`MAX_CHARS` characters; a seat may send :data:`BURST`
messages within :data:`WINDOW_SECONDS`.  Refusals are data with ``chat/*`` codes and a catalog
key (``chat.error.*``, German and English).

Each message is stored with the table's version at the time (``busbahnhof.store.LobbyStore``),
so the replay shows it where it was said, and only then sent to every client of the table in this process
as ``{"type": "chat", "messages": [{"id", "seat", "name", "text", "version", "at"}]}``.  Clients
draw it as text, never as markup.  Messages said while a write is in flight are stored together
(one transaction, one hand-off to a thread: :class:`~.commits.GroupCommit`, as the actions are);
the order of their ids is the order of the chat.
"""

from __future__ import annotations

import asyncio
import time
import unicodedata
from collections import deque
from collections.abc import Callable
from typing import Any, Protocol

from .commits import GroupCommit, in_store
from .errors import SpectatorError, TableError
from .messages import encode
from .service import Connection, TableService

MAX_CHARS = 300
"""The longest message, in characters."""
BURST = 5
"""Messages a seat may send within :data:`WINDOW_SECONDS`."""
WINDOW_SECONDS = 10.0
FORGET_AFTER_SEATS = 10_000
"""Past this many seats counted, the counts of seats quiet for a whole window are dropped."""
HISTORY = 200
"""The most messages a client is given at once (the newest)."""
SPACES = {"\n", "\r", "\t"}
FORBIDDEN_CATEGORIES = {"Cc", "Cf", "Co", "Cn", "Zl", "Zp"}


class ChatError(TableError):
    """A chat message refused; nothing was stored or sent."""

    code = "chat/invalid"


class EmptyChatError(ChatError):
    """A message with no text."""

    code = "chat/empty"


class ChatTooLongError(ChatError):
    """A message over :data:`MAX_CHARS` characters."""

    code = "chat/too_long"


class ChatCharacterError(ChatError):
    """A message with a control or invisible formatting character."""

    code = "chat/character"


class ChatTooFastError(ChatError):
    """More than :data:`BURST` messages of one seat within :data:`WINDOW_SECONDS`."""

    code = "chat/too_fast"


class ChatStore(Protocol):
    """Chat messages in the store (implemented by ``busbahnhof.store.LobbyStore``)."""

    def add_chats(self, messages: list[dict[str, Any]]) -> list[int]:
        """Store messages ``{"table_id", "seat", "name", "text", "version", "at"}`` in one
        transaction; returns their ids, ascending in the order given."""
        ...

    def chat(self, table_id: str, after: int = 0, limit: int = HISTORY) -> list[dict[str, Any]]:
        """The table's messages with an id above ``after``, the newest ``limit``, oldest first."""
        ...


def chat_text(text: str) -> str:
    """``text`` as a chat message: NFC, line breaks and tabs as spaces, trimmed.

    Raises:
        EmptyChatError, ChatTooLongError, ChatCharacterError.
    """
    if len(text) > MAX_CHARS * 4:  # far over the limit: refused before any work on it
        raise too_long()
    normal = "".join(" " if ch in SPACES else ch for ch in unicodedata.normalize("NFC", text)).strip()
    if not normal:
        raise EmptyChatError("a chat message needs some text", key="chat.error.empty")
    if len(normal) > MAX_CHARS:
        raise too_long()
    if any(unicodedata.category(ch) in FORBIDDEN_CATEGORIES for ch in normal):
        raise ChatCharacterError(
            "a chat message is plain text, without control or invisible characters", key="chat.error.character"
        )
    return normal


def too_long() -> ChatTooLongError:
    """The refusal of a message over the limit."""
    return ChatTooLongError(
        f"a chat message has at most {MAX_CHARS} characters", key="chat.error.too_long", limit=MAX_CHARS
    )


class Chat:
    """The chat of the tables of this process.

    Args:
        service: the tables (seats, names, versions, connected clients).
        store: where messages are kept.
        clock: a monotonic clock (the rate limit).
        wall_clock: seconds since the epoch (the messages' time).
    """

    def __init__(
        self,
        service: TableService,
        store: ChatStore,
        clock: Callable[[], float] = time.monotonic,
        wall_clock: Callable[[], float] = time.time,
    ) -> None:
        self.service = service
        self.store = store
        self.clock = clock
        self.wall_clock = wall_clock
        self._sent: dict[tuple[str, int], deque[float]] = {}
        self._messages: GroupCommit[dict[str, Any], int] = GroupCommit(in_store(store.add_chats, asyncio.to_thread))

    async def say(self, connection: Connection, text: str) -> dict[str, Any]:
        """Store what the seat of ``connection`` said and send it to every client of the table.

        Raises:
            SpectatorError: a spectator's connection; ChatError: the text or the rate.
        """
        seat = connection.seat
        if seat is None:
            raise SpectatorError("spectators read the chat; the players write", key="chat.error.spectator")
        normal = chat_text(text)
        self._take_turn(connection.table_id, seat)
        table = await self.service.table(connection.table_id)
        message = {
            "table_id": table.id,
            "seat": seat,
            "name": table.seats[seat].name,
            "text": normal,
            "version": table.version,
            "at": self.wall_clock(),
        }
        message_id = await self._messages.append(message)
        said = {"id": message_id, **{key: value for key, value in message.items() if key != "table_id"}}
        payload = encode({"type": "chat", "messages": [said]})
        clients = list(self.service.connections.get(table.id, []))
        await asyncio.gather(*(client.client.send(payload) for client in clients), return_exceptions=True)
        return said

    async def close(self) -> None:
        """Wait until every message handed in is stored (or refused)."""
        await self._messages.close()

    def _take_turn(self, table_id: str, seat: int) -> None:
        """Count a message of the seat, refusing it past :data:`BURST` within :data:`WINDOW_SECONDS`."""
        now = self.clock()
        if len(self._sent) > FORGET_AFTER_SEATS:  # seats quiet for a whole window need no count
            self._sent = {key: times for key, times in self._sent.items() if now - times[-1] < WINDOW_SECONDS}
        sent = self._sent.setdefault((table_id, seat), deque())
        while sent and now - sent[0] >= WINDOW_SECONDS:
            sent.popleft()
        if len(sent) >= BURST:
            wait = max(1, round(WINDOW_SECONDS - (now - sent[0])))
            raise ChatTooFastError(
                f"at most {BURST} messages in {WINDOW_SECONDS:g} seconds; wait {wait} s",
                key="chat.error.too_fast",
                count=BURST,
                seconds=round(WINDOW_SECONDS),
                wait=wait,
            )
        sent.append(now)

    async def history(self, table_id: str, after: int = 0) -> list[dict[str, Any]]:
        """The table's messages after id ``after`` (the newest :data:`HISTORY`), oldest first.

        Raises:
            UnknownTableError: no such table.
        """
        await self.service.table(table_id)
        return await asyncio.to_thread(self.store.chat, table_id, after, HISTORY)

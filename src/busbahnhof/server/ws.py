"""The WebSocket: one connection per client and table, ``/ws?table=ID&token=T&lang=de`` (a seat) or
``/ws?room=CODE`` (a spectator; with ``token`` a seat, too).  A seat's ``name=`` (a display name,
checked by :func:`busbahnhof.players.names.display_name`) becomes the seat's name; with a live
session cookie the seat is claimed for the account and takes its display name instead
(:mod:`.api.seating`).  A seat's new
connection takes the seat over: an older one is sent ``{"type": "taken_over"}`` and closed with 4409.

On connect, and after every change of the table, the client receives its own ``table`` message
(version, its seat's view, its legal actions, new log lines in its language, the clock), built
by :mod:`busbahnhof.tables.messages`; a reconnecting client starts with the whole log again.
With ``delta=1`` only the first message is whole: every later one is a ``delta`` against the
version the client holds (docs/web/wire.md).  With ``batch=1`` the messages queued for the client
by the time its writer runs go out in one frame, as a JSON array in order (one message alone
stays a frame of its own): the acting client's ``result`` rides in the frame of the table message
its action caused, and a client that falls behind gets several versions in one write.
The client sends JSON messages:

* ``{"type": "action", "version": N, "action": "guess red"}``: answered with
  ``{"type": "result", "ok": true, "version": N+1}`` or ``{"type": "result", "ok": false,
  "version": N, "error": {code, message, rule, key, params, text}}``;
* ``{"type": "lang", "lang": "en"}``: later messages in that language;
* ``{"type": "leave"}`` (a bot plays the seat until its player is back), ``{"type": "back"}``;
* ``{"type": "ping"}``: answered with ``{"type": "pong"}``;
* ``{"type": "resync"}``: the whole ``table`` message again (a delta client that lost its base);
* ``{"type": "chat", "text": "Gut gespielt!"}``: a seat's chat message (:mod:`busbahnhof.tables.chat`),
  sent to every client of the table as ``{"type": "chat", "messages": [...]}``; refused with an
  ``error`` (``chat/*`` codes) past its length or rate.

Anything else, a message over the size limit, or messages faster than the connection's rate get
``{"type": "error", "error": {...}}`` (the connection stays); a client that keeps flooding is
disconnected.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from ..engine import LANGUAGES, GameError
from ..tables import Connection, ElsewhereError, TableService, UnknownTableError, UnknownTokenError
from ..tables.chat import Chat
from ..tables.messages import encode
from .api.deps import pick_lang
from .api.seating import link_seat_name
from .config import Settings
from .errors import BadMessageError, MessageTooLargeError, ServerError, ThrottledError, error_data
from .limits import TokenBucket
from .logs import event, server_log
from .security_headers import accept_from_allowed_origin

router = APIRouter()

MAX_QUEUE = 256
MAX_ACTION_LENGTH = 500
CLOSE_NORMAL = 1000
CLOSE_POLICY = 1008
CLOSE_REFUSED = {UnknownTableError: 4404, UnknownTokenError: 4403, ElsewhereError: 4307}
"""Close codes of refused connections; 4307: another process owns the table (the error's ``params.url``)."""
CLOSE_BAD_REQUEST = 4400
FLUSH_SECONDS = 2.0


class ClientTooSlowError(ConnectionError):
    """A client's outgoing queue is full: it reads slower than its table changes."""


class SocketClient:
    """A WebSocket as a table client: messages are queued and written in order by one writer task,
    so a slow client never holds up its table; one that falls :data:`MAX_QUEUE` messages behind
    is dropped.

    Attributes:
        lang: the language of its messages (the client may change it).
        batch: whether the messages queued by the time the writer runs go out in one frame (a
            JSON array); each is a frame of its own otherwise.
    """

    def __init__(self, websocket: WebSocket, lang: str, *, batch: bool = False) -> None:
        self.websocket = websocket
        self.lang = lang
        self.batch = batch
        self.queue: asyncio.Queue[str | None] = asyncio.Queue(MAX_QUEUE)
        self.closed = False
        self.writer = asyncio.create_task(self._write())

    async def send(self, message: str) -> None:
        """Queue ``message`` (JSON text); raises :class:`ClientTooSlowError` when the client is gone
        or too far behind."""
        if self.closed:
            raise ClientTooSlowError("the client is gone")
        try:
            self.queue.put_nowait(message)
        except asyncio.QueueFull:
            self.closed = True
            raise ClientTooSlowError("the client reads too slowly") from None

    async def reply(self, message: dict[str, Any]) -> None:
        """Queue ``message`` (an answer of the socket's own: a result, an error, a pong) as JSON text."""
        await self.send(encode(message))

    async def _write(self) -> None:
        """Write the queued messages in order until the closing mark (``None``): one frame per
        message, or for a batching client all that are queued in one frame (one write)."""
        while True:
            texts = [await self.queue.get()]
            while self.batch and texts[-1] is not None and not self.queue.empty():
                texts.append(self.queue.get_nowait())
            messages = [text for text in texts if text is not None]
            if len(messages) > 1:
                await self.websocket.send_text(f"[{','.join(messages)}]")
            elif messages:
                await self.websocket.send_text(messages[0])
            if texts[-1] is None:
                return

    async def close(self, code: int = CLOSE_NORMAL) -> None:
        """Send what is queued (for a short while at most), then close the socket."""
        self.closed = True
        with contextlib.suppress(asyncio.QueueFull):
            self.queue.put_nowait(None)
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.writer, FLUSH_SECONDS)
        self.writer.cancel()
        with contextlib.suppress(Exception):
            await self.websocket.close(code)


@router.websocket("/ws")
async def table_socket(
    websocket: WebSocket,
    table: str | None = None,
    room: str | None = None,
    token: str | None = None,
    lang: str | None = None,
    name: str | None = None,
    delta: str | None = None,
    batch: str | None = None,
) -> None:
    """One client at one table (see the module's description)."""
    service: TableService = websocket.app.state.service
    settings: Settings = websocket.app.state.settings
    if not await accept_from_allowed_origin(websocket, settings.allowed_origins):
        return
    client = SocketClient(websocket, pick_lang(lang, websocket.headers.get("accept-language")), batch=batch == "1")
    connection: Connection | None = None
    close_code = CLOSE_NORMAL
    started = time.monotonic()
    try:
        table_id = await resolve_table(service, table, room)
        seat_name = await link_seat_name(websocket.app.state.players, websocket.cookies, table_id, token, name)
        connection = await service.connect(table_id, token, client, name=seat_name, take_over=True, deltas=delta == "1")
        event(server_log, "ws connected", table=table_id, seat=connection.seat, lang=client.lang)
        close_code = await receive_loop(websocket, service, settings, connection, client, token)
    except GameError as error:
        with contextlib.suppress(ClientTooSlowError):
            await client.reply({"type": "error", "error": error_data(error, client.lang)})
        close_code = next((code for kind, code in CLOSE_REFUSED.items() if isinstance(error, kind)), CLOSE_BAD_REQUEST)
    except (WebSocketDisconnect, ClientTooSlowError):
        pass
    finally:
        if connection is not None:
            await service.disconnect(connection)
            event(
                server_log,
                "ws closed",
                table=connection.table_id,
                seat=connection.seat,
                code=close_code,
                seconds=round(time.monotonic() - started, 1),
            )
        await client.close(close_code)


async def resolve_table(service: TableService, table: str | None, room: str | None) -> str:
    """The table id named by ``table`` or found by room code ``room``."""
    if table:
        return table
    if room:
        return await service.find(room)
    raise ServerError("name a table or a room", key="server.error.no_table")


async def receive_loop(
    websocket: WebSocket,
    service: TableService,
    settings: Settings,
    connection: Connection,
    client: SocketClient,
    token: str | None,
) -> int:
    """Answer the client's messages until it goes; returns the close code."""
    bucket = TokenBucket(settings.ws_rate, settings.ws_burst)
    strikes = 0
    while True:
        received = await websocket.receive()
        if received["type"] == "websocket.disconnect":
            return CLOSE_NORMAL
        raw = received.get("text")
        data: bytes = raw.encode("utf-8") if raw is not None else received.get("bytes") or b""
        if not bucket.take():
            strikes += 1
            if strikes == 1:
                error = ThrottledError("too many messages", key="server.error.throttled", rate=settings.ws_rate)
                await client.reply({"type": "error", "error": error_data(error, client.lang)})
            if strikes >= settings.ws_strikes:
                event(server_log, "ws throttled", logging.WARNING, table=connection.table_id, seat=connection.seat)
                return CLOSE_POLICY
            continue
        strikes = 0
        if len(data) > settings.max_ws_message_bytes:  # refused (a 1 MB chat message too); the connection stays
            limit = settings.max_ws_message_bytes
            too_large = MessageTooLargeError(
                f"the message is larger than {limit} bytes", key="server.error.too_large", limit=limit
            )
            await client.reply({"type": "error", "error": error_data(too_large, client.lang)})
            continue
        try:
            reply = await handle(service, connection, client, token, data, websocket.app.state.chat)
        except GameError as error:
            reply = {"type": "error", "error": error_data(error, client.lang)}
        if reply is not None:
            await client.reply(reply)
        if client.closed:
            return CLOSE_NORMAL


def parse_message(data: bytes) -> dict[str, Any]:
    """The client's message as a JSON object."""
    try:
        message = json.loads(data)
    except (json.JSONDecodeError, UnicodeDecodeError) as problem:
        raise BadMessageError(f"not JSON: {problem}", key="server.error.bad_json", problem=str(problem)) from None
    if not isinstance(message, dict):
        raise bad_message("a message is a JSON object")
    return message


def bad_message(problem: str) -> BadMessageError:
    """A refusal of a message that is JSON but not a known message."""
    return BadMessageError(f"bad message: {problem}", key="server.error.bad_message", problem=problem)


async def handle(
    service: TableService, connection: Connection, client: SocketClient, token: str | None, data: bytes, chat: Chat
) -> dict[str, Any] | None:
    """Carry out one client message; returns the answer for this client (``None``: none)."""
    message = parse_message(data)
    kind = message.get("type", "action")
    if kind == "action":
        version, action = message.get("version"), message.get("action")
        if isinstance(version, bool) or not isinstance(version, int):
            raise bad_message("'version' must be the whole number of the table's version")
        if not isinstance(action, str) or not 0 < len(action) <= MAX_ACTION_LENGTH:
            raise bad_message(f"'action' must be the action's text (1 to {MAX_ACTION_LENGTH} characters)")
        started = time.perf_counter()
        result = await service.submit(connection.table_id, token, version, action, client.lang)
        answer = result.to_dict()
        fields = {"table": connection.table_id, "seat": connection.seat, "version": answer["version"]}
        milliseconds = round((time.perf_counter() - started) * 1000, 2)
        if answer["ok"]:
            event(server_log, "action accepted", logging.DEBUG, ms=milliseconds, **fields)
        else:
            event(server_log, "action refused", code=answer["error"]["code"], ms=milliseconds, **fields)
        return {"type": "result", "action": action, **answer}
    if kind == "lang":
        lang = message.get("lang")
        if lang not in LANGUAGES:
            raise bad_message(f"'lang' must be one of {', '.join(LANGUAGES)}")
        client.lang = str(lang)
        return {"type": "lang", "lang": client.lang}
    if kind == "leave":
        await service.leave(connection)
        client.closed = True
        return None
    if kind == "back":
        await service.back(connection)
        return None
    if kind == "ping":
        return {"type": "pong"}
    if kind == "resync":
        await service.resync(connection)
        return None
    if kind == "chat":
        text = message.get("text")
        if not isinstance(text, str):
            raise bad_message("'text' must be the chat message's text")
        await chat.say(connection, text)  # every client of the table gets it, this one too
        return None
    raise bad_message(f"unknown message type {str(kind)[:40]!r}; types: action, lang, leave, back, ping, resync, chat")

"""What a browser may do with the server's answers, and which pages may talk to it.

Every HTTP answer carries a Content-Security-Policy (:data:`CONTENT_SECURITY_POLICY`: scripts,
styles, images and connections from this origin only, the favicon as a ``data:`` URL, no framing),
``X-Frame-Options: DENY``, ``X-Content-Type-Options: nosniff`` and ``Referrer-Policy: same-origin``
(seat tokens travel in URLs; no other site learns them from a ``Referer``).

:func:`origin_allowed` decides whether a browser page may talk to the server: a request without an
``Origin`` (the CLI, the load test, test clients) may; otherwise the Origin must be the server's own
(its host and port equal the request's ``Host`` header; ``localhost``, ``127.0.0.1`` and ``[::1]``
count as one host) or one of ``Settings.allowed_origins``.  The WebSocket checks it before it
accepts (:mod:`.ws`); :class:`SecurityHeaders` refuses a state-changing request that carries the
session cookie from a foreign Origin with 403 ``server/foreign_origin`` (on top of the players'
CSRF token, :mod:`.api.players_deps`).
"""

from __future__ import annotations

from collections.abc import Iterable
from urllib.parse import urlsplit

from fastapi.responses import JSONResponse
from starlette.requests import Request
from starlette.status import WS_1008_POLICY_VIOLATION as WS_CLOSE_POLICY
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from starlette.websockets import WebSocket

from .api.deps import pick_lang
from .api.players_deps import SESSION_COOKIE
from .errors import ServerError, error_data
from .logs import event, server_log

CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
    "object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"
)
"""Styles set from scripts go through the CSSOM (``el.style``), which ``style-src 'self'`` allows;
no page or script writes a ``style`` attribute, so no ``'unsafe-inline'``."""
SECURITY_HEADERS = (
    (b"content-security-policy", CONTENT_SECURITY_POLICY.encode()),
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"same-origin"),
)
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
LOOPBACK_NAMES = frozenset({"localhost", "127.0.0.1", "::1"})
DEFAULT_PORTS = {"http": 80, "ws": 80, "https": 443, "wss": 443}
MAX_LOGGED_ORIGIN = 200


class ForeignOriginError(ServerError):
    """A browser page of another site tried to talk to the server."""

    code = "server/foreign_origin"


def normal_origin(origin: str) -> str:
    """``origin`` as compared: lower case, without a trailing slash."""
    return origin.strip().rstrip("/").lower()


def origin_allowed(origin: str | None, host: str | None, scheme: str, allowed: Iterable[str] = ()) -> bool:
    """Whether a request with header ``Origin: origin`` to ``Host: host`` over ``scheme`` may talk to the
    server (see the module's description); ``allowed`` are the configured further origins."""
    if origin is None:
        return True
    origin = normal_origin(origin)
    if origin in {normal_origin(other) for other in allowed}:
        return True
    if host is None:
        return False
    try:
        page = urlsplit(origin)
        server = urlsplit(f"//{host.strip().lower()}")
        page_place = (page.hostname, page.port or DEFAULT_PORTS.get(page.scheme))
        server_place = (server.hostname, server.port or DEFAULT_PORTS.get(scheme))
    except ValueError:
        return False
    if page.scheme not in ("http", "https") or page.hostname is None:
        return False
    if page_place == server_place:
        return True
    return page.hostname in LOOPBACK_NAMES and server.hostname in LOOPBACK_NAMES and page_place[1] == server_place[1]


def logged_origin(origin: str | None) -> str | None:
    """An Origin header as it may go into the log (shortened; it carries no token)."""
    return None if origin is None else origin[:MAX_LOGGED_ORIGIN]


async def accept_from_allowed_origin(websocket: WebSocket, allowed: Iterable[str] = ()) -> bool:
    """Accept a WebSocket whose Origin may talk to the server (``origin_allowed``); another is
    logged and closed with 1008 (policy violation). Whether it was accepted."""
    origin = websocket.headers.get("origin")
    if not origin_allowed(origin, websocket.headers.get("host"), websocket.url.scheme, allowed):
        event(server_log, "ws refused", reason="origin", origin=logged_origin(origin))
        await websocket.close(WS_CLOSE_POLICY)
        return False
    await websocket.accept()
    return True


class SecurityHeaders:
    """ASGI middleware: the security headers on every HTTP answer; a cookie-authenticated
    state-changing request from a foreign Origin is refused (403) before it reaches a route."""

    def __init__(self, app: ASGIApp, allowed_origins: Iterable[str] = ()) -> None:
        self.app = app
        self.allowed_origins = tuple(allowed_origins)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *SECURITY_HEADERS]
            await send(message)

        request = Request(scope)
        if request.method not in SAFE_METHODS and SESSION_COOKIE in request.cookies:
            origin = request.headers.get("origin")
            if not origin_allowed(origin, request.headers.get("host"), request.url.scheme, self.allowed_origins):
                error = ForeignOriginError("requests from another site are refused", key="server.error.foreign_origin")
                event(server_log, "http refused", reason="origin", origin=logged_origin(origin), path=scope["path"])
                lang = pick_lang(request.query_params.get("lang"), request.headers.get("accept-language"))
                response = JSONResponse({"error": error_data(error, lang)}, status_code=403)
                await response(scope, receive, send_with_headers)
                return
        await self.app(scope, receive, send_with_headers)

"""The FastAPI application: ``create_app(settings)`` builds one, with its own store and table service.

Routes: ``/healthz``; the REST API under ``/api`` (:mod:`.api.routes`); the WebSocket ``/ws``
(:mod:`.ws`); the web client's static files at ``/`` when the package ``busbahnhof.web`` ships
them.  On PostgreSQL each open table is owned by one process (:mod:`.owners`), which adopts the
tables of stopped or dead processes.  Every refusal is data (``{"error": {code, message, rule,
key, params, text}}``) with a fitting HTTP status; request bodies are bounded
(:class:`.limits.BodyLimit`).  HTTP responses of
:data:`GZIP_MINIMUM_BYTES` or more go out gzip-compressed to clients that accept it (scripts,
stylesheets, catalogs, API answers; images already compressed are left alone); WebSocket messages
are not touched by it (their compression is the WebSocket server's permessage-deflate).
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from importlib import resources

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles
from sqlalchemy.engine import make_url
from starlette.middleware.gzip import GZipMiddleware

from ..engine import GameError
from ..store import Store
from ..tables import TableService
from .api.deps import pick_lang
from .api.lobby_deps import close_lobby, open_lobby
from .api.players_deps import players_hub
from .api.routes import accounts, chat, games, health, hints, lobby, players, qr, reviews, rooms, tables, workshop
from .api.routes import lessons as lesson_routes
from .api.routes import turns as turn_routes
from .api.routes import workbench as workbench_routes
from .api.routes.workshop import close_workshops, open_workshops
from .background import Background
from .config import Settings
from .errors import ServerError, error_data, http_status
from .heap import settle_heap
from .limits import BodyLimit
from .logs import AccessLog, event, server_log
from .owners import adopt_forever, node_url
from .periodic import cancel_and_wait
from .security_headers import SecurityHeaders
from .stalls import StallWatch
from .turn_mails import turn_mail_hook
from .ws import router as ws_router

WEB_PACKAGE = "busbahnhof.web"
POSTGRES_STORE_WORKERS = 2
"""Store threads on PostgreSQL: one for the batch of actions in flight (:class:`~..tables.commits.GroupCommit`
sends one at a time), one for every other call.  More threads only add holders of the interpreter
lock: with 8, two processes at 700 tables held their event loops 40-250 ms at a time while the
threads ran psycopg and SQLAlchemy code (moves p99 241-276 ms, against 81-100 ms with 1 or 2;
docs/deploy.md, "Fifth pass")."""
GZIP_MINIMUM_BYTES = 1024
"""Smaller responses go out as they are: a few hundred bytes gain little and cost a header and CPU."""
GZIP_LEVEL = 6
"""zlib's default level: within a few per cent of level 9's size at a fraction of its CPU."""


def create_app(settings: Settings | None = None) -> FastAPI:
    """A server on the store ``settings.db`` (the store is opened and the tables rebuilt at startup)."""
    settings = settings or Settings()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store = Store(settings.db)
        workers = settings.store_workers
        if workers is None:
            workers = POSTGRES_STORE_WORKERS if store.is_postgres else 1
        people = players_hub(store, settings)
        background = Background(store, settings.job_workers, settings.job_retention_days)

        async def finished(table_id: str) -> None:
            await people.settle(table_id)
            await background.table_finished(table_id)

        _, turn_mail_waiting = turn_mail_hook(store, settings)
        service = TableService(
            store,
            bot_processes=settings.bot_processes,
            bot_processes_max=settings.bot_processes_max,
            store_workers=workers,
            on_finished=finished,
            on_waiting=turn_mail_waiting,
        )
        store.announce(node_url(settings))
        service.address = node_url(settings) if store.is_postgres else None  # several processes: answers name the owner
        await open_workshops(app, store, service)
        await service.start()
        adopter = asyncio.create_task(adopt_forever(service)) if store.is_postgres else None
        app.state.store, app.state.service, app.state.players = store, service, people
        background.start(service)
        app.state.background = background
        await open_lobby(app, store, service)
        frozen = settle_heap(settings.gc_gen0_threshold) if settings.gc_gen0_threshold else 0
        event(server_log, "server started", db=safe_url(store.url), tables=len(service.tables), frozen=frozen)
        watch = StallWatch(settings.stall_log_ms) if settings.stall_log_ms else None
        if watch is not None:
            watch.start()
        try:
            yield
        finally:
            if watch is not None:
                await watch.stop()
            await cancel_and_wait(adopter)
            await close_lobby(app)
            await close_workshops(app)
            await service.stop()
            await asyncio.to_thread(background.stop)
            store.close()
            event(server_log, "server stopped")

    app = FastAPI(title="Busbahnhof", version="0.1.0", lifespan=lifespan)
    app.state.settings = settings
    app.add_exception_handler(GameError, refusal_response)  # type: ignore[arg-type]
    app.add_exception_handler(RequestValidationError, invalid_request_response)  # type: ignore[arg-type]
    app.add_middleware(BodyLimit, max_bytes=settings.max_body_bytes)
    if settings.access_log:
        app.add_middleware(AccessLog)
    app.add_middleware(GZipMiddleware, minimum_size=GZIP_MINIMUM_BYTES, compresslevel=GZIP_LEVEL)
    app.add_middleware(SecurityHeaders, allowed_origins=settings.allowed_origins)
    app.include_router(ws_router)  # first: routes are matched in order, and a table's every client opens /ws
    for module in (health, games, tables, hints, rooms, accounts, players, qr, lobby, chat, workshop, reviews):
        app.include_router(module.router)
    app.include_router(workbench_routes.router)
    app.include_router(lesson_routes.router)
    app.include_router(turn_routes.router)
    mount_web_client(app)
    return app


def request_lang(request: Request) -> str:
    """The language a request asked for (``?lang=``, ``Accept-Language``)."""
    return pick_lang(request.query_params.get("lang"), request.headers.get("accept-language"))


async def refusal_response(request: Request, error: GameError) -> JSONResponse:
    """A refusal as data, rendered in the request's language."""
    return JSONResponse({"error": error_data(error, request_lang(request))}, status_code=http_status(error))


async def invalid_request_response(request: Request, exc: RequestValidationError) -> JSONResponse:
    """A body or parameter that does not fit the route's model, in the same shape as every refusal."""
    problems = "; ".join(
        f"{'.'.join(str(part) for part in problem['loc'])}: {problem['msg']}" for problem in exc.errors()
    )
    error = ServerError(f"invalid request: {problems}", key="server.error.invalid_request", problem=problems)
    return JSONResponse({"error": error_data(error, request_lang(request))}, status_code=422)


def mount_web_client(app: FastAPI) -> None:
    """Serve the web client's files at ``/`` if the package has them (after every API route)."""
    try:
        folder = resources.files(WEB_PACKAGE)
    except ModuleNotFoundError:
        return
    if folder.joinpath("index.html").is_file():
        app.mount("/", StaticFiles(packages=[("busbahnhof", "web")], html=True), name="web")


def safe_url(url: str) -> str:
    """A database URL without its password, for logs and the console."""
    return make_url(url).render_as_string(hide_password=True)

"""``busbahnhof serve``: run the table server (REST and WebSockets) with uvicorn.

It binds to ``127.0.0.1:8000`` unless told otherwise, so nothing is reachable from other
machines by accident; ``--host 0.0.0.0`` is for running behind a reverse proxy (docs/deploy.md).
Settings not given here come from ``BUSBAHNHOF_*`` environment variables (see
``busbahnhof.server.config.Settings``).
"""

from __future__ import annotations

import gc
from typing import Annotated, Any

import typer

from ..server.config import DEFAULT_PORT, LOOPBACK, Settings
from .common import DEFAULT_LANG, LangOption, Ui


def serve(
    ctx: typer.Context,
    host: Annotated[str, typer.Option("--host", help="Address to bind (loopback by default).")] = LOOPBACK,
    port: Annotated[int, typer.Option("--port", help="TCP port.")] = DEFAULT_PORT,
    db: Annotated[
        str | None,
        typer.Option(
            "--db", metavar="URL", help="SQLAlchemy database URL (default: an SQLite file in the user data folder)."
        ),
    ] = None,
    lang: LangOption = DEFAULT_LANG,
) -> None:
    """Run the table server: the lobby's REST API and one WebSocket per client."""
    # imported here: the web stack is not loaded for the other commands
    import uvicorn

    from ..server.app import create_app, safe_url
    from ..server.logs import log_config
    from ..store import default_url

    ui = Ui.open(ctx, lang)
    given: dict[str, Any] = {"host": host, "port": port}
    if db is not None:
        given["db"] = db
    settings = Settings(**given)
    ui.out.print(ui.t("serve.listening", url=f"http://{display_host(settings.host)}:{settings.port}/"), markup=False)
    ui.out.print(ui.t("serve.database", db=safe_url(settings.db or default_url())), markup=False)
    app = create_app(settings)
    gc.freeze()  # start-up objects live as long as the process: the collector skips them (docs/deploy.md)
    uvicorn.run(
        app,
        host=settings.host,
        port=settings.port,
        ws_max_size=max(settings.ws_read_bytes, settings.max_ws_message_bytes),
        ws_per_message_deflate=settings.ws_deflate,
        log_config=log_config(settings.log_level),
        access_log=False,
        timeout_graceful_shutdown=5,
    )


def display_host(host: str) -> str:
    """``host`` as written in a URL (IPv6 in brackets)."""
    return f"[{host}]" if ":" in host else host

"""Structured logs: one JSON object per line on stderr, for the server and for uvicorn.

Every record carries ``ts``, ``level``, ``logger`` and ``msg``; what a call passes in
``extra={"fields": {...}}`` is merged in (``table``, ``seat``, ``version``, ``ms``...), so the
lines can be filtered with ``jq`` or shipped to any log store as they are.  Seat and creator
tokens never reach a log: uvicorn writes WebSocket paths with their query, so every
``token=...`` is masked.
"""

from __future__ import annotations

import json
import logging
import re
import time
from typing import Any

LOGGER_NAME = "busbahnhof.server"
server_log = logging.getLogger(LOGGER_NAME)
SECRET_PARAMETER = re.compile(r"(token=)[^&\s\"']+")


class JsonFormatter(logging.Formatter):
    """Formats a record as one JSON line."""

    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, Any] = {
            "ts": round(record.created, 3),
            "time": time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created)),
            "level": record.levelname.lower(),
            "logger": record.name,
            "msg": mask_tokens(record.getMessage()),
        }
        fields = getattr(record, "fields", None)
        if isinstance(fields, dict):
            entry.update(fields)
        if record.exc_info:
            entry["exc"] = self.formatException(record.exc_info)
        return json.dumps(entry, ensure_ascii=False, default=str)


def mask_tokens(text: str) -> str:
    """``text`` with the value of every ``token=`` parameter replaced by ``***``."""
    return SECRET_PARAMETER.sub(r"\1***", text)


class WithoutWebSocketAccepts(logging.Filter):
    """Drops uvicorn's line for each accepted WebSocket (``... "WebSocket /ws?..." [accepted]``):
    the server logs every connection itself, with its table and seat (``ws connected`` and ``ws
    closed``), and a third line per connection cost the serving process CPU at every table."""

    def filter(self, record: logging.LogRecord) -> bool:
        return not (isinstance(record.msg, str) and record.msg.endswith("[accepted]"))


def log_config(level: str) -> dict[str, Any]:
    """A ``logging.config.dictConfig`` for the server and uvicorn (given to ``uvicorn.run``)."""
    handler = {"class": "logging.StreamHandler", "formatter": "json", "stream": "ext://sys.stderr"}
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": {"json": {"()": JsonFormatter}},
        "filters": {"without_ws_accepts": {"()": WithoutWebSocketAccepts}},
        "handlers": {"stderr": handler},
        "loggers": {
            "busbahnhof": {"handlers": ["stderr"], "level": level.upper(), "propagate": False},
            "uvicorn": {"handlers": ["stderr"], "level": level.upper(), "propagate": False},
            "uvicorn.error": {
                "handlers": ["stderr"],
                "level": level.upper(),
                "propagate": False,
                "filters": ["without_ws_accepts"],
            },
            "uvicorn.access": {"handlers": [], "level": "WARNING", "propagate": False},
        },
    }


class AccessLog:
    """ASGI middleware writing one line per HTTP request: method, path (never the query, which may
    hold a token), status and milliseconds."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()
        status = 500

        async def noted_send(message: Any) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
            await send(message)

        try:
            await self.app(scope, receive, noted_send)
        finally:
            milliseconds = round((time.perf_counter() - started) * 1000, 2)
            event(server_log, "http", method=scope["method"], path=scope["path"], status=status, ms=milliseconds)


def event(logger: logging.Logger, msg: str, level: int = logging.INFO, **fields: Any) -> None:
    """Log ``msg`` with structured ``fields``."""
    if logger.isEnabledFor(level):
        logger.log(level, msg, extra={"fields": fields})

"""The server's settings: one pydantic settings class, read from arguments or ``BUSBAHNHOF_*`` variables.

Every limit that protects the server from a careless or hostile client lives here, so tests and
deployments can tighten or loosen them in one place.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, SecretStr
from pydantic_settings import BaseSettings, SettingsConfigDict

LOOPBACK = "127.0.0.1"
DEFAULT_PORT = 8000


class Settings(BaseSettings):
    """How one server process runs.

    Attributes:
        db: the SQLAlchemy URL of the store (``None``: the SQLite file in the user's data directory).
        host: the address to bind; loopback by default, so nothing is reachable from outside
            unless asked for (``--host 0.0.0.0`` behind a reverse proxy).
        port: the TCP port.
        max_body_bytes: the largest request body (a table with a deck upload fits easily).
        max_ws_message_bytes: the largest WebSocket message a client may send; a larger one is
            refused with an error and the connection stays (a pasted 1 MB chat message).
        ws_read_bytes: the largest WebSocket message the server reads at all; past it the
            connection is closed (1009).
        ws_rate: messages per second a connection may send on average (token bucket refill).
        ws_burst: messages a connection may send at once before throttling starts.
        ws_strikes: throttled messages in a row after which the connection is closed.
        ws_deflate: compress WebSocket messages (permessage-deflate): views shrink to about a
            fifth, but the server spends about a tenth more CPU per action (measured with
            ``busbahnhof loadtest``), so it is off unless bandwidth is the scarcer resource.
        list_limit: the most tables one listing returns.
        store_workers: threads for store calls (``None``: 1 on SQLite, which has one writer at a
            time, and 2 on PostgreSQL: the batch of actions in flight and every other call; more
            threads hold the event loop up as they contend for the interpreter lock).  0: store
            calls run on the event loop itself.  An SQLite commit in WAL mode takes about 0.1 ms
            and syncs nothing (the store checkpoints in a thread of its own), so on a quiet disk
            that saves the hand-offs to a thread and back (about 0.3 ms of CPU per action); but a
            write that waits for a busy disk then holds every table (docs/deploy.md).
        bot_processes: worker processes in which bots think, started with the server and always
            kept (0: threads of the server process, where a thinking bot holds up every table);
            more are started while bots' requests queue, up to ``bot_processes_max``, and stopped
            again after a quiet minute; see :mod:`busbahnhof.tables.thinking`.
        bot_processes_max: the most bot worker processes (``None``: twice the CPU count, at least
            2; never fewer than ``bot_processes``).  Set it to ``bot_processes`` for a fixed number.
        gc_gen0_threshold: after start-up the heap is frozen and the garbage collector's
            generation-0 threshold raised to this (0: Python's default, nothing frozen); see
            :mod:`busbahnhof.server.heap`.
        node_url: this process's own address (``http(s)://host:port[/prefix]``) for clients that
            another process sends here because this one owns their table (``None``:
            ``http://host:port`` as bound); behind a proxy, an address the proxy routes to this
            process alone (docs/deploy.md).
        job_workers: worker processes for background jobs, such as the review of a finished game
            (0: none; jobs wait for a ``busbahnhof worker``); see docs/jobs.md.
        job_retention_days: finished jobs older than this are deleted by the workers, except the
            results something links to (docs/jobs.md, "Clean-up and retry").
        stall_log_ms: log ``loop stalled`` (with where) when the event loop is held this long
            (0: off); see :mod:`busbahnhof.server.stalls`.
        allowed_origins: origins besides the server's own (an ``Origin`` whose host and port are the
            request's ``Host``; loopback names count as one) whose pages may open WebSockets and send
            cookie-authenticated requests, e.g. ``BUSBAHNHOF_ALLOWED_ORIGINS='["https://bus.example"]'``
            behind a proxy that changes ``Host`` (see :mod:`.security_headers`).
        log_level: level of the JSON-lines log on stderr.
        access_log: whether every HTTP request is logged.
        cookie_secure: the session cookie's ``Secure`` flag (``None``: set when the request came
            over https, as uvicorn sees it behind a proxy that says so; see docs/players.md).
        session_days: how long a login lasts.
        login_window_seconds, login_max_per_name, login_max_per_address: failed and pending
            logins allowed per user name and per client address within the window (counted in
            the store, so across processes); ``registrations_per_address`` likewise for new accounts.
        smtp_host, smtp_port, smtp_security (``starttls``, ``tls`` or ``none``), smtp_user,
            smtp_password, mail_from: the SMTP server mail goes through (password reset); no host:
            no mail (the default).  See :mod:`busbahnhof.players.mail`.
        public_url: the site's address as players reach it (``https://bus.example``), which links
            in mails start with; ``None``: ``http://<host>:<port>`` of this process.  Never taken
            from a request's ``Host`` header, which the requester chooses.
    """

    model_config = SettingsConfigDict(env_prefix="BUSBAHNHOF_", extra="ignore")

    db: str | None = None
    host: str = LOOPBACK
    port: int = Field(DEFAULT_PORT, ge=0, le=65535)
    max_body_bytes: int = Field(512 * 1024, ge=1024)
    max_ws_message_bytes: int = Field(16 * 1024, ge=256)
    ws_read_bytes: int = Field(2 * 1024 * 1024, ge=256)
    ws_rate: float = Field(20.0, gt=0)
    ws_burst: int = Field(40, ge=1)
    ws_strikes: int = Field(50, ge=1)
    ws_deflate: bool = False
    list_limit: int = Field(100, ge=1, le=1000)
    store_workers: int | None = Field(None, ge=0, le=64)
    bot_processes: int = Field(2, ge=0, le=64)
    bot_processes_max: int | None = Field(None, ge=1, le=64)
    gc_gen0_threshold: int = Field(20_000, ge=0)
    node_url: str | None = None
    job_workers: int = Field(1, ge=0, le=64)
    job_retention_days: float = Field(7.0, gt=0)
    stall_log_ms: float = Field(0.0, ge=0)
    allowed_origins: list[str] = Field(default_factory=list)
    log_level: str = "INFO"
    access_log: bool = True
    cookie_secure: bool | None = None
    session_days: float = Field(30.0, gt=0)
    login_window_seconds: float = Field(900.0, gt=0)
    login_max_per_name: int = Field(5, ge=1)
    login_max_per_address: int = Field(20, ge=1)
    registrations_per_address: int = Field(5, ge=1)
    smtp_host: str | None = None
    smtp_port: int = Field(587, ge=1, le=65535)
    smtp_security: Literal["starttls", "tls", "none"] = "starttls"
    smtp_user: str | None = None
    smtp_password: SecretStr | None = None
    mail_from: str = "Busbahnhof <busbahnhof@localhost>"
    public_url: str | None = None

"""What a load test measured, and how it is summarised."""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field
from typing import Any


def percentile(values: list[float], share: float) -> float:
    """The ``share`` percentile (0..1) of ``values`` by the nearest-rank method; 0 for no values."""
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = max(1, min(len(ordered), math.ceil(share * len(ordered))))
    return ordered[rank - 1]


@dataclass
class Tally:
    """Counts and latencies collected while the test runs (one event loop, no locking needed).

    Attributes:
        tables_started: tables created.
        tables_finished: tables whose game ended during the test.
        actions: accepted actions (humans' and bots'), as seen by the tables' spectators.
        submits: actions the scripted humans submitted and got accepted.
        latencies: seconds from a submit to the last of the table's clients receiving its result.
        errors: unexpected events by kind (refusals, lost connections, timeouts, HTTP errors).
        redirects: connections a server sent on to the table's owning process (not errors).
        reconnects: connections lost and made again (a server stopped or killed under the test).
        acked: the humans' acknowledged moves, by table id and version (checked afterwards
            against the database with ``--verify``: :mod:`.verify`).
        chats_sent: chat messages the scripted humans sent (:mod:`.chatter`).
        chat_latencies: seconds from a chat message's sending to the last of the table's clients
            receiving it.
        chats_interrupted: chat messages still on their way to a client that lost its connection.
        names_checked: table summaries and chat messages whose human's name was checked (a wrong
            or missing name is an error: :mod:`.names`).
        account_tables: the tables each logged-in player sat at, by player id (:mod:`.accounts`;
            afterwards each must be on the player's page).
    """

    tables_started: int = 0
    tables_finished: int = 0
    actions: int = 0
    submits: int = 0
    latencies: list[float] = field(default_factory=list)
    errors: Counter[str] = field(default_factory=Counter)
    redirects: int = 0
    reconnects: int = 0
    acked: dict[str, dict[int, str]] = field(default_factory=dict)
    chats_sent: int = 0
    chat_latencies: list[float] = field(default_factory=list)
    chats_interrupted: int = 0
    names_checked: int = 0
    account_tables: dict[str, list[str]] = field(default_factory=dict)

    def add(self, other: Tally) -> None:
        """Count ``other``'s tables, actions, latencies and errors in too (a load client process's)."""
        self.tables_started += other.tables_started
        self.tables_finished += other.tables_finished
        self.actions += other.actions
        self.submits += other.submits
        self.latencies.extend(other.latencies)
        self.errors.update(other.errors)
        self.redirects += other.redirects
        self.reconnects += other.reconnects
        self.acked.update(other.acked)
        self.chats_sent += other.chats_sent
        self.chat_latencies.extend(other.chat_latencies)
        self.chats_interrupted += other.chats_interrupted
        self.names_checked += other.names_checked
        for player_id, tables in other.account_tables.items():
            self.account_tables.setdefault(player_id, []).extend(tables)


@dataclass(frozen=True)
class ProcessUsage:
    """One server process's CPU (percent of one core, averaged) and memory (resident, MiB), each
    with its child processes (bot workers); ``main_cpu_percent`` is the process's own share."""

    pid: int
    cpu_percent: float
    rss_mib_max: float
    rss_mib_end: float
    main_cpu_percent: float
    children: int = 0


def summary(
    tally: Tally, seconds: float, tables: int, servers: list[ProcessUsage], settings: dict[str, Any]
) -> dict[str, Any]:
    """The report as JSON-ready data."""
    processes = [
        {
            **usage.__dict__,
            "cpu_ms_per_action": cpu_per_action(usage.cpu_percent, seconds, tally.actions),
            "main_cpu_ms_per_action": cpu_per_action(usage.main_cpu_percent, seconds, tally.actions),
        }
        for usage in servers
    ]
    return {
        "settings": settings,
        "tables": tables,
        "seconds": round(seconds, 1),
        "tables_started": tally.tables_started,
        "tables_finished": tally.tables_finished,
        "actions": tally.actions,
        "actions_per_second": round(tally.actions / seconds, 1) if seconds else 0.0,
        "human_submits": tally.submits,
        "latency_ms": spread(tally.latencies),
        "chats": {
            "sent": tally.chats_sent,
            "delivered": len(tally.chat_latencies),
            "interrupted": tally.chats_interrupted,
        },
        "chat_latency_ms": spread(tally.chat_latencies),
        "names_checked": tally.names_checked,
        "errors": dict(tally.errors),
        "error_count": sum(tally.errors.values()),
        "redirects": tally.redirects,
        "reconnects": tally.reconnects,
        "servers": processes,
        "server_cpu_ms_per_action": cpu_per_action(sum(usage.cpu_percent for usage in servers), seconds, tally.actions),
    }


def spread(seconds: list[float]) -> dict[str, float]:
    """p50, p95, p99 and the largest of latencies in seconds, as milliseconds."""
    ms = [value * 1000 for value in seconds]
    return {
        "p50": round(percentile(ms, 0.50), 1),
        "p95": round(percentile(ms, 0.95), 1),
        "p99": round(percentile(ms, 0.99), 1),
        "max": round(max(ms, default=0.0), 1),
    }


def cpu_per_action(cpu_percent: float, seconds: float, actions: int) -> float:
    """Milliseconds of CPU per accepted action, from an average CPU share over ``seconds``.

    Unlike the latency, this hardly depends on what else the machine runs: a server waiting for
    a CPU uses none meanwhile (the figure grows a little on a busy machine, where caches are cold).
    """
    return round(cpu_percent / 100 * seconds * 1000 / actions, 2) if actions else 0.0

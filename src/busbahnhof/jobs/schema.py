"""The ``jobs`` table (migration 0005): one row per background job.

``key`` is unique: a job that must run once for something (the review of table ``T`` has the key
``review:T``) is queued with it, and queueing it again finds the first.  ``worker`` and
``lease_until`` are the claim: the worker holding a running job renews its lease while it works,
and a job whose lease ran out (its worker died) is claimed again.  ``cancel`` asks a running job's
worker to stop.
"""

from __future__ import annotations

from sqlalchemy import JSON, Boolean, Column, Float, Index, Integer, String, Table, Text

from ..store.schema import metadata

jobs = Table(
    "jobs",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("kind", String(32), nullable=False),
    Column("key", String(160), nullable=True, unique=True),
    Column("params", JSON, nullable=False),
    Column("status", String(16), nullable=False),
    Column("done", Integer, nullable=False),
    Column("total", Integer, nullable=False),
    Column("result", JSON, nullable=True),
    Column("error", Text, nullable=True),
    Column("attempts", Integer, nullable=False),
    Column("worker", String(64), nullable=True),
    Column("lease_until", Float, nullable=True),
    Column("cancel", Boolean, nullable=False),
    Column("created_at", Float, nullable=False),
    Column("started_at", Float, nullable=True),
    Column("finished_at", Float, nullable=True),
    Column("updated_at", Float, nullable=False),
    Index("ix_jobs_status_created_at", "status", "created_at"),
)

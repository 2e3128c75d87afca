"""``GET /healthz``: the process is up and its table service runs."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from ..deps import ServiceDep

router = APIRouter(tags=["health"])


@router.get("/healthz")
async def healthz(service: ServiceDep) -> dict[str, Any]:
    """``ok`` with the number of tables in memory and of connected clients of this process."""
    return {
        "status": "ok",
        "tables": len(service.tables),
        "connections": sum(len(clients) for clients in service.connections.values()),
    }

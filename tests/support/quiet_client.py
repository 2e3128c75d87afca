"""A table client for service-level tests that takes every message and keeps none."""

from __future__ import annotations


class QuietClient:
    """Seated at a table only to be there (a connection that can leave), never read."""

    lang = "de"

    async def send(self, payload: bytes | str) -> None:
        return None

    async def close(self, code: int = 1000) -> None:
        return None

"""``/api/tables/{table_id}/chat``: what was said at a table (the table page on connecting, the
replay); messages are written over the table's WebSocket (``{"type": "chat", "text"}``)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query

from ..lobby_deps import ChatDep

router = APIRouter(prefix="/api/tables", tags=["chat"])


@router.get("/{table_id}/chat")
async def table_chat(table_id: str, chat: ChatDep, after: Annotated[int, Query(ge=0)] = 0) -> dict[str, Any]:
    """The table's chat messages with an id above ``after`` (the newest 200), oldest first:
    ``{"messages": [{"id", "seat", "name", "text", "version", "at"}]}``."""
    return {"messages": await chat.history(table_id, after)}

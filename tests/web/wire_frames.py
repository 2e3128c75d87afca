"""The messages in a WebSocket frame, for the browser tests that stand between the page and the
server (``page.route_web_socket``).  The web client opens its table socket with ``batch=1``
(docs/web/wire.md, "Batch frames"), so one frame from the server is either one message (a JSON
object) or several in order (a JSON array); these helpers read and rebuild both forms."""

from __future__ import annotations

import json
from typing import Any


def messages_in(frame: str) -> list[dict[str, Any]]:
    """The messages of one frame from the server, in order (one, or a batch frame's several)."""
    decoded = json.loads(frame)
    return decoded if isinstance(decoded, list) else [decoded]


def frame_of(messages: list[dict[str, Any]]) -> str | None:
    """The frame the server would send for ``messages`` (an object for one, an array for more);
    None for none (nothing to send)."""
    if not messages:
        return None
    return json.dumps(messages[0] if len(messages) == 1 else messages)

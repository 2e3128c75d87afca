"""After a load test: does the database hold every move the servers acknowledged, at its version?

A server acknowledges an action (``{"type": "result", "ok": true, "version": N}``) only after it
committed it; a server killed under the test must not lose one, and the process that takes its
tables over must not apply one twice (``(table_id, version)`` is the actions' primary key, so a
version holds one action at most).  The check reads each table's stored actions once, after the
measurement, straight from the database the servers share.
"""

from __future__ import annotations

from typing import Any

from ..store import Store


def check_acknowledged(db_url: str, acked: dict[str, dict[int, str]]) -> dict[str, Any]:
    """Compare the acknowledged moves (by table id and version) with the stored actions.

    Returns ``{"tables", "acknowledged", "found", "lost"}``; ``lost`` lists (up to 20) moves that
    the database does not hold at their version as ``"table@version"``.
    """
    store = Store(db_url)
    found, lost = 0, []
    try:
        for table_id, moves in acked.items():
            record = store.load_table(table_id)
            stored = {entry["version"]: entry["action"] for entry in (record or {}).get("actions", [])}
            for version, action in moves.items():
                if stored.get(version) == action:
                    found += 1
                else:
                    lost.append(f"{table_id}@{version}")
    finally:
        store.close()
    total = sum(len(moves) for moves in acked.values())
    return {"tables": len(acked), "acknowledged": total, "found": found, "lost": lost[:20]}

"""The facilitator's view of one table: round, points and projects per seat, whose turn.

Built from the spectator's view (``view(None)``), so the facilitator sees only what anyone
watching the table may see (public score areas and open projects, never a hand).
"""

from __future__ import annotations

from typing import Any

from ..games.busfaktor.phases import ROUNDS
from ..tables.table import Table


def table_overview(index: int, table: Table) -> dict[str, Any]:
    """The overview of ``table`` (the workshop's table number ``index``, from 0), JSON-ready."""
    view = table.state.view(None, log=False, fresh=False)
    state = view["state"]
    completed = [0] * table.state.players
    active = [0] * table.state.players
    for project in state["projects"]:
        if project["status"] == "aktiv":
            active[project["owner"]] += 1
        else:
            completed[project["owner"]] += 1
    outcome = view["outcome"]
    return {
        "index": index,
        "table_id": table.id,
        "code": table.code,
        "status": table.status,
        "paused": table.paused,
        "version": table.version,
        "round": min(state["round"], ROUNDS),
        "rounds": ROUNDS,
        "to_move": view["to_move"] if table.is_open else None,
        "winners": list(outcome["winners"]) if outcome else [],
        "seats": [
            {
                "name": seat.name,
                "bot": seat.bot,
                "connected": seat.connections > 0,
                "points": state["scores"][number],
                "completed": completed[number],
                "active": active[number],
            }
            for number, seat in enumerate(table.seats)
        ],
    }

"""A finished game move by move, as spectators see it: for replaying a table in a client.

The table service replays the record with the table's own game object (an uploaded deck needs
it: the public options name the deck only by its label).  Every position is ``view(None)``, so
nothing is shown that a spectator of the live game could not have seen.  The game's static view
parts (``Game.split_static``) are left out of each position and given once (:func:`static_view`).
"""

from __future__ import annotations

from typing import Any

from ..tables import TableService
from ..tables.messages import table_catalog
from ..tables.table import Table


async def positions(
    service: TableService, table_id: str, lang: str, start: int, stop: int | None
) -> list[dict[str, Any]]:
    """Steps ``start`` to ``stop`` (exclusive; ``None``: to the end) of the table's game.

    Step 0 is the position before the first action; step ``n`` the one after action ``n``.
    Each step: ``step``, ``action`` and ``seat`` (who played it; ``None`` at step 0), ``view``
    (the spectator's view without the log and the static parts, options as the table shows them)
    and ``log`` (the events the step caused, rendered in ``lang``; a client joins them for the log
    so far).
    """
    table = await service.table(table_id)
    history = table.state.history
    last = len(history) if stop is None else min(stop - 1, len(history))
    if start > last:
        return []
    catalog = table_catalog(table, lang)
    game = table.game
    state = await service.position(table_id, max(start - 1, 0))
    logged = 0 if start == 0 else len(state.log)
    steps: list[dict[str, Any]] = []

    def add(number: int, action: str | None, seat: int | None) -> None:
        nonlocal logged
        view = {**state.view(None, log=False), "options": table.options}
        view["state"] = game.without_static(view["state"])  # the static part is given once (static_view)
        log = [{**event.to_dict(), "text": catalog.render(event)} for event in state.log[logged:]]
        steps.append({"step": number, "action": action, "seat": seat, "view": view, "log": log})
        logged = len(state.log)

    if start == 0:
        add(0, None, None)
    for number in range(max(start, 1), last + 1):
        seat, move = state.to_move, history[number - 1]
        state.apply(move)
        add(number, str(move), seat)
    return steps


def static_view(table: Table) -> dict[str, Any]:
    """The parts of every position's view that never change at the table (``Game.split_static``)."""
    return table.game.split_static(table.state.view(None, log=False, fresh=False)["state"])[0]

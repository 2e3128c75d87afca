"""``POST /api/tables/{id}/hint``: "what would a strong bot do here?" for the asking seat.

The answer is :func:`busbahnhof.learn.hint` for the seat to move: the best two or three options
with their values, a short reason and the game's own description of each action, from the
seat's own information only (the search draws every card hidden from the seat afresh).  Only
the asker gets it; the table records that the seat asked (``seats[].hints`` of the table's
summary, stored with the seats).

Limits: the search runs in a thread of its own pool (never on the event loop) with the game's
hint budget, which stops searching after half a second; at most :data:`SEARCHES` hints are
searched at once and :data:`WAITING` more may wait, anything beyond is refused (429).  A seat
gets one search per decision: asking again at the same table version returns the same answer
and does not count again.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from fastapi import APIRouter, Request
from pydantic import BaseModel, ConfigDict, Field

from ....engine import Rng, State, derive_seed
from ....learn import Hint, hint
from ....tables import TableService
from ....tables.messages import table_catalog
from ...errors import ThrottledError
from ..deps import LangDep, ServiceDep

router = APIRouter(prefix="/api/tables", tags=["hints"])

SEARCHES = 2
"""Hints searched at the same time (one per core of a small server)."""
WAITING = 4
"""Hints that may wait for a search thread; more are refused."""
REMEMBERED = 256
"""Answers kept, so that asking again at the same decision costs nothing."""
HINT_SEED = 0x4E1
"""The search's seed is derived from it, the table version and the seat: public facts only."""


class HintIn(BaseModel):
    """The asking seat's token."""

    model_config = ConfigDict(extra="forbid")

    token: str = Field(max_length=100)


class HintDesk:
    """The app's hint searches: the thread pool, how many are under way, the answers given."""

    def __init__(self) -> None:
        self.pool = ThreadPoolExecutor(SEARCHES, thread_name_prefix="busbahnhof-hint")
        self.pending = 0
        self.answers: OrderedDict[tuple[str, int, int], Hint] = OrderedDict()

    async def search(self, state: State[Any], seat: int, version: int) -> Hint:
        """The hint for ``seat`` at ``version``, searched in the pool.

        Raises:
            ThrottledError: too many hints are being searched.
        """
        if self.pending >= SEARCHES + WAITING:
            raise ThrottledError("too many hints are being searched; ask again", key="server.error.hints_busy")
        self.pending += 1
        try:
            rng = Rng(derive_seed(HINT_SEED, version, seat))
            return await asyncio.get_running_loop().run_in_executor(self.pool, hint, state, seat, rng)
        finally:
            self.pending -= 1

    def remember(self, key: tuple[str, int, int], answer: Hint) -> None:
        """Keep ``answer`` (the oldest answers go first)."""
        self.answers[key] = answer
        while len(self.answers) > REMEMBERED:
            self.answers.popitem(last=False)


def hint_desk(request: Request) -> HintDesk:
    """The app's :class:`HintDesk`, made at its first hint."""
    desk: HintDesk | None = getattr(request.app.state, "hint_desk", None)
    if desk is None:
        desk = request.app.state.hint_desk = HintDesk()
    return desk


@router.post("/{table_id}/hint")
async def ask_hint(table_id: str, body: HintIn, request: Request, service: ServiceDep, lang: LangDep) -> dict[str, Any]:
    """The best two or three options of the token's seat, which must be to move at an open table
    with hints on: ``{"seat", "version", "measure", "lower_is_better", "seconds", "hints",
    "options": [{"action", "label", "points", "place"?, "win"?, "right"?, "of"?, "reason"}]}``
    (``hints``: how many hints the seat has asked for at this table; docs/web/hints.md)."""
    state, seat, version = await service.hint_position(table_id, body.token)
    desk = hint_desk(request)
    key = (table_id, version, seat)
    answer = desk.answers.get(key)
    if answer is None:
        answer = await desk.search(state, seat, version)
        desk.remember(key, answer)
        await service.count_hint(table_id, seat)
    return await hint_payload(service, table_id, state, answer, version, lang)


async def hint_payload(
    service: TableService, table_id: str, state: State[Any], answer: Hint, version: int, lang: str
) -> dict[str, Any]:
    """``answer`` as JSON, each option with the game's description of its action in ``lang``."""
    table = await service.table(table_id)
    catalog = table_catalog(table, lang)
    legal = {str(action): action for action in state.legal_actions()}
    options = [
        {**option.to_dict(), "label": table.game.describe_legal(state, legal[option.option.action], catalog)}
        for option in answer.options
    ]
    return {
        **answer.to_dict(),
        "version": version,
        "options": options,
        "hints": table.seats[answer.seat].hints,
    }

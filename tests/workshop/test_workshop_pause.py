"""Pause all and resume all: bots and clocks stop, nobody may act, the games' states do not change,
and no move made before, during or after the pause is lost (the store holds every one)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from busbahnhof.tables import TablePausedError
from busbahnhof.workshop import WorkshopService

Run = Callable[..., Any]


async def wait_until(check: Callable[[], bool], seconds: float = 20.0) -> None:
    deadline = asyncio.get_running_loop().time() + seconds
    while not check():
        assert asyncio.get_running_loop().time() < deadline, "timed out"
        await asyncio.sleep(0.01)


def test_pause_stops_every_table_and_resume_plays_on_without_losing_a_move(run_workshops: Run) -> None:
    async def scenario(workshops: WorkshopService) -> None:
        workshops.think_seconds = 0.05  # a game lasts seconds, and a pause of 0.5 s would miss about 10 moves
        created = await workshops.create(deck="mini", players=2, tables=2, bot="heuristik")
        ada = await workshops.join(created["code"], "Ada")
        await workshops.start(created["id"], created["key"])
        workshop = await workshops.participant(created["id"], ada["key"])
        human_table = await workshops.tables.table(workshop["table_id"])
        overview = await workshops.overview(created["id"], created["key"])
        bot_table = await workshops.tables.table(overview["tables"][1]["table_id"])
        await wait_until(lambda: bot_table.version >= 5)  # the bots' table plays on its own
        await wait_until(lambda: human_table.state.to_move == 0)  # Ada's decision

        paused = await workshops.pause(created["id"], created["key"], True)
        assert paused["paused"] and all(table["paused"] for table in paused["tables"])
        frozen = [(t.version, [str(a) for a in t.state.history]) for t in (human_table, bot_table)]
        await asyncio.sleep(0.5)
        assert [(t.version, [str(a) for a in t.state.history]) for t in (human_table, bot_table)] == frozen
        assert bot_table.mover() is None and bot_table.deadline is None
        action = str(human_table.state.legal_actions()[0])
        refused = await workshops.tables.submit(human_table.id, ada["key"], human_table.version, action)
        assert isinstance(getattr(refused, "error", None), TablePausedError)
        assert human_table.version == frozen[0][0]
        unchanged = await workshops.overview(created["id"], created["key"], since=paused["stamp"])
        assert unchanged == {"unchanged": True, "stamp": paused["stamp"]}

        resumed = await workshops.pause(created["id"], created["key"], False)
        assert not resumed["paused"] and not any(table["paused"] for table in resumed["tables"])
        await wait_until(lambda: bot_table.state.is_over)
        accepted = await workshops.tables.submit(human_table.id, ada["key"], human_table.version, action)
        assert getattr(accepted, "version", None) == frozen[0][0] + 1  # the same move, after the pause
        history = [str(a) for a in bot_table.state.history]
        assert history[: len(frozen[1][1])] == frozen[1][1]
        stored = workshops.tables.store.load_table(bot_table.id)
        assert [entry["action"] for entry in stored["actions"]] == history

    run_workshops(scenario)


def test_a_restarted_server_pauses_a_paused_workshops_tables_again(run_workshops: Run) -> None:
    async def first(workshops: WorkshopService) -> dict[str, Any]:
        created = await workshops.create(deck="mini", players=2, tables=1, bot="heuristik")
        overview = await workshops.start(created["id"], created["key"])
        await workshops.pause(created["id"], created["key"], True)
        table = await workshops.tables.table(overview["tables"][0]["table_id"])
        return {**created, "table_id": table.id, "version": table.version}

    created = run_workshops(first)

    async def second(workshops: WorkshopService) -> None:
        table = await workshops.tables.table(created["table_id"])
        await asyncio.sleep(0.3)
        assert table.paused and table.version == created["version"]
        await workshops.pause(created["id"], created["key"], False)
        await wait_until(lambda: table.state.is_over)

    run_workshops(second)

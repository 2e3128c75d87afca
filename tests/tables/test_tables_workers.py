"""Bot worker processes: requests batched on the pipes, as many workers as demand (never above the
cap), a lost worker replaced, and bot turns that wait on the loop's timers."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from table_clients import RecordingClient, until

from busbahnhof.tables import SeatSpec, TableService, TableSpec, thinking
from busbahnhof.tables.decks import build_game
from busbahnhof.tables.thinking import Decision, ProcessThinker, Setup, Worker, most_workers


def test_the_default_cap_follows_the_cpus() -> None:
    assert most_workers(1) == 2 and most_workers(2) == 4 and most_workers(16) == 32


def test_requests_of_one_loop_turn_go_out_as_one_batch_and_each_gets_its_own_answer() -> None:
    """Five decisions asked in one turn of the event loop are one write to the worker's pipe; the
    answers (read in batches) reach the requests they belong to, in order."""
    setups = [Setup("busfahrer", {}, None, 3, seed) for seed in range(5)]

    async def main() -> None:
        worker = Worker(thinking.multiprocessing.get_context("spawn"))
        await worker.connect()
        try:
            assert worker.transport is not None
            writes: list[int] = []
            write = worker.transport.write
            worker.transport.write = lambda data: (writes.append(len(data)), write(data))[1]  # type: ignore[method-assign]
            decisions = [Decision(f"t{n}", 0, 0, "random", 0, (), setup) for n, setup in enumerate(setups)]
            answers = await asyncio.gather(*(worker.ask(decision) for decision in decisions))
            assert len(writes) == 1, "one write for the five requests"
            assert worker.ready and worker.pending == 0
            for setup, answer in zip(setups, answers, strict=True):
                assert answer[0] == "ok"
                state = build_game(setup.game, {}, None).new_state(setup.players, setup.seed)
                assert answer[1] in {str(action) for action in state.legal_actions()}
        finally:
            await worker.close()

    asyncio.run(main())


@pytest.mark.slow
def test_workers_grow_under_demand_never_above_the_cap_and_a_lost_one_is_replaced(
    run_tables: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Slow bots at several tables make requests queue in the one worker: a second worker starts
    and takes tables, never a third (the cap); a killed worker is replaced; once quiet, the extra
    worker stops again.  The thresholds are lowered so that demand is demand on a fast machine
    too (an ismcts decision of a short game may take less than the default wait to grow)."""
    monkeypatch.setattr(thinking, "SHRINK_QUIET_SECONDS", 2.0)
    monkeypatch.setattr(thinking, "GROW_WAIT_SECONDS", 0.05)
    monkeypatch.setattr(thinking, "MOVE_WAIT_SECONDS", 0.1)

    async def scenario(service: TableService) -> None:
        thinker = service._thinker
        assert isinstance(thinker, ProcessThinker) and len(thinker.workers) == 1
        slow = TableSpec("busfahrer", {"games": 5}, (SeatSpec(bot="ismcts"),) * 2, think_seconds=0)
        tables = [await service.create(slow) for _ in range(4)]
        counts: list[int] = []

        async def watch() -> None:
            while True:
                counts.append(len(thinker.workers) + (thinker.starting is not None))
                await asyncio.sleep(0.02)

        watcher = asyncio.create_task(watch())
        await until(lambda: len(thinker.workers) == 2, seconds=60)
        second = thinker.workers[1]
        await until(lambda: any(home is second for home in thinker.homes.values()), seconds=30)
        progress = {created.table_id: service.tables[created.table_id].version for created in tables}
        doomed = thinker.workers[0].process
        doomed.kill()
        await until(lambda: all(service.tables[t].version > v + 2 for t, v in progress.items()), seconds=90)
        assert not doomed.is_alive() and all(worker.process is not doomed for worker in thinker.workers)
        assert max(counts) == 2, f"never more workers than the cap: {max(counts)}"
        for created in tables:  # quiet from here on: only a cheap bot plays, its requests never queue
            await service.pause(created.table_id, True)
        cheap = await service.create(TableSpec("busfahrer", {"games": 50}, (SeatSpec(bot="random"),) * 2))
        viewer = RecordingClient()
        await service.connect(cheap.table_id, None, viewer)
        await until(lambda: len(thinker.workers) == 1, seconds=60)
        watcher.cancel()
        before = service.tables[cheap.table_id].version
        await until(lambda: service.tables[cheap.table_id].version > before + 3, seconds=30)

    run_tables(scenario, sweep_seconds=3600, bot_processes=1, bot_processes_max=2)


def test_a_bot_turn_that_fails_is_tried_again_and_the_table_plays_on(
    run_tables: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A failing decision (here: the first one) does not leave the table without a next move."""
    from busbahnhof.tables import service as service_module

    monkeypatch.setattr(service_module, "BOT_RETRY_SECONDS", 0.1)

    async def scenario(service: TableService) -> None:
        failures: list[int] = []
        choose = service._thinker.choose

        async def failing_once(table: Any, seat: int, bot: str) -> str:
            if not failures:
                failures.append(table.version)
                raise RuntimeError("the worker could not decide")
            return await choose(table, seat, bot)

        service._thinker.choose = failing_once  # type: ignore[method-assign]
        created = await service.create(TableSpec("busfahrer", {}, (SeatSpec(bot="random"),) * 3, think_seconds=0))
        table_id = created.table_id

        def played_on() -> bool:  # a fast game may end and leave memory between two looks
            table = service.tables.get(table_id)
            return table is None or table.version >= 5

        await until(played_on, seconds=30)
        assert failures == [0]
        assert len(service.store.load_table(table_id)["actions"]) >= 5

    run_tables(scenario, sweep_seconds=3600)


def test_a_human_move_cancels_the_waiting_bot_timer_not_a_task(run_tables: Any) -> None:
    """A table waiting for a bot's think delay holds a timer of the loop, no task; no task is
    left behind by positions that passed."""

    async def scenario(service: TableService) -> None:
        spec = TableSpec("busfahrer", seats=(SeatSpec(), SeatSpec(bot="random")), seed=3, think_seconds=10)
        created = await service.create(spec)
        player = RecordingClient()
        await service.connect(created.table_id, created.seats[0].token, player)
        await until(lambda: bool(player.last["legal"]))
        tasks_before = len(asyncio.all_tasks())
        result = await service.submit(created.table_id, created.seats[0].token, 0, player.last["legal"][0]["notation"])
        assert result.to_dict()["ok"]
        timer = service._timers[created.table_id]
        assert isinstance(timer, asyncio.TimerHandle) and timer.when() >= asyncio.get_running_loop().time() + 9
        assert len(asyncio.all_tasks()) <= tasks_before, "no task waits for the bot's think delay"
        await service.pause(created.table_id, True)
        assert timer.cancelled() and created.table_id not in service._timers

    run_tables(scenario, sweep_seconds=3600)

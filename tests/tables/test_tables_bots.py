"""Bots play their seats server-side to the end of a game of every game, and of a Busfahrer match;
what the store holds replays to the same result."""

from __future__ import annotations

import asyncio
import time
from importlib import resources
from typing import Any

import psutil
import pytest
from table_clients import RecordingClient, until

from busbahnhof.bots import make_bot
from busbahnhof.engine import replay
from busbahnhof.tables import SeatSpec, TableService, TableSpec
from busbahnhof.tables.thinking import ProcessThinker, bot_rng

GAMES = [
    ("busfahrer", {}, ("kartenzaehler", "random", "kartenzaehler")),
    ("busfahrer", {"games": 2}, ("random", "kartenzaehler")),
    ("bus", {}, ("random", "random", "random")),
    ("busfaktor", {"deck": "mini"}, ("heuristik", "random")),
]


@pytest.mark.parametrize(("game", "options", "bots"), GAMES, ids=["busfahrer", "busfahrer-match", "bus", "busfaktor"])
def test_bots_finish_a_game(run_tables: Any, game: str, options: dict[str, Any], bots: tuple[str, ...]) -> None:
    async def scenario(service: TableService) -> None:
        spec = TableSpec(game, options, tuple(SeatSpec(bot=bot) for bot in bots), seed=11, think_seconds=0)
        created = await service.create(spec)
        assert created.seats == (), "bot seats get no tokens"
        watcher = RecordingClient()
        connection = await service.connect(created.table_id, None, watcher)
        await until(lambda: watcher.last["table"]["status"] == "finished", seconds=120)
        stored = service.store.load_table(created.table_id)
        assert stored is not None and stored["status"] == "finished"
        versions = [entry["version"] for entry in stored["actions"]]
        assert versions == list(range(1, len(versions) + 1)) and watcher.last["version"] == versions[-1]
        assert {entry["by"] for entry in stored["actions"]} == {"bot"}
        record = await service.record(created.table_id)
        assert replay(record).outcome().to_dict() == stored["outcome"] == watcher.last["view"]["outcome"]
        final = await service.position(created.table_id, len(versions))
        assert final.view(None) == service.tables[created.table_id].state.view(None)
        await service.disconnect(connection)
        assert created.table_id not in service.tables, "a finished table nobody watches leaves memory"
        assert (await service.record(created.table_id))["actions"] == record["actions"], (
            "and is read back from the store"
        )
        if options.get("games") == 2:
            assert stored["outcome"]["details"]["games"] == 2, "a match is one table with running totals"

    run_tables(scenario, sweep_seconds=3600)


def test_bots_do_not_block_other_tables(run_tables: Any) -> None:
    """While a bot thinks (in a worker thread), a human at another table is answered at once."""

    async def scenario(service: TableService) -> None:
        slow = TableSpec("busfahrer", seats=(SeatSpec(bot="ismcts"), SeatSpec(bot="ismcts")), seed=1, think_seconds=0)
        await service.create(slow)
        human = await service.create(TableSpec("busfahrer", seats=(SeatSpec(), SeatSpec(bot="random")), seed=2))
        token = human.seats[0].token
        started = asyncio.get_running_loop().time()
        result = await service.submit(human.table_id, token, 0, "guess red")
        assert result.to_dict()["ok"]
        assert asyncio.get_running_loop().time() - started < 0.5

    run_tables(scenario, sweep_seconds=3600)


MINI_DECK = resources.files("busbahnhof.games.busfaktor").joinpath("data", "mini-deck.toml").read_text("utf-8")
IN_WORKERS = [
    TableSpec("bus", seats=(SeatSpec(bot="planer"),) * 3, seed=5, think_seconds=0),
    TableSpec("busfaktor", seats=(SeatSpec(bot="heuristik"),) * 2, seed=6, deck_text=MINI_DECK, think_seconds=0),
]


@pytest.mark.slow
@pytest.mark.parametrize("spec", IN_WORKERS, ids=["bus", "busfaktor-uploaded-deck"])
def test_bots_in_worker_processes_play_as_in_threads(run_tables: Any, spec: TableSpec) -> None:
    """Bots thinking in worker processes (the server's way) finish the game with exactly the moves
    they make in threads: a decision depends only on the table's record, so a restart, a replaced
    worker and the thread path all decide the same."""

    async def play(service: TableService) -> list[str]:
        created = await service.create(spec)
        watcher = RecordingClient()
        await service.connect(created.table_id, None, watcher)
        await until(lambda: watcher.last["table"]["status"] == "finished", seconds=180)
        actions: list[str] = (await service.record(created.table_id))["actions"]
        return actions

    in_threads = run_tables(play, sweep_seconds=3600)
    in_processes = run_tables(play, sweep_seconds=3600, bot_processes=2)
    assert len(in_threads) > 20 and in_processes == in_threads


@pytest.mark.slow
def test_a_worker_process_rebuilds_a_table_it_does_not_hold(run_tables: Any) -> None:
    """A worker that lost its copy of a table (replaced, or it dropped it) gets the whole record
    and decides as before."""

    async def scenario(service: TableService) -> None:
        spec = TableSpec("busfahrer", seats=(SeatSpec(), SeatSpec(bot="kartenzaehler")), seed=4, think_seconds=0)
        created = await service.create(spec)
        player = RecordingClient()
        await service.connect(created.table_id, created.seats[0].token, player)
        await until(lambda: bool(player.last["legal"]))
        version = player.last["version"]
        thinker = service._thinker
        assert isinstance(thinker, ProcessThinker)
        thinker.synced[created.table_id] = version + 1  # as if the worker held an action it never saw
        result = await service.submit(
            created.table_id, created.seats[0].token, version, player.last["legal"][0]["notation"]
        )
        assert result.to_dict()["ok"]

        def bot_move() -> dict[str, Any] | None:
            stored = service.store.load_table(created.table_id)
            assert stored is not None
            later = [entry for entry in stored["actions"] if entry["by"] == "bot" and entry["version"] > version + 1]
            return later[0] if later else None

        await until(lambda: bot_move() is not None, seconds=60)
        decided, stored = bot_move(), service.store.load_table(created.table_id)
        assert decided is not None and stored is not None
        table = service.tables[created.table_id]
        state = table.game.new_state(2, table.seed)
        for entry in stored["actions"][: decided["version"] - 1]:
            state.apply(entry["action"])
        bot = make_bot(table.game, "kartenzaehler")
        expected = bot.choose(state, 1, bot_rng(table.seed, 1, decided["version"] - 1))
        assert decided["action"] == str(expected), "the rebuilt copy decides as the table's own state would"

    run_tables(scenario, sweep_seconds=3600, bot_processes=1)


@pytest.mark.slow
def test_a_worker_process_that_dies_is_replaced_and_the_bots_play_on(run_tables: Any) -> None:
    """``kill -9`` of a bot's worker process: the decision is asked again of a new worker (which
    rebuilds the table from its record), and the table plays on; the old process is gone."""

    async def scenario(service: TableService) -> None:
        spec = TableSpec("busfahrer", {"games": 2}, (SeatSpec(bot="kartenzaehler"),) * 3, seed=5, think_seconds=0.05)
        created = await service.create(spec)
        table = service.tables[created.table_id]
        thinker = service._thinker
        assert isinstance(thinker, ProcessThinker)
        await until(lambda: table.version >= 3, seconds=60)
        doomed = thinker.workers[0].process
        doomed.kill()
        reached = table.version
        await until(lambda: table.version >= reached + 5 or table.state.is_over, seconds=60)
        assert not doomed.is_alive() and thinker.workers[0].process is not doomed
        assert thinker.workers[0].process.is_alive()

    run_tables(scenario, sweep_seconds=3600, bot_processes=1)


@pytest.mark.slow
def test_a_slow_bot_in_a_worker_process_does_not_hold_up_the_service(run_tables: Any) -> None:
    """``ismcts`` bots think for long stretches in a worker process; meanwhile the event loop stays
    free: a human at another table is answered at once and the loop never stalls."""

    async def scenario(service: TableService) -> None:
        slow = TableSpec("busfahrer", {"games": 20}, (SeatSpec(bot="ismcts"),) * 2, seed=1, think_seconds=0)
        busy = await service.create(slow)
        human = await service.create(TableSpec("busfahrer", seats=(SeatSpec(), SeatSpec(bot="random")), seed=2))
        loop = asyncio.get_running_loop()
        await until(lambda: service.tables[busy.table_id].version >= 1, seconds=60)  # the worker is up and thinking
        workers = psutil.Process().children()
        worker_cpu, own_cpu = sum(cpu_seconds(worker) for worker in workers), time.process_time()
        worst = 0.0
        for _ in range(100):
            before = loop.time()
            await asyncio.sleep(0.01)
            worst = max(worst, loop.time() - before - 0.01)
        own_cpu, worker_cpu = time.process_time() - own_cpu, sum(cpu_seconds(worker) for worker in workers) - worker_cpu
        assert own_cpu < worker_cpu, (
            f"the bots think in this process ({own_cpu:.2f} s CPU here, {worker_cpu:.2f} s in workers)"
        )
        started = loop.time()
        result = await service.submit(human.table_id, human.seats[0].token, 0, "guess red")
        assert result.to_dict()["ok"]
        assert loop.time() - started < 0.5
        assert worst < 0.25, f"the event loop stalled for {worst:.3f} s while a bot thought"

    run_tables(scenario, sweep_seconds=3600, bot_processes=1)


def cpu_seconds(process: psutil.Process) -> float:
    """The CPU time a process has used so far."""
    times = process.cpu_times()
    return float(times.user + times.system)

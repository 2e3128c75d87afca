"""Run a load test: N table slots at once for a bounded time, against servers on this machine only.

Each slot plays tables one after another (the games of :mod:`.scenarios` in turn) until the
time is up, so N tables are in play at any moment.  Slots start spread over the first seconds
rather than all in one instant.  With several server URLs, a table is created on one process
and its human connects through the next, which sends it on to the table's owner.  With
``processes`` > 1 the slots are dealt out to that many load client processes (each with its own
event loop, on uvloop where installed), so the client is not the limit of a large test.
"""

from __future__ import annotations

import asyncio
import ipaddress
import os
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from multiprocessing import get_context
from typing import Any
from urllib.parse import urlsplit

import httpx
import psutil

from .accounts import Account, on_player_pages, register
from .chatter import MIN_CHAT_EVERY
from .client import Pace, play_table
from .monitor import Monitor, server_pids
from .report import Tally, cpu_per_action, summary
from .scenarios import scenarios_for
from .verify import check_acknowledged

MAX_TABLES = 1000
MAX_PROCESSES = 16
MAX_SECONDS = 600.0
MAX_CHAT_EVERY = 3600.0
RAMP_SECONDS = 5.0
GRACE_SECONDS = 10.0
KEEPALIVE_SECONDS = 2.0


class LoadTestError(ValueError):
    """Settings a load test refuses (a server that is not on this machine, bounds exceeded)."""


@dataclass(frozen=True)
class LoadSettings:
    """What to run.

    Attributes:
        urls: the servers' HTTP origins, all on loopback.
        tables: tables in play at once (1 to 1000).
        seconds: how long tables are started and played (1 to 600).
        human_think: the scripted human's mean think time in seconds.
        bot_think: the bots' think delay on the server.
        games: the games to mix (``None``: all).
        seed: the first table's seed (the others follow).
        pids: the server pids to measure (``None``: found by their listening ports).
        processes: load client processes the tables are dealt out to (1: this one).
        db_pids: database processes to measure as well (PostgreSQL's postmaster: with its backends).
        verify_db: the servers' database URL: afterwards, check that it holds every acknowledged
            human move at its version (:mod:`.verify`).
        chat_every: the humans' mean seconds between chat messages (0: no chat; :mod:`.chatter`).
        accounts: table slots whose human is a registered, logged-in player (:mod:`.accounts`).
    """

    urls: tuple[str, ...]
    tables: int
    seconds: float
    human_think: float = 1.0
    bot_think: float = 0.6
    games: tuple[str, ...] | None = None
    seed: int = 1
    pids: tuple[int, ...] | None = None
    processes: int = 1
    db_pids: tuple[int, ...] = ()
    verify_db: str | None = None
    chat_every: float = 20.0
    accounts: int = 0

    def checked(self) -> LoadSettings:
        """These settings, if every bound holds; raises :class:`LoadTestError` otherwise."""
        if not self.urls:
            raise LoadTestError("name at least one server URL")
        for url in self.urls:
            if not is_loopback(url):
                raise LoadTestError(f"{url}: a load test runs only against a server on this machine (loopback)")
        if not 1 <= self.tables <= MAX_TABLES:
            raise LoadTestError(f"tables: 1 to {MAX_TABLES}, not {self.tables}")
        if not 1 <= self.seconds <= MAX_SECONDS:
            raise LoadTestError(f"seconds: 1 to {MAX_SECONDS:g}, not {self.seconds:g}")
        if not 1 <= self.processes <= MAX_PROCESSES:
            raise LoadTestError(f"processes: 1 to {MAX_PROCESSES}, not {self.processes}")
        if self.human_think < 0 or not 0 <= self.bot_think <= 10:
            raise LoadTestError("think times: human at least 0 s, bots 0 to 10 s")
        if self.chat_every != 0 and not MIN_CHAT_EVERY <= self.chat_every <= MAX_CHAT_EVERY:
            raise LoadTestError(
                f"chat every: 0 (no chat) or {MIN_CHAT_EVERY:g} to {MAX_CHAT_EVERY:g} s (the server takes"
                f" 5 messages in 10 s per seat), not {self.chat_every:g}"
            )
        if not 0 <= self.accounts <= self.tables:
            raise LoadTestError(f"accounts: 0 to the number of tables ({self.tables}), not {self.accounts}")
        scenarios_for(list(self.games) if self.games else None)
        return self


def is_loopback(url: str) -> bool:
    """Whether ``url`` names a host of this machine's loopback interface."""
    parts = urlsplit(url)
    host = parts.hostname or ""
    if parts.scheme not in ("http", "https"):
        return False
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def use_uvloop() -> None:
    """Run this process's event loops on uvloop where it is installed (it comes with uvicorn's
    extras): the load client's sockets cost it about half the CPU of asyncio's own loop."""
    try:
        import uvloop
    except ImportError:
        return
    asyncio.set_event_loop_policy(uvloop.EventLoopPolicy())


async def play_slots(
    settings: LoadSettings, indices: list[int], started: float, accounts: list[Account] | None = None
) -> Tally:
    """Play the table slots ``indices`` from the wall-clock time ``started`` for ``settings.seconds``;
    slot ``i`` plays as ``accounts[i]`` where there is one."""
    accounts = accounts or []
    scenarios = scenarios_for(list(settings.games) if settings.games else None)
    urls = [url.rstrip("/") for url in settings.urls]
    tally = Tally()
    pace = Pace(settings.human_think, settings.bot_think, settings.chat_every)
    loop = asyncio.get_running_loop()
    deadline = loop.time() + started + settings.seconds - time.time()
    ramp = min(RAMP_SECONDS, settings.seconds / 4)

    async def slot(index: int, http: httpx.AsyncClient) -> None:
        await asyncio.sleep(max(0.0, started + ramp * index / settings.tables - time.time()))
        round_number = 0
        while loop.time() < deadline:
            scenario = scenarios[(index + round_number) % len(scenarios)]
            origins = urls[index % len(urls) :] + urls[: index % len(urls)]
            seed = settings.seed + index + round_number * settings.tables
            try:
                account = accounts[index] if index < len(accounts) else None
                await play_table(http, origins, scenario, seed, pace, tally, deadline, account)
            except (OSError, TimeoutError, httpx.HTTPError) as problem:
                tally.errors[f"connection:{type(problem).__name__}"] += 1
                await asyncio.sleep(1)
            except Exception as problem:  # a failed table must not end the others' measurement
                tally.errors[f"client:{type(problem).__name__}"] += 1
                await asyncio.sleep(1)
            round_number += 1

    # idle connections are given up before uvicorn closes them (after 5 s): a table created on a
    # connection the server is closing at that moment fails with a ReadError otherwise
    limits = httpx.Limits(max_connections=64, keepalive_expiry=KEEPALIVE_SECONDS)
    async with httpx.AsyncClient(timeout=30, limits=limits) as http:
        slots = [asyncio.create_task(slot(index, http)) for index in indices]
        _, unfinished = await asyncio.wait(slots, timeout=deadline - loop.time() + GRACE_SECONDS)
        for task in unfinished:
            task.cancel()
        if unfinished:
            tally.errors["unfinished"] += len(unfinished)
    return tally


def play_slots_here(
    settings: LoadSettings, indices: list[int], started: float, accounts: list[Account]
) -> tuple[Tally, float]:
    """:func:`play_slots` in a load client process of its own; its tally and the CPU seconds it used."""
    use_uvloop()
    cpu = time.process_time()
    tally = asyncio.run(play_slots(settings, indices, started, accounts))
    return tally, time.process_time() - cpu


async def run_load(settings: LoadSettings) -> dict[str, Any]:
    """Play the tables and return the report (:func:`busbahnhof.loadtest.report.summary`)."""
    settings = settings.checked()
    urls = [url.rstrip("/") for url in settings.urls]
    pids = list(settings.pids) if settings.pids else server_pids(urls)
    loop = asyncio.get_running_loop()
    slots = list(range(settings.tables))
    accounts = await register(urls[0], settings.accounts)  # before anything is measured
    helpers = (
        None if settings.processes == 1 else ProcessPoolExecutor(settings.processes, mp_context=get_context("spawn"))
    )
    try:
        if helpers is not None:  # started (and their imports done) before anything is measured
            await asyncio.gather(*(loop.run_in_executor(helpers, time.sleep, 0.5) for _ in range(settings.processes)))
        monitor = Monitor(pids)
        database = Monitor(list(settings.db_pids))
        own = Monitor([os.getpid()])
        stop = asyncio.Event()
        samplers = [asyncio.create_task(monitor.run(stop)), asyncio.create_task(database.run(stop))]
        load_before = psutil.getloadavg()[0]
        begun = loop.time()
        helpers_cpu = 0.0
        if helpers is None:
            tally = await play_slots(settings, slots, time.time(), accounts)
        else:
            shares = [slots[k :: settings.processes] for k in range(settings.processes)]
            started = time.time()
            results = await asyncio.gather(
                *(
                    loop.run_in_executor(helpers, play_slots_here, settings, share, started, accounts)
                    for share in shares
                )
            )
            tally = Tally()
            for part, cpu in results:
                tally.add(part)
                helpers_cpu += cpu
        elapsed = loop.time() - begun
        stop.set()
        await asyncio.gather(*samplers)
    finally:
        if helpers is not None:
            helpers.shutdown()
    report = summary(tally, elapsed, settings.tables, monitor.usage(), settings_dict(settings, pids))
    report["database"] = [
        {**usage.__dict__, "cpu_ms_per_action": cpu_per_action(usage.cpu_percent, elapsed, tally.actions)}
        for usage in database.usage()
    ]
    client = own.usage()[0].__dict__
    # this process's own share (its helpers have exited by now) and what the helpers measured themselves
    client["cpu_percent"] = round(client["main_cpu_percent"] + helpers_cpu / elapsed * 100, 1)
    report["load_client"] = {**client, "processes": settings.processes}
    if accounts:
        pages = await on_player_pages(urls[0], accounts, tally.account_tables)
        report["accounts"] = {"players": len(accounts), **pages}
        if pages["listed"] < pages["tables"]:
            report["errors"]["account:not_on_player_page"] = pages["tables"] - pages["listed"]
            report["error_count"] += pages["tables"] - pages["listed"]
    if settings.verify_db:
        report["acknowledged"] = await asyncio.to_thread(check_acknowledged, settings.verify_db, tally.acked)
    report["cpus"] = psutil.cpu_count()
    report["load_average_1m"] = {"start": round(load_before, 2), "end": round(psutil.getloadavg()[0], 2)}
    report["finished_at"] = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
    return report


def settings_dict(settings: LoadSettings, pids: list[int]) -> dict[str, Any]:
    """The settings as they go into the report."""
    return {
        "urls": list(settings.urls),
        "human_think": settings.human_think,
        "bot_think": settings.bot_think,
        "chat_every": settings.chat_every,
        "accounts": settings.accounts,
        "games": list(settings.games) if settings.games else "all",
        "pids": pids,
        "processes": settings.processes,
    }

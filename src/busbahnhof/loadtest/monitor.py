"""CPU and memory of the server processes while a load test runs (psutil on their pids)."""

from __future__ import annotations

import asyncio
import time
from urllib.parse import urlsplit

import psutil

from .report import ProcessUsage

MIB = 1024 * 1024


def listening_pid(port: int) -> int | None:
    """The pid of the process listening on TCP ``port`` of this machine, if it can be seen."""
    try:
        connections = psutil.net_connections(kind="tcp")
    except psutil.AccessDenied:
        return None
    for connection in connections:
        if connection.status == psutil.CONN_LISTEN and connection.laddr and connection.laddr.port == port:
            return connection.pid
    return None


def server_pids(urls: list[str]) -> list[int]:
    """The pids of the servers at ``urls`` that can be found."""
    pids = [listening_pid(urlsplit(url).port or 80) for url in urls]
    return [pid for pid in pids if pid is not None]


class Monitor:
    """Samples the processes ``pids`` every ``interval`` seconds until stopped."""

    def __init__(self, pids: list[int], interval: float = 1.0) -> None:
        self.processes = [psutil.Process(pid) for pid in pids]
        self.interval = interval
        self.rss_max = [0.0 for _ in pids]
        self.rss_end = [0.0 for _ in pids]
        self.cpu_start = [self._cpu(process) for process in self.processes]
        self.started = time.monotonic()

    @staticmethod
    def _cpu(process: psutil.Process) -> float:
        times = process.cpu_times()
        return float(times.user + times.system)

    def sample(self) -> None:
        """Read each process's resident memory."""
        for index, process in enumerate(self.processes):
            rss = process.memory_info().rss / MIB
            self.rss_end[index] = rss
            self.rss_max[index] = max(self.rss_max[index], rss)

    async def run(self, stop: asyncio.Event) -> None:
        """Sample until ``stop`` is set."""
        while not stop.is_set():
            self.sample()
            try:
                await asyncio.wait_for(stop.wait(), self.interval)
            except TimeoutError:
                continue

    def usage(self) -> list[ProcessUsage]:
        """Each process's average CPU share since the start and its memory."""
        self.sample()
        elapsed = max(time.monotonic() - self.started, 1e-9)
        return [
            ProcessUsage(
                pid=process.pid,
                cpu_percent=round((self._cpu(process) - start) / elapsed * 100, 1),
                rss_mib_max=round(self.rss_max[index], 1),
                rss_mib_end=round(self.rss_end[index], 1),
            )
            for index, (process, start) in enumerate(zip(self.processes, self.cpu_start, strict=True))
        ]

"""CPU and memory of the server processes while a load test runs (psutil on their pids).

A server's figures include its child processes (the workers its bots think in), found when
the test starts: CPU is the sum over the process and its children, memory the sum of their
resident sizes; the serving process's own CPU share is reported apart (``main_cpu_percent``),
since it is the one whose event loop every client waits for.  A process that ends during the
test (a server killed on purpose) counts with the CPU it had used at its last sample; children
that start during the test (a worker replaced, a database's new backend) count from their start.
"""

from __future__ import annotations

import asyncio
import contextlib
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
        self.trees = [[process, *process.children(recursive=True)] for process in self.processes]
        self.last_cpu: dict[int, float] = {}
        self.interval = interval
        self.rss_max = [0.0 for _ in pids]
        self.rss_end = [0.0 for _ in pids]
        self.cpu_start = [self._cpu(tree) for tree in self.trees]
        self.main_start = [self._cpu([process]) for process in self.processes]
        self.started = time.monotonic()

    def _cpu(self, tree: list[psutil.Process]) -> float:
        """CPU seconds used by the processes of ``tree`` (one that has ended: as last seen)."""
        total = 0.0
        for process in tree:
            try:
                times = process.cpu_times()
            except psutil.NoSuchProcess:
                total += self.last_cpu.get(process.pid, 0.0)
                continue
            # a killed process not yet reaped (a zombie) shows no CPU time any more: keep what it had
            used = max(self.last_cpu.get(process.pid, 0.0), times.user + times.system)
            self.last_cpu[process.pid] = used
            total += used
        return total

    @staticmethod
    def _rss(tree: list[psutil.Process]) -> float:
        total = 0
        for process in tree:
            try:
                total += process.memory_info().rss
            except psutil.NoSuchProcess:
                continue
        return total / MIB

    def sample(self) -> None:
        """Read each server's CPU time and resident memory (with its children)."""
        for index, tree in enumerate(self.trees):
            with contextlib.suppress(psutil.NoSuchProcess):
                known = {process.pid for process in tree}
                tree.extend(child for child in self.processes[index].children(recursive=True) if child.pid not in known)
            self._cpu(tree)
            rss = self._rss(tree)
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
                cpu_percent=round((self._cpu(self.trees[index]) - self.cpu_start[index]) / elapsed * 100, 1),
                rss_mib_max=round(self.rss_max[index], 1),
                rss_mib_end=round(self.rss_end[index], 1),
                main_cpu_percent=round((self._cpu([process]) - self.main_start[index]) / elapsed * 100, 1),
                children=len(self.trees[index]) - 1,
            )
            for index, process in enumerate(self.processes)
        ]

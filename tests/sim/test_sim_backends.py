"""Backends: identical rows locally with 1 and 2 workers and on Ray's local cluster; clear errors."""

from __future__ import annotations

import sys
import threading
import time
from pathlib import Path

import pytest

from busbahnhof.engine import InvalidOptionError
from busbahnhof.sim import GameRow, read_results, simulate
from busbahnhof.sim.backends import make_backend, play_locally
from support.workers import KillOneWorker

SWEEP = [("pyramid", ["4-3-2-1", "5-4-3-2-1"])]


def rows(path: Path) -> list[GameRow]:
    return sorted(read_results(path)[1], key=lambda row: row.key)


def run(path: Path, **backend: object) -> dict[str, object]:
    return simulate("busfahrer", 3, ["kartenzaehler", "random", "random"], 60, 11, sweeps=SWEEP, results=path,
                    **backend)  # type: ignore[arg-type]  # fmt: skip


@pytest.mark.slow
def test_the_same_rows_locally_with_one_and_two_workers_and_on_ray(tmp_path: Path) -> None:
    import ray  # the test extra installs busbahnhof[ray]

    one = run(tmp_path / "one.csv", workers=1)
    two = run(tmp_path / "two.parquet", workers=2)
    ray.init(num_cpus=2, include_dashboard=False)  # one Ray session for the whole module: its start-up is slow
    try:
        on_ray = run(tmp_path / "ray.parquet", backend="ray")
    finally:
        ray.shutdown()
    assert rows(tmp_path / "one.csv") == rows(tmp_path / "two.parquet") == rows(tmp_path / "ray.parquet")
    assert len(rows(tmp_path / "one.csv")) == 120
    assert one["settings"] == two["settings"] == on_ray["settings"]
    assert (on_ray["backend"], on_ray["workers"], two["workers"]) == ("ray", 2, 2)


@pytest.mark.parametrize(
    ("arguments", "fragment"),
    [
        ({"name": "spark"}, "--backend spark: choose one of local, ray"),
        ({"name": "local", "address": "auto"}, "only a Ray run"),
        ({"name": "local", "workers": 0}, "--workers 0: choose 1 to"),
        ({"name": "ray", "workers": 0}, "at least 1 task at a time"),
    ],
)
def test_bad_backend_settings_are_refused(arguments: dict[str, object], fragment: str) -> None:
    with pytest.raises(InvalidOptionError, match=fragment):
        make_backend(**arguments)  # type: ignore[arg-type]


def test_without_ray_installed_the_error_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # what Python does when ray is not installed: import fails
    with pytest.raises(InvalidOptionError, match=r"pip install 'busbahnhof\[ray\]'") as caught:
        simulate("busfahrer", 2, ["random"] * 2, 5, 1, backend="ray")
    assert caught.value.key == "error.ray_missing"


def test_a_worker_killed_mid_run_is_an_error_not_a_hang(tmp_path: Path) -> None:
    from busbahnhof.sim.backends import WorkerLost

    kill_a_worker = KillOneWorker()

    started = time.monotonic()
    with pytest.raises(WorkerLost, match="exit status -9") as caught:
        simulate(
            "busfahrer", 2, ["random"] * 2, 100_000, 3, workers=2, progress=kill_a_worker, results=tmp_path / "r.csv"
        )
    assert caught.value.key == "error.worker_lost" and kill_a_worker.killed
    assert time.monotonic() - started < 120
    rows = list(read_results(tmp_path / "r.csv")[1])
    assert rows, "the games finished before are written"


def big_result(_task: int) -> bytes:
    """A result so large that a worker is still writing it when the run is stopped."""
    return b"x" * (64 * 1024 * 1024)


def test_stopping_while_a_worker_writes_its_result_does_not_hang() -> None:
    """Closing the stream (Ctrl-C, SIGTERM, the end) kills the workers; one killed halfway through
    writing a result left half a message in the pipe, and the executor's thread waited for the
    rest for ever (seen as a hung Ctrl-C in a real run). Before the fix this hung every time."""
    closed: list[float] = []

    def stop_after_the_first_result() -> None:
        started = time.monotonic()
        stream = play_locally(2, big_result, iter(range(100)))
        next(stream)
        stream.close()
        closed.append(time.monotonic() - started)

    for _ in range(3):
        stopper = threading.Thread(target=stop_after_the_first_result, daemon=True)
        stopper.start()
        stopper.join(timeout=60)
        assert not stopper.is_alive(), "closing the stream hangs"
    assert len(closed) == 3

"""Balance runs of deck versions: submitted as ``balance`` jobs (:mod:`.balance`), remembered with
their version (``workbench_balance``), read back with the job's progress, findings and reports,
and two runs compared with the simulation's compare report (docs/reports.md, ``--compare``)."""

from __future__ import annotations

import secrets
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..jobs import DONE, Job, JobQueue
from ..sim.report import compare_document, render_html
from .balance import BALANCE_KIND, balance_params
from .errors import UnknownDeckError, WorkbenchError
from .store import WorkbenchStore


class BalanceRuns:
    """Balance runs on the workbench's store and the job queue."""

    def __init__(self, store: WorkbenchStore, queue: JobQueue, clock: Callable[[], float] = time.time) -> None:
        self.store = store
        self.queue = queue
        self.clock = clock

    def start(
        self, deck_id: str, version: int, text: str, games: int, players: int, bot: str, seed: int
    ) -> dict[str, Any]:
        """Queue a simulation of the version's deck ``text``; the run as :meth:`shown` gives it."""
        job = self.queue.submit(BALANCE_KIND, balance_params(text, games, players, bot, seed), total=games)
        run = {
            "id": secrets.token_urlsafe(12),
            "deck_id": deck_id,
            "version": version,
            "job_id": job.id,
            "params": {"games": games, "players": players, "bot": bot, "seed": seed},
            "status": job.status,
            "created_at": self.clock(),
        }
        self.store.add_balance(run)
        return self.shown(run)

    def run(self, run_id: str) -> dict[str, Any]:
        """The stored run (its deck's access is the caller's to check).

        Raises:
            UnknownDeckError: no such run.
        """
        run = self.store.balance_run(run_id[:32])
        if run is None:
            raise UnknownDeckError(f"no balance run {run_id!r}", key="workbench.error.unknown_deck")
        return run

    def _job(self, run: dict[str, Any]) -> Job | None:
        job = self.queue.get(run["job_id"])
        if job is not None and job.status != run["status"]:
            self.store.update_balance(run["id"], status=job.status)
        return job

    def shown(self, run: dict[str, Any]) -> dict[str, Any]:
        """A run for the page: parameters, the job's progress, and when done its findings."""
        job = self._job(run)
        progress = job.progress() if job else {"status": run["status"], "done": 0, "total": 0, "error": None}
        result = job.result if job is not None and job.status == DONE and isinstance(job.result, dict) else None
        return {
            "id": run["id"],
            "version": run["version"],
            "params": run["params"],
            "created_at": run["created_at"],
            "status": progress["status"],
            "done": progress["done"],
            "total": progress["total"],
            "error": progress["error"],
            "games": result["games"] if result else None,
            "elapsed_seconds": result["elapsed_seconds"] if result else None,
            "findings": result["findings"] if result else None,
        }

    def runs_of(self, deck_id: str, version: int | None = None) -> list[dict[str, Any]]:
        """The deck's runs (of one version), newest first."""
        return [self.shown(run) for run in self.store.balance_of(deck_id, version)]

    def cancel(self, run: dict[str, Any]) -> dict[str, Any]:
        """Stop the run's job (queued: at once; running: at its next progress report)."""
        self.queue.cancel(run["job_id"])
        return self.shown(run)

    def _result(self, run: dict[str, Any]) -> dict[str, Any]:
        job = self._job(run)
        if job is None or job.status != DONE or not isinstance(job.result, dict):
            raise WorkbenchError("the simulation has not finished", key="workbench.error.not_simulated")
        return job.result

    def report_html(self, run: dict[str, Any], lang: str) -> str:
        """The run's HTML report (``busbahnhof report``'s) in ``lang``."""
        html: dict[str, str] = self._result(run)["html"]
        return html[lang]

    def compare_html(self, first: dict[str, Any], second: dict[str, Any], lang: str) -> str:
        """The compare report of two finished runs (same number of players), labelled by version
        (``v1.csv``; two runs of one version ``v1-1.csv``, ``v1-2.csv``)."""
        if first["params"]["players"] != second["params"]["players"]:
            raise WorkbenchError(
                "two runs compare only with the same number of players", key="workbench.error.compare_players"
            )
        with tempfile.TemporaryDirectory(prefix="busbahnhof-compare-") as folder:
            paths = []
            same = first["version"] == second["version"]
            for number, run in enumerate((first, second), start=1):
                path = Path(folder) / (f"v{run['version']}-{number}.csv" if same else f"v{run['version']}.csv")
                for suffix, text in self._result(run)["results"].items():
                    Path(f"{path}{suffix}").write_text(text, encoding="utf-8")
                paths.append(path)
            return render_html(compare_document(paths, lang))

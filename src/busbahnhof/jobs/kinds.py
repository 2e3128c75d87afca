"""Job kinds by name: each kind is a function ``run(params, progress) -> result`` at an import path.

Kinds are named by import path (``"package.module:function"``), not by function object, because
the worker processes are spawned: a worker imports the function the first time it runs a job of
its kind.  ``run`` gets the job's ``params`` (JSON) and ``progress(done, total)``, which it
should call now and then (it stores the progress, renews the worker's lease and raises
:class:`~busbahnhof.jobs.worker.JobStopped` when the job is to stop: cancelled, or its worker
is shutting down); it returns the job's result (JSON) or raises (the error is stored).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any

Progress = Callable[[int, int], None]
JobFunction = Callable[[dict[str, Any], Progress], Any]

KINDS: dict[str, str] = {
    "review": "busbahnhof.jobs.reviews:run_review",
    "balance": "busbahnhof.workbench.balance:run_balance",
}
"""The kinds every worker runs, by name (add a kind here, or :func:`register` it before the
worker pool starts)."""


def register(kind: str, target: str) -> None:
    """Make ``kind`` run the function at ``target`` (``"package.module:function"``)."""
    module, _, name = target.partition(":")
    if not module or not name:
        raise ValueError(f"a job kind's target is 'package.module:function', not {target!r}")
    KINDS[kind] = target


def resolve(kind: str, kinds: Mapping[str, str] = KINDS) -> JobFunction:
    """The function that runs jobs of ``kind``.

    Raises:
        KeyError: no such kind.
    """
    module, _, name = kinds[kind].partition(":")
    function: JobFunction = getattr(importlib.import_module(module), name)
    return function

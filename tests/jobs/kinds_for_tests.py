"""Job kinds for the queue's tests: they write down every run, so a test can count them."""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

from busbahnhof.jobs import Progress

KINDS = {
    "steps": "jobs.kinds_for_tests:steps",
    "broken": "jobs.kinds_for_tests:broken",
}


def note(params: dict[str, Any], text: str) -> None:
    """Append ``text`` as a line to ``params["log"]`` (one write: whole lines from several processes)."""
    descriptor = os.open(params["log"], os.O_WRONLY | os.O_APPEND | os.O_CREAT)
    try:
        os.write(descriptor, f"{text}\n".encode())
    finally:
        os.close(descriptor)


def steps(params: dict[str, Any], progress: Progress) -> dict[str, Any]:
    """``params["steps"]`` steps of ``params["seconds"]`` each, reporting progress; notes its start."""
    note(params, f"start {params['name']} {os.getpid()}")
    total = int(params["steps"])
    for done in range(total):
        progress(done, total)
        time.sleep(float(params["seconds"]))
    progress(total, total)
    return {"name": params["name"], "pid": os.getpid()}


def broken(params: dict[str, Any], progress: Progress) -> None:
    """Fails at once."""
    progress(0, 1)
    raise ValueError(f"broken on purpose: {Path(params['log']).name}")

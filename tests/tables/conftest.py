"""The table service on a real store (SQLite and PostgreSQL), run scenario by scenario."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from support.services import Scenario, run_service

Run = Callable[..., Any]


@pytest.fixture
def run_tables(database_url: str, tmp_path: Path) -> Run:
    """``run_tables(scenario, **service_options)``: a fresh service on the test's database runs ``scenario``."""

    def run(scenario: Scenario, **options: Any) -> Any:
        return run_service(database_url, scenario, **options)

    return run

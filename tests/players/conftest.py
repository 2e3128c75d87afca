"""The players tests' stores: two on one database, as two server processes have."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from busbahnhof.store import Store


@pytest.fixture
def stores(database_url: str) -> Iterator[tuple[Store, Store]]:
    """Two stores on one database, as two server processes have."""
    first, second = Store(database_url), Store(database_url)
    yield first, second
    first.close()
    second.close()

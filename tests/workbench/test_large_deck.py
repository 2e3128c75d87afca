"""Large decks stay usable (issue 28): a 3,600-card deck is checked, opened as the editor's
document and checked again as the editor sends it, each in under 2 s (the browser's editor:
tests/web/test_workbench_large.py).  Timings: run alone (``-m perf``), so that other tests' load
does not decide them."""

from __future__ import annotations

import time

import pytest

from busbahnhof.workbench import check_document, check_text, document_of
from support.large_deck import large_deck_text

pytestmark = pytest.mark.perf
LIMIT_SECONDS = 2.0


def test_a_large_deck_is_checked_and_opened_quickly() -> None:
    text = large_deck_text()
    started = time.perf_counter()
    verdict = check_text(text, "de")
    checked = time.perf_counter() - started
    assert verdict["valid"] and sum(verdict["cards"].values()) == 3600
    started = time.perf_counter()
    document = document_of(text)
    again = check_document(document, "de")
    opened = time.perf_counter() - started
    assert again["valid"]
    print(f"check {checked * 1000:.0f} ms, open and check the document {opened * 1000:.0f} ms")
    assert checked < LIMIT_SECONDS, f"checking took {checked:.2f} s"
    assert opened < LIMIT_SECONDS, f"opening and checking the document took {opened:.2f} s"

"""Event log rendering in German and English."""

from __future__ import annotations

import pytest

from busbahnhof.engine import Catalog, Event, InvalidDataError
from busbahnhof.engine.events import load_messages


def test_engine_messages_exist_in_both_languages() -> None:
    de = load_messages("busbahnhof.engine", "de")
    en = load_messages("busbahnhof.engine", "en")
    assert set(de) == set(en)
    assert de["seat"] == "Spieler {n}"


def test_render_with_formatters_and_unknown_key() -> None:
    catalog = Catalog(("busbahnhof.engine",), "en", {"seat": lambda s: f"Seat #{s}"})
    assert catalog.render(Event("forced", {"seat": 2, "action": "pass"})) == (
        "Seat #2 had only one possible action: pass"
    )
    assert catalog.text("no.such.key") == "no.such.key"
    assert catalog.text("seat") == "Player {n}"


def test_unsupported_language_is_refused() -> None:
    with pytest.raises(InvalidDataError, match="unsupported language"):
        load_messages("busbahnhof.engine", "fr")

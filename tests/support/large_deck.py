"""A large deck for the benchmarks: 300 projects, 3,000 factors and 300 events (3,600 cards, the
issue's example), made by renaming copies of the default deck's cards."""

from __future__ import annotations

import tomllib

import tomlkit

from busbahnhof.workbench import builtin_text

COUNTS = {"projects": 300, "factors": 3000, "events": 300}
NAME = {"projects": "title", "factors": "name", "events": "name"}


def large_deck_text() -> str:
    """The deck file's text (about 360 KB)."""
    base = tomllib.loads(builtin_text("standard"))
    document = tomlkit.document()
    document["deck"] = {"name": "Groß"}
    for kind, count in COUNTS.items():
        cards = tomlkit.aot()
        for number in range(count):
            card = {key: value for key, value in base[kind][number % len(base[kind])].items() if key != "en"}
            card[NAME[kind]] = f"{card[NAME[kind]]} {number}"
            cards.append(card)
        document[kind] = cards
    return tomlkit.dumps(document)

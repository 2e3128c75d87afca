"""Words a player reads (issue 24): log lines and action descriptions name cards by their names,
never by the internal ids that are printed nowhere, and counts of points and cards take the
singular or the plural of their noun, in German and English."""

from __future__ import annotations

import re

import pytest

from busbahnhof.engine import load_game

GAME = load_game("busfaktor")
ID = re.compile(r"\[\d+\]|#\d+")


@pytest.mark.parametrize("lang", ["de", "en"])
def test_a_whole_game_logs_and_describes_cards_without_ids(lang: str) -> None:
    catalog = GAME.catalog(lang, ["Anna", "Ben", "Cem"])
    state = GAME.new_state(players=3, seed=11)
    described = 0
    while not state.is_over:
        for action in state.legal_actions():
            text = GAME.describe_action(action, catalog)
            assert not ID.search(text), text
            described += 1
        state.apply(state.legal_actions()[-1])
    lines = [catalog.render(event) for event in state.log]
    assert described > 100 and len(lines) > 50
    assert not [line for line in lines if ID.search(line)]
    names = {GAME.deck.name(card, lang) for card in range(GAME.deck.size)}
    assert any(name in line for line in lines for name in names), "cards are named"


@pytest.mark.parametrize(
    ("lang", "key", "params", "text"),
    [
        ("de", "complete", {"seat": 0, "project": 0, "points": 2}, "(2 Punkte)"),
        ("de", "looked", {"seat": 0, "cards": 1}, "sieht sich 1 Karte an"),
        ("de", "reshuffle", {"cards": 3}, "(3 Karten)"),
        ("en", "looked", {"seat": 0, "cards": 1}, "looks at 1 card."),
        ("en", "complete", {"seat": 0, "project": 0, "points": 3}, "(3 points)"),
        ("de", "ui.score", {"points": -1, "done": 0, "open": 1}, "−1 Punkt (abgeschlossen: 0, unvollendet: 1"),
        ("en", "ui.score", {"points": -2, "done": 0, "open": 2}, "−2 points (completed: 0, unfinished: 2, −1 each"),
    ],
)
def test_counts_take_singular_or_plural(lang: str, key: str, params: dict[str, int], text: str) -> None:
    assert text in GAME.catalog(lang).text(key, **params)

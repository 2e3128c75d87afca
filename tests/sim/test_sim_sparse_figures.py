"""Issue 28: a game's per-card figures are sparse (only the cards it touched), the run fills in the
whole deck once (``Game.summary_template``), and the report is what dense per-game figures gave."""

from __future__ import annotations

from pathlib import Path

import pytest

from busbahnhof.engine import load_game
from busbahnhof.games.busfaktor import Busfaktor
from busbahnhof.games.busfaktor.deck_scale import LARGE_DECK, scaled_deck_text
from busbahnhof.sim import Aggregate, flatten_summary, simulate
from busbahnhof.sim.play import game_figures, play_game

BOTS = ["random"] * 4


@pytest.fixture(scope="module")
def large_game(tmp_path_factory: pytest.TempPathFactory) -> Busfaktor:
    path = tmp_path_factory.mktemp("decks") / "large.toml"
    path.write_text(scaled_deck_text(**LARGE_DECK), encoding="utf-8")
    game = load_game("busfaktor", deck=str(path))
    assert isinstance(game, Busfaktor)
    return game


def test_a_game_reports_only_the_cards_and_projects_it_touched(large_game: Busfaktor) -> None:
    deck = large_game.deck
    state = play_game(large_game, 4, BOTS, seed=5, index=0)
    summary = large_game.summarize(state)
    named = {card for event in state.log for key in ("card", "card2") if (card := event.params.get(key)) is not None}
    touched = {c for c in range(deck.size) if state.held[c]} | named
    assert 0 < len(summary["cards"]) == len({deck.names[c] for c in touched}) < deck.size // 10
    for c in set(range(deck.size)) - touched:
        assert state.drawn[c] == 0 and not any(state.plays[c * 4 : (c + 1) * 4])
    started = [p for p in range(deck.n_projects) if state.status[p]]
    assert sorted(summary["projects"]) == sorted(deck.names[p] for p in started)
    template = flatten_summary(large_game.summary_template(4))
    game_paths = {path for path in flatten_summary(summary) if path[0] in ("cards", "projects", "project_sizes")}
    assert game_paths <= template.keys() and not any(template.values())


def test_the_report_lists_every_card_of_a_large_deck(large_game: Busfaktor) -> None:
    deck = large_game.deck
    report = simulate(large_game, 4, BOTS, games=3, seed=2)
    cards = report["summary"]["cards"]
    assert sorted(cards) == sorted(deck.names)
    untouched = [name for name, figures in cards.items() if figures["drawn"]["max"] == 0]
    assert untouched and all(len(cards[name]["held"]) == 4 for name in untouched)
    assert cards[untouched[0]]["held"][3] == {"mean": 0.0, "median": 0.0, "total": 0.0, "min": 0.0, "max": 0.0}
    assert sorted(report["summary"]["projects"]) == sorted(deck.names[: deck.n_projects])
    assert report["summary"]["project_sizes"].keys() == large_game.summary_template(4)["project_sizes"].keys()


def test_sparse_figures_with_the_template_aggregate_as_dense_figures_did(tmp_path: Path) -> None:
    """Dense figures are the template's zeros overwritten by a game's figures: both paths give the same report."""
    game = load_game("busfaktor")
    template = flatten_summary(game.summary_template(4))
    sparse, dense = Aggregate(template), Aggregate()
    for index in range(20):
        figures = game_figures(game, play_game(game, 4, BOTS, seed=11, index=index))
        sparse.add(figures)
        dense.add({**template, **figures})
    assert sparse.reduce() == dense.reduce()
    assert sparse.intervals() == dense.intervals()
    report = simulate(game, 4, BOTS, games=20, seed=11)
    assert report["summary"] == dense.reduce() and report["intervals"] == dense.intervals()

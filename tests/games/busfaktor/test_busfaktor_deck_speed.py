"""Issue 28: large decks stay usable.  A 3,600-card deck (300 projects, 3,000 factors, 300 events)
builds its game in under 2 s, whole process included; the action tables by card and project are
made as games ask for them, never all at once."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest
from typer.testing import CliRunner

from busbahnhof.cli import app
from busbahnhof.engine import Rng, load_game
from busbahnhof.engine.contract import random_playout
from busbahnhof.games.busfaktor import Busfaktor
from busbahnhof.games.busfaktor.actions import ATTACH, OFFER, act
from busbahnhof.games.busfaktor.deck import FACTOR, load_deck, resolve_deck_path
from busbahnhof.games.busfaktor.deck_scale import LARGE_DECK, scaled_deck_text
from busbahnhof.sim.bench_load import run_load_bench

DEFAULT = tomllib.loads(resolve_deck_path(None).read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def large_deck(tmp_path_factory: pytest.TempPathFactory) -> str:
    path = tmp_path_factory.mktemp("decks") / "large.toml"
    path.write_text(scaled_deck_text(**LARGE_DECK), encoding="utf-8")
    return str(path)


def test_a_scaled_deck_repeats_the_default_cards_with_numbered_names(tmp_path: Path) -> None:
    path = tmp_path / "scaled.toml"
    path.write_text(scaled_deck_text(projects=20, factors=100, events=30), encoding="utf-8")
    deck = load_deck(str(path))
    model = deck.model
    assert (len(model.projects), len(model.factors), len(model.events)) == (20, 100, 30)
    assert len(set(deck.names)) == len(set(deck.english_names)) == deck.size == 150
    first, copy = DEFAULT["projects"][0], model.projects[16]
    assert (
        copy.title == f"{first['title']} (2)" and copy.en is not None and copy.en.title == f"{first['en']['title']} (2)"
    )
    assert list(copy.requirements) == first["requirements"] and copy.goal == first["goal"]
    assert [e.template for e in model.events[12:24]] == [e["template"] for e in DEFAULT["events"]]
    assert model.deck.license == DEFAULT["deck"]["license"] and model.deck.credit == DEFAULT["deck"]["credit"]


def test_the_3600_card_deck_builds_its_game_in_under_two_seconds(large_deck: str) -> None:
    """Median of three fresh processes: interpreter, imports, reading, validating and compiling the deck."""
    report = run_load_bench(load_game("busfaktor", deck=large_deck), repeats=3)
    assert report["median"]["process_ms"] < 2000, report["samples"]
    assert report["median"]["load_ms"] < report["median"]["process_ms"]


def test_the_tables_by_card_and_project_are_made_as_games_ask(large_deck: str) -> None:
    game = load_game("busfaktor", deck=large_deck)
    assert isinstance(game, Busfaktor)
    deck, tables = game.deck, game.tables
    assert len(tables.attach) == len(tables.share) == len(tables.offer) == 0
    state = random_playout(game, 4, 7)
    made = sum(len(row) for row in tables.attach.values()) + sum(len(row) for row in tables.offer.values())
    assert 0 < made < deck.n_projects * 20, "a game asks for a few rows, not the whole table"
    card = next(c for c in range(deck.size) if deck.kind[c] == FACTOR and len(deck.types[c]) == 1)
    ftype = deck.types[card][0]
    assert tables.attach[card][299] == ((299 * 4 + ftype, ftype, act(ATTACH, card, 299, ftype)),)
    assert tables.attach_one[card][299] is act(ATTACH, card, 299, ftype)
    assert tables.offer[3][298] is act(OFFER, 3, 298)
    with pytest.raises(KeyError):
        tables.attach[deck.size]
    assert random_playout(game, 4, 7).history == state.history, "the same seed plays the same game"


@pytest.mark.parametrize("deck", [None, "large"])
def test_the_list_of_attached_cards_is_every_card_at_a_project_by_id(deck: str | None, large_deck: str) -> None:
    """``attached`` (kept where ``att`` changes) holds exactly the cards lying at projects, in id order."""
    game = load_game("busfaktor", deck=large_deck if deck else None)
    for seed in range(6):
        state = game.new_state(4, seed)
        chooser = Rng(seed)
        seen = 0
        while not state.is_over:
            assert state.attached == [c for c, where in enumerate(state.att) if where != -1]
            seen += len(state.attached)
            state.apply(chooser.pick(state.legal_actions()))
        assert seen > 0


def test_bench_load_on_the_command_line(large_deck: str) -> None:
    """``busbahnhof bench busfaktor --load --deck FILE``: the medians of fresh processes, as JSON and as a table."""
    runner = CliRunner()
    result = runner.invoke(app, ["bench", "busfaktor", "--load", "--deck", large_deck, "-r", "1", "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["format"] == "busbahnhof-bench-load/1" and len(report["samples"]) == 1
    assert set(report["median"]) == {"load_ms", "process_ms"}
    table = runner.invoke(app, ["bench", "busfaktor", "--load", "-r", "1", "--lang", "de"], terminal_width=200)
    assert table.exit_code == 0 and "Spiel bauen (ms)" in table.stdout and "ganzer Prozess (ms)" in table.stdout
    refused = runner.invoke(app, ["bench", "busfaktor", "--load", "-r", "0", "--lang", "en"])
    assert refused.exit_code == 2 and "--repeats >= 1, not 0" in refused.output

"""§19 Herkunft und Lizenz: the mechanics credit (CC BY-SA 4.0) wherever the game is presented, and the
default deck's data licence stated apart from the code's (MIT)."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from busbahnhof.cli import app
from busbahnhof.engine import Catalog, game_class, load_game
from busbahnhof.engine.contract import random_playout
from busbahnhof.games.busfaktor.deck import load_deck, resolve_deck_path

ROOT = Path(__file__).resolve().parents[3]
AUTHORS = "Sydney Ang, Genevieve Leduc-Robert, Lu Li, and Sam MacKinnon"
RUNNER = CliRunner()


def test_the_game_exposes_the_credit_as_data_for_front_ends() -> None:
    credit = game_class("busfaktor").credit
    assert credit is not None
    assert credit.to_dict() == {
        "work": "PHYLO: Process of Science (GSA Deck, WISE Deck)",
        "authors": AUTHORS,
        "license": "CC BY-SA 4.0",
        "license_url": "https://phylogame.org/licenses/",
    }


def test_games_without_a_required_credit_show_none() -> None:
    assert game_class("busfahrer").credit is None
    assert game_class("bus").credit is None


@pytest.mark.parametrize(("lang", "words"), [("de", "Pflicht-Credit"), ("en", "Required credit")])
def test_the_credit_renders_in_both_languages(lang: str, words: str) -> None:
    credit = game_class("busfaktor").credit
    assert credit is not None
    line = credit.text(Catalog(("busbahnhof.engine",), lang))
    assert words in line and AUTHORS in line and "CC BY-SA 4.0" in line and "phylogame.org/licenses" in line


@pytest.mark.parametrize(("lang", "label"), [("de", "Herkunft und Lizenz"), ("en", "Credit and licence")])
def test_games_busfaktor_shows_the_credit(lang: str, label: str) -> None:
    result = RUNNER.invoke(app, ["games", "busfaktor", "--lang", lang], env={"COLUMNS": "400"})
    assert result.exit_code == 0, result.output
    assert label in result.stdout and AUTHORS in result.stdout and "CC BY-SA 4.0" in result.stdout
    assert "busfahrer" not in result.stdout  # only the game asked for


def test_games_refuses_an_unknown_game() -> None:
    result = RUNNER.invoke(app, ["games", "skat"])
    assert result.exit_code == 2
    assert "unknown_game" in result.stderr


@pytest.mark.parametrize("document", ["README.md", "docs/games/busfaktor.md"])
def test_the_documents_carry_the_credit(document: str) -> None:
    text = " ".join((ROOT / document).read_text(encoding="utf-8").split())
    assert AUTHORS in text and "CC BY-SA 4.0" in text and "phylogame.org/licenses" in text
    assert "Process-of-Science" in text


def test_the_default_deck_states_its_data_licence_apart_from_the_code() -> None:
    info = load_deck(None).model.deck
    assert info.license == "CC BY-SA 4.0"
    assert AUTHORS in info.credit
    notice = resolve_deck_path(None).read_text(encoding="utf-8").split("[deck]")[0]
    assert "CC BY-SA 4.0" in notice and "MIT" in notice and "Sam MacKinnon" in notice
    deck_licence = (ROOT / "LICENSE-deck").read_text(encoding="utf-8")
    assert "CC BY-SA 4.0" in deck_licence and AUTHORS in deck_licence and "deck.toml" in deck_licence
    assert (ROOT / "LICENSE").read_text(encoding="utf-8").startswith("MIT License")
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["license"]["text"]
    assert "MIT" in declared and "CC-BY-SA-4.0" in declared


@pytest.mark.parametrize(("lang", "words"), [("de", "Pflicht-Credit"), ("en", "Required credit")])
def test_the_final_position_shows_the_credit_to_the_players(lang: str, words: str) -> None:
    game = load_game("busfaktor")
    state = random_playout(game, 2, 1)
    console = Console(width=400, record=True)
    console.print(game.render_text(state.view(None), game.catalog(lang)))
    text = console.export_text()
    assert words in text and AUTHORS in text
    running = game.new_state(2, 1)
    console = Console(width=400, record=True)
    console.print(game.render_text(running.view(0), game.catalog(lang)))
    assert AUTHORS not in console.export_text()  # once, at the end, not on every screen

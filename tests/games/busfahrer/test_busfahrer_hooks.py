"""Busfahrer's notation, texts and terminal picture (the hooks of docs/protocol.md)."""

from __future__ import annotations

import pytest
from busfahrer_helpers import anna_ben_carla, card
from rich.console import Console

from busbahnhof.engine import MalformedActionError, load_game
from busbahnhof.engine.contract import random_playout
from busbahnhof.games.busfahrer import BusfahrerState
from busbahnhof.games.busfahrer.actions import GIVES, GUESSES, KEEP_ACTION, LAY_ACTION, TURNS
from busbahnhof.games.busfahrer.cards import card_label, card_name

GAME = load_game("busfahrer")


def every_action() -> list[object]:
    return [*GUESSES, LAY_ACTION, KEEP_ACTION, *TURNS[1:], *(a for row in GIVES[1:] for a in row)]


def test_every_action_round_trips_through_its_notation_to_the_same_object() -> None:
    for action in every_action():
        assert GAME.parse_action(str(action)) is action


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("guess rot", "guess red"),
        ("Guess  Höher", "guess higher"),
        ("guess hoeher", "guess higher"),
        ("guess außerhalb", "guess outside"),
        ("guess Pik", "guess spades"),
        ("GIVE 2 TO 3", "give 2 to 3"),
        (" turn 2 ", "turn 2"),
    ],
)
def test_input_is_forgiving_about_case_spacing_and_german_words(text: str, canonical: str) -> None:
    assert str(GAME.parse_action(text)) == canonical


@pytest.mark.parametrize("text", ["", "guess purple", "give 0 to 2", "give 13 to 2", "give 1 to 9", "turn 5", "lay 2"])
def test_malformed_input_names_the_notation(text: str) -> None:
    with pytest.raises(MalformedActionError, match="expected guess red"):
        GAME.parse_action(text)


@pytest.mark.parametrize(
    ("name", "lang", "text", "label"),
    [
        ("Karo-9", "de", "Karo-9", "♦9"),
        ("Pik-Dame", "de", "Pik-Dame", "♠D"),
        ("Kreuz-Bube", "de", "Kreuz-Bube", "♣B"),
        ("Herz-Ass", "de", "Herz-Ass", "♥A"),
        ("Karo-9", "en", "9 of diamonds", "♦9"),
        ("Pik-Dame", "en", "queen of spades", "♠Q"),
        ("Kreuz-10", "en", "10 of clubs", "♣10"),
    ],
)
def test_card_names(name: str, lang: str, text: str, label: str) -> None:
    assert card_name(card(name), lang) == text
    assert card_label(card(name), lang) == label
    assert GAME.catalog(lang).format_param("card", card(name)) == text


@pytest.mark.parametrize(
    ("text", "de", "en"),
    [
        ("guess higher", "„höher“ sagen", 'Say "higher"'),
        ("guess hearts", "„Herz“ sagen", 'Say "hearts"'),
        ("give 2 to 3", "2 Strafpunkte an Spieler 3 geben", "Give 2 penalty points to Player 3"),
        ("give 1 to 2", "1 Strafpunkt an Spieler 2 geben", "Give 1 penalty point to Player 2"),
        ("lay", "Passende Karte legen", "Lay the matching card"),
        ("turn 2", "Karte 2 der Reihe aufdecken", "Turn card 2 of the row"),
    ],
)
def test_describe_action(text: str, de: str, en: str) -> None:
    action = GAME.parse_action(text)
    assert GAME.describe_action(action, GAME.catalog("de")) == de
    assert GAME.describe_action(action, GAME.catalog("en")) == en


def test_log_events_read_as_the_documents_examples() -> None:
    state = anna_ben_carla()
    lines = [GAME.catalog("de", ["Anna", "Ben", "Carla"]).render(e) for e in state.log]
    assert "Pyramide, 1. Reihe (1 Strafpunkt je passende Karte): Pik-2." in lines
    assert "Anna hat keine Wahl: die passende Karte muss gelegt werden." in lines
    assert "Anna legt Kreuz-2 und verteilt 1 Strafpunkt." in lines
    english = [GAME.catalog("en", ["Anna", "Ben", "Carla"]).render(e) for e in state.log]
    assert "Pyramid row 1 (1 penalty point per matching card): 2 of spades." in english
    assert "Anna has no choice: the matching card must be laid." in english


@pytest.mark.parametrize("options", [{}, {"ride": "american", "rising_penalties": True}, {"driver_tie": "all_ride"}])
def test_log_texts_have_no_raw_notation_or_bracketed_plurals(options: dict[str, object]) -> None:
    game = load_game("busfahrer", **options)
    for seed in range(20):
        state = random_playout(game, 2 + seed % 3, seed)
        for lang in ("de", "en"):
            catalog = game.catalog(lang)
            for event in state.log:
                line = catalog.render(event)
                assert "(e)" not in line and "(s)" not in line and "(n)" not in line, line
                assert "Punkte)" not in line and "{" not in line, line
                if event.key == "forced":
                    assert not line.rstrip(".").endswith(str(event.params["action"])), line


@pytest.mark.parametrize("options", [{}, {"ride": "american", "rising_penalties": True, "driver_tie": "lot"}])
def test_every_event_has_a_text_in_both_languages(options: dict[str, object]) -> None:
    game = load_game("busfahrer", **options)
    keys = {e.key for seed in range(30) for e in random_playout(game, 2 + seed % 7, seed).log}
    for lang in ("de", "en"):
        catalog = game.catalog(lang)
        assert all(catalog.has(key) for key in keys), (lang, sorted(k for k in keys if not catalog.has(k)))


def _render(state: BusfahrerState, seat: int | None, lang: str) -> str:
    console = Console(record=True, width=100, color_system=None)
    console.print(GAME.render_text(state.view(seat), GAME.catalog(lang)))
    return console.export_text()


def test_render_shows_hands_points_pyramid_and_diamond() -> None:
    state = anna_ben_carla()
    text = _render(state, 0, "de")
    assert "Pyramide" in text and "♠2" in text and "▒▒" in text and "du" in text
    assert "♥A ♦A ♣A ♠A" in text
    while state.phase_name != "ride":
        state.apply(state.legal_actions()[0])
    text = _render(state, 2, "en")
    assert "Diamond" in text and "Draw pile" in text and "Busfahrer" in text


@pytest.mark.parametrize("options", [{}, {"ride": "american"}, {"games": 2}])
def test_render_works_in_every_phase_and_language(options: dict[str, object]) -> None:
    game = load_game("busfahrer", **options)
    state = game.new_state(3, 5)
    assert isinstance(state, BusfahrerState)
    phases = set()
    while True:
        phases.add(state.phase_name)
        for lang in ("de", "en"):
            assert _render(state, state.to_move, lang)
        if state.is_over:
            break
        state.apply(state.legal_actions()[0])
    assert "over" in phases and "questions" in phases
    assert "Gewonnen" in _render(state, None, "de")

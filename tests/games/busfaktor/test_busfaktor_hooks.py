"""Game hooks (issue item 5): text rendering, action descriptions, locales, simulation figures."""

from __future__ import annotations

import io
import re
import tomllib
from importlib import resources

import pytest
from busfaktor_helpers import GAME, arrange, cid
from rich.console import Console

from busbahnhof.engine import MalformedActionError, Rng
from busbahnhof.engine.contract import random_playout
from busbahnhof.games.busfaktor import BusfaktorState


def _flat_keys(table: dict[str, object], prefix: str = "") -> set[str]:
    keys: set[str] = set()
    for key, value in table.items():
        keys |= _flat_keys(value, f"{prefix}{key}.") if isinstance(value, dict) else {prefix + key}
    return keys


def test_german_and_english_locales_have_the_same_keys_and_cover_the_log() -> None:
    files = resources.files("busbahnhof.games.busfaktor").joinpath("locales")
    de = _flat_keys(tomllib.loads(files.joinpath("de.toml").read_text(encoding="utf-8")))
    en = _flat_keys(tomllib.loads(files.joinpath("en.toml").read_text(encoding="utf-8")))
    assert de == en
    state = random_playout(GAME, 4, 3)
    assert {event.key for event in state.log} <= de


def test_render_text_shows_the_own_hand_and_the_public_table() -> None:
    state = arrange(hands={0: ["Monitoring"]}, projects={1: [("Serverumzug", [("Fachbeirat", "Team")])]})
    console = Console(width=160, record=True)
    console.print(GAME.render_text(state.view(0), GAME.catalog("de")))
    text = console.export_text()
    assert "Monitoring" in text and "Serverumzug" in text and "Fachbeirat" in text
    console = Console(width=160, record=True)
    console.print(GAME.render_text(state.view(1), GAME.catalog("en")))
    assert "Monitoring [" not in console.export_text()


def test_describe_action_names_the_cards() -> None:
    action = GAME.parse_action(f"lege {cid('Monitoring')} an {cid('Serverumzug')} als Betrieb")
    assert GAME.describe_action(action, GAME.catalog("de")) == ("Monitoring als Betrieb an Serverumzug anlegen")
    assert GAME.describe_action(GAME.parse_action("ziehe ablage"), GAME.catalog("en")) == "draw a card: open discard"


def test_log_lines_render_card_names_in_both_languages() -> None:
    state = random_playout(GAME, 2, 1)
    for lang in ("de", "en"):
        catalog = GAME.catalog(lang, ["Anna", "Ben"])
        lines = [catalog.render(event) for event in state.log]
        assert all("{" not in line for line in lines)


def test_summarize_has_every_balance_figure() -> None:
    state: BusfaktorState = random_playout(GAME, 4, 7)  # type: ignore[assignment]
    figures = GAME.summarize(state)
    assert len(figures["seats"]) == 4
    assert set(figures["seats"][0]) == {"points", "completed", "unfinished", "won"}
    assert sum(seat["won"] for seat in figures["seats"]) == 1
    assert [seat["points"] for seat in figures["seats"]] == [state.points(seat) for seat in range(4)]
    assert figures["positions"][0] == figures["seats"][state.start]
    assert set(figures["points_by_round"]) == {str(r) for r in range(1, 7)}
    assert sum(figures["completions_by_round"].values()) == sum(len(d) for d in state.dones)
    names = state.deck.names
    assert set(figures["cards"]) == {names[card] for card in range(state.deck.size) if state.held[card]}
    template = GAME.summary_template(4)
    assert len(template["cards"]) == 74 and len(template["projects"]) == 16
    assert set(template["cards"]["Regelmäßiges Backup"]) == {"drawn", "played", "winner_side", "discarded", "held"}
    assert set(template["cards"]["Notfallplan"]) == {"drawn", "played", "winner_side", "discarded", "held", "fired"}
    assert all(set(figures["cards"][name]) == set(template["cards"][name]) for name in figures["cards"])
    cards = figures["cards"].values()
    assert sum(card["discarded"] for card in cards) == sum(1 for event in state.log if event.key == "discard")
    assert sum(card.get("fired", 0) for card in cards) <= sum(card["played"] for card in cards)
    for seat in range(4):
        for card in [*state.hands[seat], *state.actives[seat], *state.dones[seat]]:
            assert figures["cards"][names[card]]["held"][seat] == 1, (seat, names[card])
        for card in range(state.deck.size):
            if state.plays[card * 4 + seat]:
                assert figures["cards"][names[card]]["held"][seat] == 1, "a seat plays only cards it held"
    assert all((sum(card["held"]) > 0) == (card["drawn"] > 0) for card in cards)
    assert set(figures["projects"]) == {names[p] for p in range(state.deck.n_projects) if state.status[p]}
    sizes = figures["project_sizes"]
    assert sum(size["completed"] for size in sizes.values()) == sum(len(d) for d in state.dones)
    assert sum(size["points"] for size in sizes.values()) == sum(figures["points_by_round"].values())
    for key in ("tie", "absicherungen_fired", "cooperations_begun", "reshuffles", "project_stack_empty"):
        assert isinstance(figures[key], int)


def test_notation_round_trips_and_bad_text_is_refused() -> None:
    for text in (
        "ziehe projekt",
        "beginne 3",
        "lege 20 an 3 als Daten",
        "teile 20 an 3 als Team",
        "spiele 70",
        "spiele 66 an 3 als Methode",
        "spiele 67 an 4",
        "spiele 70 auf 20",
        "biete 1 mit 2",
        "annehmen",
        "ablehnen",
        "absichern 72",
        "verzichten",
        "nimm 5",
        "unter 5",
        "verschiebe 20 nach 3",
        "fertig",
        "wirf 9",
    ):
        assert str(GAME.parse_action(text)) == text
    for bad in ("lege 1 an 2 als Farbe", "ziehe stapel", "spiele x", "beginne", "nimm 1 2"):
        with pytest.raises(MalformedActionError, match="expected"):
            GAME.parse_action(bad)


def test_render_text_shows_pending_decisions() -> None:
    state = arrange(
        players=2, hands={0: ["Bestandsaufnahme"]}, projects={0: [("Serverumzug", [])], 1: [("Metadatenschema", [])]}
    )
    state.apply(f"spiele {cid('Bestandsaufnahme')}")
    console = Console(width=200, record=True)
    console.print(GAME.render_text(state.view(0), GAME.catalog("en")))
    text = console.export_text()
    assert "Player 1 plays Stocktaking" in text
    looked = ", ".join(state.deck.english_names[c] for c in sorted(state.looked))
    assert f"Cards looked at: {looked}" in text, "the looked-at cards by name"
    offer = arrange(players=2, projects={0: [("Serverumzug", [])], 1: [("Metadatenschema", [])]})
    offer.apply(f"biete {cid('Serverumzug')} mit {cid('Metadatenschema')}")
    console = Console(width=200, record=True)
    console.print(GAME.render_text(offer.view(1), GAME.catalog("de")))
    assert "Kooperationsangebot: Serverumzug" in console.export_text()


def _text(state: BusfaktorState, seat: int, lang: str = "de") -> str:
    console = Console(width=200, record=True)
    console.print(GAME.render_text(state.view(seat), GAME.catalog(lang, ["Anna", "Ben", "Cem"])))
    return console.export_text()


def test_render_text_tells_the_player_what_the_turn_requires() -> None:
    """§8.1 the compulsory project, §8.1/§8.3 what is still free this turn, §9 how many cards to discard."""
    state = arrange(players=2, hands={0: ["Serverumzug", "Monitoring"]})
    assert "Pflicht: Du hast kein aktives Projekt" in _text(state, 0)
    state.apply(f"beginne {cid('Serverumzug')}")
    assert "neues Projekt schon genutzt, Ereignis noch frei" in _text(state, 0)
    assert "−1 Punkt (abgeschlossen: 0, unvollendet: 1, je −1 am Ende, §16)" in _text(state, 0)
    assert "auf der Hand: 1 Karte, davon Projekte: 0" in _text(state, 1)
    crowded = arrange(players=2, hands={0: [f.name for f in GAME.deck.model.factors[:8]]})
    crowded.apply("fertig")
    assert "noch 3 Karten einzeln auf die offene Ablage abwerfen" in _text(crowded, 0)


def test_render_text_names_the_deciding_person_the_event_and_the_reaction_window() -> None:
    """§12: in another person's turn, the reaction window says whose event, on what, who is affected and asked."""
    state = arrange(
        players=3,
        hands={0: ["Serverausfall"]},
        projects={2: [("Serverumzug", [("Monitoring", "Betrieb")])]},
    )
    state.ctrl[cid("Monitoring")] = 1
    state.apply(f"spiele {cid('Serverausfall')} auf {cid('Monitoring')}")
    text = _text(state, 2)
    assert "Entscheidung: Cem – im Zug von Anna (Phase: Reaktionsfenster)" in text
    assert "Anna spielt Serverausfall auf Monitoring" in text
    assert "Direkt betroffen: Cem" in text and "noch gefragt: Cem, Ben" in text
    assert "(kontrolliert von Ben)" in text, "a factor controlled by another person than the project's owner (§3)"


def test_render_text_shows_the_hand_cards_everybody_saw_enter_another_hand() -> None:
    """§3/§17: a card taken from the open discard is public until it leaves the hand (R14)."""
    state = arrange(players=2, discard=["Notfallplan"])
    state.known[1] = []
    state.hands[1].append(state.discard.pop())
    state.known[1].append(cid("Notfallplan"))
    assert "bekannt auf der Hand: Notfallplan" in _text(state, 0)
    assert "bekannt auf der Hand" not in _text(state, 1), "the own hand is shown in full anyway"


def test_every_view_of_a_game_renders_without_raw_keys_ids_lists_or_placeholders() -> None:
    """Every decision point of random games, in both languages: no ``{param}``, no ``ui.key``, no ``[3, 5]``."""
    phases = set()
    for seed in range(2):
        state = GAME.new_state(3, seed)
        chooser = Rng(seed)
        while not state.is_over:
            view = state.view(state.to_move)
            phases.add(view["state"]["phase"])
            for lang in ("de", "en"):
                console = Console(width=160, record=True, file=io.StringIO())
                console.print(GAME.render_text(view, GAME.catalog(lang)))
                text = console.export_text()
                assert "{" not in text and "ui." not in text and not re.search(r"\[\d+, \d+", text), text
            state.apply(chooser.pick(state.legal_actions()))
    assert {"ziehen", "aktionen", "aufraeumen", "reaktion", "kooperation"} <= phases

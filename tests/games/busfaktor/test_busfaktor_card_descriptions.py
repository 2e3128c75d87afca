"""The card descriptions a front end draws card faces from (``view.state.cards``, sent once per
connection) carry what the printed card shows besides its text (print_faces.py): an event's
factor types (an E5's joker types, an E6's added requirement, an E7's only type) and the keywords
an Absicherung (E8) prevents."""

from __future__ import annotations

from busbahnhof.engine import load_game

CARDS = {card["name"]: card for card in load_game("busfaktor").card_descriptions}


def test_an_event_names_its_factor_types_in_type_order() -> None:
    assert CARDS["Überstunden"]["types"] == ["Team", "Methode"]
    assert CARDS["Geliehene Rechenzeit"]["types"] == ["Daten", "Betrieb"]
    assert CARDS["Formatmigration"]["types"] == ["Betrieb"]
    assert CARDS["Befristung läuft aus"]["types"] == ["Team"]
    assert CARDS["Serverausfall"]["types"] == []


def test_an_absicherung_names_the_keywords_it_prevents() -> None:
    assert CARDS["Notfallplan"]["blocks"] == ["MEHRAUFWAND", "RÜCKSCHLAG"]
    assert CARDS["Dokumentierte Übergabe"]["blocks"] == ["RÜCKSCHLAG"]
    assert CARDS["Serverausfall"]["blocks"] == []

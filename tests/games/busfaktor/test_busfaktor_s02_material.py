"""§2 Spielmaterial and the default deck (issue item 2): 74 cards, the named cards, the suggested mix."""

from __future__ import annotations

from collections import Counter

from busfaktor_helpers import GAME, cid

from busbahnhof.games.busfaktor.deck import EVENT, FACTOR, PROJECT

DECK = GAME.deck


def test_default_deck_has_74_cards_16_projects_46_factors_12_events() -> None:
    kinds = Counter(DECK.kind)
    assert DECK.size == 74
    assert (kinds[PROJECT], kinds[FACTOR], kinds[EVENT]) == (16, 46, 12)


def test_dokumentierter_dissens_needs_two_daten_one_methode_for_three_points() -> None:
    project = cid("Dokumentierter Dissens")
    assert DECK.requirements[project] == (0, 2, 0, 1)
    assert DECK.points[project] == 3


def test_the_factors_named_by_the_rules_exist() -> None:
    for name in ("Regelmäßiges Backup", "Excel als Datenbank"):
        assert DECK.kind[cid(name)] == FACTOR


def test_mix_follows_the_rules_notes_starting_point() -> None:
    sizes = Counter(len(p.requirements) for p in DECK.model.projects)
    assert sizes == {2: 4, 3: 8, 4: 4}
    single = Counter(f.type for f in DECK.model.factors if f.type is not None)
    assert single == {"Team": 10, "Daten": 10, "Betrieb": 10, "Methode": 10}
    assert sum(1 for f in DECK.model.factors if f.types is not None) == 6
    templates = Counter(e.template for e in DECK.model.events)
    assert templates == {"E1": 1, "E2": 1, "E3": 1, "E4": 1, "E5": 2, "E6": 2, "E7": 2, "E8": 2}


def test_points_equal_requirements_for_every_project() -> None:
    for project in DECK.model.projects:
        assert project.points == len(project.requirements)
        assert project.goal


def test_negative_events_carry_their_keywords() -> None:
    """The default deck's negative events are its Mehraufwand and Rückschlag cards, by the keyword
    their text shows (§4); "Dokumentierte Übergabe" says "Rückschlag" in normal case (issue 8)."""
    for event in DECK.model.events:
        expected = {"E6": ["MEHRAUFWAND"], "E7": ["RÜCKSCHLAG"]}.get(event.template, [])
        assert event.negative == expected
        assert event.keywords in (None, expected)

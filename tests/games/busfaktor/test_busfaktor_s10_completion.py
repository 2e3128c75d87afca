"""§10 Projekte abschließen: requirements incl. Mehraufwand, the order of completion, card-text overrides."""

from __future__ import annotations

from busfaktor_helpers import arrange, cid, refresh

DISSENS = "Dokumentierter Dissens"


def test_example_dokumentierter_dissens_needs_two_different_daten_factors() -> None:
    """§10 Beispiel: zwei Daten-Anforderungen und eine Methoden-Anforderung, drei Punkte; ein einzelner
    Datenfaktor kann nicht beide erfüllen."""
    state = arrange(hands={0: ["TEI-XML-Korpus", "Kollationierung"]}, projects={0: [(DISSENS, [])]})
    project = cid(DISSENS)
    state.apply(f"lege {cid('TEI-XML-Korpus')} an {project} als Daten")
    state.apply(f"lege {cid('Kollationierung')} an {project} als Methode")
    assert state.status[project] == 1 and state.need[project] == 1
    assert state.open[project * 4 + 1] == 1
    state.hands[0].append(cid("Normdaten (GND)"))
    refresh(state)
    state.apply(f"lege {cid('Normdaten (GND)')} an {project} als Daten")
    assert state.dones[0] == [project]
    assert state.deck.points[project] == 3 and state.points(0) == 3


def test_completion_puts_the_project_in_the_score_area_and_spends_the_cards() -> None:
    state = arrange(hands={0: ["Fachbeirat"]}, projects={0: [("Serverumzug", [("Monitoring", "Betrieb")])]})
    state.apply(f"lege {cid('Fachbeirat')} an {cid('Serverumzug')} als Team")
    assert sorted(state.spent) == sorted([cid("Monitoring"), cid("Fachbeirat")])
    assert state.att[cid("Monitoring")] == -1
    assert state.view(1)["state"]["completed"][0] == [cid("Serverumzug")]


def test_card_text_returning_to_the_hand_replaces_consumption() -> None:
    """§10 steps 2-3: `Zuständige Ansprechperson` returns to its controlling person's hand."""
    state = arrange(
        hands={0: ["Zuständige Ansprechperson"]}, projects={0: [("Serverumzug", [("Monitoring", "Betrieb")])]}
    )
    person = cid("Zuständige Ansprechperson")
    state.apply(f"lege {person} an {cid('Serverumzug')} als Team")
    assert state.hands[0] == [person] and state.known[0] == [person]
    assert state.spent == [cid("Monitoring")]


def test_mehraufwand_counts_as_an_extra_requirement_and_is_spent_on_completion() -> None:
    state = arrange(
        players=2,
        hands={1: ["Formatmigration"], 0: []},
        projects={0: [("Serverumzug", [("Fachbeirat", "Team")])]},
        active=1,
    )
    project, extra = cid("Serverumzug"), cid("Formatmigration")
    state.apply(f"spiele {extra} an {project}")
    state.apply("verzichten")
    assert state.need[project] == 2 and state.open[project * 4 + 2] == 2
    state.active = 0
    state.hands[0] = [cid("Monitoring"), cid("Bandlaufwerk")]
    refresh(state)
    state.apply(f"lege {cid('Monitoring')} an {project} als Betrieb")
    assert state.status[project] == 1
    state.apply(f"lege {cid('Bandlaufwerk')} an {project} als Betrieb")
    assert state.status[project] == 2 and extra in state.spent and state.extra[project] == -1

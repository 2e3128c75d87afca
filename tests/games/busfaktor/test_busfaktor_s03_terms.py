"""§3 Begriffe: secret hands, requirements, attaching, the controlling person, the two piles."""

from __future__ import annotations

import pytest
from busfaktor_helpers import arrange, at_draw, cid, legal_texts, play

from busbahnhof.engine import IllegalActionError, Rng


def test_hands_are_secret_in_every_other_view() -> None:
    state = arrange(players=3, hands={0: ["Monitoring"], 1: ["Fachbeirat", "Serverumzug"]})
    assert state.view(0)["state"]["hand"] == [cid("Monitoring")]
    for seat in (1, 2, None):
        view = state.view(seat)["state"]
        assert cid("Monitoring") not in (view["hand"] or [])
    assert state.view(2)["state"]["hand_sizes"] == [1, 2, 0]
    assert state.view(2)["state"]["hand_projects"] == [0, 1, 0]


def test_two_equal_symbols_need_two_different_factors() -> None:
    state = arrange(hands={0: ["TEI-XML-Korpus", "Normdaten (GND)"]}, projects={0: [("Dokumentierter Dissens", [])]})
    project = cid("Dokumentierter Dissens")
    state.apply(f"lege {cid('TEI-XML-Korpus')} an {project} als Daten")
    assert state.open[project * 4 + 1] == 1
    state.apply(f"lege {cid('Normdaten (GND)')} an {project} als Daten")
    assert state.open[project * 4 + 1] == 0


def test_a_factor_needs_an_open_requirement_of_its_type() -> None:
    state = arrange(hands={0: ["Fachbeirat", "Monitoring"]}, projects={0: [("Metadatenschema", [])]})
    assert legal_texts(state) == ["fertig"]
    with pytest.raises(IllegalActionError, match="open requirement"):
        state.apply(f"lege {cid('Fachbeirat')} an {cid('Metadatenschema')} als Team")


def test_an_active_project_cannot_be_withdrawn_or_discarded() -> None:
    state = arrange(hands={0: ["Monitoring"]}, projects={0: [("Metadatenschema", [])]})
    assert all(not t.startswith("wirf") for t in legal_texts(state))
    with pytest.raises(IllegalActionError):
        state.apply(f"wirf {cid('Metadatenschema')}")


def test_the_controlling_person_is_who_played_the_factor() -> None:
    state = arrange(hands={0: ["Monitoring"]}, projects={0: [("Serverumzug", [])]})
    state.apply(f"lege {cid('Monitoring')} an {cid('Serverumzug')} als Betrieb")
    assert state.ctrl[cid("Monitoring")] == 0
    attached = state.view(1)["state"]["projects"][0]["attached"]
    assert attached == [{"card": cid("Monitoring"), "type": "Betrieb", "controller": 0}]


def test_the_spent_pile_is_hidden_and_resampled_the_open_discard_is_public() -> None:
    state = arrange(discard=["Monitoring"], spent=["Fachbeirat", "Bandlaufwerk"])
    view = state.view(1)["state"]
    assert view["discard"] == [cid("Monitoring")] and view["spent"] == 2
    twin = state.determinize(1, Rng(3))
    assert twin.discard == state.discard and len(twin.spent) == 2
    play(twin, "fertig")


def test_a_card_taken_from_the_open_discard_is_known_to_everybody_until_it_leaves_the_hand() -> None:
    state = at_draw(arrange(players=2, discard=["Regelmäßiges Backup"], projects={0: [("Serverumzug", [])]}))
    backup = cid("Regelmäßiges Backup")
    state.apply("ziehe ablage")
    assert state.view(1)["state"]["known_hand_cards"][0] == [backup]
    state.apply("ziehe aktion")
    state.apply(f"lege {backup} an {cid('Serverumzug')} als Betrieb")
    assert state.view(1)["state"]["known_hand_cards"][0] == []

"""§8 Phase 2: projects, factors, one event, cooperation offers, immediate completion, passing."""

from __future__ import annotations

import pytest
from busfaktor_helpers import arrange, cid, legal_texts, named, play

from busbahnhof.engine import IllegalActionError


def test_with_no_active_project_one_from_the_hand_must_be_started_first() -> None:
    state = arrange(hands={0: ["Serverumzug", "Nutzungsumfrage", "Monitoring"]})
    assert state.must_start
    assert legal_texts(state) == [f"beginne {cid('Nutzungsumfrage')}", f"beginne {cid('Serverumzug')}"]
    with pytest.raises(IllegalActionError, match=r"§8\.1"):
        state.apply("fertig")
    state.apply(f"beginne {cid('Serverumzug')}")
    assert state.actives[0] == [cid("Serverumzug")]
    assert "fertig" in legal_texts(state)


def test_without_a_project_in_hand_nothing_has_to_be_started() -> None:
    state = arrange(hands={0: ["Monitoring"]})
    assert not state.must_start
    assert legal_texts(state) == ["fertig"]


def test_at_most_one_new_project_per_turn_but_no_limit_on_active_ones() -> None:
    state = arrange(
        hands={0: ["Serverumzug", "Nutzungsumfrage"]},
        projects={0: [("Metadatenschema", []), ("Digitale Edition", [])]},
    )
    state.apply(f"beginne {cid('Serverumzug')}")
    with pytest.raises(IllegalActionError, match="at most one new project per turn"):
        state.apply(f"beginne {cid('Nutzungsumfrage')}")
    assert len(state.actives[0]) == 3


def test_any_number_of_matching_factors_go_onto_own_projects_only() -> None:
    state = arrange(
        hands={0: ["Monitoring", "Fachbeirat", "Kollationierung"]},
        projects={0: [("Hochverfügbarer Dienst", [])], 1: [("Schulungsprogramm", [])]},
    )
    own, other = cid("Hochverfügbarer Dienst"), cid("Schulungsprogramm")
    play(
        state,
        f"lege {cid('Monitoring')} an {own} als Betrieb",
        f"lege {cid('Fachbeirat')} an {own} als Team",
        f"lege {cid('Kollationierung')} an {own} als Methode",
    )
    assert state.need[own] == 1 and state.hands[0] == []
    state2 = arrange(hands={0: ["Fachbeirat"]}, projects={0: [("Serverumzug", [])], 1: [("Schulungsprogramm", [])]})
    with pytest.raises(IllegalActionError, match=r"§8\.2"):
        state2.apply(f"lege {cid('Fachbeirat')} an {other} als Team")


def test_at_most_one_event_per_turn() -> None:
    state = arrange(hands={0: ["Förderbescheid", "Bestandsaufnahme"]}, projects={0: [("Serverumzug", [])]})
    state.apply(f"spiele {cid('Förderbescheid')}")
    assert state.event_used
    assert not any(t.startswith(f"spiele {cid('Bestandsaufnahme')}") for t in legal_texts(state))
    with pytest.raises(IllegalActionError, match="at most one event per turn"):
        state.apply(f"spiele {cid('Bestandsaufnahme')}")


def test_a_cooperation_offer_is_the_other_persons_decision() -> None:
    state = arrange(projects={0: [("Serverumzug", [])], 1: [("Schulungsprogramm", [])]})
    mine, theirs = cid("Serverumzug"), cid("Schulungsprogramm")
    state.apply(f"biete {mine} mit {theirs}")
    assert state.to_move == 1
    assert legal_texts(state) == ["annehmen", "ablehnen"]
    state.apply("ablehnen")
    assert state.to_move == 0 and state.partner[mine] == -1
    assert not any(t.startswith("biete") for t in legal_texts(state))


def test_a_fulfilled_project_is_completed_at_once() -> None:
    state = arrange(hands={0: ["Fachbeirat"]}, projects={0: [("Serverumzug", [("Monitoring", "Betrieb")])]})
    state.apply(f"lege {cid('Fachbeirat')} an {cid('Serverumzug')} als Team")
    assert state.dones[0] == [cid("Serverumzug")] and state.actives[0] == []


def test_passing_ends_the_action_phase() -> None:
    state = arrange(players=2, hands={0: ["Monitoring"]})
    state.apply("fertig")
    assert state.active == 1 and state.phase == 0


HAND = ["Serverumzug", "Monitoring", "Förderbescheid", "Bestandsaufnahme", "Überstunden", "Formatmigration"]
HAND += ["Serverausfall", "Notfallplan", "Aus dem Papierkorb gerettet", "Nutzungsumfrage", "Research Software Engineer"]


@pytest.mark.parametrize(
    ("before", "action", "rule"),
    [
        ([], "fertig", r"§8\.1"),  # the compulsory project first
        ([], "lege Monitoring an Metadatenschema als Betrieb", r"§8\.1"),
        (["beginne Serverumzug"], "beginne Nutzungsumfrage", r"one new project per turn.*§8\.1"),
        (["beginne Serverumzug"], "beginne Monitoring", r"only a project.*§8\.1"),
        (["beginne Serverumzug"], "lege Monitoring an Metadatenschema als Betrieb", r"§4, §8\.2"),
        (["beginne Serverumzug"], "lege Monitoring an Schulungsprogramm als Betrieb", r"own active projects.*§8\.2"),
        (["beginne Serverumzug"], "lege Research Software Engineer an Serverumzug als Methode", r"§8\.2"),
        (["beginne Serverumzug"], "lege Förderbescheid an Serverumzug als Team", r"only a factor is attached.*§8\.2"),
        (["beginne Serverumzug"], "lege Fachbeirat an Serverumzug als Team", r"not in your hand.*§3"),
        (["beginne Serverumzug", "spiele Förderbescheid"], "spiele Bestandsaufnahme", r"one event.*§8\.3"),
        (["beginne Serverumzug", "spiele Förderbescheid"], "spiele Überstunden an Serverumzug als Team", r"§13 E5"),
        (["beginne Serverumzug"], "spiele Notfallplan", r"reaction window.*§12"),
        (["beginne Serverumzug"], "spiele Formatmigration an Serverumzug", r"another person's.*§13 E6"),
        (["beginne Serverumzug"], "spiele Überstunden an Schulungsprogramm als Team", r"own active projects.*§13 E5"),
        (["beginne Serverumzug"], "spiele Überstunden", r"'spiele E an P als TYP'.*§13 E5"),
        (["beginne Serverumzug"], "spiele Serverausfall auf Monitoring", r"attached card.*§13 E7"),
        (["beginne Serverumzug"], "spiele Aus dem Papierkorb gerettet", r"open discard.*§13 E3"),
        (["beginne Serverumzug"], "spiele Monitoring", r"only an event.*§8\.3"),
        (["beginne Serverumzug"], "biete Serverumzug mit Serverumzug", r"§11"),
        (["beginne Serverumzug"], "absichern Notfallplan", r"action phase.*§8"),
        (["beginne Serverumzug"], "ziehe aktion", r"action phase.*§8"),
    ],
)
def test_illegal_actions_cite_the_rule_and_change_nothing(before: list[str], action: str, rule: str) -> None:
    """Bad input gets an error naming the rule it breaks (house rule), and leaves the state as it was."""
    state = arrange(hands={0: HAND}, projects={1: [("Schulungsprogramm", [])]})

    play(state, *(named(t) for t in before))
    snapshot = state.view(0)
    with pytest.raises(IllegalActionError, match=rule):
        state.apply(named(action))
    assert state.view(0) == snapshot

"""§13 Die acht Ereignis-Templates, with the exact handling of stacks and piles."""

from __future__ import annotations

import pytest
from busfaktor_helpers import MINI, arrange, cid, ids, legal_texts, refresh

from busbahnhof.engine import IllegalActionError
from busbahnhof.games.busfaktor.phases import E4_MOVE, SHARED
from busbahnhof.games.busfaktor.schema import FACTOR_TYPES


def test_e1_sichten_take_one_put_the_rest_under_in_a_chosen_order() -> None:
    state = arrange(hands={0: ["Bestandsaufnahme"]}, projects={0: [("Serverumzug", [])]})
    top3 = state.astack[-3:][::-1]
    state.apply(f"spiele {cid('Bestandsaufnahme')}")
    assert state.view(0)["state"]["pending_event"]["looked"] == sorted(top3)
    assert state.view(1)["state"]["pending_event"]["looked"] == 3
    assert legal_texts(state) == [f"nimm {c}" for c in sorted(top3)]
    taken, first, last = top3
    state.apply(f"nimm {taken}")
    assert taken in state.hands[0] and taken not in state.known[0]
    state.apply(f"unter {first}")
    assert state.astack[:2] == [last, first]
    assert cid("Bestandsaufnahme") in state.spent and state.phase == 1


def test_e1_on_the_project_stack_keeps_the_seen_order_when_the_card_says_so() -> None:
    state = arrange(game=MINI, hands={0: ["Sichten"]})
    top2 = state.pstack[-2:][::-1]
    state.apply(f"spiele {cid('Sichten', MINI)}")
    state.apply(f"nimm {top2[1]}")
    assert state.pstack[0] == top2[0] and top2[1] in state.hands[0]
    assert state.phase == 1


def test_e2_nachziehen_reveals_until_enough_factors_and_spends_the_events_set_aside() -> None:
    state = arrange(hands={0: ["Förderbescheid"]})
    state.astack.extend(ids(["Monitoring", "Serverausfall", "Fachbeirat"]))
    state.apply(f"spiele {cid('Förderbescheid')}")
    assert sorted(state.hands[0]) == sorted(ids(["Fachbeirat", "Monitoring"]))
    assert sorted(state.known[0]) == sorted(ids(["Fachbeirat", "Monitoring"]))
    assert sorted(state.spent) == sorted(ids(["Serverausfall", "Förderbescheid"]))


def test_e2_renews_the_action_stack_without_the_cards_set_aside_and_stops_when_nothing_is_left() -> None:
    state = arrange(hands={0: ["Förderbescheid"]}, spent=["Bandlaufwerk"])
    state.astack[:] = ids(["Notfallplan"])
    state.apply(f"spiele {cid('Förderbescheid')}")
    assert state.reshuffles == 1
    assert state.hands[0] == [cid("Bandlaufwerk")]
    assert sorted(state.spent) == sorted(ids(["Notfallplan", "Förderbescheid"]))
    assert state.astack == []


def test_e3_rueckholen_takes_a_factor_from_anywhere_in_the_open_discard() -> None:
    state = arrange(
        hands={0: ["Aus dem Papierkorb gerettet"]},
        discard=["Excel als Datenbank", "Serverumzug", "Regelmäßiges Backup"],
    )
    state.apply(f"spiele {cid('Aus dem Papierkorb gerettet')}")
    assert legal_texts(state) == [f"nimm {c}" for c in sorted(ids(["Excel als Datenbank", "Regelmäßiges Backup"]))]
    state.apply(f"nimm {cid('Excel als Datenbank')}")
    assert state.discard == ids(["Serverumzug", "Regelmäßiges Backup"])
    assert state.hands[0] == [cid("Excel als Datenbank")]


def test_e3_needs_a_factor_in_the_open_discard() -> None:
    state = arrange(hands={0: ["Aus dem Papierkorb gerettet"]}, discard=["Serverumzug"])
    assert legal_texts(state) == ["fertig"]


def test_e4_umverteilen_moves_up_to_n_factors_between_own_projects_keeping_type_and_controller() -> None:
    state = arrange(
        hands={0: ["Umstrukturierung"]},
        projects={
            0: [("Serverumzug", [("Drittmittel", "Team")]), ("Schulungsprogramm", [])],
            1: [("Nutzungsumfrage", [])],
        },
    )
    third = cid("Drittmittel")
    state.apply(f"spiele {cid('Umstrukturierung')}")
    assert legal_texts(state) == ["fertig", f"verschiebe {third} nach {cid('Schulungsprogramm')}"]
    state.apply(f"verschiebe {third} nach {cid('Schulungsprogramm')}")
    assert state.att[third] == cid("Schulungsprogramm") and state.ctype[third] == 0 and state.ctrl[third] == 0
    assert state.phase == E4_MOVE, "one more move is allowed"
    state.apply("fertig")
    assert state.phase == 1 and cid("Umstrukturierung") in state.spent


def test_e4_with_reach_alle_keeps_the_controlling_person_on_another_persons_project() -> None:
    state = arrange(
        game=MINI,
        hands={0: ["Umverteilen"]},
        projects={0: [("Kleiner Workshop", [])], 1: [("Kleiner Dienst", [("Team A", "Team")])]},
    )
    team = cid("Team A", MINI)
    state.apply(f"spiele {cid('Umverteilen', MINI)}")
    state.apply(f"verschiebe {team} nach {cid('Kleiner Workshop', MINI)}")
    assert state.ctrl[team] == 1 and state.owner[state.att[team]] == 0 and state.phase == 1


def test_e5_joker_counts_as_a_factor_and_uses_the_event_limit() -> None:
    state = arrange(hands={0: ["Überstunden", "Förderbescheid"]}, projects={0: [("Nutzungsumfrage", [])]})
    joker = cid("Überstunden")
    project = cid("Nutzungsumfrage")
    assert f"spiele {joker} an {project} als Team" in legal_texts(state)
    state.apply(f"spiele {joker} an {project} als Methode")
    assert state.att[joker] == project and state.nfac[project] == 1
    assert state.event_used
    assert f"spiele {cid('Förderbescheid')}" not in legal_texts(state)


def test_e5_a_joker_whose_text_says_so_does_not_use_the_event_limit() -> None:
    state = arrange(game=MINI, hands={0: ["Joker", "Nachziehen"]}, projects={0: [("Kleiner Workshop", [])]})
    state.apply(f"spiele {cid('Joker', MINI)} an {cid('Kleiner Workshop', MINI)} als Team")
    assert not state.event_used
    assert f"spiele {cid('Nachziehen', MINI)}" in legal_texts(state)


def test_e6_mehraufwand_only_on_another_persons_project_at_most_one_each() -> None:
    state = arrange(
        hands={0: ["Formatmigration", "Datenschutz-Folgenabschätzung"]},
        projects={0: [("Serverumzug", [])], 1: [("Metadatenschema", [])]},
    )
    assert [t for t in legal_texts(state) if t.startswith("spiele")] == [
        f"spiele {cid('Datenschutz-Folgenabschätzung')} an {cid('Metadatenschema')}",
        f"spiele {cid('Formatmigration')} an {cid('Metadatenschema')}",
    ]
    state.apply(f"spiele {cid('Formatmigration')} an {cid('Metadatenschema')}")
    state.apply("verzichten")
    assert state.extra[cid("Metadatenschema")] == cid("Formatmigration")
    state.event_used = False
    refresh(state)
    with pytest.raises(IllegalActionError):
        state.apply(f"spiele {cid('Datenschutz-Folgenabschätzung')} an {cid('Metadatenschema')}")


def test_e7_rueckschlag_on_a_shared_factor_ends_sharing_but_not_the_cooperation() -> None:
    state = arrange(
        hands={0: ["Befristung läuft aus"]},
        projects={0: [("Langzeitarchivierung", [])], 1: [("Software-Release 1.0", [])]},
    )
    a, b, team = cid("Langzeitarchivierung"), cid("Software-Release 1.0"), cid("Fachbeirat")
    state.partner[a], state.partner[b] = b, a
    state.astack.remove(team)
    state.att[team], state.ctype[team], state.ctrl[team] = SHARED, 0, 1
    for p in (a, b):
        state.shared[p] = team
        state.open[p * 4] -= 1
        state.need[p] -= 1
    refresh(state)
    state.apply(f"spiele {cid('Befristung läuft aus')} auf {team}")
    assert state.view(0)["state"]["pending_event"]["affected"] == [1]
    state.apply("verzichten")
    assert team in state.hands[1]
    assert state.shared[a] == state.shared[b] == -1 and state.partner[a] == b
    assert state.open[a * 4] == 1 and state.open[b * 4] == 1


def test_e7_with_a_named_type_targets_only_factors_of_that_type() -> None:
    state = arrange(
        hands={0: ["Befristung läuft aus"]},
        projects={1: [("Serverumzug", [("Monitoring", "Betrieb"), ("Fachbeirat", "Team")])]},
    )
    assert legal_texts(state) == ["fertig", f"spiele {cid('Befristung läuft aus')} auf {cid('Fachbeirat')}"]


def test_e7_a_joker_returns_to_the_hand_as_an_event() -> None:
    state = arrange(
        hands={0: ["Serverausfall"]},
        projects={1: [("Nutzungsumfrage", [("Überstunden", "Team")])]},
    )
    joker = cid("Überstunden")
    state.apply(f"spiele {cid('Serverausfall')} auf {joker}")
    state.apply("verzichten")
    assert joker in state.hands[1] and state.att[joker] == -1


def test_e8_absicherung_with_reach_selbst_only_for_the_affected_person() -> None:
    state = arrange(
        players=3,
        hands={0: ["Serverausfall"], 1: ["Notfallplan"]},
        projects={2: [("Serverumzug", [("Monitoring", "Betrieb")])]},
    )
    state.apply(f"spiele {cid('Serverausfall')} auf {cid('Monitoring')}")
    assert state.to_move == 2
    state.apply("verzichten")
    assert state.to_move == 1 and legal_texts(state) == ["verzichten"]


def test_e4_a_shared_factor_moves_only_out_of_its_cooperation_and_stops_being_shared() -> None:
    state = arrange(
        game=MINI,
        players=3,
        hands={0: ["Umverteilen"]},
        projects={0: [("Kleines Repositorium", [])], 1: [("Kleine Migration", [])], 2: [("Kleiner Dienst", [])]},
    )
    a, b, c = (cid(t, MINI) for t in ("Kleines Repositorium", "Kleine Migration", "Kleiner Dienst"))
    shared = cid("Daten A", MINI)
    state.astack.remove(shared)
    state.partner[a], state.partner[b] = b, a
    state.att[shared], state.ctype[shared], state.ctrl[shared] = SHARED, 1, 0
    for p in (a, b):
        state.shared[p] = shared
        state.open[p * 4 + 1] -= 1
        state.need[p] -= 1
    refresh(state)
    state.apply(f"spiele {cid('Umverteilen', MINI)}")
    assert f"verschiebe {shared} nach {c}" in legal_texts(state)
    assert f"verschiebe {shared} nach {a}" not in legal_texts(state)
    state.apply(f"verschiebe {shared} nach {c}")
    assert state.shared[a] == state.shared[b] == -1 and state.partner[a] == b
    assert state.att[shared] == c and state.ctrl[shared] == 0
    assert state.open[a * 4 + 1] == 1 and state.open[b * 4 + 1] == 1


def test_e4_with_reach_eigene_leaves_other_persons_factors_alone() -> None:
    state = arrange(
        hands={0: ["Umstrukturierung"]},
        projects={0: [("Serverumzug", [])], 1: [("Schulungsprogramm", [("Fachbeirat", "Team")])]},
    )
    assert not any(t.startswith("spiele") for t in legal_texts(state))


def test_e1_renews_an_emptied_action_stack_at_the_moment_a_card_is_needed() -> None:
    """§7 Leerer Aktionsstapel ("Soll eine Karte ... aufgedeckt werden"), §12 "so viel wie möglich": with
    one card left, Sichten looks at it, renews the stack from the Verbrauchsstapel and looks at two more."""
    state = arrange(hands={0: ["Bestandsaufnahme"]}, spent=["Monitoring", "Fachbeirat", "Bandlaufwerk"])
    state.astack[:] = ids(["Code-Review"])
    state.apply(f"spiele {cid('Bestandsaufnahme')}")
    assert state.reshuffles == 1 and state.spent == []
    assert cid("Code-Review") in state.looked and len(state.looked) == 3
    renewed_rest = state.astack[:]
    assert len(renewed_rest) == 1
    rest = sorted(c for c in state.looked if c != cid("Code-Review"))
    state.apply(f"nimm {cid('Code-Review')}")
    state.apply(f"unter {rest[0]}")
    assert state.astack == [rest[1], rest[0], *renewed_rest], "the rest lies under the renewed stack"
    assert state.spent == [cid("Bestandsaufnahme")]


@pytest.mark.parametrize(
    ("moves", "then_legal"),
    [
        # one factor moved once: it may not move on to a third project; the other factor still may
        (["Fachbeirat->Schulungsprogramm"], {"fertig", "Drittmittel->Serverumzug", "Drittmittel->Nutzungsumfrage"}),
        # two different factors: the card's two moves are used up
        (["Fachbeirat->Schulungsprogramm", "Drittmittel->Serverumzug"], None),
    ],
)
def test_e4_moves_up_to_n_different_factors_each_at_most_once(moves: list[str], then_legal: set[str] | None) -> None:
    """§13 E4 with the card text "Verschiebe bis zu zwei angelegte Faktoren": two factors, not one factor twice."""
    state = arrange(
        hands={0: ["Umstrukturierung"]},
        projects={
            0: [
                ("Serverumzug", [("Fachbeirat", "Team")]),
                ("Schulungsprogramm", [("Drittmittel", "Team")]),
                ("Nutzungsumfrage", []),
            ]
        },
    )

    def text(move: str) -> str:
        factor, project = move.split("->")
        return f"verschiebe {cid(factor)} nach {cid(project)}"

    state.apply(f"spiele {cid('Umstrukturierung')}")
    for move in moves:
        state.apply(text(move))
    if then_legal is None:
        assert state.phase == 1 and cid("Umstrukturierung") in state.spent
        return
    assert set(legal_texts(state)) == {m if m == "fertig" else text(m) for m in then_legal}
    with pytest.raises(IllegalActionError, match="§13 E4"):
        state.apply(f"verschiebe {cid('Fachbeirat')} nach {cid('Nutzungsumfrage')}")


@pytest.mark.parametrize(
    ("chosen", "target", "movable"),
    [
        ("Methode", "Hochverfügbarer Dienst", True),  # the new project has an open Methode requirement
        ("Methode", "Forschungsdatenrepositorium", False),  # only Betrieb open there: the chosen type counts
        ("Betrieb", "Forschungsdatenrepositorium", True),
    ],
)
def test_e4_a_moved_wildcard_keeps_its_chosen_type(chosen: str, target: str, movable: bool) -> None:
    """§4 Wildcard "Die Wahl bleibt bestehen, solange die Karte angelegt ist", §13 E4 "passende Anforderung"."""
    state = arrange(
        hands={0: ["Umstrukturierung"]},
        projects={0: [("Software-Release 1.0", [("Research Software Engineer", chosen)]), (target, [])]},
    )
    rse = cid("Research Software Engineer")
    if not movable:
        assert f"spiele {cid('Umstrukturierung')}" not in legal_texts(state), "no legal move, no target (§12)"
        return
    state.apply(f"spiele {cid('Umstrukturierung')}")
    state.apply(f"verschiebe {rse} nach {cid(target)}")
    assert state.ctype[rse] == FACTOR_TYPES.index(chosen) and state.att[rse] == cid(target)


def test_e7_a_moved_factor_returns_to_its_controlling_person_not_the_project_owner() -> None:
    """§3 Kontrollierende Person "auch wenn er durch einen Karteneffekt an ein anderes Projekt verschoben
    wurde", §13 E7."""
    state = arrange(
        players=3,
        hands={0: ["Serverausfall"]},
        projects={2: [("Serverumzug", [("Monitoring", "Betrieb")])]},
    )
    monitoring = cid("Monitoring")
    state.ctrl[monitoring] = 1  # seat 1 played it; an E4 moved it to seat 2's project
    state.apply(f"spiele {cid('Serverausfall')} auf {monitoring}")
    assert state.view(0)["state"]["pending_event"]["affected"] == [2]
    while state.phase == 3:
        state.apply("verzichten")
    assert monitoring in state.hands[1] and monitoring not in state.hands[2]
    assert state.open[cid("Serverumzug") * 4 + 2] == 1


def test_e4_a_factor_moved_by_an_earlier_card_may_move_again_with_the_next_one() -> None:
    """§13 E4: "each factor once" holds per card; the next Umverteilen starts afresh."""
    state = arrange(
        players=2,
        hands={0: ["Umstrukturierung"]},
        projects={0: [("Serverumzug", [("Fachbeirat", "Team")]), ("Schulungsprogramm", [])]},
    )
    factor, there, back = cid("Fachbeirat"), cid("Schulungsprogramm"), cid("Serverumzug")
    state.apply(f"spiele {cid('Umstrukturierung')}")
    state.apply(f"verschiebe {factor} nach {there}")
    state.apply("fertig")
    assert state.view(0)["state"]["pending_event"] is None
    state.event_used = False
    state.hands[0].append(state.spent.pop())
    refresh(state)
    state.apply(f"spiele {cid('Umstrukturierung')}")
    assert f"verschiebe {factor} nach {back}" in legal_texts(state)

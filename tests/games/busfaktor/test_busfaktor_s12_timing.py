"""§12 Ereignisse und Timing: targets first, the reaction window and its order, one Absicherung."""

from __future__ import annotations

from typing import Any

import pytest
from busfaktor_helpers import arrange, cid, legal_texts, named, play

from busbahnhof.engine import IllegalActionError
from busbahnhof.games.busfaktor import BusfaktorState

SETBACK = "Serverausfall"


def window(players: int = 4, **hands: list[str]) -> tuple[BusfaktorState, int]:
    """Seat 0 plays a Rückschlag on a factor of seat 2's project (seat 1's with two players)."""
    seats = {int(k[1:]): v for k, v in hands.items()}
    state = arrange(
        players=players,
        hands={0: [SETBACK], **seats},
        projects={min(2, players - 1): [("Serverumzug", [("Monitoring", "Betrieb")])]},
    )
    state.apply(f"spiele {cid(SETBACK)} auf {cid('Monitoring')}")
    return state, cid("Monitoring")


def test_the_affected_person_first_then_the_others_from_the_left_of_the_active_person() -> None:
    state, _ = window()
    asked = []
    while state.phase == 3:
        asked.append(state.to_move)
        state.apply("verzichten")
    assert asked == [2, 1, 3]


def test_everyone_is_asked_even_without_an_absicherung_so_asking_reveals_nothing() -> None:
    state, _ = window()
    assert state.to_move == 2 and legal_texts(state) == ["verzichten"]


def test_one_absicherung_closes_the_window_and_both_cards_are_spent() -> None:
    state, monitoring = window(s1=["Notfallplan", "Dokumentierte Übergabe"])
    state.apply("verzichten")
    assert state.to_move == 1
    assert legal_texts(state) == ["verzichten", f"absichern {cid('Dokumentierte Übergabe')}"], "reach selbst: not 1"
    state.apply(f"absichern {cid('Dokumentierte Übergabe')}")
    assert state.to_move == 0 and state.phase == 1
    assert state.att[monitoring] == cid("Serverumzug")
    assert sorted(state.spent) == sorted([cid(SETBACK), cid("Dokumentierte Übergabe")])
    assert state.fired == 1 and state.event_used


def test_the_negative_effect_happens_when_nobody_reacts() -> None:
    state, monitoring = window()
    for _ in range(3):
        state.apply("verzichten")
    assert monitoring in state.hands[2] and monitoring in state.known[2]
    assert cid(SETBACK) in state.spent


def test_events_that_are_not_negative_open_no_window() -> None:
    state = arrange(players=3, hands={0: ["Förderbescheid"], 1: ["Notfallplan"]})
    state.apply(f"spiele {cid('Förderbescheid')}")
    assert state.to_move == 0 and state.phase == 1


def test_an_absicherung_is_not_played_as_the_turns_event() -> None:
    state = arrange(hands={0: ["Notfallplan"]}, projects={0: [("Serverumzug", [])]})
    assert legal_texts(state) == ["fertig"]
    with pytest.raises(IllegalActionError, match="reaction window"):
        state.apply(f"spiele {cid('Notfallplan')}")


def test_an_absicherung_does_not_count_against_the_next_turns_event_limit() -> None:
    state, _ = window(players=2, s1=["Dokumentierte Übergabe", "Förderbescheid"])
    state.apply(f"absichern {cid('Dokumentierte Übergabe')}")
    state.apply("fertig")
    state.apply("ziehe aktion")
    state.apply("ziehe aktion")
    assert not state.event_used
    assert f"spiele {cid('Förderbescheid')}" in legal_texts(state)


def test_an_event_with_a_target_needs_a_legal_target() -> None:
    state = arrange(hands={0: [SETBACK, "Formatmigration"]}, projects={0: [("Serverumzug", [])]})
    assert legal_texts(state) == ["fertig"]
    with pytest.raises(IllegalActionError, match=r"another person's active project.*§13 E6"):
        state.apply(f"spiele {cid('Formatmigration')} an {cid('Serverumzug')}")


def test_an_absicherung_must_fit_the_keyword() -> None:
    state = arrange(
        players=2,
        hands={0: ["Formatmigration"], 1: ["Dokumentierte Übergabe", "Notfallplan"]},
        projects={1: [("Serverumzug", [])]},
    )
    state.apply(f"spiele {cid('Formatmigration')} an {cid('Serverumzug')}")
    assert legal_texts(state) == ["verzichten", f"absichern {cid('Notfallplan')}"]
    with pytest.raises(IllegalActionError, match="E8"):
        state.apply(f"absichern {cid('Dokumentierte Übergabe')}")


@pytest.mark.parametrize(
    ("hand", "attached", "actions"),
    [
        # E5: the joker fills the last requirement; it is spent with the factors (§10 step 4)
        (["Überstunden"], [("Fachbeirat", "Team")], ["spiele Überstunden an Nutzungsumfrage als Methode"]),
        # E4: a factor moved from another own project fills the last requirement once the moves are done
        (
            ["Umstrukturierung"],
            [("Code-Review", "Methode")],
            ["spiele Umstrukturierung", "verschiebe Drittmittel nach Nutzungsumfrage", "fertig"],
        ),
    ],
)
def test_an_events_effect_completes_projects_at_once(hand: list[str], attached: Any, actions: list[str]) -> None:
    """§12 step 6 "Prüfen, ob dadurch Projekte abgeschlossen werden", §8.5."""
    state = arrange(
        hands={0: hand},
        projects={0: [("Nutzungsumfrage", attached), ("Serverumzug", [("Drittmittel", "Team")])]},
    )
    project = cid("Nutzungsumfrage")
    play(state, *(named(text) for text in actions))
    assert state.status[project] == 2 and state.dones[0] == [project]
    assert all(state.att[c] == -1 for c in state.spent), "its cards are spent"


@pytest.mark.parametrize(
    ("owner", "active", "asked"),
    [
        (2, 0, [2, 1, 3]),  # the affected person first, then from the left of the active person
        (1, 0, [1, 2, 3]),
        (0, 2, [0, 3, 1]),
        (2, 2, [3, 0, 1]),  # own factor: nobody else is directly affected, the window starts left (ruling R3)
    ],
)
def test_the_reaction_order_for_every_seat_of_the_affected_person(owner: int, active: int, asked: list[int]) -> None:
    """§12 "zuerst die direkt betroffene Person ... Danach ... beginnend links von der aktiven Person"."""
    state = arrange(
        players=4,
        active=active,
        hands={active: [SETBACK]},
        projects={owner: [("Serverumzug", [("Monitoring", "Betrieb")])]},
    )
    state.apply(f"spiele {cid(SETBACK)} auf {cid('Monitoring')}")
    order = []
    while state.phase == 3:
        order.append(state.to_move)
        state.apply("verzichten")
    assert order == asked
    assert cid("Monitoring") in state.hands[owner]

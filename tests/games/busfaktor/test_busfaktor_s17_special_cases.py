"""§17 Kartentext und Sonderfälle: simultaneous completions, "bis zu", secrecy, ownership by control."""

from __future__ import annotations

from typing import Any

import pytest
from busfaktor_helpers import GAME, MINI, arrange, cid, legal_texts

from busbahnhof.engine import Rng
from busbahnhof.games.busfaktor import BusfaktorState


def test_simultaneous_completions_active_person_first_then_clockwise() -> None:
    """A shared factor completing both projects: the active person's project completes first."""
    state = arrange(
        players=3,
        hands={2: ["Monitoring"]},
        projects={
            2: [("Serverumzug", [("Fachbeirat", "Team")])],
            0: [("Persistente Identifikatoren", [("TEI-XML-Korpus", "Daten")])],
        },
        active=2,
    )
    mine, theirs = cid("Serverumzug"), cid("Persistente Identifikatoren")
    state.apply(f"biete {mine} mit {theirs}")
    state.apply("annehmen")
    state.apply(f"teile {cid('Monitoring')} an {mine} als Betrieb")
    state.apply("annehmen")
    completions = [e.params["project"] for e in state.log if e.key == "complete"]
    assert completions == [mine, theirs]
    assert cid("Monitoring") in state.spent


def test_bis_zu_allows_zero_moves() -> None:
    state = arrange(
        hands={0: ["Umstrukturierung"]},
        projects={0: [("Serverumzug", [("Drittmittel", "Team")]), ("Schulungsprogramm", [])]},
    )
    state.apply(f"spiele {cid('Umstrukturierung')}")
    state.apply("fertig")
    assert state.att[cid("Drittmittel")] == cid("Serverumzug") and state.event_used


def test_card_text_overrides_a_general_rule_only_where_it_says_so() -> None:
    state = arrange(
        game=MINI,
        hands={0: ["Joker", "Rückschlag"]},
        projects={0: [("Kleiner Workshop", [])], 1: [("Kleiner Dienst", [])]},
    )
    state.apply(f"spiele {cid('Joker', MINI)} an {cid('Kleiner Workshop', MINI)} als Team")
    assert f"spiele {cid('Rückschlag', MINI)} auf {cid('Joker', MINI)}" in legal_texts(state)


def test_stacks_and_hands_are_secret_determinize_keeps_what_a_seat_knows() -> None:
    state = arrange(
        players=3,
        hands={0: ["Monitoring", "Serverumzug"], 1: ["Fachbeirat", "Nutzungsumfrage"], 2: ["Notfallplan"]},
        discard=["Bandlaufwerk"],
    )
    state.known[1] = [cid("Fachbeirat")]
    for k in range(10):
        twin = state.determinize(0, Rng(k))
        assert twin.view(0) == state.view(0)
        assert sorted(twin.hands[0]) == sorted(state.hands[0])
        assert cid("Fachbeirat") in twin.hands[1]
        assert sum(1 for c in twin.hands[1] if c < 16) == 1
        assert twin.discard == state.discard
    others = {tuple(sorted(state.determinize(0, Rng(k)).hands[2])) for k in range(10)}
    assert len(others) > 1


def test_only_the_looking_person_sees_the_cards_of_a_sichten() -> None:
    state = arrange(players=2, hands={0: ["Bestandsaufnahme"]})
    state.apply(f"spiele {cid('Bestandsaufnahme')}")
    looked = sorted(state.looked)
    for k in range(5):
        assert sorted(state.determinize(0, Rng(k)).looked) == looked
    assert any(sorted(state.determinize(1, Rng(k)).looked) != looked for k in range(5))


FULL = {
    "Serverumzug": [("Fachbeirat", "Team"), ("Monitoring", "Betrieb")],
    "Nutzungsumfrage": [("Promovierende", "Team"), ("Code-Review", "Methode")],
    "Metadatenschema": [("TEI-XML-Korpus", "Daten"), ("Kollationierung", "Methode")],
}


@pytest.mark.parametrize("active", [0, 1, 3])
def test_simultaneous_completions_of_several_persons_go_clockwise_from_the_active_person(active: int) -> None:
    """§17 "schließt die aktive Person zuerst ihre Projekte ... ab; danach folgen die übrigen Personen im
    Uhrzeigersinn": three other persons' fulfilled projects complete after the active person's."""
    others = [(active + step) % 4 for step in (1, 2, 3)]
    titles = list(FULL)
    projects = {seat: [(title, FULL[title])] for seat, title in zip(reversed(others), titles, strict=True)}
    projects[active] = [("Persistente Identifikatoren", [("Normdaten (GND)", "Daten")])]
    state = arrange(players=4, active=active, hands={active: ["Bandlaufwerk"]}, projects=projects)
    state.apply(f"lege {cid('Bandlaufwerk')} an {cid('Persistente Identifikatoren')} als Betrieb")
    completed_by = [e.params["seat"] for e in state.log if e.key == "complete"]
    assert completed_by == [active, *others]


def _cards_shown(view: dict[str, Any]) -> set[int]:
    """Every card id a view names (the static card descriptions aside)."""
    shown = set(view["hand"] or []) | set(view["discard"])
    shown |= {c for known in view["known_hand_cards"] for c in known}
    shown |= {c for done in view["completed"] for c in done}
    for project in view["projects"]:
        shown |= {project["card"], *(a["card"] for a in project["attached"])}
        shown |= {part["card"] for part in (project["mehraufwand"], project["shared"]) if part}
    pending = view["pending_event"]
    if pending:
        shown |= {pending["event"], *(pending["looked"] if isinstance(pending["looked"], list) else [])}
        shown |= {c for c in (pending["target"],) if c is not None} | set(pending["moved"] or [])
    if view["share"]:
        shown.add(view["share"]["card"])
    return shown


@pytest.mark.parametrize("players", [2, 4])
def test_a_view_never_names_a_hidden_card(players: int) -> None:
    """§3, §17: hands, the three stacks and the Verbrauchsstapel are secret; a view names only public cards,
    the seat's own hand, and what it is looking at (E1)."""
    for seed in range(6):
        state: BusfaktorState = GAME.new_state(players, seed)  # type: ignore[assignment]
        chooser = Rng(seed)
        while not state.is_over:
            for seat in range(players):
                hidden = set(state.pstack) | set(state.astack) | set(state.spent)
                for other in range(players):
                    if other != seat:
                        hidden |= set(state.hands[other]) - set(state.known[other])
                if seat != state.active:
                    hidden |= set(state.looked)
                view = state.view(seat)["state"]
                assert not _cards_shown(view) & hidden, f"seed {seed}: seat {seat} sees hidden cards"
                assert view["hand"] == sorted(state.hands[seat])
            state.apply(chooser.pick(state.legal_actions()))

"""§17 Kartentext und Sonderfälle: simultaneous completions, "bis zu", secrecy, ownership by control."""

from __future__ import annotations

from busfaktor_helpers import MINI, arrange, cid, legal_texts

from busbahnhof.engine import Rng


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

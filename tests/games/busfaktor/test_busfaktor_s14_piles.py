"""§14 Offene Ablage und Verbrauchsstapel: where each card goes; the two piles never mix."""

from __future__ import annotations

from busfaktor_helpers import arrange, at_draw, cid, ids


def test_example_regelmaessiges_backup_on_top_of_excel_als_datenbank() -> None:
    """§14 Beispiel: zuerst nur `Regelmäßiges Backup`; danach ist `Excel als Datenbank` oben und kann als
    zweite Karte desselben Zuges gewählt werden; Rückholen darf auch weiter unten nehmen."""
    state = at_draw(arrange(discard=["Excel als Datenbank", "Regelmäßiges Backup"]))
    state.apply("ziehe ablage")
    assert state.hands[0] == [cid("Regelmäßiges Backup")]
    assert state.discard == [cid("Excel als Datenbank")]
    state.apply("ziehe ablage")
    assert state.hands[0] == ids(["Regelmäßiges Backup", "Excel als Datenbank"])
    retrieval = arrange(
        hands={0: ["Aus dem Papierkorb gerettet"]}, discard=["Excel als Datenbank", "Regelmäßiges Backup"]
    )
    retrieval.apply(f"spiele {cid('Aus dem Papierkorb gerettet')}")
    retrieval.apply(f"nimm {cid('Excel als Datenbank')}")
    assert retrieval.discard == [cid("Regelmäßiges Backup")]


def test_a_one_off_event_goes_face_down_to_the_spent_pile_not_the_open_discard() -> None:
    state = arrange(hands={0: ["Förderbescheid"]})
    state.apply(f"spiele {cid('Förderbescheid')}")
    assert cid("Förderbescheid") in state.spent and state.discard == []


def test_the_open_discard_is_never_shuffled_into_the_action_stack() -> None:
    state = at_draw(arrange(discard=["Monitoring"], spent=["Fachbeirat"]))
    state.astack.clear()
    state.apply("ziehe aktion")
    assert state.discard == [cid("Monitoring")] and state.hands[0] == [cid("Fachbeirat")]

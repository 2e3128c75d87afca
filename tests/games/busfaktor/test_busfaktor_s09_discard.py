"""§9 Phase 3: discard to five onto the open discard, one chosen card at a time, the last on top."""

from __future__ import annotations

import pytest
from busfaktor_helpers import arrange, cid, ids, legal_texts

from busbahnhof.engine import IllegalActionError

SEVEN = ["Monitoring", "Fachbeirat", "Kollationierung", "Serverumzug", "Notfallplan", "Bandlaufwerk", "Code-Review"]


def test_more_than_five_cards_are_discarded_one_by_one_to_five() -> None:
    state = arrange(hands={0: SEVEN}, projects={0: [("Metadatenschema", [])]})
    state.apply("fertig")
    assert state.view(0)["state"]["phase"] == "aufraeumen"
    assert sorted(legal_texts(state)) == sorted(f"wirf {c}" for c in ids(SEVEN))
    state.apply(f"wirf {cid('Serverumzug')}")
    assert state.active == 0
    state.apply(f"wirf {cid('Notfallplan')}")
    assert state.discard == ids(["Serverumzug", "Notfallplan"])
    assert len(state.hands[0]) == 5 and state.active == 1


def test_with_five_cards_or_fewer_nothing_is_discarded() -> None:
    state = arrange(hands={0: SEVEN[:5]}, projects={0: [("Metadatenschema", [])]})
    state.apply("fertig")
    assert state.active == 1 and state.discard == []


def test_only_own_hand_cards_can_be_discarded() -> None:
    state = arrange(hands={0: SEVEN}, projects={0: [("Metadatenschema", [])]})
    state.apply("fertig")
    with pytest.raises(IllegalActionError, match="§3"):
        state.apply(f"wirf {cid('Wartungsvertrag')}")

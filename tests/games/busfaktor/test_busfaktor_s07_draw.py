"""§7 Phase 1: two cards, each from a source chosen before it; empty stacks."""

from __future__ import annotations

import pytest
from busfaktor_helpers import arrange, at_draw, cid, legal_texts

from busbahnhof.engine import IllegalActionError


def test_two_draws_from_any_sources_then_the_action_phase() -> None:
    state = at_draw(arrange(discard=["Monitoring"]))
    assert legal_texts(state) == ["ziehe projekt", "ziehe aktion", "ziehe ablage"]
    projects, actions = len(state.pstack), len(state.astack)
    state.apply("ziehe projekt")
    assert state.phase == 0 and len(state.pstack) == projects - 1
    state.apply("ziehe projekt")
    assert len(state.hands[0]) == 2 and len(state.astack) == actions
    assert state.view(0)["state"]["phase"] == "aktionen"


def test_only_the_top_of_the_open_discard_may_be_drawn() -> None:
    state = at_draw(arrange(discard=["Excel als Datenbank", "Regelmäßiges Backup"]))
    state.apply("ziehe ablage")
    assert state.hands[0] == [cid("Regelmäßiges Backup")]
    assert state.known[0] == [cid("Regelmäßiges Backup")]


def test_an_empty_action_stack_is_renewed_from_the_spent_pile() -> None:
    state = at_draw(arrange(spent=["Monitoring", "Fachbeirat"]))
    state.astack.clear()
    state.apply("ziehe aktion")
    assert state.reshuffles == 1
    assert state.spent == [] and len(state.astack) == 1
    assert state.hands[0][0] in (cid("Monitoring"), cid("Fachbeirat"))


def test_with_action_and_spent_pile_empty_another_source_must_be_chosen() -> None:
    state = at_draw(arrange(spent=[]))
    state.astack.clear()
    assert legal_texts(state) == ["ziehe projekt"]
    with pytest.raises(IllegalActionError, match="§7"):
        state.apply("ziehe aktion")


def test_the_project_stack_is_never_renewed_and_fewer_cards_are_drawn_when_none_are_left() -> None:
    state = at_draw(arrange(spent=[]))
    state.astack.clear()
    state.pstack[:] = state.pstack[:1]
    state.apply("ziehe projekt")
    assert state.pstack == []
    assert state.phase == 1 and len(state.hands[0]) == 1


def test_a_clone_renews_the_action_stack_exactly_as_the_original_would_and_independently() -> None:
    state = at_draw(arrange(spent=["Monitoring", "Fachbeirat", "Bandlaufwerk", "Code-Review"]))
    state.astack.clear()
    twin = state.clone()
    twin.apply("ziehe aktion")
    assert state.spent and state.astack == []
    state.apply("ziehe aktion")
    assert state.hands == twin.hands and state.astack == twin.astack
    assert state.rng.getstate() == twin.rng.getstate() and state.rng is not twin.rng

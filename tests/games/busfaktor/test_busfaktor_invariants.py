"""Invariants over random games: every card in exactly one place, requirement counts consistent (§3, §10, §11)."""

from __future__ import annotations

from collections import Counter

import pytest
from busfaktor_helpers import DESIGNER, GAME, MINI

from busbahnhof.engine import Rng
from busbahnhof.games.busfaktor import Busfaktor, BusfaktorState
from busbahnhof.games.busfaktor.phases import COMPLETE_ORDER, E4_MOVE, SHARED


def check(state: BusfaktorState) -> None:
    deck = state.deck
    places: Counter[int] = Counter()
    for pile in (*state.hands, state.pstack, state.astack, state.spent, state.discard, state.looked):
        places.update(pile)
    places.update(p for p in range(deck.n_projects) if state.status[p])
    places.update(c for c in range(deck.n_projects, deck.size) if state.att[c] != -1)
    if state.pending >= 0 and state.att[state.pending] == -1:
        places[state.pending] += 1
    assert places == Counter(range(deck.size)), "a card is missing or in two places"
    for seat in range(state.players):
        assert all(c in state.hands[seat] for c in state.known[seat])
    assert not state.moved or state.phase == E4_MOVE, "factors moved by an E4 are forgotten once it is done"
    for p in range(deck.n_projects):
        if state.status[p] != 1:
            continue
        filled = Counter(
            state.ctype[c] for c in range(deck.n_projects, deck.size) if state.att[c] == p and state.extra[p] != c
        )
        if state.shared[p] >= 0:
            assert state.att[state.shared[p]] == SHARED
            filled[state.ctype[state.shared[p]]] += 1
        for t in range(4):
            extra = 1 if state.extra[p] >= 0 and state.ctype[state.extra[p]] == t else 0
            assert state.open[p * 4 + t] == deck.requirements[p][t] + extra - filled[t] >= 0
        assert state.need[p] == sum(state.open[p * 4 : p * 4 + 4])
        assert state.need[p] > 0 or state.phase in (E4_MOVE, COMPLETE_ORDER), (
            f"fulfilled project {p} not completed in phase {state.phase}"
        )
        assert state.nfac[p] == sum(filled.values()) - (state.shared[p] >= 0)


@pytest.mark.parametrize("game", [GAME, MINI, DESIGNER], ids=["standard", "mini", "designer"])
def test_random_games_keep_every_card_in_one_place(game: Busfaktor) -> None:
    for seed in range(40):
        state: BusfaktorState = game.new_state(2 + seed % 3, seed)  # type: ignore[assignment]
        chooser = Rng(seed)
        while not state.is_over:
            check(state)
            state.apply(chooser.pick(state.legal_actions()))
        check(state)


def test_random_designer_games_reach_every_new_capability() -> None:
    """The random designer games above (seeds 0-39) end cooperations by card text, remove Mehraufwand
    and lay cards onto the open discard at completion, so the invariants were checked there (issue 8)."""
    seen: Counter[str] = Counter()
    for seed in range(40):
        state: BusfaktorState = DESIGNER.new_state(2 + seed % 3, seed)  # type: ignore[assignment]
        chooser = Rng(seed)
        while not state.is_over:
            state.apply(chooser.pick(state.legal_actions()))
        seen.update(event.key for event in state.log if event.key in ("cooperation_ended", "removed", "to_discard"))
    assert seen["cooperation_ended"] and seen["removed"] and seen["to_discard"], seen

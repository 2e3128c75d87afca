"""Facts Busfaktor keeps for speed (issue 11: search speed) agree with a recount from scratch.

The action tables (``tables.py``) hold, for a factor of one type, its attachment per project.

``BusfaktorState.free`` (per person, a bit per project free to cooperate, §11 Voraussetzungen)
is kept up to date where a project's status, partner or factor count changes, and
``BusfaktorState.cooperating`` (per person, whom it has a running cooperation with) where a
cooperation begins or ends or one of its projects is completed, instead of being recounted for
the offers at every action decision; ``BusfaktorState.open_types`` (per project, the factor types
still open there) where a requirement is met or opened again, for the shared factors (§11).
Random games of every preset and of the designer deck (which ends cooperations by card text)
check them at every decision, in the checked game and in a silenced clone played on the trusted
fast path.

An attachment looks for completions only when its own project is fulfilled (``flow.attach``):
that relies on no active project waiting fulfilled at an action decision (§8.5, §10), checked
the same way.
"""

from __future__ import annotations

import pickle

from busfaktor_helpers import DESIGNER
from hypothesis import given, settings
from hypothesis import strategies as st

from busbahnhof.engine import Rng, load_game
from busbahnhof.games.busfaktor import Busfaktor, BusfaktorState
from busbahnhof.games.busfaktor.actions import ATTACH, act
from busbahnhof.games.busfaktor.deck import FACTOR
from busbahnhof.games.busfaktor.flow import free_to_cooperate
from busbahnhof.games.busfaktor.phases import ACTION

GAMES = [load_game("busfaktor", **options) for options in Busfaktor.presets.values()] + [DESIGNER]


def count_open_types(state: BusfaktorState) -> list[int]:
    """§4, per project: a bit per factor type with an open requirement, read off ``open``."""
    return [sum(1 << t for t in range(4) if state.open[p * 4 + t] > 0) for p in range(state.deck.n_projects)]


def fulfilled_waiting(state: BusfaktorState) -> list[int]:
    """The active projects whose requirements are all met, at an action decision (§8.5: there are none)."""
    if state.phase != ACTION:
        return []
    return [p for projects in state.actives for p in projects if state.need[p] == 0]


def free_from_scratch(state: BusfaktorState) -> list[int]:
    """§11 Voraussetzungen, per person: active, in no cooperation, at most one factor."""
    return [
        sum(1 << p for p in free_to_cooperate(state, list(range(state.deck.n_projects))) if state.owner[p] == seat)
        for seat in range(state.players)
    ]


def cooperating_from_scratch(state: BusfaktorState) -> list[int]:
    """§11, per person: the persons it has a cooperation with that still has an active project."""
    masks = [0] * state.players
    for p in range(state.deck.n_projects):
        q = state.partner[p]
        if q >= 0 and 1 in (state.status[p], state.status[q]):
            masks[state.owner[p]] |= 1 << state.owner[q]
    return masks


@settings(max_examples=40, deadline=None)
@given(game=st.sampled_from(GAMES), players=st.integers(2, 4), seed=st.integers(0, 2**32 - 1))
def test_kept_facts_match_a_recount_at_every_decision(game: Busfaktor, players: int, seed: int) -> None:
    state = game.new_state(players, seed)
    assert isinstance(state, BusfaktorState)
    chooser = Rng(seed)
    while not state.is_over:
        assert state.free == free_from_scratch(state)
        assert state.cooperating == cooperating_from_scratch(state)
        assert state.open_types == count_open_types(state)
        assert fulfilled_waiting(state) == []
        fast = state.clone()
        fast.silence()
        fast.apply_trusted(fast.random_action(Rng(seed)))
        assert fast.free == free_from_scratch(fast)
        assert fast.cooperating == cooperating_from_scratch(fast)
        assert fast.open_types == count_open_types(fast)
        assert fulfilled_waiting(fast) == []
        legal = state.legal_actions()
        state.apply(chooser.pick(legal))
    assert state.free == free_from_scratch(state)
    loaded = pickle.loads(pickle.dumps(state))  # the facts are left out of the pickle and counted on load
    assert (loaded.free, loaded.cooperating, loaded.open_types) == (state.free, state.cooperating, state.open_types)


def test_the_offers_follow_the_kept_facts_over_a_game() -> None:
    """The offers a 4-player game lists are the pairs of free projects of persons not yet offered to
    and not cooperating (§8.4, §11), decision by decision."""
    state = load_game("busfaktor").new_state(4, 11)
    assert isinstance(state, BusfaktorState)
    chooser = Rng(11)
    listed = 0
    while not state.is_over:
        if state.phase == 1 and not state.must_start:
            seat = state.active
            free = free_from_scratch(state)
            offered = {str(a) for a in state.legal_actions() if str(a).startswith("biete")}
            expected = set()
            for p in state.actives[seat]:
                for other in range(state.players):
                    if other != seat and free[seat] >> p & 1 and not state.offered >> other & 1:
                        busy = any(
                            state.partner[q] >= 0
                            and state.owner[state.partner[q]] == other
                            and (state.status[q] == 1 or state.status[state.partner[q]] == 1)
                            for q in state.actives[seat] + state.dones[seat]
                        )
                        if not busy:
                            expected |= {f"biete {p} mit {q}" for q in state.actives[other] if free[other] >> q & 1}
            assert offered == expected
            listed += len(offered)
        state.apply(chooser.pick(state.legal_actions()))
    assert listed > 0


def test_single_type_attachments_are_the_interned_actions() -> None:
    """§8.2: a factor of one type attaches only as that type; the table holds exactly ``act(ATTACH, ...)``."""
    for game in GAMES:
        deck, tables = game.deck, game.tables
        for card in range(deck.size):
            ftype = tables.attach_type[card]
            if deck.kind[card] == FACTOR and len(deck.types[card]) == 1:
                assert ftype == deck.types[card][0]
                projects = range(deck.n_projects)
                assert [tables.attach_one[card][p] for p in projects] == [act(ATTACH, card, p, ftype) for p in projects]
                attached = [tables.attach[card][p][0][2] for p in projects]
                assert attached == [tables.attach_one[card][p] for p in projects]
            else:
                assert ftype == -1 and tables.attach_one[card] == ()


def test_share_types_are_the_types_of_the_share_proposals() -> None:
    """§11: a card's ``share_types`` bits are the types its shared-factor proposals name, at every project."""
    for game in GAMES:
        deck, tables = game.deck, game.tables
        for card in range(deck.size):
            for p in range(deck.n_projects):
                named = sum(1 << t for _, t, _ in tables.share[card][p])
                assert tables.share_types[card] == named, (card, p)

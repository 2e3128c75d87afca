"""Ruling R14 (issue 7): ``determinize(seat)`` agrees with everything the seat has seen."""

from __future__ import annotations

import pickle

from busfaktor_helpers import arrange, at_draw, cid, ids

from busbahnhof.engine import Rng
from busbahnhof.games.busfaktor import BusfaktorState
from busbahnhof.games.busfaktor.views import resample_hidden

SAMPLES = 60


def _sichten_done() -> tuple[BusfaktorState, list[int]]:
    """Seat 0 played Bestandsaufnahme (E1): took one card, put two under the Aktionsstapel."""
    state = arrange(3, hands={0: ["Bestandsaufnahme"], 1: ["Monitoring", "Fachbeirat"]})
    top3 = state.astack[-3:][::-1]
    state.apply(f"spiele {cid('Bestandsaufnahme')}")
    taken, first, last = top3
    state.apply(f"nimm {taken}")
    state.apply(f"unter {first}")
    assert state.astack[:2] == [last, first] and state.spent == [cid("Bestandsaufnahme")]
    return state, [last, first]


def test_an_event_seen_played_and_spent_never_turns_up_elsewhere() -> None:
    state, _ = _sichten_done()
    event = cid("Bestandsaufnahme")
    for seat in (None, 0, 1, 2):
        for k in range(SAMPLES):
            twin = state.determinize(seat, Rng(k))
            assert twin.spent == state.spent, f"seat {seat} saw {event} spent"
            assert all(event not in hand for hand in twin.hands) and event not in twin.astack


def test_the_cards_the_own_sichten_put_under_the_stack_stay_there() -> None:
    state, under = _sichten_done()
    moved_for_others = False
    for k in range(SAMPLES):
        assert state.determinize(0, Rng(k)).astack[:2] == under
        moved_for_others |= state.determinize(1, Rng(k)).astack[:2] != under
    assert moved_for_others, "seat 1 did not see those cards, so they are resampled for it"
    assert state.view(0)["state"]["placed_under"] == {
        "project_stack": [],
        "action_stack": [[0, under[0]], [1, under[1]]],
    }
    assert state.view(1)["state"]["placed_under"] == {"project_stack": [], "action_stack": []}


def test_cards_drawn_unseen_are_exchanged_only_with_cards_of_the_same_reshuffle() -> None:
    """After a reshuffle every seat knows which cards make up the new Aktionsstapel: seat 1's hand
    cards from before cannot be in it, nor can its cards turn up in seat 1's hand."""
    state = arrange(2, hands={0: [], 1: ["Monitoring", "Fachbeirat"]})
    state.spent = state.astack[:]
    state.astack.clear()
    at_draw(state)
    state.apply("ziehe aktion")
    assert state.reshuffles == 1
    before = set(ids(["Monitoring", "Fachbeirat"]))
    for k in range(SAMPLES):
        twin = state.determinize(0, Rng(k))
        assert set(twin.hands[1]) == before
        assert not before & set(twin.astack)
    assert state.known_places(0)["hand 1"] == [frozenset(before)] * 2


def test_a_sampled_world_draws_its_chance_from_the_seed_determinize_drew() -> None:
    """The world's generator (for a reshuffle, §7) is ``Rng(rng.below(2**62))`` drawn after
    resampling, seeded only when first needed; its clones and pickles carry the same generator,
    and the state it was sampled from keeps its own."""
    state = arrange(3, hands={0: ["Monitoring"], 1: ["Fachbeirat"]})
    before = state.rng.getstate()
    world = state.determinize(1, Rng(5))
    replay_rng, twin = Rng(5), state.clone()
    resample_hidden(twin, 1, replay_rng)
    expected = Rng(replay_rng.below(1 << 62)).getstate()
    assert pickle.loads(pickle.dumps(world)).rng.getstate() == expected
    clone = world.clone()
    clone.chance().getrandbits(64)
    assert world.chance().getstate() == expected
    assert state.chance().getstate() == before

"""What a seat may know (``view``) and a state resampled from it (``determinize``), §3, §17, ruling R14.

Public: open projects with their attached cards, Mehraufwand and shared factors, score areas,
the whole open discard, stack and hand sizes, which hand cards are projects (every draw names its
source), hand cards whose identity everybody saw (taken from the open discard, revealed by E2,
returned by E7 or on completion, shown in a shared-factor proposal), and the Verbrauchsstapel:
every card in it was shown before it went face down (a played event, the cards an E2 set
aside, the factors of a completed project), and it is reshuffled only as a whole.  Secret: hand
cards, the Projekt- and Aktionsstapel and the cards an E1 looks at.  A seat remembers what it
saw (R14): the cards its own E1 put under a stack stay there, at their place from the bottom,
until drawn; after a reshuffle it knows which cards went into the new Aktionsstapel, so a hidden
action card is only ever exchanged with one of the same reshuffle (``pool``).
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING, Any

from .flow import ready_projects
from .phases import COMPLETE_ORDER, NAMES
from .schema import FACTOR_TYPES

if TYPE_CHECKING:
    from ...engine import Rng
    from .state import BusfaktorState


def _project_view(s: BusfaktorState, p: int) -> dict[str, Any]:
    deck = s.deck
    attached = [
        {"card": c, "type": FACTOR_TYPES[s.ctype[c]], "controller": s.ctrl[c]}
        for c in s.attached
        if s.att[c] == p and s.extra[p] != c
    ]
    extra = s.extra[p]
    common = s.shared[p]
    return {
        "card": p,
        "owner": s.owner[p],
        "status": "aktiv" if s.status[p] == 1 else "abgeschlossen",
        "points": deck.points[p],
        "open": {FACTOR_TYPES[t]: s.open[p * 4 + t] for t in range(4)} if s.status[p] == 1 else {},
        "attached": attached,
        "mehraufwand": None if extra < 0 else {"card": extra, "type": FACTOR_TYPES[s.ctype[extra]]},
        "partner": None if s.partner[p] < 0 else s.partner[p],
        "shared_once": bool(s.share_used[p]),
        "shared": None
        if common < 0
        else {"card": common, "type": FACTOR_TYPES[s.ctype[common]], "controller": s.ctrl[common]},
        "round_completed": s.done_round[p] or None,
    }


def build_view(s: BusfaktorState, seat: int | None) -> dict[str, Any]:
    """The game-specific part of ``view(seat)``."""
    n_projects = s.deck.n_projects
    pending: dict[str, Any] | None = None
    if s.pending >= 0:
        pending = {
            "event": s.pending,
            "target": s.target if s.target >= 0 else None,
            "affected": s.affected[:],
            "still_asked": s.queue[:],
            "looked": sorted(s.looked) if seat == s.active else len(s.looked),
            "moves_left": s.moves_left if s.deck.template[s.pending] == 4 else None,
            "moved": s.moved[:] if s.deck.template[s.pending] == 4 else None,
        }
    return {
        "round": s.round,
        "start_player": s.start,
        "active": s.active,
        "phase": NAMES[s.phase],
        "hand": sorted(s.hands[seat]) if seat is not None else None,
        "hand_sizes": [len(h) for h in s.hands],
        "hand_projects": [sum(1 for c in h if c < n_projects) for h in s.hands],
        "known_hand_cards": [sorted(k) for k in s.known],
        "project_stack": len(s.pstack),
        "action_stack": len(s.astack),
        "spent": len(s.spent),
        "spent_cards": s.spent[:],
        "placed_under": None
        if seat is None
        else {
            name: [[index, card] for index, card in enumerate(stack) if s.under_by[card] == seat]
            for name, stack in (("project_stack", s.pstack), ("action_stack", s.astack))
        },
        "discard": s.discard[:],
        "projects": [_project_view(s, p) for p in range(n_projects) if s.status[p]],
        "completed": [d[:] for d in s.dones],
        "scores": [s.points(i) for i in range(s.players)],
        "turn": {
            "draws_left": s.draws_left,
            "project_started": s.started,
            "event_played": s.event_used,
            "must_start": s.must_start,
        },
        "pending_event": pending,
        "offer": [s.offer_mine, s.offer_theirs] if NAMES[s.phase] == "kooperation" else None,
        "share": {"card": s.share_card, "project": s.share_project, "type": FACTOR_TYPES[s.share_type]}
        if NAMES[s.phase] == "gemeinsamer_faktor"
        else None,
        "completing": {"seat": s.decider, "projects": ready_projects(s, s.decider)}
        if s.phase == COMPLETE_ORDER
        else None,
        "reshuffles": s.reshuffles,
        "cards": s.game.card_descriptions,
    }


def card_places(s: BusfaktorState) -> dict[str, list[int]]:
    """Every place that holds cards out of a project: hands, stacks, piles, the cards an E1 looks at."""
    places = {f"hand {seat}": list(hand) for seat, hand in enumerate(s.hands)}
    places.update(
        project_stack=list(s.pstack),
        action_stack=list(s.astack),
        spent=list(s.spent),
        discard=list(s.discard),
        looked=list(s.looked),
    )
    return places


def _pool(s: BusfaktorState, card: int) -> int:
    """The cards ``card`` may be exchanged with while hidden: -1 projects, else its reshuffle."""
    return -1 if card < s.deck.n_projects else s.pool[card]


def known_places(s: BusfaktorState, seat: int | None) -> dict[str, list[Hashable | frozenset[Hashable] | None]]:
    """What ``seat`` knows of every place (R14), slot by slot; see ``State.known_places``.

    Known exactly: the open discard and the Verbrauchsstapel (all saw each card go there), the
    own hand, the hand cards all saw enter a hand, the cards an E1 shows its player, the cards
    the seat's own E1 put under a stack.  Every other card is one of the cards of its pool
    (project, or action card of the same reshuffle) that the seat does not know exactly.
    """
    places = card_places(s)
    exact: dict[str, set[int]] = {"spent": set(range(len(s.spent))), "discard": set(range(len(s.discard)))}
    if seat is not None:
        exact[f"hand {seat}"] = set(range(len(s.hands[seat])))
        if seat == s.active:
            exact["looked"] = set(range(len(s.looked)))
        for name, stack in (("project_stack", s.pstack), ("action_stack", s.astack)):
            exact[name] = {index for index, card in enumerate(stack) if s.under_by[card] == seat}
    for other in range(s.players):
        if other != seat:
            seen = list(s.known[other])
            exact[f"hand {other}"] = set()
            for index, card in enumerate(s.hands[other]):
                if card in seen:
                    seen.remove(card)
                    exact[f"hand {other}"].add(index)
    unknown: dict[int, set[int]] = {}
    for name, cards in places.items():
        for index, card in enumerate(cards):
            if index not in exact.get(name, ()):
                unknown.setdefault(_pool(s, card), set()).add(card)
    pools = {key: frozenset[Hashable](cards) for key, cards in unknown.items()}
    return {
        name: [card if index in exact.get(name, ()) else pools[_pool(s, card)] for index, card in enumerate(cards)]
        for name, cards in places.items()
    }


def _hidden_places(s: BusfaktorState, seat: int | None) -> list[tuple[list[int], list[int] | None]]:
    """The places holding cards ``seat`` cannot identify, each with the indices of those cards
    (``None``: all of them), in the order :func:`resample_hidden` deals them."""
    places: list[tuple[list[int], list[int] | None]] = []
    under_by = s.under_by
    for stack in (s.pstack, s.astack):
        if seat is not None and seat in map(under_by.__getitem__, stack):
            places.append((stack, [index for index, card in enumerate(stack) if under_by[card] != seat]))
        else:
            places.append((stack, None))
    if seat != s.active:
        places.append((s.looked, None))
    for other in range(s.players):
        if other == seat:
            continue
        hand, known = s.hands[other], s.known[other]
        if not known:
            places.append((hand, None))
            continue
        seen = known[:]
        hidden = []
        for index, card in enumerate(hand):
            if card in seen:
                seen.remove(card)
            else:
                hidden.append(index)
        places.append((hand, hidden))
    return places


def resample_hidden(s: BusfaktorState, seat: int | None, rng: Rng) -> None:
    """Deal every card ``seat`` cannot identify anew among the places it may be in: each hidden
    card is exchanged only with hidden cards of its pool (projects; action cards of one reshuffle).

    Each pool is sorted, then shuffled (so that states a seat cannot tell apart resample alike,
    §17: stacks are secret), then dealt from its end to the hidden slots in place order.  Search
    determinizes for every iteration, so a place whose cards share one pool (a stack, usually a
    hand) is collected and dealt as a whole.
    """
    n_projects, pool = s.deck.n_projects, s.pool
    pools: dict[int, list[int]] = {}
    # per place: its list, the hidden indices, each card's pool (empty if they share one), that one pool
    dealt: list[tuple[list[int], list[int] | None, list[int], int]] = []
    for place, indices in _hidden_places(s, seat):
        cards = place[:] if indices is None else [place[index] for index in indices]
        if not cards:
            continue
        if place is s.pstack:
            keys = [-1]
        elif place is s.astack:
            keys = list(map(pool.__getitem__, cards))
        else:
            keys = [-1 if card < n_projects else pool[card] for card in cards]
        one = keys[0] if keys.count(keys[0]) == len(keys) else None
        if one is None:
            for card, key in zip(cards, keys, strict=True):
                pools.setdefault(key, []).append(card)
            dealt.append((place, indices, keys, 0))
        else:
            pools.setdefault(one, []).extend(cards)
            dealt.append((place, indices, [], one))
    for key in sorted(pools):
        pools[key].sort()
        rng.shuffled(pools[key])
    reset = s.under_by.count(-1) < len(s.under_by)  # another seat's E1 put some card under a stack
    under_by = s.under_by
    for place, indices, keys, one in dealt:
        if keys:
            new = [pools[key].pop() for key in keys]
        else:
            cards = pools[one]
            cut = len(cards) - (len(place) if indices is None else len(indices))
            new = cards[cut:]
            del cards[cut:]
            new.reverse()
        if indices is None:
            place[:] = new
        else:
            for index, card in zip(indices, new, strict=True):
                place[index] = card
        if reset:  # in this world that seat knows none of the cards dealt anew
            for card in new:
                under_by[card] = -1
    s._legal = None

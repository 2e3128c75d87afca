"""What a seat may know (``view``) and a state resampled from it (``determinize``), §3, §17.

Public: open projects with their attached cards, Mehraufwand and shared factors, score areas,
the whole open discard, stack and hand sizes, which hand cards are projects (every draw names its
source), and hand cards whose identity everybody saw (taken from the open discard, revealed by E2,
returned by E7 or on completion, shown in a shared-factor proposal).  Secret: hand cards, the
three face-down stacks and the cards an E1 looks at.  Ruling: a seat is not assumed to remember
the identity of cards that went face down (the Verbrauchsstapel, cards put under a stack by E1),
so ``determinize`` resamples them with the rest.
"""

from __future__ import annotations

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
        for c in range(deck.n_projects, deck.size)
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


def resample_hidden(s: BusfaktorState, seat: int | None, rng: Rng) -> None:
    """Deal every card ``seat`` cannot see anew, keeping each hidden place's kind (project or action card)."""
    n_projects = s.deck.n_projects
    sees_looked = seat == s.active
    projects: list[int] = list(s.pstack)
    actions: list[int] = s.astack + s.spent
    if s.looked and not sees_looked:
        (projects if s.looked[0] < n_projects else actions).extend(s.looked)
    slots: list[tuple[int, int, bool]] = []
    for other in range(s.players):
        if other == seat:
            continue
        known = list(s.known[other])
        for index, card in enumerate(s.hands[other]):
            if card in known:
                known.remove(card)
                continue
            (projects if card < n_projects else actions).append(card)
            slots.append((other, index, card < n_projects))
    # Sorted first, so that states a seat cannot tell apart resample alike (§17: stacks are secret).
    projects.sort()
    actions.sort()
    rng.shuffled(projects)
    rng.shuffled(actions)
    for other, index, is_project in slots:
        s.hands[other][index] = projects.pop() if is_project else actions.pop()
    if s.looked and not sees_looked:
        s.looked = [(projects if c < n_projects else actions).pop() for c in s.looked]
    s.pstack = projects
    s.spent = [actions.pop() for _ in s.spent]
    s.astack = actions
    s._legal = None

"""Which actions are legal now (§7-§13), and why an action is not."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine import GameError
from .action_phase import action_phase, may_share_again, moves
from .actions import (
    ACCEPT,
    ACCEPT_ACT,
    ATTACH,
    COMPLETE,
    DECLINE,
    DECLINE_ACT,
    DISCARD,
    DONE,
    DONE_ACT,
    DRAW,
    DRAW_ACTS,
    MOVE,
    OFFER,
    PLAY,
    PLAY_EXTRA,
    PLAY_JOKER,
    PLAY_SETBACK,
    SECURE,
    SHARE,
    START,
    TAKE,
    UNDER,
    WAIVE,
    WAIVE_ACT,
    Act,
    act,
)
from .deck import AREA_TARGET, EVENT, FACTOR, PROJECT
from .effects import allowed_take, can_secure
from .flow import cooperating_with, ready_projects
from .phases import (
    ACTION,
    ANSWER_OFFER,
    ANSWER_SHARE,
    COMPLETE_ORDER,
    E1_TAKE,
    E1_UNDER,
    E3_TAKE,
    E4_MOVE,
    REACT,
)
from .phases import (
    DISCARD as DISCARD_PHASE,
)
from .phases import (
    DRAW as DRAW_PHASE,
)

if TYPE_CHECKING:
    from .state import BusfaktorState

ANSWERS = (ACCEPT_ACT, DECLINE_ACT)


def legal_actions(s: BusfaktorState) -> tuple[Act, ...]:
    """The legal actions of the seat to move, in a deterministic order."""
    phase = s.phase
    if phase == ACTION:
        return action_phase(s)
    if phase == DRAW_PHASE:
        return draw_sources(s)
    # No comprehension here reads a local: that would make the local a closure cell, built at every call.
    tables = s.tables
    if phase == DISCARD_PHASE:
        return tuple(map(tables.discard.__getitem__, sorted(s.hands[s.active])))
    if phase == REACT:
        return reactions(s)
    if phase in (ANSWER_OFFER, ANSWER_SHARE):
        return ANSWERS
    if phase == E1_TAKE:
        return takes(s, s.looked)
    if phase == E1_UNDER:
        return tuple(map(tables.under.__getitem__, sorted(s.looked)))
    if phase == E3_TAKE:
        return takes(s, s.discard)
    if phase == COMPLETE_ORDER:
        return tuple(map(tables.complete.__getitem__, sorted(ready_projects(s, s.decider))))
    return (DONE_ACT, *[act(MOVE, f, p) for f, p in moves(s, s.pending)])


def reactions(s: BusfaktorState) -> tuple[Act, ...]:
    """§12 Reaktionsfenster: let the event happen, or play a fitting Absicherung (§13 E8)."""
    seat, secure = s.decider, s.tables.secure
    found = [WAIVE_ACT]
    for card in sorted(s.hands[seat]):
        if can_secure(s, seat, card):
            found.append(secure[card])
    return tuple(found)


def takes(s: BusfaktorState, cards: list[int]) -> tuple[Act, ...]:
    """§13 E1/E3: take one of ``cards`` (looked at, or the open discard) that the pending event allows."""
    take, pending = s.tables.take, s.pending
    return tuple([take[c] for c in sorted(cards) if allowed_take(s, pending, c)])


def draw_sources(s: BusfaktorState) -> tuple[Act, ...]:
    """§7: the sources that still hold a card (the Aktionsstapel counts while the Verbrauchsstapel can renew it)."""
    return _DRAW_SETS[(1 if s.pstack else 0) | (2 if s.astack or s.spent else 0) | (4 if s.discard else 0)]


_DRAW_SETS = tuple(tuple(DRAW_ACTS[source] for source in range(3) if mask >> source & 1) for mask in range(8))
"""The draw actions of every combination of non-empty sources (bit 0 Projektstapel, 1 Aktionsstapel, 2 Ablage)."""


# Per phase: the verbs it takes, and why another verb is refused (English reason, rule, message key).
_PHASE_VERBS: dict[int, tuple[set[int], str, str, str]] = {
    DRAW_PHASE: ({DRAW}, "draw your two cards first", "Busfaktor §7", "draw_first"),
    DISCARD_PHASE: ({DISCARD}, "discard down to five cards first", "Busfaktor §9", "discard_first"),
    REACT: (
        {SECURE, WAIVE},
        "the reaction window is open: play an Absicherung or 'waive'",
        "Busfaktor §12",
        "react_first",
    ),
    ANSWER_OFFER: ({ACCEPT, DECLINE}, "answer the cooperation offer first", "Busfaktor §8.4", "answer_offer_first"),
    ANSWER_SHARE: ({ACCEPT, DECLINE}, "answer the shared-factor proposal first", "Busfaktor §11", "answer_share_first"),
    E1_TAKE: ({TAKE}, "take one of the looked-at cards first", "Busfaktor §13 E1", "take_looked_first"),
    E1_UNDER: ({UNDER}, "put the looked-at cards under the stack first", "Busfaktor §13 E1", "under_first"),
    E3_TAKE: ({TAKE}, "take a factor from the open discard first", "Busfaktor §13 E3", "retrieve_first"),
    E4_MOVE: ({MOVE, DONE}, "move a factor or say 'done' first", "Busfaktor §13 E4", "move_first"),
    COMPLETE_ORDER: (
        {COMPLETE},
        "choose which of your fulfilled projects is completed next",
        "Busfaktor §17",
        "complete_order_first",
    ),
    ACTION: (
        {START, ATTACH, SHARE, PLAY, PLAY_JOKER, PLAY_EXTRA, PLAY_SETBACK, OFFER, DONE},
        "this is the action phase",
        "Busfaktor §8",
        "action_phase",
    ),
}
_OVER: tuple[set[int], str, str, str] = (set(), "the game is over", "Busfaktor §15", "game_over")


def explain(s: BusfaktorState, action: Act) -> GameError:
    """A rule-citing error for an action that is not legal now."""
    verb = action.verb
    phase = s.phase
    deck = s.deck
    seat = s.decider if phase in (REACT, ANSWER_OFFER, ANSWER_SHARE, COMPLETE_ORDER) else s.active
    allowed, reason, rule, key = _PHASE_VERBS.get(phase, _OVER)
    if verb not in allowed:
        return s.illegal(action, reason, rule, key)
    card = action.a
    if verb == DRAW:
        return s.illegal(action, "that source is empty", "Busfaktor §7", "source_empty")
    if verb == DONE:
        return s.illegal(
            action,
            "a project must be started first: none is active and one is in hand",
            "Busfaktor §8.1",
            "pass_before_start",
        )
    if verb in (START, ATTACH, SHARE, PLAY, PLAY_JOKER, PLAY_EXTRA, PLAY_SETBACK, SECURE, DISCARD) and not (
        0 <= card < deck.size and card in s.hands[seat]
    ):
        return s.illegal(
            action,
            f"card {card} is not in your hand; hands are secret and yours only",
            "Busfaktor §3",
            "not_in_hand",
            card=card,
        )
    if phase == ACTION and s.must_start and verb != START:
        return s.illegal(
            action,
            "with no active project and a project in hand you must start one first",
            "Busfaktor §8.1",
            "start_first",
        )
    return _explain_card_use(s, action)


def _explain_card_use(s: BusfaktorState, action: Act) -> GameError:
    deck = s.deck
    verb, card = action.verb, action.a
    kind = deck.kind[card] if 0 <= card < deck.size else -1
    if verb == START:
        if kind != PROJECT:
            return s.illegal(action, "only a project can be started", "Busfaktor §8.1", "start_not_project")
        return s.illegal(action, "at most one new project per turn", "Busfaktor §8.1", "one_project_per_turn")
    if verb in (PLAY, PLAY_JOKER, PLAY_EXTRA, PLAY_SETBACK):
        if kind != EVENT:
            return s.illegal(action, "only an event can be played", "Busfaktor §8.3", "play_not_event")
        if s.event_used and not deck.free_event[card]:
            return s.illegal(
                action, "at most one event per turn (a joker counts)", "Busfaktor §8.3, §13 E5", "one_event_per_turn"
            )
        return _explain_event(s, action)
    if verb == ATTACH:
        if kind != FACTOR:
            return s.illegal(action, "only a factor is attached this way", "Busfaktor §8.2", "attach_not_factor")
        return s.illegal(
            action,
            "a factor must fill an open requirement of its type at one of your own active projects",
            "Busfaktor §4, §8.2",
            "attach_no_requirement",
        )
    if verb == SHARE:
        project = action.b
        if (
            0 <= project < deck.n_projects
            and s.owner[project] == s.active
            and s.partner[project] >= 0
            and not may_share_again(s, project)
        ):
            return s.illegal(
                action,
                "this cooperation has already shared its one factor (ruling R11)",
                "Busfaktor §11",
                "share_used",
            )
        if kind == EVENT and deck.template[card] == 5 and s.event_used and not deck.free_event[card]:
            return s.illegal(
                action,
                "a shared joker is the turn's one event, already used",
                "Busfaktor §8.3, §13 E5",
                "shared_joker_event_used",
            )
        return s.illegal(
            action,
            "a shared factor needs a running cooperation without one, and an open "
            "requirement of its type at both projects (one proposal per turn)",
            "Busfaktor §11",
            "share_impossible",
        )
    if verb == OFFER:
        key, reason, params = _offer_problem(s, action.a, action.b)
        return s.illegal(action, reason, "Busfaktor §8.4, §11", key, **params)
    if verb == SECURE:
        return s.illegal(
            action,
            "this Absicherung does not fit the event's keyword or your reach",
            "Busfaktor §13 E8",
            "secure_not_fitting",
        )
    if verb == MOVE:
        return s.illegal(
            action,
            "the factor must move within the card's reach to an open requirement of its chosen type, "
            "and each factor moves at most once per card",
            "Busfaktor §13 E4",
            "move_impossible",
        )
    if verb == TAKE and s.phase == E3_TAKE:
        return s.illegal(
            action, "take a factor the card allows from the open discard", "Busfaktor §13 E3", "retrieve_not_allowed"
        )
    if verb == COMPLETE:
        return s.illegal(
            action,
            "that is not one of your fulfilled projects waiting to be completed",
            "Busfaktor §17",
            "complete_not_ready",
        )
    if verb in (TAKE, UNDER):
        return s.illegal(
            action, "that card is not among the cards you may choose", "Busfaktor §13 E1", "not_among_looked"
        )
    return s.illegal(action, "not possible now", "Busfaktor §8", "not_possible")


# Why an event cannot be played as written: the notation each template takes, and its legal targets
# (English reason, rule, message key).
_EVENT_USE = {
    1: (PLAY, "Sichten needs a card to look at in its stack", "Busfaktor §12, §13 E1", "e1_no_card"),
    2: (
        PLAY,
        "Nachziehen needs a card to reveal (action stack or spent pile)",
        "Busfaktor §12, §13 E2",
        "e2_no_card",
    ),
    3: (PLAY, "Rückholen needs a factor it allows in the open discard", "Busfaktor §12, §13 E3", "e3_no_factor"),
    4: (PLAY, "Umverteilen needs at least one factor it can move", "Busfaktor §12, §13 E4", "e4_no_move"),
    5: (
        PLAY_JOKER,
        "a joker goes onto one of your own active projects, as a type it allows that is still open there",
        "Busfaktor §13 E5",
        "e5_target",
    ),
    6: (
        PLAY_EXTRA,
        "a Mehraufwand goes onto another person's active project that has none yet",
        "Busfaktor §13 E6",
        "e6_target",
    ),
    7: (
        PLAY_SETBACK,
        "a Rückschlag targets an attached card it may take (of the kinds and type the card names)",
        "Busfaktor §13 E7",
        "e7_target",
    ),
}
_E7_AREA = (
    PLAY,
    "this Rückschlag hits every matching card in its reach, and there is none",
    "Busfaktor §12, §13 E7",
    "e7_area_nothing",
)
_EVENT_SHAPES = {
    PLAY: "spiele E",
    PLAY_JOKER: "spiele E an P als TYP",
    PLAY_EXTRA: "spiele E an P",
    PLAY_SETBACK: "spiele E auf F",
}


def _explain_event(s: BusfaktorState, action: Act) -> GameError:
    """An event in hand that cannot be played as written: the limit is free, so its shape or target is wrong."""
    template = s.deck.template[action.a]
    if template == 8:
        return s.illegal(
            action, "an Absicherung is played only in the reaction window", "Busfaktor §12", "secure_outside_window"
        )
    area = template == 7 and s.deck.area[action.a] != AREA_TARGET
    verb, reason, rule, key = _E7_AREA if area else _EVENT_USE[template]
    if action.verb != verb:
        shape = _EVENT_SHAPES[verb]
        return s.illegal(
            action,
            f"this E{template} card is played as '{shape}'",
            f"Busfaktor §13 E{template}",
            "event_shape",
            template=template,
            shape=shape,
        )
    return s.illegal(action, reason, rule, key)


def _offer_problem(s: BusfaktorState, mine: int, theirs: int) -> tuple[str, str, dict[str, int]]:
    """Which §11 precondition an offer ``biete mine mit theirs`` breaks: message key, English reason, parameters."""
    seat, n_projects = s.active, s.deck.n_projects
    if not (0 <= mine < n_projects and s.status[mine] == 1 and s.owner[mine] == seat):
        return "offer_not_own", f"{mine} is not one of your active projects", {"project": mine}
    if not (0 <= theirs < n_projects and s.status[theirs] == 1 and s.owner[theirs] != seat):
        return "offer_not_other", f"{theirs} is not another person's active project", {"project": theirs}
    if s.partner[mine] >= 0 or s.partner[theirs] >= 0:
        return "offer_project_cooperating", "each project may be part of only one cooperation", {}
    if s.nfac[mine] > 1 or s.nfac[theirs] > 1:
        reason = "at most one factor may lie on each project (an attached Mehraufwand does not count)"
        return "offer_too_many_factors", reason, {}
    if cooperating_with(s, seat) >> s.owner[theirs] & 1:
        return "offer_pair_cooperating", "the two of you already have a running cooperation", {}
    return "offer_once_per_person", "one offer per person and turn (ruling R11)", {}

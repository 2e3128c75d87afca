"""The legal actions of the action phase (§8), the decision search asks for most often.

Search plays millions of action-phase decisions (docs/bench.md, "Search speed"), so the rules'
predicates are written out here rather than asked through helper calls, and which projects are
free to cooperate is kept up to date (``BusfaktorState.free``) rather than recounted.  The lists
are built in loops, not comprehensions that read a local: CPython 3.11 makes such a local a
closure cell, built at every call of the function (not only when the comprehension runs).
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import chain
from typing import TYPE_CHECKING

from .actions import DONE_ACT, Act
from .deck import AREA_TARGET
from .effects import allowed_take, area_hits, attached_cards, projects_under
from .phases import SHARED

if TYPE_CHECKING:
    from .state import BusfaktorState


def action_phase(s: BusfaktorState) -> tuple[Act, ...]:
    """§8: start, attach, share, play an event, offer a cooperation, or pass.

    In hand order (card ids: projects, factors, events): each project's start, each factor's
    attachments, each event's plays; then the shared factors (§11) and the offers (§8.4).
    """
    found = own_actions(s)
    offers(s, found)
    return tuple(found)


def own_actions(s: BusfaktorState) -> list[Act]:
    """§8.1-§8.3, §11: every action-phase action but the offers, in the order of :func:`action_phase`."""
    seat = s.active
    hand = s.hands[seat]
    if len(hand) > 1:
        hand = sorted(hand)
    tables = s.tables
    n_projects = s.deck.n_projects
    found: list[Act] = []
    if s.must_start:
        for card in hand:
            if card < n_projects:
                found.append(tables.start[card])
        return found
    found.append(DONE_ACT)
    mine = s.actives[seat]
    first_event = tables.first_event
    event_free = not s.event_used
    for card in hand:
        if card < n_projects:
            if not s.started:
                found.append(tables.start[card])
        elif card < first_event:
            if mine:
                opened, ftype = s.open, tables.attach_type[card]
                if ftype >= 0:  # the usual factor, of one type: one open requirement to look at per project
                    attach = tables.attach_one[card]
                    for p in mine:
                        if opened[p * 4 + ftype]:
                            found.append(attach[p])
                else:
                    placements = tables.attach[card]
                    for p in mine:
                        for index, _, action in placements[p]:
                            if opened[index]:
                                found.append(action)
        elif event_free or s.deck.free_event[card]:
            event_plays(s, card, found)
    if mine and s.cooperating[seat]:  # a shared factor needs a running cooperation (§11)
        partner, status, shared, proposed, open_types = s.partner, s.status, s.shared, s.proposed, s.open_types
        again = s.game.options.shared_factor_at_a_time  # may_share_again, written out
        for p in mine:
            q = partner[p]
            if q >= 0 and status[q] == 1 and shared[p] < 0 and not proposed >> p & 1 and (again or not s.share_used[p]):
                both = open_types[p] & open_types[q]
                if both:
                    share_options(s, p, q, both, hand, event_free, found)
    return found


def may_share_again(s: BusfaktorState, project: int) -> bool:
    """§11 "Pro Kooperation darf höchstens ein Faktor gemeinsam genutzt werden" (ruling R11): by default
    once per cooperation, ever; with the option ``shared_factor_at_a_time`` again after the first left."""
    return not s.share_used[project] or s.game.options.shared_factor_at_a_time


def share_options(
    s: BusfaktorState, p: int, q: int, both: int, hand: list[int], event_free: bool, found: list[Act]
) -> None:
    """§11 Gemeinsamer Faktor: a factor (or joker) whose type both projects still need (added to
    ``found``); ``both``: those types, a bit each (``open_types`` of ``p`` and ``q``)."""
    opened, theirs, tables, free_event = s.open, q * 4, s.tables, s.deck.free_event
    first_event, share, share_types = tables.first_event, tables.share, tables.share_types
    for card in hand:
        if share_types[card] & both and (card < first_event or event_free or free_event[card]):
            for index, t, action in share[card][p]:
                if opened[index] and opened[theirs + t]:
                    found.append(action)


def event_plays(s: BusfaktorState, card: int, found: list[Act]) -> None:
    """§12: an event with a target may be played only with at least one legal target (added to ``found``)."""
    deck = s.deck
    template = deck.template[card]
    if template == 8:
        return
    play = s.tables.play[card]
    if template == 1:
        if s.pstack if deck.stack[card] == 0 else (s.astack or s.spent):
            found.append(play)
    elif template == 2:
        if s.astack or s.spent:
            found.append(play)
    elif template == 3:
        for candidate in s.discard:
            if allowed_take(s, card, candidate):
                found.append(play)
                break
    elif template == 4:
        if next(moves(s, card), None) is not None:  # one legal target suffices
            found.append(play)
    elif template == 5:
        opened, placements = s.open, s.tables.joker[card]
        for p in s.actives[s.active]:
            for index, _, action in placements[p]:
                if opened[index]:
                    found.append(action)
    elif template == 6:
        seat, extra, plays = s.active, s.extra, s.tables.extra[card]
        for other in range(s.players):
            if other != seat:
                for p in s.actives[other]:
                    if extra[p] < 0:
                        found.append(plays[p])
    elif deck.area[card] != AREA_TARGET:
        if next(area_hits(s, card), None) is not None:
            found.append(play)
    else:
        found.extend(map(s.tables.setback[card].__getitem__, attached_cards(s, card)))


def moves(s: BusfaktorState, card: int) -> Iterator[tuple[int, int]]:
    """§13 E4: (card, new project) pairs within the card's reach, of the kinds its ``cards`` allow.

    Reach ``eigene``: cards lying only on the player's own projects, to another own project;
    ``alle``: any attached card to any other active project.  A shared factor moves only to a
    project outside its cooperation and then stops being shared (ruling).  A factor or joker needs
    an open requirement of its chosen type there; a Mehraufwand (§4, ruling R19) a project without
    one (§13 E6).  A card this event already moved does not move again (N different factors, ruling R6).

    Lazily, in card order: whether an E4 may be played at all (§12) needs only the first pair.
    """
    seat, owner, att, extra, opened = s.active, s.owner, s.att, s.extra, s.open
    everyone = s.deck.reach[card] == 1
    # the active projects in reach, by id (a project is active exactly while in its person's ``actives``)
    projects = sorted(chain.from_iterable(s.actives) if everyone else s.actives[seat])
    moved = s.moved
    for f in attached_cards(s, card):
        if f in moved:
            continue
        where = att[f]
        if where == SHARED:
            if not everyone:
                continue
        elif not everyone and owner[where] != seat:
            continue
        excluded = projects_under(s, f)
        t = s.ctype[f]
        if where != SHARED and extra[where] == f:
            for p in projects:
                if p not in excluded and extra[p] < 0:
                    yield f, p
        else:
            for p in projects:
                if p not in excluded and opened[p * 4 + t]:
                    yield f, p


def offers(s: BusfaktorState, found: list[Act]) -> None:
    """§8.4, §11 Voraussetzungen (added to ``found``); ruling: one offer per other person and turn.

    Both projects must be free to cooperate (:func:`~.flow.free_to_cooperate`): the per-person
    masks ``free`` (:func:`~.flow.note_free`) say so without a look at every active project, and
    ``cooperating`` (:func:`~.flow.note_cooperations`) whom the person cooperates with already.
    """
    seat = s.active
    free = s.free
    free_mine = free[seat]
    if not free_mine:
        return
    actives = s.actives
    mine = []
    for p in actives[seat]:
        if free_mine >> p & 1:
            mine.append(p)
    busy = s.offered | s.cooperating[seat]  # the persons already offered to or cooperating with (§11)
    table = s.tables.offer
    for other in range(s.players):
        free_theirs = free[other]
        if not free_theirs or other == seat:
            continue
        if not busy >> other & 1:
            theirs = actives[other]
            for p in mine:
                row = table[p]
                for q in theirs:
                    if free_theirs >> q & 1:
                        found.append(row[q])

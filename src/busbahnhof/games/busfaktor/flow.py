"""Turn flow and the non-event actions: drawing, starting, attaching, cooperation, completion, discarding."""

from __future__ import annotations

from bisect import insort
from itertools import chain
from typing import TYPE_CHECKING

from .deck import EVENT
from .phases import ACTION, ANSWER_OFFER, ANSWER_SHARE, COMPLETE_ORDER, DISCARD, DRAW, HAND_LIMIT, OVER, ROUNDS, SHARED

if TYPE_CHECKING:
    from .state import BusfaktorState


# -- hands ---------------------------------------------------------------------------------


def take_from_hand(s: BusfaktorState, seat: int, card: int) -> None:
    """Remove ``card`` from ``seat``'s hand (and from what others know of it)."""
    s.hands[seat].remove(card)
    known = s.known[seat]
    if card in known:
        known.remove(card)


def give_to_hand(s: BusfaktorState, seat: int, card: int, public: bool, returned: bool = False) -> None:
    """Put ``card`` into ``seat``'s hand; ``public`` if everybody saw which card it was.

    ``returned``: it comes back from a project (E7, §10 override) and does not count as drawn.
    Statistics: ``held`` marks the seats that ever had the card in hand (bit ``seat``).
    """
    s.hands[seat].append(card)
    s.held[card] |= 1 << seat
    if not returned:
        s.drawn[card] += 1
    if public:
        s.known[seat].append(card)


def count_play(s: BusfaktorState, seat: int, card: int) -> None:
    """Statistics: ``seat`` played ``card`` (started, attached, or played as an event)."""
    s.plays[card * s.players + seat] += 1


# -- turn structure (§6, §7, §9, §15) --------------------------------------------------------


def begin_turn(s: BusfaktorState, seat: int) -> None:
    """§6: a turn starts with phase 1, drawing two cards."""
    s.active = seat
    s.phase = DRAW
    s.draws_left = 2
    s.started = False
    s.event_used = False
    s.offered = 0
    s.proposed = 0
    if s.keeps_log:  # hot in search, whose worlds are silent
        s.emit("turn", seat=seat, round=s.round)
    if not has_draw_source(s):
        enter_action_phase(s)


def has_draw_source(s: BusfaktorState) -> bool:
    """§7: is any source left (Projektstapel, Aktionsstapel or Verbrauchsstapel to renew it, offene Ablage)?"""
    return bool(s.pstack or s.astack or s.spent or s.discard)


def renew_action_stack(s: BusfaktorState) -> bool:
    """§7 Leerer Aktionsstapel: shuffle the Verbrauchsstapel into a new Aktionsstapel; False if both empty."""
    if s.astack:
        return True
    if not s.spent:
        return False
    s.astack = s.spent
    s.spent = []
    s.chance().shuffled(s.astack)
    s.reshuffles += 1
    for card in s.astack:  # R14: known as a set now, not where each card lies
        s.pool[card], s.under_by[card] = s.reshuffles, -1
    s.emit("reshuffle", cards=len(s.astack))
    return True


def draw(s: BusfaktorState, source: int) -> None:
    """§7: draw the top card of the chosen source; after two draws (or none left) the actions begin.

    Search draws about two dozen cards per rollout, so :func:`give_to_hand` and
    :func:`has_draw_source` are written out here (a call each per draw saved).
    """
    seat = s.active
    if source == 0:
        card = s.pstack.pop()
    elif source == 1:
        if not s.astack:
            renew_action_stack(s)
        card = s.astack.pop()
    else:
        card = s.discard.pop()
        s.known[seat].append(card)  # drawn face up: everybody saw which card it was
    s.hands[seat].append(card)
    s.held[card] |= 1 << seat
    s.drawn[card] += 1
    if s.keeps_log:  # hot in search, whose worlds are silent
        if source == 2:
            s.emit("draw_discard", seat=seat, card=card)
        else:
            s.emit("draw", seat=seat, source=source)
    s.draws_left -= 1
    if s.draws_left == 0 or not (s.pstack or s.astack or s.spent or s.discard):
        enter_action_phase(s)


def enter_action_phase(s: BusfaktorState) -> None:
    """§8.1: with no active project and a project in hand (ids: projects first), one must be started first."""
    s.phase = ACTION
    seat = s.active
    n_projects = s.deck.n_projects
    s.must_start = not s.actives[seat] and min(s.hands[seat], default=n_projects) < n_projects


def finish_actions(s: BusfaktorState) -> None:
    """§9: after the action phase, discard down to the hand limit, then the turn ends."""
    if len(s.hands[s.active]) > HAND_LIMIT:
        s.phase = DISCARD
    else:
        end_turn(s)


def discard(s: BusfaktorState, card: int) -> None:
    """§9: one chosen card face up onto the open discard; it is the new top card."""
    seat = s.active
    take_from_hand(s, seat, card)
    s.discard.append(card)
    if s.keeps_log:  # hot in search, whose worlds are silent
        s.emit("discard", seat=seat, card=card)
    if len(s.hands[seat]) <= HAND_LIMIT:
        end_turn(s)


def end_turn(s: BusfaktorState) -> None:
    """§6: clockwise; after the last turn of a round the round counter rises; §15: six rounds."""
    following = (s.active + 1) % s.players
    if following == s.start:
        s.round += 1
        if s.round > ROUNDS:
            s.round = ROUNDS
            s.phase = OVER
            s.emit("game_end")
            return
        if s.keeps_log:  # hot in search, whose worlds are silent
            s.emit("round", round=s.round)
    begin_turn(s, following)


# -- projects and factors (§8.1, §8.2, §10) ------------------------------------------------


def start_project(s: BusfaktorState, project: int) -> None:
    """§8.1: lay a project from the hand open; it is active (at most one per turn)."""
    seat = s.active
    take_from_hand(s, seat, project)
    s.owner[project] = seat
    s.status[project] = 1
    s.actives[seat].append(project)
    note_free(s, project)
    s.started = True
    s.must_start = False
    count_play(s, seat, project)
    if s.keeps_log:  # hot in search, whose worlds are silent
        s.emit("start", seat=seat, project=project)


def fill(s: BusfaktorState, project: int, ftype: int) -> None:
    """§3 Anlegen, §4: one open ``ftype`` requirement of ``project`` is met (``open``, ``need``, and
    ``open_types``, the types still open at each project, kept for the shared factors of §11)."""
    index = project * 4 + ftype
    s.open[index] -= 1
    s.need[project] -= 1
    if not s.open[index]:
        s.open_types[project] &= ~(1 << ftype)


def reopen(s: BusfaktorState, project: int, ftype: int) -> None:
    """§4, §13 E4/E6/E7, §11: one more ``ftype`` requirement of ``project`` is open (see :func:`fill`)."""
    s.open[project * 4 + ftype] += 1
    s.need[project] += 1
    s.open_types[project] |= 1 << ftype


def count_open_types(s: BusfaktorState) -> list[int]:
    """``s.open_types`` counted afresh: per project a bit per factor type with an open requirement."""
    opened = s.open
    return [sum(1 << t for t in range(4) if opened[p * 4 + t]) for p in range(s.deck.n_projects)]


def count_attached(s: BusfaktorState) -> list[int]:
    """``s.attached`` counted afresh: the cards lying at a project (or shared), by id."""
    return [card for card, where in enumerate(s.att) if where != -1]


def lay(s: BusfaktorState, card: int, where: int) -> None:
    """``card`` lies at project ``where`` (or is ``SHARED``): ``att`` and the list ``attached`` by id."""
    if s.att[card] == -1:
        insort(s.attached, card)
    s.att[card] = where


def lift(s: BusfaktorState, card: int) -> None:
    """``card`` lies at no project any more."""
    if s.att[card] != -1:
        s.attached.remove(card)
    s.att[card] = -1


def place(s: BusfaktorState, card: int, project: int, ftype: int, controller: int) -> None:
    """§3 Anlegen: ``card`` fills one open ``ftype`` requirement of ``project`` (controller recorded, §3)."""
    lay(s, card, project)
    s.ctype[card] = ftype
    s.ctrl[card] = controller
    fill(s, project, ftype)
    s.nfac[project] += 1
    if s.nfac[project] == 2:  # §11 Voraussetzungen: with a second factor it is no longer free to cooperate
        s.free[s.owner[project]] &= ~(1 << project)


def attach(s: BusfaktorState, card: int, project: int, ftype: int) -> None:
    """§8.2: attach a factor from the hand to an own active project; completion follows at once (§8.5).

    Only ``project``'s needs fell, and in the action phase no active project waits fulfilled
    (every change that fulfils one is followed by :func:`complete_ready`), so completions are
    looked for only once ``project`` is fulfilled.
    """
    seat = s.active
    take_from_hand(s, seat, card)
    place(s, card, project, ftype, seat)
    count_play(s, seat, card)
    if s.keeps_log:  # hot in search, whose worlds are silent
        s.emit("attach", seat=seat, card=card, project=project, type=ftype)
    if not s.need[project]:
        complete_ready(s)


def unplace(s: BusfaktorState, card: int) -> None:
    """§13 E4/E7: take an attached factor or joker off its project(s); its requirements are open again
    (a shared factor leaves both projects, §11)."""
    ftype = s.ctype[card]
    project = s.att[card]
    if project == SHARED:
        for p in range(s.deck.n_projects):
            if s.shared[p] == card:
                s.shared[p] = -1
                if s.status[p] == 1:
                    reopen(s, p, ftype)
    else:
        reopen(s, project, ftype)
        s.nfac[project] -= 1
        if s.nfac[project] == 1:  # down to one factor: free to cooperate again if active and in none
            note_free(s, project)
    lift(s, card)


def ready_projects(s: BusfaktorState, seat: int) -> list[int]:
    """§10: ``seat``'s active projects whose requirements are all met, in the order they were started.

    (A loop, not a comprehension: that would make ``s`` a closure cell, built at every call.)
    """
    need = s.need
    ready = []
    for p in s.actives[seat]:
        if need[p] == 0:
            ready.append(p)
    return ready


def lay_extra(s: BusfaktorState, card: int, project: int, ftype: int, controller: int) -> None:
    """§13 E6: a Mehraufwand lies at ``project`` and adds an ``ftype`` requirement (it fills none)."""
    lay(s, card, project)
    s.ctype[card] = ftype
    s.ctrl[card] = controller
    s.extra[project] = card
    reopen(s, project, ftype)


def lift_extra(s: BusfaktorState, card: int) -> None:
    """§4 "bis … ein Karteneffekt sie bewegt": a Mehraufwand leaves its project, and its added
    requirement with it (only while one of its type is open there, ruling R19)."""
    project, ftype = s.att[card], s.ctype[card]
    s.extra[project] = -1
    fill(s, project, ftype)
    lift(s, card)


def complete_ready(s: BusfaktorState) -> None:
    """§8.5, §17: complete every fulfilled project; the active person first, then clockwise.

    §17 "in selbst gewählter Reihenfolge" (ruling R10): where the order of one person's
    simultaneous completions matters — two or more of them lay cards onto the open discard
    (override ``on_completion = "ablage"``), so the order decides the top card — that person
    chooses (phase ``COMPLETE_ORDER``, ``schliesse P ab``); otherwise the order changes nothing
    but the log, and the projects complete in the order they were started.
    """
    if all(map(s.need.__getitem__, chain.from_iterable(s.actives))):  # the usual case: nothing to complete
        return
    for step in range(s.players):
        seat = (s.active + step) % s.players
        ready = ready_projects(s, seat)
        if not ready:
            continue
        if len(ready) > 1 and order_matters(s, ready):
            s.decider = seat
            s.phase = COMPLETE_ORDER
            return
        for project in ready:
            complete(s, project)


def order_matters(s: BusfaktorState, ready: list[int]) -> bool:
    """§17, ruling R10: two or more of ``ready`` lay cards onto the open discard when completed."""
    to_discard = s.deck.to_discard
    return sum(1 for p in ready if any(to_discard[c] for c in leaving_cards(s, p))) > 1


def choose_completion(s: BusfaktorState, project: int) -> None:
    """§17: the deciding person completes ``project`` next; the other completions follow (ruling R10)."""
    s.phase = ACTION
    complete(s, project)
    complete_ready(s)


def leaving_cards(s: BusfaktorState, project: int) -> list[int]:
    """§10, §11.3: the cards that leave a project when it is completed, by id: those attached only
    to it, and its shared factor once the partner project no longer needs it (not active)."""
    att = s.att
    leaving = [card for card in s.attached if att[card] == project]
    common = s.shared[project]
    if common >= 0 and s.status[s.partner[project]] != 1:
        leaving.append(common)
    return leaving


def complete(s: BusfaktorState, project: int) -> None:
    """§10, §11 Beiträge und Abschluss: score the project, then its attached cards leave.

    Cards whose text overrides the normal consumption (§10 steps 2-3) return to their
    controlling person's hand (override ``on_completion = "hand"``) or go face up onto the open
    discard (``"ablage"``, in deck order: ruling R10); all others go face down onto the
    Verbrauchsstapel (§10 step 4).  A shared factor stays while the partner project is active (§11.3).
    """
    seat = s.owner[project]
    leaving = leaving_cards(s, project)
    s.status[project] = 2
    note_free(s, project)
    s.actives[seat].remove(project)
    s.dones[seat].append(project)
    if s.partner[project] >= 0:  # the cooperation runs on only while the partner project is active
        note_cooperations(s, project)
    s.done_round[project] = s.round
    if s.keeps_log:  # hot in search, whose worlds are silent
        s.emit("complete", seat=seat, project=project, points=s.deck.points[project])
    s.shared[project] = -1
    s.extra[project] = -1
    for card in leaving:
        lift(s, card)
        if s.deck.returns_to_hand[card]:
            give_to_hand(s, s.ctrl[card], card, True, returned=True)
            s.emit("returns", seat=s.ctrl[card], card=card)
        elif s.deck.to_discard[card]:
            s.discard.append(card)
            s.emit("to_discard", card=card)
        else:
            s.spent.append(card)


# -- cooperation (§8.4, §11) -----------------------------------------------------------------


def cooperating_with(s: BusfaktorState, seat: int) -> int:
    """§11: bitmask of the persons ``seat`` has a running cooperation with (a project of it still active)."""
    busy = 0
    partner, status, owner = s.partner, s.status, s.owner
    for projects in (s.actives[seat], s.dones[seat]):
        for p in projects:
            q = partner[p]
            if q >= 0 and (status[p] == 1 or status[q] == 1):
                busy |= 1 << owner[q]
    return busy


def note_cooperations(s: BusfaktorState, project: int) -> None:
    """Keep ``s.cooperating`` (per person, :func:`cooperating_with`) right after the cooperation of
    ``project`` began or its project was completed: recounted for both persons of the pair."""
    for seat in (s.owner[project], s.owner[s.partner[project]]):
        s.cooperating[seat] = cooperating_with(s, seat)


def end_cooperation(s: BusfaktorState, project: int) -> None:
    """§11 "Eine begonnene Kooperation kann nicht freiwillig beendet werden. Kartentext kann diese
    Regel ausdrücklich überschreiben": a card ends the cooperation of ``project`` (ruling R20).

    Its shared factor stays only at the project of its controlling person (the one who shared it,
    §3) if that is still active, else at the partner's active project; the other project's
    requirement it filled is open again.  The two projects and the pair are free to cooperate anew.
    """
    partner = s.partner[project]
    if partner < 0:
        return
    common = max(s.shared[project], s.shared[partner])
    if common >= 0:
        pair = [p for p in (project, partner) if s.status[p] == 1]
        keep = next((p for p in pair if s.owner[p] == s.ctrl[common]), pair[0])
        for p in (project, partner):
            if s.shared[p] == common:
                s.shared[p] = -1
                if p != keep:
                    reopen(s, p, s.ctype[common])
        lay(s, common, keep)
        s.nfac[keep] += 1
    s.partner[project] = s.partner[partner] = -1
    s.share_used[project] = s.share_used[partner] = 0
    note_free(s, project)
    note_free(s, partner)
    s.cooperating[s.owner[project]] = cooperating_with(s, s.owner[project])
    s.cooperating[s.owner[partner]] = cooperating_with(s, s.owner[partner])
    s.emit("cooperation_ended", project=project, project2=partner)


def free_to_cooperate(s: BusfaktorState, projects: list[int]) -> list[int]:
    """§11 Voraussetzungen for one side: those of ``projects`` that are active, in no cooperation
    and hold at most one factor (Mehraufwand not counted)."""
    status, partner, nfac = s.status, s.partner, s.nfac
    return [p for p in projects if status[p] == 1 and partner[p] < 0 and nfac[p] <= 1]


def note_free(s: BusfaktorState, project: int) -> None:
    """Keep ``s.free`` (per person, a bit per project free to cooperate, :func:`free_to_cooperate`)
    right after ``project``'s status, partner or factor count changed."""
    bit = 1 << project
    if s.status[project] == 1 and s.partner[project] < 0 and s.nfac[project] <= 1:
        s.free[s.owner[project]] |= bit
    else:
        s.free[s.owner[project]] &= ~bit


def count_cooperating(s: BusfaktorState) -> list[int]:
    """``s.cooperating`` counted afresh (:func:`cooperating_with` of every person)."""
    return [cooperating_with(s, seat) for seat in range(s.players)]


def count_free(s: BusfaktorState) -> list[int]:
    """``s.free`` counted afresh from every person's active projects (:func:`free_to_cooperate`)."""
    return [sum(1 << p for p in free_to_cooperate(s, projects)) for projects in s.actives]


def offer(s: BusfaktorState, mine: int, theirs: int) -> None:
    """§8.4: offer a cooperation; the other person decides next (one offer per person and turn, ruling)."""
    s.offer_mine = mine
    s.offer_theirs = theirs
    s.decider = s.owner[theirs]
    s.offered |= 1 << s.decider
    s.phase = ANSWER_OFFER
    if s.keeps_log:  # hot in search, whose worlds are silent
        s.emit("offer", seat=s.active, seat2=s.decider, project=mine, project2=theirs)


def answer_offer(s: BusfaktorState, accepted: bool) -> None:
    """§8.4, §11: both agree, the two projects are joined; otherwise nothing happens."""
    mine, theirs = s.offer_mine, s.offer_theirs
    if accepted:
        s.partner[mine] = theirs
        s.partner[theirs] = mine
        note_free(s, mine)
        note_free(s, theirs)
        note_cooperations(s, mine)
        s.coops_begun += 1
    if s.keeps_log:  # hot in search, whose worlds are silent
        s.emit("offer_accepted" if accepted else "offer_declined", seat=s.decider, project=mine, project2=theirs)
    s.phase = ACTION


def propose_share(s: BusfaktorState, card: int, project: int, ftype: int) -> None:
    """§11 Gemeinsamer Faktor: lay ``card`` between the projects only if the partner consents."""
    s.share_card = card
    s.share_project = project
    s.share_type = ftype
    s.proposed |= 1 << project
    s.decider = s.owner[s.partner[project]]
    s.phase = ANSWER_SHARE
    if card not in s.known[s.active]:
        s.known[s.active].append(card)
    if s.keeps_log:  # hot in search, whose worlds are silent
        s.emit("share_proposed", seat=s.active, seat2=s.decider, card=card, project=project, type=ftype)


def answer_share(s: BusfaktorState, accepted: bool) -> None:
    """§11: with consent the factor fills one requirement of its type at both projects (§13 E5 for jokers)."""
    s.phase = ACTION
    card, project, ftype = s.share_card, s.share_project, s.share_type
    if s.keeps_log:  # hot in search, whose worlds are silent
        s.emit("share_accepted" if accepted else "share_declined", seat=s.decider, card=card)
    if not accepted:
        return
    seat = s.active
    partner = s.partner[project]
    take_from_hand(s, seat, card)
    if s.deck.kind[card] == EVENT and not s.deck.free_event[card]:
        s.event_used = True
    lay(s, card, SHARED)
    s.ctype[card] = ftype
    s.ctrl[card] = seat
    for p in (project, partner):
        s.shared[p] = card
        s.share_used[p] = 1
        fill(s, p, ftype)
    count_play(s, seat, card)
    complete_ready(s)

"""Events (§8.3, §12, §13): playing them, the reaction window for Absicherungen, and the eight templates."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from .deck import AREA_ALL, AREA_TARGET, FACTOR, HITS_EXTRA, HITS_FACTOR, HITS_JOKER
from .flow import (
    complete_ready,
    count_play,
    end_cooperation,
    give_to_hand,
    lay_extra,
    lift_extra,
    place,
    renew_action_stack,
    take_from_hand,
    unplace,
)
from .phases import ACTION, E1_TAKE, E1_UNDER, E3_TAKE, E4_MOVE, REACT, SHARED

if TYPE_CHECKING:
    from .state import BusfaktorState


def play_event(s: BusfaktorState, card: int, target: int, ftype: int) -> None:
    """§12 steps 1-3: show the card, name its targets; a negative event opens the reaction window.

    ``target`` is the project (E5, E6) or the attached factor (E7), -1 for E1-E4;
    ``ftype`` the joker's chosen type (E5).
    """
    seat = s.active
    deck = s.deck
    take_from_hand(s, seat, card)
    if not deck.free_event[card]:
        s.event_used = True
    count_play(s, seat, card)
    s.pending = card
    s.target = target
    s.target_type = ftype
    if s.keeps_log:  # hot in search, whose worlds are silent
        if target >= 0:
            s.emit("event_target", seat=seat, card=card, target=target)
        else:
            s.emit("event", seat=seat, card=card)
    if deck.negative[card]:
        affected, single = affected_by(s, card, target)
        open_window(s, affected, single)
    else:
        resolve(s)


def projects_under(s: BusfaktorState, card: int) -> list[int]:
    """The project(s) an attached card lies on: both projects of a shared factor (§11), else one.

    (A loop, not a comprehension: that would make ``card`` a closure cell, built at every call.)
    """
    where = s.att[card]
    if where != SHARED:
        return [where]
    found = []
    for p, common in enumerate(s.shared):
        if common == card:
            found.append(p)
    return found


def affected_by(s: BusfaktorState, card: int, target: int) -> tuple[list[int], bool]:
    """§12: the directly affected persons of a negative event, and whether it has a single target.

    A single target: the owner of the project a Mehraufwand (E6) or joker (E5) is laid on, the
    owners of the project(s) a Rückschlag's card lies on (E7).  Without a single target (ruling
    R18): an E7 with reach ``andere``/``alle`` affects the owners of every project it hits; an
    E1-E4 card showing a keyword affects nobody directly.
    """
    deck = s.deck
    template = deck.template[card]
    if template == 7 and deck.area[card] != AREA_TARGET:
        hit = {s.owner[p] for c in area_hits(s, card) for p in projects_under(s, c)}
        return sorted(hit), False
    if target < 0:
        return [], False
    if template in (5, 6):
        return [s.owner[target]], True
    return [s.owner[p] for p in projects_under(s, target)], True


def open_window(s: BusfaktorState, affected: list[int], single: bool) -> None:
    """§12 Reaktionsfenster: with a single target the directly affected person first, then the others
    from the left of the active person; without one ("etwa gegen alle Personen") everybody from the
    left of the active person, the affected ones (for reach ``selbst``) included in that order.

    Ruling R3: the active person, who played the negative event, is not asked.  Every other
    seat is asked (whether or not it holds an Absicherung, so that asking reveals nothing).
    """
    order = [(s.active + step) % s.players for step in range(1, s.players)]
    s.affected = [seat for seat in order if seat in affected]
    s.queue = s.affected + [seat for seat in order if seat not in affected] if single else order
    s.decider = s.queue[0]
    s.phase = REACT


def can_secure(s: BusfaktorState, seat: int, card: int) -> bool:
    """§13 E8: an Absicherung fits if it blocks the event's keyword and its reach covers ``seat``."""
    deck = s.deck
    return (
        deck.template[card] == 8
        and bool(deck.blocks[card] & deck.negative[s.pending])
        and (deck.reach[card] == 1 or seat in s.affected)
    )


def secure(s: BusfaktorState, card: int) -> None:
    """§12: one Absicherung closes the window; both cards are spent and the effect does not happen."""
    seat = s.decider
    take_from_hand(s, seat, card)
    count_play(s, seat, card)
    s.spent.append(card)
    s.spent.append(s.pending)
    s.fired += 1
    s.emit("secured", seat=seat, card=card, card2=s.pending)
    s.pending = -1
    s.phase = ACTION
    s.queue = []


def waive(s: BusfaktorState) -> None:
    """§12: the asked seat lets the event happen; after the last seat the effect is carried out."""
    s.queue.pop(0)
    if s.queue:
        s.decider = s.queue[0]
    else:
        resolve(s)


def resolve(s: BusfaktorState) -> None:
    """§12 step 4: carry out the template's effect (§13)."""
    card = s.pending
    deck = s.deck
    template = deck.template[card]
    s.phase = ACTION
    if template == 1:
        look(s, card)
    elif template == 2:
        search_factors(s, card)
    elif template == 3:
        s.phase = E3_TAKE
    elif template == 4:
        s.moves_left = deck.count[card]
        s.moved = []
        s.phase = E4_MOVE
    elif template == 5:
        place(s, card, s.target, s.target_type, s.active)
        end_cooperations(s, card, [s.target])
        finish(s, spend=False)
    elif template == 6:
        lay_extra(s, card, s.target, deck.factor_type[card], s.active)
        end_cooperations(s, card, [s.target])
        finish(s, spend=False)
    elif template == 7:
        hit = [s.target] if deck.area[card] == AREA_TARGET else list(area_hits(s, card))
        under = sorted({p for c in hit for p in projects_under(s, c)})
        for attached in hit:
            take_off(s, attached, deck.removes[card])
        end_cooperations(s, card, under)
        finish(s)


def end_cooperations(s: BusfaktorState, card: int, projects: list[int]) -> None:
    """§11 "Kartentext kann diese Regel ausdrücklich überschreiben": with the override
    ``ends_cooperation`` the cooperation of each project the effect was carried out on ends (ruling R20)."""
    if s.deck.ends_cooperation[card]:
        for project in projects:
            end_cooperation(s, project)


def take_off(s: BusfaktorState, card: int, remove: bool) -> None:
    """§13 E7: an attached card (factor, joker or Mehraufwand, §4) leaves its project: back to its
    controlling person's hand (§3, §17), or with ``destination = "verbrauch"`` face down onto the
    Verbrauchsstapel (ruling R19)."""
    controller = s.ctrl[card]
    where = s.att[card]
    if where != SHARED and s.extra[where] == card:
        lift_extra(s, card)
    else:
        unplace(s, card)
    if remove:
        s.spent.append(card)
        s.emit("removed", card=card)
    else:
        give_to_hand(s, controller, card, True, returned=True)
        s.emit("returns", seat=controller, card=card)


def area_hits(s: BusfaktorState, card: int) -> Iterator[int]:
    """§12 "ohne einzelnes Ziel", ruling R18: every attached card an E7 with reach ``andere`` (on
    another person's project) or ``alle`` (on any project) takes, of its kinds and type (lazily, by id)."""
    others = s.deck.area[card] != AREA_ALL
    return (
        c for c in attached_cards(s, card) if not others or any(s.owner[p] != s.active for p in projects_under(s, c))
    )


def attached_cards(s: BusfaktorState, card: int) -> Iterator[int]:
    """§4, §13 E4/E7: the attached cards ``card`` may take, by id: factors, jokers and Mehraufwand as
    its ``cards`` field allows, of its ``factor_type`` if it names one (E7).

    A Mehraufwand only while a requirement of its type is still open at its project (ruling R19):
    once all are met, taking it away would leave a factor that fills no requirement (§3 Anlegen).
    Lazily: whether an E4 or E7 has a target at all (§12) needs only the first one.
    """
    deck = s.deck
    hits = deck.hits[card]
    wanted = deck.factor_type[card] if deck.template[card] == 7 else -1
    att, ctype, extra, kind, opened = s.att, s.ctype, s.extra, deck.kind, s.open
    for c in s.attached:
        where = att[c]
        if wanted >= 0 and ctype[c] != wanted:
            continue
        if where != SHARED and extra[where] == c:
            if hits & HITS_EXTRA and opened[where * 4 + ctype[c]] > 0:
                yield c
        elif hits & (HITS_FACTOR if kind[c] == FACTOR else HITS_JOKER):
            yield c


def finish(s: BusfaktorState, spend: bool = True) -> None:
    """§12 steps 5-6: spend the card unless attached, then check for completed projects."""
    if spend:
        s.spent.append(s.pending)
    s.pending = -1
    if s.moved:
        s.moved = []
    s.phase = ACTION
    complete_ready(s)


# -- E1 Sichten ---------------------------------------------------------------------------------


def e1_stack(s: BusfaktorState, card: int) -> list[int]:
    """The stack an E1 card looks at (§13 E1)."""
    return s.pstack if s.deck.stack[card] == 0 else s.astack


def allowed_take(s: BusfaktorState, card: int, candidate: int) -> bool:
    """§13 E1/E3: may ``candidate`` be taken (a factor of the named type, if the card names one)?"""
    wanted = s.deck.factor_type[card]
    if s.deck.template[card] == 3 and s.deck.kind[candidate] != FACTOR:
        return False
    if wanted < 0:
        return True
    return s.deck.kind[candidate] == FACTOR and wanted in s.deck.types[candidate]


def look(s: BusfaktorState, card: int) -> None:
    """§13 E1: look at the top cards one by one.

    §7 Leerer Aktionsstapel: an Aktionsstapel that is (or becomes) empty while a card is still
    to be looked at is renewed from the Verbrauchsstapel at that moment; the Projektstapel is
    never renewed.  With no card left the player looks at fewer (§12 "so viel wie möglich").
    """
    from_actions = s.deck.stack[card] == 1
    looked: list[int] = []
    for _ in range(s.deck.count[card]):
        if from_actions:
            renew_action_stack(s)
        stack = e1_stack(s, card)
        if not stack:
            break
        looked.append(stack.pop())
    s.looked = looked
    s.emit("looked", seat=s.active, cards=len(looked))
    if any(allowed_take(s, card, c) for c in s.looked):
        s.phase = E1_TAKE
    else:
        after_take(s)


def take_looked(s: BusfaktorState, chosen: int) -> None:
    """§13 E1: the allowed card goes to the hand (unseen by the others)."""
    s.looked.remove(chosen)
    give_to_hand(s, s.active, chosen, False)
    s.emit("took_looked", seat=s.active)
    after_take(s)


def after_take(s: BusfaktorState) -> None:
    """§13 E1: the rest go under the same stack, in the card's order or one the player chooses."""
    if s.deck.chosen_order[s.pending] and len(s.looked) > 1:
        s.phase = E1_UNDER
        return
    for c in s.looked:
        put_under(s, c)
    s.looked = []
    finish(s)


def put_under(s: BusfaktorState, card: int) -> None:
    """Put one looked-at card at the very bottom of its stack (§13 E1); its player knows it lies there."""
    e1_stack(s, s.pending).insert(0, card)
    s.under_by[card] = s.active


def under(s: BusfaktorState, card: int) -> None:
    """§13 E1 (chosen order): ``card`` goes under next; the last one follows by itself."""
    s.looked.remove(card)
    put_under(s, card)
    if len(s.looked) == 1:
        put_under(s, s.looked.pop())
    if not s.looked:
        finish(s)


# -- E2 Nachziehen ------------------------------------------------------------------------------


def search_factors(s: BusfaktorState, card: int) -> None:
    """§13 E2: reveal action cards until enough factors are found; the rest set aside, then spent.

    The Aktionsstapel may be renewed from the Verbrauchsstapel meanwhile; the set-aside cards
    are not shuffled in.  With no card left the search ends early.
    """
    wanted, count = s.deck.factor_type[card], s.deck.count[card]
    aside: list[int] = []
    found = 0
    while found < count and renew_action_stack(s):
        revealed = s.astack.pop()
        s.emit("revealed", card=revealed)
        if s.deck.kind[revealed] == FACTOR and (wanted < 0 or wanted in s.deck.types[revealed]):
            give_to_hand(s, s.active, revealed, True)
            found += 1
        else:
            aside.append(revealed)
    s.spent.extend(aside)
    finish(s)


# -- E3 Rückholen -------------------------------------------------------------------------------


def retrieve(s: BusfaktorState, chosen: int) -> None:
    """§13 E3: take a factor from anywhere in the open discard; the others keep their order."""
    s.discard.remove(chosen)
    give_to_hand(s, s.active, chosen, True)
    s.emit("retrieved", seat=s.active, card=chosen)
    finish(s)


# -- E4 Umverteilen -----------------------------------------------------------------------------


def move(s: BusfaktorState, factor: int, project: int) -> None:
    """§13 E4: the factor fills an open requirement of its chosen type at its new project; a moved
    Mehraufwand adds its requirement there instead (§4 "bis … ein Karteneffekt sie bewegt", ruling R19).

    Its controlling person does not change; a moved shared factor stops being shared.  Each
    card moves at most once per card ("bis zu N Faktoren": N different factors, ruling R6).
    """
    controller, ftype = s.ctrl[factor], s.ctype[factor]
    where = s.att[factor]
    if where != SHARED and s.extra[where] == factor:
        lift_extra(s, factor)
        lay_extra(s, factor, project, ftype, controller)
    else:
        unplace(s, factor)
        place(s, factor, project, ftype, controller)
    s.moved.append(factor)
    s.emit("moved", card=factor, project=project)
    s.moves_left -= 1
    if s.moves_left == 0:
        finish(s)


def stop_moving(s: BusfaktorState) -> None:
    """§17 "bis zu": the player may stop before moving the full number."""
    finish(s)

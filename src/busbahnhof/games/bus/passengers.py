"""Where passengers are and who wants to ride: the two passenger models of Bus.

Passengers stand at intersections (``state.standing``, a count per intersection) or sit in
buildings (``state.occupied``, one passenger per building).

Complete Edition (``Rules.passengers_step_out``; option ``complete_passengers`` in 1999), Bus: Uhr:
"Alle Fahrgäste in Gebäuden gehen zur Kreuzung davor. Jeder Fahrgast an der Kreuzung seines Ziels
(laut Zeiger) geht direkt in das Gebäude, wenn es leer ist – ein Fahrgast je Gebäude."  Only
standing passengers ride (Bus: Brumm, "nicht in einem Gebäude").

1999 short rules (ruling 18): no rule moves a passenger but the bus.  "Beförderungswillig sind nur
Passagiere, die sich in keinem zeitgerechten ... Gebäude befinden und kein zeitgerechtes Gebäude an
derselben Kreuzung haben (erreichbar durch Straßenquerung)": a passenger, standing or sitting in a
building, is willing exactly when no building of the current type stands at its intersection; such a
building serves it without taking it in.  A delivered passenger stays in its building until a bus
carries it on.
"""

from __future__ import annotations

from itertools import compress, count
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .state import BusState


def step_out_and_in(state: BusState) -> int:
    """Complete Edition, Bus: Uhr -- everyone in a building steps out to its intersection, then the
    empty buildings of the current type take in the passengers at their intersection, one each.
    Returns how many stepped in."""
    board, standing, occupied, building = state.board, state.standing, state.occupied, state.building
    lot_intersection, lots_at = board.lot_intersection, board.lots_at
    for lot in [*compress(count(), occupied)]:
        occupied[lot] = False
        standing[lot_intersection[lot]] += 1
    entered = 0
    current = state.clock
    for node in [*compress(count(), standing)]:
        waiting = standing[node]
        for lot in lots_at[node]:
            if waiting and building[lot] == current:
                waiting -= 1
                occupied[lot] = True
                entered += 1
        standing[node] = waiting
    return entered


def served(state: BusState, node: int, kind: int) -> bool:
    """1999: a building of ``kind`` stands at ``node`` ("kein zeitgerechtes Gebäude an derselben
    Kreuzung"), so nobody there rides while the clock shows ``kind``."""
    building = state.building
    return any(building[lot] == kind for lot in state.board.lots_at[node])


def riders_at(state: BusState, node: int) -> int:
    """Passengers at ``node`` a bus could take, before asking whether they are willing: those
    standing there, and in the 1999 model also those sitting in its buildings."""
    count = state.standing[node]
    if not state.rules.passengers_step_out:
        occupied = state.occupied
        count += sum(1 for lot in state.board.lots_at[node] if occupied[lot])
    return count


def willing_sources(state: BusState, seat: int) -> list[int]:
    """Bus: Brumm -- intersections on the seat's line with a passenger willing to ride (see the
    module docstring for the two models; 1999 also skips intersections with an in-time building)."""
    touches = state.touches[seat]
    if state.rules.passengers_step_out:
        sources = [node for node in compress(count(), state.standing) if touches >> node & 1]
    else:
        sources = [node for node in range(state.board.intersections) if touches >> node & 1 and riders_at(state, node)]
    if state.rules.vrroomm_skips_served:
        current = state.clock
        sources = [node for node in sources if not served(state, node, current)]
    return sources


def take_rider(state: BusState, node: int) -> None:
    """A bus takes one passenger from ``node``.  1999 model: one sitting in a building there goes
    first (the lowest lot), which frees that building for a later hour; else one standing there
    (ruling 18)."""
    if not state.rules.passengers_step_out:
        occupied = state.occupied
        for lot in state.board.lots_at[node]:
            if occupied[lot]:
                occupied[lot] = False
                return
    state.standing[node] -= 1


def after_clock(state: BusState, kind: int) -> tuple[list[int], list[int]]:
    """A forecast for planning: per intersection, the willing passengers and the empty buildings of
    ``kind`` right after a clock step to ``kind`` (Complete Edition: everyone steps out, then fills
    the empty ``kind`` buildings there; 1999: nobody moves)."""
    board = state.board
    waiting = state.standing.copy()
    for lot, occupied in enumerate(state.occupied):
        if occupied:
            waiting[board.lot_intersection[lot]] += 1
    empty = [0] * board.intersections
    step_in = state.rules.passengers_step_out
    for node in range(board.intersections):
        for lot in board.lots_at[node]:
            if state.building[lot] != kind:
                continue
            if not step_in:
                empty[node] += not state.occupied[lot]
            elif waiting[node]:
                waiting[node] -= 1
            else:
                empty[node] += 1
        if state.rules.vrroomm_skips_served and served(state, node, kind):
            waiting[node] = 0
    return waiting, empty

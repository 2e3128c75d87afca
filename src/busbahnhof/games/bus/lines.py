"""Line expansion: which streets a line may take next, and how it grows (Bus: Linienausbau).

A line is kept as the sequence of intersections a bus would drive along it (``nodes``) and the
streets between them (``streets``), so its two ends are ``nodes[0]`` and ``nodes[-1]`` and the
street arriving at each end is ``streets[0]`` and ``streets[-1]``.  Growing only at the ends keeps
it a chain that a bus could drive with every street exactly once; it may cross itself and form
loops, but never holds two of its own markers on one street.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import Line, line
from .refusal import Refusal

if TYPE_CHECKING:
    from .state import BusState

LINE_MARKERS = 25
"""Line markers per player (Bus: Aufbau)."""


def marked_ends(nodes: list[int]) -> list[int]:
    """The ends that touch another part of the same line: the loop end marked with an action
    marker until a later extension makes it unambiguous (Bus: Linienausbau, Schleife)."""
    if len(nodes) < 2:
        return []
    ends = [nodes[0]] if nodes[0] in nodes[1:] else []
    if nodes[-1] in nodes[:-1] and nodes[-1] not in ends:
        ends.append(nodes[-1])
    return ends


def allowed_streets(state: BusState, seat: int, node: int, end_street: int) -> int:
    """Streets the line end of ``seat`` at ``node`` (arriving by ``end_street``) may take next, as
    a bit mask (``1 << street``).

    Bus: Linienausbau -- never a street with an own marker; a free street (no marker at all)
    where one exists at this end; otherwise any street (exception 1).  Exception 2: if another
    player's line also ends at ``node``, arriving from another direction, the line may run
    alongside it: on that line's end street (option ``parallel_street="end_street"``, the
    default) or on any occupied street at ``node`` (``"any_occupied"``); see docs/rulings/bus.md.
    """
    own_streets = state.own_streets
    own = own_streets[seat]
    candidates = state.board.incident_mask[node] & ~own
    occupied = 0  # the streets with anyone's marker
    for marked in own_streets:
        occupied |= marked
    free = candidates & ~occupied
    if not free:
        return candidates
    if free == candidates:  # no occupied street here, so exception 2 adds nothing
        return free
    parallel_any = state.rules.parallel_any
    extra = 0
    line_nodes, line_streets = state.line_nodes, state.line_streets
    for other in range(state.players):
        nodes = line_nodes[other]
        if other == seat or not nodes or (nodes[0] != node and nodes[-1] != node):
            continue
        streets = line_streets[other]
        for other_end, other_street in ((nodes[0], streets[0]), (nodes[-1], streets[-1])):
            if other_end != node:
                continue
            if parallel_any:
                if other_street != end_street or not state.rules.other_direction:
                    return candidates
            elif not own >> other_street & 1:
                extra |= 1 << other_street
    return free | extra


def line_moves(state: BusState, seat: int) -> tuple[Line, ...]:
    """The legal ``line`` actions of ``seat``: from the last end, then from the first, each by
    street id (Bus: Linienausbau)."""
    if state.line_markers_left[seat] == 0:
        return ()
    nodes = state.line_nodes[seat]
    streets = state.line_streets[seat]
    lines_from = state.game.board_actions.lines_from
    last, first = nodes[-1], nodes[0]
    from_last = allowed_streets(state, seat, last, streets[-1])
    from_first = allowed_streets(state, seat, first, streets[0])
    if first == last:  # a closed loop: a street open from both ends is one move
        from_first &= ~from_last
    return lines_from[last][from_last] + lines_from[first][from_first]


def first_street_moves(state: BusState) -> list[Line]:
    """The first line marker, written low-high (Bus: Aufbau, Erste Linien): "auf eine beliebige
    Straße" (Complete Edition); 1999 "Linienerweiterungs-Regeln beachten": a free street."""
    streets = state.board.streets
    if state.rules.first_street_free:
        players_on = state.street_players
        return [line(a, b) for street, (a, b) in enumerate(streets) if not players_on[street]]
    return [line(a, b) for a, b in streets]


def extend(state: BusState, seat: int, move: Line) -> None:
    """Put a line marker on the street of ``move`` at the end it starts from (Bus: Linienausbau).

    If both ends are at ``move.start`` (a closed loop) the last end is used when the street is
    allowed there, else the first.
    """
    board = state.board
    street = board.street_between[(move.start, move.to)]
    nodes = state.line_nodes[seat]
    streets = state.line_streets[seat]
    if not nodes:
        nodes.extend((move.start, move.to))
        streets.append(street)
    elif nodes[-1] == move.start and (
        nodes[0] != move.start or allowed_streets(state, seat, move.start, streets[-1]) >> street & 1
    ):
        nodes.append(move.to)
        streets.append(street)
    else:
        nodes.insert(0, move.to)
        streets.insert(0, street)
    state.own_streets[seat] |= 1 << street
    state.touches[seat] |= (1 << move.start) | (1 << move.to)
    state.street_players[street] = (*state.street_players[street], seat)
    state.line_markers_left[seat] -= 1


def why_not(state: BusState, seat: int, move: Line) -> Refusal:
    """What is wrong with the street ``move`` for ``seat``'s line (Bus: Linienausbau, Aufbau)."""
    board = state.board
    start, to = move.start, move.to
    street = board.street_between.get((start, to))
    if street is None:
        return Refusal(f"there is no street between {start} and {to}", "no_street", {"start": start, "to": to})
    if state.line_markers_left[seat] == 0:
        return Refusal(
            f"no line markers left (each player has {LINE_MARKERS})", "no_line_markers", {"markers": LINE_MARKERS}
        )
    nodes = state.line_nodes[seat]
    if not nodes:
        low, high = sorted((start, to))
        if start != low:
            return Refusal(
                f"the first street is written from its lower intersection: line {low}-{high}",
                "first_street_order",
                {"low": low, "high": high},
            )
        return Refusal(
            "in the 1999 rules the first street goes on a free street (Linienerweiterungs-Regeln beachten)",
            "first_street_free",
        )
    if start not in (nodes[0], nodes[-1]):
        return Refusal(
            f"{start} is not an end of your line (its ends are {nodes[0]} and {nodes[-1]})",
            "not_line_end",
            {"start": start, "first": nodes[0], "last": nodes[-1]},
        )
    if state.own_streets[seat] >> street & 1:
        return Refusal(
            f"your line already has a marker on the street {start}-{to}", "own_street", {"start": start, "to": to}
        )
    end_street = state.line_streets[seat][-1 if nodes[-1] == start else 0]
    allowed = allowed_streets(state, seat, start, end_street)
    names = ", ".join(f"{move.start}-{move.to}" for move in state.game.board_actions.lines_from[start][allowed])
    return Refusal(
        f"the end at {start} still has a free street ({names}), so {start}-{to} (occupied) "
        f"is not allowed; another line must end at {start} for the line to run beside it",
        "free_street_first",
        {"start": start, "to": to, "streets": names},
    )

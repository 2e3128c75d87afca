"""The rule constants of one game, derived from the options and the edition.

Complete Edition (``edition="complete"``, the default) and the 1999 short rules
(``edition="1999"``) differ only where :class:`Rules` says so; docs/rulings/bus.md lists every
difference with its passage.
"""

from __future__ import annotations

from dataclasses import dataclass

ACTION_MARKERS = 20
"""Action markers per player (Complete Edition: 20; 1999: 21 cubes, one of them the first bus)."""
MAX_BUSES = 5
"""Buses per player (Bus: Aufbau, 5 Busse)."""
PASSENGERS_TOTAL = 15
"""Passengers in the game: four at the start intersections, the rest in the supply (Bus: Aufbau)."""
MIN_MARKERS_PER_ROUND = 2
"""Every player places at least two markers per round before passing (Bus: Aktionen wählen)."""


@dataclass(frozen=True, slots=True)
class Rules:
    """Edition-dependent rule switches.

    Attributes:
        edition: ``"complete"`` or ``"1999"``.
        zone_labels: how lot zones are named (1-4, or A-D in 1999).
        parallel_any: exception 2 of line expansion allows any occupied street at the shared end,
            not only the other line's end street (option ``parallel_street``).
        other_direction: exception 2 requires the other line to arrive from another direction
            (Complete Edition: "aus anderer Richtung"; the 1999 text only says the ends meet).
        vrroomm_skips_served: 1999 -- a passenger is not willing to ride when an in-time building
            stands at their own intersection ("kein zeitgerechtes Gebäude an derselben Kreuzung").
        first_street_free: 1999 -- the first line street of the setup follows the line expansion
            rules too ("je 2 Stäbchen ... Linienerweiterungs-Regeln beachten"), so it goes on a free
            street; the Complete Edition allows "eine beliebige Straße".
        vrroomm_shrinks: 1999 -- Vrroomm is a multi-slot action like the others ("Busfahren
            (aktuelle Maximal-Buszahl beachten)", "jeder der nachfolgenden Spieler dann immer 1 Teil
            weniger"): slot a runs M buses, b M-1, ..., never more than the player owns; the
            Complete Edition (and option ``complete_vrroomm``) runs every bus on every marker.
        five_player_bonus: Complete Edition -- line expansion gets power + 1 with five players
            ("zu fünft Kraft + 1, nur hier"); the 1999 short rules do not know it (option
            ``complete_line_bonus`` adds it).
        passengers_step_out: Complete Edition -- at every clock step all passengers leave the
            buildings and the empty in-time buildings take them in again (Bus: Uhr); the 1999 short
            rules never move a passenger but by bus (option ``complete_passengers`` for the
            Complete Edition's model).  See :mod:`.passengers`.
    """

    edition: str
    zone_labels: tuple[str, ...]
    parallel_any: bool
    other_direction: bool
    vrroomm_skips_served: bool
    first_street_free: bool
    vrroomm_shrinks: bool
    five_player_bonus: bool
    passengers_step_out: bool

    def time_stones(self, players: int) -> int:
        """Time stones at the clock: 5, or 4 with three players; 1999: one per player (Bus: Aufbau)."""
        if self.edition == "1999":
            return players
        return 4 if players == 3 else 5

    def line_bonus(self, players: int) -> int:
        """Line expansion gets power + 1 with five players, and only line expansion (Bus:
        Linienausbau); not in the 1999 short rules unless ``complete_line_bonus`` (ruling 14)."""
        return 1 if players == 5 and self.five_player_bonus else 0

    def vrroomm_buses(self, buses: int, max_buses: int, slot: int) -> int:
        """How many buses of a player with ``buses`` buses run on Vrroomm slot ``slot`` (0 = a) when
        M is ``max_buses``: all of them (Bus: Brumm), or in the 1999 short rules M - slot at most
        (ruling 15); 0 or less runs none."""
        if self.vrroomm_shrinks:
            return min(buses, max_buses - slot)
        return buses


def make_rules(
    edition: str,
    zones: int,
    parallel_street: str,
    *,
    complete_vrroomm: bool = False,
    complete_line_bonus: bool = False,
    complete_passengers: bool = False,
) -> Rules:
    """The rule switches for ``edition`` on a map with ``zones`` zones; the ``complete_*`` options
    give the 1999 edition the Complete Edition's Vrroomm, five-player bonus or passenger model."""
    old = edition == "1999"
    labels = tuple("ABCDEFGHIJKLMNOPQRSTUVWXYZ"[zone] if old else str(zone + 1) for zone in range(zones))
    return Rules(
        edition=edition,
        zone_labels=labels,
        parallel_any=parallel_street == "any_occupied",
        other_direction=not old,
        vrroomm_skips_served=old,
        first_street_free=old,
        vrroomm_shrinks=old and not complete_vrroomm,
        five_player_bonus=not old or complete_line_bonus,
        passengers_step_out=not old or complete_passengers,
    )

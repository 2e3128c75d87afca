"""Simulation figures of a finished Bus game (``Game.summarize``) for ``simulate`` and ``report``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .actions import AREA_NAMES, BUILDING_NAMES

if TYPE_CHECKING:
    from .state import BusState

END_REASONS = ("time_stones", "lots_full", "markers_out")


def summarize(state: BusState) -> dict[str, Any]:
    """Per seat score, deliveries, time stones, markers used and start buildings; rounds; the end;
    per round the markers placed, the markers per action area, deliveries and time stones.

    Read from the public log: ``start_buildings`` counts each seat's buildings of each kind built
    in the setup (Bus: Aufbau), ``actions_by_round`` the markers placed on each action area
    (Bus: Aktionen wählen), ``deliveries_by_round`` the passengers delivered (Bus: Brumm) and
    ``time_stones_by_round`` the time stones taken (Bus: Uhr) in each round.
    """
    outcome = state.outcome()
    rounds = state.round
    start_buildings = [dict.fromkeys(BUILDING_NAMES, 0) for _ in range(state.players)]
    actions = {str(r): dict.fromkeys(AREA_NAMES, 0) for r in range(1, rounds + 1)}
    deliveries = {str(r): 0 for r in range(1, rounds + 1)}
    stones = {str(r): 0 for r in range(1, rounds + 1)}
    current = 0
    for event in state.log:
        key, params = event.key, event.params
        if key == "round_begins":
            current = params["round"]
        elif key == "building_built" and current == 0:
            start_buildings[params["seat"]][BUILDING_NAMES[params["building"]]] += 1
        elif key == "marker_placed":
            actions[str(current)][params["area"]] += 1
        elif key == "delivered":
            deliveries[str(current)] += 1
        elif key == "time_stopped":
            stones[str(current)] += 1
    return {
        "seats": [
            {
                "score": outcome.points[seat],
                "deliveries": state.deliveries[seat],
                "time_stones": state.stones[seat],
                "markers_used": state.markers_used[seat],
                "start_buildings": start_buildings[seat],
            }
            for seat in range(state.players)
        ],
        "rounds": rounds,
        "end": {reason: int(state.end_reason == reason) for reason in END_REASONS},
        "markers_per_round": {str(index): count for index, count in enumerate(state.markers_per_round, start=1)},
        "actions_by_round": actions,
        "deliveries_by_round": deliveries,
        "time_stones_by_round": stones,
    }

"""Bus: Aktionen ausführen -- board order, power M minus slot, right-to-left slots, the bonuses."""

from __future__ import annotations

from bus_helpers import after_setup, events, seat_after, select

from busbahnhof.games.bus import BusState


def resolve_round(state: BusState, round_number: int) -> None:
    """Play round ``round_number`` to its end choosing the first legal action each time."""
    while not state.is_over and state.round == round_number:
        state.apply(state.legal_actions()[0])


def powers(state: BusState, area: str) -> list[tuple[int, str, int]]:
    return [
        (e.params["seat"], e.params["slot"], e.params["power"])
        for e in state.log
        if e.key in ("marker_resolves", "no_power") and e.params["area"] == area
    ]


def test_worked_example_line_expansion() -> None:
    """Beispiel: markers A-D on Linienausbau green, purple, blue, purple; purple has 2 buses,
    blue 3, green 1; M = 3.  Left to right: purple on D power 0 builds nothing, blue on C builds
    1 street, purple's second marker on B 2 streets, green on A 3 streets."""
    state = after_setup(4, 11)
    green, purple, blue, other = (seat_after(state, k) for k in range(4))
    state.buses[purple], state.buses[blue], state.buses[green] = 2, 3, 1
    assert state.max_buses() == 3
    before = [len(streets) for streets in state.line_streets]
    select(
        state,
        [
            "take line",
            "take line",
            "take line",
            "take start",
            "take passengers",
            "take line",
            "take vrroomm",
            "take clock",
            "pass",
            "pass",
            "pass",
            "pass",
        ],
    )
    assert state.slots[0] == [green, purple, blue, purple]
    resolve_round(state, 1)
    assert powers(state, "line") == [(purple, "D", 0), (blue, "C", 1), (purple, "B", 2), (green, "A", 3)]
    built = [len(streets) - b for streets, b in zip(state.line_streets, before, strict=True)]
    assert built[purple] == 2 and built[blue] == 1 and built[green] == 3 and built[other] == 0
    order = [e.params["seat"] for e in events(state, "line_built")[-6:]]
    assert order == [blue, purple, purple, green, green, green]


def test_resolution_runs_top_to_bottom() -> None:
    """Linienausbau, Busse, Fahrgäste, Gebäude, Uhr, Brumm, Startspieler -- not in choosing order."""
    state = after_setup(3, 12)
    select(
        state,
        [
            "take start",
            "take vrroomm",
            "take clock",
            "take buildings",
            "take passengers",
            "take buses",
            "take line",
            "pass",
            "pass",
            "pass",
        ],
    )
    resolve_round(state, 1)
    keys = [
        e.key
        for e in state.log
        if e.key in ("marker_resolves", "no_power", "bus_bought", "time_stopped", "time_advanced", "start_player_taken")
    ]
    areas = []
    for e in state.log:
        if e.key in ("marker_resolves", "no_power"):
            areas.append(e.params["area"])
        elif e.key == "bus_bought":
            areas.append("buses")
        elif e.key in ("time_stopped", "time_advanced"):
            areas.append("clock")
        elif e.key == "start_player_taken":
            areas.append("start")
    assert keys
    assert areas == ["line", "buses", "passengers", "buildings", "clock", "vrroomm", "start"]


def test_passengers_and_vrroomm_resolve_from_slot_a_buildings_from_the_last_letter() -> None:
    state = after_setup(3, 13)
    a, b, c = (seat_after(state, k) for k in range(3))
    state.buses[c] = 3
    select(
        state,
        [
            "take passengers",
            "take passengers",
            "take buildings",
            "take buildings",
            "take buildings",
            "take passengers",
            "pass",
            "pass",
            "pass",
        ],
    )
    resolve_round(state, 1)
    assert powers(state, "passengers") == [(a, "A", 3), (b, "B", 2), (c, "C", 1)]
    assert powers(state, "buildings") == [(b, "C", 1), (a, "B", 2), (c, "A", 3)]
    assert [e.params["seat"] for e in events(state, "passenger_placed")] == [a, a, a, b, b, c]
    assert [e.params["seat"] for e in events(state, "building_built")[-6:]] == [b, a, a, c, c, c]


def test_five_players_add_one_to_line_expansion_only() -> None:
    """Linienausbau: with five players power + 1, and only there."""
    state = after_setup(5, 14)
    select(
        state,
        ["take line", "take passengers"]
        + ["take vrroomm"] * 3
        + ["take line"]
        + ["take passengers"]
        + ["take clock", "take start", "take buses"]
        + ["pass"] * 5,
    )
    resolve_round(state, 1)
    line_powers = [p for _, _, p in powers(state, "line")]
    assert line_powers == [1, 2]  # B: M - 1 + 1, A: M + 1 with M = 1
    assert [p for _, _, p in powers(state, "passengers")] == [2, 1]  # the bus came before: M = 2, no bonus


def test_a_bus_bought_this_round_raises_m_for_later_actions_only() -> None:
    state = after_setup(3, 15)
    a, b, c = (seat_after(state, k) for k in range(3))
    select(
        state,
        [
            "take buses",
            "take line",
            "take passengers",
            "take buildings",
            "take vrroomm",
            "take clock",
            "pass",
            "pass",
            "pass",
        ],
    )
    resolve_round(state, 1)
    assert state.buses[a] == 2
    assert powers(state, "line") == [(b, "A", 1)]
    assert powers(state, "passengers") == [(c, "A", 2)]
    assert powers(state, "buildings") == [(a, "A", 2)]


def test_vrroomm_power_does_not_shrink() -> None:
    """Brumm: every Vrroomm marker uses all of the player's buses again."""
    state = after_setup(3, 16)
    _a, _b, _c = (seat_after(state, k) for k in range(3))
    state.buses = [4, 4, 4]
    select(
        state,
        [
            "take vrroomm",
            "take vrroomm",
            "take vrroomm",
            "take vrroomm",
            "take vrroomm",
            "take vrroomm",
            "pass",
            "pass",
            "pass",
        ],
    )
    resolve_round(state, 1)
    assert [p for _, _, p in powers(state, "vrroomm")] == [4] * 6


def test_the_start_player_action_and_its_default() -> None:
    """Startspieler: the taker begins next round; untaken, the start bus moves on clockwise."""
    state = after_setup(4, 17)
    _a, _b, c, d = (seat_after(state, k) for k in range(4))
    select(
        state,
        ["take vrroomm", "take vrroomm", "take start", "take vrroomm"] * 1
        + ["take vrroomm", "take vrroomm", "take buses", "take clock"]
        + ["pass"] * 4,
    )
    resolve_round(state, 1)
    assert state.start_player == c and state.to_move == c
    select(state, ["take vrroomm"] * 6 + ["take buses", "take clock"] + ["pass"] * 4)
    resolve_round(state, 2)
    assert state.start_player == d
    assert events(state, "start_player_passes")[-1].params["seat"] == d


def test_a_sixth_bus_is_not_bought() -> None:
    """Busse: five buses per player; a marker on Buses then does nothing, and the log says so."""
    state = after_setup(3, 18)
    a = seat_after(state, 0)
    state.buses[a] = 5
    select(
        state,
        [
            "take buses",
            "take vrroomm",
            "take vrroomm",
            "take start",
            "take vrroomm",
            "take vrroomm",
            "pass",
            "pass",
            "pass",
        ],
    )
    resolve_round(state, 1)
    assert state.buses[a] == 5
    assert events(state, "bus_limit")[0].params == {"seat": a, "buses": 5}

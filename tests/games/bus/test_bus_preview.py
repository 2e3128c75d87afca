"""What a marker would do, said before it is placed (``preview.py``, ``labels.py``; issue 24): the
power of every slot (Bus: Schwindende Aktionskraft), where the next marker goes, and whether it
would be wasted -- in the view and in the legal actions' words, German and English."""

from __future__ import annotations

from typing import Any

import pytest
from bus_helpers import after_setup, lay_lines

from busbahnhof.games.bus import BusState
from busbahnhof.games.bus.actions import AREA_NAMES
from busbahnhof.games.bus.phases import SELECTION


def _choosing(state: BusState, seat: int, **slots: list[int]) -> BusState:
    """``state`` in action selection with ``seat`` to choose and the given markers on the board."""
    state.phase = SELECTION
    state.current = seat
    for area, taken in slots.items():
        state.slots[AREA_NAMES.index(area)] = taken
    state._legal = None
    return state


def _preview(state: BusState) -> dict[str, Any]:
    preview: dict[str, Any] = state.view(state.current)["state"]["preview"]
    return preview


def _labels(state: BusState, lang: str) -> dict[str, str]:
    catalog = state.game.catalog(lang)
    return {str(action): state.game.describe_legal(state, action, catalog) for action in state.legal_actions()}


def worked_example() -> BusState:
    """The rule document's example (Bus, "Beispiel"): "Vier Aktionsmarker liegen auf Linienausbau
    (A–D: grün, lila, blau, lila). Lila hat 2 Busse, Blau 3, Grün 1; M = 3." Green is seat 0,
    purple seat 1, blue seat 2; blue chooses next."""
    state = after_setup(players=3)
    state.buses = [1, 2, 3]
    return _choosing(state, 2, line=[0, 1, 2, 1])


def test_the_worked_example_gives_every_line_slot_its_power() -> None:
    """ "Lila auf D hat Kraft 3−3 = 0 und baut nichts, Blau auf C 3−2 = 1 Straße, Lilas zweiter
    Marker auf B 3−1 = 2 Straßen, Grün auf A 3 Straßen (S. 1)." The next marker would go on E with
    power 3−4 = −1: wasted, and said so."""
    preview = _preview(worked_example())
    assert preview["slot_powers"]["line"] == [3, 2, 1, 0, -1, -2]
    assert preview["selection"]["areas"]["line"] == {"slot": "E", "power": -1, "usable": 0, "reason": "no_power"}


@pytest.mark.parametrize(
    ("lang", "label"),
    [
        ("de", "Marker auf Linienausbau, Feld E (Kraft -1) – ⚠ verfällt: Kraft 0 oder weniger, es passiert nichts"),
        ("en", "marker on line expansion, slot E (power -1) – ⚠ wasted: power 0 or less, nothing happens"),
    ],
)
def test_the_label_names_slot_power_and_waste(lang: str, label: str) -> None:
    assert _labels(worked_example(), lang)["take line"] == label


@pytest.mark.parametrize(
    ("lang", "label"),
    [
        ("de", "Marker auf Fahrgäste, Feld A (Kraft 3)"),
        ("en", "marker on passengers, slot A (power 3)"),
    ],
)
def test_a_useful_marker_has_no_warning(lang: str, label: str) -> None:
    assert _labels(worked_example(), lang)["take passengers"] == label


def test_a_bus_bought_this_round_counts_for_passengers_and_buildings_but_not_for_line_expansion() -> None:
    """Bus: Busse -- "Hattest du die meisten Busse (oder gleich viele), steigt M sofort, was
    nachfolgende Aktionen dieser Runde beeinflusst"; Linienausbau has resolved before (notes 5)."""
    state = after_setup(players=3)
    state.buses = [2, 2, 1]
    preview = _preview(_choosing(state, 1, buses=[0]))
    assert preview["slot_powers"]["line"][:3] == [2, 1, 0]
    assert preview["slot_powers"]["passengers"][:3] == [3, 2, 1]
    assert preview["slot_powers"]["buildings"][:3] == [3, 2, 1]
    assert preview["selection"]["m_may_rise"] is False


def test_a_bus_bought_by_a_player_with_fewer_buses_leaves_m() -> None:
    state = after_setup(players=3)
    state.buses = [2, 2, 1]
    preview = _preview(_choosing(state, 0, buses=[2]))
    assert preview["slot_powers"]["passengers"][:2] == [2, 1]


def test_while_buses_is_free_m_may_still_rise() -> None:
    preview = _preview(_choosing(after_setup(players=3), 0))
    assert preview["selection"]["m_may_rise"] is True
    assert preview["slot_powers"]["passengers"][:2] == [1, 0]


def test_five_players_add_one_to_line_expansion_only() -> None:
    """Ruling 16: "zu fünft Kraft + 1, nur hier"; a slot with power 0 builds one street."""
    preview = _preview(_choosing(after_setup(players=5), 0, line=[1]))
    assert preview["slot_powers"]["line"][:3] == [2, 1, 0]
    assert preview["slot_powers"]["passengers"][:2] == [1, 0]
    assert preview["selection"]["areas"]["line"]["power"] == 1


def test_vrroomm_runs_every_bus_in_the_complete_edition_and_shrinks_in_1999() -> None:
    """Notes 3: "Vrroomm power does NOT shrink with later slots"; ruling 15: 1999 slot a M buses,
    b M-1, ..., at most the own buses."""
    complete = after_setup(players=3)
    complete.buses = [3, 1, 2]
    assert _preview(_choosing(complete, 2, vrroomm=[0, 1]))["slot_powers"]["vrroomm"] == [3, 1, 2, 2, 2, 2]
    old = after_setup(players=3, edition="1999")
    old.buses = [3, 1, 2]
    assert _preview(_choosing(old, 2, vrroomm=[0, 1]))["slot_powers"]["vrroomm"] == [3, 1, 1, 0, -1, -2]


@pytest.mark.parametrize(("lang", "label"), [("de", "1 Bus fährt"), ("en", "1 bus runs")])
def test_a_vrroomm_label_counts_the_buses_in_singular(lang: str, label: str) -> None:
    state = _choosing(after_setup(players=3), 0)
    assert label in _labels(state, lang)["take vrroomm"]


def test_a_sixth_bus_is_wasted() -> None:
    """Ruling 9: a player with five buses may take Busse, and nothing happens."""
    state = after_setup(players=3)
    state.buses = [5, 1, 1]
    area = _preview(_choosing(state, 0))["selection"]["areas"]["buses"]
    assert area == {"slot": "A", "power": None, "usable": 0, "reason": "bus_limit"}
    state.buses = [4, 1, 1]
    assert _preview(_choosing(state, 0))["selection"]["areas"]["buses"] == {"slot": "A", "power": None}


def test_line_expansion_without_line_markers_or_streets_is_wasted() -> None:
    state = _choosing(after_setup(players=3), 0)
    state.line_markers_left[0] = 0
    assert _preview(state)["selection"]["areas"]["line"]["reason"] == "no_line_markers"
    lay_lines(state, {0: [11, 4, 10, 11]})  # a loop whose both ends are at 11: both its streets are taken
    state = _choosing(state, 0)
    assert _preview(state)["selection"]["areas"]["line"]["reason"] == "no_street"


def test_fewer_line_markers_than_power_use_only_some() -> None:
    state = after_setup(players=3)
    state.buses = [3, 1, 1]
    state = _choosing(state, 0)
    state.line_markers_left[0] = 2
    assert _preview(state)["selection"]["areas"]["line"] == {
        "slot": "A",
        "power": 3,
        "usable": 2,
        "reason": "few_line_markers",
    }
    assert _labels(state, "de")["take line"].endswith("nur 2 Straßen: du hast noch 2 Linienmarker")


def test_passengers_run_short_for_a_later_slot() -> None:
    """Fahrgäste: slot A acts first and takes from the supply first; "solange Vorrat da ist"."""
    state = after_setup(players=3)
    state.buses = [3, 1, 1]
    state.supply = 4
    state = _choosing(state, 1, passengers=[0])  # A takes 3 of 4
    assert _preview(state)["selection"]["areas"]["passengers"] == {
        "slot": "B",
        "power": 2,
        "usable": 1,
        "reason": "few_passengers",
    }
    assert _labels(state, "en")["take passengers"].endswith(
        "only 1 passenger: no more are left in the supply for this slot"
    )
    state.supply = 3
    assert _preview(state)["selection"]["areas"]["passengers"]["reason"] == "supply_empty"


def test_buildings_use_the_free_lots() -> None:
    state = after_setup(players=3)
    state.buses = [2, 1, 1]
    state.zone_free = [0, 0, 0, 1]
    area = _preview(_choosing(state, 0))["selection"]["areas"]["buildings"]
    assert area == {"slot": "A", "power": 2, "usable": 1, "reason": "few_lots"}


def test_vrroomm_with_no_building_of_the_clocks_type_on_the_line_is_wasted() -> None:
    """Bus: Brumm needs "ein leeres Gebäude des gesuchten Typs an deiner Linie"; the clock resolves
    before Brumm and shows the current type (stopped) or the next (advanced)."""
    state = after_setup(players=3)
    lay_lines(state, {0: [0, 1]})
    state.building = [-1] * len(state.building)
    state = _choosing(state, 0)
    assert _preview(state)["selection"]["areas"]["vrroomm"]["reason"] == "no_building"
    assert "kein Gebäude vom Typ Haus oder Büro" in _labels(state, "de")["take vrroomm"]
    lot = state.board.lots_at[1][0]
    state.building[lot] = (state.clock + 1) % 3
    assert "reason" not in _preview(state)["selection"]["areas"]["vrroomm"]


def test_the_preview_is_only_for_action_selection() -> None:
    state = after_setup(players=3)
    state.apply("take line", seat=state.to_move)
    assert _preview(state)["selection"] is not None
    while state.phase_name() == "selection":
        state.apply(state.legal_actions()[-1], seat=state.to_move)
    assert _preview(state)["selection"] is None


@pytest.mark.parametrize(
    ("lang", "left", "label"),
    [
        ("de", 1, "aussteigen (1 Aktionsmarker bleibt für spätere Runden)"),
        ("de", 7, "aussteigen (7 Aktionsmarker bleiben für spätere Runden)"),
        ("en", 1, "pass (1 action marker stays for later rounds)"),
        ("en", 7, "pass (7 action markers stay for later rounds)"),
    ],
)
def test_passing_says_what_stays_for_later(lang: str, left: int, label: str) -> None:
    state = _choosing(after_setup(players=3), 0)
    state.placed[0] = 2
    state.markers[0] = left
    assert _labels(state, lang)["pass"] == label


@pytest.mark.parametrize(
    ("lang", "stones", "stop", "advance"),
    [
        ("de", 3, "Zeit anhalten (−1 Punkt; dann noch 2 Zeitsteine)", "Uhr weiterstellen: Haus → Büro"),
        ("de", 1, "Zeit anhalten mit dem letzten Zeitstein (−1 Punkt; das Spiel endet sofort)", None),
        (
            "en",
            3,
            "stop time (−1 point; 2 time stones left then)",
            "advance the clock: house → office",
        ),
        ("de", 2, "Zeit anhalten (−1 Punkt; dann noch 1 Zeitstein)", None),
        ("en", 1, "stop time with the last time stone (−1 point; the game ends at once)", None),
    ],
)
def test_the_clock_choice_says_what_it_costs(lang: str, stones: int, stop: str, advance: str | None) -> None:
    state = after_setup(players=3)
    seat = state.to_move
    state.apply("take clock", seat=seat)
    while state.phase_name() != "clock":
        state.apply(state.legal_actions()[-1], seat=state.to_move)
    state.stones_left = stones
    labels = _labels(state, lang)
    assert labels["clock stop"] == stop
    if advance:
        assert labels["clock advance"] == advance


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("de", "Spieler 1 befördert einen Fahrgast von Bahnhof 10 zu Bauplatz 3 (Kreuzung 2) (Wertungsleiste 1)."),
        ("en", "Player 1 carries a passenger from station 10 to lot 3 (intersection 2) (score track 1)."),
    ],
)
def test_a_station_is_named_as_on_the_map(lang: str, text: str) -> None:
    catalog = after_setup(players=3).game.catalog(lang)
    assert catalog.text("delivered", seat=0, source=10, lot=3, score=1) == text


def test_an_area_carried_out_shows_no_power_any_more() -> None:
    """Once Busse has raised M, Linienausbau's powers of this round would read wrong: an area
    carried out keeps none; the areas still to come show theirs."""
    state = after_setup(players=3)
    first = state.to_move
    state.apply("take line", seat=first)
    state.apply("take buses", seat=state.to_move)
    while state.phase_name() == "selection":
        state.apply("take passengers" if state.placed[state.to_move] < 2 else "pass", seat=state.to_move)
    assert _preview(state)["slot_powers"]["line"][0] == 1
    while state.phase_name() == "line":
        state.apply(state.legal_actions()[0], seat=state.to_move)
    powers = _preview(state)["slot_powers"]
    assert powers["line"] == [None] * 6
    assert powers["passengers"][0] == 2


@pytest.mark.parametrize(
    ("lang", "buses", "label"),
    [
        ("de", [2, 2, 1], "Marker auf Busse: du hast die meisten Busse, M steigt auf 3"),
        ("en", [2, 2, 1], "marker on buses: you have the most buses, M rises to 3"),
        ("de", [1, 2, 1], "Marker auf Busse"),
        ("en", [5, 5, 1], "marker on buses – ⚠ wasted: you already have 5 buses"),
    ],
)
def test_a_bus_says_when_it_raises_m(lang: str, buses: list[int], label: str) -> None:
    """Bus: Busse -- "Hattest du die meisten Busse (oder gleich viele), steigt M sofort"."""
    state = after_setup(players=3)
    state.buses = buses
    assert _labels(_choosing(state, 0), lang)["take buses"] == label

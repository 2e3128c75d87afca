"""Rules audit: line-building exceptions and loops, action power, Vrroomm maximum, the first street.

Each table row is one position and what the rules allow there; the rule is quoted in the test's
docstring.  Lines are laid by hand (``lay_lines``); seat 0 is the player whose options are checked.
"""

from __future__ import annotations

import pytest
from bus_helpers import after_setup, events, lay_lines, legal_texts, new_game, seat_after, select

from busbahnhof.engine import IllegalActionError, Rng, load_game
from busbahnhof.games.bus import Bus, BusState
from busbahnhof.games.bus.actions import HOUSE, PASS, line
from busbahnhof.games.bus.lines import extend, line_moves, marked_ends


def moves(state: BusState, seat: int = 0) -> set[str]:
    return {str(move) for move in line_moves(state, seat)}


LINE_CASES = [
    pytest.param(
        {0: [8, 14, 15]},
        {"line 15-16", "line 15-21", "line 8-1", "line 8-2", "line 8-7"},
        id="only-the-two-ends-never-the-middle",
    ),
    pytest.param(
        {0: [8, 14, 15], 1: [16, 15, 21]},
        {"line 15-16", "line 15-21", "line 8-1", "line 8-2", "line 8-7"},
        id="exception-1-per-end-no-free-street-at-15-any-occupied",
    ),
    pytest.param(
        {0: [8, 14, 15], 1: [16, 15, 21], 2: [1, 8, 2]},
        {"line 15-16", "line 15-21", "line 8-7"},
        id="free-street-duty-judged-at-each-end-separately",
    ),
    pytest.param(
        {0: [14, 20, 21], 2: [26, 21, 27], 1: [33, 21]},
        {"line 21-15", "line 21-22", "line 21-33", "line 14-8", "line 14-9", "line 14-13", "line 14-15"},
        id="exception-2-other-end-at-21-its-end-street-only",
    ),
    pytest.param(
        {0: [14, 20, 21], 2: [26, 21, 27]},
        {"line 21-15", "line 21-22", "line 21-33", "line 14-8", "line 14-9", "line 14-13", "line 14-15"},
        id="a-line-passing-through-opens-no-exception",
    ),
    pytest.param(
        {0: [14, 20, 21], 1: [21, 22, 16, 15, 21]},
        {"line 21-26", "line 21-27", "line 21-33", "line 21-22", "line 21-15"}
        | {"line 14-8", "line 14-9", "line 14-13", "line 14-15"},
        id="exception-2-both-ends-of-another-players-closed-loop",
    ),
    pytest.param(
        {0: [21, 22, 16, 15, 21], 1: [20, 21, 26]},
        {"line 21-27", "line 21-33"},
        id="own-closed-loop-two-ends-at-21-no-exception-from-itself",
    ),
    pytest.param(
        {0: [21, 22, 16, 15, 21], 1: [20, 21, 26], 2: [27, 21, 33]},
        {"line 21-20", "line 21-26", "line 21-27", "line 21-33"},
        id="own-closed-loop-without-free-street-exception-1",
    ),
    pytest.param(
        {0: [13, 14, 15, 21, 20, 14]},
        {"line 14-8", "line 14-9", "line 13-5", "line 13-7", "line 13-12", "line 13-20"},
        id="marked-end-at-14-may-cross-never-doubles-a-street",
    ),
]


@pytest.mark.parametrize(("paths", "expected"), LINE_CASES)
def test_line_expansion_table(paths: dict[int, list[int]], expected: set[str]) -> None:
    """Bus: Linienausbau -- "Jeden Marker setzt du, wenn möglich, auf eine freie Straße; sonst ist
    egal, wie viele fremde Linien dort sind.  Ausnahme: Endet deine Linie an derselben Kreuzung wie
    eine fremde, aus anderer Richtung, darfst du für eine Straße neben ihr weiterbauen"; only from
    the two ends; never two own markers on one street; crossing itself is allowed."""
    state = after_setup(3, 0)
    lay_lines(state, paths)
    assert moves(state) == expected


def test_loop_marker_stays_until_a_later_extension_makes_the_end_clear() -> None:
    """Schleife: "Beide Enden bleiben bestehen; markiere das Ende, das einen anderen Teil deiner Linie
    berührt ... bis es eindeutig weiterverlängert wurde"; 1999: "An diesem Ort kann wegen der 2
    Linienenden in 2 Richtungen gleichzeitig weitergebaut werden"."""
    state = after_setup(3, 0)
    lay_lines(state, {0: [14, 15, 21, 20]})
    extend(state, 0, line(20, 14))
    assert state.line_nodes[0] == [14, 15, 21, 20, 14] and marked_ends(state.line_nodes[0]) == [14]
    extend(state, 0, line(14, 13))  # one of the two ends at 14
    assert marked_ends(state.line_nodes[0]) == [14]
    assert "line 14-13" not in moves(state) and {"line 14-8", "line 14-9"} <= moves(state)
    extend(state, 0, line(14, 8))  # the other end at 14: both ends are clear now
    assert state.line_nodes[0] == [8, 14, 15, 21, 20, 14, 13]
    assert marked_ends(state.line_nodes[0]) == []
    assert {m.split()[1].split("-")[0] for m in moves(state)} == {"8", "13"}
    assert "line 14-9" not in moves(state)  # 14 is no end any more


@pytest.mark.parametrize(
    ("edition", "free_only"),
    [("complete", False), ("1999", True)],
)
def test_first_street(edition: str, free_only: bool) -> None:
    """Aufbau: CE "einen Linienmarker auf eine beliebige Straße"; 1999: "bauen alle Spieler je 2
    Stäbchen als Buslinien-Beginn (Linienerweiterungs-Regeln beachten)", so a free street there."""
    state = new_game(3, 0, edition=edition)
    while state.phase_name() != "setup_first_line":
        state.apply(state.legal_actions()[0])
    state.apply("line 14-15", seat=state.to_move)
    second = set(legal_texts(state))
    assert ("line 14-15" not in second) is free_only
    assert len(second) == 70 - (1 if free_only else 0)


def line_round(players: int, buses: int, **options: object) -> BusState:
    """Every Linienausbau slot filled (A-F), then Fahrgäste, then everyone passes."""
    state = after_setup(players, 30, **options)
    state.buses = [buses] * players
    takes = ["take line"] * 6 + ["take passengers"] * max(0, 2 * players - 6)
    select(state, takes + ["pass"] * players)
    return state


def resolved_powers(state: BusState, area: str) -> list[tuple[str, int]]:
    return [
        (e.params["slot"], e.params["power"])
        for e in state.log
        if e.key in ("marker_resolves", "no_power") and e.params["area"] == area
    ]


@pytest.mark.parametrize(
    ("options", "five_player_bonus"),
    [({}, True), ({"edition": "1999"}, False), ({"edition": "1999", "complete_line_bonus": True}, True)],
    ids=["complete", "1999", "1999-complete-line-bonus"],
)
@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("buses", [1, 3, 5])
def test_power_table(players: int, buses: int, options: dict[str, object], five_player_bonus: bool) -> None:
    """Schwindende Aktionskraft: "Feld A führt die Aktion M-mal aus, B M−1-mal, C M−2-mal usw.; ist
    die Kraft 0 oder weniger, passiert nichts"; Linienausbau "zu fünft Kraft + 1, nur hier" (not in
    the 1999 short rules, ruling 14, unless ``complete_line_bonus``); slot A of Linienausbau lies on
    the right (F acts first), Fahrgäste from A."""
    state = line_round(players, buses, **options)
    before = sum(len(streets) for streets in state.line_streets)
    while not state.is_over and state.round == 1:
        state.apply(state.legal_actions()[0])
    bonus = 1 if players == 5 and five_player_bonus else 0
    line_powers = [buses - slot + bonus for slot in range(5, -1, -1)]
    assert resolved_powers(state, "line") == list(zip("FEDCBA", line_powers, strict=True))
    built = sum(len(streets) for streets in state.line_streets) - before
    forfeited = sum(e.params["left"] for e in events(state, "nothing_possible") if e.params["area"] == "line")
    assert built == sum(power for power in line_powers if power > 0) - forfeited
    passengers = 2 * players - 6
    assert resolved_powers(state, "passengers") == [("ABCDEF"[s], buses - s) for s in range(passengers)]
    assert all(e.params["power"] <= 0 for e in events(state, "no_power"))


def vrroomm_round(players: int, buses: int, **options: object) -> BusState:
    """Every Vrroomm slot filled (A-F), then Fahrgäste, then everyone passes; round 1 resolved."""
    state = after_setup(players, 30, **options)
    state.buses = [buses] * players
    takes = ["take vrroomm"] * 6 + ["take passengers"] * max(0, 2 * players - 6)
    select(state, takes + ["pass"] * players)
    while not state.is_over and state.round == 1:
        state.apply(state.legal_actions()[0])
    return state


@pytest.mark.parametrize(
    ("options", "shrinks"),
    [({}, False), ({"edition": "1999"}, True), ({"edition": "1999", "complete_vrroomm": True}, False)],
    ids=["complete", "1999", "1999-complete-vrroomm"],
)
@pytest.mark.parametrize("buses", [1, 3, 5])
def test_vrroomm_power_table(buses: int, options: dict[str, object], shrinks: bool) -> None:
    """Brumm: every bus on every marker (Complete Edition, notes 3).  1999 (ruling 15): "Busfahren
    (aktuelle Maximal-Buszahl beachten)" and "jeder der nachfolgenden Spieler dann immer 1 Teil
    weniger": slot a runs M buses, b M-1, ...; 0 or less runs none (``complete_vrroomm``: all)."""
    state = vrroomm_round(4, buses, **options)
    expected = [("ABCDEF"[slot], buses - slot if shrinks else buses) for slot in range(6)]
    assert resolved_powers(state, "vrroomm") == expected
    assert all(e.params["power"] <= 0 for e in events(state, "no_power"))
    assert sum(state.deliveries) <= sum(max(0, power) for _, power in expected)


def vrroomm_position(buses: int, waiting: int, houses: int) -> tuple[BusState, int]:
    """Seat ``a`` runs 8-14-15-21 with ``buses`` buses; ``waiting`` passengers stand at 8 and
    ``houses`` empty houses stand on the line (one more off it, at 2); the hand shows the house and
    the clock is stopped, so nobody steps in."""
    state = after_setup(3, 21)
    a = state.start_player
    state.building = [-1] * state.board.lots
    state.occupied = [False] * state.board.lots
    state.standing = [0] * state.board.intersections
    state.clock = HOUSE
    lay_lines(state, {a: [8, 14, 15, 21], (a + 1) % 3: [0, 1], (a + 2) % 3: [33, 34]})
    lots_on_line = [lot for node in (14, 15, 21) for lot in state.board.lots_at[node]]
    for lot in lots_on_line[:houses]:
        state.building[lot] = HOUSE
    state.building[state.board.lots_at[2][0]] = HOUSE
    state.standing[8] = waiting
    state.standing[1] = 1  # off the line
    state.buses[a] = buses - 1  # a buys the last one this round, before Vrroomm
    select(
        state, ["take vrroomm", "take clock", "take start", "take buses", "take vrroomm", "take vrroomm"] + ["pass"] * 3
    )
    state.apply("clock stop")
    return state, a


@pytest.mark.parametrize("pick", [0, -1], ids=["first-choice", "last-choice"])
@pytest.mark.parametrize(
    ("buses", "waiting", "houses"),
    [(1, 3, 3), (2, 3, 3), (3, 2, 4), (3, 4, 2), (5, 4, 6), (2, 0, 3), (2, 3, 0)],
)
def test_vrroomm_carries_as_many_as_possible(buses: int, waiting: int, houses: int, pick: int) -> None:
    """Brumm: every bus carries at most one passenger; as many as possible must be carried, the
    player only chooses which (notes 3); there is no way to stop early."""
    state, a = vrroomm_position(buses, waiting, houses)
    while state.phase_name() == "vrroomm" and state.to_move == a:
        assert PASS not in state.legal_actions()
        state.apply(state.legal_actions()[pick])
    assert state.deliveries[a] == min(buses, waiting, houses)
    assert state.standing[1] == 1  # never the passenger off the line
    assert not state.occupied[state.board.lots_at[2][0]]  # never the house off the line


def test_round_begins_names_who_chooses_first() -> None:
    """Aktionen wählen: a start player without markers takes no part; the next seat begins."""
    state = after_setup(3, 2)
    b, c = seat_after(state, 1), seat_after(state, 2)
    state.markers[b] = 2
    select(state, ["take vrroomm"] * 6 + ["pass"] * 2)
    while state.round == 1:
        state.apply(state.legal_actions()[0])
    assert state.start_player == b and state.markers[b] == 0
    assert events(state, "round_begins")[-1].params == {"round": 2, "seat": c}
    assert state.to_move == c


@pytest.mark.parametrize(
    ("buses", "waiting", "houses", "reason", "german"),
    [
        (2, 0, 3, "no_passenger", "kein wartender Fahrgast (außerhalb der Gebäude) an der Linie"),
        (2, 3, 0, "no_building", "kein leeres Gebäude des gesuchten Typs an der Linie"),
    ],
)
def test_a_skipped_vrroomm_says_why(buses: int, waiting: int, houses: int, reason: str, german: str) -> None:
    """Notes 13: decisions without an alternative are skipped, so the log says why."""
    state, a = vrroomm_position(buses, waiting, houses)
    skipped = next(e for e in events(state, "nothing_possible") if e.params["seat"] == a)
    assert skipped.params == {"seat": a, "area": "vrroomm", "left": buses, "reason": reason}
    text = state.game.catalog("de", ["Anna", "Ben", "Carla"]).render(skipped)
    assert german in text and "Brumm" in text


def test_a_line_without_a_street_at_either_end_says_why() -> None:
    """Linienausbau: a line whose both ends have only own streets can grow no more."""
    state = after_setup(3, 0)
    a = state.start_player
    lay_lines(state, {a: [0, 1, 7, 6, 0, 5, 6]})
    state.buses[a] = 2
    select(state, ["take line", "take vrroomm", "take vrroomm", "take vrroomm", "take vrroomm", "take vrroomm"])
    select(state, ["pass"] * 3)
    skipped = next(e for e in events(state, "nothing_possible") if e.params["area"] == "line")
    assert skipped.params == {"seat": a, "area": "line", "left": 2, "reason": "no_street"}
    assert state.line_nodes[a] == [0, 1, 7, 6, 0, 5, 6]


def line_marker_round(paths: dict[int, list[int]]) -> tuple[BusState, int]:
    """Seat 0 (made the start player) resolves a Linienausbau marker with power 2 on ``paths``."""
    state = after_setup(3, 0)
    state.start_player = 0
    state.current = 0
    lay_lines(state, paths)
    state.buses[0] = 2
    select(state, ["take line", "take vrroomm", "take vrroomm", "take vrroomm", "take vrroomm", "take vrroomm"])
    select(state, ["pass"] * 3)
    assert state.phase_name() == "line" and state.to_move == 0
    return state, 0


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("line 8-20", "there is no street between 8 and 20"),
        ("line 14-13", "14 is not an end of your line (its ends are 8 and 15)"),
        ("line 15-14", "your line already has a marker on the street 15-14"),
        ("line 8-1", "the end at 8 still has a free street (8-7), so 8-1 (occupied) is not allowed"),
    ],
)
def test_an_illegal_street_is_explained(text: str, message: str) -> None:
    """Bad input says what was wrong and which rule forbids it, and changes nothing."""
    state, seat = line_marker_round({0: [8, 14, 15], 1: [16, 15, 21], 2: [1, 8, 2]})
    before = (list(state.line_nodes[seat]), list(state.street_players))
    with pytest.raises(IllegalActionError, match="Linienausbau") as error:
        state.apply(text, seat=seat)
    assert message in str(error.value)
    assert (state.line_nodes[seat], state.street_players) == before


def check_invariants(state: BusState) -> None:
    """What the rules keep true at every moment of a game."""
    board = state.board
    players = state.players
    for seat in range(players):
        nodes, streets = state.line_nodes[seat], state.line_streets[seat]
        assert len(nodes) == len(streets) + 1 or (not nodes and not streets)
        # a chain a bus can drive: consecutive intersections joined by the listed street ...
        for index, street in enumerate(streets):
            assert {nodes[index], nodes[index + 1]} == set(board.streets[street])
        # ... with every street once (never two own markers on a street)
        assert len(set(streets)) == len(streets)
        assert state.own_streets[seat] == sum(1 << street for street in streets)
        assert state.touches[seat] == sum(1 << node for node in set(nodes))
        assert state.line_markers_left[seat] + len(streets) == 25
        assert state.markers[seat] + state.markers_used[seat] == 20
        assert 1 <= state.buses[seat] <= 5
    for street, on in enumerate(state.street_players):
        assert sorted(on) == [seat for seat in range(players) if state.own_streets[seat] >> street & 1]
    # 15 passengers: standing, inside buildings, or in the supply
    assert sum(state.standing) + sum(state.occupied) + state.supply == 15
    assert all(state.building[lot] >= 0 for lot in range(board.lots) if state.occupied[lot])
    assert state.free_lots() == sum(1 for kind in state.building if kind < 0)
    assert sum(state.stones) + state.stones_left == state.rules.time_stones(players)


@pytest.mark.parametrize("preset", list(Bus.presets))
@pytest.mark.parametrize("players", [3, 4, 5])
def test_rules_invariants_hold_through_random_games(preset: str, players: int) -> None:
    """Random games under every preset: lines stay chains without a doubled street, passengers,
    markers, lots and time stones are all accounted for, and a clone is an equal twin."""
    game = load_game("bus", **Bus.presets[preset])
    for seed in range(6):
        state = game.new_state(players, seed)
        assert isinstance(state, BusState)
        rng = Rng(seed)
        while not state.is_over:
            check_invariants(state)
            twin = state.clone()
            action = rng.pick(state.legal_actions())
            state.apply(action)
            twin.apply(action)
            assert twin.line_nodes == state.line_nodes and twin.deliveries == state.deliveries
        check_invariants(state)


@pytest.mark.parametrize(
    ("edition", "text", "message"),
    [
        ("complete", "line 14-9", "the first street is written from its lower intersection: line 9-14"),
        ("1999", "line 15-14", "the first street is written from its lower intersection: line 14-15"),
        ("1999", "line 14-15", "in the 1999 rules the first street goes on a free street"),
    ],
)
def test_an_illegal_first_street_is_explained(edition: str, text: str, message: str) -> None:
    state = new_game(3, 0, edition=edition)
    while state.phase_name() != "setup_first_line":
        state.apply(state.legal_actions()[0])
    state.apply("line 14-15", seat=state.to_move)
    with pytest.raises(IllegalActionError, match="Linienausbau") as error:
        state.apply(text, seat=state.to_move)
    assert message in str(error.value)


def test_a_forced_delivery_is_logged_in_words() -> None:
    """Notes 13: a decision without alternative is made by the engine and the log says so."""
    state, a = vrroomm_position(1, 1, 1)
    forced = events(state, "forced")[-1]
    lot = state.board.lots_at[14][0]
    assert forced.params == {"seat": a, "action": f"deliver 8 {lot}"}
    names = ["Anna", "Ben", "Carla"]
    german = state.game.catalog("de", names).render(forced)
    assert (
        german == f"{names[a]} hatte nur eine mögliche Aktion: "
        f"Fahrgast von Kreuzung 8 zu Bauplatz {lot} (Kreuzung 14) befördern"
    )


@pytest.mark.parametrize(
    ("case", "message"),
    [
        ("off-line-source", "no passenger of yours waits at 1: it is not on your line"),
        ("nobody-there", "nobody waits at 15"),
        ("off-line-lot", "is not on your line"),
        ("no-building", "has no building"),
        ("full", "is already taken"),
    ],
)
def test_an_illegal_delivery_is_explained(case: str, message: str) -> None:
    """Brumm: bad input says which condition fails and changes nothing."""
    state, a = vrroomm_position(2, 3, 3)
    board = state.board
    house_on_line = board.lots_at[14][0]
    texts = {
        "off-line-source": f"deliver 1 {house_on_line}",
        "nobody-there": f"deliver 15 {house_on_line}",
        "off-line-lot": f"deliver 8 {board.lots_at[2][0]}",
        "no-building": f"deliver 8 {board.lots_at[8][0]}",
        "full": f"deliver 8 {house_on_line}",
    }
    if case == "full":
        state.apply(f"deliver 8 {house_on_line}", seat=a)
    standing = list(state.standing)
    with pytest.raises(IllegalActionError, match="Brumm") as error:
        state.apply(texts[case], seat=a)
    assert message in str(error.value)
    assert state.standing == standing

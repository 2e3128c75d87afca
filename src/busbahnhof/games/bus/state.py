"""A Bus game in progress: setup, action selection, resolution in board order, the ends.

The state is plain lists and ints indexed by seat, street, intersection and lot.  Play moves
through a queue of *entries* (a seat acting for one marker, or one setup step); each entry
gives its seat ``left`` executions, one decision each.  :meth:`BusState._settle` runs the
engine until a real decision: entries without a choice are applied and logged (``forced``),
entries that can do nothing are skipped and logged.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import repeat
from typing import TYPE_CHECKING, Any

from ...engine import Action, GameError, Outcome, Rng, State
from .actions import (
    AREA_NAMES,
    AREA_SLOTS,
    BUILDINGS,
    BUSES,
    CLOCK,
    CLOCK_ADVANCE,
    CLOCK_STOP,
    LINE,
    PASS,
    PASSENGERS,
    RIGHT_TO_LEFT,
    SLOT_LETTERS,
    START,
    TAKES,
    VRROOMM,
    Build,
    Clock,
    Deliver,
    Line,
    Pass,
    Passenger,
    Take,
)
from .board import Board
from .legal import building_moves, delivery_moves, explain, nothing_reason
from .lines import LINE_MARKERS, extend, first_street_moves, line_moves
from .passengers import step_out_and_in, take_rider
from .phases import OVER, PHASE_NAMES, SELECTION, SETUP_BUILDINGS, SETUP_FIRST_LINE, SETUP_SECOND_LINE
from .rules import ACTION_MARKERS, MAX_BUSES, MIN_MARKERS_PER_ROUND, PASSENGERS_TOTAL, Rules
from .view import build_view

if TYPE_CHECKING:
    from .game import Bus

NO_SEAT = -1
CLOCK_CHOICES = (CLOCK_STOP, CLOCK_ADVANCE)
CLOCKWISE = {n: tuple(tuple((seat + step) % n for step in range(1, n + 1)) for seat in range(n)) for n in range(1, 6)}
"""Players (Bus: 3 to 5) -> seat -> the seats after it clockwise, itself last."""


def _selection_table() -> tuple[tuple[tuple[Action, ...], tuple[Action, ...]], ...]:
    """Bus: Aktionen wählen -- the selection moves for every set of full areas (a bit per area):
    a marker on each other area, and pass for a seat with two markers placed (second entry) or
    when every area is full."""
    table = []
    for full in range(1 << len(AREA_NAMES)):
        takes = tuple(take for take in TAKES if not full >> take.area & 1)
        table.append((takes or (PASS,), (*takes, PASS)))
    return tuple(table)


SELECTION_MOVES = _selection_table()
"""Full areas (``BusState.full_areas``) -> (moves before two markers are placed, moves after)."""


class BusState(State["Bus"]):
    """One game of Bus (see the package docstring for the rule sections)."""

    board: Board
    rules: Rules

    def __init__(self, game: Bus, players: int, seed: int) -> None:
        super().__init__(game, players, seed)
        board = game.board
        self.board = board
        self.rules = game.rules
        self.phase = SETUP_BUILDINGS
        self.current = NO_SEAT
        self.round = 0
        self.start_player = self.rng.below(players)
        self.clock = 0
        self.stones_left = self.rules.time_stones(players)
        self.stones = [0] * players
        self.deliveries = [0] * players
        self.reached = [0] * players
        self.stamp = 0
        self.buses = [1] * players
        self.markers = [ACTION_MARKERS] * players
        self.markers_used = [0] * players
        self.placed = [0] * players
        self.passed = [False] * players
        self.slots: list[list[int]] = [[] for _ in AREA_NAMES]
        self.full_areas = 0  # a bit per action area whose slots are all taken, kept as markers go on
        self.line_nodes: list[list[int]] = [[] for _ in range(players)]
        self.line_streets: list[list[int]] = [[] for _ in range(players)]
        self.own_streets = [0] * players
        self.touches = [0] * players
        self.street_players: list[tuple[int, ...]] = [()] * len(board.streets)
        self.line_markers_left = [LINE_MARKERS] * players
        self.building = [-1] * board.lots
        self.occupied = [False] * board.lots
        self.zone_free = [len(lots) for lots in board.zone_lots]
        self.standing = [0] * board.intersections
        for node in board.start_intersections:
            self.standing[node] += 1
        self.supply = PASSENGERS_TOTAL - len(board.start_intersections)
        self.queue: list[tuple[int, int, int]] = []
        self.qpos = 0
        self.area = SETUP_BUILDINGS
        self.slot = -1
        self.power = 0
        self.left = 0
        self.markers_per_round: list[int] = []
        self.end_reason: str | None = None
        self._setup_queue()
        self._settle()

    # -- protocol ----------------------------------------------------------------------------

    @property
    def to_move(self) -> int | None:
        return None if self.phase == OVER else self.current

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    def _legal_actions(self) -> Sequence[Action]:
        return self._choices()

    def _apply(self, action: Action) -> None:
        self._perform(action)
        self._settle()

    def _explain_illegal(self, action: Action) -> GameError:
        return explain(self, action)

    def _view(self, seat: int | None) -> dict[str, Any]:
        return build_view(self)

    def dynamic_view(self, seat: int | None) -> dict[str, Any]:
        """The view without the board and the streets' and lots' static fields, built without them."""
        return build_view(self, static=False)

    def determinize(self, seat: int | None, rng: Rng) -> BusState:
        """Bus hides nothing once set up (the start player is drawn in public): a clone."""
        return self.clone()

    def outcome(self) -> Outcome:
        """Score = deliveries - time stones; ties: more time stones, then who reached the tied
        position on the score track first (lowest disc in the stack) (Bus: Spielende und Wertung)."""
        if self.phase != OVER:
            raise GameError("the game is not over yet; there is no outcome", key="error.not_over")
        scores = tuple(self.deliveries[seat] - self.stones[seat] for seat in range(self.players))
        ranking = {seat: (scores[seat], self.stones[seat], -self.reached[seat]) for seat in range(self.players)}
        best = max(ranking.values())
        winners = tuple(seat for seat in range(self.players) if ranking[seat] == best)
        return Outcome(
            points=scores,
            winners=winners,
            details={
                "deliveries": list(self.deliveries),
                "time_stones": list(self.stones),
                "reached_at": list(self.reached),
                "end": self.end_reason,
            },
        )

    def clone(self) -> BusState:
        """An independent copy: the shared parts are immutable, every list is copied."""
        twin = BusState.__new__(BusState)
        twin.__dict__.update(self.__dict__)
        twin.rng = self.rng.copy()
        twin.history = self.history.copy()
        twin.log = self.log.copy()
        twin.stones = self.stones.copy()
        twin.deliveries = self.deliveries.copy()
        twin.reached = self.reached.copy()
        twin.buses = self.buses.copy()
        twin.markers = self.markers.copy()
        twin.markers_used = self.markers_used.copy()
        twin.placed = self.placed.copy()
        twin.passed = self.passed.copy()
        twin.slots = [slots.copy() for slots in self.slots]
        twin.line_nodes = [nodes.copy() for nodes in self.line_nodes]
        twin.line_streets = [streets.copy() for streets in self.line_streets]
        twin.own_streets = self.own_streets.copy()
        twin.touches = self.touches.copy()
        twin.street_players = self.street_players.copy()
        twin.line_markers_left = self.line_markers_left.copy()
        twin.building = self.building.copy()
        twin.occupied = self.occupied.copy()
        twin.zone_free = self.zone_free.copy()
        twin.standing = self.standing.copy()
        twin.queue = self.queue.copy()
        twin.markers_per_round = self.markers_per_round.copy()
        return twin

    # -- information for views and bots ---------------------------------------------------------

    def phase_name(self) -> str:
        """The phase as a word (see view.py)."""
        return PHASE_NAMES[self.phase]

    def slot_count(self, area: int) -> int:
        """How many slots the area has (Bus: Aktionen wählen)."""
        return AREA_SLOTS[area]

    def decision_info(self) -> dict[str, Any] | None:
        """Who decides what now (see view.py)."""
        if self.phase == OVER:
            return None
        resolving = self.phase < SETUP_BUILDINGS
        return {
            "seat": self.current,
            "area": PHASE_NAMES[self.phase],
            "slot": SLOT_LETTERS[self.slot] if resolving and self.slot >= 0 else None,
            "power": self.power if resolving else None,
            "left": self.left,
        }

    def max_buses(self) -> int:
        """M: the largest number of buses any player has (Bus: Schwindende Aktionskraft)."""
        return max(self.buses)

    def free_lots(self) -> int:
        """Lots without a building."""
        return sum(self.zone_free)

    # -- the engine's own progress ----------------------------------------------------------

    def _choices(self) -> Sequence[Action]:
        """The actions open to the seat deciding now."""
        phase = self.phase
        seat = self.current
        if phase == SELECTION:  # Bus: Aktionen wählen (see SELECTION_MOVES)
            return SELECTION_MOVES[self.full_areas][self.placed[seat] >= MIN_MARKERS_PER_ROUND]
        if phase in (LINE, SETUP_SECOND_LINE):
            return line_moves(self, seat)
        if phase == VRROOMM:
            return delivery_moves(self, seat)
        if phase in (BUILDINGS, SETUP_BUILDINGS):
            return building_moves(self)
        if phase == PASSENGERS:
            return self.game.board_actions.new_passengers if self.supply else ()
        if phase == CLOCK:
            return CLOCK_CHOICES
        if phase == SETUP_FIRST_LINE:
            return first_street_moves(self)
        return ()

    def _settle(self) -> None:
        """Run the game on until a seat has a real choice, or the game is over."""
        while self.phase != OVER:
            if self.phase != SELECTION and self.left <= 0:
                self._next_entry()
                continue
            legal = self._choices()
            if len(legal) > 1:
                self._legal = legal if type(legal) is tuple else tuple(legal)
                return
            if legal:
                if self.keeps_log:  # a search's silent world skips writing what nobody reads
                    self.emit("forced", seat=self.current, action=str(legal[0]))
                self._perform(legal[0])
            else:
                if self.keeps_log:
                    self.emit(
                        "nothing_possible",
                        seat=self.current,
                        area=PHASE_NAMES[self.phase],
                        left=self.left,
                        reason=nothing_reason(self),
                    )
                self.left = 0

    def _perform(self, action: Action) -> None:
        """Carry out one decision of the seat to move."""
        seat = self.current
        cls = type(action)
        if cls is Take:
            self._place_marker(seat, action.area)  # type: ignore[attr-defined]
            return
        if cls is Pass:
            self.passed[seat] = True
            if self.keeps_log:
                self.emit("passed", seat=seat)
            self._next_selector(seat)
            return
        self.left -= 1
        if cls is Line:
            extend(self, seat, action)  # type: ignore[arg-type]
            if self.keeps_log:
                self.emit("line_built", seat=seat, start=action.start, to=action.to)  # type: ignore[attr-defined]
        elif cls is Build:
            self._build(seat, action)  # type: ignore[arg-type]
        elif cls is Passenger:
            self.supply -= 1
            self.standing[action.station] += 1  # type: ignore[attr-defined]
            if self.keeps_log:
                self.emit("passenger_placed", seat=seat, station=action.station)  # type: ignore[attr-defined]
        elif cls is Deliver:
            self._deliver(seat, action)  # type: ignore[arg-type]
        elif cls is Clock:
            self._clock(seat, action.stop)  # type: ignore[attr-defined]

    # -- setup -----------------------------------------------------------------------------

    def _setup_queue(self) -> None:
        """Bus: Aufbau -- two start buildings each in player order; first line streets in snake
        order (first street in player order, second street in reverse order)."""
        order = [(self.start_player + k) % self.players for k in range(self.players)]
        self.emit("start_player_drawn", seat=self.start_player)
        self.queue = [(SETUP_BUILDINGS, -1, seat) for seat in order]
        self.queue += [(SETUP_FIRST_LINE, -1, seat) for seat in order]
        self.queue += [(SETUP_SECOND_LINE, -1, seat) for seat in reversed(order)]
        self.qpos = 0

    # -- selection ---------------------------------------------------------------------------

    def _begin_round(self) -> None:
        """A new round: everyone with markers takes part in selection, from the start player, or
        the next seat clockwise with markers (Bus: So läuft eine Runde ab, Aktionen wählen)."""
        self.round += 1
        self.markers_per_round.append(0)
        self.placed = [0] * self.players
        self.passed = [markers == 0 for markers in self.markers]
        self.slots = [[] for _ in AREA_NAMES]
        self.full_areas = 0
        self.phase = SELECTION
        if self.passed[self.start_player]:
            self._next_selector(self.start_player)
        else:
            self.current = self.start_player
        self.emit("round_begins", round=self.round, seat=self.current)

    def _place_marker(self, seat: int, area: int) -> None:
        """Bus: Aktionen wählen -- the marker goes on the free slot with the earliest letter; a
        placed marker is used up; a player without markers is out of selection."""
        slots = self.slots[area]
        if self.keeps_log:  # the hot paths of search (silent worlds) skip building log entries
            self.emit("marker_placed", seat=seat, area=AREA_NAMES[area], slot=SLOT_LETTERS[len(slots)])
        slots.append(seat)
        if len(slots) == AREA_SLOTS[area]:
            self.full_areas |= 1 << area
        self.markers[seat] -= 1
        self.markers_used[seat] += 1
        self.placed[seat] += 1
        self.markers_per_round[-1] += 1
        if self.markers[seat] == 0:
            self.passed[seat] = True
            self.emit("out_of_markers", seat=seat)
        self._next_selector(seat)

    def _next_selector(self, seat: int) -> None:
        """Clockwise to the next seat still selecting; resolution once everyone has passed or has no
        markers left (Bus: Aktionen wählen)."""
        passed = self.passed
        for candidate in CLOCKWISE[self.players][seat]:
            if not passed[candidate]:
                self.current = candidate
                return
        self._resolution_queue()

    # -- resolution --------------------------------------------------------------------------

    def _resolution_queue(self) -> None:
        """Bus: Aktionen ausführen -- top to bottom (Linienausbau, Busse, Fahrgäste, Gebäude, Uhr,
        Brumm, Startspieler), each area left to right: for Linienausbau and Gebäude slot A lies on
        the right, so the last filled letter acts first."""
        queue: list[tuple[int, int, int]] = []
        for area, slots in enumerate(self.slots):
            taken = len(slots)
            if area in RIGHT_TO_LEFT:
                queue.extend(zip(repeat(area, taken), range(taken - 1, -1, -1), reversed(slots), strict=True))
            elif taken:
                queue.extend(zip(repeat(area, taken), range(taken), slots, strict=True))
            elif area == CLOCK:
                queue.append((CLOCK, -1, NO_SEAT))
        self.queue = queue
        self.qpos = 0
        self.phase = LINE
        self.left = 0

    def _next_entry(self) -> None:
        """Start the next queued entry, or end the setup or the round."""
        if self.qpos >= len(self.queue):
            if self.round == 0:
                self._begin_round()
            else:
                self._end_round()
            return
        area, slot, seat = self.queue[self.qpos]
        self.qpos += 1
        self.phase = area
        self.slot = slot
        self.current = seat
        if area in (LINE, PASSENGERS, BUILDINGS):
            power = max(self.buses) - slot
            if area == LINE:
                power += self.rules.line_bonus(self.players)
        elif area == VRROOMM:
            power = self.rules.vrroomm_buses(self.buses[seat], max(self.buses), slot)
        else:
            if area >= SETUP_BUILDINGS:
                self.power = self.left = 2 if area == SETUP_BUILDINGS else 1
            elif area == BUSES:
                self._buy_bus(seat)
            elif area == START:
                self.emit("start_player_taken", seat=seat)
            elif seat == NO_SEAT:  # the clock, untaken
                self._clock(NO_SEAT, False)
            else:
                self.power = self.left = 1
            return
        self.power = power
        self.left = power if power > 0 else 0
        if self.keeps_log:
            self._log_resolution(seat, area, slot)

    def _log_resolution(self, seat: int, area: int, slot: int) -> None:
        """Log that a marker resolves with its power, or has none."""
        key = "marker_resolves" if self.power > 0 else "no_power"
        self.emit(key, seat=seat, area=AREA_NAMES[area], slot=SLOT_LETTERS[slot], power=self.power)

    def _buy_bus(self, seat: int) -> None:
        """Bus: Busse -- one more bus (at most five); M rises at once for later actions."""
        if self.buses[seat] >= MAX_BUSES:
            self.emit("bus_limit", seat=seat, buses=MAX_BUSES)
            return
        self.buses[seat] += 1
        self.emit("bus_bought", seat=seat, buses=self.buses[seat], max_buses=self.max_buses())

    def _build(self, seat: int, action: Build) -> None:
        """Bus: Gebäude -- a building of the chosen type on a free lot of the lowest open zone."""
        self.building[action.lot] = action.kind
        self.zone_free[self.board.lot_zone[action.lot] - 1] -= 1
        if self.keeps_log:
            self.emit("building_built", seat=seat, lot=action.lot, building=action.kind)

    def _deliver(self, seat: int, action: Deliver) -> None:
        """Bus: Brumm -- the passenger moves into the building; one point, and the score track
        remembers when this position was reached (tie-break)."""
        take_rider(self, action.source)
        self.occupied[action.lot] = True
        self.deliveries[seat] += 1
        self.stamp += 1
        self.reached[seat] = self.stamp
        if self.keeps_log:
            self.emit("delivered", seat=seat, source=action.source, lot=action.lot, score=self.deliveries[seat])

    def _clock(self, seat: int, stop: bool) -> None:
        """Bus: Uhr -- stop time with a time stone (the last one ends the game at once) or advance
        the hand; then (Complete Edition) every passenger in a building steps out to its
        intersection, and passengers at an intersection step into its empty buildings of the
        current type, one per building.  The 1999 short rules move nobody (ruling 18)."""
        if stop:
            self.stones_left -= 1
            self.stones[seat] += 1
            self.emit("time_stopped", seat=seat, stones_left=self.stones_left)
            if self.stones_left == 0:
                self._finish("time_stones")
                return
        else:
            self.clock = (self.clock + 1) % 3
            if seat == NO_SEAT:
                self.emit("clock_untaken", building=self.clock)
            else:
                self.emit("time_advanced", seat=seat, building=self.clock)
        if self.rules.passengers_step_out:
            entered = step_out_and_in(self)
            self.emit("passengers_stepped_in", count=entered, building=self.clock)

    # -- the ends ----------------------------------------------------------------------------

    def _end_round(self) -> None:
        """Bus: Startspieler, Spielende -- the start bus goes to the taker or clockwise on; the
        game ends now if no lot is free or at most one player has markers left."""
        taken = self.slots[START]
        self.start_player = taken[0] if taken else (self.start_player + 1) % self.players
        if not taken:
            self.emit("start_player_passes", seat=self.start_player)
        if self.free_lots() == 0:
            self._finish("lots_full")
        elif sum(1 for markers in self.markers if markers > 0) <= 1:
            self._finish("markers_out")
        else:
            self._begin_round()

    def _finish(self, reason: str) -> None:
        """The game ends now for ``reason`` (Bus: Spielende und Wertung)."""
        self.phase = OVER
        self.current = NO_SEAT
        self.left = 0
        self.end_reason = reason
        self.emit("game_over_" + reason)

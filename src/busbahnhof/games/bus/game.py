"""The Bus game object: rule options, presets, notation, descriptions, simulation figures."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Literal

from pydantic import field_validator

from ...engine import Action, BotFactory, Catalog, Game, Options, State, wrong_kind
from ...engine.events import ParamFormatter
from ...engine.game import ActionGroup
from ...engine.userfiles import EmbeddedFile, embed_file
from .actions import (
    AREA_NAMES,
    BUILDING_NAMES,
    NOTATION,
    BoardActions,
    Build,
    Clock,
    Deliver,
    Line,
    Pass,
    Passenger,
    Take,
    board_actions,
    parse,
)
from .board import DEFAULT_BOARD, Board, load_board
from .labels import legal_label
from .rules import Rules, make_rules
from .state import BusState


class BusOptions(Options):
    """Rule options of Bus.

    Attributes:
        edition: ``"complete"`` (Capstone Complete Edition, the default) or ``"1999"`` (the
            short rules of the first edition); docs/rulings/bus.md lists the differences.
        board: ``"default"`` for the packaged city map, or the path of a board file in the same
            format; a file is read once and carried by content from then on (an
            ``EmbeddedFile``: name, sha256, text), so records replay without it.
        parallel_street: which street exception 2 of line expansion allows where two line ends
            meet: the other line's end street (``"end_street"``) or any occupied street there
            (``"any_occupied"``); see docs/rulings/bus.md.
        complete_vrroomm: 1999 edition with the Complete Edition's Vrroomm: every bus runs on
            every marker instead of slot a M buses, b M-1, ... (ruling 15).
        complete_line_bonus: 1999 edition with the Complete Edition's five-player bonus: line
            expansion gets power + 1 with five players (ruling 14).
        complete_passengers: 1999 edition with the Complete Edition's passenger model: passengers
            step out of the buildings at every clock step and into empty in-time buildings
            (ruling 18).  The Complete Edition always plays all three this way.
    """

    edition: Literal["complete", "1999"] = "complete"
    board: str | EmbeddedFile = DEFAULT_BOARD
    parallel_street: Literal["end_street", "any_occupied"] = "end_street"
    complete_vrroomm: bool = False
    complete_line_bonus: bool = False
    complete_passengers: bool = False

    @field_validator("edition", mode="before")
    @classmethod
    def _edition_as_text(cls, value: Any) -> Any:
        """``edition=1999`` from a command line arrives as a number."""
        return str(value) if isinstance(value, int) and not isinstance(value, bool) else value


class Bus(Game[BusOptions, Action]):
    """Bus (Splotter Spellen): build lines, carry passengers to where the clock sends them."""

    id = "bus"
    title = "Bus"
    min_players = 3
    max_players = 5
    options_model = BusOptions
    static_keys = ("board",)
    public_view = True
    static_fields: ClassVar[Mapping[str, tuple[str, ...]]] = {
        "streets": ("id", "a", "b"),
        "lots": ("id", "intersection", "zone"),
    }
    presets: ClassVar[Mapping[str, Mapping[str, Any]]] = {
        "default": {},
        "1999": {"edition": "1999"},
        "parallel-any": {"parallel_street": "any_occupied"},
        "1999-complete-rules": {
            "edition": "1999",
            "complete_vrroomm": True,
            "complete_line_bonus": True,
            "complete_passengers": True,
        },
    }
    file_options: ClassVar[Mapping[str, tuple[str, ...]]] = {"board": (DEFAULT_BOARD,)}

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        path = self.options.board
        if isinstance(path, str) and path != DEFAULT_BOARD:
            self.options = self.options.model_copy(update={"board": embed_file(path)})
        self.board: Board = load_board(self.options.board, path if isinstance(path, str) else None)
        self.board_actions: BoardActions = board_actions(self.board)  # on the game: states pickle as content
        chosen = self.options
        self.rules: Rules = make_rules(
            chosen.edition,
            self.board.zones,
            chosen.parallel_street,
            complete_vrroomm=chosen.complete_vrroomm,
            complete_line_bonus=chosen.complete_line_bonus,
            complete_passengers=chosen.complete_passengers,
        )

    def _new_state(self, players: int, seed: int) -> State[Any]:
        return BusState(self, players, seed)

    def parse_action(self, text: str) -> Action:
        action = parse(text)
        if action is None:
            raise self.malformed(text, NOTATION)
        return action

    def bots(self) -> Mapping[str, BotFactory]:
        from .bots import PlanerBot, levels

        return {"planer": PlanerBot, **levels()}

    def param_formatters(self, lang: str) -> Mapping[str, ParamFormatter]:
        catalog = Catalog(("busbahnhof.games.bus",), lang)

        def area(value: Any) -> str:
            return catalog.text(f"area.{value}")

        def building(value: Any) -> str:
            return catalog.text(f"building.{BUILDING_NAMES[value]}") if isinstance(value, int) else str(value)

        def action(value: Any) -> str:
            parsed = parse(str(value))
            return self.describe_action(parsed, catalog) if parsed is not None else str(value)

        def reason(value: Any) -> str:
            """A skip reason key (``reason`` table); other text passes unchanged, such as the
            reason the engine wraps into a refused action's message."""
            key = f"reason.{value}"
            return catalog.text(key) if catalog.has(key) else str(value)

        where = self.board.lot_intersection

        def lot(value: Any) -> str:
            """A lot with the intersection it stands at: players find lots by their intersection."""
            if isinstance(value, int) and 0 <= value < len(where):
                return catalog.text("describe.lot_at", number=value, node=where[value])
            return str(value)

        stations = frozenset(self.board.stations)

        def place(value: Any) -> str:
            """An intersection by the name the map shows: a train station as such (Bahnhof 10)."""
            kind = "station" if value in stations else "intersection"
            return catalog.text(f"name.{kind}", node=value)

        formatters = {
            "source": place,
            "area": area,
            "phase": area,
            "building": building,
            "action": action,
            "reason": reason,
            "lot": lot,
        }
        catalog.formatters.update(formatters)  # an action described inside a message names lots alike
        return formatters

    def describe_action(self, action: Action, catalog: Catalog) -> str:
        """The action in words, e.g. "Marker auf Linienausbau" / "marker on line expansion"."""
        text = catalog.text
        if isinstance(action, Take):
            return text("describe.take", area_name=text(f"area.{AREA_NAMES[action.area]}"))
        if isinstance(action, Pass):
            return text("describe.pass")
        if isinstance(action, Line):
            return text("describe.line", start=action.start, to=action.to)
        if isinstance(action, Passenger):
            return text("describe.passenger", station=action.station)
        if isinstance(action, Build):
            return text("describe.build", lot=action.lot, building_name=text(f"building.{BUILDING_NAMES[action.kind]}"))
        if isinstance(action, Clock):
            return text("describe.clock_stop" if action.stop else "describe.clock_advance")
        if isinstance(action, Deliver):
            return text("describe.deliver", source=action.source, lot=action.lot)
        return str(action)

    def describe_legal(self, state: State[Any], action: Action, catalog: Catalog) -> str:
        """The action in words for the player choosing it now: a marker names its slot and power and
        warns where it would be wasted, e.g. "Marker auf Linienausbau, Feld B (Kraft 0) – ⚠ verfällt:
        ..." (Bus: Schwindende Aktionskraft; ``labels.py``, ``preview.py``)."""
        plain = self.describe_action(action, catalog)
        return legal_label(state, action, catalog, plain) if isinstance(state, BusState) else plain

    def group_actions(self, actions: Sequence[Action], catalog: Catalog) -> list[ActionGroup]:
        """Line markers by the line end they leave, buildings by lot, deliveries by the waiting
        passenger's intersection, new passengers in one group; the others one by one."""
        groups: dict[str | None, list[tuple[int, str]]] = {}
        for index, action in enumerate(actions):
            heading: str | None = None
            if isinstance(action, Line):
                heading, label = catalog.text("group.line_from", start=action.start), str(action.to)
            elif isinstance(action, Build):
                heading = catalog.text("group.build_on", lot=catalog.format_param("lot", action.lot))
                label = catalog.text(f"building.{BUILDING_NAMES[action.kind]}")
            elif isinstance(action, Deliver):
                heading = catalog.text("group.deliver_from", source=action.source)
                label = catalog.format_param("lot", action.lot)
            elif isinstance(action, Passenger):
                heading, label = catalog.text("group.passenger"), str(action.station)
            else:
                label = self.describe_action(action, catalog)
            groups.setdefault(heading, []).append((index, label))
        return list(groups.items())

    def render_svg(self, view: Mapping[str, Any], catalog: Catalog) -> str:
        """The board as SVG (see ``svg.py``): lines, buildings, passengers, clock, action board, scores."""
        from .svg import render_svg

        return render_svg(view, catalog)

    def render_text(self, view: Mapping[str, Any], catalog: Catalog) -> Any:
        from .text import render_text  # written by the drawing engineer

        return render_text(view, catalog)

    def summarize(self, state: State[Any]) -> dict[str, Any]:
        """Per seat score, deliveries, time stones, markers used, start buildings; rounds; the end;
        per round markers, action areas, deliveries and time stones (``summary.py``)."""
        from .summary import summarize

        if not isinstance(state, BusState):
            raise wrong_kind(state, BusState)
        return summarize(state)

"""The terminal picture of a Busfahrer view (``Game.render_text``), built with Rich."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ...engine import Catalog
from .cards import card_label
from .layout import pyramid_row_slices

FACE_DOWN = "▒▒"


def render(view: Mapping[str, Any], catalog: Catalog) -> RenderableType:
    """Heading, points table with every hand, the pyramid and the ride.

    The log is not part of the picture: terminal play and replay print each event once, as a
    line of its own, when it happens.
    """
    state = view["state"]
    parts: list[RenderableType] = [_heading(view, catalog), _table(view, catalog)]
    if state["pyramid"]["cards"]:
        parts.append(_pyramid(state, catalog))
    ride = state["ride"]
    if ride["kind"] == "diamond" and ride["diamond"]:
        parts.append(_diamond(ride, catalog))
    if ride["kind"] == "american" and state["phase"] in ("american", "over") and state["drivers"]:
        streak = catalog.text("ui.streak", cards=ride["streak"] or "-")
        parts.append(Text(streak + "   " + catalog.text("ui.pile", count=ride["pile"])))
    return Group(*parts)


def _heading(view: Mapping[str, Any], catalog: Catalog) -> Text:
    state = view["state"]
    phase = state["phase"]
    game = catalog.text("ui.game", number=state["game_no"], games=state["games"])
    if phase == "questions":
        question = catalog.text(f"question.q{state['round']}")
        detail = catalog.text("ui.phase_questions", round=state["round"], question=question)
    elif phase == "giving":
        detail = catalog.text("ui.phase_giving", seat=state["giving"]["seat"], points=state["giving"]["points"])
    elif phase == "laying":
        detail = catalog.text("ui.phase_laying", seat=view["to_move"])
    elif phase == "ride":
        detail = catalog.text("ui.phase_ride", row=state["ride"]["row"])
    elif phase == "american":
        detail = catalog.text("ui.phase_american", question=len(state["ride"]["streak"]) + 1)
    else:
        names = ", ".join(catalog.format_param("seat", s) for s in (view["outcome"] or {}).get("winners", []))
        detail = catalog.text("ui.phase_over") + " – " + catalog.text("ui.winners", names=names)
    return Text(f"{game} · {detail}", style="bold")


def _table(view: Mapping[str, Any], catalog: Catalog) -> Table:
    state = view["state"]
    points = state["points"]
    table = Table(title=catalog.text("ui.table"), title_justify="left")
    for key in ("player", "hand", "questions", "pyramid", "ride", "total"):
        table.add_column(catalog.text(f"ui.{key}"), justify="left" if key in ("player", "hand") else "right")
    for seat in range(len(state["hands"])):
        marks = []
        if seat == state["dealer"]:
            marks.append(catalog.text("ui.dealer"))
        if seat in state["drivers"]:
            marks.append(catalog.text("ui.driver"))
        if seat == view["seat"]:
            marks.append(catalog.text("ui.you"))
        name = catalog.format_param("seat", seat) + (f" ({', '.join(marks)})" if marks else "")
        style = "bold yellow" if seat == view["to_move"] else ""
        table.add_row(
            Text(name, style=style),
            _hand_text(state, seat, catalog),
            str(points["questions"][seat]),
            str(points["pyramid"][seat]),
            str(points["ride"][seat]),
            str(points["total"][seat]),
        )
    return table


def _hand_text(state: Mapping[str, Any], seat: int, catalog: Catalog) -> str:
    """The open hand; once the cards are gathered for the ride, how many were left."""
    hand = state["hands"][seat]
    if hand or not state["cards_left"]:
        return " ".join(card_label(card, catalog.lang) for card in hand) or "-"
    return catalog.text("ui.cards_left", count=state["cards_left"][seat])


def _pyramid(state: Mapping[str, Any], catalog: Catalog) -> Panel:
    pyramid = state["pyramid"]
    lines = []
    for row, (start, end) in reversed(list(enumerate(pyramid_row_slices(pyramid["rows"]), start=1))):
        cells = []
        for position in range(start, end):
            card = pyramid["cards"][position]
            cell = FACE_DOWN if card is None else card_label(card, catalog.lang)
            laid = pyramid["laid"][position]
            if laid:
                cell += "[" + " ".join(card_label(c, catalog.lang) for c in laid) + "]"
            cells.append(cell)
        lines.append(Text(f"{row} · {row * pyramid['points_factor']:>2}   " + "  ".join(cells), justify="center"))
    lines.append(Text(catalog.text("ui.deck", count=state["deck"])))
    return Panel(Group(*lines), title=catalog.text("ui.pyramid_title"), title_align="left")


def _diamond(ride: Mapping[str, Any], catalog: Catalog) -> Panel:
    lines = []
    position = 0
    for row, size in enumerate(ride["row_sizes"], start=1):
        cells = []
        for _ in range(size):
            card = ride["diamond"][position]
            cells.append(FACE_DOWN if card is None else card_label(card, catalog.lang))
            position += 1
        marker = "▶ " if row == ride["row"] else "  "
        lines.append(Text(marker + "  ".join(cells), justify="center"))
    pile = catalog.text("ui.pile", count=ride["pile"])
    lines.append(Text(pile + "   " + catalog.text("ui.discard", count=len(ride["discard"]))))
    return Panel(Group(*lines), title=catalog.text("ui.diamond_title"), title_align="left")

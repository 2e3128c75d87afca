"""Terminal rendering of a Busfaktor view with Rich, and human descriptions of actions."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ...engine import Catalog
from .actions import (
    ACCEPT,
    ATTACH,
    DECLINE,
    DISCARD,
    DONE,
    DRAW,
    MOVE,
    OFFER,
    PLAY,
    PLAY_EXTRA,
    PLAY_JOKER,
    PLAY_SETBACK,
    SECURE,
    SHARE,
    START,
    TAKE,
    UNDER,
    WAIVE,
    Act,
)
from .deck import FACTOR, PROJECT, Deck
from .schema import FACTOR_TYPES

_KEYS = {
    DRAW: ("draw", ("source",)),
    START: ("start", ("project",)),
    ATTACH: ("attach", ("card", "project", "type")),
    SHARE: ("share", ("card", "project", "type")),
    PLAY: ("play", ("card",)),
    PLAY_JOKER: ("play_joker", ("card", "project", "type")),
    PLAY_EXTRA: ("play_extra", ("card", "project")),
    PLAY_SETBACK: ("play_setback", ("card", "target")),
    OFFER: ("offer", ("project", "project2")),
    ACCEPT: ("accept", ()),
    DECLINE: ("decline", ()),
    SECURE: ("secure", ("card",)),
    WAIVE: ("waive", ()),
    TAKE: ("take", ("card",)),
    UNDER: ("under", ("card",)),
    MOVE: ("move", ("card", "project")),
    DONE: ("done", ()),
    DISCARD: ("discard", ("card",)),
}


def describe(deck: Deck, action: Act, catalog: Catalog) -> str:
    """``action`` in words, with card names, in the catalog's language."""
    key, names = _KEYS[action.verb]
    params = dict(zip(names, (action.a, action.b, action.c), strict=False))
    return catalog.text(f"act.{key}", **params)


def _card(deck: Deck, card: int) -> str:
    return f"{deck.names[card]} [{card}]" if 0 <= card < deck.size else str(card)


def _hand_line(deck: Deck, card: int) -> str:
    """A hand card with what it does: a project's requirements, a factor's types, an event's template."""
    kind = deck.kind[card]
    if kind == PROJECT:
        needs = " + ".join(deck.model.projects[card].requirements)
        return f"{_card(deck, card)} — {needs} ({deck.points[card]})"
    if kind == FACTOR:
        return f"{_card(deck, card)} — {' / '.join(FACTOR_TYPES[t] for t in deck.types[card])}"
    return f"{_card(deck, card)} — E{deck.template[card]}: {deck.model.events[card - deck.size].text}"


def _project_lines(deck: Deck, project: Mapping[str, Any], catalog: Catalog) -> Text:
    line = Text()
    line.append(_card(deck, project["card"]), style="bold")
    line.append(f" ({project['points']})")
    if project["status"] != "aktiv":
        line.append(f" ✓ {catalog.text('ui.completed')}", style="green")
        return line
    open_needs = ", ".join(f"{t} {n}" for t, n in project["open"].items() if n)
    line.append(f"\n  {catalog.text('ui.open')}: {open_needs or catalog.text('ui.none')}", style="yellow")
    for item in project["attached"]:
        line.append(f"\n  + {_card(deck, item['card'])} = {item['type']}")
    if project["shared"]:
        line.append(
            f"\n  ⇄ {catalog.text('ui.shared')}: {_card(deck, project['shared']['card'])} = "
            f"{project['shared']['type']}",
            style="cyan",
        )
    if project["mehraufwand"]:
        line.append(
            f"\n  ! {catalog.text('ui.mehraufwand')}: {_card(deck, project['mehraufwand']['card'])} "
            f"({project['mehraufwand']['type']})",
            style="red",
        )
    if project["partner"] is not None:
        line.append(f"\n  {catalog.text('ui.partner', project=project['partner'])}", style="cyan")
    return line


def _pending_lines(deck: Deck, state: Mapping[str, Any], catalog: Catalog) -> list[Text]:
    """The event being resolved, the cards an E1 shows this seat, an open offer or shared-factor proposal."""
    lines = []
    pending = state["pending_event"]
    if pending:
        lines.append(Text(catalog.text("ui.pending", card=pending["event"]), style="magenta"))
        if pending["affected"]:
            lines.append(Text(catalog.text("ui.affected", seat=pending["affected"]), style="magenta"))
        if isinstance(pending["looked"], list) and pending["looked"]:
            lines.append(Text(catalog.text("ui.looked", card=pending["looked"]), style="magenta"))
    if state["offer"]:
        mine, theirs = state["offer"]
        lines.append(Text(catalog.text("ui.offer", project=mine, project2=theirs), style="cyan"))
    if state["share"]:
        share = state["share"]
        lines.append(
            Text(
                catalog.text("ui.share", card=share["card"], type=share["type"], project=share["project"]), style="cyan"
            )
        )
    return lines


def render(deck: Deck, view: Mapping[str, Any], catalog: Catalog) -> Group:
    """A Rich renderable of a ``view`` for the terminal."""
    state = view["state"]
    parts: list[Any] = [
        Text(catalog.text("ui.title", round=state["round"]), style="bold"),
        Text(
            catalog.text(
                "ui.active",
                seat=view["to_move"] if view["to_move"] is not None else state["active"],
                phase=state["phase"],
            )
        ),
        Text(
            catalog.text(
                "ui.stacks",
                projects=state["project_stack"],
                actions=state["action_stack"],
                spent=state["spent"],
                discard=len(state["discard"]),
            )
        ),
    ]
    if state["discard"]:
        parts.append(Text(catalog.text("ui.discard_top", card=state["discard"][-1])))
    table = Table(show_lines=True)
    for seat in range(view["players"]):
        table.add_column(catalog.format_param("seat", seat))
    cells = []
    for seat in range(view["players"]):
        cell = Text(catalog.text("ui.score", points=state["scores"][seat]) + "\n")
        cell.append(
            catalog.text("ui.hand_size", cards=state["hand_sizes"][seat], projects=state["hand_projects"][seat]) + "\n"
        )
        for project in state["projects"]:
            if project["owner"] == seat:
                cell.append_text(_project_lines(deck, project, catalog))
                cell.append("\n")
        cells.append(cell)
    table.add_row(*cells)
    parts.append(table)
    parts.extend(_pending_lines(deck, state, catalog))
    if state["hand"] is not None:
        hand = Text()
        for card in state["hand"]:
            hand.append(f"{_hand_line(deck, card)}\n")
        parts.append(Panel(hand, title=catalog.text("ui.hand")))
    return Group(*parts)

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
    COMPLETE,
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
    type_name,
)
from .credit import PHYLO_CREDIT
from .deck import FACTOR, PROJECT, Deck

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
    COMPLETE: ("complete", ("project",)),
}


def describe(deck: Deck, action: Act, catalog: Catalog) -> str:
    """``action`` in words, with card names, in the catalog's language."""
    key, names = _KEYS[action.verb]
    params = dict(zip(names, (action.a, action.b, action.c), strict=False))
    return catalog.text(f"act.{key}", **params)


def _card(deck: Deck, card: int, lang: str) -> str:
    """A card by its name: the ids are printed nowhere (a deck's names are unique, schema.DeckFile);
    the numbered action list and its notation say how to choose it."""
    return deck.name(card, lang) if 0 <= card < deck.size else str(card)


def _placed(deck: Deck, item: Mapping[str, Any], lang: str) -> str:
    """An attached card with the factor type it fills."""
    return f"{_card(deck, item['card'], lang)} = {type_name(item['type'], lang)}"


def _hand_line(deck: Deck, card: int, lang: str) -> str:
    """A hand card with what it does: a project's requirements, a factor's types, an event's template."""
    kind = deck.kind[card]
    if kind == PROJECT:
        needs = " + ".join(type_name(t, lang) for t in deck.model.projects[card].requirements)
        return f"{_card(deck, card, lang)} — {needs} ({deck.points[card]})"
    if kind == FACTOR:
        return f"{_card(deck, card, lang)} — {' / '.join(type_name(t, lang) for t in deck.types[card])}"
    return f"{_card(deck, card, lang)} — E{deck.template[card]}: {deck.text(card, lang)}"


def _controlled(item: Mapping[str, Any], owner: int, catalog: Catalog) -> str:
    """`` (kontrolliert von X)`` when a factor's controlling person is not the project's owner (§3, §13 E4)."""
    if item["controller"] == owner:
        return ""
    return f" ({catalog.text('ui.controlled', seat=item['controller'])})"


def _project_lines(deck: Deck, project: Mapping[str, Any], catalog: Catalog) -> Text:
    lang = catalog.lang
    line = Text()
    line.append(_card(deck, project["card"], lang), style="bold")
    line.append(f" ({project['points']})")
    if project["status"] != "aktiv":
        line.append(f" ✓ {catalog.text('ui.completed')}", style="green")
        return line
    open_needs = ", ".join(f"{type_name(t, lang)} {n}" for t, n in project["open"].items() if n)
    line.append(f"\n  {catalog.text('ui.open')}: {open_needs or catalog.text('ui.none')}", style="yellow")
    owner = project["owner"]
    for item in project["attached"]:
        line.append(f"\n  + {_placed(deck, item, lang)}{_controlled(item, owner, catalog)}")
    if project["shared"]:
        shared = project["shared"]
        line.append(
            f"\n  ⇄ {catalog.text('ui.shared')}: {_placed(deck, shared, lang)}{_controlled(shared, owner, catalog)}",
            style="cyan",
        )
    if project["mehraufwand"]:
        line.append(
            f"\n  ! {catalog.text('ui.mehraufwand')}: {_card(deck, project['mehraufwand']['card'], lang)} "
            f"({type_name(project['mehraufwand']['type'], lang)})",
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
        if pending["target"] is None:
            played = catalog.text("ui.pending", seat=state["active"], card=pending["event"])
        else:
            played = catalog.text(
                "ui.pending_target", seat=state["active"], card=pending["event"], target=pending["target"]
            )
        lines.append(Text(played, style="magenta"))
        if pending["affected"]:
            lines.append(Text(catalog.text("ui.affected", names=_seats(pending["affected"], catalog)), style="magenta"))
        if pending["still_asked"]:
            lines.append(Text(catalog.text("ui.asked", names=_seats(pending["still_asked"], catalog)), style="magenta"))
        if isinstance(pending["looked"], list) and pending["looked"]:
            lines.append(Text(catalog.text("ui.looked", card=pending["looked"]), style="magenta"))
        if pending["moves_left"] is not None:
            lines.append(Text(catalog.text("ui.moves_left", n=pending["moves_left"]), style="magenta"))
    if state["completing"]:
        completing = state["completing"]
        lines.append(
            Text(
                catalog.text("ui.complete_order", seat=completing["seat"], project=completing["projects"]),
                style="green",
            )
        )
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


def _seats(seats: list[int], catalog: Catalog) -> str:
    return ", ".join(catalog.format_param("seat", seat) for seat in seats)


def _turn_lines(view: Mapping[str, Any], catalog: Catalog) -> list[Text]:
    """Who decides, in which phase, and what the turn still allows (§7 draws, §8.1 the compulsory
    project and one new project, §8.3 one event, §9 the hand limit); at the end, the §19 credit."""
    state = view["state"]
    phase = catalog.text(f"ui.phase.{state['phase']}")
    active, to_move = state["active"], view["to_move"]
    if to_move is None:
        return [Text(catalog.text("ui.over")), Text(PHYLO_CREDIT.text(catalog), style="dim")]
    if to_move == active:
        lines = [Text(catalog.text("ui.active", seat=active, phase=phase))]
    else:
        lines = [Text(catalog.text("ui.deciding", seat=to_move, seat2=active, phase=phase))]
    turn = state["turn"]
    if state["phase"] == "ziehen":
        lines.append(Text(catalog.text("ui.draws_left", n=turn["draws_left"])))
    elif state["phase"] == "aktionen" and turn["must_start"]:
        lines.append(Text(catalog.text("ui.must_start"), style="bold yellow"))
    elif state["phase"] == "aktionen":
        project = catalog.text("ui.used" if turn["project_started"] else "ui.free")
        event = catalog.text("ui.used" if turn["event_played"] else "ui.free")
        lines.append(Text(catalog.text("ui.turn_limits", project=project, event=event)))
    elif state["phase"] == "aufraeumen":
        excess = state["hand_sizes"][active] - 5
        lines.append(Text(catalog.text("ui.must_discard", n=excess), style="bold yellow"))
    return lines


def render(deck: Deck, view: Mapping[str, Any], catalog: Catalog) -> Group:
    """A Rich renderable of a ``view`` for the terminal."""
    state = view["state"]
    parts: list[Any] = [
        Text(catalog.text("ui.title", round=state["round"]), style="bold"),
        *_turn_lines(view, catalog),
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
        unfinished = sum(1 for p in state["projects"] if p["owner"] == seat and p["status"] == "aktiv")
        score = catalog.text(
            "ui.score", points=state["scores"][seat], done=len(state["completed"][seat]), open=unfinished
        )
        cell = Text(score + "\n")
        cell.append(
            catalog.text("ui.hand_size", cards=state["hand_sizes"][seat], projects=state["hand_projects"][seat]) + "\n"
        )
        known = state["known_hand_cards"][seat]
        if known and seat != view["seat"]:
            cell.append(catalog.text("ui.known", card=known) + "\n", style="dim")
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
            hand.append(f"{_hand_line(deck, card, catalog.lang)}\n")
        parts.append(Panel(hand, title=catalog.text("ui.hand")))
    return Group(*parts)

"""Showing positions on the terminal: a seat's view, new log lines, the outcome."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.table import Table

from ..engine import Catalog, Event, Outcome, State
from .common import Ui


def print_log(ui: Ui, catalog: Catalog, events: Sequence[Event]) -> None:
    """Each public event as one line in the game's language."""
    for event in events:
        ui.out.print(f"• {catalog.render(event)}", markup=False, highlight=False)


def print_view(ui: Ui, state: State[Any], seat: int | None, catalog: Catalog) -> None:
    """What ``seat`` may see (``None``: a spectator), drawn by the game."""
    ui.out.print(state.game.render_text(state.view(seat), catalog))


def outcome_table(ui: Ui, outcome: Outcome, names: Sequence[str]) -> Table:
    """Points per seat with the winners marked."""
    key = "outcome.penalty" if outcome.lower_is_better else "outcome.points"
    table = Table(title=ui.t("outcome.title"))
    table.add_column(ui.t("outcome.player"))
    table.add_column(ui.t(key), justify="right")
    table.add_column(ui.t("outcome.result"))
    for seat, points in enumerate(outcome.points):
        won = seat in outcome.winners
        table.add_row(names[seat], str(points), ui.t("outcome.winner") if won else "", style="bold" if won else None)
    return table

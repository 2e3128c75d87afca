"""``busbahnhof replay``: step through a saved record, or print the position after N actions.

Interactive keys: Enter or ``n`` next, ``b`` back, a number jumps to the position after that
many actions, ``q`` quits.  ``--seat`` (1-based, as the players are named) shows that seat's
view; without it the spectator's view (only what is public).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer
from rich.rule import Rule

from ..engine import Catalog, InvalidRecordError, State, load_record, replay_states
from .common import DEFAULT_LANG, LangOption, Ui
from .display import outcome_table, print_log, print_view
from .sanitize import terminal_safe


class Replay:
    """Every position of a record, kept as independent clones for stepping back and forth."""

    def __init__(self, ui: Ui, record: dict[str, Any], seat: int | None) -> None:
        self.ui = ui
        self.record = record
        self.positions: list[State[Any]] = [state.clone() for state in replay_states(record)]
        first = self.positions[0]
        names = record.get("names")
        self.names: list[str] = (
            [terminal_safe(str(name)) for name in names]
            if isinstance(names, list) and len(names) == first.players
            else [ui.t("play.human_name", n=number + 1) for number in range(first.players)]
        )
        self.catalog: Catalog = first.game.catalog(ui.lang, self.names)
        if seat is not None and not 0 <= seat < first.players:
            raise InvalidRecordError(
                f"--seat {seat + 1}: the record has seats 1 to {first.players}",
                key="cli_error.no_seat",
                params={"seat": seat + 1, "players": first.players},
            )
        self.seat = seat

    @property
    def last(self) -> int:
        """The number of actions in the record."""
        return len(self.positions) - 1

    def show(self, number: int) -> None:
        """The position after ``number`` actions: the action that led there, its log lines, the view."""
        if not 0 <= number <= self.last:
            raise InvalidRecordError(
                f"position {number} does not exist; the record has positions 0 to {self.last}",
                key="cli_error.no_position",
                params={"number": number, "last": self.last},
            )
        state = self.positions[number]
        self.ui.out.print(Rule(self.ui.t("replay.position", n=number, total=self.last)))
        if number > 0:
            before = self.positions[number - 1]
            mover = before.to_move
            action = state.game.parse_action(self.record["actions"][number - 1])
            text = state.game.describe_action(action, self.catalog)
            notation = state.game.notation(action, self.catalog.lang)
            who = self.names[mover] if mover is not None else "?"
            self.ui.out.print(self.ui.t("replay.action", name=who, action=text, notation=notation), markup=False)
            print_log(self.ui, self.catalog, state.log[len(before.log) :])
        else:
            print_log(self.ui, self.catalog, state.log)
        print_view(self.ui, state, self.seat, self.catalog)
        if state.is_over:
            self.ui.out.print(outcome_table(self.ui, state.outcome(), self.names))

    def step_through(self) -> None:
        """The interactive loop (Enter/n, b, number, q)."""
        number = 0
        while True:
            self.show(number)
            while True:
                try:
                    command = self.ui.out.input(self.ui.t("replay.prompt")).strip().lower()
                except (EOFError, KeyboardInterrupt):
                    self.ui.out.print()
                    return
                if command == "q":
                    return
                target = self.target(command, number)
                if target is not None:
                    number = target
                    break
                key = {"": "replay.at_end", "n": "replay.at_end", "b": "replay.at_start"}.get(
                    command, "replay.bad_command"
                )
                self.ui.err.print(self.ui.t(key, command=command, total=self.last), style="red", markup=False)

    def target(self, command: str, number: int) -> int | None:
        """The position a command leads to, or ``None`` if it leads nowhere."""
        if command in ("", "n"):
            return number + 1 if number < self.last else None
        if command == "b":
            return number - 1 if number > 0 else None
        if command.isdigit() and int(command) <= self.last:
            return int(command)
        return None


def replay(
    ctx: typer.Context,
    path: Annotated[Path, typer.Argument(metavar="FILE", help="A record saved by play --record.")],
    at: Annotated[int | None, typer.Option("--at", help="Print the position after N actions and exit.")] = None,
    seat: Annotated[int | None, typer.Option("--seat", help="Show this seat's view (1 = first player).")] = None,
    lang: LangOption = DEFAULT_LANG,
) -> None:
    """Step through a saved game record, or print one position of it."""
    ui = Ui.open(ctx, lang)
    record = load_record(path)
    viewer = Replay(ui, record, None if seat is None else seat - 1)
    if at is not None:
        viewer.show(at)
    else:
        viewer.step_through()

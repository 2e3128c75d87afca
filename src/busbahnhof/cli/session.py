"""A game at one terminal: humans type their decisions, bots move by themselves.

Each human sees only their own seat's view (``state.view(seat)``) and the public log lines
that are new to them.  With two or more humans the screen is cleared and the terminal handed
over ("pass the terminal to ...") before each change of seat, so nobody sees another's hand.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

from rich.markup import escape

from ..engine import Action, Bot, Catalog, GameError, Rng, State
from .common import Ui
from .display import outcome_table, print_log, print_view

QUIT_WORDS = frozenset({"quit", "exit", "beenden", "ende"})
HELP_WORDS = frozenset({"?", "help", "hilfe"})


@dataclass
class Seat:
    """Who sits at a seat: a name, and for a bot the bot with its own seeded generator."""

    name: str
    bot: tuple[Bot, Rng] | None = None


class UserQuit(Exception):
    """The user ended the session (``quit``, Ctrl-D or Ctrl-C)."""


class Session:
    """Plays ``state`` to its end with the given seats.

    Args:
        ui: the interface language and consoles.
        state: the game to play (mutated).
        seats: one :class:`Seat` per seat of ``state``.
        catalog: the game's catalog with the seat names, for log and views.
        svg: a file kept up to date with the game's SVG drawing of what the viewer may see.
    """

    def __init__(self, ui: Ui, state: State[Any], seats: list[Seat], catalog: Catalog, svg: Path | None = None) -> None:
        self.ui = ui
        self.svg = svg
        self.state = state
        self.seats = seats
        self.catalog = catalog
        self.humans = [seat for seat, entry in enumerate(seats) if entry.bot is None]
        self.seen: dict[int | None, int] = {}
        self.last_human: int | None = None

    def run(self) -> bool:
        """Play until the game ends (``True``) or the user quits (``False``)."""
        try:
            while not self.state.is_over:
                seat = cast(int, self.state.to_move)  # a running game has a seat to move
                bot = self.seats[seat].bot
                if bot is None:
                    self.human_turn(seat)
                    continue
                chooser, rng = bot
                self.state.apply(chooser.choose(self.state, seat, rng), seat=seat)
                if not self.humans:
                    self.show_new_log(None)
                    self.draw(None)
        except UserQuit:
            return False
        self.show_end()
        return True

    def read(self, prompt: str) -> str:
        """One line of input; ``UserQuit`` on end of input or Ctrl-C."""
        try:
            return self.ui.out.input(prompt).strip()
        except (EOFError, KeyboardInterrupt):
            self.ui.out.print()
            raise UserQuit from None

    def draw(self, seat: int | None) -> None:
        """Write the SVG drawing of ``seat``'s view (the spectator's for ``None``) to ``--svg``."""
        if self.svg is None:
            return
        drawing = self.state.game.render_svg(self.state.view(seat), self.catalog)
        if drawing is not None:
            self.svg.write_text(drawing, encoding="utf-8")

    def show_new_log(self, seat: int | None) -> None:
        """The public log lines ``seat`` (``None``: the spectator) has not seen yet."""
        start = self.seen.get(seat, 0)
        print_log(self.ui, self.catalog, self.state.log[start:])
        self.seen[seat] = len(self.state.log)

    def hand_over(self, seat: int) -> None:
        """Clear the screen and wait until the player of ``seat`` has the terminal."""
        self.ui.out.clear()
        if self.read(self.ui.t("play.handoff", name=escape(self.seats[seat].name))).lower() in QUIT_WORDS:
            raise UserQuit

    def list_actions(self, legal: tuple[Action, ...] | list[Action]) -> None:
        """The legal actions, numbered, with their notation."""
        game = self.state.game
        for number, action in enumerate(legal, start=1):
            text = escape(game.describe_action(action, self.catalog))
            notation = escape(game.notation(action, self.catalog.lang))
            self.ui.out.print(f"  [bold]{number:>3}[/bold]  {text}  [dim]{notation}[/dim]")

    def human_turn(self, seat: int) -> None:
        """Show ``seat`` its position and apply the action it chooses (re-asking after bad input).

        A decision with a single legal action (e.g. declining a reaction without an Absicherung)
        is taken for the player and said so: asking would only slow the table down.
        """
        only = self.state.legal_actions()
        if len(only) == 1:
            action = escape(self.state.game.describe_action(only[0], self.catalog))
            self.ui.out.print(self.ui.t("play.only_one", name=escape(self.seats[seat].name), action=action))
            self.state.apply(only[0], seat=seat)
            return
        if len(self.humans) > 1 and seat != self.last_human:
            self.hand_over(seat)
        self.last_human = seat
        self.show_new_log(seat)
        self.draw(seat)
        print_view(self.ui, self.state, seat, self.catalog)
        legal = list(self.state.legal_actions())
        self.list_actions(legal)
        while True:
            text = self.read(self.ui.t("play.prompt", name=escape(self.seats[seat].name), count=len(legal)))
            if text.lower() in QUIT_WORDS:
                raise UserQuit
            if not text or text.lower() in HELP_WORDS:
                self.list_actions(legal)
                continue
            chosen: Action | str = text
            if text.isdigit():
                if not 1 <= int(text) <= len(legal):
                    self.ui.err.print(self.ui.t("play.bad_number", number=text, count=len(legal)), style="red")
                    continue
                chosen = legal[int(text) - 1]
            try:
                self.state.apply(chosen, seat=seat)
            except GameError as error:
                self.ui.print_error(error, self.catalog)
                hint = f"play.hint.{error.code}"
                self.ui.err.print(self.ui.t(hint if self.ui.has(hint) else "play.hint.illegal_action"), style="red")
                continue
            return

    def show_end(self) -> None:
        """The final position, the last log lines and the outcome."""
        self.show_new_log(None if not self.humans else self.last_human)
        print_view(self.ui, self.state, None, self.catalog)
        self.draw(None)
        self.ui.out.print(outcome_table(self.ui, self.state.outcome(), [entry.name for entry in self.seats]))

"""A game at one terminal: humans type their decisions, bots move by themselves.

Each human sees only their own seat's view (``state.view(seat)``) and the public log lines
that are new to them, each line once.  With two or more humans the screen is cleared and the
terminal handed over ("pass the terminal to ...") before each change of seat, so nobody sees
another's hand; every decision of a human, even one with a single possible answer, is then
asked on that player's own screen (announcing "player 1 has only one option" would tell the
table what player 1 holds, Busfaktor ruling R3).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.markup import escape
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from ..engine import Action, Bot, Catalog, Event, GameError, Rng, State, write_text_atomically
from .common import Ui
from .display import outcome_table, print_log, print_view

QUIT_WORDS = frozenset({"quit", "exit", "beenden", "ende"})
HELP_WORDS = frozenset({"?", "help", "hilfe"})
LOG_WORDS = frozenset({"log", "verlauf"})
MIN_LOG_LINES = 3
"""A decision shows at least this many of the log lines new to the player, however small the terminal."""


@dataclass
class Seat:
    """Who sits at a seat: a name, and for a bot the bot with its own seeded generator."""

    name: str
    bot: tuple[Bot, Rng] | None = None


QUIT_STATUS = 1
"""Exit status of a game ended early by ``quit`` or the end of input (Ctrl-D)."""


class UserQuit(Exception):
    """The session ends before the game does; ``status`` is the program's exit status.

    ``quit`` and Ctrl-D end with :data:`QUIT_STATUS`, a signal with ``128 + signal number``.
    """

    def __init__(self, status: int = QUIT_STATUS) -> None:
        super().__init__(status)
        self.status = status


class Session:
    """Plays ``state`` to its end with the given seats.

    Args:
        ui: the interface language and consoles.
        state: the game to play (mutated).
        seats: one :class:`Seat` per seat of ``state``.
        catalog: the game's catalog with the seat names, for log and views.
        svg: a file kept up to date with the game's SVG drawing of what the viewer may see.
        after_move: called after every action (``play --record`` saves the record there).
        delay: seconds to wait after each move of a game without humans, so it can be watched.
    """

    def __init__(
        self,
        ui: Ui,
        state: State[Any],
        seats: list[Seat],
        catalog: Catalog,
        svg: Path | None = None,
        after_move: Callable[[], None] | None = None,
        delay: float = 0.0,
    ) -> None:
        self.ui = ui
        self.svg = svg
        self.after_move = after_move
        self.delay = delay
        self.state = state
        self.seats = seats
        self.catalog = catalog
        self.humans = [seat for seat, entry in enumerate(seats) if entry.bot is None]
        self.seen: dict[int | None, int] = {}
        self.last_human: int | None = None
        self.unprompted = 0
        """Terminal lines printed since the last prompt (log and automatic choices of this player)."""

    def run(self) -> None:
        """Play until the game ends.

        Raises:
            UserQuit: the user ended the session early (``quit``, end of input).
            KeyboardInterrupt: Ctrl-C.
        """
        while not self.state.is_over:
            seat = self.state.to_move
            if seat is None:
                raise GameError(f"{self.state.game.id}: nobody is to move in a running game")
            bot = self.seats[seat].bot
            if bot is None:
                self.human_turn(seat)
            else:
                chooser, rng = bot
                self.state.apply(chooser.choose(self.state, seat, rng), seat=seat)
                if not self.humans:
                    self.show_new_log(None)
                    self.draw(None)
                    time.sleep(self.delay)
            if self.after_move is not None:
                self.after_move()
        self.show_end()

    def read(self, prompt: str) -> str:
        """One line of input; ``UserQuit`` at the end of input (Ctrl-D)."""
        try:
            return self.ui.out.input(prompt).strip()
        except EOFError:
            self.ui.out.print()
            raise UserQuit from None

    def draw(self, seat: int | None) -> None:
        """Write the SVG drawing of ``seat``'s view (the spectator's for ``None``) to ``--svg``."""
        if self.svg is None:
            return
        drawing = self.state.game.render_svg(self.state.view(seat), self.catalog)
        if drawing is not None:
            write_text_atomically(self.svg, drawing)

    def show_new_log(self, seat: int | None) -> None:
        """The public log lines ``seat`` (``None``: the spectator) has not seen yet."""
        start = self.seen.get(seat, 0)
        print_log(self.ui, self.catalog, self.state.log[start:])
        if self.ui.out.is_terminal:
            self.unprompted += sum(self.log_heights(self.state.log[start:]))
        self.seen[seat] = len(self.state.log)

    def log_heights(self, events: Sequence[Event]) -> list[int]:
        """Terminal lines of each of ``events`` as :func:`print_log` prints them."""
        return [self.height(Text(f"• {self.catalog.render(event)}")) for event in events]

    def show_recent_log(self, seat: int, room: int) -> list[Event]:
        """Before a decision: the log lines new to ``seat``, on a terminal only the last ones that fit
        in ``room`` terminal lines (at least :data:`MIN_LOG_LINES`), the earlier ones counted and left to the
        ``log`` command, so that position, options and prompt stay on one screen.  Returns the new
        lines (all of them) for ``log``."""
        recent = self.state.log[self.seen.get(seat, 0) :]
        self.seen[seat] = len(self.state.log)
        shown = recent
        heights = self.log_heights(recent)
        if self.ui.out.is_terminal and sum(heights) > room and len(recent) > MIN_LOG_LINES:
            keep, used = 0, 1  # the line that counts the lines left out
            while keep < len(recent) and (keep < MIN_LOG_LINES or used + heights[-1 - keep] <= room):
                used += heights[-1 - keep]
                keep += 1
            shown = recent[len(recent) - keep :]
            self.ui.out.print(self.ui.t("play.log_skipped", count=len(recent) - keep), style="dim")
        print_log(self.ui, self.catalog, shown)
        return recent

    def hand_over(self, seat: int) -> None:
        """Clear the screen and wait until the player of ``seat`` has the terminal."""
        self.ui.out.clear()
        if self.read(self.ui.t("play.handoff", name=escape(self.seats[seat].name))).lower() in QUIT_WORDS:
            raise UserQuit

    def list_actions(self, legal: list[Action]) -> None:
        """Print :meth:`action_list`."""
        self.ui.out.print(self.action_list(legal))

    def action_list(self, legal: list[Action]) -> Group:
        """The legal actions, numbered: one per line with description and notation, or, where the
        game groups them (``Game.group_actions``, e.g. Bus buildings by lot), one entry per group,
        the groups side by side as far as the terminal is wide."""
        game = self.state.game
        groups = game.group_actions(legal, self.catalog) or [(None, [(index, "") for index in range(len(legal))])]
        single = Table.grid(padding=(0, 1))
        single.add_column(no_wrap=True)
        single.add_column()
        entries: list[Text] = []
        for heading, members in groups:
            if heading is None:
                for index, _label in members:
                    text = escape(game.describe_legal(self.state, legal[index], self.catalog))
                    notation = escape(game.notation(legal[index], self.catalog.lang))
                    single.add_row(f"  [bold]{index + 1:>3}[/bold]", f"{text}  [dim]{notation}[/dim]")
                continue
            entry = Text(f"{heading}:")
            for index, label in members:
                entry.append(f" {index + 1}", style="bold").append(f" {label}")
            entries.append(entry)
        parts: list[RenderableType] = []
        if single.row_count:
            parts.append(single)
        if entries:
            parts.append(Padding(Columns(entries, padding=(0, 4)), (0, 0, 0, 2)))
        return Group(*parts)

    def height(self, renderable: RenderableType) -> int:
        """How many terminal lines ``renderable`` takes."""
        return len(self.ui.out.render_lines(renderable, self.ui.out.options, pad=False))

    def human_turn(self, seat: int) -> None:
        """Show ``seat`` its position and apply the action it chooses (re-asking after bad input).

        With one human at the terminal, a decision with a single legal action (e.g. declining a
        reaction without an Absicherung) is taken for them and said so, after the log lines that
        led to it; with several humans it is asked like any other, on that player's own screen
        after the hand-over, so the others learn nothing from it.
        """
        if len(self.humans) > 1 and seat != self.last_human:
            self.hand_over(seat)
        self.last_human = seat
        legal = list(self.state.legal_actions())
        name = escape(self.seats[seat].name)
        if len(legal) == 1 and len(self.humans) == 1:
            action = escape(self.state.game.describe_action(legal[0], self.catalog))
            self.show_new_log(seat)
            message = self.ui.t("play.only_one", name=name, action=action)
            self.ui.out.print(message)
            self.unprompted += self.height(Text.from_markup(message))
            self.state.apply(legal[0], seat=seat)
            return
        self.draw(seat)
        view = self.state.game.render_text(self.state.view(seat), self.catalog)
        options = self.action_list(legal)
        room = self.ui.out.height - self.height(view) - self.height(options) - 1 - self.unprompted
        recent = self.show_recent_log(seat, room)
        self.unprompted = 0
        self.ui.out.print(view)
        self.ui.out.print(options)
        prompt = self.ui.t("play.prompt_one", name=name) if len(legal) == 1 else None
        while True:
            text = self.read(prompt or self.ui.t("play.prompt", name=name, count=len(legal)))
            if text.lower() in QUIT_WORDS:
                raise UserQuit
            if not text and len(legal) == 1:
                text = "1"
            if text.lower() in LOG_WORDS:
                print_log(self.ui, self.catalog, recent)
                continue
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
        """The final position, the last log lines, the outcome and the seed (secret until now)."""
        self.show_new_log(None if not self.humans else self.last_human)
        print_view(self.ui, self.state, None, self.catalog)
        self.draw(None)
        self.ui.out.print(outcome_table(self.ui, self.state.outcome(), [entry.name for entry in self.seats]))
        self.ui.out.print(self.ui.t("play.seed", seed=self.state.seed))

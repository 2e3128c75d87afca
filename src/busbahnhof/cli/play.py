"""``busbahnhof play``: a game at this terminal, humans and bots.

Humans take the first seats, bots the seats after them (``--bots kartenzaehler:3`` with four
players: seat 1 is the human, seats 2-4 are bots).  Every bot chooses with its own generator
``Rng(derive_seed(seed, "bot", seat))``.  ``--record FILE`` saves the record after every move
(atomically) and when the session ends in any way: the game's end, ``quit``, end of input,
Ctrl-C, SIGTERM, SIGHUP.  ``--resume FILE`` continues such a record where it stopped.  ``--svg
FILE`` (games with a drawing, i.e. Bus) keeps an SVG picture of the position up to date.

Exit status: 0 when the game was played to its end, 1 after ``quit`` or end of input, 130
after Ctrl-C, 128 + the signal's number after SIGTERM (143) or SIGHUP (129); 2 for bad input.
"""

from __future__ import annotations

import contextlib
import secrets
import signal
from collections.abc import Iterator
from pathlib import Path
from types import FrameType
from typing import Annotated, Any

import typer

from ..bots import make_bot, parse_bot_spec
from ..engine import Game, InvalidOptionError, InvalidRecordError, Rng, State, derive_seed, load_record, replay
from ..engine import save_record as write_record
from ..interrupts import signals_handled
from .common import DEFAULT_LANG, DeckOption, LangOption, OptionOption, PresetOption, Ui, build_game, require_drawing
from .output import check_output_path
from .sanitize import terminal_safe
from .session import Seat, Session, UserQuit

INTERRUPT_STATUS = 130
"""Exit status after Ctrl-C (128 + SIGINT), as shells report it."""
SAVE_SIGNALS = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name))
"""Signals that end a game the way ``quit`` does: the record is saved, the status is 128 + the signal."""
GAME_SETTINGS = {
    "game_id": "GAME",
    "players": "--players",
    "bots": "--bots",
    "seed": "--seed",
    "names": "--names",
    "option": "--option",
    "preset": "--preset",
    "deck": "--deck",
}
"""What a resumed game takes from its record (parameter: as written); giving them with ``--resume`` is refused."""


def seat_names(ui: Ui, humans: int, bots: list[str], given: str | None) -> list[str]:
    """Names per seat: those given (comma-separated, in seat order), then ``Spieler N`` / ``bot N``."""
    names = [terminal_safe(name.strip()) for name in given.split(",")] if given else []
    if len(names) > humans + len(bots):
        raise InvalidOptionError(
            f"{len(names)} names for {humans + len(bots)} seats",
            key="play_error.names",
            params={"names": len(names), "seats": humans + len(bots)},
        )
    defaults = [ui.t("play.human_name", n=seat + 1) for seat in range(humans)]
    defaults += [ui.t("play.bot_name", bot=bot, n=humans + index + 1) for index, bot in enumerate(bots)]
    return names + defaults[len(names) :]


def make_seats(game: Game[Any, Any], names: list[str], bots: list[str | None], seed: int, turn: int = 0) -> list[Seat]:
    """One seat per name; ``bots[k]`` names the bot of seat ``k`` (``None``: a human).

    Each bot gets its own generator ``Rng(derive_seed(seed, "bot", k))``; in a game resumed
    after ``turn`` actions ``Rng(derive_seed(seed, "bot", k, turn))``.
    """
    seats = []
    for seat, (name, bot) in enumerate(zip(names, bots, strict=True)):
        labels: tuple[int | str, ...] = ("bot", seat) if turn == 0 else ("bot", seat, turn)
        seats.append(Seat(name, None if bot is None else (make_bot(game, bot), Rng(derive_seed(seed, *labels)))))
    return seats


def session_record(state: State[Any], seats: list[Seat], bots: list[str | None]) -> dict[str, Any]:
    """The engine's record plus the seat names (``names``) and who plays each seat (``bots``)."""
    return {**state.record(), "names": [seat.name for seat in seats], "bots": bots}


def resumed(record: dict[str, Any], path: Path) -> tuple[State[Any], list[str], list[str | None]]:
    """The state of a saved game, its seat names and bots; refuses a finished game."""
    state = replay(record)
    if state.is_over:
        raise InvalidRecordError(
            f"{path}: this game is already over; nothing to resume",
            key="play_error.resume_over",
            params={"path": str(path)},
        )
    names = record.get("names")
    bots = record.get("bots")
    if not (isinstance(names, list) and len(names) == state.players and all(isinstance(n, str) for n in names)):
        raise InvalidRecordError(
            f"{path}: the record names no players ('names'); only records of play --record can be resumed",
            key="play_error.resume_names",
            params={"path": str(path)},
        )
    if bots is None:
        bots = [None] * state.players
    if not (isinstance(bots, list) and len(bots) == state.players and all(_is_bot_entry(b) for b in bots)):
        raise InvalidRecordError(
            f"{path}: 'bots' must list a bot name or null for each of the {state.players} seats",
            key="play_error.resume_bots",
            params={"path": str(path), "players": state.players},
        )
    return state, names, bots


def _is_bot_entry(entry: Any) -> bool:
    return entry is None or isinstance(entry, str)


def _typed(ctx: typer.Context, name: str) -> bool:
    """Whether the parameter ``name`` was given on the command line (not left at its default)."""
    source = ctx.get_parameter_source(name)
    return source is not None and source.name == "COMMANDLINE"


def refuse_settings_with_resume(ctx: typer.Context) -> None:
    """Refuse game settings given together with ``--resume`` (the record has them)."""
    given = [text for name, text in GAME_SETTINGS.items() if _typed(ctx, name)]
    if given:
        options = ", ".join(given)
        raise InvalidOptionError(
            f"--resume takes the game, players, bots, seed and rule options from the record; drop {options}",
            key="play_error.resume_settings",
            params={"options": options},
        )


@contextlib.contextmanager
def signals_end_the_session() -> Iterator[None]:
    """While inside, SIGTERM and SIGHUP end the session like ``quit`` (status 128 + signal number)."""

    def stop(signum: int, _frame: FrameType | None) -> None:
        raise UserQuit(128 + signum)

    with signals_handled(SAVE_SIGNALS, stop):
        yield


def play(
    ctx: typer.Context,
    game_id: Annotated[
        str | None, typer.Argument(metavar="GAME", help="The game, e.g. busfahrer (not with --resume).")
    ] = None,
    players: Annotated[int, typer.Option("--players", "-p", help="Number of seats.")] = 4,
    bots: Annotated[str, typer.Option("--bots", help="Bots for the last seats: name[:count],...")] = "",
    seed: Annotated[int | None, typer.Option("--seed", help="Seed of the deal (random if not given).")] = None,
    names: Annotated[str | None, typer.Option("--names", help="Player names in seat order, comma-separated.")] = None,
    record: Annotated[
        Path | None, typer.Option("--record", help="Save the game record to this file after every move.")
    ] = None,
    resume: Annotated[
        Path | None, typer.Option("--resume", help="Continue the game saved in this record (and keep saving there).")
    ] = None,
    svg: Annotated[
        Path | None, typer.Option("--svg", help="Keep a drawing of the position in this SVG file (Bus).")
    ] = None,
    delay: Annotated[
        float, typer.Option("--delay", help="Seconds to wait after each move of a game with only bots.")
    ] = 0.0,
    option: OptionOption = None,
    preset: PresetOption = None,
    deck: DeckOption = None,
    lang: LangOption = DEFAULT_LANG,
) -> None:
    """Play a game at this terminal: humans take the first seats, bots the rest."""
    ui = Ui.open(ctx, lang, game_id)
    if not 0 <= delay <= 60:
        raise InvalidOptionError(
            f"--delay {delay}: choose 0 to 60 seconds", key="play_error.delay", params={"delay": delay}
        )
    if resume is not None:
        refuse_settings_with_resume(ctx)
        saved = load_record(resume)
        ui = Ui.open(ctx, lang, saved.get("game"))
        state, seat_list_names, bot_list = resumed(saved, resume)
        game = state.game
        record = record or resume
    else:
        if game_id is None:
            raise InvalidOptionError(
                "name the game to play (e.g. busbahnhof play busfahrer), or --resume a saved one",
                key="play_error.no_game",
            )
        game = build_game(game_id, option, preset, deck)
        chosen = parse_bot_spec(game, bots, seats=players)
        state = game.new_state(players, secrets.randbelow(2**31) if seed is None else seed)
        humans = players - len(chosen)
        bot_list = [None] * humans + list(chosen)
        seat_list_names = seat_names(ui, humans, chosen, names)
    if svg is not None:
        require_drawing(game.id)
        check_output_path(svg, "--svg", ".svg")
    if record is not None:
        check_output_path(record, "--record")
    seat_list = make_seats(game, seat_list_names, bot_list, state.seed, len(state.history))
    watching = all(bot is not None for bot in bot_list)

    def save() -> None:
        if record is not None:
            write_record(session_record(state, seat_list, bot_list), record)

    if watching:
        ui.out.print(ui.t("play.start_watch", game=game.title, players=state.players, seed=state.seed))
    else:
        ui.out.print(ui.t("play.start", game=game.title, players=state.players))
    catalog = game.catalog(ui.lang, seat_list_names)
    session = Session(ui, state, seat_list, catalog, svg, after_move=save, delay=delay if watching else 0.0)
    status = 0
    with signals_end_the_session():
        try:
            save()
            session.run()
        except UserQuit as stop:
            status = stop.status
        except KeyboardInterrupt:
            status = INTERRUPT_STATUS
        finally:
            save()
    with contextlib.suppress(OSError):  # after SIGHUP the terminal may be gone
        if status:
            ui.out.print()
            ui.out.print(ui.t("play.quit"))
        if record is not None:
            ui.out.print(ui.t("play.saved", path=str(record)), markup=False, soft_wrap=True)
            if status:
                ui.out.print(ui.t("play.resume", path=str(record)), markup=False, soft_wrap=True)
    if status:
        raise typer.Exit(status)

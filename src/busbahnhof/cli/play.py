"""``busbahnhof play``: a game at this terminal, humans and bots.

Humans take the first seats, bots the seats after them (``--bots kartenzaehler:3`` with four
players: seat 1 is the human, seats 2-4 are bots).  Every bot chooses with its own generator
``Rng(derive_seed(seed, "bot", seat))``.  ``--record FILE`` saves the record at the end, also
when the user quits early.  ``--svg FILE`` (games with a drawing, i.e. Bus) keeps an SVG picture
of the position up to date for a browser or image viewer beside the terminal.
"""

from __future__ import annotations

import secrets
from pathlib import Path
from typing import Annotated, Any

import typer

from ..bots import make_bot, parse_bot_spec
from ..engine import Game, InvalidOptionError, Rng, derive_seed, save_record
from .common import DEFAULT_LANG, DeckOption, LangOption, OptionOption, PresetOption, Ui, build_game, require_drawing
from .session import Seat, Session


def seat_names(ui: Ui, humans: int, bots: list[str], given: str | None) -> list[str]:
    """Names per seat: those given (comma-separated, in seat order), then ``Spieler N`` / ``bot N``."""
    names = [name.strip() for name in given.split(",")] if given else []
    if len(names) > humans + len(bots):
        raise InvalidOptionError(f"{len(names)} names for {humans + len(bots)} seats")
    defaults = [ui.t("play.human_name", n=seat + 1) for seat in range(humans)]
    defaults += [ui.t("play.bot_name", bot=bot, n=humans + index + 1) for index, bot in enumerate(bots)]
    return names + defaults[len(names) :]


def make_seats(game: Game[Any, Any], players: int, bots: list[str], names: list[str], seed: int) -> list[Seat]:
    """Humans first, then the bots, each bot with its own derived generator."""
    humans = players - len(bots)
    seats = [Seat(names[seat]) for seat in range(humans)]
    for index, bot in enumerate(bots):
        seat = humans + index
        seats.append(Seat(names[seat], (make_bot(game, bot), Rng(derive_seed(seed, "bot", seat)))))
    return seats


def play(
    ctx: typer.Context,
    game_id: Annotated[str, typer.Argument(metavar="GAME", help="The game, e.g. busfahrer.")],
    players: Annotated[int, typer.Option("--players", "-p", help="Number of seats.")] = 4,
    bots: Annotated[str, typer.Option("--bots", help="Bots for the last seats: name[:count],...")] = "",
    seed: Annotated[int | None, typer.Option("--seed", help="Seed of the deal (random if not given).")] = None,
    names: Annotated[str | None, typer.Option("--names", help="Player names in seat order, comma-separated.")] = None,
    record: Annotated[Path | None, typer.Option("--record", help="Save the game record to this file.")] = None,
    svg: Annotated[
        Path | None, typer.Option("--svg", help="Keep a drawing of the position in this SVG file (Bus).")
    ] = None,
    option: OptionOption = None,
    preset: PresetOption = None,
    deck: DeckOption = None,
    lang: LangOption = DEFAULT_LANG,
) -> None:
    """Play a game at this terminal: humans take the first seats, bots the rest."""
    ui = Ui.open(ctx, lang, game_id)
    game = build_game(game_id, option, preset, deck)
    bot_list = parse_bot_spec(game, bots, seats=players)
    if svg is not None:
        require_drawing(game.id)
    if svg is not None and not svg.parent.is_dir():
        raise InvalidOptionError(f"--svg {svg}: the folder {svg.parent} does not exist")
    if seed is None:
        seed = secrets.randbelow(2**31)
    state = game.new_state(players, seed)
    seat_list = make_seats(game, players, bot_list, seat_names(ui, players - len(bot_list), bot_list, names), seed)
    ui.out.print(ui.t("play.start", game=game.title, players=players, seed=seed))
    session = Session(ui, state, seat_list, game.catalog(lang, [seat.name for seat in seat_list]), svg)
    try:
        if not session.run():
            ui.out.print(ui.t("play.quit"))
    finally:
        if record is not None:
            save_record({**state.record(), "names": [seat.name for seat in seat_list]}, record)
            ui.out.print(ui.t("play.saved", path=str(record)))

"""``busbahnhof render bus --record FILE --at N -o board.svg``: one position of a record as SVG.

The record is replayed with :func:`busbahnhof.engine.replay` up to action ``N`` (all of them
without ``--at``) and the view of ``--seat S`` (1-based; the spectator's view without it) is
drawn by the game's SVG drawing (``Game.render_svg``) in the language of ``--lang``.  Only Bus has
an SVG drawing; any other game, or a record of another game, is refused with a clear error (exit
status 2).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, cast

import typer

from ..engine import InvalidRecordError, load_record, replay, write_text_atomically
from .common import DEFAULT_LANG, LangOption, Ui, require_drawing
from .output import check_output_path
from .sanitize import terminal_safe

app = typer.Typer()


@app.command()
def render(
    ctx: typer.Context,
    game: Annotated[str, typer.Argument(help="The game whose board to draw (only bus has an SVG drawing).")],
    record: Annotated[Path, typer.Option("--record", help="A saved game record (JSON).")],
    output: Annotated[Path, typer.Option("--output", "-o", help="The SVG file to write.")],
    at: Annotated[int | None, typer.Option("--at", help="Draw the position after this many actions.")] = None,
    seat: Annotated[int | None, typer.Option("--seat", help="Draw this seat's view (1 = first player).")] = None,
    lang: LangOption = DEFAULT_LANG,
) -> None:
    """Draw one position of a game record as a standalone SVG file."""
    ui = Ui.open(ctx, lang)
    require_drawing(game)
    check_output_path(output, "--output", ".svg")
    data = load_record(record)
    if data["game"] != game:
        raise InvalidRecordError(
            f"{record} is a record of {data['game']!r}, not of {game!r}",
            key="cli_error.other_game",
            params={"path": str(record), "recorded": str(data["game"]), "game": game},
        )
    if at is not None and not 0 <= at <= len(data["actions"]):
        raise InvalidRecordError(
            f"--at {at}: {record} has positions 0 to {len(data['actions'])}",
            key="cli_error.no_position",
            params={"number": at, "last": len(data["actions"])},
        )
    state = replay(data, upto=at)
    if seat is not None and not 1 <= seat <= state.players:
        raise InvalidRecordError(
            f"--seat {seat}: the record has seats 1 to {state.players}",
            key="cli_error.no_seat",
            params={"seat": seat, "players": state.players},
        )
    names = data.get("names")
    seat_names = None
    if isinstance(names, list) and len(names) == state.players:
        seat_names = [terminal_safe(str(name)) for name in names]
    catalog = state.game.catalog(ui.lang, seat_names)
    svg = cast(str, state.game.render_svg(state.view(None if seat is None else seat - 1), catalog))
    write_text_atomically(output, svg)
    ui.out.print(str(output), markup=False)

"""``busbahnhof games [GAME]``: the registered games (or one), their player range, rule options, presets,
bots and the credit a game's licence requires."""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal, get_args, get_origin

import typer
from rich.table import Table

from ..bots import bot_names
from ..engine import Game, GameError, game_class, game_ids
from .common import DEFAULT_LANG, LangOption, Ui


def as_typed(value: Any) -> str:
    """``value`` as it is written after ``--option KEY=``: text bare, everything else as JSON."""
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)


def option_lines(ui: Ui, game_type: type[Game[Any, Any]]) -> list[str]:
    """``name = default`` for each rule option of the game, with the choices of a fixed set.

    An option whose default is ``None`` (not set: the game's built-in choice, e.g. Busfaktor's
    standard deck) says so in words instead of printing ``null``.
    """
    lines = []
    for name, field in game_type.options_model.model_fields.items():
        default = ui.t("games.unset") if field.default is None else as_typed(field.default)
        line = f"{name} = {default}"
        if get_origin(field.annotation) is Literal:
            line += f"  ({' | '.join(as_typed(choice) for choice in get_args(field.annotation))})"
        lines.append(line)
    return lines


def game_table(ui: Ui, game_id: str) -> Table:
    """One game's facts; a game whose package does not load is shown as unavailable."""
    table = Table(show_header=False, title_justify="left", expand=False)
    table.add_column(style="bold")
    table.add_column()
    try:
        game_type = game_class(game_id)
        bots = bot_names(game_type())
    except (ImportError, AttributeError, GameError) as problem:
        table.title = game_id
        table.add_row(ui.t("games.status"), ui.t("games.unavailable", reason=str(problem)))
        return table
    table.title = f"{game_id}: {game_type.title}"
    table.add_row(ui.t("games.players"), f"{game_type.min_players}–{game_type.max_players}")
    table.add_row(ui.t("games.options"), "\n".join(option_lines(ui, game_type)) or "–")
    table.add_row(ui.t("games.presets"), ", ".join(game_type.presets))
    table.add_row(ui.t("games.bots"), ", ".join(bots))
    if game_type.credit is not None:
        table.add_row(ui.t("games.credit"), game_type.credit.text(ui.catalog))
    return table


def games(
    ctx: typer.Context,
    game: Annotated[str | None, typer.Argument(metavar="GAME", help="Show only this game.")] = None,
    lang: LangOption = DEFAULT_LANG,
) -> None:
    """List the games: players, rule options with defaults, presets, bots and required credits."""
    ui = Ui.open(ctx, lang)
    if game is not None:
        game_class(game)  # an unknown game is an error, not an empty list
    for game_id in [game] if game is not None else game_ids():
        ui.out.print(game_table(ui, game_id))

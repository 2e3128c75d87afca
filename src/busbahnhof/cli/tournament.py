"""``busbahnhof tournament``: bots play the same deals in every seat arrangement; a standings table.

Ctrl-C (or SIGTERM, as a job scheduler or ``kill`` sends it) stops the workers at once; the games
finished until then are reported (table, JSON, plot) and the program exits with 130 (143 after
SIGTERM), as ``simulate`` does.
"""

from __future__ import annotations

import json
from functools import partial
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.measure import Measurement
from rich.table import Table

from ..bots import parse_bot_spec
from ..engine import InvalidOptionError, write_text_atomically
from ..sim.tournament import tournament as run_tournament
from .common import DEFAULT_LANG, DeckOption, LangOption, OptionOption, PresetOption, Ui, build_game
from .output import STDOUT, check_output_path
from .run_progress import RunProgress
from .simulate import UNLIMITED_WIDTH, StopOnTerminate, format_figure


def standings_table(ui: Ui, report: dict[str, Any], title: str) -> Table:
    """One row per bot: seat-games, win share with its interval, mean points, rating."""
    table = Table(
        title=ui.t(
            "tournament.title",
            game=title,
            games=format_figure(report["games"], ui.lang),
            arrangements=report["arrangements"],
        )
    )
    table.add_column(ui.t("tournament.bot"), no_wrap=True)
    for key in ("games", "win_share", "points", "mu", "sigma", "ordinal"):
        heading = ui.t("tournament.penalty" if key == "points" and report["lower_is_better"] else f"tournament.{key}")
        table.add_column(heading, justify="right", no_wrap=True)

    def percent(value: float) -> str:
        return format_figure(100 * value, ui.lang, 1, whole_bare=False)

    for row in report["standings"]:
        table.add_row(
            row["bot"],
            format_figure(row["games"], ui.lang),
            f"{percent(row['win_share'])} % ({percent(row['win_low'])}–{percent(row['win_high'])})",
            format_figure(row["mean_points"], ui.lang, 2, whole_bare=False),
            format_figure(row["mu"], ui.lang, 2, whole_bare=False),
            format_figure(row["sigma"], ui.lang, 2, whole_bare=False),
            format_figure(row["ordinal"], ui.lang, 2, whole_bare=False),
        )
    return table


def done_line(ui: Ui, report: dict[str, Any]) -> str:
    """How many games took how long, at which rate (seconds per game below one a second), in how many processes."""
    elapsed, games = report["elapsed_seconds"], report["games"]
    common = {
        "games": ui.t("simulate.games", count=format_figure(games, ui.lang)),
        "seconds": format_figure(elapsed, ui.lang, 2, whole_bare=False),
        "processes": ui.t("simulate.processes", count=report["workers"]),
    }
    if games < elapsed:
        return ui.t(
            "tournament.done_slow", per_game=format_figure(elapsed / games, ui.lang, 1, whole_bare=False), **common
        )
    return ui.t("simulate.done", rate=format_figure(games / elapsed, ui.lang, 0), **common)


def tournament(
    ctx: typer.Context,
    game_id: Annotated[str, typer.Argument(metavar="GAME", help="The game, e.g. busfahrer.")],
    bots: Annotated[str, typer.Option("--bots", help="One bot per seat, name[:count],..., e.g. ismcts,planer:3.")],
    games: Annotated[int, typer.Option("--games", "-n", help="Games (rounded up to whole deals).")] = 96,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the run.")] = 0,
    workers: Annotated[int, typer.Option("--workers", "-w", help="Worker processes.")] = 1,
    json_out: Annotated[Path | None, typer.Option("--json", help="Write the JSON report here ('-': stdout).")] = None,
    plot_out: Annotated[
        Path | None, typer.Option("--plot", help="Draw the standings as a PNG figure here (labels in --lang).")
    ] = None,
    option: OptionOption = None,
    preset: PresetOption = None,
    deck: DeckOption = None,
    lang: LangOption = DEFAULT_LANG,
) -> None:
    """Play bots against each other in every seat arrangement: wins, points and ratings per bot."""
    ui = Ui.open(ctx, lang, game_id)
    game = build_game(game_id, option, preset, deck)
    seating = parse_bot_spec(game, bots)
    if json_out is not None:
        check_output_path(json_out, "--json")
    if plot_out is not None:
        check_output_path(plot_out, "--plot", ".png")
    number = partial(format_figure, lang=ui.lang, decimals=0)
    try:
        with RunProgress(ui, ui.t("tournament.progress", game=game.title), number) as bar, StopOnTerminate() as cut:
            report = run_tournament(game, seating, games, seed, workers, bar)
    except KeyboardInterrupt:
        ui.err.print(ui.t("simulate.interrupted_none"), style="red")
        raise typer.Exit(cut.status) from None
    interrupted = "interrupted" in report
    if interrupted:
        requested = format_figure(report["interrupted"]["requested"], ui.lang)
        kept = format_figure(report["games"], ui.lang)
        ui.err.print(ui.t("simulate.interrupted", games=kept, requested=requested), style="red")
    to_stdout = json_out is not None and str(json_out) == STDOUT
    if json_out is not None:
        text = json.dumps(report, ensure_ascii=False, indent=1)
        if to_stdout:
            print(text)
        else:
            write_text_atomically(json_out, text + "\n")
    if not to_stdout:
        table = standings_table(ui, report, game.title)
        natural = Measurement.get(ui.out, ui.out.options.update_width(UNLIMITED_WIDTH), table).maximum
        ui.out.width = max(ui.out.width, natural)  # cut no heading or figure
        ui.out.print(table)
        ui.out.print(done_line(ui, report))
        if json_out is not None:
            ui.out.print(ui.t("simulate.saved", path=str(json_out)))
    if plot_out is not None:
        from ..sim.tournament_plot import plot_standings  # matplotlib only when a figure is asked for

        try:
            plot_standings(report, plot_out, game.title, ui.lang)
        except OSError as exc:
            raise InvalidOptionError(f"--plot {plot_out}: cannot write the file: {exc.strerror}") from None
        ui.err.print(ui.t("simulate.plot_saved", path=str(plot_out)), markup=False)
    if interrupted:
        raise typer.Exit(cut.status)

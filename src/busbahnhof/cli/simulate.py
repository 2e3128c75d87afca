"""``busbahnhof simulate``: many games between bots, a progress bar, a summary table, a JSON report."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from ..bots import parse_bot_spec
from ..engine import InvalidOptionError
from ..sim import simulate as run_simulation
from .common import DEFAULT_LANG, DeckOption, LangOption, OptionOption, PresetOption, Ui, build_game

FILL_BOT = "random"


def _label(path: list[str]) -> str:
    return ".".join(path)


def _leaves(node: Any, path: list[str]) -> list[tuple[list[str], dict[str, float]]]:
    if isinstance(node, dict) and "mean" in node and not isinstance(node["mean"], dict):
        return [(path, node)]
    if isinstance(node, dict):
        return [leaf for key, child in node.items() for leaf in _leaves(child, [*path, key])]
    return []


def seat_table(ui: Ui, report: dict[str, Any]) -> Table:
    """Per seat (column) the mean of each per-seat figure."""
    table = Table(title=ui.t("simulate.seats_title"))
    table.add_column(ui.t("simulate.figure"))
    for seat, bot in enumerate(report["bots"]):
        table.add_column(ui.t("simulate.seat", n=seat + 1, bot=bot), justify="right")
    seats = report["summary"].get("seats", [])
    rows: dict[str, list[str]] = {}
    for seat, entry in enumerate(seats):
        for path, stats in _leaves(entry, []):
            rows.setdefault(_label(path), [""] * len(seats))[seat] = f"{stats['mean']:.3f}"
    for label, cells in rows.items():
        table.add_row(label, *cells)
    return table


def figures_table(ui: Ui, report: dict[str, Any]) -> Table:
    """Every figure outside ``seats`` with mean, median, min, max and total."""
    table = Table(title=ui.t("simulate.figures_title", games=report["games"]))
    table.add_column(ui.t("simulate.figure"))
    for name in ("mean", "median", "min", "max", "total"):
        table.add_column(ui.t(f"simulate.{name}"), justify="right")
    rest = {key: value for key, value in report["summary"].items() if key != "seats"}
    for path, stats in _leaves(rest, []):
        table.add_row(_label(path), *(f"{stats[name]:.4g}" for name in ("mean", "median", "min", "max", "total")))
    return table


def simulate(
    ctx: typer.Context,
    game_id: Annotated[str, typer.Argument(metavar="GAME", help="The game, e.g. busfahrer.")],
    games: Annotated[int, typer.Option("--games", "-n", help="Number of games.")] = 1000,
    players: Annotated[int, typer.Option("--players", "-p", help="Seats per game.")] = 4,
    bots: Annotated[str, typer.Option("--bots", help="Bots per seat, name[:count],...; the rest play random.")] = "",
    seed: Annotated[int, typer.Option("--seed", help="Seed of the run.")] = 0,
    workers: Annotated[int, typer.Option("--workers", "-w", help="Worker processes.")] = 1,
    json_out: Annotated[Path | None, typer.Option("--json", help="Write the JSON report here ('-': stdout).")] = None,
    plot_out: Annotated[
        Path | None, typer.Option("--plot", help="Draw the report as a PNG figure here (labels in --lang).")
    ] = None,
    option: OptionOption = None,
    preset: PresetOption = None,
    deck: DeckOption = None,
    lang: LangOption = DEFAULT_LANG,
) -> None:
    """Simulate games between bots and summarise their figures."""
    ui = Ui.open(ctx, lang, game_id)
    game = build_game(game_id, option, preset, deck)
    bot_list = parse_bot_spec(game, bots, seats=players)
    bot_list += [FILL_BOT] * (players - len(bot_list))
    if plot_out is not None:
        check_plot_path(plot_out)
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    with Progress(*columns, console=ui.err, transient=True) as bar:
        task = bar.add_task(ui.t("simulate.progress", game=game.title), total=games)
        report = run_simulation(
            game, players, bot_list, games, seed, workers, lambda done, _total: bar.update(task, completed=done)
        )
    to_stdout = json_out is not None and str(json_out) == "-"
    if json_out is not None:
        text = json.dumps(report, ensure_ascii=False, indent=1)
        if to_stdout:
            print(text)
        else:
            json_out.write_text(text + "\n", encoding="utf-8")
    if not to_stdout:
        ui.out.print(seat_table(ui, report))
        ui.out.print(figures_table(ui, report))
        ui.out.print(
            ui.t(
                "simulate.done",
                games=games,
                seconds=f"{report['elapsed_seconds']:.2f}",
                rate=f"{report['games_per_second']:.0f}",
                workers=workers,
            )
        )
        if json_out is not None:
            ui.out.print(ui.t("simulate.saved", path=str(json_out)))
    if plot_out is not None:
        save_plot(ui, report, plot_out)


def check_plot_path(plot_out: Path) -> None:
    """Refuse a ``--plot`` file that cannot be written before any game is played."""
    if plot_out.suffix.lower() != ".png":
        raise InvalidOptionError(f"--plot {plot_out}: the figure is a PNG file; name it *.png")
    if not plot_out.parent.is_dir():
        raise InvalidOptionError(f"--plot {plot_out}: the folder {plot_out.parent} does not exist")


def save_plot(ui: Ui, report: dict[str, Any], plot_out: Path) -> None:
    """Draw ``report`` to ``plot_out`` and say so on stderr (stdout may carry the JSON report)."""
    from ..sim.plots import plot_report  # matplotlib is imported only when a figure is asked for

    try:
        plot_report(report, plot_out, ui.lang)
    except OSError as exc:
        raise InvalidOptionError(f"--plot {plot_out}: cannot write the file: {exc.strerror}") from None
    ui.err.print(ui.t("simulate.plot_saved", path=str(plot_out)), markup=False)

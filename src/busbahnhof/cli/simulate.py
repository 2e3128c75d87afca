"""``busbahnhof simulate``: many games between bots, a progress bar, a summary table, a JSON report.

Ctrl-C stops the workers at once; the games finished until then are reported (tables, JSON,
plot) as usual, with a line saying how many of how many, and the program exits with 130.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.measure import Measurement
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from ..bots import parse_bot_spec
from ..engine import InvalidOptionError, write_text_atomically
from ..sim import simulate as run_simulation
from .common import DEFAULT_LANG, DeckOption, LangOption, OptionOption, PresetOption, Ui, build_game
from .output import STDOUT, check_output_path

FILL_BOT = "random"
INTERRUPT_STATUS = 130
"""Exit status after Ctrl-C (128 + SIGINT), also when the games finished before it are reported."""
STATISTICS = ("mean", "median", "min", "max", "total")
UNLIMITED_WIDTH = 100_000


def _label(path: list[str]) -> str:
    return ".".join(path)


def format_figure(value: float, lang: str, decimals: int = 3, whole_bare: bool = True) -> str:
    """``value`` in full with thousands separators, never in exponent notation (``859,500``).

    ``decimals`` places, none for a whole number if ``whole_bare`` (means keep theirs so a
    column lines up); German writes ``859.500`` and ``0,250``.
    """
    places = 0 if whole_bare and float(value).is_integer() else decimals
    text = f"{value:,.{places}f}"
    return text.translate(str.maketrans(",.", ".,")) if lang == "de" else text


def label_column(table: Table, heading: str) -> None:
    """The figure-name column: a name too long for the terminal is folded onto a second line, never cut."""
    table.add_column(heading, overflow="fold")


def needed_width(ui: Ui, table: Table) -> int:
    """The columns ``table`` needs to show every cell on one line."""
    return Measurement.get(ui.out, ui.out.options.update_width(UNLIMITED_WIDTH), table).minimum


def _leaves(node: Any, path: list[str]) -> list[tuple[list[str], dict[str, float]]]:
    if isinstance(node, dict) and "mean" in node and not isinstance(node["mean"], dict):
        return [(path, node)]
    if isinstance(node, dict):
        return [leaf for key, child in node.items() for leaf in _leaves(child, [*path, key])]
    return []


def seat_rows(ui: Ui, report: dict[str, Any]) -> dict[str, list[str]]:
    """Per per-seat figure (its dotted name) the mean of every seat, formatted."""
    seats = report["summary"].get("seats", [])
    rows: dict[str, list[str]] = {}
    for seat, entry in enumerate(seats):
        for path, stats in _leaves(entry, []):
            mean = format_figure(stats["mean"], ui.lang, whole_bare=False)
            rows.setdefault(_label(path), [""] * len(seats))[seat] = mean
    return rows


def seat_table(ui: Ui, report: dict[str, Any], seats: range | None = None) -> Table:
    """Per seat (column) the mean of each per-seat figure; only ``seats`` (all by default)."""
    rows = seat_rows(ui, report)
    chosen = range(len(report["bots"])) if seats is None else seats
    table = Table(title=ui.t("simulate.seats_title"))
    label_column(table, ui.t("simulate.figure"))
    for seat in chosen:
        heading = ui.t("simulate.seat", n=seat + 1, bot=report["bots"][seat])
        widest = max([len(line) for line in heading.splitlines()] + [len(cells[seat]) for cells in rows.values()])
        table.add_column(heading, justify="right", no_wrap=True, min_width=widest)
    for label, cells in rows.items():
        table.add_row(label, *(cells[seat] for seat in chosen))
    return table


def seat_tables(ui: Ui, report: dict[str, Any]) -> list[Table]:
    """:func:`seat_table` split into as few tables of consecutive seats as fit the terminal uncut."""
    tables: list[Table] = []
    first, seats = 0, len(report["bots"])
    while first < seats:
        last = first + 1
        while last < seats and needed_width(ui, seat_table(ui, report, range(first, last + 1))) <= ui.out.width:
            last += 1
        tables.append(seat_table(ui, report, range(first, last)))
        first = last
    return tables


def figures_table(ui: Ui, report: dict[str, Any]) -> Table:
    """Every figure outside ``seats`` with mean, median, min, max and total."""
    table = Table(title=ui.t("simulate.figures_title", games=format_figure(report["games"], ui.lang)))
    rest = {key: value for key, value in report["summary"].items() if key != "seats"}
    leaves = _leaves(rest, [])
    label_column(table, ui.t("simulate.figure"))
    for name in STATISTICS:
        table.add_column(ui.t(f"simulate.{name}"), justify="right", no_wrap=True)
    for path, stats in leaves:
        cells = (format_figure(stats[name], ui.lang, whole_bare=name != "mean") for name in STATISTICS)
        table.add_row(_label(path), *cells)
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
    if json_out is not None:
        check_output_path(json_out, "--json")
    if plot_out is not None:
        check_output_path(plot_out, "--plot", ".png")
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    try:
        with Progress(*columns, console=ui.err, transient=True) as bar:
            task = bar.add_task(ui.t("simulate.progress", game=game.title), total=games)
            report = run_simulation(
                game, players, bot_list, games, seed, workers, lambda done, _total: bar.update(task, completed=done)
            )
    except KeyboardInterrupt:
        ui.err.print(ui.t("simulate.interrupted_none"), style="red")
        raise typer.Exit(INTERRUPT_STATUS) from None
    interrupted = "interrupted" in report
    if interrupted:
        kept = format_figure(report["games"], ui.lang)
        ui.err.print(ui.t("simulate.interrupted", games=kept, requested=format_figure(games, ui.lang)), style="red")
    to_stdout = json_out is not None and str(json_out) == STDOUT
    if json_out is not None:
        text = json.dumps(report, ensure_ascii=False, indent=1)
        if to_stdout:
            print(text)
        else:
            write_text_atomically(json_out, text + "\n")
    if not to_stdout:
        for table in seat_tables(ui, report):
            ui.out.print(table)
        ui.out.print(figures_table(ui, report))
        ui.out.print(
            ui.t(
                "simulate.done",
                games=ui.t("simulate.games", count=format_figure(report["games"], ui.lang)),
                seconds=format_figure(report["elapsed_seconds"], ui.lang, 2, whole_bare=False),
                rate=format_figure(report["games_per_second"], ui.lang, 0),
                processes=ui.t("simulate.processes", count=workers),
            )
        )
        if json_out is not None:
            ui.out.print(ui.t("simulate.saved", path=str(json_out)))
    if plot_out is not None:
        save_plot(ui, report, plot_out)
    if interrupted:
        raise typer.Exit(INTERRUPT_STATUS)


def save_plot(ui: Ui, report: dict[str, Any], plot_out: Path) -> None:
    """Draw ``report`` to ``plot_out`` and say so on stderr (stdout may carry the JSON report)."""
    from ..sim.plots import plot_report  # matplotlib is imported only when a figure is asked for

    try:
        plot_report(report, plot_out, ui.lang)
    except OSError as exc:
        raise InvalidOptionError(f"--plot {plot_out}: cannot write the file: {exc.strerror}") from None
    ui.err.print(ui.t("simulate.plot_saved", path=str(plot_out)), markup=False)

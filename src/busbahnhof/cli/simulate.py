"""``busbahnhof simulate``: many games between bots, a progress bar, a summary table, a JSON report.

Ctrl-C (or SIGTERM) stops the workers at once; the games finished until then are reported
(tables, JSON, plot, results file) as usual, with a line saying how many of how many, and the
program exits with 130 (143 after SIGTERM).  ``--resume`` continues such a run from its
``--results`` file.  With ``--sweep`` or several ``--deck`` the tables compare the settings.
"""

from __future__ import annotations

import json
import signal
import threading
from functools import partial
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text

from ..bots import parse_bot_spec
from ..engine import InvalidOptionError, write_text_atomically
from ..sim import simulate as run_simulation
from ..sim.sweeps import Sweep, parse_sweep
from .common import DEFAULT_LANG, LangOption, OptionOption, PresetOption, Ui, build_game, parse_option_value
from .output import STDOUT, check_output_path
from .run_progress import RunProgress

FILL_BOT = "random"
INTERRUPT_STATUS = 130
"""Exit status after Ctrl-C (128 + SIGINT), also when the games finished before it are reported."""
TERMINATE_STATUS = 143
"""Exit status after SIGTERM (128 + SIGTERM), which stops a run like Ctrl-C."""
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


def _interval_leaves(node: Any, path: list[str | int]) -> list[tuple[list[str | int], dict[str, float]]]:
    if isinstance(node, dict) and "estimate" in node and not isinstance(node["estimate"], dict):
        return [(path, node)]
    items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else []
    return [leaf for key, child in items for leaf in _interval_leaves(child, [*path, key])]


def figure_label(ui: Ui, path: list[str | int]) -> str:
    """A figure's name in a table: ``Platz 2: points`` for per-seat figures, else the dotted path."""
    if len(path) > 2 and path[0] == "seats" and isinstance(path[1], int):
        return ui.t("simulate.seat_figure", n=path[1] + 1, figure=_label([str(part) for part in path[2:]]))
    return _label([str(part) for part in path])


def _labelled(ui: Ui, tree: Any) -> dict[str, dict[str, float]]:
    return {figure_label(ui, path): leaf for path, leaf in _interval_leaves(tree, [])}


def _interval_cells(ui: Ui, leaf: dict[str, float] | None, signed: bool = False) -> list[str]:
    """Estimate and interval; a signed estimate (a difference) is marked ``*`` where its interval excludes 0."""
    if leaf is None:
        return ["", ""]
    estimate = format_figure(leaf["estimate"], ui.lang, whole_bare=False)
    if signed:
        estimate = (
            ("+" if leaf["estimate"] > 0 else "") + estimate + (" *" if leaf["low"] > 0 or leaf["high"] < 0 else "  ")
        )
    low, high = (format_figure(leaf[end], ui.lang, whole_bare=False) for end in ("low", "high"))
    return [estimate, f"{low} – {high}"]


def sweep_table(ui: Ui, report: dict[str, Any], names: list[str] | None = None) -> Table:
    """Per figure (a heading row) and setting (a row each, called by its label or by ``names``) the
    mean with its 95 % interval and the paired difference to the first setting."""
    settings = report["settings"]
    names = names or [setting["label"] for setting in settings]
    table = Table(title=ui.t("simulate.sweep_title", games=format_figure(report["games"], ui.lang)))
    label_column(table, ui.t("simulate.figure_setting"))
    for heading in ("mean", "interval", "difference", "interval"):
        table.add_column(ui.t(f"simulate.{heading}"), justify="right", no_wrap=True)
    means = [_labelled(ui, setting["intervals"]) for setting in settings]
    differences = [{}, *(_labelled(ui, setting["difference"]) for setting in settings[1:])]
    for label in dict.fromkeys(label for figures in means for label in figures):
        table.add_row(Text(label, style="bold"))
        for position in range(len(settings)):
            cells = _interval_cells(ui, means[position].get(label))
            cells += _interval_cells(ui, differences[position].get(label), signed=True)
            table.add_row(Text(f"  {names[position]}"), *cells, end_section=position == len(settings) - 1)
    return table


DecksOption = Annotated[
    list[Path] | None,
    typer.Option(
        "--deck",
        metavar="FILE",
        help="A deck file (shorthand for --option deck=FILE); give several to compare them on the same seeds.",
    ),
]


def simulate(
    ctx: typer.Context,
    game_id: Annotated[str, typer.Argument(metavar="GAME", help="The game, e.g. busfahrer.")],
    games: Annotated[int, typer.Option("--games", "-n", help="Number of games (per setting).")] = 1000,
    players: Annotated[int, typer.Option("--players", "-p", help="Seats per game.")] = 4,
    bots: Annotated[str, typer.Option("--bots", help="Bots per seat, name[:count],...; the rest play random.")] = "",
    seed: Annotated[int, typer.Option("--seed", help="Seed of the run.")] = 0,
    workers: Annotated[
        int | None,
        typer.Option(
            "--workers", "-w", help="Worker processes (default 1); with Ray: tasks at a time (default: its CPUs)."
        ),
    ] = None,
    json_out: Annotated[Path | None, typer.Option("--json", help="Write the JSON report here ('-': stdout).")] = None,
    plot_out: Annotated[
        Path | None, typer.Option("--plot", help="Draw the report as a PNG figure here (labels in --lang).")
    ] = None,
    results: Annotated[
        Path | None, typer.Option("--results", help="Stream one row per game to FILE.parquet (a folder) or FILE.csv.")
    ] = None,
    resume: Annotated[
        bool, typer.Option("--resume", help="Continue the interrupted run in --results (repeat its command).")
    ] = False,
    sweep: Annotated[
        list[str] | None,
        typer.Option("--sweep", metavar="KEY=V1,V2,...", help="Play the same seeds under each value of a rule option."),
    ] = None,
    backend: Annotated[str, typer.Option("--backend", help="Where games are played: local or ray.")] = "local",
    address: Annotated[
        str | None, typer.Option("--address", help="The Ray cluster: auto or ray://host:port (default: a local one).")
    ] = None,
    option: OptionOption = None,
    preset: PresetOption = None,
    deck: DecksOption = None,
    lang: LangOption = DEFAULT_LANG,
) -> None:
    """Simulate games between bots and summarise their figures."""
    ui = Ui.open(ctx, lang, game_id)
    decks = deck or []
    game = build_game(game_id, option, preset, decks[0] if decks else None)
    bot_list = parse_bot_spec(game, bots, seats=players)
    bot_list += [FILL_BOT] * (players - len(bot_list))
    sweeps: list[Sweep] = []
    for text in sweep or []:
        key, values = parse_sweep(text)
        sweeps.append((key, [parse_option_value(value) for value in values]))
    if len(decks) > 1:
        sweeps.append(("deck", [str(path) for path in decks]))
    if resume and results is None:
        raise InvalidOptionError(
            "--resume continues the run in --results FILE: name the file", key="error.resume_without_results"
        )
    if json_out is not None:
        check_output_path(json_out, "--json")
    if plot_out is not None:
        check_output_path(plot_out, "--plot", ".png")
    number = partial(format_figure, lang=ui.lang, decimals=0)
    try:
        with RunProgress(ui, ui.t("simulate.progress", game=game.title), number) as bar, StopOnTerminate() as cut:
            report = run_simulation(
                game, players, bot_list, games, seed, workers, bar,
                sweeps=sweeps, results=results, resume=resume, backend=backend, address=address,
            )  # fmt: skip
    except KeyboardInterrupt:
        ui.err.print(ui.t("simulate.interrupted_none"), style="red")
        raise typer.Exit(cut.status) from None
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
        print_report(ui, report)
        if json_out is not None:
            ui.out.print(ui.t("simulate.saved", path=str(json_out)))
    if results is not None:
        ui.err.print(results_line(ui, report), markup=False, soft_wrap=True)
    if plot_out is not None:
        save_plot(ui, report, plot_out)
    if interrupted:
        raise typer.Exit(cut.status)


def print_report(ui: Ui, report: dict[str, Any]) -> None:
    """The tables of ``report`` (per seat and per figure; with a sweep the comparison) and the closing line."""
    if "settings" in report:
        print_sweep(ui, report)
    else:
        for table in seat_tables(ui, report):
            ui.out.print(table)
        ui.out.print(figures_table(ui, report))
    if report["backend"] == "ray":
        workers = ui.t("simulate.ray_tasks", count=report["workers"])
    else:
        workers = ui.t("simulate.processes", count=report["workers"])
    played = report["games_per_second"] * report["elapsed_seconds"]
    ui.out.print(
        ui.t(
            "simulate.done",
            games=ui.t("simulate.games", count=format_figure(round(played), ui.lang)),
            seconds=format_figure(report["elapsed_seconds"], ui.lang, 2, whole_bare=False),
            rate=format_figure(report["games_per_second"], ui.lang, 0),
            processes=workers,
        )
    )


def print_sweep(ui: Ui, report: dict[str, Any]) -> None:
    """The comparison of the settings; where their labels would not fit beside the figures, the
    rows name them ``#1``, ``#2``, ... and a legend above says which is which."""
    table = sweep_table(ui, report)
    natural = Measurement.get(ui.out, ui.out.options.update_width(UNLIMITED_WIDTH), table).maximum
    if natural > ui.out.width:
        labels = [setting["label"] for setting in report["settings"]]
        ui.out.print(ui.t("simulate.settings_legend"))
        for number, label in enumerate(labels, 1):
            ui.out.print(Text(f"  #{number}  {label}"))
        table = sweep_table(ui, report, [f"#{number}" for number in range(1, len(labels) + 1)])
    ui.out.print(table)
    ui.out.print(ui.t("simulate.significant"))


def results_line(ui: Ui, report: dict[str, Any]) -> str:
    """Where the rows went, and how many games a resumed run read back."""
    resumed = report["results"]["resumed"]
    path = report["results"]["path"]
    if resumed:
        return ui.t("simulate.results_resumed", path=path, games=format_figure(resumed, ui.lang))
    return ui.t("simulate.results_saved", path=path)


class StopOnTerminate:
    """While active, SIGTERM stops the run like Ctrl-C (finished games kept and written); ``status`` is
    the exit status to end with: 130 after Ctrl-C, 143 after SIGTERM."""

    def __init__(self) -> None:
        self.status = INTERRUPT_STATUS
        self.previous: Any = None

    def __enter__(self) -> StopOnTerminate:
        def stop(_signum: int, _frame: Any) -> None:
            self.status = TERMINATE_STATUS
            raise KeyboardInterrupt

        if threading.current_thread() is threading.main_thread():
            self.previous = signal.signal(signal.SIGTERM, stop)
        return self

    def __exit__(self, *_exc: object) -> None:
        if self.previous is not None:
            signal.signal(signal.SIGTERM, self.previous)


def save_plot(ui: Ui, report: dict[str, Any], plot_out: Path) -> None:
    """Draw ``report`` to ``plot_out`` and say so on stderr (stdout may carry the JSON report)."""
    from ..sim.plots import plot_report  # matplotlib is imported only when a figure is asked for

    try:
        plot_report(report, plot_out, ui.lang)
    except OSError as exc:
        raise InvalidOptionError(f"--plot {plot_out}: cannot write the file: {exc.strerror}") from None
    ui.err.print(ui.t("simulate.plot_saved", path=str(plot_out)), markup=False)

"""``busbahnhof bench``: random-playout games/s, decisions/s, clones/s and (``--bot``) search
simulations/s, medians of fresh processes; ``--review``: the review and hint times (docs/review.md);
``--load``: the time to build the game with its options, e.g. a large Busfaktor deck."""

from __future__ import annotations

import json
from typing import Annotated, Any

import typer
from rich.progress import Progress
from rich.table import Table

from ..sim import run_bench
from ..sim.bench_load import run_load_bench
from .common import DEFAULT_LANG, DeckOption, LangOption, OptionOption, PresetOption, Ui, build_game
from .review import print_review_bench


def bench_table(ui: Ui, report: dict[str, Any]) -> Table:
    """Median and every sample of each figure, plus the machine (a ``--load`` report has no players)."""
    title = ui.t("bench.title", game=report["game"], players=report["players"]) if "players" in report else None
    table = Table(
        title=title or ui.t("bench.load_title", game=report["game"]),
        caption=ui.t("bench.machine", **report["machine"]),
    )
    table.add_column(ui.t("bench.figure"))
    table.add_column(ui.t("bench.median"), justify="right")
    table.add_column(ui.t("bench.samples"), justify="right")
    for name in report["median"]:
        samples = ", ".join(f"{sample[name]:,.0f}" for sample in report["samples"])
        table.add_row(ui.t(f"bench.{name}"), f"{report['median'][name]:,.0f}", samples)
    return table


def bench(
    ctx: typer.Context,
    game_id: Annotated[str, typer.Argument(metavar="GAME", help="The game, e.g. busfahrer.")],
    players: Annotated[int, typer.Option("--players", "-p", help="Seats per game.")] = 4,
    repeats: Annotated[int, typer.Option("--repeats", "-r", help="Fresh processes, one sample each.")] = 5,
    seconds: Annotated[float, typer.Option("--seconds", "-s", help="Seconds per figure and sample.")] = 1.0,
    bot: Annotated[
        str | None, typer.Option("--bot", help="Also measure this search bot's simulations/s, e.g. ismcts.")
    ] = None,
    json_output: Annotated[bool, typer.Option("--json", help="Print the report as JSON.")] = False,
    review: Annotated[
        bool, typer.Option("--review", help="Instead: time the review of one whole game and a hint at each decision.")
    ] = False,
    load: Annotated[
        bool, typer.Option("--load", help="Instead: the time to build the game with its options (e.g. a large --deck).")
    ] = False,
    option: OptionOption = None,
    preset: PresetOption = None,
    deck: DeckOption = None,
    lang: LangOption = DEFAULT_LANG,
) -> None:
    """Measure raw engine speed: random playouts, decisions and clones per second (and a bot's search)."""
    ui = Ui.open(ctx, lang, game_id)
    game = build_game(game_id, option, preset, deck)
    if review:
        print_review_bench(ui, game, players, json_output)
        return
    with Progress(console=ui.err, transient=True) as bar:
        task = bar.add_task(ui.t("bench.progress", game=game.title), total=repeats)

        def advance(done: int, _total: int) -> None:
            bar.update(task, completed=done)

        if load:
            report = run_load_bench(game, repeats, progress=advance)
        else:
            report = run_bench(game, players, repeats, seconds, bot=bot, progress=advance)
    if json_output:
        print(json.dumps(report, ensure_ascii=False, indent=1))
    else:
        ui.out.print(bench_table(ui, report))

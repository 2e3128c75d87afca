"""``busbahnhof review RECORD``: every decision of a recorded game judged from the deciding seat's
own information, as a terminal report and as JSON (docs/review.md).

Records come from ``busbahnhof play --record``, from the server's ``GET /api/tables/{id}/record``
of a finished table (an unfinished table's record has no seed and is refused) and from any code
that saves ``state.record()``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.progress import Progress
from rich.table import Table

from ..engine import Catalog, Game, GameError, load_record, write_text_atomically
from ..learn import Budget, Review, review_record
from ..learn.bench import review_bench
from .common import DEFAULT_LANG, ERROR_EXIT, LangOption, Ui
from .output import STDOUT, check_output_path
from .sanitize import terminal_safe
from .simulate import format_figure


class ReviewText:
    """The review's words in the interface language, with the game's own description of actions."""

    def __init__(self, ui: Ui, review: Review) -> None:
        self.ui = ui
        self.texts = Catalog(("busbahnhof.learn", *ui.catalog.packages), ui.lang)
        record = review.record
        names = record.get("names")
        players = record["players"]
        self.names = (
            [terminal_safe(str(name)) for name in names]
            if isinstance(names, list) and len(names) == players
            else [ui.t("play.human_name", n=number + 1) for number in range(players)]
        )
        self.game = review.game
        self.catalog = self.game.catalog(ui.lang, self.names)

    def t(self, key: str, **params: Any) -> str:
        """A text of the review."""
        return self.texts.text(key, **params)

    def number(self, value: float, decimals: int = 2) -> str:
        """``value`` in the interface language's notation."""
        return format_figure(value, self.ui.lang, decimals, whole_bare=False)

    def action(self, text: str) -> str:
        """The game's description of an action, its notation in brackets."""
        action = self.game.parse_action(text)
        return f"{self.game.describe_action(action, self.catalog)} [{text}]"

    def value(self, option: dict[str, Any], measure: str) -> str:
        """An option's value: the odds and penalty of an answer, or the points and place in the worlds."""
        points = self.number(option["points"])
        if "right" in option:
            odds = self.t("review.odds", right=option["right"], of=option["of"])
            return f"{odds}, {self.t('review.penalty', points=points)}"
        key = "review.horizon" if measure == "horizon_points" else "review.points"
        place = self.t("review.place", place=self.number(option["place"], 1))
        return f"{self.t(key, points=points)}, {place}"


def decisions_table(text: ReviewText, report: dict[str, Any]) -> Table:
    """One row per reviewed decision: who, the move made, the best option, the loss, the options."""
    table = Table(
        title=text.t(
            "review.title",
            game=text.game.title,
            decisions=len(report["decisions"]),
            seats=", ".join(text.names[seat] for seat in report["seats"]),
        ),
        show_lines=True,
    )
    for key, justify in (("number", "right"), ("player", "left"), ("made", "left"), ("best", "left")):
        table.add_column(text.t(f"review.{key}"), justify=justify)  # type: ignore[arg-type]
    table.add_column(text.t("review.loss"), justify="right", no_wrap=True)
    table.add_column(text.t("review.options"))
    for decision in report["decisions"]:
        mistake = decision["mistake"]
        loss = text.number(decision["loss"])
        if decision["loss_error"]:
            loss += f" ± {text.number(decision['loss_error'])}"
        mark = text.t("review.mistake") if mistake else (text.t("review.good") if decision["loss"] == 0 else "")
        options = "\n".join(
            f"{'→ ' if option['action'] == decision['made'] else ''}{option['action']}: "
            f"{text.value(option, decision['measure'])}"
            for option in decision["options"]
        )
        table.add_row(
            str(decision["number"] + 1),
            text.names[decision["seat"]],
            text.action(decision["made"]),
            text.action(decision["best"]),
            f"{loss}\n{mark}".strip(),
            options,
            style="bold red" if mistake else None,
        )
    return table


def summary_table(text: ReviewText, report: dict[str, Any]) -> Table:
    """Per seat: decisions, clear mistakes, points lost in all and per decision."""
    table = Table(title=text.t("review.summary_title"))
    table.add_column(text.t("review.player"))
    for key in ("decisions", "mistakes", "total_loss", "mean_loss"):
        table.add_column(text.t(f"review.{key}"), justify="right")
    for row in report["summary"]:
        table.add_row(
            text.names[row["seat"]],
            str(row["decisions"]),
            str(row["mistakes"]),
            text.number(row["loss"]),
            text.number(row["mean_loss"]),
        )
    return table


def review(
    ctx: typer.Context,
    path: Annotated[
        Path, typer.Argument(metavar="RECORD", help="A record: play --record, or a finished table's record.")
    ],
    seat: Annotated[
        list[int] | None, typer.Option("--seat", help="Review this seat only (1 = first player; repeat for more).")
    ] = None,
    json_out: Annotated[
        Path | None, typer.Option("--json", help="Write the review as JSON here ('-': stdout).")
    ] = None,
    budget: Annotated[
        int | None,
        typer.Option("--budget", help="Decisions played in the sampled worlds per decision (default: the game's)."),
    ] = None,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the sampled worlds.")] = 0,
    graph: Annotated[
        bool, typer.Option("--graph/--no-graph", help="Also the game graph from public information.")
    ] = True,
    lang: LangOption = DEFAULT_LANG,
) -> None:
    """Judge every decision of a recorded game from the deciding player's own information."""
    ui = Ui.open(ctx, lang)
    texts = Catalog(("busbahnhof.learn", *ui.catalog.packages), ui.lang)
    if json_out is not None:
        check_output_path(json_out, "--json")
    if budget is not None and budget < 1:
        raise typer.BadParameter("--budget must be at least 1", param_hint="--budget")
    try:
        record = load_record(path)
        with Progress(console=ui.err, transient=True) as bar:
            task = bar.add_task(texts.text("review.progress", game=record["game"]), total=len(record["actions"]) + 1)
            result = review_record(
                record,
                seats=None if not seat else [number - 1 for number in seat],
                seed=seed,
                budget=None if budget is None else Budget(steps=budget),
                graph=graph,
                progress=lambda done, total: bar.update(task, completed=done, total=total + 1),
            )
    except GameError as error:
        ui.print_error(error, texts)
        raise typer.Exit(ERROR_EXIT) from None
    report = result.to_dict()
    to_stdout = json_out is not None and str(json_out) == STDOUT
    if json_out is not None:
        rendered = json.dumps(report, ensure_ascii=False, indent=1)
        if to_stdout:
            print(rendered)
        else:
            write_text_atomically(json_out, rendered + "\n")
    if to_stdout:
        return
    text = ReviewText(ui, result)
    ui.out.print(decisions_table(text, report))
    ui.out.print(summary_table(text, report))
    ui.out.print(text.t("review.measure_note"))
    ui.out.print(
        text.t(
            "review.budget",
            steps=format_figure(report["budget"]["steps"], ui.lang),
            threshold=text.number(report["threshold"], 1),
            seed=seed,
            seconds=text.number(report["seconds"], 1),
        )
    )
    if json_out is not None:
        ui.out.print(text.t("review.saved", path=str(json_out)))


def print_review_bench(ui: Ui, game: Game[Any, Any], players: int, json_output: bool) -> None:
    """``busbahnhof bench GAME --review``: the review of one whole game and a hint at each decision, timed."""
    texts = Catalog(("busbahnhof.learn", *ui.catalog.packages), ui.lang)
    with Progress(console=ui.err, transient=True) as bar:
        bar.add_task(texts.text("review.progress", game=game.title), total=None)
        report = review_bench(game, players)
    if json_output:
        print(json.dumps(report, ensure_ascii=False, indent=1))
        return
    budget, hints = report["budget"], report["hints"]

    def seconds(value: float) -> str:
        return format_figure(value, ui.lang, 2, whole_bare=False)

    table = Table(
        title=texts.text("review.bench_title", game=game.title, players=players, seed=report["seed"]),
        caption=texts.text("review.bench_machine", **report["machine"]),
    )
    table.add_column(texts.text("review.bench_figure"))
    table.add_column(texts.text("review.bench_wall"), justify="right")
    table.add_column(texts.text("review.bench_cpu"), justify="right")
    table.add_row(
        texts.text("review.bench_review", decisions=report["decisions"], steps=budget["review_steps"]),
        seconds(report["review"]["wall"]),
        seconds(report["review"]["cpu"]),
    )
    for kind in ("median", "max"):
        table.add_row(
            texts.text(f"review.bench_hint_{kind}", count=hints["count"], steps=budget["hint_steps"]),
            seconds(hints[f"wall_{kind}"]),
            seconds(hints[f"cpu_{kind}"]),
        )
    ui.out.print(table)

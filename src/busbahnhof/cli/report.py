"""``busbahnhof report``: results files of ``simulate --results`` as one self-contained HTML report."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from ..sim.report import compare_document, report_document, write_report
from .common import DEFAULT_LANG, LangOption, Ui
from .output import check_output_path


def report(
    ctx: typer.Context,
    results: Annotated[
        list[Path], typer.Argument(metavar="RESULTS...", help="Results of simulate --results (.parquet or .csv).")
    ],
    output: Annotated[Path, typer.Option("--output", "-o", help="The HTML file to write.")],
    compare: Annotated[
        bool,
        typer.Option("--compare", help="Compare two settings: two results files, or two settings of one sweep."),
    ] = False,
    setting: Annotated[
        list[str] | None,
        typer.Option(
            "--setting", metavar="LABEL", help="Only this setting of a sweep (repeatable), e.g. deck=mine.toml."
        ),
    ] = None,
    lang: LangOption = DEFAULT_LANG,
) -> None:
    """Write an HTML report of simulation results: who wins, points, game length, the game's own figures."""
    ui = Ui.open(ctx, lang)
    check_output_path(output, "--output", ".html")
    build = compare_document if compare else report_document
    document = build(results, lang, setting or ())
    write_report(document, output)
    ui.err.print(ui.t("report.done", path=str(output), sections=len(document.sections)), markup=False)

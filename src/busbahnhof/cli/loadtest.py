"""``busbahnhof loadtest``: many tables at once against a running server on this machine.

Bounded in tables (1-1000) and time (1-600 s) and refused for any server that is not on the
loopback interface; ``--processes N`` deals the tables out to N load client processes.  It
reports tables, actions per second, the latency from a submitted action to its broadcast
reaching every client of the table (p50/p95/p99), the same for the humans' chat messages
(``--chat-every``), the names checked, errors, connections sent on to a table's
owning process or made again, and the server processes' CPU and memory.  ``--wire GAME``
measures instead the bytes a phone receives over one whole game (:mod:`busbahnhof.loadtest.wire`).
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.table import Table

from ..engine import InvalidOptionError
from .common import DEFAULT_LANG, LangOption, Ui


def loadtest(
    ctx: typer.Context,
    url: Annotated[
        list[str] | None,
        typer.Option("--url", help="A server's origin on this machine (repeat for several processes)."),
    ] = None,
    tables: Annotated[int, typer.Option("--tables", "-n", help="Tables in play at once (1-1000).")] = 20,
    seconds: Annotated[float, typer.Option("--seconds", help="How long to play (1-600).")] = 30.0,
    human_think: Annotated[
        float, typer.Option("--human-think", help="The scripted human's mean think time (s).")
    ] = 1.0,
    bot_think: Annotated[float, typer.Option("--bot-think", help="The bots' think delay on the server (s).")] = 0.6,
    chat_every: Annotated[
        float,
        typer.Option("--chat-every", help="Each human's mean time between chat messages (s; 6-3600, 0: no chat)."),
    ] = 20.0,
    accounts: Annotated[
        int,
        typer.Option(
            "--accounts",
            help="Tables whose human is a registered, logged-in player (the server must allow as many"
            " registrations per address: BUSBAHNHOF_REGISTRATIONS_PER_ADDRESS).",
        ),
    ] = 0,
    game: Annotated[list[str] | None, typer.Option("--game", help="Only these games (repeatable).")] = None,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the first table.")] = 1,
    pid: Annotated[
        list[int] | None, typer.Option("--pid", help="Server pids to measure (found by port if not given).")
    ] = None,
    db_pid: Annotated[
        list[int] | None,
        typer.Option("--db-pid", help="Database pids to measure too (PostgreSQL's postmaster, with its backends)."),
    ] = None,
    verify_db: Annotated[
        str | None,
        typer.Option(
            "--verify-db",
            metavar="URL",
            help="The servers' database: afterwards, check it holds every acknowledged move at its version.",
        ),
    ] = None,
    processes: Annotated[
        int, typer.Option("--processes", help="Load client processes the tables are dealt out to (1-16).")
    ] = 1,
    json_out: Annotated[Path | None, typer.Option("--json", help="Also write the report as JSON to this file.")] = None,
    wire: Annotated[
        str | None,
        typer.Option(
            "--wire",
            metavar="GAME",
            help="Instead: the bytes a phone-sized browser receives over one whole GAME, one seat played"
            " by a script after --human-think seconds, two random bots (needs Playwright and Chromium).",
        ),
    ] = None,
    lang: LangOption = DEFAULT_LANG,
) -> None:
    """Play many tables at once over WebSockets against a running server and report speed and latency."""
    from ..loadtest.accounts import AccountError
    from ..loadtest.runner import LoadSettings, LoadTestError, run_load, use_uvloop

    ui = Ui.open(ctx, lang)
    settings = LoadSettings(
        urls=tuple(url or ["http://127.0.0.1:8000"]),
        tables=tables,
        seconds=seconds,
        human_think=human_think,
        bot_think=bot_think,
        games=tuple(game) if game else None,
        seed=seed,
        pids=tuple(pid) if pid else None,
        processes=processes,
        db_pids=tuple(db_pid or ()),
        verify_db=verify_db,
        chat_every=chat_every,
        accounts=accounts,
    )
    try:
        settings.checked()
    except (LoadTestError, ValueError) as problem:
        raise InvalidOptionError(str(problem)) from None
    if wire is not None:
        from ..loadtest.wire import measure

        report = measure(settings.urls[0], wire, "random", seed, human_think, lang)
        print(json.dumps(report, indent=1))
        if json_out is not None:
            json_out.write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
        return
    ui.out.print(ui.t("loadtest.start", tables=tables, seconds=seconds, urls=", ".join(settings.urls)), markup=False)
    use_uvloop()
    try:
        report = asyncio.run(run_load(settings))
    except AccountError as problem:  # --accounts more than the server lets register
        raise InvalidOptionError(str(problem)) from None
    ui.out.print(report_table(ui, report))
    if json_out is not None:
        json_out.write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
        ui.out.print(ui.t("loadtest.saved", path=str(json_out)), markup=False)


def report_table(ui: Ui, report: dict[str, Any]) -> Table:
    """The report as a two-column table."""
    table = Table(title=ui.t("loadtest.title"), show_header=False, title_justify="left")
    table.add_column(style="bold")
    table.add_column(justify="right")
    latency, chat, chats = report["latency_ms"], report["chat_latency_ms"], report["chats"]
    rows = [
        ("tables", f"{report['tables']} ({report['tables_started']} / {report['tables_finished']})"),
        ("seconds", f"{report['seconds']}"),
        ("actions", f"{report['actions']} ({report['actions_per_second']}/s)"),
        ("submits", f"{report['human_submits']}"),
        ("latency", f"{latency['p50']} / {latency['p95']} / {latency['p99']} / {latency['max']} ms"),
        ("chat_latency", f"{chat['p50']} / {chat['p95']} / {chat['p99']} / {chat['max']} ms"),
        ("chats", f"{chats['sent']} / {chats['delivered']} / {chats['interrupted']}"),
        ("names", f"{report['names_checked']}"),
        ("errors", f"{report['error_count']} {report['errors'] or ''}".strip()),
        ("connections", f"{report['redirects']} / {report['reconnects']}"),
    ]
    for server in report["servers"]:
        workers = round(server["cpu_percent"] - server["main_cpu_percent"], 1)
        cpu = f"{server['cpu_percent']} % CPU ({server['main_cpu_percent']} % + {workers} %)"
        per_action = f"{server['cpu_ms_per_action']} ms CPU/action ({server['main_cpu_ms_per_action']} ms main)"
        rows.append(("server", f"pid {server['pid']}: {cpu}, {per_action}, {server['rss_mib_max']} MiB"))
    if "accounts" in report:
        accounts = report["accounts"]
        rows.append(("accounts", f"{accounts['players']}: {accounts['listed']} / {accounts['tables']}"))
    if "acknowledged" in report:
        checked = report["acknowledged"]
        rows.append(("verified", f"{checked['found']} / {checked['acknowledged']} ({checked['tables']} tables)"))
    for database in report["database"]:
        cpu = f"{database['cpu_percent']} % CPU, {database['cpu_ms_per_action']} ms CPU/action"
        rows.append(("database", f"pid {database['pid']}: {cpu}"))
    client = report["load_client"]
    rows.append(("client", f"{client['cpu_percent']} % CPU ({client['processes']} processes)"))
    load = report["load_average_1m"]
    rows.append(("machine", f"{report['cpus']} CPUs, load {load['start']} → {load['end']}"))
    for key, value in rows:
        table.add_row(ui.t(f"loadtest.{key}"), value)
    return table

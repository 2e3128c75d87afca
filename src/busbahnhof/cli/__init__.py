"""The ``busbahnhof`` command line: one module per command, joined here.

Commands: ``games``, ``play``, ``replay``, ``review``, ``simulate``, ``report``, ``tournament``, ``bench``,
``serve``, ``loadtest``.  A game package's own
commands live in ``cli/<name>.py`` too (``render`` for Bus boards, ``deck`` for Busfaktor
decks) and are mounted when present (see :func:`mount_module`).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from types import ModuleType
from typing import Any, cast

import typer

from . import bench, games, jobs, loadtest, play, replay, report, review, serve, simulate, tournament
from . import lessons as lesson_commands
from .common import CommandGroup

GAME_COMMAND_MODULES = ("render", "deck")

app = typer.Typer(
    cls=CommandGroup,
    name="busbahnhof",
    help="Busbahnhof: play, watch, simulate and benchmark Busfahrer, Bus and Busfaktor: 1.",
    no_args_is_help=True,
    pretty_exceptions_show_locals=False,
)
app.command("games")(games.games)
app.command("play")(play.play)
app.command("replay")(replay.replay)
app.command("review")(review.review)
app.command("simulate")(simulate.simulate)
app.command("report")(report.report)
app.command("tournament")(tournament.tournament)
app.command("bench")(bench.bench)
app.command("serve")(serve.serve)
app.command("loadtest")(loadtest.loadtest)
app.command("worker")(jobs.worker)
app.command("jobs")(jobs.jobs)


def mount_module(main_app: typer.Typer, name: str, module: ModuleType) -> None:
    """Attach the commands of ``module`` to ``main_app`` under ``name``.

    A module's ``app`` (a ``typer.Typer``) becomes the group ``name`` (``busbahnhof deck
    check``), or, if it has exactly one command and no callback, the command ``name`` itself
    (``busbahnhof render ...``); a module without ``app`` contributes its function ``name``.
    """
    sub_app = getattr(module, "app", None)
    if not isinstance(sub_app, typer.Typer):
        main_app.command(name)(getattr(module, name))
    elif len(sub_app.registered_commands) == 1 and sub_app.registered_callback is None:
        only = sub_app.registered_commands[0]
        main_app.command(name, help=only.help)(cast(Callable[..., Any], only.callback))
    else:
        main_app.add_typer(sub_app, name=name)


def mount_game_commands(main_app: typer.Typer, module_names: tuple[str, ...] = GAME_COMMAND_MODULES) -> list[str]:
    """Mount each present ``cli/<name>.py`` on ``main_app``; returns the names mounted."""
    mounted = []
    for name in module_names:
        qualified = f"{__name__}.{name}"
        try:
            module = importlib.import_module(qualified)
        except ModuleNotFoundError as missing:
            if missing.name != qualified:
                raise
            continue
        mount_module(main_app, name, module)
        mounted.append(name)
    return mounted


mount_game_commands(app)
mount_module(app, "lessons", lesson_commands)


def main() -> None:
    """The console script ``busbahnhof`` and ``python -m busbahnhof``."""
    app()

"""``busbahnhof lessons``: the lessons' files checked against the engine (``check``) and listed (``list``).

``check`` replays each lesson's expected decisions with the table's bots (as a lesson table plays
them) and fails, naming the file and the step, when a step has no legal action left: the designer
of a game sees at once which lesson a rules or deck change broke (docs/lessons.md).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from ..engine import GameError
from ..learn.lessons import lessons, load_lesson, walk
from ..tables.thinking import bot_rng
from .common import ERROR_EXIT

app = typer.Typer(help="The lessons of the web client (guided first games): check and list them.")


@app.command("check")
def check(
    files: Annotated[
        list[Path] | None, typer.Argument(help="Lesson files (TOML); default: the built-in lessons.", exists=True)
    ] = None,
) -> None:
    """Replay every lesson's expected decisions against the engine; a failing exit status if any fails."""
    failed = 0
    targets = [(path.name, path) for path in files] if files else [(f"{one.game}/{one.id}", one) for one in lessons()]
    for name, target in targets:
        try:
            lesson = load_lesson(target) if isinstance(target, Path) else target
            walked = walk(lesson, bot_rng, name)
        except GameError as error:
            failed += 1
            typer.echo(f"✗ {error}")
            continue
        ending = ", game over" if walked.over else ""
        typer.echo(f"✓ {name}: {len(lesson.steps)} steps, {len(walked.actions)} actions{ending}")
    if failed:
        raise typer.Exit(ERROR_EXIT)


@app.command("list")
def list_lessons(lang: Annotated[str, typer.Option(help="de or en")] = "de") -> None:
    """The built-in lessons: game/id, steps, title."""
    for one in lessons():
        typer.echo(f"{one.game}/{one.id}  {len(one.steps)} steps  {one.title.get(lang, one.title['de'])}")

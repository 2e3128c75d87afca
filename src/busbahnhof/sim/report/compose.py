"""The report of one or more settings: what was run, who wins, points, game length, the game's own sections."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from ...engine import InvalidOptionError
from . import overview
from .build import document, facts, read_groups
from .context import Context
from .model import Document, Section


def report_document(paths: Sequence[Path], lang: str, settings: Sequence[str] = ()) -> Document:
    """The report of the games in ``paths`` (every setting, or only those named in ``settings``).

    Raises:
        GameError: a file that is not results, files of different games, an unknown setting, no games.
    """
    groups = read_groups(paths, settings)
    context = Context(lang, groups[0].info)
    if not any(group.games for group in groups):
        raise InvalidOptionError(
            f"{', '.join(map(str, paths))}: no games in the results",
            key="report.error_empty",
            params={"path": ", ".join(map(str, paths))},
        )
    groups = [group for group in groups if group.games]
    sections = overview.sections(context, [(group.label, group.overview) for group in groups])
    for group in groups:
        if group.game is None:
            continue
        for section in group.game.sections(context):
            if group.label and len(groups) > 1:
                section.title = f"{section.title} ({group.label})"
            sections.append(section)
    games = sum(group.games for group in groups)
    title = context.text("title", game=context.title)
    subtitle = context.text("subtitle", games=context.numbers.count(games), players=context.info.players)
    return document(context, title, subtitle, facts(context, groups), sections)


def table_of_contents(sections: Sequence[Section]) -> list[tuple[str, str]]:
    """(anchor, title) of every section, anchors made unique."""
    seen: set[str] = set()
    entries = []
    for number, section in enumerate(sections):
        anchor = section.anchor or f"s{number}"
        if anchor in seen:
            anchor = f"{anchor}-{number}"
        seen.add(anchor)
        section.anchor = anchor
        entries.append((anchor, section.title))
    return entries

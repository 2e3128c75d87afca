"""The report of one or more settings: what was run, who wins, points, game length, the game's own sections."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from ...engine import InvalidOptionError
from . import overview
from .build import Group, document, facts, read_groups
from .context import Context
from .model import Document, Heading, Section


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
    if len(groups) == 1:
        group = groups[0]
        sections = overview.sections(context, [(group.label, group.overview)])
        sections += group.game.sections(context) if group.game is not None else []
    else:
        sections = overview.comparison_sections(context, [(group.label, group.overview) for group in groups])
        sections += [_setting_section(context, group, number) for number, group in enumerate(groups, 1)]
    games = sum(group.games for group in groups)
    title = context.text("title", game=context.title)
    subtitle = context.text("subtitle", games=context.numbers.count(games), players=context.info.players)
    return document(context, title, subtitle, facts(context, groups), sections)


def _setting_section(context: Context, group: Group, number: int) -> Section:
    """Everything about one setting of a sweep, once: who won, its points, the game's own parts."""
    section = Section(context.text("setting_title", label=group.label), anchor=f"setting-{number}")
    section.blocks += overview.setting_blocks(context, group.overview)
    for part in group.game.sections(context) if group.game is not None else []:
        section.blocks += [Heading(part.title), *part.blocks]
    return section


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

"""From results files to a report document: group the rows by setting, stream them through the analyses.

Each results file is read once for a report (twice for ``--compare``: the second pass compares
per-game figures, paired by game number and seed where both settings played the same seeds).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from ... import __version__
from ...engine import InvalidOptionError
from ..aggregate import FlatSummary
from ..results import GameRow, RunInfo, Setting, read_results
from . import bus, busfahrer, busfaktor, overview
from .context import Context, Metric
from .model import Document, Section


class GameAnalysis(Protocol):
    """The part of a report about one game's own figures."""

    def add(self, row: FlatSummary) -> None: ...

    def sections(self, context: Context) -> list[Section]: ...


ANALYSES: dict[str, Callable[[int], GameAnalysis]] = {
    "busfahrer": busfahrer.Analysis,
    "bus": bus.Analysis,
    "busfaktor": busfaktor.Analysis,
}


@dataclass
class Group:
    """The games of one setting of one results file, and their running figures."""

    path: Path
    info: RunInfo
    setting: str
    label: str
    overview: overview.Overview
    game: GameAnalysis | None
    games: int = 0

    def add(self, row: GameRow) -> None:
        """One game of this group."""
        self.games += 1
        self.overview.add(row.figures)
        if self.game is not None:
            self.game.add(row.figures)


LABEL_LENGTH = 48
"""Longer setting labels are cut (with an ellipsis) in headings, legends and table columns."""


def short_label(label: str) -> str:
    """``label`` with file paths cut to their names (``deck=decks/mine.toml`` -> ``deck=mine.toml``),
    then to :data:`LABEL_LENGTH` characters."""
    label = re.sub(r"=[^,=]*[/\\]([^/\\,]+)", r"=\1", label)
    return label if len(label) <= LABEL_LENGTH else label[: LABEL_LENGTH - 1] + "…"


def _groups(paths: Sequence[Path], settings: Sequence[str]) -> list[Group]:
    """One group per setting of every file (only the ``settings`` named, if any), in file order."""
    groups: list[Group] = []
    infos = [(path, read_results(path)[0]) for path in paths]
    game = infos[0][1].game
    for path, info in infos:
        if info.game != game or info.players != infos[0][1].players:
            raise InvalidOptionError(
                f"{path}: a report covers one game with one number of players, "
                f"not {info.game} ({info.players}) and {game} ({infos[0][1].players})",
                key="report.error_mixed",
                params={"path": str(path)},
            )
        for setting in info.settings:
            if settings and setting.label not in settings:
                continue
            label = short_label(setting.label) or (path.name if len(paths) > 1 else "")
            analysis = ANALYSES.get(info.game)
            groups.append(
                Group(
                    path,
                    info,
                    setting.label,
                    label,
                    overview.Overview(info.players),
                    analysis(info.players) if analysis else None,
                )
            )
    missing = [label for label in settings if label not in {group.setting for group in groups}]
    if missing:
        known = ", ".join(repr(s.label) for _, info in infos for s in info.settings)
        raise InvalidOptionError(
            f"--setting {missing[0]!r}: the results hold the settings {known}",
            key="report.error_setting",
            params={"setting": missing[0], "known": known},
        )
    return groups


def stream_rows(groups: Sequence[Group]) -> Iterator[tuple[int, GameRow]]:
    """Every row of the groups' files with the number of its group (each file read once)."""
    for path in dict.fromkeys(group.path for group in groups):
        by_setting = {group.setting: number for number, group in enumerate(groups) if group.path == path}
        _, rows = read_results(path)
        for row in rows:
            number = by_setting.get(row.setting)
            if number is not None:
                yield number, row


def read_groups(paths: Sequence[Path], settings: Sequence[str] = ()) -> list[Group]:
    """The groups of ``paths`` with every row added (one pass over each file)."""
    groups = _groups(paths, settings)
    for number, row in stream_rows(groups):
        groups[number].add(row)
    return groups


def game_metrics(context: Context, groups: Sequence[Group]) -> list[Metric]:
    """Every figure compared between settings: the overview's and the game's own."""
    result = overview.metrics(context)
    if context.info.game == "busfahrer":
        result += busfahrer.metrics(context)
    elif context.info.game == "bus":
        result += bus.metrics(context)
    elif context.info.game == "busfaktor":
        merged = busfaktor.Analysis(context.info.players)
        for group in groups:
            if isinstance(group.game, busfaktor.Analysis):
                merged.cards.update({name: card for name, card in group.game.cards.items() if name not in merged.cards})
        result += busfaktor.metrics(context, merged)
    return result


def version() -> str:
    """The busbahnhof version writing the report."""
    return __version__


def option_text(value: Any) -> str:
    """A rule option's value for the "what was run" box (a deck file by its name, not its text)."""
    if isinstance(value, dict):
        name = value.get("name", "")
        digest = str(value.get("sha256", ""))[:12]
        return f"{name} (sha256 {digest}…)" if digest else str(name)
    if isinstance(value, bool) or value is None:
        return json.dumps(value)  # as on the command line: true, false, null
    return str(value)


def _setting(group: Group) -> Setting | None:
    return next((setting for setting in group.info.settings if setting.label == group.setting), None)


def _deck_text(context: Context, info: RunInfo) -> str:
    """The deck of a run: its file's name and checksum, a built-in deck's name, or the default deck."""
    if info.deck:
        return option_text(info.deck)
    if "deck" not in info.options:
        return ""
    chosen = info.options["deck"]
    return option_text(chosen) if chosen else context.text("facts.default_deck")


def facts(context: Context, groups: Sequence[Group]) -> list[tuple[str, str]]:
    """The "what was run" box: game, options, deck, players and bots, games, seeds, settings, files."""
    t, n = context.text, context.numbers
    info = context.info
    rows = [(t("facts.game"), context.title)]
    settings = [_setting(group) for group in groups]
    varied = {key for setting in settings if setting for key in setting.options} | {"deck"}
    options = ", ".join(
        f"{key}={option_text(value)}" for key, value in sorted(info.options.items()) if key not in varied
    )
    rows.append((t("facts.options"), options or "–"))
    decks = dict.fromkeys(_deck_text(context, group.info) for group in groups)
    decks.pop("", None)
    if decks and not any(setting.deck or "deck" in setting.options for setting in settings if setting):
        rows.append((t("facts.deck"), "; ".join(decks)))
    rows.append((t("facts.players"), str(info.players)))
    rows.append((t("facts.bots"), ", ".join(context.seat(seat) for seat in range(info.players))))
    for group, setting in zip(groups, settings, strict=True):
        changed = (setting.options if setting else {}).items()
        changes = ", ".join(
            f"{k}={option_text(v)}" for k, v in changed if not (k == "deck" and setting and setting.deck)
        )
        label = group.label or t("facts.all_games")
        detail = t("facts.group", games=n.count(group.games), seed=group.info.seed, file=group.path.name)
        if changes and changes != group.label:
            detail += f"; {changes}"
        if setting is not None and setting.deck:
            detail += f"; {t('facts.deck')} {option_text(setting.deck)}"
        rows.append((label, detail))
    created = sorted({group.info.created for group in groups if group.info.created})
    if created:
        rows.append((t("facts.created"), ", ".join(created) + f" (busbahnhof {info.version})"))
    return rows


def document(
    context: Context, title: str, subtitle: str, fact_rows: list[tuple[str, str]], sections: list[Section]
) -> Document:
    """The document with the footer every report has."""
    t = context.text
    return Document(
        context.lang,
        title,
        subtitle,
        fact_rows,
        sections,
        t("footer", version=version()),
        t("facts.title"),
        t("contents"),
    )

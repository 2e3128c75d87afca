"""Results files: one row per simulated game, streamed to disk, read back as a stream.

A run writes its rows as its games finish (docs/simulation.md, "Results files"):

- ``FILE.parquet`` is a *directory* of Parquet part files (``part-000000.parquet``, ...), each
  written to a temporary name, flushed to disk and renamed, so a run cut at any moment (Ctrl-C,
  SIGTERM, ``kill -9``, a power cut) leaves only whole parts; ``run.json`` beside them and the
  key-value metadata ``busbahnhof.run`` of every part hold the :class:`RunInfo`.
- ``FILE.csv`` is one CSV file whose batches are appended as complete lines and ``fsync``-ed; a
  line cut by a kill is removed when the run is resumed.  The :class:`RunInfo` is the sidecar
  ``FILE.csv.run.json``.

Columns: ``setting`` (the setting's label, ``""`` without a sweep), ``index`` (the game's
number), ``seed`` (its derived seed), ``bots`` (the bot of every seat, comma-separated) and one
column per figure, named by :func:`column_name` (``seats[0].wins``, ``cards.Kaffee%2Emaschine.drawn``).
A figure a game does not have is empty (Parquet null), so :attr:`GameRow.figures` reads back
exactly as :func:`~busbahnhof.sim.runner.game_figures` gave it.
"""

from __future__ import annotations

import csv
import io
import json
import os
import re
import time
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, cast

from .. import __version__
from ..engine import InvalidDataError, InvalidOptionError
from .aggregate import FlatSummary
from .aggregate import Path as FigurePath

FORMAT = "busbahnhof-results/1"
KEY_COLUMNS = ("setting", "index", "seed", "bots")
"""The columns that are not figures; a figure never gets one of these names (see :func:`column_name`)."""
RUN_METADATA_KEY = b"busbahnhof.run"
RUN_FILE = "run.json"
"""The :class:`RunInfo` inside a Parquet results directory."""
CSV_SIDECAR_SUFFIX = ".run.json"
PART_NAME = "part-{number:06d}.parquet"
PART_PATTERN = re.compile(r"part-(\d{6})\.parquet")
FLUSH_CELLS = 200_000
"""A batch is written once it holds this many figure values (a few MB in memory)..."""
FLUSH_SECONDS = 5.0
"""... or once this much time passed since the last write, so a cut run loses at most that much work."""
READ_BATCH = 2048
SUFFIXES = (".parquet", ".csv")


@dataclass(frozen=True)
class Setting:
    """One setting of a sweep: its label and the rule options (deck included) that differ from the run's.

    Attributes:
        label: ``""`` for a run without a sweep, else e.g. ``pyramid=5-4-3-2-1`` or ``deck=mine.toml``.
        options: the rule options of this setting that replace the run's (``RunInfo.options``),
            as JSON-ready values (a deck file as its content: name, sha256, text).
        deck: ``{"name", "sha256"}`` of this setting's deck, ``None`` for a game without decks.
    """

    label: str
    options: Mapping[str, Any] = field(default_factory=dict)
    deck: Mapping[str, Any] | None = None


@dataclass(frozen=True)
class RunInfo:
    """What was run: everything needed to tell whether a results file belongs to a command.

    Attributes:
        format: :data:`FORMAT`.
        game: the game id.
        options: the rule options of the run (every option, defaults included; a sweep's
            settings replace some of them).
        deck: ``{"name", "sha256"}`` of the run's deck, ``None`` for a game without decks.
        players: seats per game.
        bots: the bot of every seat.
        seed: the run's seed; game ``i`` is dealt with ``derive_seed(seed, i)`` under every setting.
        games: games planned per setting.
        settings: the settings, each played on the same seeds (one, labelled ``""``, without a sweep).
        created: when the run was started (ISO 8601, UTC).
        version: the busbahnhof version that started it.
    """

    format: str
    game: str
    options: Mapping[str, Any]
    deck: Mapping[str, Any] | None
    players: int
    bots: tuple[str, ...]
    seed: int
    games: int
    settings: tuple[Setting, ...]
    created: str = ""
    version: str = __version__

    def to_json(self) -> str:
        """The run as one JSON object (the form stored in results files)."""
        return json.dumps(asdict(self), ensure_ascii=False, sort_keys=True)

    @classmethod
    def from_json(cls, text: str | bytes, source: str = "") -> RunInfo:
        """The run stored by :meth:`to_json`.

        Raises:
            InvalidDataError: not such a JSON object (the message names ``source``).
        """
        try:
            data = json.loads(text)
            settings = tuple(Setting(**setting) for setting in data.pop("settings"))
            return cls(**{**data, "bots": tuple(data["bots"]), "settings": settings})
        except (ValueError, TypeError, KeyError, AttributeError) as exc:
            raise InvalidDataError(
                f"{source}: not a busbahnhof results file ({exc})",
                key="error.results_unreadable",
                params={"path": source, "problem": str(exc)},
            ) from None

    def differences(self, other: RunInfo) -> list[str]:
        """The fields in which ``other`` describes another run (``created`` aside).

        A different ``version`` counts: another busbahnhof may deal, play or summarise the same
        seed differently, and one run must not mix the games of two versions.
        """
        mine, theirs = asdict(self), asdict(other)
        return [name for name in mine if name != "created" and mine[name] != theirs[name]]


@dataclass(frozen=True)
class GameRow:
    """One game of a run.

    Attributes:
        setting: the label of its setting (``""`` without a sweep).
        index: the game's number in the run (0-based), the same under every setting.
        seed: the seed it was dealt with, ``derive_seed(run seed, index)``.
        bots: the bot of every seat.
        figures: its figures, exactly as ``game_figures`` gave them.
    """

    setting: str
    index: int
    seed: int
    bots: tuple[str, ...]
    figures: FlatSummary

    @property
    def key(self) -> tuple[str, int]:
        """What identifies the row within its run: setting and game number."""
        return self.setting, self.index


# --- column names ------------------------------------------------------------------------------------------

_ESCAPED = re.compile(r"[%.\[\]\x00-\x1f\x7f]")
_NAME = re.compile(r"[^.\[\]]*")
_INDEX = re.compile(r"\[(\d+)\]")


def _escape(part: str) -> str:
    if part == "":
        return "%"
    return _ESCAPED.sub(lambda match: f"%{ord(match.group()):02X}", part)


def _unescape(text: str) -> str:
    if text == "%":
        return ""
    return re.sub(r"%([0-9A-F]{2})", lambda match: chr(int(match.group(1), 16)), text)


def column_name(path: FigurePath) -> str:
    """The column of a figure: text parts joined by ``.``, list indices as ``[k]`` (``seats[0].wins``).

    In a text part ``%``, ``.``, ``[``, ``]`` and control characters are written ``%25``, ``%2E``,
    ``%5B``, ``%5D``, ``%0A``... and an empty part ``%``, so any card name survives (and a column
    name is one line); a name that would equal a key column
    (``index``) gets its first letter escaped.  :func:`figure_path` reverses it.
    """
    text = ""
    for number, part in enumerate(path):
        if isinstance(part, int):
            text += f"[{part}]"
        else:
            text += ("." if number else "") + _escape(part)
    if text in KEY_COLUMNS:
        text = f"%{ord(text[0]):02X}{text[1:]}"
    return text


def figure_path(name: str) -> FigurePath:
    """The figure of a column named by :func:`column_name`.

    Raises:
        InvalidDataError: not such a name.
    """
    parts: list[str | int] = []
    position = 0
    while position < len(name) or not parts:
        index = _INDEX.match(name, position)
        if index:
            parts.append(int(index.group(1)))
            position = index.end()
            continue
        if parts:
            if name[position] != ".":
                raise InvalidDataError(f"{name!r} is not a figure column", key="error.results_column",
                                       params={"column": name})  # fmt: skip
            position += 1
        text = cast(re.Match[str], _NAME.match(name, position))  # the pattern matches the empty string
        parts.append(_unescape(text.group()))
        position = text.end()
    return tuple(parts)


def _number_text(value: float) -> str:
    """A float as the shortest text that reads back as the same float (whole numbers without ``.0``)."""
    return str(int(value)) if value.is_integer() and abs(value) < 2**53 else repr(value)


# --- writing -----------------------------------------------------------------------------------------------


def results_format(path: Path) -> str:
    """``parquet`` or ``csv`` by the suffix of ``path``.

    Raises:
        InvalidOptionError: another suffix.
    """
    suffix = path.suffix.lower()
    if suffix not in SUFFIXES:
        raise InvalidOptionError(
            f"--results {path}: name a .parquet or a .csv file",
            key="error.results_suffix",
            params={"path": str(path)},
        )
    return suffix[1:]


def _sidecar(path: Path) -> Path:
    return path.with_name(path.name + CSV_SIDECAR_SUFFIX)


def _info_path(path: Path) -> Path:
    return path / RUN_FILE if results_format(path) == "parquet" else _sidecar(path)


def _fsync_directory(directory: Path) -> None:
    handle = os.open(directory, os.O_RDONLY)
    try:
        os.fsync(handle)
    finally:
        os.close(handle)


def _write_durably(path: Path, data: bytes) -> None:
    """Write ``path`` as a whole: a temporary file beside it, flushed to disk, then renamed."""
    temporary = path.with_name(f".{path.name}.tmp")
    with open(temporary, "wb") as file:
        file.write(data)
        file.flush()
        os.fsync(file.fileno())
    os.replace(temporary, path)
    _fsync_directory(path.parent)


def stored_run(path: Path) -> RunInfo | None:
    """The :class:`RunInfo` of the results at ``path``, ``None`` if there are none."""
    info = _info_path(path)
    if not info.exists():
        return None
    return RunInfo.from_json(info.read_bytes(), str(path))


class ResultsWriter:
    """Writes :class:`GameRow` s to ``path`` (Parquet directory or CSV file by its suffix) in batches.

    Args:
        path: ``FILE.parquet`` or ``FILE.csv``.
        info: the run.
        resume: continue the results already at ``path`` (they must be of the same run);
            without it existing results are refused, never overwritten.

    Use as a context manager; leaving it writes the last batch (also after an exception).

    Raises:
        InvalidOptionError: a bad suffix, a folder that does not exist, results already there
            (without ``resume``) or results of another run (with it).
    """

    def __init__(self, path: Path, info: RunInfo, resume: bool = False) -> None:
        self.path = path
        self.info = info
        self.kind = results_format(path)
        if not path.parent.is_dir():
            raise InvalidOptionError(
                f"--results {path}: the folder {path.parent} does not exist",
                key="error.results_folder",
                params={"path": str(path), "folder": str(path.parent)},
            )
        self._rows: list[GameRow] = []
        self._cells = 0
        self._last_write = time.monotonic()
        self._columns: list[str] = []
        self._paths: set[FigurePath] = set()
        stored = self._stored_run() if path.exists() else None
        if stored is not None and not resume:
            raise InvalidOptionError(
                f"--results {path} already holds results; add --resume to continue that run, or name a new file",
                key="error.results_exist",
                params={"path": str(path)},
            )
        if stored is None:
            self._create()
            return
        changed = stored.differences(info)
        if changed:
            raise InvalidOptionError(
                f"--resume: {path} holds another run (it differs in {', '.join(changed)});"
                " repeat the command that started it",
                key="error.resume_mismatch",
                params={"path": str(path), "fields": ", ".join(changed)},
            )
        self.info = stored
        self._open_existing()

    def _stored_run(self) -> RunInfo | None:
        """The run of the results already at :attr:`path` (``None`` for an empty file or folder).

        Raises:
            InvalidDataError: something else is there (never overwritten).
        """
        if self.path.is_dir() != (self.kind == "parquet"):
            raise InvalidOptionError(
                f"--results {self.path}: a Parquet run is a folder and a CSV run a file",
                key="error.results_kind",
                params={"path": str(self.path)},
            )
        stored = stored_run(self.path)
        empty = (not any(self.path.iterdir())) if self.path.is_dir() else self.path.stat().st_size == 0
        if stored is None and not empty:
            raise InvalidDataError(
                f"{self.path}: not a busbahnhof results {'folder' if self.kind == 'parquet' else 'file'}",
                key="error.results_unreadable",
                params={"path": str(self.path), "problem": "-"},
            )
        return stored

    # Parquet: a directory of whole parts ---------------------------------------------------------------

    def _create(self) -> None:
        if self.kind == "parquet":
            self.path.mkdir(exist_ok=True)
            _write_durably(self.path / RUN_FILE, self.info.to_json().encode("utf-8"))
            self._parts = 0
        else:
            _write_durably(_sidecar(self.path), self.info.to_json().encode("utf-8"))
            _write_durably(self.path, b"")

    def _open_existing(self) -> None:
        if self.kind == "parquet":
            for leftover in self.path.glob(".*.tmp"):
                leftover.unlink()  # a part whose write a kill cut short: its games are played again
            numbers = [
                int(match.group(1)) for part in self.path.iterdir() if (match := PART_PATTERN.fullmatch(part.name))
            ]
            self._parts = max(numbers, default=-1) + 1
            self._use_columns(_parquet_columns(self.path))
        else:
            if not self.path.exists():
                _write_durably(self.path, b"")
            _drop_cut_line(self.path)
            with open(self.path, encoding="utf-8", newline="") as file:
                self._use_columns(next(csv.reader(file), []))

    def _use_columns(self, columns: list[str]) -> None:
        self._columns = columns
        self._paths = {figure_path(name) for name in columns[len(KEY_COLUMNS) :]}

    def write(self, row: GameRow) -> None:
        """Add one game; the batch goes to disk once it is big or old enough."""
        self._rows.append(row)
        self._cells += len(row.figures) + len(KEY_COLUMNS)
        if self._cells >= FLUSH_CELLS or time.monotonic() - self._last_write >= FLUSH_SECONDS:
            self.flush()

    def flush(self) -> None:
        """Write the batch now (nothing if it is empty)."""
        if self._rows:
            rows, self._rows, self._cells = self._rows, [], 0
            paths = set().union(*(row.figures.keys() for row in rows))
            new = sorted(column_name(path) for path in paths - self._paths)
            if self.kind == "parquet":
                self._write_part(rows, [*self._columns, *new] if self._columns else [*KEY_COLUMNS, *new])
            else:
                self._append_csv(rows, new)
        self._last_write = time.monotonic()

    def close(self) -> None:
        """Write the last batch."""
        self.flush()

    def __enter__(self) -> ResultsWriter:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    def _write_part(self, rows: Sequence[GameRow], columns: list[str]) -> None:
        import pyarrow as pa
        import pyarrow.parquet as pq

        figures = [figure_path(name) for name in columns[len(KEY_COLUMNS) :]]
        arrays = [
            pa.array([row.setting for row in rows], pa.string()),
            pa.array([row.index for row in rows], pa.int64()),
            pa.array([row.seed for row in rows], pa.uint64()),
            pa.array([",".join(row.bots) for row in rows], pa.string()),
            *(pa.array([row.figures.get(path) for row in rows], pa.float64()) for path in figures),
        ]
        table = pa.Table.from_arrays(arrays, names=columns).replace_schema_metadata(
            {RUN_METADATA_KEY: self.info.to_json().encode("utf-8")}
        )
        sink = pa.BufferOutputStream()
        pq.write_table(table, sink)
        _write_durably(self.path / PART_NAME.format(number=self._parts), sink.getvalue().to_pybytes())
        self._parts += 1
        self._use_columns(columns)

    # CSV: one file of whole lines -----------------------------------------------------------------------

    def _append_csv(self, rows: Sequence[GameRow], new: list[str]) -> None:
        if new:
            self._widen_csv([*(self._columns or KEY_COLUMNS), *new])
        figures = [figure_path(name) for name in self._columns[len(KEY_COLUMNS) :]]
        text = io.StringIO()
        writer = csv.writer(text, lineterminator="\n")
        for row in rows:
            values = (row.figures.get(path) for path in figures)
            cells = ("" if value is None else _number_text(value) for value in values)
            writer.writerow([row.setting, row.index, row.seed, ",".join(row.bots), *cells])
        with open(self.path, "ab") as file:
            file.write(text.getvalue().encode("utf-8"))
            file.flush()
            os.fsync(file.fileno())

    def _widen_csv(self, columns: list[str]) -> None:
        """Rewrite the CSV file with more columns (empty in the rows before); done whole, then renamed."""
        temporary = self.path.with_name(f".{self.path.name}.tmp")
        added = len(columns) - len(self._columns)
        with open(temporary, "w", encoding="utf-8", newline="") as out:
            writer = csv.writer(out, lineterminator="\n")
            writer.writerow(columns)
            if self._columns:
                with open(self.path, encoding="utf-8", newline="") as old:
                    reader = csv.reader(old)
                    next(reader)
                    for cells in reader:
                        writer.writerow([*cells, *[""] * added])
            out.flush()
            os.fsync(out.fileno())
        os.replace(temporary, self.path)
        _fsync_directory(self.path.parent)
        self._use_columns(columns)


def _drop_cut_line(path: Path) -> None:
    """Cut a CSV file back to its last complete line (a kill may have cut the last batch)."""
    size = path.stat().st_size
    if size == 0:
        return
    with open(path, "r+b") as file:
        end = size
        while end > 0:
            file.seek(max(0, end - 65536))
            chunk = file.read(end - max(0, end - 65536))
            newline = chunk.rfind(b"\n")
            if newline >= 0:
                end = max(0, end - 65536) + newline + 1
                break
            end = max(0, end - 65536)
        if end != size:
            file.truncate(end)
            file.flush()
            os.fsync(file.fileno())


def _parts(path: Path) -> list[Path]:
    return sorted(part for part in path.iterdir() if PART_PATTERN.fullmatch(part.name))


def _parquet_columns(path: Path) -> list[str]:
    """The columns of the newest part (every part has the columns of the parts before it, and maybe more)."""
    import pyarrow.parquet as pq

    parts = _parts(path)
    return list(pq.read_schema(parts[-1]).names) if parts else []


# --- reading -----------------------------------------------------------------------------------------------


def read_results(path: Path) -> tuple[RunInfo, Iterator[GameRow]]:
    """The run of the results at ``path`` and its rows, read lazily (a batch of rows in memory at a time).

    Rows come in the order they were written, not in game order.

    Raises:
        InvalidDataError: not a results file or directory of this format.
    """
    results_format(path)
    info = stored_run(path)
    if info is None:
        raise InvalidDataError(
            f"{path}: no results there (no {_info_path(path).name})",
            key="error.results_missing",
            params={"path": str(path)},
        )
    rows = _parquet_rows(path) if path.is_dir() else _csv_rows(path)
    return info, rows


def _row(cells: Sequence[Any], figures: Sequence[FigurePath], parse: bool) -> GameRow:
    setting, index, seed, bots = cells[: len(KEY_COLUMNS)]
    values: FlatSummary = {}
    for path, value in zip(figures, cells[len(KEY_COLUMNS) :], strict=True):
        if value is not None and value != "":
            values[path] = float(value) if parse else value
    return GameRow(setting, int(index), int(seed), tuple(bots.split(",")) if bots else (), values)


def _parquet_rows(path: Path) -> Iterator[GameRow]:
    import pyarrow.parquet as pq

    for part in _parts(path):
        source = pq.ParquetFile(part)
        names = source.schema_arrow.names
        figures = [figure_path(name) for name in names[len(KEY_COLUMNS) :]]
        for batch in source.iter_batches(batch_size=READ_BATCH):
            columns = [column.to_pylist() for column in batch.columns]
            for cells in zip(*columns, strict=True):
                yield _row(cells, figures, parse=False)


def _csv_rows(path: Path) -> Iterator[GameRow]:
    with open(path, encoding="utf-8", newline="") as file:
        # every row is one line (no cell holds a line break); a line cut by a kill has none at its end
        reader = csv.reader(line for line in file if line.endswith("\n"))
        names = next(reader, None)
        if names is None:
            return
        figures = [figure_path(name) for name in names[len(KEY_COLUMNS) :]]
        for cells in reader:
            yield _row(cells, figures, parse=True)


def now() -> str:
    """The current time for :attr:`RunInfo.created` (ISO 8601, UTC, seconds)."""
    return datetime.now(UTC).isoformat(timespec="seconds")

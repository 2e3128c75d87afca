"""Game records: reading, validating, replaying and saving them.

A record is ``{"format", "game", "options", "players", "seed", "actions": [text, ...]}`` and
replays to the identical state on every supported machine and Python version.  It carries what
its game needs by content (a designer's deck or board is embedded in ``options``), so replaying
never opens a file: the game is loaded under :func:`userfiles.no_files`.  Record files are read
with every check of :mod:`.userfiles` (regular file, size, UTF-8, bounded nesting).
"""

from __future__ import annotations

import json
import os
import stat
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from .errors import GameError, InvalidRecordError
from .game import RECORD_FORMAT, State
from .registry import load_game
from .userfiles import no_files, read_user_json

REQUIRED_FIELDS = ("game", "options", "players", "seed", "actions")


def validate_record(record: Any) -> dict[str, Any]:
    """Check the shape of ``record``; returns it typed as a dict."""
    if not isinstance(record, dict):
        raise InvalidRecordError("a record must be a JSON object", key="error.record.not_object")
    missing = [name for name in REQUIRED_FIELDS if name not in record]
    if missing:
        raise InvalidRecordError(
            f"record lacks {', '.join(missing)}", key="error.record.missing", params={"fields": ", ".join(missing)}
        )
    if record.get("format", RECORD_FORMAT) != RECORD_FORMAT:
        raise InvalidRecordError(
            f"record format {record['format']!r} is unknown; this version reads {RECORD_FORMAT}",
            key="error.record.format",
            params={"found": str(record["format"]), "expected": RECORD_FORMAT},
        )
    if not isinstance(record["game"], str):
        raise InvalidRecordError("record 'game' must be a game id", key="error.record.game")
    if not isinstance(record["options"], dict) or not all(isinstance(key, str) for key in record["options"]):
        raise InvalidRecordError("record 'options' must be an object", key="error.record.options")
    if not isinstance(record["actions"], list) or not all(isinstance(a, str) for a in record["actions"]):
        raise InvalidRecordError("record 'actions' must be a list of action texts", key="error.record.actions")
    return record


def replay_states(record: Any) -> Iterator[State[Any]]:
    """The state before the first action, then after each action (the same object, mutated)."""
    record = validate_record(record)
    with no_files():
        game = load_game(record["game"], **record["options"])
    state = game.new_state(record["players"], record["seed"])
    yield state
    for index, text in enumerate(record["actions"]):
        try:
            state.apply(text)
        except GameError as exc:
            raise InvalidRecordError(
                f"action {index + 1} ({text!r}) does not replay: {exc}",
                key="error.record.no_replay",
                params={"number": index + 1, "action": text, "reason": str(exc)},
            ) from exc
        yield state


def replay(record: Any, upto: int | None = None) -> State[Any]:
    """The state after the first ``upto`` actions of ``record`` (all of them by default)."""
    steps = len(validate_record(record)["actions"]) if upto is None else upto
    for number, state in enumerate(replay_states(record)):
        if number == steps:
            return state
    raise InvalidRecordError(
        f"record has only {len(record['actions'])} actions, not {upto}",
        key="error.record.too_short",
        params={"count": len(record["actions"]), "upto": upto},
    )


def save_record(record: dict[str, Any], path: Path) -> None:
    """Write ``record`` as pretty JSON, atomically (:func:`write_text_atomically`)."""
    write_text_atomically(path, json.dumps(record, ensure_ascii=False, indent=1) + "\n")


def write_text_atomically(path: Path, text: str) -> None:
    """Replace ``path`` by ``text`` (UTF-8) in one step (:func:`write_bytes_atomically`)."""
    write_bytes_atomically(path, text.encode("utf-8"))


def write_bytes_atomically(path: Path, data: bytes) -> None:
    """Replace ``path`` by ``data`` in one step: a reader, or a crash midway, sees the old file or
    the new one, never half of it.  Written to a temporary file beside ``path``, then renamed."""
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "wb") as file:
            file.write(data)
        os.chmod(temporary, _new_file_mode(path))
        os.replace(temporary, path)
    except BaseException:
        os.unlink(temporary)
        raise


def _new_file_mode(path: Path) -> int:
    """The mode ``path`` has, or a new file would get (0o666 less the umask)."""
    if path.exists():
        return stat.S_IMODE(path.stat().st_mode)
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask


def load_record(path: Path) -> dict[str, Any]:
    """Read and validate a record file (a :class:`userfiles.UserFileError` if it cannot be read)."""
    return validate_record(read_user_json(path))

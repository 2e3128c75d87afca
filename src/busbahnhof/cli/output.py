"""Output files named on the command line are checked before any work starts.

An unwritable ``--record``, ``--json``, ``--plot``, ``--svg`` or ``-o`` path is refused at once
with a clear error, not with a traceback after an hour of simulation.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from ..engine import InvalidOptionError

STDOUT = "-"
"""The name that means standard output where an option allows it (``--json -``)."""


def check_output_path(path: Path, option: str, suffix: str | None = None) -> None:
    """Refuse ``path`` for ``option`` unless a file can be written there now.

    Checks, in order: the expected ``suffix`` (e.g. ``.png``), that the folder exists and is a
    folder, that ``path`` is not a folder or another non-regular file, and that a file can
    really be created in the folder (a probe file is made and removed: this also catches
    read-only file systems, which permission bits do not show).
    """
    if str(path) == STDOUT:
        return
    if suffix is not None and path.suffix.lower() != suffix:
        raise _refused(path, option, "suffix", f"the file must be named *{suffix}", suffix=suffix)
    folder = path.parent
    if not folder.is_dir():
        raise _refused(path, option, "no_folder", f"the folder {folder} does not exist", folder=str(folder))
    if path.exists() and not path.is_file():
        raise _refused(path, option, "not_a_file", "it exists and is not a regular file")
    if path.exists() and not os.access(path, os.W_OK):
        raise _refused(path, option, "read_only", "the file may not be written")
    try:
        handle, probe = tempfile.mkstemp(dir=folder, prefix=f".{path.name}.", suffix=".probe")
    except OSError as exc:
        reason = f"no file can be written in {folder}: {exc.strerror or exc}"
        raise _refused(path, option, "unwritable", reason, folder=str(folder)) from None
    os.close(handle)
    os.unlink(probe)


def _refused(path: Path, option: str, problem: str, reason: str, **params: str) -> InvalidOptionError:
    return InvalidOptionError(
        f"{option} {path}: {reason}",
        key=f"output_error.{problem}",
        params={"option": option, "path": str(path), **params},
    )

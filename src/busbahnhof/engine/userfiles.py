"""Files a user names (records, Busfaktor decks, Bus boards): the one way the program reads them.

Every such file must be a regular file (not a directory, FIFO or device such as ``/dev/zero``)
of at most :data:`MAX_BYTES`, strict UTF-8 without a byte-order mark and without NUL bytes, and
nested at most :data:`MAX_DEPTH` levels deep; the nesting is measured before a parser sees the
text, so ``[[[[...`` cannot exhaust the parser's recursion.  Every problem is one
:class:`UserFileError` naming the file and the problem (message keys ``error.file.*`` in German
and English), never a traceback.

Records carry the files their games need by content (:class:`EmbeddedFile`, the text and its
SHA-256), so a record replays anywhere and names no file of the machine that reads it.  While
a record is being loaded (:func:`no_files`), opening any file raises
:class:`InvalidRecordError` instead.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import stat
import tomllib
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from itertools import accumulate
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, model_validator

from .errors import InvalidDataError, InvalidRecordError

MAX_BYTES = 4 * 1024 * 1024
"""The largest file (and embedded text) read: a record of a long game is a few dozen KB."""
MAX_DEPTH = 32
"""The deepest nesting of arrays and tables (objects) a file may have; ours need at most 6."""

BOM = b"\xef\xbb\xbf"

_JSON_STRINGS = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_TOML_STRINGS_AND_COMMENTS = re.compile(
    r'"""(?:[^\\]|\\.)*?"""|\'\'\'.*?\'\'\'|"(?:[^"\\\n]|\\.)*"|\'[^\'\n]*\'|#[^\n]*', re.DOTALL
)
_NOT_BRACKETS = re.compile(r"[^\[\]{}]+")

_records_only: ContextVar[bool] = ContextVar("busbahnhof_records_only", default=False)


class UserFileError(InvalidDataError):
    """A file named by a user that cannot be read or parsed; the message names file and problem."""

    code = "invalid_file"


def _problem(name: str, problem: str, message: str, **params: Any) -> UserFileError:
    return UserFileError(f"{name}: {message}", key=f"error.file.{problem}", params={"file": name, **params})


@contextmanager
def no_files() -> Iterator[None]:
    """While active, every attempt to read a user file raises :class:`InvalidRecordError`:
    a record must carry by content what it needs (``records.replay`` loads its game inside)."""
    token = _records_only.set(True)
    try:
        yield
    finally:
        _records_only.reset(token)


def read_user_bytes(path: str | os.PathLike[str], limit: int = MAX_BYTES) -> bytes:
    """The bytes of the regular file ``path``, at most ``limit`` of them."""
    name = os.fspath(path)
    if _records_only.get():
        raise InvalidRecordError(
            f"{name}: a record may not name a file; it carries decks and boards by content",
            key="error.file.in_record",
            params={"file": name},
        )
    try:
        # O_NONBLOCK: opening a FIFO must not wait for a writer; it is refused below.
        handle = os.open(name, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    except FileNotFoundError:
        raise _problem(name, "missing", "does not exist") from None
    except IsADirectoryError:
        raise _problem(name, "directory", "is a directory, not a file") from None
    except OSError as exc:
        raise _problem(name, "unreadable", f"cannot be read: {exc.strerror}", detail=exc.strerror) from None
    try:
        mode = os.fstat(handle).st_mode
        if stat.S_ISDIR(mode):
            raise _problem(name, "directory", "is a directory, not a file")
        if not stat.S_ISREG(mode):
            raise _problem(name, "special", "is not a regular file (a device, FIFO or socket)")
        with os.fdopen(handle, "rb", closefd=False) as stream:
            data = stream.read(limit + 1)
    except OSError as exc:
        raise _problem(name, "unreadable", f"cannot be read: {exc.strerror}", detail=exc.strerror) from None
    finally:
        os.close(handle)
    if len(data) > limit:
        raise _problem(name, "too_large", f"is larger than {limit} bytes", limit=limit)
    return data


def decode_text(data: bytes, name: str) -> str:
    """``data`` as strict UTF-8 text: no byte-order mark, no NUL bytes (binary), no cut-off character."""
    if data.startswith(BOM):
        raise _problem(name, "bom", "starts with a UTF-8 byte-order mark; save it as UTF-8 without BOM")
    if b"\x00" in data:
        raise _problem(name, "binary", "is a binary file (it contains NUL bytes), not text")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        if exc.reason == "unexpected end of data":
            raise _problem(name, "truncated", "is truncated (it ends too early)") from None
        raise _problem(
            name,
            "not_utf8",
            f"is not UTF-8 (byte 0x{data[exc.start]:02x} at offset {exc.start})",
            byte=f"0x{data[exc.start]:02x}",
            offset=exc.start,
        ) from None


def read_user_text(path: str | os.PathLike[str], limit: int = MAX_BYTES) -> str:
    """The text of the regular UTF-8 file ``path`` (see the module docstring for what is refused)."""
    return decode_text(read_user_bytes(path, limit), os.fspath(path))


def _check_depth(brackets: str, name: str) -> None:
    depth = max(accumulate(1 if c in "[{" else -1 for c in brackets), default=0)
    if depth > MAX_DEPTH:
        raise _problem(
            name,
            "too_deep",
            f"is nested {depth} levels deep; at most {MAX_DEPTH} are allowed",
            depth=depth,
            limit=MAX_DEPTH,
        )


def parse_json(text: str, name: str) -> Any:
    """Parse JSON ``text`` read from ``name`` with bounded nesting."""
    _check_depth(_NOT_BRACKETS.sub("", _JSON_STRINGS.sub("", text)), name)
    if not text.strip():
        raise _problem(name, "empty", "is empty")
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        if exc.pos >= len(text.rstrip()) or exc.msg.startswith("Unterminated string"):
            raise _problem(name, "truncated", "is truncated (it ends too early)") from None
        detail = f"line {exc.lineno} column {exc.colno}: {exc.msg}"
        raise _problem(name, "not_json", f"is not valid JSON: {detail}", detail=detail) from None
    except ValueError as exc:  # e.g. a number with more digits than Python converts
        raise _problem(name, "not_json", f"is not valid JSON: {exc}", detail=str(exc)) from None


def parse_toml(text: str, name: str) -> dict[str, Any]:
    """Parse TOML ``text`` read from ``name`` with bounded nesting."""
    _check_depth(_NOT_BRACKETS.sub("", _TOML_STRINGS_AND_COMMENTS.sub("", text)), name)
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        if "(at end of document)" in str(exc):
            raise _problem(name, "truncated", "is truncated (it ends too early)") from None
        raise _problem(name, "not_toml", f"is not valid TOML: {exc}", detail=str(exc)) from None


def read_user_json(path: str | os.PathLike[str]) -> Any:
    """A JSON file named by a user, read and parsed with every check of this module."""
    return parse_json(read_user_text(path), os.fspath(path))


class EmbeddedFile(BaseModel):
    """A user's file carried by content (in rule options, hence in records).

    Attributes:
        name: the file's name without its directories (for messages only).
        sha256: the SHA-256 of ``text`` (UTF-8); a record whose text does not match is refused.
        text: the file's whole text.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str
    sha256: str
    text: str

    @model_validator(mode="after")
    def _consistent(self) -> EmbeddedFile:
        if len(self.text) > MAX_BYTES:
            raise ValueError(f"embedded file {self.name!r} is larger than {MAX_BYTES} characters")
        if "/" in self.name or "\\" in self.name:
            raise ValueError(f"embedded file name {self.name!r} must not contain directories")
        if digest(self.text) != self.sha256:
            raise ValueError(f"embedded file {self.name!r}: its text does not match its sha256")
        return self

    @classmethod
    def of(cls, name: str, text: str) -> EmbeddedFile:
        """``text`` embedded under the file name of ``name``."""
        return cls(name=Path(name).name, sha256=digest(text), text=text)


def digest(text: str) -> str:
    """The SHA-256 of ``text`` in UTF-8, as hex."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def embed_file(path: str | os.PathLike[str]) -> EmbeddedFile:
    """The user file ``path`` (read with every check of this module), carried by content."""
    return EmbeddedFile.of(os.fspath(path), read_user_text(path))

"""Room codes, seat tokens and join links.

A room code is short and easy to read aloud: five characters from an alphabet without the
look-alikes 0/O and 1/I/L (``K7WQ3``).  Input is read leniently: lower case, spaces and dashes
are accepted.  Seat tokens are ``secrets.token_urlsafe`` strings; only their SHA-256 hashes are
stored.
"""

from __future__ import annotations

import hashlib
import secrets

ROOM_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
CODE_LENGTH = 5
TOKEN_BYTES = 18


def new_room_code() -> str:
    """A fresh random room code (uniqueness is decided by the store)."""
    return "".join(secrets.choice(ROOM_ALPHABET) for _ in range(CODE_LENGTH))


def normalize_code(text: str) -> str | None:
    """``text`` as a room code (upper case, spaces and dashes dropped), or ``None`` if it is none."""
    code = "".join(ch for ch in text.upper() if ch not in " -")
    if len(code) != CODE_LENGTH or any(ch not in ROOM_ALPHABET for ch in code):
        return None
    return code


def new_token() -> str:
    """A fresh secret seat (or creator) token."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def hash_token(token: str) -> str:
    """The stored form of a token: its SHA-256 hex digest."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def join_link(code: str, token: str) -> str:
    """The path of a seat's join link; the server puts its origin in front."""
    return f"/t/{code}?token={token}"

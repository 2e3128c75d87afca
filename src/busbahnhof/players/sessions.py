"""Session ids and CSRF tokens: random secrets, of which the store keeps only what it must.

A session id is 32 random bytes (``secrets.token_urlsafe``) that live in the browser's HttpOnly
cookie; the store keeps its SHA-256 hash, so a copy of the database opens no session.  Each
session has its own CSRF token, also random: a page of this origin reads it from the session
answer and sends it in the ``X-CSRF-Token`` header with every state-changing request; another
site can make the browser send the cookie, but cannot read the token.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

SECRET_BYTES = 32


def new_secret() -> str:
    """A fresh session id or CSRF token."""
    return secrets.token_urlsafe(SECRET_BYTES)


def hash_secret(secret: str) -> str:
    """The stored form of a session id (SHA-256 hex)."""
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


def same_secret(expected: str, given: str | None) -> bool:
    """Whether ``given`` is ``expected``, compared in constant time."""
    return given is not None and hmac.compare_digest(expected.encode("utf-8"), given.encode("utf-8"))

"""Password hashing with argon2id (``argon2-cffi``) and the checks a new password must pass.

Parameters: OWASP's first recommended argon2id configuration (Password Storage Cheat Sheet):
19 MiB of memory, 2 passes, 1 lane; salt 16 bytes, hash 32 bytes.  On this project's 2-core
machine a hash costs about 20 ms of CPU (docs/players.md has the measurement): some 50 guesses
per second and core for whoever steals the database, 19 MiB each, and little for a login.  Hashes carry
their parameters (``$argon2id$v=19$m=19456,t=2,p=1$...``), so raising them later re-hashes each
password at its owner's next login (:meth:`Passwords.needs_rehash`).

A login for a name that has no account verifies the password against a dummy hash made with the
same parameters, so both answers take the same time and "no such user" cannot be told from
"wrong password" by the clock.
"""

from __future__ import annotations

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError

from .errors import WeakPasswordError

TIME_COST = 2
MEMORY_KIB = 19 * 1024
PARALLELISM = 1
HASH_BYTES = 32
SALT_BYTES = 16
PASSWORD_MIN = 8
PASSWORD_MAX = 256
"""Characters; longer passwords are refused (they would only cost hashing time)."""


class Passwords:
    """Hashes and verifies passwords with fixed argon2id parameters."""

    def __init__(
        self, time_cost: int = TIME_COST, memory_kib: int = MEMORY_KIB, parallelism: int = PARALLELISM
    ) -> None:
        self.hasher = PasswordHasher(
            time_cost=time_cost,
            memory_cost=memory_kib,
            parallelism=parallelism,
            hash_len=HASH_BYTES,
            salt_len=SALT_BYTES,
        )
        self.dummy = self.hasher.hash("no account has this password")

    def hash(self, password: str) -> str:
        """The stored form of a new password (after :func:`check_new_password`)."""
        return self.hasher.hash(check_new_password(password))

    def verify(self, stored: str | None, password: str) -> bool:
        """Whether ``password`` matches ``stored``; ``stored`` ``None`` (no such account) verifies
        against the dummy hash and is always ``False``, taking as long as a real check."""
        try:
            return self.hasher.verify(stored or self.dummy, password) and stored is not None
        except (VerifyMismatchError, VerificationError, InvalidHashError):
            return False

    def needs_rehash(self, stored: str) -> bool:
        """Whether ``stored`` was made with other parameters than today's."""
        return self.hasher.check_needs_rehash(stored)


def check_new_password(password: str) -> str:
    """``password`` if it is long enough and not too long (it is used as typed, never trimmed).

    Raises:
        WeakPasswordError: shorter than :data:`PASSWORD_MIN` or longer than :data:`PASSWORD_MAX`.
    """
    if not PASSWORD_MIN <= len(password) <= PASSWORD_MAX:
        raise WeakPasswordError(
            f"a password has {PASSWORD_MIN} to {PASSWORD_MAX} characters",
            key="players.error.password_length",
            low=PASSWORD_MIN,
            high=PASSWORD_MAX,
        )
    return password

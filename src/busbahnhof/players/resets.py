"""E-mail addresses on accounts and password reset by mail.

An account may have one e-mail address (optional, never shown to others); setting or removing it
asks for the password (counted like a login attempt), so a stolen session alone cannot point the
reset mail elsewhere.  A reset works so:

1. :meth:`PasswordResets.request` takes an address and answers the same whether an account has
   it: after the checks every request makes, looking the accounts up, storing their tokens and
   sending the mails (none for an unknown address) is the :class:`.mail.Outbox` thread's work,
   so neither the answer nor its time tells.  Each account with the address gets a
   token of 32 random bytes; the store keeps only its SHA-256 hash, with an expiry (an hour).
   Requests are limited per address key and per client address.
2. :meth:`PasswordResets.confirm` takes the token and a new password: a token works once and
   until it expires (the store marks it used in the same statement that checks it, and ends the
   account's other tokens); the new password ends every session of the account.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from typing import Protocol

from ..engine import Catalog
from .accounts import Accounts, Session
from .errors import PlayersError
from .mail import Mail, MailOffError
from .passwords import check_new_password
from .ports import MailStore
from .sessions import hash_secret, new_secret

EMAIL_MAX = 254
RESET_SECONDS = 3600.0
REQUESTS_PER_EMAIL = 3
"""Reset mails one address may ask for within the login window."""
EMAIL_PATTERN = re.compile(r"[^@\s\x00-\x1f\x7f]+@[^@\s\x00-\x1f\x7f.]+(\.[^@\s\x00-\x1f\x7f.]+)+")


class InvalidEmailError(PlayersError):
    """Not an e-mail address."""

    code = "players/invalid_email"


class ResetTokenError(PlayersError):
    """A reset token that is unknown, used or expired (one answer for all three)."""

    code = "players/reset_token"


def email_address(text: str) -> str | None:
    """``text`` as a stored address (trimmed), ``None`` for an empty one.

    Raises:
        InvalidEmailError: not of the form ``name@host.domain``, or longer than 254 characters.
    """
    address = text.strip()
    if not address:
        return None
    if len(address) > EMAIL_MAX or not EMAIL_PATTERN.fullmatch(address):
        raise InvalidEmailError("not an e-mail address", key="players.error.invalid_email", limit=EMAIL_MAX)
    return address


class Outgoing(Protocol):
    """Where mails go (:class:`.mail.Outbox`)."""

    @property
    def enabled(self) -> bool:
        """Whether mail is sent at all."""
        ...

    def post_later(self, make: Callable[[], list[Mail]]) -> None:
        """Make the mails and send them (without waiting for either)."""
        ...


class PasswordResets:
    """E-mail addresses and password resets for the accounts of ``accounts``.

    Args:
        store: where addresses and reset tokens live.
        accounts: the accounts (passwords, limits).
        outbox: where mails go (off when no SMTP server is configured).
        link_base: the site's address the mail's link starts with (``https://bus.example``); from
            the settings, never from a request's ``Host`` header, which the requester chooses.
        clock: seconds since the epoch.
    """

    def __init__(
        self,
        store: MailStore,
        accounts: Accounts,
        outbox: Outgoing,
        link_base: str,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.store = store
        self.accounts = accounts
        self.outbox = outbox
        self.link_base = link_base.rstrip("/")
        self.clock = clock

    def email(self, session: Session) -> str | None:
        """The session's account's address."""
        return self.store.email(session.player_id)

    def set_email(self, session: Session, password: str, text: str, address: str) -> str | None:
        """Set (or, with an empty ``text``, remove) the account's address; the password confirms it.

        Raises:
            InvalidEmailError, LoginFailedError, TooManyAttemptsError.
        """
        email = email_address(text)
        self.accounts.confirm_password(session, password, address)
        self.store.set_email(session.player_id, email, None if email is None else email.lower(), self.clock())
        return email

    def request(self, text: str, address: str, lang: str) -> None:
        """Have a reset mail sent to each account with address ``text`` (none if there is no such
        account): the accounts, tokens and mails are the outbox thread's work (:meth:`mails`).

        Raises:
            InvalidEmailError: not an address.  TooManyAttemptsError: this address or this client
            asked too often within the window.  MailOffError: the server sends no mail.
        """
        if not self.outbox.enabled:
            raise MailOffError("this server sends no mail", key="players.error.mail_off")
        email = email_address(text)
        if email is None:
            raise InvalidEmailError("not an e-mail address", key="players.error.invalid_email", limit=EMAIL_MAX)
        key = email.lower()
        limits = self.accounts.limits
        self.accounts.count_attempt({("reset", key): REQUESTS_PER_EMAIL, ("reset-from", address): limits.per_address})
        self.outbox.post_later(lambda: self.mails(key, lang))

    def mails(self, email_key: str, lang: str) -> list[Mail]:
        """A new token for each account with this address, and its mail in ``lang``."""
        catalog = Catalog(("busbahnhof.players",), lang)
        now = self.clock()
        mails = []
        for account in self.store.accounts_with_email(email_key):
            token = new_secret()
            self.store.create_reset(hash_secret(token), account["id"], now, now + RESET_SECONDS)
            text = catalog.text(
                "players.mail.reset_text",
                display_name=account["display_name"],
                user_name=account["user_name"],
                minutes=int(RESET_SECONDS // 60),
                link=f"{self.link_base}/#/reset/{token}",
            )
            mails.append(Mail(account["email"], catalog.text("players.mail.reset_subject"), text))
        return mails

    def confirm(self, token: str, new_password: str) -> None:
        """Give the token's account ``new_password`` and end all its sessions; the token is used up.

        Raises:
            WeakPasswordError: the password is not allowed (the token stays usable).
            ResetTokenError: unknown, used or expired token.
        """
        check_new_password(new_password)
        player_id = self.store.use_reset(hash_secret(token), self.clock())
        if player_id is None:
            raise ResetTokenError("this reset link is not valid", key="players.error.reset_token")
        self.accounts.set_password(player_id, new_password)

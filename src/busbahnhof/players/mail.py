"""Mail over SMTP: one small API, ``Mailer.send(to, subject, text)``, for password resets now and
"your turn" mails later; :class:`Outbox` sends them from a thread of its own, so that no request
waits for the SMTP server (or shows by its time whether it sent anything).

Off by default: without an SMTP host (``BUSBAHNHOF_SMTP_HOST``) :attr:`Mailer.enabled` is false and
:meth:`Mailer.send` refuses with :class:`MailOffError`.  A message is plain UTF-8 text with a
``From`` of the configured sender, a ``Message-ID`` and a ``Date``; the connection uses STARTTLS,
implicit TLS or neither, as configured, and logs in only when a user name is set.  Sending blocks
(run it in a thread or a background task); nothing is logged here but the failure of a send,
without the message's text (it may hold a reset link).
"""

from __future__ import annotations

import logging
import queue
import smtplib
import ssl
import threading
from collections.abc import Callable
from dataclasses import dataclass
from email.message import EmailMessage
from email.utils import formatdate, make_msgid
from typing import Literal

from .errors import PlayersError

Security = Literal["none", "starttls", "tls"]
log = logging.getLogger(__name__)


class MailOffError(PlayersError):
    """Sending mail was asked for, but the server has no SMTP server configured."""

    code = "players/mail_off"


@dataclass(frozen=True)
class MailSettings:
    """Where and how to send: ``host`` ``None`` means mail is off."""

    host: str | None = None
    port: int = 587
    security: Security = "starttls"
    user: str | None = None
    password: str | None = None
    sender: str = "Busbahnhof <busbahnhof@localhost>"
    timeout: float = 20.0


class Mailer:
    """Sends plain-text mails through the SMTP server of ``settings``."""

    def __init__(self, settings: MailSettings) -> None:
        self.settings = settings

    @property
    def enabled(self) -> bool:
        """Whether an SMTP server is configured."""
        return bool(self.settings.host)

    def message(self, to: str, subject: str, text: str) -> EmailMessage:
        """The mail as it is sent (no header may hold a line break: ``EmailMessage`` refuses it)."""
        message = EmailMessage()
        message["From"] = self.settings.sender
        message["To"] = to
        message["Subject"] = subject
        message["Date"] = formatdate(localtime=False)
        message["Message-ID"] = make_msgid(domain=self.settings.sender.rpartition("@")[2].strip("> ") or None)
        message.set_content(text, charset="utf-8")
        return message

    def send(self, to: str, subject: str, text: str) -> None:
        """Send one plain-text mail to ``to``.

        Raises:
            MailOffError: no SMTP server is configured.
            OSError, smtplib.SMTPException: the server could not be reached or refused the mail.
        """
        settings = self.settings
        if not settings.host:
            raise MailOffError("this server sends no mail", key="players.error.mail_off")
        message = self.message(to, subject, text)
        context = ssl.create_default_context()
        smtp: smtplib.SMTP
        if settings.security == "tls":
            smtp = smtplib.SMTP_SSL(settings.host, settings.port, timeout=settings.timeout, context=context)
        else:
            smtp = smtplib.SMTP(settings.host, settings.port, timeout=settings.timeout)
        with smtp:
            if settings.security == "starttls":
                smtp.starttls(context=context)
            if settings.user:
                smtp.login(settings.user, settings.password or "")
            smtp.send_message(message)


@dataclass(frozen=True)
class Mail:
    """One mail to send: its address, subject and text."""

    to: str
    subject: str
    text: str


class Outbox:
    """Mails handed over now and sent one after another by a daemon thread (started on the first).

    :meth:`post` takes a mail; :meth:`post_later` takes the making of mails too (a password reset
    looks its accounts up and stores their tokens there), so a request that may or may not lead to
    a mail does the same work, in the same time, either way.  A failure is logged (the error's
    kind only: neither address nor text) and the next mail goes on; mails still queued when the
    process ends are lost (a reset can be asked for again).
    """

    def __init__(self, mailer: Mailer) -> None:
        self.mailer = mailer
        self.queue: queue.Queue[Callable[[], list[Mail]]] = queue.Queue()
        self.thread: threading.Thread | None = None
        self.lock = threading.Lock()

    @property
    def enabled(self) -> bool:
        """Whether mail is sent at all."""
        return self.mailer.enabled

    def post(self, mail: Mail) -> None:
        """Queue ``mail`` for sending; returns at once."""
        self.post_later(lambda: [mail])

    def post_later(self, make: Callable[[], list[Mail]]) -> None:
        """Queue ``make``: the outbox's thread calls it and sends the mails it returns."""
        with self.lock:
            if self.thread is None:
                self.thread = threading.Thread(target=self._send_forever, name="mail-outbox", daemon=True)
                self.thread.start()
        self.queue.put(make)

    def _send_forever(self) -> None:
        while True:
            make = self.queue.get()
            try:
                for mail in make():
                    self.mailer.send(mail.to, mail.subject, mail.text)
            except Exception as error:
                log.warning("a mail could not be sent: %s", type(error).__name__)
            finally:
                self.queue.task_done()

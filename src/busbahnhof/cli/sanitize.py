"""Nothing from a file or a user reaches the terminal as a control sequence.

Player names in records, texts of deck files, typed input quoted in an error: any of them may
hold an escape sequence (``ESC ] 0 ; title BEL`` sets the window title, ``ESC [ 2 J`` clears the
screen) or other control characters.  :func:`terminal_safe` is the one function that makes text
harmless, and :class:`SafeConsole` applies it to every piece of text the program prints, at the
display boundary, so no code path can forget it.  Rich's own styling and cursor control (colours,
``clear``) are not text and pass unchanged.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from rich.console import Console
from rich.segment import Segment

_UNSAFE = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")
"""C0 controls except newline, DEL, C1 controls, and the invisible bidirectional marks and
overrides that can make a name read differently from what it is."""


def _escaped(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code <= 0xFF else f"\\u{code:04x}"


def terminal_safe(text: str) -> str:
    """``text`` with every control character written out visibly (``ESC`` as ``\\x1b``, tab as ``\\x09``).

    Newlines stay: they only start a new line.  Everything else printable, any language's
    letters and emoji included, is kept as it is.
    """
    return _UNSAFE.sub(_escaped, text)


class SafeConsole(Console):
    """A Rich console that passes the text of everything it prints through :func:`terminal_safe`."""

    def _render_buffer(self, buffer: Iterable[Segment]) -> str:
        return super()._render_buffer(
            segment if segment.control else Segment(terminal_safe(segment.text), segment.style, segment.control)
            for segment in buffer
        )

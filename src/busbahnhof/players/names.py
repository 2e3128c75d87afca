"""Display names and user names: what a person may be called, checked the same way everywhere.

A display name is what others see at a table, in logs, replays and on player pages.  It is
normalised to Unicode NFC (so "é" typed as one or as two code points is one name), trimmed
(inner runs of spaces become one), and must be 1 to 32 characters long without control, format
(bidirectional overrides, zero-width characters), surrogate, private-use or unassigned code
points.  It is stored and served as text; every client escapes it (the web client builds text nodes).

A user name is the login name: 3 to 32 characters of ``a-z``, ``0-9``, ``.``, ``_`` and ``-``,
starting with a letter or digit; compared case-insensitively (stored lower case as its key).
"""

from __future__ import annotations

import re
import unicodedata

from .errors import InvalidNameError

DISPLAY_NAME_MAX = 32
USER_NAME_MIN = 3
USER_NAME_MAX = 32
FORBIDDEN_CATEGORIES = {
    "Cc": "a control character",
    "Cf": "an invisible formatting character",
    "Cs": "a surrogate",
    "Co": "a private-use character",
    "Cn": "an unassigned character",
    "Zl": "a line break",
    "Zp": "a paragraph break",
}
USER_NAME = re.compile(r"[a-z0-9][a-z0-9._-]*")


def display_name(text: str) -> str:
    """``text`` as a display name: NFC, trimmed, inner runs of white space made one space.

    Raises:
        InvalidNameError: empty, longer than :data:`DISPLAY_NAME_MAX` characters, or holding a
            forbidden character (the message names it and its position).
    """
    normal = unicodedata.normalize("NFC", text)
    for position, char in enumerate(normal, start=1):
        kind = FORBIDDEN_CATEGORIES.get(unicodedata.category(char))
        if kind is not None:
            raise InvalidNameError(
                f"the name holds {kind} (U+{ord(char):04X}) at position {position}",
                key="players.error.name_character",
                kind=kind,
                code_point=f"U+{ord(char):04X}",
                position=position,
            )
    name = " ".join(normal.split())
    if not name:
        raise InvalidNameError("the name is empty", key="players.error.name_empty")
    if len(name) > DISPLAY_NAME_MAX:
        raise InvalidNameError(
            f"the name has {len(name)} characters, at most {DISPLAY_NAME_MAX} are allowed",
            key="players.error.name_too_long",
            length=len(name),
            limit=DISPLAY_NAME_MAX,
        )
    return name


def user_name_key(text: str) -> str:
    """The user name as stored and compared (lower case); checked like :func:`user_name`."""
    return user_name(text).lower()


def user_name(text: str) -> str:
    """``text`` (trimmed) as a user name.

    Raises:
        InvalidNameError: too short, too long, or with characters other than ``a-z 0-9 . _ -``.
    """
    name = text.strip()
    if not USER_NAME_MIN <= len(name) <= USER_NAME_MAX or not USER_NAME.fullmatch(name.lower()):
        raise InvalidNameError(
            f"a user name has {USER_NAME_MIN} to {USER_NAME_MAX} characters: letters a-z, digits and . _ -, "
            "starting with a letter or digit",
            key="players.error.user_name",
            low=USER_NAME_MIN,
            high=USER_NAME_MAX,
        )
    return name

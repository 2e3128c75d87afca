"""Why an action is refused, in English and as a message key for German and English interfaces."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Refusal:
    """One reason an action breaks a rule.

    Attributes:
        text: the reason in English (the error's ``message``).
        key: the template ``illegal.<key>`` in ``locales/de.toml`` and ``locales/en.toml``.
        params: the values the template needs (``lot``, ``building``, ``phase``... render through
            the game's parameter formatters).
    """

    text: str
    key: str
    params: Mapping[str, Any] = field(default_factory=dict)

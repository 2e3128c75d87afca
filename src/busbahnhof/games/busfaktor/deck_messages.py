"""What the deck validator says, as message keys with German and English texts.

Every rule the deck format checks beyond a field's type and range is a *deck problem*: a code,
the rule section it enforces (``RULES``) and the templates ``validation.deck_<code>`` in this
game's ``locales/de.toml`` and ``en.toml``.  The schema raises :func:`deck_problem`, a pydantic
error whose type is ``deck_<code>`` and whose context holds the field, the rule and the values
the text names; ``deck.validate_deck`` turns each into a problem dict (file, card, field, rule,
key, params) that :class:`~busbahnhof.engine.Catalog` renders in either language.  A field's
type, range or choice (pydantic's own kinds, ``PYDANTIC_KINDS``) is worded by the engine's
``validation.<kind>`` templates.
"""

from __future__ import annotations

from typing import Any

from pydantic_core import PydanticCustomError

from ...engine.events import load_messages

PACKAGE = "busbahnhof.games.busfaktor"

RULES: dict[str, str] = {
    "points": "§4",
    "type_or_types": "§4",
    "wildcard_types": "§4 Wildcard",
    "keywords_shown": "§4",
    "keywords_none": "§4",
    "english_keywords": "§4",
    "english_keywords_none": "§4",
    "ends_cooperation": "§11",
    "on_completion": "§10",
    "project_filter": "§13 E1",
    "cards_once": "§4",
    "joker_types_once": "§13 E5",
    "safeguard_negative": "§4, §12",
    "name_twice": "",
    "english_name_twice": "",
    "action_stack": "§5.5",
    "template": "§13",
}
"""Each deck problem's code and the section of the rule document it enforces (empty: a rule of the
format only; a card's name identifies it in the notation and in messages, so names are unique)."""

PYDANTIC_KINDS = (
    "missing",
    "extra_forbidden",
    "literal_error",
    "string_type",
    "int_type",
    "bool_type",
    "list_type",
    "model_type",
    "greater_than_equal",
    "less_than_equal",
    "too_short",
    "too_long",
    "string_too_short",
)
"""The pydantic error kinds a deck file can raise besides the deck problems (strict schema)."""


def problem_key(code: str) -> str:
    """The catalog key of deck problem ``code``."""
    return f"validation.deck_{code}"


def deck_problem(code: str, field: str, **params: Any) -> PydanticCustomError:
    """The error to raise for deck problem ``code`` at ``field`` (of the card being validated, or of
    the card ``params`` name by ``kind``, ``index`` and ``name``); its English text is the catalog's."""
    context = {"field": field, "rule": RULES[code], **params}
    return PydanticCustomError(f"deck_{code}", load_messages(PACKAGE, "en")[problem_key(code)], context)

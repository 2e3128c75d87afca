"""Validation problems (pydantic's) as data a catalog renders in German or English.

pydantic words its errors in English.  :func:`validation_problems` keeps of each what a message
needs (the field, the kind of problem and its limit or choices) so that ``Catalog`` can say it
in the interface's language from the templates ``validation.<kind>``; a kind without a template
(e.g. a custom validator's ``value_error``) keeps pydantic's English text.
"""

from __future__ import annotations

import re
from typing import Any

from pydantic import ValidationError

LIMITS = ("ge", "gt", "le", "lt", "min_length", "max_length")


def validation_problems(exc: ValidationError) -> list[dict[str, Any]]:
    """Each error of ``exc`` as ``{"field", "kind", "message", "choices", "limit"}`` (JSON-ready)."""
    problems = []
    for err in exc.errors():
        context = err.get("ctx") or {}
        limit = next((context[name] for name in LIMITS if name in context), None)
        problems.append(
            {
                "field": ".".join(str(part) for part in err["loc"]) or "options",
                "kind": err["type"],
                "message": str(err["msg"]).removeprefix("Value error, "),
                "choices": re.findall(r"'([^']*)'", str(context.get("expected", ""))),
                "limit": limit if isinstance(limit, (int, float, str)) else None,
            }
        )
    return problems


def english_problems(problems: list[dict[str, Any]]) -> str:
    """The problems as pydantic wrote them: ``field: message; ...``."""
    return "; ".join(f"{problem['field']}: {problem['message']}" for problem in problems)

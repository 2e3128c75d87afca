"""The public event log and its rendering in German and English.

A state's log is a list of :class:`Event` values: a message key and JSON-ready parameters.
Nothing secret goes into the log; user interfaces render it with :class:`Catalog`.
Message templates live in TOML files (``locales/de.toml``, ``locales/en.toml``) inside the
package that owns them; keys are looked up in the game's catalog first, then the engine's.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from types import MappingProxyType
from typing import Any

from .errors import GameError, InvalidDataError

LANGUAGES = ("de", "en")

ParamFormatter = Callable[[Any], str]


@dataclass(frozen=True, slots=True)
class Event:
    """One public happening: ``key`` names the message template, ``params`` fill it."""

    key: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {"key": self.key, "params": dict(self.params)}


def _flatten(table: Mapping[str, Any], prefix: str = "") -> dict[str, str]:
    flat: dict[str, str] = {}
    for key, value in table.items():
        name = f"{prefix}{key}"
        if isinstance(value, Mapping):
            flat.update(_flatten(value, f"{name}."))
        else:
            flat[name] = str(value)
    return flat


@cache
def load_messages(package: str, lang: str) -> Mapping[str, str]:
    """The flattened message table ``locales/<lang>.toml`` of ``package`` (empty if absent)."""
    if lang not in LANGUAGES:
        raise InvalidDataError(
            f"unsupported language {lang!r}; choose one of {', '.join(LANGUAGES)}",
            key="error.language",
            params={"lang": lang, "languages": ", ".join(LANGUAGES)},
        )
    resource = resources.files(package).joinpath("locales", f"{lang}.toml")
    if not resource.is_file():
        return {}
    try:
        return _flatten(tomllib.loads(resource.read_text(encoding="utf-8")))
    except tomllib.TOMLDecodeError as exc:
        raise InvalidDataError(f"{package}/locales/{lang}.toml: {exc}") from exc


@cache
def merged_messages(packages: tuple[str, ...], lang: str) -> Mapping[str, str]:
    """The message tables of ``packages`` in ``lang`` merged, the first package's templates winning;
    merged once per chain of packages and shared by every catalog of it (a table server builds
    catalogs per table and seat names), read-only."""
    merged: dict[str, str] = {}
    for package in reversed(packages):
        merged.update(load_messages(package, lang))
    return MappingProxyType(merged)


class Catalog:
    """Messages of one language, looked up through a chain of packages (most specific first).

    Args:
        packages: package names whose ``locales/<lang>.toml`` are consulted in order.
        lang: ``"de"`` or ``"en"``.
        formatters: per parameter name, a function that renders its raw value (a card id,
            a seat number) as text in this language.
    """

    def __init__(
        self,
        packages: tuple[str, ...],
        lang: str,
        formatters: Mapping[str, ParamFormatter] | None = None,
    ) -> None:
        self.lang = lang
        self.packages = packages
        self.formatters: dict[str, ParamFormatter] = dict(formatters or {})
        self.messages = merged_messages(packages, lang)

    def has(self, key: str) -> bool:
        """Whether ``key`` has a template (or singular and plural ones)."""
        return key in self.messages or f"{key}.other" in self.messages

    def text(self, key: str, **params: Any) -> str:
        """Render template ``key`` with ``params``; an unknown key renders as itself.

        A key may have a singular and a plural template instead of one (``key.one`` and
        ``key.other``, in TOML ``key = { one = "1 Fahrgast", other = "{count} Fahrgäste" }``);
        the parameter ``count`` (else ``n``, else ``slots``) chooses between them.
        """
        template = self.messages.get(key)
        if template is None and f"{key}.other" in self.messages:
            number = params.get("count", params.get("n", params.get("slots")))
            singular = str(number) == "1" and f"{key}.one" in self.messages
            template = self.messages[f"{key}.one" if singular else f"{key}.other"]
        if template is None:
            return key if not params else f"{key} {params}"
        rendered = {name: self.format_param(name, value) for name, value in params.items()}
        return template.format_map(_Lenient(rendered))

    def format_param(self, name: str, value: Any) -> str:
        """Render one parameter value with the formatter registered for its name.

        ``problems`` (a list made by :func:`validation.validation_problems`) is rendered by
        :meth:`problem_text`, one problem per line.
        """
        if name == "problems" and isinstance(value, list):
            return "\n".join(self.problem_text(problem) for problem in value)
        formatter = self.formatters.get(name)
        if formatter is None:
            base = name.rstrip("0123456789_")
            formatter = self.formatters.get(base)
        if formatter is not None:
            return formatter(value)
        if isinstance(value, (list, tuple)):
            return ", ".join(self.format_param(name, item) for item in value)
        return str(value)

    def problem_text(self, problem: Mapping[str, Any]) -> str:
        """One validation problem as ``field: what is wrong`` in this language.

        A problem that brings its own ``english`` text (a deck file's, in the documented format
        ``FILE: CARD: field FIELD: MESSAGE``) is shown so in English; where ``validation.<kind>``
        has no template (a custom validator's ``value_error``) so is every language.
        """
        key = f"validation.{problem.get('kind')}"
        if key not in self.messages or (self.lang == "en" and problem.get("english")):
            return str(problem.get("english") or f"{problem.get('field')}: {problem.get('message')}")
        choices = problem.get("choices") or []
        own = {"rule": problem.get("rule"), **(problem.get("params") or {})}  # a game's own problems (Busfaktor decks)
        what = self.text(key, choices=", ".join(f"'{c}'" for c in choices), limit=problem.get("limit"), **own)
        if "value" in problem and self.has("validation.not_value"):
            what += self.text("validation.not_value", value=problem["value"])
        return f"{problem.get('field')}: {what}"

    def rule_text(self, rule: str) -> str:
        """The name of ``rule`` (a citation such as ``"Bus: Gebäude"``) in this language.

        Citations name the rule documents' sections in their own (German) words; a catalog may
        give a translation under ``rule_name."<citation>"`` (English: ``"Bus: buildings
        (Gebäude)"``).  A citation without one, such as ``"Busfaktor §8.3"``, is the same in
        every language.
        """
        return self.messages.get(f"rule_name.{rule}", rule)

    def render(self, event: Event) -> str:
        """The event as one line of text."""
        return self.text(event.key, **event.params)

    def error_text(self, error: GameError) -> str:
        """What ``error`` says, in this language where its key has a template, else its English message.

        Keys under ``illegal.`` hold only the reason; they are wrapped in ``error.illegal``
        ("„{action}“ ist jetzt nicht erlaubt: {reason}").  An error raised ``from`` another
        :class:`GameError` (a record's action that does not replay) renders that cause in this
        language as its ``reason``.
        """
        key = error.key
        if key is None or not self.has(key):
            return error.message
        params = dict(error.params)
        if isinstance(error.__cause__, GameError):
            params["reason"] = self.error_text(error.__cause__)
        text = self.text(key, **params)
        if key.startswith("illegal."):
            return self.text("error.illegal", action=error.params.get("action", ""), reason=text)
        return text


class _Lenient(dict[str, str]):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"

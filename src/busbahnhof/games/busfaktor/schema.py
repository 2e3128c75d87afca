"""The deck format of Busfaktor: 1 as pydantic models (the schema a designer's TOML file must follow).

A deck file has a ``[deck]`` table and three arrays of tables, ``[[projects]]``, ``[[factors]]``
and ``[[events]]`` (§2, §4).  Values that the rule document names keep its German words:
factor types ``Team``, ``Daten``, ``Betrieb``, ``Methode``; templates ``E1`` to ``E8`` (§13);
the keywords ``MEHRAUFWAND`` and ``RÜCKSCHLAG`` (§4).  ``docs/games/busfaktor-deck-format.md``
documents every field.
"""

from __future__ import annotations

import re
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationInfo, field_validator, model_validator

from .deck_messages import deck_problem

FactorType = Literal["Team", "Daten", "Betrieb", "Methode"]
Keyword = Literal["MEHRAUFWAND", "RÜCKSCHLAG"]
FACTOR_TYPES: tuple[str, ...] = ("Team", "Daten", "Betrieb", "Methode")
KEYWORDS: tuple[str, ...] = ("MEHRAUFWAND", "RÜCKSCHLAG")
_SHOWN_KEYWORD = re.compile(r"\b(MEHRAUFWAND|RÜCKSCHLAG)\b")
AttachedKind = Literal["faktor", "joker", "mehraufwand"]


def shown_keywords(text: str) -> list[str]:
    """§4: the negative keywords a card text shows, in capitals as printed (``MEHRAUFWAND``, ``RÜCKSCHLAG``).

    "Rückschlag" or "Mehraufwand" in ordinary spelling is a word, not the keyword.
    """
    return sorted(set(_SHOWN_KEYWORD.findall(text)), key=KEYWORDS.index)


class _Strict(BaseModel):
    """Every deck model: frozen, unknown fields refused, and no type coercion (pydantic strict mode).

    ``count = "3"``, ``count = true``, ``points = 2.0`` or ``counts_for_event_limit = "no"`` are
    errors naming the file, the card and the field, never silently converted.
    """

    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)


class Overrides(_Strict):
    """Card text that overrides a general rule (§17), as structured fields.

    Attributes:
        on_completion: §10 steps 2-3, what replaces the normal spending when its project is
            completed: ``"hand"`` the card returns to the hand of its controlling person;
            ``"ablage"`` it goes face up onto the open discard (where it can be drawn; §17: the
            person completing several such projects at once chooses their order).
        counts_for_event_limit: ``false``: playing this event does not use the turn's one event (§8.3).
        ends_cooperation: ``true`` (events with a target: E5, E6, E7): once the effect is carried
            out, the cooperation of the project it was carried out on ends (§11 "Kartentext kann
            diese Regel ausdrücklich überschreiben").
    """

    on_completion: Literal["verbrauch", "hand", "ablage"] = "verbrauch"
    counts_for_event_limit: bool = True
    ends_cooperation: bool = False


class ProjectEnglish(_Strict):
    """The English texts of a project, shown with ``--lang en`` (the German fields stay the reference)."""

    title: str = Field(min_length=1)
    goal: str = Field(min_length=1)
    flavor: str = ""


class FactorEnglish(_Strict):
    """The English texts of a Projektfaktor."""

    name: str = Field(min_length=1)
    text: str = ""


class EventEnglish(_Strict):
    """The English texts of an event; its text shows the same keywords as the card (§4)."""

    name: str = Field(min_length=1)
    text: str = Field(min_length=1)


class DeckEnglish(_Strict):
    """The deck's English name."""

    name: str = Field(min_length=1)


class DeckInfo(_Strict):
    """The ``[deck]`` table: a name and version for the designer's bookkeeping, and the licence.

    Attributes:
        license: the licence of the deck's card texts (``"CC BY-SA 4.0"`` for the default deck, §19).
        credit: the attribution that licence requires wherever the deck is shown.
    """

    name: str = Field(min_length=1)
    version: str = "1"
    language: Literal["de", "en"] = "de"
    license: str = ""
    credit: str = ""
    en: DeckEnglish | None = None

    def title(self, lang: str) -> str:
        """The deck's name in ``lang`` (``en``: its English name where given)."""
        return self.en.name if lang == "en" and self.en is not None else self.name


class ProjectCard(_Strict):
    """A project (§4): a verifiable goal state, 2-4 requirement symbols, points = requirements."""

    title: str = Field(min_length=1)
    goal: str = Field(min_length=1)
    requirements: list[FactorType] = Field(min_length=2, max_length=4)
    points: int
    flavor: str = ""
    en: ProjectEnglish | None = None

    @field_validator("points")
    @classmethod
    def _points_equal_requirements(cls, points: int, info: ValidationInfo) -> int:
        requirements = info.data.get("requirements")
        if requirements is not None and points != len(requirements):
            raise deck_problem("points", "points", wanted=len(requirements), points=points)
        return points


class FactorCard(_Strict):
    """A Projektfaktor (§4): exactly one of ``type`` (one factor type) or ``types`` (a wildcard)."""

    name: str = Field(min_length=1)
    type: FactorType | None = None
    types: list[FactorType] | None = None
    text: str = ""
    overrides: Overrides = Overrides()
    en: FactorEnglish | None = None

    @model_validator(mode="after")
    def _one_type_or_wildcard(self) -> FactorCard:
        if (self.type is None) == (self.types is None):
            raise deck_problem("type_or_types", "type")
        if self.types is not None and (len(self.types) < 2 or len(set(self.types)) != len(self.types)):
            raise deck_problem("wildcard_types", "types")
        return self

    @property
    def allowed(self) -> tuple[str, ...]:
        """The factor types this card may fill."""
        return (self.type,) if self.type is not None else tuple(self.types or ())


class _Event(_Strict):
    """Fields every event has.  §4: an event is negative exactly when its text shows the keyword
    ``MEHRAUFWAND`` or ``RÜCKSCHLAG`` (whatever its template); ``keywords``, if given, must list
    exactly the keywords the text shows (ruling R5)."""

    name: str = Field(min_length=1)
    text: str = Field(min_length=1)
    keywords: list[Keyword] | None = None
    overrides: Overrides = Overrides()
    en: EventEnglish | None = None

    @model_validator(mode="after")
    def _keywords_are_the_shown_ones(self) -> _Event:
        shown = shown_keywords(self.text)
        if self.keywords is not None and sorted(self.keywords) != sorted(shown):
            raise deck_problem("keywords_shown" if shown else "keywords_none", "keywords", shown=", ".join(shown))
        if self.en is not None and sorted(shown_keywords(self.en.text)) != sorted(shown):
            raise deck_problem("english_keywords" if shown else "english_keywords_none", "en", shown=", ".join(shown))
        if self.overrides.ends_cooperation and self.template_name not in ("E5", "E6", "E7"):
            raise deck_problem("ends_cooperation", "overrides")
        if self.overrides.on_completion != "verbrauch" and self.template_name not in ("E5", "E6"):
            raise deck_problem("on_completion", "overrides")
        return self

    @property
    def negative(self) -> list[str]:
        """§4: the negative keywords the card shows (empty for a non-negative event)."""
        return shown_keywords(self.text)

    @property
    def template_name(self) -> str:
        """The template, e.g. ``"E6"``."""
        return str(getattr(self, "template", "?"))


class SichtenEvent(_Event):
    """E1 – Sichten: look at ``count`` top cards of ``stack``, take one allowed card (§13 E1)."""

    template: Literal["E1"]
    stack: Literal["projekt", "aktion"]
    count: int = Field(ge=1, le=10)
    factor_type: FactorType | None = None
    order: Literal["gewählt", "wie gesehen"] = "gewählt"

    @model_validator(mode="after")
    def _check(self) -> SichtenEvent:
        if self.stack == "projekt" and self.factor_type is not None:
            raise deck_problem("project_filter", "factor_type")
        return self


class NachziehenEvent(_Event):
    """E2 – Nachziehen: reveal action cards until ``count`` factors are found (§13 E2)."""

    template: Literal["E2"]
    count: int = Field(ge=1, le=10)
    factor_type: FactorType | None = None


class RueckholenEvent(_Event):
    """E3 – Rückholen: take one allowed factor from anywhere in the open discard (§13 E3)."""

    template: Literal["E3"]
    factor_type: FactorType | None = None


class _AttachedCards(_Event):
    """Events acting on attached cards (E4, E7): ``cards`` names which kinds they may take (§4:
    a joker or a Mehraufwand stays at its project "bis … ein Karteneffekt sie bewegt")."""

    cards: list[AttachedKind] = Field(default=["faktor", "joker"], min_length=1)

    @model_validator(mode="after")
    def _cards_once_each(self) -> _AttachedCards:
        if len(set(self.cards)) != len(self.cards):
            raise deck_problem("cards_once", "cards")
        return self


class UmverteilenEvent(_AttachedCards):
    """E4 – Umverteilen: move up to ``count`` attached cards (§13 E4, §4).

    ``reach``: ``"eigene"`` between the player's own active projects, ``"alle"`` between any
    active projects.  ``cards``: ``faktor`` (factors and wildcards), ``joker`` (events attached
    as jokers, E5), ``mehraufwand`` (E6 cards; ruling R19).
    """

    template: Literal["E4"]
    count: int = Field(ge=1, le=10)
    reach: Literal["eigene", "alle"]


class JokerEvent(_Event):
    """E5 – Joker: attached to an own project as a factor of one of ``types`` (§13 E5)."""

    template: Literal["E5"]
    types: list[FactorType] = Field(min_length=1)

    @model_validator(mode="after")
    def _check(self) -> JokerEvent:
        if len(set(self.types)) != len(self.types):
            raise deck_problem("joker_types_once", "types")
        return self


class MehraufwandEvent(_Event):
    """E6 – Mehraufwand: attached to another person's project, adds a ``factor_type`` requirement."""

    template: Literal["E6"]
    factor_type: FactorType


class RueckschlagEvent(_AttachedCards):
    """E7 – Rückschlag: an attached card returns to its controlling person's hand (§13 E7).

    ``reach``: ``"ziel"`` one chosen card; ``"andere"`` every matching card on the other persons'
    active projects, ``"alle"`` on every active project (§12: a negative event without a single
    target, its reaction window starts left of the active person).  ``cards``: which attached
    kinds it takes (§4); ``factor_type``: only cards of this (chosen or added) type;
    ``destination``: ``"hand"`` (§13 E7) or ``"verbrauch"`` (the card is removed, face down onto
    the Verbrauchsstapel).
    """

    template: Literal["E7"]
    factor_type: FactorType | None = None
    reach: Literal["ziel", "andere", "alle"] = "ziel"
    destination: Literal["hand", "verbrauch"] = "hand"


class AbsicherungEvent(_Event):
    """E8 – Absicherung: prevents a negative event in the reaction window (§12, §13 E8).

    ``reach``: ``"selbst"`` only for the directly affected person, ``"alle"`` for anyone asked;
    ``blocks``: the negative keywords it prevents.
    """

    template: Literal["E8"]
    reach: Literal["selbst", "alle"]
    blocks: list[Keyword] = Field(default=["MEHRAUFWAND", "RÜCKSCHLAG"], min_length=1)

    @model_validator(mode="after")
    def _not_negative(self) -> AbsicherungEvent:
        if self.negative:
            raise deck_problem("safeguard_negative", "text")
        return self


EventCard = Annotated[
    (
        SichtenEvent
        | NachziehenEvent
        | RueckholenEvent
        | UmverteilenEvent
        | JokerEvent
        | MehraufwandEvent
        | RueckschlagEvent
        | AbsicherungEvent
    ),
    Field(discriminator="template"),
]


class DeckFile(_Strict):
    """A whole deck file."""

    deck: DeckInfo
    projects: list[ProjectCard] = Field(min_length=4)
    factors: list[FactorCard] = Field(min_length=1)
    events: list[EventCard] = []

    @model_validator(mode="after")
    def _unique_names_and_enough_cards(self) -> DeckFile:
        seen: dict[str, str] = {}
        for kind, names in (
            ("projects", [p.title for p in self.projects]),
            ("factors", [f.name for f in self.factors]),
            ("events", [e.name for e in self.events]),
        ):
            for index, name in enumerate(names):
                if name in seen:
                    raise deck_problem("name_twice", "name", kind=kind, index=index, name=name, other=seen[name])
                seen[name] = f"{kind}[{index}]"
        english: dict[str, str] = {}
        for kind, cards in (("projects", self.projects), ("factors", self.factors), ("events", self.events)):
            for index, card in enumerate(cards):
                if card.en is None:
                    continue
                name = card.en.title if isinstance(card.en, ProjectEnglish) else card.en.name
                if name in english:
                    raise deck_problem(
                        "english_name_twice", "en", kind=kind, index=index, name=name, other=english[name]
                    )
                english[name] = f"{kind}[{index}]"
        if len(self.factors) + len(self.events) < 8:
            raise deck_problem("action_stack", "", count=len(self.factors) + len(self.events))
        return self

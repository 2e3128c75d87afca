"""The deck format of Busfaktor: 1 as pydantic models (the schema a designer's TOML file must follow).

A deck file has a ``[deck]`` table and three arrays of tables, ``[[projects]]``, ``[[factors]]``
and ``[[events]]`` (§2, §4).  Values that the rule document names keep its German words:
factor types ``Team``, ``Daten``, ``Betrieb``, ``Methode``; templates ``E1`` to ``E8`` (§13);
the keywords ``MEHRAUFWAND`` and ``RÜCKSCHLAG`` (§4).  ``docs/games/busfaktor-deck-format.md``
documents every field.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationInfo, field_validator, model_validator

FactorType = Literal["Team", "Daten", "Betrieb", "Methode"]
Keyword = Literal["MEHRAUFWAND", "RÜCKSCHLAG"]
FACTOR_TYPES: tuple[str, ...] = ("Team", "Daten", "Betrieb", "Methode")
KEYWORDS: tuple[str, ...] = ("MEHRAUFWAND", "RÜCKSCHLAG")


class _Strict(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Overrides(_Strict):
    """Card text that overrides a general rule (§17), as structured fields.

    Attributes:
        on_completion: ``"hand"``: when its project is completed the card returns to the hand of
            its controlling person instead of the Verbrauchsstapel (§10 steps 2-3).
        counts_for_event_limit: ``false``: playing this event does not use the turn's one event (§8.3).
    """

    on_completion: Literal["verbrauch", "hand"] = "verbrauch"
    counts_for_event_limit: bool = True


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


def shown_keywords(text: str) -> list[str]:
    """The keywords ``MEHRAUFWAND`` and ``RÜCKSCHLAG`` a card text shows, in capitals (§4)."""
    return [word for word in KEYWORDS if word in text]


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
            raise ValueError(f"points must equal the number of requirements ({len(requirements)}), not {points} (§4)")
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
            raise ValueError("type: give exactly one of 'type' (a factor) or 'types' (a wildcard) (§4)")
        if self.types is not None and (len(self.types) < 2 or len(set(self.types)) != len(self.types)):
            raise ValueError("types: a wildcard lists at least two different factor types (§4 Wildcard)")
        return self

    @property
    def allowed(self) -> tuple[str, ...]:
        """The factor types this card may fill."""
        return (self.type,) if self.type is not None else tuple(self.types or ())


class _Event(_Strict):
    name: str = Field(min_length=1)
    text: str = Field(min_length=1)
    keywords: list[Keyword] = []
    overrides: Overrides = Overrides()
    en: EventEnglish | None = None

    def _require_keywords(self, wanted: tuple[str, ...]) -> None:
        if sorted(self.keywords) != sorted(wanted):
            shown = ", ".join(wanted) or "none"
            raise ValueError(f"keywords: must be exactly [{shown}] for template {self.template_name} (§4, §12)")
        if self.en is not None and sorted(shown_keywords(self.en.text)) != sorted(self.keywords):
            shown = ", ".join(self.keywords) or "none"
            raise ValueError(
                f"en: the English text must show exactly the keywords [{shown}] in capitals, as the card does (§4)"
            )

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
        self._require_keywords(())
        if self.stack == "projekt" and self.factor_type is not None:
            raise ValueError("factor_type: filters factors, but the project stack holds only projects (§13 E1)")
        return self


class NachziehenEvent(_Event):
    """E2 – Nachziehen: reveal action cards until ``count`` factors are found (§13 E2)."""

    template: Literal["E2"]
    count: int = Field(ge=1, le=10)
    factor_type: FactorType | None = None

    @model_validator(mode="after")
    def _check(self) -> NachziehenEvent:
        self._require_keywords(())
        return self


class RueckholenEvent(_Event):
    """E3 – Rückholen: take one allowed factor from anywhere in the open discard (§13 E3)."""

    template: Literal["E3"]
    factor_type: FactorType | None = None

    @model_validator(mode="after")
    def _check(self) -> RueckholenEvent:
        self._require_keywords(())
        return self


class UmverteilenEvent(_Event):
    """E4 – Umverteilen: move up to ``count`` attached factors (§13 E4).

    ``reach``: ``"eigene"`` between the player's own active projects, ``"alle"`` between any
    active projects.
    """

    template: Literal["E4"]
    count: int = Field(ge=1, le=10)
    reach: Literal["eigene", "alle"]

    @model_validator(mode="after")
    def _check(self) -> UmverteilenEvent:
        self._require_keywords(())
        return self


class JokerEvent(_Event):
    """E5 – Joker: attached to an own project as a factor of one of ``types`` (§13 E5)."""

    template: Literal["E5"]
    types: list[FactorType] = Field(min_length=1)

    @model_validator(mode="after")
    def _check(self) -> JokerEvent:
        self._require_keywords(())
        if len(set(self.types)) != len(self.types):
            raise ValueError("types: lists each factor type once (§13 E5)")
        return self


class MehraufwandEvent(_Event):
    """E6 – Mehraufwand: attached to another person's project, adds a ``factor_type`` requirement."""

    template: Literal["E6"]
    factor_type: FactorType

    @model_validator(mode="after")
    def _check(self) -> MehraufwandEvent:
        self._require_keywords(("MEHRAUFWAND",))
        return self


class RueckschlagEvent(_Event):
    """E7 – Rückschlag: an attached factor returns to its controlling person's hand (§13 E7)."""

    template: Literal["E7"]
    factor_type: FactorType | None = None

    @model_validator(mode="after")
    def _check(self) -> RueckschlagEvent:
        self._require_keywords(("RÜCKSCHLAG",))
        return self


class AbsicherungEvent(_Event):
    """E8 – Absicherung: prevents a negative event in the reaction window (§12, §13 E8).

    ``reach``: ``"selbst"`` only for the directly affected person, ``"alle"`` for anyone asked;
    ``blocks``: the negative keywords it prevents.
    """

    template: Literal["E8"]
    reach: Literal["selbst", "alle"]
    blocks: list[Keyword] = Field(default=["MEHRAUFWAND", "RÜCKSCHLAG"], min_length=1)

    @model_validator(mode="after")
    def _check(self) -> AbsicherungEvent:
        self._require_keywords(())
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
                    raise ValueError(
                        f"{kind}[{index}] {name!r}: field name: the name is used twice (also {seen[name]})"
                    )
                seen[name] = f"{kind}[{index}]"
        english: dict[str, str] = {}
        for kind, cards in (("projects", self.projects), ("factors", self.factors), ("events", self.events)):
            for index, card in enumerate(cards):
                if card.en is None:
                    continue
                name = card.en.title if isinstance(card.en, ProjectEnglish) else card.en.name
                if name in english:
                    raise ValueError(
                        f"{kind}[{index}] {name!r}: field en: the English name is used twice (also {english[name]})"
                    )
                english[name] = f"{kind}[{index}]"
        if len(self.factors) + len(self.events) < 8:
            raise ValueError("the Aktionsstapel needs at least 8 cards to deal two to each of four players (§5.5)")
        return self

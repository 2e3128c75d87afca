"""Loading, validating and compiling a deck file into the flat tables the rules read.

Card ids are ints: projects first (``0 .. n_projects-1``), then factors, then events, each in
file order.  ``load_deck(option)`` raises :class:`InvalidDataError` naming the file, the card and
the field of the first problem found (a :class:`UserFileError` for a file that cannot be read).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from ...engine import InvalidDataError
from ...engine.events import load_messages
from ...engine.userfiles import EmbeddedFile, parse_toml, read_user_text
from ...engine.validation import validation_problems
from .deck_messages import PACKAGE, RULES
from .schema import FACTOR_TYPES, KEYWORDS, DeckFile, FactorCard, JokerEvent, ProjectCard, RueckschlagEvent

PROJECT, FACTOR, EVENT = 0, 1, 2
HITS_FACTOR, HITS_JOKER, HITS_EXTRA = 1, 2, 4
AREA_TARGET, AREA_OTHERS, AREA_ALL = 0, 1, 2
_HITS = {"faktor": HITS_FACTOR, "joker": HITS_JOKER, "mehraufwand": HITS_EXTRA}
_AREAS = {"ziel": AREA_TARGET, "andere": AREA_OTHERS, "alle": AREA_ALL}
BUILTIN_DECKS = {"standard": "deck.toml", "mini": "mini-deck.toml"}


@dataclass(frozen=True, slots=True)
class Deck:
    """A validated deck as flat per-card tables (index = card id).

    Attributes:
        source: the file it was read from.
        model: the validated file content.
        names: card names (project titles for projects), as the deck's main texts give them.
        english_names: the names of ``--lang en``: each card's ``en`` name, else its main name.
        kind: ``PROJECT``, ``FACTOR`` or ``EVENT``.
        n_projects: projects have ids ``0 .. n_projects-1``.
        requirements: per project the requirement count per factor type (Team, Daten, Betrieb, Methode).
        points: per project its point value.
        types: per factor its allowed types; per E5 event its joker types; else empty.
        template: per event 1..8 (E1..E8), else 0.
        count, stack, factor_type, reach: the template parameters (-1 where unused);
            ``stack`` 0 = Projektstapel, 1 = Aktionsstapel; ``reach`` 1 = "alle".
        negative: keyword bits of negative events, the keywords their text shows (§4, ruling R5).
        blocks: keyword bits an Absicherung prevents.
        chosen_order: E1 puts the rest under the stack in an order the player chooses.
        hits: per E4/E7 event the attached kinds it may take, bits ``HITS_FACTOR``, ``HITS_JOKER``,
            ``HITS_EXTRA`` (§4, ruling R19).
        area: per E7 event ``AREA_TARGET`` (one chosen card), ``AREA_OTHERS`` (every other person's
            projects) or ``AREA_ALL`` (every project) (§12, ruling R18).
        removes: E7 ``destination = "verbrauch"``: the card is spent instead of returned (ruling R19).
        ends_cooperation: the §11 override ``ends_cooperation = true`` (ruling R20).
        returns_to_hand: the §17 override ``on_completion = "hand"``.
        to_discard: the §17 override ``on_completion = "ablage"`` (§10 steps 2-3, ruling R10).
        free_event: the §17 override ``counts_for_event_limit = false``.
    """

    source: str
    model: DeckFile
    names: tuple[str, ...]
    english_names: tuple[str, ...]
    kind: tuple[int, ...]
    n_projects: int
    requirements: tuple[tuple[int, int, int, int], ...]
    points: tuple[int, ...]
    types: tuple[tuple[int, ...], ...]
    template: tuple[int, ...]
    count: tuple[int, ...]
    stack: tuple[int, ...]
    factor_type: tuple[int, ...]
    reach: tuple[int, ...]
    negative: tuple[int, ...]
    blocks: tuple[int, ...]
    chosen_order: tuple[bool, ...]
    hits: tuple[int, ...]
    area: tuple[int, ...]
    removes: tuple[bool, ...]
    ends_cooperation: tuple[bool, ...]
    returns_to_hand: tuple[bool, ...]
    to_discard: tuple[bool, ...]
    free_event: tuple[bool, ...]

    @property
    def size(self) -> int:
        """Number of cards."""
        return len(self.names)

    def name(self, card: int, lang: str) -> str:
        """The card's name in ``lang`` (``en``: its English name where the deck gives one)."""
        return self.english_names[card] if lang == "en" else self.names[card]

    def text(self, card: int, lang: str) -> str:
        """A project's goal, a factor's or an event's text, in ``lang`` where the deck gives it."""
        if self.kind[card] == PROJECT:
            project = self.model.projects[card]
            return project.en.goal if lang == "en" and project.en else project.goal
        first_event = self.size - len(self.model.events)
        card_model = (
            self.model.factors[card - self.n_projects] if card < first_event else self.model.events[card - first_event]
        )
        english = card_model.en
        return english.text if lang == "en" and english is not None and english.text else card_model.text

    def describe(self) -> list[dict[str, Any]]:
        """JSON-ready card descriptions by id, for views and front ends; ``en`` holds the English texts,
        an event's ``types`` the factor types it names and ``blocks`` the keywords an E8 prevents."""
        described: list[dict[str, Any]] = [
            {
                "id": i,
                "name": p.title,
                "kind": "projekt",
                "goal": p.goal,
                "requirements": list(p.requirements),
                "points": p.points,
                "flavor": p.flavor,
                **({"en": p.en.model_dump()} if p.en else {}),
            }
            for i, p in enumerate(self.model.projects)
        ]
        offset = len(described)
        described += [
            {
                "id": offset + i,
                "name": f.name,
                "kind": "faktor",
                "types": list(f.allowed),
                "text": f.text,
                **({"en": f.en.model_dump()} if f.en else {}),
            }
            for i, f in enumerate(self.model.factors)
        ]
        offset = len(described)
        described += [
            {
                "id": offset + i,
                "name": e.name,
                "kind": "ereignis",
                "template": e.template,
                "text": e.text,
                "keywords": e.negative,
                "types": _named_types(e),
                "blocks": list(getattr(e, "blocks", [])),
                **({"en": e.en.model_dump()} if e.en else {}),
            }
            for i, e in enumerate(self.model.events)
        ]
        return described


def _named_types(event: Any) -> list[str]:
    """The factor types an event's card shows besides its text: an E5's joker types, else its
    ``factor_type`` (E1-E3, E6, E7), in type order (print_faces draws the same)."""
    named = getattr(event, "types", None) or [getattr(event, "factor_type", None)]
    return [name for name in FACTOR_TYPES if name in named]


def _type_index(name: str | None) -> int:
    return -1 if name is None else FACTOR_TYPES.index(name)


def _keyword_bits(words: list[str]) -> int:
    return sum(1 << KEYWORDS.index(w) for w in words)


def compile_deck(model: DeckFile, source: str) -> Deck:
    """Flat tables of a validated deck."""
    projects: list[ProjectCard] = model.projects
    factors: list[FactorCard] = model.factors
    n = len(projects) + len(factors) + len(model.events)
    names = [p.title for p in projects] + [f.name for f in factors] + [e.name for e in model.events]
    english = (
        [p.en.title if p.en else p.title for p in projects]
        + [f.en.name if f.en else f.name for f in factors]
        + [e.en.name if e.en else e.name for e in model.events]
    )
    kind = [PROJECT] * len(projects) + [FACTOR] * len(factors) + [EVENT] * len(model.events)
    requirements = tuple(tuple(sum(1 for r in p.requirements if r == t) for t in FACTOR_TYPES) for p in projects)
    types: list[tuple[int, ...]] = [()] * len(projects) + [tuple(_type_index(t) for t in f.allowed) for f in factors]
    template, count, stack, ftype, reach = [0] * n, [-1] * n, [-1] * n, [-1] * n, [-1] * n
    negative, blocks, chosen, to_hand, free = [0] * n, [0] * n, [False] * n, [False] * n, [False] * n
    hits, area, removes, ends, to_discard = [0] * n, [-1] * n, [False] * n, [False] * n, [False] * n
    for i, f in enumerate(factors, start=len(projects)):
        to_hand[i] = f.overrides.on_completion == "hand"
        to_discard[i] = f.overrides.on_completion == "ablage"
    for i, e in enumerate(model.events, start=len(projects) + len(factors)):
        template[i] = int(e.template[1])
        types.append(tuple(_type_index(t) for t in e.types) if isinstance(e, JokerEvent) else ())
        count[i] = getattr(e, "count", -1)
        stack[i] = {"projekt": 0, "aktion": 1}.get(getattr(e, "stack", ""), -1)
        ftype[i] = _type_index(getattr(e, "factor_type", None))
        if isinstance(e, RueckschlagEvent):
            area[i] = _AREAS[e.reach]
            removes[i] = e.destination == "verbrauch"
        else:
            reach[i] = {"eigene": 0, "selbst": 0, "alle": 1}.get(getattr(e, "reach", ""), -1)
        hits[i] = sum(_HITS[kind] for kind in getattr(e, "cards", []))
        negative[i] = _keyword_bits(e.negative)
        blocks[i] = _keyword_bits(list(getattr(e, "blocks", [])))
        chosen[i] = getattr(e, "order", "") == "gewählt"
        to_hand[i] = e.overrides.on_completion == "hand"
        to_discard[i] = e.overrides.on_completion == "ablage"
        ends[i] = e.overrides.ends_cooperation
        free[i] = not e.overrides.counts_for_event_limit
    return Deck(
        source=source,
        model=model,
        names=tuple(names),
        english_names=tuple(english),
        kind=tuple(kind),
        n_projects=len(projects),
        requirements=requirements,  # type: ignore[arg-type]
        points=tuple(p.points for p in projects),
        types=tuple(types),
        template=tuple(template),
        count=tuple(count),
        stack=tuple(stack),
        factor_type=tuple(ftype),
        reach=tuple(reach),
        negative=tuple(negative),
        blocks=tuple(blocks),
        chosen_order=tuple(chosen),
        hits=tuple(hits),
        area=tuple(area),
        removes=tuple(removes),
        ends_cooperation=tuple(ends),
        returns_to_hand=tuple(to_hand),
        to_discard=tuple(to_discard),
        free_event=tuple(free),
    )


def _card_label(raw: dict[str, Any], loc: tuple[Any, ...]) -> tuple[str, tuple[Any, ...]]:
    """``("events[3] 'Name'", rest of loc)`` for an error location inside a card."""
    if len(loc) >= 2 and loc[0] in ("projects", "factors", "events") and isinstance(loc[1], int):
        cards = raw.get(loc[0])
        entry = cards[loc[1]] if isinstance(cards, list) and loc[1] < len(cards) else None
        name = ""
        if isinstance(entry, dict):
            name = str(entry.get("title") or entry.get("name") or "")
        rest = loc[2:]
        if loc[0] == "events" and rest and isinstance(rest[0], str) and rest[0].startswith("E"):
            rest = rest[1:]
        label = f"{loc[0]}[{loc[1]}]" + (f" {name!r}" if name else "")
        return label, rest
    return "deck", loc


def validate_deck(raw: Any, source: str) -> DeckFile:
    """The validated model of parsed TOML ``raw``; errors name ``source``, the card and the field.

    Raises:
        InvalidDataError: ``deck_error.invalid`` with ``problems``, one dict per problem (see
            :func:`_problem`), rendered in German or English by the game's catalog.
    """
    if not isinstance(raw, dict):
        raise InvalidDataError(
            f"{source}: a deck file is a TOML table", key="deck_error.not_a_table", params={"file": source}
        )
    try:
        return DeckFile.model_validate(raw)
    except ValidationError as exc:
        located = zip(exc.errors(), validation_problems(exc), strict=True)
        problems = [_problem(raw, source, err, problem) for err, problem in located]
        raise InvalidDataError(
            "\n".join(problem["english"] for problem in problems),
            key="deck_error.invalid",
            params={"problems": problems},
        ) from None


def _problem(raw: dict[str, Any], source: str, err: Any, problem: dict[str, Any]) -> dict[str, Any]:
    """``problem`` located in the file: JSON-ready, for the command line, the server and editors.

    Keys besides :func:`~busbahnhof.engine.validation.validation_problems`' (``kind``, ``choices``,
    ``limit``): ``file``; ``card`` (``"events[3] 'Name'"``, or ``None`` for the whole deck) with
    ``card_kind`` and ``card_index``; ``card_field`` (the field inside the card, ``""`` for the
    card as a whole); ``rule`` (the section of the rule document a deck problem enforces, else
    ``None``); ``key`` and ``params`` (the message, ``validation.<kind>``, see
    :mod:`.deck_messages`); ``field`` (``FILE: CARD: FIELD``, what the text names first) and
    ``english`` (``FILE: CARD: field FIELD: MESSAGE``, the documented English line).  A value of
    the wrong type (strict schema: ``count = "3"``, ``points = 2.0``) is quoted as TOML would write it.
    """
    kind, message, context = str(err["type"]), problem["message"], dict(err.get("ctx") or {})
    params: dict[str, Any] = {}
    loc = tuple(err["loc"])
    value = err.get("input")
    if kind.endswith("_type") and isinstance(value, (str, int, float, bool)):
        quoted = json.dumps(value, ensure_ascii=False)
        message += f", not {quoted} (no type conversion)"
        problem = {**problem, "value": quoted}
    if kind.startswith("deck_"):
        params = {name: item for name, item in context.items() if name not in ("field", "rule")}
        if "kind" in context:  # a problem found comparing cards names the card (by the name compared)
            loc = (context["kind"], context["index"], context["field"])
            raw = {context["kind"]: [{}] * context["index"] + [{"name": context["name"]}]}
        elif context["field"] and loc[-1:] != (context["field"],):  # a field validator's location names it already
            loc += (context["field"],)
    elif kind in ("union_tag_invalid", "union_tag_not_found"):
        loc += ("template",)
        if kind == "union_tag_invalid":
            kind = "deck_template"
            params = {"tag": context["tag"], "templates": context["expected_tags"]}
            message = load_messages(PACKAGE, "en")["validation.deck_template"].format(rule=RULES["template"], **params)
        else:
            kind = "missing"
    rule = RULES[kind.removeprefix("deck_")] or None if kind.startswith("deck_") else None
    card = None
    label, rest = "deck", loc
    if loc:
        label, rest = _card_label(raw, loc)
        card = label if label != "deck" else None
    field = ".".join(str(part) for part in rest)
    located = {
        **problem,
        "kind": kind,
        "message": message,
        "file": source,
        "card": card,
        "card_kind": loc[0] if card else None,
        "card_index": loc[1] if card else None,
        "card_field": field,
        "rule": rule,
        "key": f"validation.{kind}",
        "params": params,
    }
    if not loc:
        return {**located, "field": source, "english": f"{source}: {message}"}
    where = f"{source}: {label}: {field or '(card)'}"
    english = f"{source}: {label}: field {field or '(card)'}: {message}"
    return {**located, "field": where, "english": english}


def _builtin_path(name: str) -> Path:
    return Path(str(resources.files(__package__ or "busbahnhof.games.busfaktor").joinpath("data").joinpath(name)))


def resolve_deck_path(deck: str | None) -> Path:
    """The file of option ``deck``: ``None`` is the default deck; ``standard``/``mini`` are built in."""
    if deck is None:
        return _builtin_path(BUILTIN_DECKS["standard"])
    if deck in BUILTIN_DECKS:
        return _builtin_path(BUILTIN_DECKS[deck])
    return Path(deck)


DeckOption = str | EmbeddedFile | None
"""The rule option ``deck``: ``None`` (the default deck), a built-in name, a path, or a deck carried
by content (what a path becomes in the game's options, hence in records)."""


def deck_text(deck: DeckOption, source: str | None = None) -> tuple[str, str]:
    """The name for messages and the TOML text of the rule option ``deck``.

    ``source`` names an embedded deck in messages (the path it was read from) instead of its
    bare file name.  A path is read with every check of :mod:`busbahnhof.engine.userfiles`.
    """
    if isinstance(deck, EmbeddedFile):
        return source or deck.name, deck.text
    if deck is None or deck in BUILTIN_DECKS:
        path = resolve_deck_path(deck)
        return str(path), path.read_text(encoding="utf-8")
    return deck, read_user_text(deck)


def load_deck(deck: DeckOption = None, source: str | None = None) -> Deck:
    """The compiled deck of the rule option ``deck`` (see :func:`deck_text`)."""
    return _compile(*deck_text(deck, source))


@lru_cache(maxsize=32)
def _compile(source: str, text: str) -> Deck:
    return compile_deck(validate_deck(parse_toml(text, source), source), source)


def unwritable(path: Path, error: OSError) -> InvalidDataError:
    """The error for a deck file or print-out that the operating system refused to write."""
    return InvalidDataError(
        f"{path}: cannot write the file: {error.strerror}",
        key="deck_error.unwritable",
        params={"file": str(path), "detail": error.strerror},
    )

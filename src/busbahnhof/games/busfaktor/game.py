"""The Busfaktor: 1 game object: rule options (the deck), notation, bots, rendering hooks."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from ...engine import Action, Catalog, Credit, Game, Options, State, wrong_kind
from ...engine.events import ParamFormatter
from ...engine.userfiles import EmbeddedFile, embed_file
from .actions import NOTATION, REFERENCE, VERBS, Act, notation, parse, pattern, summary, type_name
from .credit import PHYLO_CREDIT
from .deck import BUILTIN_DECKS, Deck, load_deck
from .render import describe, render
from .state import BusfaktorState, OpenAtStart
from .summary import summarize, summary_template
from .tables import ActionTables, build_tables

if TYPE_CHECKING:
    from ...engine import BotFactory


class BusfaktorOptions(Options):
    """Rule options.

    Attributes:
        deck: a deck file (TOML, see docs/games/busfaktor-deck-format.md), or a built-in deck
            name (``standard``, ``mini``); ``None`` is the default 74-card deck.  A file is read
            once and carried by content from then on (an ``EmbeddedFile``: name, sha256, text),
            so records replay without it.
        shared_factor_at_a_time: ruling R11, §11 "Pro Kooperation darf höchstens ein Faktor
            gemeinsam genutzt werden".  ``False`` (default, the literal reading): one shared factor
            per cooperation, ever; once it has left (Rückschlag, Umverteilen) no other is shared.
            ``True``: one at a time; a new one may be shared after the first left.
    """

    deck: str | EmbeddedFile | None = None
    shared_factor_at_a_time: bool = False


class Busfaktor(Game[BusfaktorOptions, Act]):
    """Busfaktor: 1 (rules v1.0): research infrastructure projects for two to four persons."""

    id = "busfaktor"
    title = "Busfaktor: 1"
    min_players = 2
    max_players = 4
    options_model = BusfaktorOptions
    static_keys = ("cards",)
    presets: ClassVar[Mapping[str, Mapping[str, Any]]] = {
        "default": {},
        "mini": {"deck": "mini"},
        "shared-factor-at-a-time": {"shared_factor_at_a_time": True},
    }
    credit: ClassVar[Credit | None] = PHYLO_CREDIT
    file_options: ClassVar[Mapping[str, tuple[str, ...]]] = {"deck": tuple(BUILTIN_DECKS)}

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        deck = path = self.options.deck
        if isinstance(path, str) and path not in BUILTIN_DECKS:
            deck = embed_file(path)
        self.deck: Deck = load_deck(deck, path if isinstance(path, str) else None)
        # every option explicitly set: games made with defaults and from a record's options pickle alike
        self.options = BusfaktorOptions(**{**self.options.model_dump(), "deck": deck})
        self.card_descriptions: list[dict[str, Any]] = self.deck.describe()
        self.tables: ActionTables = build_tables(self.deck)
        self.open_at_start = OpenAtStart.of(self.deck)

    def _new_state(self, players: int, seed: int) -> State[Any]:
        return BusfaktorState(self, players, seed)

    def parse_action(self, text: str) -> Act:
        action = parse(text) if isinstance(text, str) else None
        if action is None:
            raise self.malformed(str(text), NOTATION)
        return action

    def bots(self) -> Mapping[str, BotFactory]:
        from .bots import HeuristicBot, levels

        return {"heuristik": HeuristicBot, **levels()}

    def param_formatters(self, lang: str) -> Mapping[str, ParamFormatter]:
        """Cards by name (English names with ``en``; the ids are printed nowhere, and a deck's names
        are unique in each language, schema.DeckFile), counts of points and cards with their noun in
        singular or plural, factor types, sources, an action quoted in a refusal in words (as the
        action lists describe it), and the expected shapes in the language's notation."""
        deck = self.deck
        sources = {
            "de": ("Projektstapel", "Aktionsstapel", "offene Ablage"),
            "en": ("project stack", "action stack", "open discard"),
        }[lang]
        shapes = {pattern(verb, REFERENCE): pattern(verb, lang) for verb in VERBS}

        def card(value: Any) -> str:
            if isinstance(value, (list, tuple)):
                return ", ".join(card(item) for item in value)
            if isinstance(value, int) and 0 <= value < deck.size:
                return deck.name(value, lang)
            return str(value)

        def counted(singular: str, plural: str) -> ParamFormatter:
            def text(value: Any) -> str:
                if not isinstance(value, int):
                    return str(value)
                number = str(value).replace("-", "\u2212")
                return f"{number} {singular if abs(value) == 1 else plural}"

            return text

        def source(value: Any) -> str:
            return sources[value] if isinstance(value, int) and 0 <= value < 3 else str(value)

        described: list[Catalog] = []  # this language's catalog, made on first use (it holds these formatters)

        def action(value: Any) -> str:
            parsed = parse(value) if isinstance(value, str) else None
            if parsed is None:
                return str(value)
            if not described:
                described.append(self.catalog(lang))
            return describe(deck, parsed, described[0])

        def expected(value: Any) -> str:
            return summary(lang) if value == NOTATION else str(value)

        return {
            "card": card,
            "project": card,
            "target": card,
            "type": lambda value: type_name(value, lang),
            "source": source,
            "action": action,
            "expected": expected,
            "shape": lambda value: shapes.get(str(value), str(value)),
            "points": counted(*{"de": ("Punkt", "Punkte"), "en": ("point", "points")}[lang]),
            "cards": counted(*{"de": ("Karte", "Karten"), "en": ("card", "cards")}[lang]),
        }

    def notation(self, action: Action, lang: str) -> str:
        """The German reference notation, or the English one (``parse_action`` reads both)."""
        return notation(action, lang) if isinstance(action, Act) else str(action)

    def describe_action(self, action: Action, catalog: Catalog) -> str:
        return describe(self.deck, action, catalog) if isinstance(action, Act) else str(action)

    def render_text(self, view: Mapping[str, Any], catalog: Catalog) -> Any:
        return render(self.deck, view, catalog)

    def summarize(self, state: State[Any]) -> dict[str, Any]:
        if not isinstance(state, BusfaktorState):
            raise wrong_kind(state, BusfaktorState)
        return summarize(state)

    def summary_template(self, players: int) -> dict[str, Any]:
        return summary_template(self.deck, players)

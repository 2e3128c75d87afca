"""What every command shares: the UI catalog and consoles, the game options, the error exit.

Every :class:`GameError` that escapes a command is printed as one line per problem (code,
message, rule) on stderr and ends the program with exit status 2, never with a traceback.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from typer.core import TyperGroup

from ..engine import Catalog, Game, GameError, InvalidOptionError, game_class, game_ids
from .sanitize import SafeConsole

ERROR_EXIT = 2
DEFAULT_LANG = "de"
_LANG_KEY = "busbahnhof.lang"
_GAME_KEY = "busbahnhof.game"

LangOption = Annotated[str, typer.Option("--lang", help="Language of the interface: de or en.")]
OptionOption = Annotated[
    list[str] | None,
    typer.Option(
        "--option", "-o", metavar="KEY=VALUE", help="A rule option; VALUE is read as JSON if it can be, else as text."
    ),
]
PresetOption = Annotated[str | None, typer.Option("--preset", help="A named set of rule options of the game.")]
DeckOption = Annotated[
    Path | None, typer.Option("--deck", help="A deck file (shorthand for --option deck=FILE; games with decks only).")
]


class Ui:
    """The interface language: CLI strings from ``cli/locales/<lang>.toml``, and the consoles.

    Both consoles are :class:`SafeConsole`: no control character of a name, a deck text or
    typed input reaches the terminal.
    """

    def __init__(self, lang: str, game_id: str | None = None) -> None:
        self.lang = lang
        packages = [__package__ or "busbahnhof.cli", "busbahnhof.sim", "busbahnhof.engine"]
        if game_id in game_ids():
            packages.insert(1, game_class(game_id).__module__.rsplit(".", 1)[0])
        self.catalog = Catalog(tuple(packages), lang)
        self.out: Console = SafeConsole(highlight=False)
        self.err: Console = SafeConsole(stderr=True, highlight=False)

    @classmethod
    def open(cls, ctx: typer.Context, lang: str, game_id: str | None = None) -> Ui:
        """The UI for a command (with the messages of ``game_id``, so its errors read in ``lang``).

        Remembers language and game for the error line of :class:`CommandGroup`.
        """
        ui = cls(lang, game_id)
        ctx.meta[_LANG_KEY] = lang
        ctx.meta[_GAME_KEY] = game_id
        return ui

    def t(self, key: str, **params: Any) -> str:
        """The UI string ``key`` in this language."""
        return self.catalog.text(key, **params)

    def has(self, key: str) -> bool:
        """Whether the UI has a string ``key``."""
        return self.catalog.has(key)

    def error_lines(self, error: GameError, catalog: Catalog | None = None) -> list[str]:
        """One line per problem: the error's code, one line of its message, and its rule.

        A message of several lines (a deck file with several problems) gives one line each.
        ``catalog``: the game's own (with its seat names and parameter formatters) during play.
        """
        chosen = catalog or self.catalog
        text = chosen.error_text(error)
        problems = [part.strip() for part in text.splitlines() if part.strip()] or [""]
        rule = f" {self.t('error_rule', rule=chosen.rule_text(error.rule))}" if error.rule else ""
        return [self.t("error", code=error.code, message=problem) + rule for problem in problems]

    def print_error(self, error: GameError, catalog: Catalog | None = None) -> None:
        """Print :meth:`error_lines` on stderr."""
        for line in self.error_lines(error, catalog):
            self.err.print(line, style="bold red", markup=False, soft_wrap=True)


class CommandGroup(TyperGroup):
    """The top-level group: turns any :class:`GameError` of a command into error lines and exit status 2."""

    def invoke(self, ctx: typer.Context) -> Any:  # type: ignore[override]
        try:
            return super().invoke(ctx)
        except GameError as error:
            lang = ctx.meta.get(_LANG_KEY, DEFAULT_LANG)
            Ui(lang if lang in ("de", "en") else DEFAULT_LANG, ctx.meta.get(_GAME_KEY)).print_error(error)
            raise typer.Exit(ERROR_EXIT) from None


def svg_games() -> list[str]:
    """The games that draw a position as SVG (``Game.render_svg``)."""
    return [game_id for game_id in game_ids() if game_class(game_id).render_svg is not Game.render_svg]


def require_drawing(game_id: str) -> None:
    """Refuse a game without an SVG drawing (an unknown game as unknown)."""
    if game_id not in svg_games():
        raise InvalidOptionError(
            f"{game_class(game_id).title} has no SVG drawing; games with one: {', '.join(svg_games())}",
            key="cli_error.no_drawing",
            params={"game": game_class(game_id).title, "games": ", ".join(svg_games())},
        )


def parse_option_value(text: str) -> Any:
    """``text`` read as JSON (numbers, true/false, lists, quoted strings) if it is JSON, else the text itself."""
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return text


def game_options(game_id: str, assignments: list[str] | None, preset: str | None, deck: Path | None) -> dict[str, Any]:
    """The rule options given on the command line: the preset, then ``--deck``, then each ``--option``."""
    cls = game_class(game_id)
    options: dict[str, Any] = {}
    if preset is not None:
        if preset not in cls.presets:
            raise InvalidOptionError(
                f"{cls.title} has no preset {preset!r}; presets: {', '.join(cls.presets)}",
                key="cli_error.no_preset",
                params={"game": cls.title, "preset": preset, "presets": ", ".join(cls.presets)},
            )
        options.update(cls.presets[preset])
    if deck is not None:
        if "deck" not in cls.options_model.model_fields:
            raise InvalidOptionError(
                f"{cls.title} has no deck: --deck is only for games with a rule option 'deck'",
                key="cli_error.no_deck",
                params={"game": cls.title},
            )
        options["deck"] = str(deck)
    for assignment in assignments or []:
        key, sep, value = assignment.partition("=")
        if not sep or not key.strip():
            raise InvalidOptionError(
                f"--option {assignment!r}: write KEY=VALUE, e.g. --option pyramid=5-4-3-2-1",
                key="cli_error.option_syntax",
                params={"assignment": assignment},
            )
        options[key.strip()] = parse_option_value(value.strip())
    return options


def build_game(game_id: str, assignments: list[str] | None, preset: str | None, deck: Path | None) -> Game[Any, Any]:
    """The game ``game_id`` with the command line's rule options, validated."""
    return game_class(game_id)(**game_options(game_id, assignments, preset, deck))

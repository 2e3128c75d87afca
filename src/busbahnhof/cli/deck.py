"""``busbahnhof deck check FILE``, ``deck init [--from DECK] FILE`` and ``deck print [FILE] -o PDF``:
Busfaktor: 1 decks for designers.

``check``: exit status 0 for a valid deck (with warnings where it departs from §2), 2 (with the
error naming file, card and field) for an invalid one.  ``init``: an editable copy of a deck.
``print``: the deck's cards as a print-and-play PDF.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table

from ..engine import Catalog, InvalidDataError
from ..games.busfaktor.actions import type_name
from ..games.busfaktor.deck import Deck, load_deck
from ..games.busfaktor.deck_copy import DEFAULT_SOURCE, copy_deck
from ..games.busfaktor.deck_warnings import RULE_MIX, deck_warnings, warning_text
from ..games.busfaktor.printing import PER_PAGE, write_deck_pdf
from ..games.busfaktor.schema import FACTOR_TYPES
from .common import DEFAULT_LANG, CommandGroup, LangOption, Ui
from .output import check_output_path

app = typer.Typer(
    cls=CommandGroup, no_args_is_help=True, help="Busfaktor: 1 decks: start, check and print a designer's deck file."
)


@app.callback()
def deck() -> None:
    """Busfaktor: 1 decks."""


GAME_ID = "busfaktor"


def _catalog(lang: str) -> Catalog:
    return Catalog(("busbahnhof.games.busfaktor",), lang)


def kinds_table(deck: Deck, t: Catalog) -> Table:
    """Cards by kind and type (projects by requirement count, factors by type, wildcards)."""
    model = deck.model
    table = Table(title=t.text("deck_check.kinds"))
    table.add_column(t.text("deck_check.kind"))
    table.add_column(t.text("deck_check.detail"))
    table.add_column(t.text("deck_check.count"), justify="right")
    sizes = Counter(len(p.requirements) for p in model.projects)
    for size in sorted(sizes):
        table.add_row(t.text("deck_check.projects"), t.text("deck_check.requirements_n", n=size), str(sizes[size]))
    single = Counter(str(f.type) for f in model.factors if f.type is not None)
    for name in FACTOR_TYPES:
        table.add_row(t.text("deck_check.factors"), type_name(name, t.lang), str(single[name]))
    for card, factor in enumerate(model.factors, start=deck.n_projects):
        if factor.types is not None:
            types = " / ".join(type_name(name, t.lang) for name in factor.types)
            table.add_row(t.text("deck_check.wildcard"), f"{deck.name(card, t.lang)}: {types}", "1")
    for kind in ("projects", "factors", "events"):
        count = len(getattr(model, kind))
        note = "" if count == RULE_MIX[kind] else t.text("deck_check.rule_mix", n=RULE_MIX[kind])
        table.add_row(t.text(f"deck_check.{kind}"), t.text("deck_check.total") + note, str(count), style="bold")
    return table


def supply_table(deck: Deck, t: Catalog) -> Table:
    """Requirement symbols demanded per type against the factors (and wildcards, jokers) that can fill them."""
    model = deck.model
    table = Table(title=t.text("deck_check.supply"))
    for key in ("type", "demanded", "factors", "wildcards", "jokers"):
        table.add_column(t.text(f"deck_check.{key}"), justify="left" if key == "type" else "right")
    for name in FACTOR_TYPES:
        demanded = sum(1 for p in model.projects for r in p.requirements if r == name)
        factors = sum(1 for f in model.factors if f.type == name)
        wildcards = sum(1 for f in model.factors if f.types is not None and name in f.types)
        jokers = sum(1 for e in model.events if e.template == "E5" and name in e.types)
        table.add_row(type_name(name, t.lang), str(demanded), str(factors), str(wildcards), str(jokers))
    return table


def events_table(deck: Deck, t: Catalog) -> Table:
    """Events per template E1-E8, with their names and the keywords their texts show (negative events, §4)."""
    table = Table(title=t.text("deck_check.events_by_template"))
    table.add_column(t.text("deck_check.template"))
    table.add_column(t.text("deck_check.count"), justify="right")
    table.add_column(t.text("deck_check.cards"))
    first = deck.size - len(deck.model.events)
    for number in range(1, 9):
        template = f"E{number}"
        cards = [(card, e) for card, e in enumerate(deck.model.events, start=first) if e.template == template]
        names = ", ".join(
            deck.name(card, t.lang) + (f" ({', '.join(e.negative)})" if e.negative else "") for card, e in cards
        )
        style = "yellow" if not cards else None
        table.add_row(f"{template} {t.text(f'deck_check.t{number}')}", str(len(cards)), names or "—", style=style)
    return table


@app.command("check")
def check(
    ctx: typer.Context,
    file: Annotated[Path, typer.Argument(metavar="FILE", help="The deck file (TOML) to validate.")],
    lang: LangOption = DEFAULT_LANG,
) -> None:
    """Validate FILE: its licence, cards by kind and type, demand and supply, events, warnings (§2, English)."""
    ui = Ui.open(ctx, lang, GAME_ID)
    deck = load_deck(str(file))
    t = _catalog(lang)
    info = deck.model.deck
    ui.out.print(
        t.text("deck_check.valid", name=info.title(lang), version=info.version, file=str(file), cards=deck.size),
        markup=False,
    )
    print_licence(ui, deck, t)
    ui.out.print(kinds_table(deck, t))
    ui.out.print(supply_table(deck, t))
    ui.out.print(events_table(deck, t))
    warnings = deck_warnings(deck)
    for warning in warnings:
        ui.out.print(
            t.text("deck_check.warning", text=warning_text(warning, t)),
            style="bold yellow",
            markup=False,
            soft_wrap=True,
        )
    if not warnings:
        ui.out.print(t.text("deck_check.warnings_none"), markup=False)


def print_licence(ui: Ui, deck: Deck, t: Catalog) -> None:
    """The licence and credit a deck file states in its ``[deck]`` table (§19 for the default deck)."""
    info = deck.model.deck
    if info.license:
        ui.out.print(t.text("deck_check.licence", license=info.license), markup=False)
    if info.credit:
        ui.out.print(t.text("deck_check.credit", credit=info.credit), markup=False)


@app.command("init")
def init(
    ctx: typer.Context,
    file: Annotated[Path, typer.Argument(metavar="FILE", help="The deck file (TOML) to write.")],
    source: Annotated[
        str,
        typer.Option("--from", metavar="DECK", help="The deck to copy: default (also standard), mini, or a deck file."),
    ] = DEFAULT_SOURCE,
    force: Annotated[bool, typer.Option("--force", help="Overwrite FILE if it exists.")] = False,
    lang: LangOption = DEFAULT_LANG,
) -> None:
    """Write an editable copy of a deck to FILE (refuses to overwrite unless --force)."""
    ui = Ui.open(ctx, lang, GAME_ID)
    deck = copy_deck(source, file, force)
    t = _catalog(lang)
    info = deck.model.deck
    ui.out.print(
        t.text("deck_check.initialised", name=info.title(lang), source=source, file=str(file)),
        markup=False,
        soft_wrap=True,
    )
    if info.license:
        ui.out.print(t.text("deck_check.share_alike", license=info.license), markup=False)
    ui.out.print(t.text("deck_check.next_step", file=str(file)), markup=False, soft_wrap=True)


@app.command("print")
def print_deck(
    ctx: typer.Context,
    file: Annotated[
        Path | None, typer.Argument(metavar="[FILE]", help="The deck file (TOML); the default deck if omitted.")
    ] = None,
    output: Annotated[Path, typer.Option("--output", "-o", metavar="PDF", help="The PDF file to write.")] = Path(
        "deck.pdf"
    ),
    source: Annotated[
        str | None,
        typer.Option(
            "--from", metavar="DECK", help="The deck instead of FILE: default (also standard), mini, or a file."
        ),
    ] = None,
    lang: LangOption = DEFAULT_LANG,
) -> None:
    """Write every card of a deck to a print-and-play PDF: A4, 3×3 poker-size cards, backs for duplex.

    Card texts and labels in --lang (the deck's English texts with en); an existing PDF is replaced.
    """
    ui = Ui.open(ctx, lang, GAME_ID)
    check_output_path(output, "-o", ".pdf")
    if file is not None and source is not None:
        raise InvalidDataError(
            f"deck given twice: {file} and --from {source}; give only one",
            key="deck_error.two_decks",
            params={"file": str(file), "source": source},
        )
    name = str(file) if file is not None else source
    deck = load_deck(None if name in (None, DEFAULT_SOURCE) else name)
    pages = write_deck_pdf(deck, lang, output)
    ui.out.print(
        ui.t(
            "deck_print.written",
            name=deck.model.deck.title(lang),
            file=str(output),
            cards=deck.size,
            pages=pages,
            sheets=-(-deck.size // PER_PAGE),
        ),
        markup=False,
        soft_wrap=True,
    )

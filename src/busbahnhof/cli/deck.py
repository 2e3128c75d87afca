"""``busbahnhof deck check FILE``: validate a Busfaktor: 1 deck file and summarise its mix.

Exit status 0 for a valid deck, 2 (with the error naming file, card and field) for an invalid one.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table

from ..engine import Catalog
from ..games.busfaktor.deck import Deck, load_deck
from ..games.busfaktor.schema import FACTOR_TYPES
from .common import DEFAULT_LANG, CommandGroup, LangOption, Ui

app = typer.Typer(cls=CommandGroup, no_args_is_help=True, help="Busfaktor: 1 decks: check a designer's deck file.")


@app.callback()
def deck() -> None:
    """Busfaktor: 1 decks."""


RULE_MIX = {"projects": 16, "factors": 46, "events": 12}  # §2


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
        table.add_row(t.text("deck_check.factors"), name, str(single[name]))
    for factor in model.factors:
        if factor.types is not None:
            table.add_row(t.text("deck_check.wildcard"), f"{factor.name}: {' / '.join(factor.types)}", "1")
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
        table.add_row(name, str(demanded), str(factors), str(wildcards), str(jokers))
    return table


def events_table(deck: Deck, t: Catalog) -> Table:
    """Events per template E1-E8, with their names and the keywords their texts show (negative events, §4)."""
    table = Table(title=t.text("deck_check.events_by_template"))
    table.add_column(t.text("deck_check.template"))
    table.add_column(t.text("deck_check.count"), justify="right")
    table.add_column(t.text("deck_check.cards"))
    for number in range(1, 9):
        template = f"E{number}"
        cards = [e for e in deck.model.events if e.template == template]
        names = ", ".join(e.name + (f" ({', '.join(e.negative)})" if e.negative else "") for e in cards)
        style = "yellow" if not cards else None
        table.add_row(f"{template} {t.text(f'deck_check.t{number}')}", str(len(cards)), names or "—", style=style)
    return table


@app.command("check")
def check(
    ctx: typer.Context,
    file: Annotated[Path, typer.Argument(metavar="FILE", help="The deck file (TOML) to validate.")],
    lang: LangOption = DEFAULT_LANG,
) -> None:
    """Validate FILE and print cards by kind and type, demand against supply, and events per template."""
    ui = Ui.open(ctx, lang)
    deck = load_deck(str(file))
    t = _catalog(lang)
    model = deck.model
    ui.out.print(
        t.text("deck_check.valid", name=model.deck.name, version=model.deck.version, file=str(file), cards=deck.size)
    )
    ui.out.print(kinds_table(deck, t))
    ui.out.print(supply_table(deck, t))
    ui.out.print(events_table(deck, t))

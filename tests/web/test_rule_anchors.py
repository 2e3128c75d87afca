"""Every rule reference the engines give lands on a section of the rules pages, in both languages.

The references are collected from the games' source (every string constant that is a rule
reference, outside docstrings: the ``rule`` arguments of errors, the ``*_RULE`` constants, the
rule names of options; the literal start of an f-string such as ``f"Busfaktor §13 E{template}"``),
the engine's player-count reference (``f"{title}: Spieleranzahl"``) for each game, and the §
citations in the games' message catalogs (hints such as "Handlimit fünf (§9)").  Each is turned
into an anchor by ``rules.js`` itself, evaluated in Chromium, and looked up among the ids of
``rules/<game>.<lang>.html``.  The pages' format is checked too (docs/web/rules.md).
"""

from __future__ import annotations

import ast
import functools
import random
import re
import tomllib
from collections import defaultdict
from html.parser import HTMLParser
from pathlib import Path
from typing import Any, ClassVar

import pytest

from busbahnhof.engine.errors import GameError
from busbahnhof.engine.registry import game_class, load_game

SOURCE = Path(__file__).resolve().parents[2] / "src" / "busbahnhof"
PAGES = SOURCE / "web" / "rules"
GAMES = ("busfaktor", "bus", "busfahrer")
LANGUAGES = ("de", "en")
REFERENCE = re.compile(r"^(Busfaktor §|Busfaktor: 1: \S|Busfahrer: \S|Bus: \S|Bus$)")
CITATION = re.compile(r"§\s*\d+(?:\.\d+)?(?:\s+E\d+)?")
FEWEST = {"busfaktor": 25, "bus": 6, "busfahrer": 12}
"""At least this many distinct references per game: a broken extraction finds far fewer."""


def _docstrings(tree: ast.AST) -> set[int]:
    """The string nodes that stand alone as statements: docstrings and attribute docs."""
    return {
        id(statement.value)
        for node in ast.walk(tree)
        for body in [getattr(node, "body", None)]
        if isinstance(body, list)
        for statement in body
        if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant)
    }


def _strings(path: Path) -> list[str]:
    """The string constants of a module that are not docstrings, and the literal start of each f-string."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip = _docstrings(tree)
    inside_fstrings = {id(part) for node in ast.walk(tree) if isinstance(node, ast.JoinedStr) for part in node.values}
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr) and node.values and isinstance(node.values[0], ast.Constant):
            found.append(str(node.values[0].value))
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip | inside_fstrings:
            found.append(node.value)
    return found


@functools.cache
def engine_references() -> dict[str, frozenset[str]]:
    """Every rule reference of each game, as the engine gives it."""
    references: dict[str, set[str]] = defaultdict(set)
    for game in GAMES:
        for path in (SOURCE / "games" / game).rglob("*.py"):
            references[game].update(text for text in _strings(path) if REFERENCE.match(text))
        references[game].add(f"{game_class(game).title}: Spieleranzahl")
        for lang in LANGUAGES:
            catalog = tomllib.loads((SOURCE / "games" / game / "locales" / f"{lang}.toml").read_text(encoding="utf-8"))
            cited = (citation for text in _catalog_texts(catalog) for citation in CITATION.findall(text))
            references[game].update(f"Busfaktor {citation}" for citation in cited)
            references[game].update(catalog.get("rule_name", {}))
    return {game: frozenset(found) for game, found in references.items()}


CLIENT_REFERENCE = re.compile(r"[\"'`]((?:Busfaktor §|Busfahrer: |Bus: )[^\"'`$\n]*)")
GAME_OF_REFERENCE = (("Busfaktor", "busfaktor"), ("Busfahrer", "busfahrer"), ("Bus", "bus"))


def client_references() -> dict[str, set[str]]:
    """The rule references the web client's modules cite themselves (tooltips of cards, board
    spaces, actions): string literals, and the literal start of template literals; rules.js, whose
    comments hold examples, aside."""
    references: dict[str, set[str]] = defaultdict(set)
    for path in (SOURCE / "web").rglob("*.js"):
        if path.name == "rules.js" and path.parent.name == "web":
            continue
        for reference in CLIENT_REFERENCE.findall(path.read_text(encoding="utf-8")):
            game = next(game for name, game in GAME_OF_REFERENCE if reference.startswith(name))
            references[game].add(reference)
    return references


def _catalog_texts(catalog: Any) -> list[str]:
    if isinstance(catalog, dict):
        return [text for value in catalog.values() for text in _catalog_texts(value)]
    return [catalog] if isinstance(catalog, str) else []


class PageOutline(HTMLParser):
    """The ids of a rules page and its sections: each with its depth and the heading it starts with."""

    VOID: ClassVar[set[str]] = {"br", "hr", "img", "meta", "link", "input", "wbr"}

    def __init__(self) -> None:
        super().__init__()
        self.open: list[str] = []
        self.ids: list[str] = []
        self.sections: list[dict[str, Any]] = []
        self.article: dict[str, str | None] | None = None
        self.toc = False
        self.scripts = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        if attributes.get("id"):
            self.ids.append(str(attributes["id"]))
        if tag == "article":
            self.article = attributes
        if tag == "nav" and "rules-toc" in (attributes.get("class") or "").split():
            self.toc = True
        if tag in ("script", "style", "iframe") or any(name.startswith("on") for name in attributes):
            self.scripts += 1
        if self.sections and self.sections[-1]["heading"] is None and self.open and self.open[-1] == "section":
            self.sections[-1]["heading"] = tag
        if tag == "section":
            parent = self.open[-1] if self.open else None
            depth = self.open.count("section")
            self.sections.append({"id": attributes.get("id"), "depth": depth, "heading": None, "parent": parent})
        if tag not in self.VOID:
            self.open.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if tag in self.VOID:
            return
        assert self.open and self.open[-1] == tag, f"</{tag}> closes <{self.open[-1] if self.open else None}>"
        self.open.pop()


def outline(game: str, lang: str) -> PageOutline:
    path = PAGES / f"{game}.{lang}.html"
    if not path.exists():
        pytest.fail(f"{path.relative_to(SOURCE.parent.parent)} is missing")
    parsed = PageOutline()
    parsed.feed(path.read_text(encoding="utf-8"))
    parsed.close()
    return parsed


def test_the_extraction_finds_the_references_of_every_game() -> None:
    references = engine_references()
    for game, fewest in FEWEST.items():
        assert len(references[game]) >= fewest, f"{game}: only {sorted(references[game])}"
    assert "Busfaktor §8.3" in references["busfaktor"]
    assert "Busfaktor §13 E" in references["busfaktor"], "the literal start of f'Busfaktor §13 E{template}'"
    assert "Bus: Linienausbau" in references["bus"]
    assert "Busfahrer: Varianten, Größere Pyramide" in references["busfahrer"]
    assert "Busfahrer: Spieleranzahl" in references["busfahrer"]


PLAYED = {"busfaktor": ({"deck": "mini"}, 10), "bus": ({}, 5), "busfahrer": ({}, 4)}


@pytest.mark.parametrize("game", GAMES)
def test_the_refusals_met_in_play_are_among_the_extracted_references(game: str) -> None:
    """Random games in which, at every decision, a few actions seen earlier but illegal now are
    tried: every rule their refusals cite was found in the source (the extraction misses none)."""
    options, fewest = PLAYED[game]
    rules = load_game(game, **options)
    rng = random.Random(1)
    cited = set()
    for seed in range(3):
        state = rules.new_state(3, seed)
        seen: list[str] = []
        while not state.is_over:
            legal = [str(action) for action in state.legal_actions()]
            seen.extend(action for action in legal if action not in seen)
            for action in rng.sample(seen, min(6, len(seen))):
                if action not in legal:
                    with pytest.raises(GameError) as refused:
                        state.apply(action)
                    cited.add(refused.value.rule)
            state.apply(rng.choice(legal))
    cited.discard(None)
    assert len(cited) >= fewest, sorted(cited)
    assert cited <= engine_references()[game], sorted(cited - engine_references()[game])


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_each_page_has_the_documented_format(game: str, lang: str) -> None:
    page = outline(game, lang)
    assert page.article is not None and "rules" in (page.article.get("class") or "").split()
    assert page.article.get("data-game") == game
    assert page.toc, "an empty <nav class='rules-toc'> for the table of contents"
    assert not page.scripts, "no scripts, styles or event handlers in a page"
    duplicates = sorted({anchor for anchor in page.ids if page.ids.count(anchor) > 1})
    assert not duplicates, f"ids used twice: {duplicates}"
    for section in page.sections:
        assert section["id"], f"a section without an id (after {page.ids[-1:]})"
        wanted = "h2" if section["depth"] == 0 else "h3" if section["depth"] == 1 else "h4"
        assert section["heading"] == wanted, f"{section['id']} starts with <{section['heading']}>, not <{wanted}>"
        assert section["depth"] > 0 or section["parent"] == "article", f"{section['id']} is not directly in the article"
    assert len(page.sections) >= 6


@pytest.mark.parametrize("game", GAMES)
def test_both_languages_have_the_same_sections(game: str) -> None:
    german, english = (outline(game, lang) for lang in LANGUAGES)
    assert sorted(german.ids) == sorted(english.ids)


def test_busfaktor_has_every_numbered_section_of_the_rules() -> None:
    wanted = {f"s-{n}" for n in range(1, 20)} | {f"s-8-{n}" for n in range(1, 6)} | {f"s-13-e{n}" for n in range(1, 9)}
    for lang in LANGUAGES:
        assert wanted <= set(outline("busfaktor", lang).ids), sorted(wanted - set(outline("busfaktor", lang).ids))


def test_the_credit_of_section_19_is_on_both_busfaktor_pages() -> None:
    credit = game_class("busfaktor").credit
    assert credit is not None
    for lang in LANGUAGES:
        text = (PAGES / f"busfaktor.{lang}.html").read_text(encoding="utf-8")
        section = text[text.index('<section id="s-19">') :]
        licence = "Creative Commons Attribution-ShareAlike 4.0"
        for part in (credit.authors, credit.license, credit.license_url, "PHYLO", licence):
            assert part in section, f"{lang}: {part!r} missing from §19"


ANCHORS = """async (references) => { const rules = await import('/rules.js');
  return references.map((r) => rules.ruleAnchor(r)); }"""


def test_every_reference_of_the_engine_and_the_client_lands_on_a_section_in_both_languages(open_page: Any) -> None:
    page = open_page("laptop", "de")
    page.goto("/rules/busfaktor.de.html")  # a page without the app: rules.js alone
    missing = []
    found = 0
    client = client_references()
    assert sum(len(references) for references in client.values()) >= 10, client
    for game, references in sorted(engine_references().items()):
        ordered = sorted(references | client[game])
        anchors = page.evaluate(ANCHORS, ordered)
        for lang in LANGUAGES:
            ids = set(outline(game, lang).ids) if (PAGES / f"{game}.{lang}.html").exists() else set()
            for reference, anchor in zip(ordered, anchors, strict=True):
                assert anchor is not None, f"{reference!r} is a rule reference"
                if anchor and anchor not in ids:
                    missing.append(f"{game}.{lang}: {reference!r} -> #{anchor}")
                else:
                    found += 1
    assert not missing, f"{len(missing)} references land nowhere ({found} do):\n" + "\n".join(missing)


CASES = {
    "Busfaktor §8.3": "s-8-3",
    "Busfaktor §13 E5": "s-13-e5",
    "Busfaktor §12, §13 E1": "s-13-e1",
    "Busfaktor §8.3, §13 E5": "s-8-3",
    "Busfaktor §4, §8.2": "s-8-2",
    "Busfaktor §13 E": "s-13",
    "Busfaktor: 1: Spieleranzahl": "spieleranzahl",
    "Bus": "",
    "Bus: Linienausbau": "linienausbau",
    "Bus: Busse -- one more bus (at most five)": "busse",
    "Busfahrer: Phase 2 (Karte mit demselben Wert legen)": "phase-2",
    "Busfahrer: Phase 1, Frage 3 (Innerhalb oder außerhalb?)": "phase-1-frage-3",
    "Busfahrer: Varianten, Ride the Bus, amerikanisch": "varianten-ride-the-bus-amerikanisch",
    "Busfahrer: Überblick (Spieler: 2–8)": "ueberblick",
    "one decision at a time": None,
}

LINKS = """async (references) => { const rules = await import('/rules.js');
  return references.map((r) => { const el = rules.ruleLink('busfaktor', r);
    const links = [...el.querySelectorAll('a'), ...(el.matches('a') ? [el] : [])];
    return [el.textContent, links.map((a) => a.getAttribute('href'))]; }); }"""


def test_rule_anchor_and_rule_link(open_page: Any) -> None:
    page = open_page("laptop", "de")
    page.goto("/rules/busfaktor.de.html")  # a page without the app: rules.js alone
    assert page.evaluate(ANCHORS, list(CASES)) == list(CASES.values())
    texts = ["Busfaktor §12, §13 E1", "Busfaktor §8.3", "one decision at a time"]
    assert page.evaluate(LINKS, texts) == [
        ["Busfaktor §12, §13 E1", ["#/rules/busfaktor/s-12", "#/rules/busfaktor/s-13-e1"]],
        ["Busfaktor §8.3", ["#/rules/busfaktor/s-8-3"]],
        ["one decision at a time", []],
    ]

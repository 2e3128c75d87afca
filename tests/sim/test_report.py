"""``busbahnhof.sim.report``: a report for each game from real small runs, in German and English."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from markupsafe import escape
from report_helpers import BOTS, embedded_svgs, write_results

from busbahnhof.engine import Catalog
from busbahnhof.sim.report import render_html, report_document, write_report
from busbahnhof.sim.report.model import Heading, Table

GAMES = {"busfahrer": 24, "bus": 4, "busfaktor": 8}
SECTIONS = {
    "busfahrer": (
        "busfahrer.phases_title",
        "busfahrer.questions_title",
        "busfahrer.driver_title",
        "busfahrer.ride_title",
    ),
    "bus": ("bus.end_title", "bus.rounds_title", "bus.start_title", "bus.actions_title"),
    "busfaktor": (
        "busfaktor.start_title",
        "busfaktor.sizes_title",
        "busfaktor.stacks_title",
        "busfaktor.gain_title",
        "busfaktor.cards_title",
    ),
}
COMMON = ("facts.title", "wins.title", "length.title")


@pytest.fixture(scope="module", params=sorted(GAMES))
def results(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> tuple[str, Path]:
    game_id = request.param
    path = tmp_path_factory.mktemp(game_id) / f"{game_id}.parquet"
    return game_id, write_results(path, game_id, GAMES[game_id])


@pytest.fixture(scope="module")
def reports(results: tuple[str, Path], tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """The report of each game in German and English, as written to a file."""
    _, path = results
    written = {}
    for lang in ("de", "en"):
        output = tmp_path_factory.mktemp("report") / "report.html"
        write_report(report_document([path], lang), output)
        written[lang] = output.read_text(encoding="utf-8")
    return written


@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_report_has_every_section_of_its_game(
    results: tuple[str, Path], reports: dict[str, str], lang: str
) -> None:
    game_id, path = results
    html = reports[lang]
    texts = Catalog(("busbahnhof.sim.report",), lang)
    for key in (*COMMON, *SECTIONS[game_id]):
        assert f">{escape(texts.text(key))}</h2>" in html, key
    assert f'<html lang="{lang}">' in html
    assert len(embedded_svgs(html)) >= 6, "every section has its figure"
    facts = html[html.index('class="facts"') : html.index("</section>")]
    seat = texts.text("seat_bot", n=1, bot=BOTS[game_id])
    assert seat in facts and texts.text("facts.group", games=GAMES[game_id], seed=1, file=path.name) in facts


def test_german_and_english_differ_in_words_and_numbers(reports: dict[str, str]) -> None:
    german, english = reports["de"], reports["en"]
    assert "Simulationsbericht" in german and "simulation report" in english
    assert "Wer gewinnt?" in german and "Who wins?" in english
    assert re.search(r"\d+\u202f%", german) and re.search(r"\d+%", english), "31 % and 31%"
    assert re.search(r"\d,\d", german) and re.search(r"\d\.\d", english), "decimal comma and point"


def test_the_report_loads_nothing_from_the_network(reports: dict[str, str]) -> None:
    for html in reports.values():
        assert "http://" not in html and "https://" not in html
        assert "<script" not in html.lower() and "<link" not in html.lower()
        for svg in embedded_svgs(html):
            assert not re.search(r'(href|src)="(https?:)?//', svg) and "url(http" not in svg
            assert "<script" not in svg


def test_a_card_name_is_shown_as_text(tmp_path: Path) -> None:
    """A deck card named like markup reaches the HTML escaped, in tables and in figures."""
    from importlib import resources

    standard = resources.files("busbahnhof.games.busfaktor").joinpath("data/deck.toml").read_text(encoding="utf-8")
    evil = "<script>alert('x')</script> & Co"
    deck = tmp_path / "evil.toml"
    deck.write_text(standard.replace('title = "Serverumzug"', f'title = "{evil}"', 1), encoding="utf-8")
    path = write_results(tmp_path / "evil.csv", "busfaktor", 12, options={"deck": str(deck)})
    html = render_html(report_document([path], "de"))
    assert "<script>" not in html
    assert "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; Co" in html
    assert any("&lt;script&gt;" in svg for svg in embedded_svgs(html)), "the card's row in the figure"


def test_a_sweep_shows_each_setting_once(tmp_path: Path) -> None:
    """Who wins and game length compare the settings side by side; then one section per setting
    holds its own parts (its points, the game's sections), none repeated under another heading."""
    settings = (("pyramid=4-3-2-1", {"pyramid": "4-3-2-1"}), ("pyramid=5-4-3-2-1", {"pyramid": "5-4-3-2-1"}))
    path = write_results(tmp_path / "sweep.parquet", "busfahrer", 10, settings=settings)
    document = report_document([path], "en")
    titles = [section.title for section in document.sections]
    assert titles == ["Who wins?", "Game length", "Setting pyramid=4-3-2-1", "Setting pyramid=5-4-3-2-1"]
    for section in document.sections[2:]:
        parts = [block.text for block in section.blocks if isinstance(block, Heading)]
        assert parts == ["Penalty points", "Penalty points by phase", "The four questions",
                         "Who becomes Busfahrer?", "The ride"]  # fmt: skip
    wins = document.sections[0]
    tables = [block for block in wins.blocks if isinstance(block, Table)]
    assert [row[0].text for row in tables[0].rows] == ["pyramid=4-3-2-1", "pyramid=5-4-3-2-1"], "a row per setting"
    assert all(len(table.columns) == 1 + 4 + (table is tables[0]) for table in tables), "seats, shared wins"
    options = dict(document.facts)["Rule options"]
    assert "pyramid=" not in options and "rising_penalties=false" in options, "a swept option is in the settings"
    html = render_html(document)
    assert html.count("<h3>The ride</h3>") == 2 and html.count("<h2>Setting pyramid=5-4-3-2-1</h2>") == 1
    only = report_document([path], "en", ["pyramid=4-3-2-1"])
    assert [section.title for section in only.sections][:3] == ["Who wins?", "Penalty points", "Game length"]
    assert "pyramid=5-4-3-2-1" not in render_html(only)


def test_long_setting_labels_are_cut() -> None:
    from busbahnhof.sim.report.build import LABEL_LENGTH, short_label

    assert short_label("pyramid=5-4-3-2-1") == "pyramid=5-4-3-2-1"
    assert short_label("deck=/home/a/decks/mine.toml, games=2") == "deck=mine.toml, games=2"
    cut = short_label("deck=" + "x" * 100)
    assert len(cut) == LABEL_LENGTH and cut.endswith("…")

"""``busbahnhof deck print``: the print-and-play PDF (A4, 3×3 poker-size cards, duplex backs, fitted texts)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from busfaktor_helpers import DESIGNER_DECK
from fontTools.ttLib import TTFont
from fpdf import FPDF
from typer.testing import CliRunner

from busbahnhof.cli.deck import app
from busbahnhof.games.busfaktor.deck import load_deck, resolve_deck_path
from busbahnhof.games.busfaktor.print_faces import CARD_H, CARD_W, INSET
from busbahnhof.games.busfaktor.print_text import (
    FAMILY,
    Box,
    TextOverflowError,
    add_fonts,
    fit_text,
    font_dir,
)
from busbahnhof.games.busfaktor.printing import PAGE_H, PAGE_W, PER_PAGE, deck_document, slot_origin

RUNNER = CliRunner()
PAGE = re.compile(rb"/Type /Page\b(?!s)")


def _pdf() -> FPDF:
    pdf = FPDF(unit="mm", format="A4")
    add_fonts(pdf)
    return pdf


def test_default_deck_prints_on_eighteen_pages(tmp_path: Path) -> None:
    out = tmp_path / "deck.pdf"
    result = RUNNER.invoke(app, ["print", "-o", str(out)], terminal_width=200)
    assert result.exit_code == 0, result.output
    content = out.read_bytes()
    assert content.startswith(b"%PDF")
    sheets = -(-74 // PER_PAGE)
    assert len(PAGE.findall(content)) == 2 * sheets == 18
    assert b"/MediaBox [0 0 595.28 841.89]" in content
    assert b"DejaVu" in content and b"FontFile2" in content
    assert "74 Karten auf 18 Seiten, 9 Bogen" in result.output


def test_mini_deck_by_name_and_file_gives_the_same_page_count(tmp_path: Path) -> None:
    by_name, by_file = tmp_path / "a.pdf", tmp_path / "b.pdf"
    assert RUNNER.invoke(app, ["print", "--from", "mini", "-o", str(by_name)]).exit_code == 0
    assert RUNNER.invoke(app, ["print", str(resolve_deck_path("mini")), "-o", str(by_file)]).exit_code == 0
    assert len(PAGE.findall(by_name.read_bytes())) == len(PAGE.findall(by_file.read_bytes())) == 2 * 3


def test_grid_is_poker_size_three_by_three_centred_on_a4() -> None:
    assert (CARD_W, CARD_H) == (63.0, 88.0)
    corners = [slot_origin(slot, back=False) for slot in range(PER_PAGE)]
    assert sorted({x for x, _ in corners}) == pytest.approx([10.5, 73.5, 136.5])
    assert sorted({y for _, y in corners}) == pytest.approx([16.5, 104.5, 192.5])
    for x, y in corners:
        assert x >= 10 and x + CARD_W <= PAGE_W - 10 and y >= 16 and y + CARD_H <= PAGE_H - 16


def test_backs_are_mirrored_for_long_edge_duplex() -> None:
    for slot in range(PER_PAGE):
        front_x, front_y = slot_origin(slot, back=False)
        back_x, back_y = slot_origin(slot, back=True)
        # flipping the sheet on its long (vertical) edge maps x to PAGE_W - x
        assert back_x == pytest.approx(PAGE_W - front_x - CARD_W)
        assert back_y == front_y
    assert slot_origin(0, back=True) == slot_origin(2, back=False)


def _frames(card: int) -> list[tuple[float, float]]:
    slot = card % PER_PAGE
    return [slot_origin(slot, back) for back in (False, True)]


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("deck_name", [None, DESIGNER_DECK])
def test_every_text_fits_its_box_and_its_card(lang: str, deck_name: str | None) -> None:
    deck = load_deck(deck_name)
    pdf, placed = deck_document(deck, lang)
    glyphs = {style: TTFont(font_dir() / name).getBestCmap() for style, name in (("", "DejaVuSans.ttf"),)}
    assert len(placed) == deck.size
    for card, texts in enumerate(placed):
        assert texts, deck.name(card, lang)
        for box, fitted in texts:
            pdf.set_font(FAMILY, fitted.style, fitted.size)
            for line in fitted.lines:
                assert pdf.get_string_width(line) <= box.w + 1e-6, (deck.name(card, lang), line)
                assert all(ord(char) in glyphs[""] for char in line), line
            assert fitted.height <= box.h + 1e-6, (deck.name(card, lang), fitted)
            assert any(
                x + INSET <= box.x
                and box.x + box.w <= x + CARD_W - INSET
                and y + INSET <= box.y
                and box.y + box.h <= y + CARD_H - INSET
                for x, y in _frames(card)
            ), (deck.name(card, lang), box)


def _texts(placed: list[list[tuple[Box, object]]]) -> str:
    return "\n".join(" ".join(fitted.lines) for texts in placed for _, fitted in texts)  # type: ignore[attr-defined]


def test_cards_show_kind_type_points_keywords_and_credit() -> None:
    deck = load_deck(None)
    _, placed = deck_document(deck, "de")
    project = _texts([placed[0]])
    assert "⚑ PROJEKT" in project and "Persistente Identifikatoren" in project
    assert "■" in project and "Daten" in project and "▲" in project and "Betrieb" in project
    events = _texts(placed[deck.size - 12 :])
    assert "⚠ MEHRAUFWAND" in events and "⚠ RÜCKSCHLAG" in events
    assert "E6" in events and "Mehraufwand" in events and "☂ verhindert RÜCKSCHLAG" in events
    back = _texts([placed[0]])
    assert "Projektstapel" in back and "CC BY-SA 4.0" in back and "Sydney Ang" in back
    assert "Aktionsstapel" in _texts([placed[deck.n_projects]])


def test_english_prints_the_decks_english_texts() -> None:
    deck = load_deck(None)
    _, english = deck_document(deck, "en")
    _, german = deck_document(deck, "de")
    assert "Server Move" in _texts(english) and "Serverumzug" not in _texts(english)
    assert "Serverumzug" in _texts(german) and "Server Move" not in _texts(german)
    assert "PROJECT" in _texts(english) and "Card data: CC BY-SA 4.0" in _texts(english)


def test_long_text_shrinks_then_wraps_and_never_overflows() -> None:
    pdf = _pdf()
    box = Box(0, 0, 53.0, 30.0)
    short = fit_text(pdf, "Kurz.", box, "", 9.5, 5.5)
    assert short.size == 9.5 and short.lines == ("Kurz.",)
    slightly = fit_text(pdf, "Forschungsdateninfrastruktur", Box(0, 0, 41.5, 11.0), "B", 10.5, 6.0, 2)
    assert slightly.size < 10.5 and len(slightly.lines) == 1
    longer = fit_text(pdf, " ".join(["Wort"] * 120), box, "", 9.5, 5.5)
    assert len(longer.lines) > 1 and longer.size < 9.5 and longer.height <= box.h
    word = fit_text(pdf, "Donaudampfschifffahrtsgesellschaftskapitänsmützenband", Box(0, 0, 20.0, 20.0), "", 9, 6)
    assert len(word.lines) > 1 and all(line.endswith("-") for line in word.lines[:-1])
    with pytest.raises(TextOverflowError):
        fit_text(pdf, " ".join(["Wort"] * 2000), box, "", 9.5, 5.5)


def test_a_text_too_long_for_its_card_is_refused_naming_the_card(tmp_path: Path) -> None:
    text = resolve_deck_path(None).read_text(encoding="utf-8")
    goal = 'goal = "Jeder Datensatz des Repositoriums hat eine auflösbare DOI."'
    assert goal in text
    long_deck = tmp_path / "lang.toml"
    long_deck.write_text(text.replace(goal, f'goal = "{" ".join(["Sehr langer Text."] * 200)}"', 1), encoding="utf-8")
    out = tmp_path / "deck.pdf"
    result = RUNNER.invoke(app, ["print", str(long_deck), "-o", str(out)])
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and "Persistente Identifikatoren" in lines[0] and "kürze ihn" in lines[0]
    assert not out.exists()


def test_a_bad_deck_is_one_error_line_and_no_file(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text(
        resolve_deck_path(None).read_text(encoding="utf-8").replace("points = 2", "points = 3", 1), encoding="utf-8"
    )
    out = tmp_path / "deck.pdf"
    result = RUNNER.invoke(app, ["print", str(bad), "-o", str(out), "--lang", "en"])
    assert result.exit_code == 2
    assert result.output.strip().startswith("Error [invalid_data]:") and "field points" in result.output
    assert not out.exists()


@pytest.mark.parametrize(
    ("output", "words"),
    [
        ("deck.toml", "must be named *.pdf"),
        ("missing/deck.pdf", "does not exist"),
        ("folder.pdf", "not a regular file"),
    ],
)
def test_output_path_is_checked_before_the_deck(tmp_path: Path, output: str, words: str) -> None:
    (tmp_path / "folder.pdf").mkdir()
    result = RUNNER.invoke(app, ["print", str(tmp_path / "no-deck.toml"), "-o", str(tmp_path / output), "--lang", "en"])
    assert result.exit_code == 2
    assert len(result.output.strip().splitlines()) == 1 and words in result.output, result.output


def test_file_and_from_together_are_refused(tmp_path: Path) -> None:
    result = RUNNER.invoke(
        app, ["print", str(resolve_deck_path("mini")), "--from", "mini", "-o", str(tmp_path / "x.pdf")]
    )
    assert result.exit_code == 2 and "Deck doppelt angegeben" in result.output


def test_a_deck_without_credit_fields_carries_the_section_19_credit() -> None:
    deck = load_deck(DESIGNER_DECK)
    assert not deck.model.deck.credit
    _, placed = deck_document(deck, "en")
    back = _texts([placed[0]])
    assert "PHYLO" in back and "Sydney Ang" in back and "CC BY-SA 4.0" in back

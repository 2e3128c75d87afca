"""Print-and-play: every card of a Busfaktor: 1 deck as a PDF on A4, fronts and backs for duplex.

Nine poker-size cards (63×88 mm) per page in a 3×3 grid without gaps, so straight cuts along the
crop marks separate them.  Each page of fronts is followed by a page of the same cards' backs,
their columns mirrored, so a duplex print flipped on the long edge puts every back behind its
front.  The backs show the card's stack (§2) and the deck's licence and credit (§19); every page's
footer repeats them.  ``docs/games/busfaktor-deck-format.md`` describes the sheets.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from fpdf import FPDF

from ...engine import Catalog, InvalidDataError, write_bytes_atomically
from .deck import Deck, unwritable
from .print_faces import CARD_H, CARD_W, GREY, Placed, Sheet, credit_line, draw_back, draw_front
from .print_text import Box, TextOverflowError, add_fonts, draw_text, fit_text

PAGE_W, PAGE_H = 210.0, 297.0
COLUMNS, ROWS = 3, 3
PER_PAGE = COLUMNS * ROWS
LEFT = (PAGE_W - COLUMNS * CARD_W) / 2
TOP = (PAGE_H - ROWS * CARD_H) / 2
MARK_GAP, MARK_END = 2.0, 7.0
"""Crop marks run from this far outside the grid (mm) to this far."""
FIXED_DATE = datetime(2026, 1, 1, tzinfo=UTC)
"""The PDF's creation date, fixed so the same deck always gives the same file."""


def slot_origin(slot: int, back: bool) -> tuple[float, float]:
    """The top left corner (mm) of grid place ``slot`` (0-8, row by row) on a front page, or of the
    place on the back page that lies behind it after flipping the sheet on its long edge."""
    row, column = divmod(slot, COLUMNS)
    if back:
        column = COLUMNS - 1 - column
    return LEFT + column * CARD_W, TOP + row * CARD_H


def deck_document(deck: Deck, lang: str) -> tuple[FPDF, list[Placed]]:
    """The PDF of ``deck`` in ``lang`` and, per card, the texts set on its front and back.

    Raises :class:`InvalidDataError` naming the card when a text does not fit its box.
    """
    pdf = FPDF(orientation="P", unit="mm", format="A4")
    pdf.set_auto_page_break(False)
    pdf.set_margins(0, 0, 0)
    pdf.set_creation_date(FIXED_DATE)
    add_fonts(pdf)
    info = deck.model.deck
    pdf.set_title(f"{info.title(lang)} – Print & Play")
    pdf.set_subject(" · ".join(part for part in (info.license, info.credit) if part))
    pdf.set_creator("busbahnhof deck print")
    pdf.set_lang(lang)
    sheet = Sheet(pdf, deck, lang, Catalog(("busbahnhof.games.busfaktor", "busbahnhof.engine"), lang))
    placed: list[Placed] = [[] for _ in range(deck.size)]
    pages = 2 * -(-deck.size // PER_PAGE)
    for first in range(0, deck.size, PER_PAGE):
        cards = range(first, min(first + PER_PAGE, deck.size))
        for back in (False, True):
            pdf.add_page()
            for slot, card in enumerate(cards):
                x, y = slot_origin(slot, back)
                _outline(pdf, x, y)
                try:
                    placed[card] += (draw_back if back else draw_front)(sheet, card, x, y)
                except TextOverflowError as error:
                    raise _too_long(deck, card, lang, error) from None
            _crop_marks(pdf)
            _footer(sheet, pdf.page_no(), pages, back)
    return pdf, placed


def write_deck_pdf(deck: Deck, lang: str, path: Path) -> int:
    """Write the print-and-play PDF of ``deck`` to ``path`` in one step; the number of pages."""
    pdf, _ = deck_document(deck, lang)
    try:
        write_bytes_atomically(path, bytes(pdf.output()))
    except OSError as exc:
        raise unwritable(path, exc) from None
    return pdf.page_no()


def _too_long(deck: Deck, card: int, lang: str, error: TextOverflowError) -> InvalidDataError:
    return InvalidDataError(
        f"{deck.source}: card '{deck.name(card, lang)}': {error}",
        key="deck_error.too_long",
        params={"file": deck.source, "card": deck.name(card, lang), "text": error.text},
    )


def _outline(pdf: FPDF, x: float, y: float) -> None:
    """A hairline at the card's cut, for cutting with scissors."""
    pdf.set_draw_color(215, 215, 215)
    pdf.set_line_width(0.1)
    pdf.rect(x, y, CARD_W, CARD_H)


def _crop_marks(pdf: FPDF) -> None:
    """Marks in the margins at every cut line of the grid."""
    pdf.set_draw_color(0, 0, 0)
    pdf.set_line_width(0.2)
    right, bottom = LEFT + COLUMNS * CARD_W, TOP + ROWS * CARD_H
    for column in range(COLUMNS + 1):
        x = LEFT + column * CARD_W
        pdf.line(x, TOP - MARK_END, x, TOP - MARK_GAP)
        pdf.line(x, bottom + MARK_GAP, x, bottom + MARK_END)
    for row in range(ROWS + 1):
        y = TOP + row * CARD_H
        pdf.line(LEFT - MARK_END, y, LEFT - MARK_GAP, y)
        pdf.line(right + MARK_GAP, y, right + MARK_END, y)


def _footer(sheet: Sheet, page: int, pages: int, back: bool) -> None:
    """The deck, page and printing hint, and the licence and credit line (§19), under the grid."""
    info = sheet.deck.model.deck
    key = "print.back_footer" if back else "print.front_footer"
    lines = [sheet.t.text(key, deck=info.title(sheet.lang), version=info.version, page=page, pages=pages)]
    lines.append(credit_line(sheet))
    sheet.pdf.set_text_color(*GREY)
    top = TOP + ROWS * CARD_H + MARK_END + 1.5
    for number, line in enumerate(lines):
        box = Box(LEFT, top + number * 3.5, COLUMNS * CARD_W, 3.2)
        draw_text(sheet.pdf, fit_text(sheet.pdf, line, box, "", 6.5, 4.0, 1), box, "C")

"""The faces of one Busfaktor: 1 card for print-and-play: its front by kind, and its stack's back.

A card is 63×88 mm (poker size).  Everything is drawn inside a frame 2.5 mm from the cut, so a
cut a little off the line loses nothing.  Kind and factor type show by colour *and* symbol and
word (colour-blind safe, readable in greyscale): Projekt ⚑ on yellow, Projektfaktor by its type's
colour and shape (Team ● orange, Daten ■ blue, Betrieb ▲ green, Methode ◆ purple, Okabe–Ito
colours), Wildcard grey, Ereignis ⚡ black; a negative event (§4) shows its keyword in a
vermilion ⚠ banner, an Absicherung (E8) the keywords it prevents under ☂.  Each drawing returns
the texts it set with their boxes, so tests can check that every text fits.
"""

from __future__ import annotations

from dataclasses import dataclass

from fpdf import FPDF

from ...engine import Catalog
from .actions import type_name
from .credit import PHYLO_CREDIT
from .deck import EVENT, FACTOR, PROJECT, Deck
from .print_text import FAMILY, PT, Box, Fitted, draw_text, fit_text
from .schema import FACTOR_TYPES

CARD_W, CARD_H = 63.0, 88.0
INSET = 2.5
"""The frame's distance from the cut (mm)."""
PAD = 5.0
"""The texts' distance from the cut (mm)."""
TEXT_W = CARD_W - 2 * PAD
BAND_H = 17.0
Rgb = tuple[int, int, int]
BLACK: Rgb = (0, 0, 0)
WHITE: Rgb = (255, 255, 255)
GREY: Rgb = (90, 90, 90)
TYPE_COLOURS: dict[str, Rgb] = {
    "Team": (230, 159, 0),
    "Daten": (0, 114, 178),
    "Betrieb": (0, 158, 115),
    "Methode": (204, 121, 167),
}
TYPE_SYMBOLS = {"Team": "●", "Daten": "■", "Betrieb": "▲", "Methode": "◆"}
PROJECT_COLOUR: Rgb = (240, 228, 66)
WILDCARD_COLOUR: Rgb = (110, 110, 110)
EVENT_COLOUR: Rgb = (34, 34, 34)
KEYWORD_COLOUR: Rgb = (213, 94, 0)
SHIELD_COLOUR: Rgb = (86, 180, 233)
KIND_SYMBOLS = {PROJECT: "⚑", FACTOR: "⚙", EVENT: "⚡"}
Placed = list[tuple[Box, Fitted]]


@dataclass(frozen=True, slots=True)
class Sheet:
    """What the faces draw with: the PDF, the deck, the language and its labels."""

    pdf: FPDF
    deck: Deck
    lang: str
    t: Catalog


def ink(colour: Rgb) -> Rgb:
    """Black or white, whichever reads better on ``colour``."""
    red, green, blue = colour
    return BLACK if 0.299 * red + 0.587 * green + 0.114 * blue > 150 else WHITE


def _set(
    sheet: Sheet,
    placed: Placed,
    text: str,
    box: Box,
    style: str,
    sizes: tuple[float, float],
    lines: int = 0,
    align: str = "L",
    valign: str = "T",
) -> None:
    """Fit ``text`` into ``box`` between ``sizes`` (max, min pt) in at most ``lines`` lines, draw it, record it."""
    fitted = fit_text(sheet.pdf, text, box, style, sizes[0], sizes[1], lines)
    draw_text(sheet.pdf, fitted, box, align, valign)
    placed.append((box, fitted))


def _fill(pdf: FPDF, colour: Rgb) -> None:
    pdf.set_fill_color(*colour)
    pdf.set_draw_color(*colour)


def _frame(sheet: Sheet, x: float, y: float, colour: Rgb, label: str, symbol: str, placed: Placed) -> None:
    """The frame, the coloured band with kind label and the card's name."""
    pdf = sheet.pdf
    pdf.set_line_width(0.5)
    pdf.set_draw_color(*colour)
    pdf.rect(x + INSET, y + INSET, CARD_W - 2 * INSET, CARD_H - 2 * INSET, round_corners=True, corner_radius=2.5)
    _fill(pdf, colour)
    width = CARD_W - 2 * INSET
    pdf.rect(x + INSET, y + INSET, width, BAND_H, style="DF", round_corners=True, corner_radius=2.5)
    pdf.rect(x + INSET, y + INSET + BAND_H - 3.0, width, 3.0, style="DF")
    pdf.set_text_color(*ink(colour))
    _set(sheet, placed, f"{symbol} {label}", Box(x + PAD, y + 3.6, 40.0, 3.2), "B", (6.0, 4.5), lines=1)


def _name(sheet: Sheet, x: float, y: float, name: str, placed: Placed) -> None:
    _set(sheet, placed, name, Box(x + PAD, y + 7.2, 41.5, 11.0), "B", (10.5, 6.0), lines=2, valign="M")


def _badge(sheet: Sheet, x: float, y: float, pieces: list[tuple[str, Rgb]], size: float, placed: Placed) -> None:
    """A white disc at the band's right with points, type symbols (each in its colour) or a template."""
    pdf = sheet.pdf
    pdf.set_fill_color(*WHITE)
    pdf.set_draw_color(*WHITE)
    pdf.circle(x + 53.0, y + 11.0, 5.2, style="F")
    fitted = fit_text(pdf, "".join(text for text, _ in pieces), Box(0, 0, 9.0, 9.0), "B", size, size / 2, 1)
    pdf.set_font(FAMILY, "B", fitted.size)
    left = x + 53.0 - pdf.get_string_width(fitted.lines[0]) / 2
    placed.append((Box(x + 48.5, y + 11.0 - fitted.height / 2, 9.0, fitted.height), fitted))
    for text, colour in pieces:
        pdf.set_text_color(*colour)
        draw_text(pdf, Fitted("B", fitted.size, (text,)), Box(left, y + 11.0 - fitted.height / 2, 9.0, fitted.height))
        left += pdf.get_string_width(text)


def _symbols(sheet: Sheet, x: float, y: float, types: list[str], size: float, placed: Placed) -> None:
    """Type symbols in their colours with their names below, centred in a row at ``y``."""
    slot = min(TEXT_W / len(types), 18.0)
    left = x + PAD + (TEXT_W - slot * len(types)) / 2
    labels = [type_name(name, sheet.lang) for name in types]
    label_box = Box(0, 0, slot - 1.0, 3.4)
    label_size = min(fit_text(sheet.pdf, label, label_box, "B", min(size / 2.6, 8.5), 4.5, 1).size for label in labels)
    for number, name in enumerate(types):
        box = Box(left + number * slot, y, slot, size * PT * 1.2)
        sheet.pdf.set_text_color(*TYPE_COLOURS[name])
        _set(sheet, placed, TYPE_SYMBOLS[name], box, "", (size, size), align="C")
        sheet.pdf.set_text_color(*BLACK)
        label = Box(left + number * slot + 0.5, y + box.h + 0.3, label_box.w, label_box.h)
        _set(sheet, placed, labels[number], label, "B", (label_size, label_size), lines=1, align="C")


def _number(sheet: Sheet, x: float, y: float, card: int) -> None:
    """The card's number in the deck, small at the bottom right (for sorting the printed cards)."""
    pdf = sheet.pdf
    pdf.set_text_color(*GREY)
    fitted = fit_text(pdf, f"#{card + 1}", Box(0, 0, 12.0, 2.5), "", 4.5, 4.5, 1)
    pdf.set_font("DejaVu", "", 4.5)
    draw_text(pdf, fitted, Box(x + 58.0 - pdf.get_string_width(fitted.lines[0]), y + 82.7, 12.0, 2.5))


def draw_front(sheet: Sheet, card: int, x: float, y: float) -> Placed:
    """The front of ``card`` with its top left corner at (x, y); the texts set."""
    placed: Placed = []
    kind = sheet.deck.kind[card]
    if kind == PROJECT:
        _project(sheet, card, x, y, placed)
    elif kind == FACTOR:
        _factor(sheet, card, x, y, placed)
    else:
        _event(sheet, card, x, y, placed)
    _number(sheet, x, y, card)
    return placed


def _project(sheet: Sheet, card: int, x: float, y: float, placed: Placed) -> None:
    """§4 Projekt: requirement symbols, points (= requirements), goal, flavour text."""
    project = sheet.deck.model.projects[card]
    _frame(sheet, x, y, PROJECT_COLOUR, sheet.t.text("print.project"), KIND_SYMBOLS[PROJECT], placed)
    _name(sheet, x, y, sheet.deck.name(card, sheet.lang), placed)
    _badge(sheet, x, y, [(str(project.points), BLACK)], 15.0, placed)
    sheet.pdf.set_text_color(*ink(PROJECT_COLOUR))
    _set(sheet, placed, sheet.t.text("print.points"), Box(x + 48.0, y + 16.3, 10.0, 2.2), "", (4.5, 4.0), align="C")
    _symbols(sheet, x, y + 21.0, list(project.requirements), 20.0, placed)
    sheet.pdf.set_text_color(*BLACK)
    _set(sheet, placed, sheet.deck.text(card, sheet.lang), Box(x + PAD, y + 37.0, TEXT_W, 30.0), "", (9.5, 5.5))
    english = sheet.lang == "en" and project.en is not None and project.en.flavor
    flavor = project.en.flavor if english and project.en is not None else project.flavor
    if flavor:
        _rule(sheet.pdf, x, y + 68.5)
        sheet.pdf.set_text_color(*GREY)
        _set(sheet, placed, flavor, Box(x + PAD, y + 69.5, TEXT_W, 12.5), "I", (7.0, 5.0), valign="M")


def _rule(pdf: FPDF, x: float, y: float) -> None:
    pdf.set_draw_color(190, 190, 190)
    pdf.set_line_width(0.2)
    pdf.line(x + PAD, y, x + CARD_W - PAD, y)


def _factor(sheet: Sheet, card: int, x: float, y: float, placed: Placed) -> None:
    """§4 Projektfaktor (one type) or Wildcard (several): big type symbols, card text."""
    factor = sheet.deck.model.factors[card - sheet.deck.n_projects]
    types = list(factor.allowed)
    wildcard = factor.types is not None
    colour = WILDCARD_COLOUR if wildcard else TYPE_COLOURS[types[0]]
    label = sheet.t.text("print.wildcard" if wildcard else "print.factor")
    _frame(sheet, x, y, colour, label, KIND_SYMBOLS[FACTOR], placed)
    _name(sheet, x, y, sheet.deck.name(card, sheet.lang), placed)
    _badge(sheet, x, y, [(TYPE_SYMBOLS[name], TYPE_COLOURS[name]) for name in types], 15.0, placed)
    text = sheet.deck.text(card, sheet.lang)
    _symbols(sheet, x, y + (22.0 if text else 32.0), types, 44.0 if len(types) == 1 else 30.0, placed)
    if text:
        sheet.pdf.set_text_color(*BLACK)
        _set(sheet, placed, text, Box(x + PAD, y + 52.0, TEXT_W, 30.0), "", (9.5, 5.5))


def _event(sheet: Sheet, card: int, x: float, y: float, placed: Placed) -> None:
    """§4 Ereignis, §13: template, keyword banner (negative) or the keywords an E8 prevents, types, text."""
    deck, t, pdf = sheet.deck, sheet.t, sheet.pdf
    event = deck.model.events[card - (deck.size - len(deck.model.events))]
    template = event.template_name
    label = f"{t.text('print.event')} · {t.text(f'deck_check.t{template[1]}')}"
    _frame(sheet, x, y, EVENT_COLOUR, label, KIND_SYMBOLS[EVENT], placed)
    _name(sheet, x, y, deck.name(card, sheet.lang), placed)
    _badge(sheet, x, y, [(template, EVENT_COLOUR)], 11.0, placed)
    top = y + 21.0
    blocks = list(getattr(event, "blocks", []) or [])
    if event.negative or blocks:
        colour = KEYWORD_COLOUR if event.negative else SHIELD_COLOUR
        banner = (
            f"⚠ {' · '.join(event.negative)}"
            if event.negative
            else f"☂ {t.text('print.prevents')} {' · '.join(blocks)}"
        )
        _fill(pdf, colour)
        pdf.rect(x + INSET + 1.5, top, CARD_W - 2 * INSET - 3.0, 7.0, style="F", round_corners=True, corner_radius=1.5)
        pdf.set_text_color(*ink(colour))
        box = Box(x + PAD, top + 0.6, TEXT_W, 5.8)
        _set(sheet, placed, banner, box, "B", (8.5, 5.0), lines=1, align="C", valign="M")
        top += 9.0
    types = _event_types(event)
    if types:
        pdf.set_text_color(*BLACK)
        role = {"E5": "print.joker_as", "E6": "print.adds"}.get(template, "print.only")
        _set(sheet, placed, t.text(role), Box(x + PAD, top, TEXT_W, 3.0), "B", (6.0, 4.5), lines=1, align="C")
        _symbols(sheet, x, top + 3.2, types, 14.0, placed)
        top += 13.5
    pdf.set_text_color(*BLACK)
    _set(
        sheet,
        placed,
        deck.text(card, sheet.lang),
        Box(x + PAD, top + 1.0, TEXT_W, y + 82.0 - top - 1.0),
        "",
        (9.5, 5.5),
    )


def _event_types(event: object) -> list[str]:
    """The factor types an event names: an E5's joker types, else its ``factor_type`` if any."""
    types = getattr(event, "types", None)
    if types:
        return [name for name in FACTOR_TYPES if name in types]
    factor_type = getattr(event, "factor_type", None)
    return [factor_type] if factor_type else []


def credit_line(sheet: Sheet) -> str:
    """The deck's ``license`` and ``credit`` fields; for a deck without them the §19 credit of the
    game's mechanics, which goes wherever the game is presented."""
    info = sheet.deck.model.deck
    notes = [sheet.t.text("print.licence", license=info.license)] if info.license else []
    if info.credit:
        notes.append(sheet.t.text("print.credit", credit=info.credit))
    return " · ".join(notes) if notes else PHYLO_CREDIT.text(sheet.t)


def draw_back(sheet: Sheet, card: int, x: float, y: float) -> Placed:
    """The back of ``card``: its stack (projects: Projektstapel, others: Aktionsstapel, §2) and the
    licence and credit of the deck's card data (§19)."""
    placed: Placed = []
    pdf = sheet.pdf
    project = sheet.deck.kind[card] == PROJECT
    colour = PROJECT_COLOUR if project else EVENT_COLOUR
    _fill(pdf, colour)
    pdf.rect(
        x + INSET, y + INSET, CARD_W - 2 * INSET, CARD_H - 2 * INSET, style="F", round_corners=True, corner_radius=2.5
    )
    pdf.set_text_color(*ink(colour))
    symbols = KIND_SYMBOLS[PROJECT] if project else f"{KIND_SYMBOLS[FACTOR]} {KIND_SYMBOLS[EVENT]}"
    _set(sheet, placed, symbols, Box(x + PAD, y + 14.0, TEXT_W, 16.0), "", (36.0, 20.0), lines=1, align="C")
    _set(sheet, placed, "Busfaktor: 1", Box(x + PAD, y + 34.0, TEXT_W, 8.0), "B", (17.0, 10.0), lines=1, align="C")
    stack = sheet.t.text("print.project_stack" if project else "print.action_stack")
    _set(sheet, placed, stack, Box(x + PAD, y + 44.0, TEXT_W, 5.0), "", (10.0, 6.0), lines=1, align="C")
    notes = Box(x + PAD, y + 66.0, TEXT_W, 16.0)
    _set(sheet, placed, credit_line(sheet), notes, "", (5.5, 4.0), align="C", valign="B")
    return placed

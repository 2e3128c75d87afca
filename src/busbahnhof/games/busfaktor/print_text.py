"""Text for the print-and-play sheets: the embedded font and text that fits its box.

The font is DejaVu Sans (free licence, ``LICENSE_DEJAVU`` beside it), taken from the TrueType
files matplotlib ships, so nothing is downloaded and every glyph the cards use is embedded in the
PDF.  :func:`fit_text` shrinks a text, then wraps it, until it fits its box; a text that does not
fit even at the smallest size is refused (:class:`TextOverflowError`), never printed over the edge.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from fpdf import FPDF

FAMILY = "DejaVu"
_FONT_FILES = {"": "DejaVuSans.ttf", "B": "DejaVuSans-Bold.ttf", "I": "DejaVuSans-Oblique.ttf"}
PT = 25.4 / 72
"""Millimetres per typographic point."""
LEADING = 1.2
"""Line distance as a multiple of the font size."""
ASCENT = 0.9
"""From a line's top to its baseline, as a multiple of the font size (DejaVu's capitals and ascenders fit)."""
SHRINK_STEP = 0.25


class TextOverflowError(ValueError):
    """A text does not fit its box even at the smallest allowed size; ``text`` is its beginning."""

    def __init__(self, message: str, text: str) -> None:
        super().__init__(message)
        self.text = text


def font_dir() -> Path:
    """The folder of the DejaVu TrueType files and their licence (shipped by matplotlib)."""
    return Path(str(resources.files("matplotlib") / "mpl-data" / "fonts" / "ttf"))


def add_fonts(pdf: FPDF) -> None:
    """Register DejaVu Sans (regular, bold, oblique) with ``pdf``; the PDF embeds the glyphs it uses."""
    for style, name in _FONT_FILES.items():
        pdf.add_font(FAMILY, style, str(font_dir() / name))


@dataclass(frozen=True, slots=True)
class Fitted:
    """A text set in a box: its font style and size (pt) and its lines, top to bottom."""

    style: str
    size: float
    lines: tuple[str, ...]

    @property
    def leading(self) -> float:
        """The distance between baselines in mm."""
        return self.size * PT * LEADING

    @property
    def height(self) -> float:
        """The height the lines take in mm."""
        return len(self.lines) * self.leading


@dataclass(frozen=True, slots=True)
class Box:
    """A rectangle on the page in mm: left, top, width, height."""

    x: float
    y: float
    w: float
    h: float


def fit_text(
    pdf: FPDF, text: str, box: Box, style: str, max_size: float, min_size: float, max_lines: int = 0
) -> Fitted:
    """``text`` at the largest size from ``max_size`` down to ``min_size`` at which it fits ``box``.

    First on one line, shrinking down to ``max(min_size, 0.8 * max_size)``; then wrapped at word
    boundaries from ``max_size`` down, at most ``max_lines`` lines if given; only if that fails
    too, again with words wider than the box broken between letters (with a hyphen).
    Raises :class:`TextOverflowError` if nothing fits.
    """
    words = text.split()
    if not words:
        return Fitted(style, max_size, ())
    one_line = " ".join(words)
    size = max_size
    while size >= max(min_size, 0.8 * max_size) - 1e-9:
        pdf.set_font(FAMILY, style, size)
        if pdf.get_string_width(one_line) <= box.w and size * PT * LEADING <= box.h:
            return Fitted(style, size, (one_line,))
        size -= SHRINK_STEP
    for break_words in (False, True):
        size = max_size
        while size >= min_size - 1e-9:
            pdf.set_font(FAMILY, style, size)
            lines = wrap(pdf, words, box.w, break_words)
            fitted = Fitted(style, size, tuple(lines))
            if lines and fitted.height <= box.h + 1e-9 and (not max_lines or len(lines) <= max_lines):
                return fitted
            size -= SHRINK_STEP
    start = text if len(text) <= 40 else text[:40] + "…"
    raise TextOverflowError(f"text does not fit a {box.w:.0f}×{box.h:.0f} mm box at {min_size} pt: {start}", start)


def wrap(pdf: FPDF, words: list[str], width: float, break_words: bool = True) -> list[str]:
    """Words into lines at the current font, greedily; a word wider than ``width`` is broken
    between letters if ``break_words``, else it gives no lines at all (the text does not fit)."""
    lines: list[str] = []
    line = ""
    for word in words:
        pieces = _pieces(pdf, word, width) if break_words else [word]
        if pdf.get_string_width(pieces[0]) > width:
            return []
        for piece in pieces:
            candidate = f"{line} {piece}" if line else piece
            if pdf.get_string_width(candidate) <= width:
                line = candidate
            else:
                if line:
                    lines.append(line)
                line = piece
    if line:
        lines.append(line)
    return lines


def _pieces(pdf: FPDF, word: str, width: float) -> list[str]:
    """``word`` as is, or broken between letters into hyphenated pieces that each fit ``width``."""
    if pdf.get_string_width(word) <= width:
        return [word]
    pieces, piece = [], ""
    for letter in word:
        if piece and pdf.get_string_width(piece + letter + "-") > width:
            pieces.append(piece + "-")
            piece = ""
        piece += letter
    return [*pieces, piece]


def draw_text(pdf: FPDF, fitted: Fitted, box: Box, align: str = "L", valign: str = "T") -> None:
    """Set ``fitted`` in ``box``: ``align`` L/C, ``valign`` T (top), M (middle) or B (bottom)."""
    pdf.set_font(FAMILY, fitted.style, fitted.size)
    free = box.h - fitted.height
    top = box.y + {"T": 0.0, "M": free / 2, "B": free}[valign]
    for number, line in enumerate(fitted.lines):
        width = pdf.get_string_width(line)
        x = box.x + ((box.w - width) / 2 if align == "C" else 0.0)
        pdf.text(x, top + number * fitted.leading + fitted.size * PT * ASCENT, line)

"""Numbers as a German or English reader writes them: ``31 % (28–34 %)``, ``3,2`` or ``3.2``."""

from __future__ import annotations

from ..intervals import Interval


class Numbers:
    """Formats numbers, shares and intervals for ``lang`` (``de``: decimal comma, space before %)."""

    def __init__(self, lang: str) -> None:
        self.lang = lang

    def number(self, value: float, digits: int = 1) -> str:
        """``value`` with ``digits`` decimals (thousands grouped); a value that rounds to 0 has no sign."""
        if round(value, digits) == 0:
            value = 0.0
        text = f"{value:,.{digits}f}".replace(",", "\u2009")
        if self.lang == "de":
            text = text.replace(".", ",")
        return text.replace("-", "\u2212")

    def count(self, value: int) -> str:
        """A whole number with thousands grouped (``1 000 000``)."""
        return self.number(float(value), 0)

    def percent(self, share: float, digits: int = 0) -> str:
        """A share as a percentage: ``31 %`` (de) or ``31%`` (en)."""
        return self.number(100.0 * share, digits) + ("\u202f%" if self.lang == "de" else "%")

    def share_interval(self, interval: Interval, digits: int = 0) -> str:
        """``31 % (28–34 %)``."""
        low, high = self.number(100 * interval.low, digits), self.percent(interval.high, digits)
        return f"{self.percent(interval.estimate, digits)} ({low}\u2013{high})"

    def interval(self, interval: Interval, digits: int = 1, signed: bool = False) -> str:
        """``3,2 (3,0 bis 3,4)``; ``signed`` writes a plus sign before positive estimates."""
        estimate = self.number(interval.estimate, digits)
        if signed and round(interval.estimate, digits) > 0:
            estimate = "+" + estimate
        word = " bis " if self.lang == "de" else " to "
        return f"{estimate} ({self.number(interval.low, digits)}{word}{self.number(interval.high, digits)})"

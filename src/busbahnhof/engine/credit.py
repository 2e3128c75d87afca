"""Attribution a game's licence requires wherever the game is presented to players."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .events import Catalog


@dataclass(frozen=True, slots=True)
class Credit:
    """The credit a licence demands, as data: front ends show it beside the game.

    Attributes:
        work: the credited work, by its own name.
        authors: the attribution, verbatim as the licence asks for it.
        license: the licence's short name (``"CC BY-SA 4.0"``).
        license_url: where the licence terms are published.
    """

    work: str
    authors: str
    license: str
    license_url: str

    def to_dict(self) -> dict[str, str]:
        """JSON-ready form, for clients."""
        return asdict(self)

    def text(self, catalog: Catalog) -> str:
        """One line in the catalog's language (template ``credit`` of the engine's locales)."""
        return catalog.text("credit", work=self.work, authors=self.authors, license=self.license, url=self.license_url)

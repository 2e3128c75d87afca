"""§19 Herkunft und Lizenz: the credit the mechanics licence requires wherever the game is presented."""

from __future__ import annotations

from ...engine import Credit

PHYLO_CREDIT = Credit(
    work="PHYLO: Process of Science (GSA Deck, WISE Deck)",
    authors="Sydney Ang, Genevieve Leduc-Robert, Lu Li, and Sam MacKinnon",
    license="CC BY-SA 4.0",
    license_url="https://phylogame.org/licenses/",
)
"""§19: the mechanics credit the rule document requires under CC BY-SA 4.0."""

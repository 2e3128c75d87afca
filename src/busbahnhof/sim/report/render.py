"""The report as one self-contained HTML file: Jinja2 with autoescaping, CSS inline, figures as data URIs."""

from __future__ import annotations

from pathlib import Path

from jinja2 import Environment, PackageLoader, select_autoescape

from ...engine.records import write_text_atomically
from .compose import table_of_contents
from .model import Block, Document, Figure, Heading, Table

_ENVIRONMENT = Environment(
    loader=PackageLoader("busbahnhof.sim.report", "templates"),
    autoescape=select_autoescape(default=True, default_for_string=True),
    trim_blocks=True,
    lstrip_blocks=True,
)


def render_html(document: Document) -> str:
    """The HTML text of ``document``; every text is escaped, only figure URIs go into ``src``."""
    for section in document.sections:
        for block in section.blocks:
            if isinstance(block, Figure) and not block.image.startswith("data:image/svg+xml;base64,"):
                raise ValueError("a report embeds only the SVG figures it drew itself")
    template = _ENVIRONMENT.get_template("report.html")
    return template.render(doc=document, toc=table_of_contents(document.sections), kind=_kind)


def _kind(block: Block) -> str:
    kinds: list[tuple[type[Block], str]] = [(Figure, "figure"), (Table, "table"), (Heading, "heading")]
    return next((kind for cls, kind in kinds if isinstance(block, cls)), "paragraph")


def write_report(document: Document, path: Path) -> None:
    """Write the report to ``path`` (whole or not at all)."""
    write_text_atomically(path, render_html(document))

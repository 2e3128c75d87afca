"""The report as a document: sections of figures, tables and paragraphs, rendered by ``render.py``.

Everything here is plain text (escaped by the template) except :attr:`Figure.image`, a
``data:`` URI of an image the report drew itself.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Figure:
    """An embedded figure (``data:image/svg+xml;base64,...``) with a caption in plain words."""

    image: str
    alt: str
    caption: str


@dataclass(frozen=True)
class Cell:
    """A table cell: ``number`` aligns it right, ``marked`` highlights a significant difference."""

    text: str
    number: bool = False
    marked: bool = False


@dataclass(frozen=True)
class Table:
    """A table with a caption above it and an optional note below it."""

    caption: str
    columns: tuple[str, ...]
    rows: tuple[tuple[Cell, ...], ...]
    note: str = ""


@dataclass(frozen=True)
class Paragraph:
    """A paragraph of plain text."""

    text: str


@dataclass(frozen=True)
class Heading:
    """A subheading inside a section (a part of one setting's section in a sweep's report)."""

    text: str


Block = Figure | Table | Paragraph | Heading


@dataclass
class Section:
    """A section with its heading and blocks, read top to bottom."""

    title: str
    blocks: list[Block] = field(default_factory=list)
    anchor: str = ""


@dataclass
class Document:
    """The whole report: its title, the "what was run" facts and the sections."""

    lang: str
    title: str
    subtitle: str
    facts: list[tuple[str, str]]
    sections: list[Section]
    footer: str
    facts_title: str
    contents_title: str

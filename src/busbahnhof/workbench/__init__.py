"""The workbench: decks of accounts with versions (never overwritten), their diffs, sharing by link,
validation in German and English, playtest feedback and balance runs (docs/workbench.md)."""

from .checks import MAX_CARDS, MAX_DECK_BYTES, check_document, check_text
from .decks import Reader, Workbench, builtin_text
from .diff import deck_diff
from .document import document_of, merged_text, plain_deck
from .errors import DeckTooLargeError, InvalidVersionError, UnknownDeckError, WorkbenchError
from .store import WorkbenchStore

__all__ = [
    "MAX_CARDS",
    "MAX_DECK_BYTES",
    "DeckTooLargeError",
    "InvalidVersionError",
    "Reader",
    "UnknownDeckError",
    "Workbench",
    "WorkbenchError",
    "WorkbenchStore",
    "builtin_text",
    "check_document",
    "check_text",
    "deck_diff",
    "document_of",
    "merged_text",
    "plain_deck",
]

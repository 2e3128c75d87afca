"""Decks of accounts and their versions: create, save (every save a new version), read, share, diff.

Access: a deck is private to its owner.  Whoever holds its share token (the secret in a share
link) reads it, read-only, and may copy it into a deck of their own.  A deck that does not
exist, a private deck of another account and a wrong share token give one and the same refusal
(:class:`UnknownDeckError`), so deck ids cannot be probed.
"""

from __future__ import annotations

import hashlib
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..engine.userfiles import UserFileError, parse_toml
from ..games.busfaktor.deck import BUILTIN_DECKS, resolve_deck_path
from .checks import check_card_count, check_limits, check_text
from .diff import deck_diff
from .document import KINDS, document_of, merged_text
from .errors import InvalidVersionError, UnknownDeckError, WorkbenchError
from .store import WorkbenchStore

GAME = "busfaktor"
NAME_MAX = 200
NOTE_MAX = 500


@dataclass(frozen=True, slots=True)
class Reader:
    """Who asks: the logged-in account (or ``None``) and the share token the link carried (or ``None``)."""

    player_id: str | None = None
    share_token: str | None = None


def builtin_text(name: str) -> str:
    """The text of a built-in deck (``standard``, ``mini``)."""
    if name not in BUILTIN_DECKS:
        raise WorkbenchError(
            f"no built-in deck {name!r}",
            key="workbench.error.not_a_document",
            detail=f"{name}: {', '.join(BUILTIN_DECKS)}",
        )
    return resolve_deck_path(name).read_text(encoding="utf-8")


def deck_name(text: str) -> str:
    """The ``[deck] name`` of a deck file, or "Deck" where it has none."""
    try:
        info = parse_toml(text, "deck.toml").get("deck")
    except UserFileError:
        return "Deck"
    name = info.get("name") if isinstance(info, dict) else None
    return str(name)[:NAME_MAX] if isinstance(name, str) and name.strip() else "Deck"


class Workbench:
    """The decks service on a :class:`WorkbenchStore`."""

    def __init__(self, store: WorkbenchStore, clock: Callable[[], float] = time.time) -> None:
        self.store = store
        self.clock = clock

    # -- reading ---------------------------------------------------------------------------

    def readable(self, deck_id: str, reader: Reader) -> dict[str, Any]:
        """The deck row if ``reader`` may read it.

        Raises:
            UnknownDeckError: no such deck, or not the reader's and not shared with their token.
        """
        deck = self.store.deck(deck_id)
        owner = deck is not None and reader.player_id is not None and deck["owner_id"] == reader.player_id
        shared = (
            deck is not None
            and reader.share_token is not None
            and deck["share_token"] is not None
            and secrets.compare_digest(deck["share_token"], reader.share_token)
        )
        if deck is None or not (owner or shared):
            raise UnknownDeckError(f"no deck {deck_id!r} for this reader", key="workbench.error.unknown_deck")
        return deck

    def owned(self, deck_id: str, player_id: str) -> dict[str, Any]:
        """The deck row if ``player_id`` owns it (else the same refusal as an unknown deck)."""
        return self.readable(deck_id, Reader(player_id=player_id))

    def summary(self, deck_id: str, reader: Reader) -> dict[str, Any]:
        """The deck and its versions (without texts): ``{"id", "name", "game", "owned", "shared",
        "share_token" (owner only), "versions": [...]}``."""
        deck = self.readable(deck_id, reader)
        owned = reader.player_id is not None and deck["owner_id"] == reader.player_id
        return {
            "id": deck["id"],
            "name": deck["name"],
            "game": deck["game"],
            "owned": owned,
            "shared": deck["share_token"] is not None,
            "share_token": deck["share_token"] if owned else None,
            "created_at": deck["created_at"],
            "updated_at": deck["updated_at"],
            "versions": self.store.versions(deck_id),
        }

    def decks_of(self, player_id: str) -> list[dict[str, Any]]:
        """The account's decks: ``{"id", "name", "latest", "shared", "updated_at"}``."""
        return [
            {
                "id": row["id"],
                "name": row["name"],
                "latest": row["latest"],
                "shared": row["share_token"] is not None,
                "updated_at": row["updated_at"],
            }
            for row in self.store.decks_of(player_id)
        ]

    def version(self, deck_id: str, number: int, reader: Reader) -> dict[str, Any]:
        """Version ``number`` with its text.

        Raises:
            UnknownDeckError: the deck is not readable, or has no such version.
        """
        self.readable(deck_id, reader)
        row = self.store.version(deck_id, number)
        if row is None:
            raise UnknownDeckError(
                f"deck {deck_id} has no version {number}",
                key="workbench.error.unknown_version",
                deck=deck_id,
                version=number,
            )
        return row

    def editable(self, deck_id: str, number: int, reader: Reader, lang: str) -> dict[str, Any]:
        """What the editor opens: the version's document, its check in ``lang`` and its number."""
        row = self.version(deck_id, number, reader)
        return {
            "number": row["number"],
            "note": row["note"],
            "valid": row["valid"],
            "created_at": row["created_at"],
            "document": document_of(row["text"]),
            "check": check_text(row["text"], lang),
        }

    def diff(self, deck_id: str, old: int, new: int, reader: Reader) -> dict[str, Any]:
        """What changed from version ``old`` to ``new`` (see :func:`.diff.deck_diff`)."""
        before = self.version(deck_id, old, reader)
        after = self.version(deck_id, new, reader)
        return {"old": old, "new": new, **deck_diff(before["text"], after["text"])}

    def playable(self, deck_id: str, number: int, reader: Reader) -> str:
        """The text of a valid version, to play, print or simulate.

        Raises:
            UnknownDeckError; InvalidVersionError: the version breaks the deck format.
        """
        row = self.version(deck_id, number, reader)
        if not row["valid"]:
            raise InvalidVersionError(
                f"version {number} is not a valid deck", key="workbench.error.invalid_version", version=number
            )
        return str(row["text"])

    # -- writing ---------------------------------------------------------------------------

    def create(self, player_id: str, text: str, name: str | None = None, note: str = "") -> dict[str, Any]:
        """A new deck of ``player_id`` whose version 1 is ``text`` as given (an imported file keeps
        every byte).

        Raises:
            DeckTooLargeError: over the size or card limit.
        """
        now = self.clock()
        deck_id = secrets.token_urlsafe(16)
        version = self._version_row(text, note, now)
        deck = {
            "id": deck_id,
            "owner_id": player_id,
            "name": (name or deck_name(text)).strip()[:NAME_MAX] or "Deck",
            "game": GAME,
            "share_token": None,
            "created_at": now,
            "updated_at": now,
        }
        self.store.create_deck(deck, version)
        return {"id": deck_id, "name": deck["name"], "version": 1, "valid": version["valid"]}

    def save(self, deck_id: str, player_id: str, base: int, document: dict[str, Any], note: str = "") -> dict[str, Any]:
        """Save ``document`` (edited from version ``base``) as the deck's next version.

        The document is written into the base version's text (comments kept, see
        :func:`.document.merged_text`); an invalid deck is saved too (work in progress), marked
        invalid.  Nothing is overwritten: the new version gets the next free number.

        Raises:
            UnknownDeckError: not the account's deck, or no such base version.
            DeckTooLargeError: over the size or card limit.
            WorkbenchError: a document that is not one.
        """
        self.owned(deck_id, player_id)
        base_row = self.version(deck_id, base, Reader(player_id=player_id))
        text = merged_text(base_row["text"], checked_document(document))
        return self._append(deck_id, text, note)

    def save_text(self, deck_id: str, player_id: str, text: str, note: str = "") -> dict[str, Any]:
        """Save an imported file as the deck's next version, byte for byte."""
        self.owned(deck_id, player_id)
        return self._append(deck_id, text, note)

    def _append(self, deck_id: str, text: str, note: str) -> dict[str, Any]:
        now = self.clock()
        version = self._version_row(text, note, now)
        while True:
            number = self.store.latest_number(deck_id) + 1
            if self.store.add_version(deck_id, number, version, now):
                return {"id": deck_id, "version": number, "valid": version["valid"], "sha256": version["sha256"]}

    def _version_row(self, text: str, note: str, at: float) -> dict[str, Any]:
        check_limits(text)
        verdict = check_text(text, "en")
        return {
            "text": text,
            "sha256": hashlib.sha256(text.encode("utf-8")).hexdigest(),
            "valid": verdict["valid"],
            "cards": sum(verdict["cards"].values()),
            "note": note.strip()[:NOTE_MAX],
            "created_at": at,
        }

    def share(self, deck_id: str, player_id: str, on: bool) -> str | None:
        """Share the deck by link (a new secret token each time) or make it private again."""
        self.owned(deck_id, player_id)
        token = secrets.token_urlsafe(24) if on else None
        self.store.set_share_token(deck_id, token)
        return token

    def shared(self, token: str) -> dict[str, Any]:
        """The deck a share token opens (read-only): its summary.

        Raises:
            UnknownDeckError: no deck is shared with this token.
        """
        deck = self.store.deck_by_share(token)
        if deck is None:
            raise UnknownDeckError("no deck is shared with this token", key="workbench.error.unknown_deck")
        return self.summary(deck["id"], Reader(share_token=token))

    def copy(self, deck_id: str, number: int, reader: Reader, player_id: str) -> dict[str, Any]:
        """A new deck of ``player_id`` starting from a readable version (a shared deck's, say)."""
        row = self.version(deck_id, number, reader)
        deck = self.readable(deck_id, reader)
        return self.create(player_id, row["text"], deck["name"], note=f"{deck['name']} v{number}")


def checked_document(document: Any) -> dict[str, Any]:
    """The document's shape (a deck table and card lists of ``{"origin", "fields"}``), else a refusal;
    the values inside are the validator's to judge."""
    problem = None
    if not isinstance(document, dict) or not isinstance(document.get("deck", {}), dict):
        problem = "a document is {deck, cards}"
    else:
        cards = document.get("cards", {})
        if not isinstance(cards, dict) or any(not isinstance(cards.get(kind, []), list) for kind in KINDS):
            problem = "cards holds lists of projects, factors and events"
        else:
            for kind in KINDS:
                for card in cards.get(kind, []):
                    if not isinstance(card, dict) or not isinstance(card.get("fields"), dict):
                        problem = f"each of {kind} is {{origin, fields}}"
                    elif card.get("origin") is not None and not isinstance(card.get("origin"), int):
                        problem = f"an origin in {kind} is a card index or null"
            if problem is None:
                check_card_count({kind: cards.get(kind, []) for kind in KINDS})
    if problem is not None:
        raise WorkbenchError(f"not a deck document: {problem}", key="workbench.error.not_a_document", detail=problem)
    return dict(document)

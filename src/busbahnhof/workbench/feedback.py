"""Playtests: a table playing a deck version, and what its testers answer after the game.

A tester answers once per seat of a finished playtest table (the seat's token proves the seat;
no account is needed): fun 1-5, the game's length (too short, right, too long), the cards that
confused them (picked from the version's cards) and free text.  :func:`summary` sums the
answers of a version up for the designer, beside the simulation results.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable
from typing import Any

from ..engine.userfiles import parse_toml
from .diff import NAME_FIELD
from .document import KINDS
from .errors import WorkbenchError
from .store import WorkbenchStore

LENGTHS = ("too_short", "right", "too_long")
FUN_RANGE = range(1, 6)
COMMENT_MAX = 2000
CONFUSING_MAX = 20
TESTER_MAX = 128


def card_names(text: str) -> list[str]:
    """The names of a deck file's cards, in file order (projects by title)."""
    raw = parse_toml(text, "deck.toml")
    names: list[str] = []
    for kind in KINDS:
        entries = raw.get(kind)
        if isinstance(entries, list):
            names += [str(card.get(NAME_FIELD[kind])) for card in entries if isinstance(card, dict)]
    return names


def checked_answer(answer: dict[str, Any], names: list[str]) -> dict[str, Any]:
    """A tester's answer with every value checked against the form and the version's card names.

    Raises:
        WorkbenchError: ``workbench.error.feedback`` naming the field.
    """
    fun, length = answer.get("fun"), answer.get("length")
    confusing, comment = answer.get("confusing") or [], answer.get("comment") or ""
    problem = None
    if not isinstance(fun, int) or isinstance(fun, bool) or fun not in FUN_RANGE:
        problem = "fun"
    elif length not in LENGTHS:
        problem = "length"
    elif not isinstance(confusing, list) or len(confusing) > CONFUSING_MAX or any(c not in names for c in confusing):
        problem = "confusing"
    elif not isinstance(comment, str) or len(comment) > COMMENT_MAX:
        problem = "comment"
    if problem is not None:
        raise WorkbenchError(
            f"feedback: {problem} is not one of the form's answers", key="workbench.error.feedback", field=problem
        )
    return {"fun": fun, "length": length, "confusing": list(dict.fromkeys(confusing)), "comment": comment.strip()}


class Playtests:
    """Playtest tables and their feedback on a :class:`WorkbenchStore`."""

    def __init__(self, store: WorkbenchStore, clock: Callable[[], float] = time.time) -> None:
        self.store = store
        self.clock = clock

    def opened(self, table_id: str, deck_id: str, version: int) -> None:
        """Remember that ``table_id`` plays this deck version."""
        self.store.add_playtest(table_id, deck_id, version, self.clock())

    def answer(self, table_id: str, seat: int, tester: str, answer: dict[str, Any], names: list[str]) -> bool:
        """Store a tester's checked answer; ``False`` if this seat answered already."""
        playtest = self.store.playtest(table_id)
        if playtest is None:
            raise WorkbenchError(f"table {table_id} is no playtest", key="workbench.error.no_playtest", table=table_id)
        row = {
            "deck_id": playtest["deck_id"],
            "version": playtest["version"],
            "table_id": table_id,
            "seat": seat,
            "tester": tester[:TESTER_MAX],
            "created_at": self.clock(),
            **checked_answer(answer, names),
        }
        return self.store.add_feedback(row)


def summary(answers: list[dict[str, Any]], tables: int) -> dict[str, Any]:
    """The answers of a version summed up: ``{"tables", "answers", "fun_mean", "fun" (count per
    1-5), "length" (count per answer), "confusing" ([{name, count}], most named first),
    "comments" ([{tester, text}])}``."""
    fun = Counter(answer["fun"] for answer in answers)
    confusing = Counter(name for answer in answers for name in answer["confusing"])
    return {
        "tables": tables,
        "answers": len(answers),
        "fun_mean": round(sum(a["fun"] for a in answers) / len(answers), 2) if answers else None,
        "fun": {str(value): fun.get(value, 0) for value in FUN_RANGE},
        "length": {value: sum(1 for a in answers if a["length"] == value) for value in LENGTHS},
        "confusing": [{"name": name, "count": count} for name, count in confusing.most_common()],
        "comments": [{"tester": a["tester"], "text": a["comment"]} for a in answers if a["comment"]],
    }

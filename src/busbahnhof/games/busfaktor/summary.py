"""Balance figures of one finished game for ``busbahnhof simulate`` and ``busbahnhof report`` (issues 4, 12)."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from .deck import EVENT
from .phases import ROUNDS

if TYPE_CHECKING:
    from .state import BusfaktorState


def summarize(s: BusfaktorState) -> dict[str, Any]:
    """Figures of a finished game; every leaf is a number.

    ``seats`` is indexed by seat (as the simulation assigns bots); ``positions`` lists the same
    figures in playing order, the start person first (§5.6 picks the start person at random and
    it never rotates, §6), so they measure the start advantage.  ``won`` is the share of the win
    (1, or 1/k for a k-way shared win, §16).

    Per card (by name): ``drawn`` (into a hand from a stack or the open discard, §5, §7),
    ``played`` (started, attached or played as an event, §8), ``winner_side`` (plays by a
    winner), ``discarded`` (§9 onto the open discard), ``held`` (per seat: 1 if the card was ever
    in that seat's hand), and for events ``fired`` (its effect was carried out, §12 step 4; for
    an Absicherung: it prevented an event, §13 E8).  ``project_sizes`` groups projects by their
    number of requirements (the sum over the four factor types): started, completed, points.
    """
    outcome = s.outcome()
    deck = s.deck
    players = s.players
    share = {seat: 1.0 / len(outcome.winners) for seat in outcome.winners}
    seats = [
        {
            "points": outcome.points[seat],
            "completed": len(s.dones[seat]),
            "unfinished": len(s.actives[seat]),
            "won": share.get(seat, 0.0),
        }
        for seat in range(players)
    ]
    points_by_round = {str(r): 0 for r in range(1, ROUNDS + 1)}
    completions_by_round = {str(r): 0 for r in range(1, ROUNDS + 1)}
    projects = {}
    sizes: dict[str, dict[str, int]] = {}
    for p in range(deck.n_projects):
        done_in = s.done_round[p]
        if done_in:
            points_by_round[str(done_in)] += deck.points[p]
            completions_by_round[str(done_in)] += 1
        projects[deck.names[p]] = {
            "started": int(s.status[p] > 0),
            "completed": int(s.status[p] == 2),
            "unfinished": int(s.status[p] == 1),
        }
        size = sizes.setdefault(str(sum(deck.requirements[p])), {"started": 0, "completed": 0, "points": 0})
        size["started"] += int(s.status[p] > 0)
        size["completed"] += int(s.status[p] == 2)
        size["points"] += deck.points[p] if s.status[p] == 2 else 0
    return {
        "seats": seats,
        "positions": [dict(seats[(s.start + position) % players]) for position in range(players)],
        "tie": int(len(outcome.winners) > 1),
        "points_by_round": points_by_round,
        "completions_by_round": completions_by_round,
        "cards": _cards(s, outcome.winners),
        "projects": projects,
        "project_sizes": dict(sorted(sizes.items(), key=lambda item: int(item[0]))),
        "absicherungen_fired": s.fired,
        "cooperations_begun": s.coops_begun,
        "reshuffles": s.reshuffles,
        "project_stack_empty": int(not s.pstack),
    }


LOGGED = ("event", "event_target", "secured", "blocked", "discard")
"""Log events counted per card (``blocked``: the event an Absicherung prevented, ``card2`` of ``secured``)."""


def _cards(s: BusfaktorState, winners: tuple[int, ...]) -> dict[str, dict[str, Any]]:
    """Per card name: drawn, played, winner_side, discarded, held per seat, and ``fired`` for events."""
    deck = s.deck
    players = s.players
    counts: dict[str, Counter[int]] = {key: Counter() for key in LOGGED}
    for event in s.log:
        if event.key in counts:
            counts[event.key][event.params["card"]] += 1
            if event.key == "secured":
                counts["blocked"][event.params["card2"]] += 1
    cards = {}
    for c in range(deck.size):
        row = s.plays[c * players : (c + 1) * players]
        figures: dict[str, Any] = {
            "drawn": s.drawn[c],
            "played": sum(row),
            "winner_side": sum(row[w] for w in winners),
            "discarded": counts["discard"][c],
            "held": [(s.held[c] >> seat) & 1 for seat in range(players)],
        }
        if deck.kind[c] == EVENT:
            played_as_event = counts["event"][c] + counts["event_target"][c]
            figures["fired"] = played_as_event - counts["blocked"][c] + counts["secured"][c]
        cards[deck.names[c]] = figures
    return cards

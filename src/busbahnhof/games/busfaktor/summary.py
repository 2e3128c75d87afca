"""Balance figures of one finished game for ``busbahnhof simulate`` and ``busbahnhof report`` (issues 4, 12).

Per-card and per-project figures are sparse: a game reports only the cards and projects it
touched (a card held by someone or named in the log, a project started), found at C speed, so
its cost follows the cards the rules moved, not the deck's size.  The simulation counts a
missing figure as 0 and fills in the whole deck once per run from :func:`summary_template`.
"""

from __future__ import annotations

from collections import Counter
from itertools import compress
from typing import TYPE_CHECKING, Any

from .deck import EVENT
from .phases import ROUNDS

if TYPE_CHECKING:
    from .deck import Deck
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
    Cards no one held and projects no one started are left out (all their figures are 0).
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
    for p in compress(range(deck.n_projects), s.status):
        completed = s.status[p] == 2
        if completed:
            points_by_round[str(s.done_round[p])] += deck.points[p]
            completions_by_round[str(s.done_round[p])] += 1
        projects[deck.names[p]] = {"started": 1, "completed": int(completed), "unfinished": int(not completed)}
        size = sizes.setdefault(_size(deck, p), {"started": 0, "completed": 0, "points": 0})
        size["started"] += 1
        size["completed"] += int(completed)
        size["points"] += deck.points[p] if completed else 0
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


def summary_template(deck: Deck, players: int) -> dict[str, Any]:
    """Every per-card and per-project figure of ``deck`` at 0, in :func:`summarize`'s shape.

    Built once per run, so the report lists every card and project (and every project size)
    even if no game of the run touched it.
    """
    cards: dict[str, dict[str, Any]] = {}
    for c in range(deck.size):
        figures: dict[str, Any] = {"drawn": 0, "played": 0, "winner_side": 0, "discarded": 0, "held": [0] * players}
        if deck.kind[c] == EVENT:
            figures["fired"] = 0
        cards[deck.names[c]] = figures
    project = {"started": 0, "completed": 0, "unfinished": 0}
    sizes = sorted({_size(deck, p) for p in range(deck.n_projects)}, key=int)
    return {
        "cards": cards,
        "projects": {deck.names[p]: dict(project) for p in range(deck.n_projects)},
        "project_sizes": {size: {"started": 0, "completed": 0, "points": 0} for size in sizes},
    }


def _size(deck: Deck, project: int) -> str:
    """A project's size class: its number of requirements (the sum over the four factor types)."""
    return str(sum(deck.requirements[project]))


LOGGED = ("event", "event_target", "secured", "blocked", "discard")
"""Log events counted per card (``blocked``: the event an Absicherung prevented, ``card2`` of ``secured``)."""


def _cards(s: BusfaktorState, winners: tuple[int, ...]) -> dict[str, dict[str, Any]]:
    """Per card name touched in the game: drawn, played, winner_side, discarded, held per seat, ``fired`` for events.

    Every play, discard and event comes from a hand (§8, §9, §12), so a card no one held is
    named in no log entry either; the log's cards are added all the same, so that nothing counted is lost.
    """
    deck = s.deck
    players = s.players
    counts: dict[str, Counter[int]] = {key: Counter() for key in LOGGED}
    for event in s.log:
        if event.key in counts:
            counts[event.key][event.params["card"]] += 1
            if event.key == "secured":
                counts["blocked"][event.params["card2"]] += 1
    touched = set(compress(range(deck.size), s.held)).union(*counts.values())
    cards = {}
    for c in sorted(touched):
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

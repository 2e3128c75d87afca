"""Balance figures of one finished game for ``busbahnhof simulate`` (issue 4, rules-notes §4)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .phases import ROUNDS

if TYPE_CHECKING:
    from .state import BusfaktorState


def summarize(s: BusfaktorState) -> dict[str, Any]:
    """Figures of a finished game; every leaf is a number.

    ``seats`` is indexed by seat (as the simulation assigns bots); ``positions`` lists the same
    figures in playing order, the start person first (§5.6 picks the start person at random and
    it never rotates, §6), so they measure the start advantage.  ``won`` is the share of the win
    (1, or 1/k for a k-way shared win, §16).
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
    cards = {}
    for c in range(deck.size):
        row = s.plays[c * players : (c + 1) * players]
        cards[deck.names[c]] = {
            "drawn": s.drawn[c],
            "played": sum(row),
            "winner_side": sum(row[w] for w in outcome.winners),
        }
    return {
        "seats": seats,
        "positions": [dict(seats[(s.start + position) % players]) for position in range(players)],
        "tie": int(len(outcome.winners) > 1),
        "points_by_round": points_by_round,
        "completions_by_round": completions_by_round,
        "cards": cards,
        "projects": projects,
        "absicherungen_fired": s.fired,
        "cooperations_begun": s.coops_begun,
        "reshuffles": s.reshuffles,
        "project_stack_empty": int(not s.pstack),
    }

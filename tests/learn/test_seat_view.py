"""The review and the hints read only the seat's own information: two states that look the same
from the seat (one of them drawn afresh by ``determinize``) get the same evaluation."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from busbahnhof.engine import Rng, State
from busbahnhof.games.busfahrer.phases import QUESTIONS
from busbahnhof.learn import Budget, hint, review_record
from busbahnhof.learn.decision import value_decision
from busbahnhof.learn.profiles import profile_of

Play = Callable[..., State[Any]]

SMALL = Budget(steps=600)


def decision_at(play: Play, game_id: str, players: int, number: int) -> State[Any]:
    """The ``number``-th decision with a choice (Busfahrer: outside the questions, so worlds are sampled)."""
    seen = [0]

    def stop(state: State[Any]) -> bool:
        if len(state.legal_actions()) < 2 or (game_id == "busfahrer" and state.phase == QUESTIONS):  # type: ignore[attr-defined]
            return False
        seen[0] += 1
        return seen[0] > number

    state = play(game_id, players, 4, stop)
    assert not state.is_over
    return state


def option_values(state: State[Any], seat: int, game_id: str) -> list[dict[str, Any]]:
    values = value_decision(state, seat, Rng(7), profile_of(game_id), SMALL)
    return [option.to_dict() for option in values.options]


@pytest.mark.parametrize(("game_id", "players", "number"), [("busfahrer", 4, 3), ("busfaktor", 4, 20), ("bus", 3, 12)])
def test_same_view_same_evaluation_and_hint(play: Play, game_id: str, players: int, number: int) -> None:
    state = decision_at(play, game_id, players, number)
    seat = state.to_move
    assert seat is not None
    twin = state.determinize(seat, Rng(99))
    assert twin.view(seat, log=False) == state.view(seat, log=False)
    if game_id != "bus":  # Bus hides no cards; the others must really differ behind the seat's back
        assert twin.card_places() != state.card_places()
    assert option_values(twin, seat, game_id) == option_values(state, seat, game_id)
    first = hint(state, seat, Rng(3), SMALL).to_dict()
    second = hint(twin, seat, Rng(3), SMALL).to_dict()
    first.pop("seconds"), second.pop("seconds")
    assert first == second


def test_a_busfahrer_question_has_the_same_exact_odds_in_every_world(play: Play) -> None:
    state = play("busfahrer", 4, 5, lambda s: s.phase == QUESTIONS and s.round == 2)
    seat = state.to_move
    assert seat is not None
    twin = state.determinize(seat, Rng(1))
    assert twin.card_places() != state.card_places()
    assert option_values(twin, seat, "busfahrer") == option_values(state, seat, "busfahrer")


def test_a_review_is_reproducible_and_a_seat_alone_is_judged_as_among_all(play: Play) -> None:
    record = play("busfaktor", 4, 8, lambda s: len(s.history) == 40).record()
    budget = Budget(steps=500)
    everyone = review_record(record, budget=budget, seed=3, graph=False).to_dict()
    again = review_record(record, budget=budget, seed=3, graph=False).to_dict()
    alone = review_record(record, seats=[1], budget=budget, seed=3, graph=False).to_dict()
    for report in (everyone, again, alone):
        report.pop("seconds")
    assert everyone == again
    assert alone["decisions"] == [d for d in everyone["decisions"] if d["seat"] == 1] != []

"""Hints: the best two or three options with values and the game's short reason."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from busbahnhof.engine import GameError, Rng, State
from busbahnhof.games.bus.actions import Take
from busbahnhof.games.busfahrer.phases import QUESTIONS
from busbahnhof.learn import Budget, hint

Play = Callable[..., State[Any]]
SMALL = Budget(steps=800)


def test_busfahrer_question_hint_gives_the_exact_odds_best_first(play: Play) -> None:
    state = play("busfahrer", 4, 2, lambda s: s.phase == QUESTIONS and s.round == 1)
    seat = state.to_move
    assert seat is not None
    answer = hint(state, seat, Rng(0), SMALL)
    odds = {row["action"]: (row["right"], row["of"]) for row in state.view(seat)["state"]["odds"]}
    assert answer.measure == "answer_penalty" and len(answer.options) == 2
    shown = [(o.option.action, o.reason) for o in answer.options]
    assert all(reason == {"kind": "odds", "right": odds[a][0], "of": odds[a][1]} for a, reason in shown)
    assert odds[shown[0][0]][0] >= odds[shown[1][0]][0]


def test_bus_selection_hint_gives_slot_and_power_from_the_preview(play: Play) -> None:
    state = play("bus", 3, 1, lambda s: len(s.history) > 30 and isinstance(s.legal_actions()[0], Take))
    seat = state.to_move
    assert seat is not None
    answer = hint(state, seat, Rng(0), SMALL)
    assert answer.measure == "final_points" and 2 <= len(answer.options) <= 3
    areas = state.view(seat)["state"]["preview"]["selection"]["areas"]
    assert any(option.option.action.startswith("take ") for option in answer.options)
    for option in answer.options:
        if option.option.action.startswith("take "):
            area = option.option.action.split()[1]
            assert option.reason == {"kind": "power", "area": area, **areas[area]}


def test_busfaktor_hint_gives_the_completions_to_expect(play: Play) -> None:
    state = play("busfaktor", 4, 3, lambda s: len(s.history) > 20 and len(s.legal_actions()) > 2)
    seat = state.to_move
    assert seat is not None
    answer = hint(state, seat, Rng(0), SMALL).to_dict()
    assert answer["measure"] == "final_points" and len(answer["options"]) == 3
    for option in answer["options"]:
        assert option["reason"] == {"kind": "completions", "expected": round(option["tally"]["completions"], 2)}


def test_a_hint_for_a_seat_not_to_move_is_refused(play: Play) -> None:
    state = play("busfahrer", 4, 2, lambda s: len(s.history) == 3)
    with pytest.raises(GameError) as refused:
        hint(state, (state.to_move or 0) + 1, Rng(0))
    assert refused.value.key == "review.error.not_to_move"

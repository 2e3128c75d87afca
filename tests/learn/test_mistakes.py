"""What the review marks: the constructed blunder of issue 26 with its exact odds, and not the
moves a strong player makes."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

import pytest

from busbahnhof import load_game
from busbahnhof.bots import make_bot
from busbahnhof.engine import Rng, State
from busbahnhof.games.busfahrer.game import Busfahrer
from busbahnhof.games.busfahrer.phases import QUESTIONS
from busbahnhof.games.busfahrer.state import BusfahrerState
from busbahnhof.learn import Budget, hint, review_record
from busbahnhof.learn.decision import judge, value_decision
from busbahnhof.learn.profiles import profile_of

Play = Callable[..., State[Any]]
SEVENS = [20, 21, 22, 23]
"""The four 7s (rank 5: card = rank * 4 + suit)."""


def test_inside_after_two_sevens_is_a_mistake_with_the_exact_odds() -> None:
    """Issue 26: "innerhalb" with two 7s as the first cards is right only for another 7 (ruling
    R16).  At a table of two the seat also sees the other player's two cards (2 and King here), so
    2 of the 48 unseen cards make it right; with nothing else seen it would be 2 of 50."""
    game = load_game("busfahrer")
    assert isinstance(game, Busfahrer)
    state = game.new_state_with_decks(2, 1, [[SEVENS[0], 0, SEVENS[1], 44]])
    for answer in ("guess red", "guess red", "guess higher", "guess higher"):
        state.apply(answer)
    assert state.to_move == 0 and state.round == 2
    profile = profile_of("busfahrer")
    values = value_decision(state, 0, Rng(0), profile, profile.review)
    inside, outside = values.option("guess inside"), values.option("guess outside")
    assert (inside.right, inside.of) == (2, 48)
    assert (outside.right, outside.of) == (46, 48)
    assert Fraction(inside.points).limit_denominator(1000) == Fraction(46, 48)
    verdict = judge(values, "guess inside", profile.threshold)
    assert verdict.best == "guess outside"
    assert Fraction(verdict.loss).limit_denominator(1000) == Fraction(44, 48)
    assert verdict.loss_error == 0.0 and verdict.mistake
    assert not judge(values, "guess outside", profile.threshold).mistake


def test_the_blunder_in_a_recorded_game_is_marked_by_the_review(play: Play) -> None:
    """End to end through a record: a seeded four-player game whose seat 0 got a pair first."""

    def pair_to_judge(state: State[Any]) -> bool:
        s = state
        assert isinstance(s, BusfahrerState)
        return s.phase == QUESTIONS and s.round == 2 and s.to_move == 0

    for seed in range(200):
        state = play("busfahrer", 4, seed, pair_to_judge)
        assert isinstance(state, BusfahrerState)
        first, second = state.hands[0]
        if first // 4 == second // 4:
            break
    else:
        pytest.fail("no seed up to 200 deals seat 0 a pair")
    rank = first // 4
    seen = state.seen_cards()
    unseen = 52 - len(seen)
    right = 4 - sum(1 for card in seen if card // 4 == rank)
    state.apply("guess inside")
    review = review_record(state.record(), seats=[0], graph=False)
    blunder = review.decisions[-1]
    assert blunder.number == len(state.record()["actions"]) - 1
    assert blunder.judgement.mistake and blunder.judgement.best == "guess outside"
    inside = blunder.values.option("guess inside")
    assert (inside.right, inside.of) == (right, unseen)
    assert blunder.judgement.loss == pytest.approx((unseen - 2 * right) / unseen)
    assert [d.number for d in review.decisions if d.judgement.mistake] == [blunder.number]


def test_the_card_counters_game_has_no_mistake_and_its_answers_lose_nothing(play: Play) -> None:
    """``kartenzaehler`` answers with the best odds; its other moves are not clear mistakes either."""
    state = play("busfahrer", 4, 11)
    review = review_record(state.record(), budget=Budget(steps=1_500), graph=False)
    assert review.decisions
    assert not [d.number for d in review.decisions if d.judgement.mistake]
    answers = [d for d in review.decisions if d.values.measure == "answer_penalty"]
    assert len(answers) == 16 and all(d.judgement.loss == 0.0 for d in answers)


@pytest.mark.parametrize("strong", ["hint", "schwer"])
def test_the_strong_bots_own_moves_are_not_marked(play: Play, strong: str) -> None:
    """Seat 0 of a Busfaktor: 1 game plays what the strong bot chooses at each of its first
    decisions: the hint (the review's own search, same budget as the review) or the level
    ``schwer``; the review marks none of them."""
    game = load_game("busfaktor")
    budget = Budget(steps=2_000)
    state = play("busfaktor", 4, 6, lambda s: s.to_move == 0 and len(s.legal_actions()) > 1)
    bots = [make_bot(game, "schwer" if seat == 0 else "mittel") for seat in range(4)]
    rng = Rng(6)
    chosen = 0
    while not state.is_over and chosen < 12:
        seat = state.to_move
        assert seat is not None
        decides = seat == 0 and len(state.legal_actions()) > 1
        if decides and strong == "hint":
            state.apply(hint(state, 0, Rng(chosen), budget).options[0].option.action)
        else:
            state.apply(bots[seat].choose(state, seat, rng))
        chosen += decides
    review = review_record(state.record(), seats=[0], budget=budget, graph=False)
    assert len(review.decisions) == chosen
    assert not [d.number for d in review.decisions if d.judgement.mistake]

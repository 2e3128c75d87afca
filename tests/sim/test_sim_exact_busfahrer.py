"""The simulator against probabilities derived exactly, with all-``random`` bots in Busfahrer.

Derivations (Busfahrer: Phase 1; a uniformly shuffled 52-card deck; the random bot picks each
answer uniformly, independently of the cards):

* Frage 1, rot oder schwarz: the card is red with probability 26/52, whatever the answer, so a
  uniform answer is right with probability exactly 1/2.
* Frage 2, höher oder tiefer: the second card is one of the 51 others; 3 share the first card's
  rank, the other 48 are higher or lower.  An equal rank is wrong, so the right share is
  1/2 * P(higher) + 1/2 * P(lower) = 1/2 * 48/51 = 24/51.  (Were an equal rank right, it would be
  27/51.)
* Frage 3, innerhalb oder außerhalb: an equal rank counts as innerhalb, so "innerhalb" and
  "außerhalb" split every outcome and a uniform answer is right with probability exactly 1/2.
  (Were an equal rank wrong for both answers, the share would drop to 1/2 * (1 - 0.1153) = 0.442;
  whether it counts as innerhalb or as außerhalb a uniform answer cannot tell, the game's own
  tests must.)
* Frage 4, welche Farbe: one suit of four: exactly 1/4.
* Phase 3, the ride: the diamond is dealt from all 52 cards reshuffled and every card of it is
  face down, so whichever card the driver picks in a row is a uniformly random unseen card.  The
  first attempt succeeds (seven number cards 2-10, 36 of 52) with probability
  (36 * 35 * ... * 30) / (52 * 51 * ... * 46) = 0.0624; were the ace a number card it would be
  0.139.  This is read per game (``play_game`` and ``summarize``: one attempt, completed), as the
  aggregate keeps no distribution.
* Penalty points of Phase 1 per seat: one point per wrong answer, so the mean is
  1/2 + 27/51 + 1/2 + 3/4.  Given the cards the four answers are independent, which gives its
  exact variance (below).

Each share is checked within 4.5 standard deviations of the binomial; with 3,000 four-player
games (12,000 answers per question) that is about +-0.02, much smaller than the 0.06 a wrong
equal-rank rule would shift a share, so a broken rule fails while a correct one fails with
probability below 1e-5 (and the run is seeded, so the test is deterministic anyway).
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

import pytest

from busbahnhof.engine import load_game
from busbahnhof.sim import play_game, simulate

GAMES = 3000
PLAYERS = 4
SIGMAS = 4.5

EXACT_RIGHT = {"q1": Fraction(1, 2), "q2": Fraction(24, 51), "q3": Fraction(1, 2), "q4": Fraction(1, 4)}


@pytest.fixture(scope="module")
def report() -> dict[str, Any]:
    return simulate("busfahrer", PLAYERS, ["random"] * PLAYERS, GAMES, seed=2026)


def within(observed: float, expected: float, sd: float) -> bool:
    return abs(observed - expected) <= SIGMAS * sd


@pytest.mark.parametrize("question", sorted(EXACT_RIGHT))
def test_share_of_right_answers_is_exact(report: dict[str, Any], question: str) -> None:
    figures = report["summary"]["questions"][question]
    asked = figures["asked"]["total"]
    assert asked == GAMES * PLAYERS
    p = float(EXACT_RIGHT[question])
    share = figures["right"]["total"] / asked
    assert within(share, p, math.sqrt(p * (1 - p) / asked)), f"{question}: {share:.4f} vs exact {p:.4f}"


def test_mean_penalty_of_phase_1_per_seat_is_exact(report: dict[str, Any]) -> None:
    wrong = [1 - EXACT_RIGHT[q] for q in ("q1", "q2", "q3", "q4")]
    expected = float(sum(wrong))
    equal = Fraction(3, 51)
    # Given the cards: answers independent; question 2 is Bernoulli(1/2) unless the ranks are equal (then 0).
    conditional = Fraction(1, 4) + Fraction(1, 4) * (1 - equal) + Fraction(1, 4) + Fraction(3, 16)
    variance = float(conditional + Fraction(1, 4) * equal * (1 - equal))
    for seat, figures in enumerate(report["summary"]["seats"]):
        mean = figures["points_questions"]["mean"]
        assert within(mean, expected, math.sqrt(variance / GAMES)), f"seat {seat}: {mean:.4f} vs {expected:.4f}"


def test_the_first_attempt_of_the_ride_succeeds_with_exact_probability() -> None:
    game = load_game("busfahrer")
    exact = float(Fraction(math.perm(36, 7), math.perm(52, 7)))
    first_try = 0
    for index in range(GAMES):
        ride = game.summarize(play_game(game, PLAYERS, ["random"] * PLAYERS, 2026, index))["ride"]
        first_try += ride["attempts"] == 1 and ride["completed"] == 1
    share = first_try / GAMES
    assert within(share, exact, math.sqrt(exact * (1 - exact) / GAMES)), f"{share:.4f} vs exact {exact:.4f}"


def test_every_game_has_exactly_one_driver_and_its_winners(report: dict[str, Any]) -> None:
    seats = report["summary"]["seats"]
    ties = report["summary"]["outcome"]["tie"]["total"]
    assert sum(seat["driver"]["total"] for seat in seats) == GAMES
    assert sum(seat["payoff"]["total"] for seat in seats) == pytest.approx(GAMES)
    assert sum(seat["wins"]["total"] for seat in seats) >= GAMES + ties

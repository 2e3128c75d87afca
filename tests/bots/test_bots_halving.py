"""Sequential halving on paired worlds: reproducible, read-only, budgeted in decisions, anchored on the heuristic.

That it decides from its own seat's information only is checked by the contract suite for every
level that uses it (``test_bots_decide_from_their_own_seat_only`` asks every registered bot).
"""

from __future__ import annotations

from typing import Any

import pytest

from busbahnhof.bots.evaluation import Evaluation
from busbahnhof.bots.halving import HalvingBot
from busbahnhof.bots.ismcts import Guide
from busbahnhof.engine import Action, Rng, State
from busbahnhof.games.busfaktor.bots import HeuristicBot
from support.positions import midgame

GUIDE = Guide(HeuristicBot, evaluation=Evaluation(scale=3.0))


def busfaktor_midgame(steps: int) -> State[Any]:
    """A four-player Busfaktor state ``steps`` random decisions in, at a decision with a choice."""
    return midgame("busfaktor", 4, steps)


@pytest.mark.parametrize("steps", [12, 30, 45])
def test_the_same_rng_gives_the_same_decision_and_changes_nothing(steps: int) -> None:
    state = busfaktor_midgame(steps)
    seat = state.to_move
    assert seat is not None
    before = state.record(), state.view(None)
    first = HalvingBot(2000, GUIDE).choose(state, seat, Rng(7))
    second = HalvingBot(2000, GUIDE).choose(state, seat, Rng(7))
    assert str(first) == str(second) and first in state.legal_actions()
    assert (state.record(), state.view(None)) == before


@pytest.mark.parametrize("steps", [20, 25, 30, 35])
def test_a_bonus_above_any_value_difference_keeps_the_heuristics_choice(steps: int) -> None:
    """Values lie in [0, 1], so a bonus of 1 lets no other action overtake the heuristic's."""
    state = busfaktor_midgame(steps)
    seat = state.to_move
    assert seat is not None
    heuristic = HeuristicBot().choose(state, seat, Rng(1))
    assert str(HalvingBot(500, GUIDE, bonus=1.0).choose(state, seat, Rng(2))) == str(heuristic)


def test_the_budget_counts_the_decisions_played_in_rollouts() -> None:
    """Every round samples worlds until its share of the budget is played; a rollout to the end
    of a game from the first rounds plays about a hundred decisions."""
    state = busfaktor_midgame(12)
    seat = state.to_move
    assert seat is not None
    sampled: list[int] = []

    class Counting(HalvingBot):
        def _sample(self, *args: Any) -> int:
            played = super()._sample(*args)
            sampled.append(played)
            return played

    Counting(1, GUIDE).choose(state, seat, Rng(3))
    rounds = len(sampled)  # one world per round with a budget of 1
    sampled.clear()
    Counting(20_000, GUIDE).choose(state, seat, Rng(3))
    assert len(sampled) > rounds and sum(sampled) >= 20_000 - 20_000 % rounds
    with pytest.raises(ValueError, match="at least 1 step"):
        HalvingBot(0, GUIDE)


def test_every_action_in_a_round_is_played_in_the_same_world() -> None:
    """Paired worlds: an evaluation that looks at the world right after the root action finds the
    same hidden hands of the other seats after every action of a round."""
    state = busfaktor_midgame(30)
    seat = state.to_move
    assert seat is not None
    seen: list[tuple[str, tuple[int, ...]]] = []

    class Recording(Evaluation):
        def values(self, world: State[Any]) -> list[float]:
            hidden = tuple(card for other in range(4) if other != seat for card in world.hands[other])  # type: ignore[attr-defined]
            seen.append((str(world.history[-1]), hidden))
            return [0.5] * 4

    actions: list[Action] = state.legal_actions()
    HalvingBot(1, Guide(HeuristicBot, cutoff=0, evaluation=Recording(scale=1.0))).choose(state, seat, Rng(5))
    first_round = seen[: len(actions)]
    assert {entry[0] for entry in first_round} == {str(action) for action in actions}
    assert len({entry[1] for entry in first_round}) == 1

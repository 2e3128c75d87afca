"""The guided search (a heuristic's rollouts and prior, a cut-off, an evaluation), time budgets and levels.

That every level decides from its own seat's information only is checked for every game by the
contract suite (``test_bots_decide_from_their_own_seat_only`` asks every registered bot).
"""

from __future__ import annotations

import math
from typing import Any

import pytest

from busbahnhof.bots import IsmctsBot, bot_names, make_bot, parse_bot_spec
from busbahnhof.bots.evaluation import Evaluation, payoffs, squashed_margins
from busbahnhof.bots.halving import HalvingBot
from busbahnhof.bots.ismcts import Guide
from busbahnhof.bots.levels import ALIASES, LEVELS
from busbahnhof.engine import GameError, Rng, State, game_ids, load_game
from busbahnhof.games.bus.evaluation import EVALUATION as BUS_EVALUATION
from busbahnhof.games.busfaktor.bots import HeuristicBot
from support.positions import midgame


def _played_out(game_id: str, players: int, seed: int) -> State[Any]:
    state = load_game(game_id).new_state(players, seed)
    chooser = Rng(seed)
    while not state.is_over:
        state.apply(chooser.pick(state.legal_actions()))
    return state


@pytest.mark.parametrize("game_id", game_ids())
def test_every_game_has_three_levels_with_english_aliases(game_id: str) -> None:
    game = load_game(game_id)
    assert set(LEVELS) <= set(bot_names(game))
    assert not set(ALIASES) & set(bot_names(game))  # listed once, by their German names
    for english, german in ALIASES.items():
        assert make_bot(game, english).name == german == make_bot(game, german).name
    hard = make_bot(game, "schwer")
    assert isinstance(hard, IsmctsBot | HalvingBot) and hard.guide is not None  # iteration or step budgets
    assert not isinstance(hard, IsmctsBot) or hard.seconds is None
    assert parse_bot_spec(game, "hard,leicht:2") == ["hard", "leicht", "leicht"]


@pytest.mark.parametrize(("game_id", "players", "steps"), [("bus", 4, 30), ("busfaktor", 3, 20), ("busfahrer", 3, 10)])
def test_the_hard_level_decides_the_same_for_the_same_rng(game_id: str, players: int, steps: int) -> None:
    state = midgame(game_id, players, steps)
    seat = state.to_move
    assert seat is not None
    before = state.record(), state.view(None)
    game = load_game(game_id)
    first = make_bot(game, "schwer").choose(state, seat, Rng(5))
    second = make_bot(game, "schwer").choose(state, seat, Rng(5))
    assert str(first) == str(second) and first in state.legal_actions()
    assert (state.record(), state.view(None)) == before


@pytest.mark.parametrize("steps", [20, 25, 30, 35])
def test_with_a_tiny_budget_the_guided_search_plays_the_heuristics_choice(steps: int) -> None:
    """One iteration expands the heuristic's choice, whose virtual visits then decide."""
    state = midgame("busfaktor", 3, steps)
    seat = state.to_move
    assert seat is not None
    heuristic = HeuristicBot().choose(state, seat, Rng(1))
    searched = IsmctsBot(1, guide=Guide(HeuristicBot, prior=5)).choose(state, seat, Rng(2))
    assert str(searched) == str(heuristic)


def test_a_time_budget_runs_until_the_time_is_up() -> None:
    state = midgame("busfahrer", 3, 10)
    seat = state.to_move
    assert seat is not None
    bot = IsmctsBot(10**9, seconds=0.05)
    assert bot.choose(state, seat, Rng(3)) in state.legal_actions()
    with pytest.raises(ValueError, match="positive time budget"):
        IsmctsBot(seconds=0)


def test_squashed_margins_favour_the_leader_both_ways() -> None:
    higher = squashed_margins([5, 3, 1], scale=2.0, lower_is_better=False)
    assert higher[0] == pytest.approx(1 / (1 + math.exp(-1.0))) and higher[1] == pytest.approx(1 / (1 + math.e))
    assert higher[0] > 0.5 > higher[1] > higher[2]
    lower = squashed_margins([5, 3, 1], scale=2.0, lower_is_better=True)
    assert lower[2] > 0.5 > lower[1] > lower[0]


@pytest.mark.parametrize(("game_id", "players"), [("busfahrer", 3), ("busfaktor", 4), ("bus", 3)])
def test_a_finished_game_is_worth_its_payoff_blended_with_the_margin(game_id: str, players: int) -> None:
    state = _played_out(game_id, players, 6)
    evaluation = Evaluation(scale=3.0, weight=0.25)
    outcome = state.outcome()
    margins = squashed_margins(outcome.points, 3.0, outcome.lower_is_better)
    values = evaluation.values(state)
    assert values == pytest.approx([0.75 * pay + 0.25 * m for pay, m in zip(payoffs(state), margins, strict=True)])
    best = max(range(players), key=lambda seat: values[seat])
    assert best in outcome.winners


def test_an_unfinished_world_needs_running_points() -> None:
    state = midgame("bus", 4, 60)
    with pytest.raises(ValueError, match="finished games only"):
        Evaluation(scale=2.0).values(state)
    score = [state.deliveries[seat] - state.stones[seat] for seat in range(4)]  # type: ignore[attr-defined]
    assert BUS_EVALUATION.values(state) == pytest.approx(squashed_margins(score, 2.0, lower_is_better=False))


def test_an_unknown_level_name_is_refused() -> None:
    with pytest.raises(GameError, match="no bot 'brutal'"):
        make_bot(load_game("bus"), "brutal")


def test_a_cut_off_rollout_is_valued_by_the_running_score() -> None:
    """With a cut-off of 0 decisions every iteration values the world right after the new node."""
    state = midgame("bus", 4, 40)
    seat = state.to_move
    assert seat is not None
    bot = IsmctsBot(20, guide=Guide(cutoff=0, evaluation=BUS_EVALUATION))
    root_choice = bot.choose(state, seat, Rng(4))
    assert root_choice in state.legal_actions()
    assert str(root_choice) == str(IsmctsBot(20, guide=Guide(cutoff=0, evaluation=BUS_EVALUATION)).choose(
        state, seat, Rng(4)))  # fmt: skip
    with pytest.raises(ValueError, match="finished games only"):
        IsmctsBot(5, guide=Guide(cutoff=0, evaluation=Evaluation(scale=2.0))).choose(state, seat, Rng(4))

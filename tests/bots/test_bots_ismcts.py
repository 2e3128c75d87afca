"""The ``ismcts`` bot: registered for every game, deterministic, finds a winning move, beats random.

That it decides from its own seat's information only is checked for every game by the contract
suite (``test_bots_decide_from_their_own_seat_only``).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

from busbahnhof.bots import IsmctsBot, bot_names, make_bot
from busbahnhof.bots.ismcts import DEFAULT_ITERATIONS, FAST_ITERATIONS, Node
from busbahnhof.engine import Rng, State, game_ids, load_game
from busbahnhof.sim import simulate

sys.path.insert(0, str(Path(__file__).parents[1] / "games" / "busfaktor"))
from busfaktor_helpers import arrange, cid


def _midgame(game_id: str, players: int, steps: int, seed: int = 4) -> State[Any]:
    """A state ``steps`` random decisions into a game, at a decision with a choice."""
    state = load_game(game_id).new_state(players, seed)
    chooser = Rng(seed)
    for _ in range(steps):
        state.apply(chooser.pick(state.legal_actions()))
    while len(state.legal_actions()) == 1:
        state.apply(state.legal_actions()[0])
    assert not state.is_over
    return state


@pytest.mark.parametrize("game_id", game_ids())
def test_both_budgets_are_registered_for_every_game(game_id: str) -> None:
    game = load_game(game_id)
    assert {"ismcts", "ismcts-fast"} <= set(bot_names(game))
    default, fast = make_bot(game, "ismcts"), make_bot(game, "ismcts-fast")
    assert isinstance(default, IsmctsBot) and default.name == "ismcts"
    assert isinstance(fast, IsmctsBot) and fast.name == "ismcts-fast"
    assert (default.iterations, fast.iterations) == (DEFAULT_ITERATIONS, FAST_ITERATIONS)
    assert FAST_ITERATIONS < DEFAULT_ITERATIONS


def test_a_budget_below_one_iteration_is_refused() -> None:
    with pytest.raises(ValueError, match="at least 1 iteration"):
        IsmctsBot(0)


MIDGAMES = [("bus", 4, 30), ("busfaktor", 3, 20), ("busfahrer", 3, 10)]


@pytest.mark.parametrize(("game_id", "players", "steps"), MIDGAMES)
def test_the_same_rng_gives_the_same_decision_and_changes_nothing(game_id: str, players: int, steps: int) -> None:
    state = _midgame(game_id, players, steps)
    seat = state.to_move
    assert seat is not None and len(state.legal_actions()) > 1
    before = state.record(), state.view(None)
    bot = IsmctsBot(40)
    first, second = bot.choose(state, seat, Rng(17)), bot.choose(state, seat, Rng(17))
    assert first is second or str(first) == str(second)
    assert first in state.legal_actions()
    assert (state.record(), state.view(None)) == before


def test_a_forced_decision_costs_no_search() -> None:
    """With one legal action the bot answers at once and draws nothing from its generator."""
    state = arrange(players=2, hands={0: []}, round_=6)
    assert [str(a) for a in state.legal_actions()] == ["fertig"]
    rng = Rng(3)
    untouched = rng.getstate()
    assert str(IsmctsBot().choose(state, 0, rng)) == "fertig"
    assert rng.getstate() == untouched


@pytest.mark.parametrize("seed", range(4))
def test_it_completes_the_project_that_wins_the_last_round(seed: int) -> None:
    """Busfaktor, round 6: laying Fachbeirat completes Serverumzug (2 points, §10) and wins; ending the
    turn leaves it unfinished (-1, §16) and loses to the opponent's 0 points."""
    state = arrange(
        players=2,
        hands={0: ["Fachbeirat", "TEI-XML-Korpus", "Kollationierung"], 1: ["Monitoring"]},
        projects={0: [("Serverumzug", [("Bandlaufwerk", "Betrieb")])]},
        round_=6,
        seed=seed,
    )
    winning = f"lege {cid('Fachbeirat')} an {cid('Serverumzug')} als Team"
    assert winning in [str(a) for a in state.legal_actions()] and len(state.legal_actions()) > 1
    assert str(IsmctsBot(FAST_ITERATIONS).choose(state, 0, Rng(seed))) == winning


def test_statistics_are_kept_from_the_perspective_of_the_seat_that_chose() -> None:
    """After a search the root's children belong to the seat to move and carry its payoffs only."""
    state = _midgame("busfaktor", 3, 20)
    seat = state.to_move
    assert seat is not None
    root = Node()
    bot = IsmctsBot(30)
    rng = Rng(8)
    for _ in range(bot.iterations):
        bot._iterate(root, state.determinize(seat, rng), rng)
    assert {key[0] for key in root.children} == {seat}
    assert {key[1] for key in root.children} <= {str(a) for a in state.legal_actions()}
    assert sum(child.visits for child in root.children.values()) == bot.iterations
    for child in root.children.values():
        assert 0.0 <= child.reward <= child.visits <= child.available <= bot.iterations


@pytest.mark.slow
def test_it_beats_random_in_busfaktor() -> None:
    """Seat 1 ``ismcts-fast`` against three ``random`` seats: random would win a quarter of the games."""
    report = simulate(load_game("busfaktor"), 4, ["ismcts-fast", "random", "random", "random"], games=16, seed=5)
    seats = report["summary"]["seats"]
    assert seats[0]["wins"]["mean"] >= 0.5
    assert seats[0]["points"]["mean"] > max(seat["points"]["mean"] for seat in seats[1:]) + 2

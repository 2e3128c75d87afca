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
from support.positions import midgame

sys.path.insert(0, str(Path(__file__).parents[1] / "games" / "busfaktor"))
from busfaktor_helpers import arrange, cid


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
    state = midgame(game_id, players, steps)
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


def card(rank: int, suit: int) -> int:
    """A Busfahrer card: rank 0 (the 2) to 12 (the Ass), suit 0-3."""
    return rank * 4 + suit


def lay_decides() -> State[Any]:
    """Busfahrer, two players, laying optional: seat 1 holds the one card matching the pyramid's top.

    Seat 0 holds A, A, K, K; seat 1 holds 2, 10, 10, 9 and, on a tie of cards left, would drive
    (lowest card, Busfahrer: Phase 2).  The nine lower pyramid cards match nobody; the top card is a 9.
    Laying it leaves seat 1 three cards against four: seat 0 rides the bus and seat 1 wins.
    """
    hands = ([card(12, 0), card(12, 1), card(11, 0), card(11, 1)], [card(0, 0), card(10, 0), card(10, 1), card(9, 0)])
    pyramid = [card(rank, 0) for rank in range(1, 9)] + [card(1, 1), card(9, 1)]
    deal = [dealt for pair in zip(*hands, strict=True) for dealt in pair]
    game = load_game("busfahrer", laying="optional")
    state: State[Any] = game.new_state_with_decks(2, 0, [deal + pyramid])  # type: ignore[attr-defined]
    return state


@pytest.mark.parametrize("seed", range(4))
def test_it_lays_the_card_that_sends_the_other_seat_on_the_ride(seed: int) -> None:
    """An out-of-turn decision: the holder of the matching card decides when the top card is turned."""
    state = lay_decides()
    while state.phase_name != "laying":  # type: ignore[attr-defined]
        state.apply(state.legal_actions()[0])
    assert state.to_move == 1 and [str(a) for a in state.legal_actions()] == ["lay", "keep"]
    assert str(IsmctsBot(FAST_ITERATIONS).choose(state, 1, Rng(seed))) == "lay"


def mover_reward_below(node: Node, mover: int) -> float:
    """What the iterations through ``node``'s children earned ``mover`` (two players: payoffs sum to 1)."""
    return sum(
        child.reward if seat == mover else child.visits - child.reward for (seat, _), child in node.children.items()
    )


@pytest.mark.parametrize("position", ["busfahrer-question-4", "busfaktor-midgame"])
def test_every_node_keeps_the_payoff_of_the_seat_that_chose_it(position: str) -> None:
    """Two players, so the payoffs of an iteration sum to 1: a node's reward (its mover's) must equal
    what its children's rewards, each read from its own mover, say about that mover, up to the
    iterations that stopped at the node.  Nodes of both seats occur below each other."""
    if position == "busfahrer-question-4":
        state = lay_decides()
        for _ in range(6):
            state.apply(state.legal_actions()[0])
    else:
        state = midgame("busfaktor", 2, 25)
    seat = state.to_move
    assert seat is not None
    root = Node()
    bot = IsmctsBot(150)
    rng = Rng(8)
    for _ in range(bot.iterations):
        bot._iterate(root, state.determinize(seat, rng), rng)
    assert {key[0] for key in root.children} == {seat}
    assert {key[1] for key in root.children} <= {str(a) for a in state.legal_actions()}
    assert sum(child.visits for child in root.children.values()) == bot.iterations
    movers: set[int] = set()
    stack = [(child, key[0]) for key, child in root.children.items()]
    while stack:
        node, mover = stack.pop()
        movers.add(mover)
        stopped = node.visits - sum(child.visits for child in node.children.values())
        assert 0.0 <= node.reward <= node.visits <= node.available <= bot.iterations
        assert 0.0 <= node.reward - mover_reward_below(node, mover) <= stopped + 1e-9
        stack.extend((child, key[0]) for key, child in node.children.items())
    assert movers == {0, 1}


@pytest.mark.slow
def test_it_beats_random_in_busfaktor() -> None:
    """Seat 1 ``ismcts-fast`` against three ``random`` seats: random would win a quarter of the games."""
    report = simulate(load_game("busfaktor"), 4, ["ismcts-fast", "random", "random", "random"], games=16, seed=5)
    seats = report["summary"]["seats"]
    assert seats[0]["wins"]["mean"] >= 0.5
    # against the random seats' average: the best of three noisy 16-game means is biased upwards
    assert seats[0]["points"]["mean"] > sum(seat["points"]["mean"] for seat in seats[1:]) / 3 + 2

"""The Gymnasium environments: registered, checked by Gymnasium's env checker, bots on the other seats."""

from __future__ import annotations

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import busbahnhof.interop.gymnasium  # noqa: F401 - registers the environments
from busbahnhof.engine import GameError, IllegalActionError
from busbahnhof.interop.gymnasium import BusbahnhofGymEnv

ENVIRONMENTS = [("Busfahrer", "kartenzaehler"), ("Bus", "planer"), ("Busfaktor", "heuristik")]


@pytest.mark.filterwarnings("ignore:.*Box observation space m")
@pytest.mark.filterwarnings("ignore:.*No render fps was declared")
@pytest.mark.parametrize(("name", "opponents"), ENVIRONMENTS)
def test_check_env_passes_and_a_game_ends_with_the_payoff(name: str, opponents: str) -> None:
    environment = gymnasium.make(f"busbahnhof/{name}-v0", opponents=opponents)
    check_env(environment.unwrapped)
    environment.reset(seed=5)
    rng = np.random.default_rng(0)
    done, reward, info = False, 0.0, {}
    while not done:
        mask = environment.unwrapped.action_masks()
        assert mask.dtype == np.bool_ and mask.any()
        _, reward, done, _, info = environment.step(int(rng.choice(np.flatnonzero(mask))))
    state = environment.unwrapped.state
    assert state.is_over and reward == state.outcome().payoff(0)
    assert info["outcome"] == state.outcome().to_dict()


def test_the_other_seats_are_the_named_bots_in_seat_order() -> None:
    environment = gymnasium.make("busbahnhof/Busfaktor-v0", players=3, opponents="random,heuristik", seat=1)
    unwrapped = environment.unwrapped
    environment.reset(seed=1)
    assert {seat: bot.name for seat, bot in unwrapped._bots.items()} == {0: "random", 2: "heuristik"}
    assert unwrapped.state.to_move == 1
    with pytest.raises(GameError, match="no bot 'nobody'"):
        gymnasium.make("busbahnhof/Bus-v0", opponents="nobody")


def test_an_illegal_action_ends_the_episode_unless_told_to_raise() -> None:
    environment = gymnasium.make("busbahnhof/Busfahrer-v0")
    environment.reset(seed=1)
    before = environment.unwrapped.state.record()
    _, reward, done, _, info = environment.step(environment.unwrapped.codec.actions.index["turn 2"])
    assert (reward, done) == (-1.0, True) and "turn 2" in info["illegal_action"]
    assert environment.unwrapped.state.record() == before
    strict = gymnasium.make("busbahnhof/Busfahrer-v0", illegal_action="raise")
    strict.reset(seed=1)
    with pytest.raises(IllegalActionError):
        strict.step(strict.unwrapped.codec.actions.index["turn 2"])


def test_same_seed_same_game() -> None:
    first, second = (gymnasium.make("busbahnhof/Bus-v0", opponents="random") for _ in range(2))
    a, _ = first.reset(seed=9)
    b, _ = second.reset(seed=9)
    assert np.array_equal(a, b)
    assert first.unwrapped.state.record() == second.unwrapped.state.record()


@pytest.mark.parametrize("name", ["Busfahrer", "Bus", "Busfaktor"])
def test_every_observation_is_the_encoding_of_the_learning_seats_view(name: str) -> None:
    """Two environments played in turn, over several episodes (resets) and illegal actions: each
    observation is exactly ``encode_view`` of the learning seat's view, and no array returned
    earlier changes later."""
    environments = [gymnasium.make(f"busbahnhof/{name}-v0", players=3, seat=seat).unwrapped for seat in (0, 2)]
    rng = np.random.default_rng(3)
    kept: list[tuple[np.ndarray, np.ndarray]] = []

    def check(environment: BusbahnhofGymEnv, observation: np.ndarray) -> None:
        defined = environment.codec.encode_view(environment.state.view(environment.seat))
        assert np.array_equal(observation, defined)
        kept.append((observation, observation.copy()))

    for episode in range(3):
        for environment in environments:
            check(environment, environment.reset(seed=episode)[0])
        done = [False, False]
        while not all(done):
            for number, environment in enumerate(environments):
                if done[number]:
                    continue
                legal = np.flatnonzero(environment.action_masks())
                illegal = rng.random() < 0.02 and episode > 0
                action = int(np.flatnonzero(~environment.action_masks())[0]) if illegal else int(rng.choice(legal))
                observation, _, done[number], _, info = environment.step(action)
                assert illegal == ("illegal_action" in info)
                check(environment, observation)
    assert all(np.array_equal(array, copy) for array, copy in kept)

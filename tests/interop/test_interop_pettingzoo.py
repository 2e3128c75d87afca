"""The PettingZoo AEC environments pass PettingZoo's own API and seed tests."""

from __future__ import annotations

import io

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test
from pettingzoo.utils.conversions import aec_to_parallel
from rich.console import Console

from busbahnhof.engine import IllegalActionError
from busbahnhof.games.bus.svg import PLAYER_COLOURS
from busbahnhof.interop.pettingzoo import env

GAMES = [("busfahrer", 4), ("bus", 3), ("busfaktor", 4)]


@pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be")
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array")
@pytest.mark.parametrize(("game", "players"), GAMES)
def test_api_and_seed_tests_pass(game: str, players: int) -> None:
    api_test(env(game, players=players), num_cycles=300)
    seed_test(lambda: env(game, players=players), num_cycles=100)


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_a_whole_game_ends_with_the_outcome_as_rewards(game: str, players: int) -> None:
    aec = env(game, players=players)
    aec.reset(seed=3)
    rng = np.random.default_rng(0)
    rewards = dict.fromkeys(aec.possible_agents, 0.0)
    for agent in aec.agent_iter():
        _, reward, terminated, truncated, info = aec.last(observe=False)
        rewards[agent] += reward
        if terminated or truncated:
            aec.step(None)
            continue
        assert aec.agent_selection == f"player_{aec.state.to_move}"
        aec.step(int(rng.choice(info["legal_actions"])))
    assert aec.state is not None and aec.state.is_over
    outcome = aec.state.outcome()
    assert rewards == {f"player_{seat}": outcome.payoff(seat) for seat in range(players)}
    assert sum(rewards.values()) == pytest.approx(1.0)


def test_observations_carry_the_mask_of_the_seat_to_move_only() -> None:
    aec = env("busfaktor", players=3, deck="mini")
    aec.reset(seed=1)
    acting = aec.agent_selection
    observation = aec.observe(acting)
    assert observation["action_mask"].sum() == len(aec.state.legal_actions())
    assert tuple(np.flatnonzero(observation["action_mask"])) == tuple(sorted(aec.infos[acting]["legal_actions"]))
    assert not observation["action_mask"].flags.writeable
    others = [agent for agent in aec.agents if agent != acting]
    assert all(aec.observe(agent)["action_mask"].sum() == 0 for agent in others)
    assert aec.observation_space(acting).contains(observation)


def test_an_illegal_index_is_refused_and_changes_nothing() -> None:
    aec = env("busfahrer", players=4)
    aec.reset(seed=2)
    before = aec.state.record()
    with pytest.raises(IllegalActionError, match="turn 1"):
        aec.step(aec.codec.actions.index["turn 1"])
    with pytest.raises(ValueError, match="not None"):
        aec.step(None)
    assert aec.state.record() == before
    assert aec.infos[aec.agent_selection]["legal_actions"] == aec.codec.actions.indices(aec.state)


def test_render_shows_the_terminal_picture() -> None:
    aec = env("busfahrer", players=4, render_mode="ansi")
    aec.reset(seed=2)
    text = aec.render()
    assert text is not None and "Penalty points" in text
    assert env("bus", players=3).render() is None


def test_turn_based_games_do_not_convert_to_parallel() -> None:
    """One seat decides at a time and the next decider depends on the decision (reactions,
    handing out points), so PettingZoo's AEC-to-parallel conversion does not apply."""
    aec = env("busfaktor", players=4)
    assert aec.metadata["is_parallelizable"] is False
    with pytest.raises(AssertionError, match="is_parallelizable"):
        aec_to_parallel(aec)


def test_ansi_rendering_leaves_the_terminal_colours_of_the_process_alone() -> None:
    """Rich keeps the first ANSI codes it made for a style, whatever colour system asks later, and
    the games share their styles: the environments' rendering must not downgrade the colours of
    terminal play in the same process (it renders in truecolor, as terminals do)."""
    aec = env("bus", players=3, render_mode="ansi")
    aec.reset(seed=2)
    rng = np.random.default_rng(0)
    while aec.state is not None and aec.state.round < 2:
        aec.step(int(rng.choice(aec.infos[aec.agent_selection]["legal_actions"])))
    assert aec.render()
    state = aec.state
    console = Console(width=120, record=True, file=io.StringIO(), color_system="truecolor", force_terminal=True)
    console.print(state.game.render_text(state.view(0), state.game.catalog("en")))
    styled = console.export_text(styles=True)
    for colour in PLAYER_COLOURS[:3]:
        red, green, blue = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
        assert f"38;2;{red};{green};{blue}" in styled


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_every_agents_observation_is_the_encoding_of_its_view(game: str, players: int) -> None:
    """Observed at every step, over two games, with illegal indices refused in between: every
    agent's observation is exactly ``encode_view`` of its seat's view, and no array returned
    earlier changes later."""
    aec = env(game, players=players)
    rng = np.random.default_rng(5)
    kept: list[tuple[np.ndarray, np.ndarray]] = []
    for seed in (1, 2):
        aec.reset(seed=seed)
        for _ in aec.agent_iter():
            for seat, other in enumerate(aec.possible_agents):
                observation = aec.observe(other)["observation"]
                assert np.array_equal(observation, aec.codec.encode_view(aec.state.view(seat)))
                kept.append((observation, observation.copy()))
            _, _, terminated, truncated, info = aec.last(observe=False)
            if terminated or truncated:
                aec.step(None)
                continue
            if rng.random() < 0.05:
                illegal = next(i for i in range(len(aec.codec.actions)) if i not in info["legal_actions"])
                with pytest.raises(IllegalActionError):
                    aec.step(illegal)
            aec.step(int(rng.choice(info["legal_actions"])))
    assert all(np.array_equal(array, copy) for array, copy in kept)

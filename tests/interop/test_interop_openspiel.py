"""The games as OpenSpiel Python games: OpenSpiel's own API test, random games and its search bots."""

from __future__ import annotations

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts

import busbahnhof.interop.openspiel  # noqa: F401 - registers the games
from busbahnhof.engine import InvalidOptionError

CONFIGURATIONS = [("busfahrer", 4, "{}"), ("bus", 3, "{}"), ("busfaktor", 3, '{"deck": "mini"}')]


def load(game: str, players: int, options: str = "{}", seed: int = 0) -> pyspiel.Game:
    return pyspiel.load_game(f"busbahnhof_{game}", {"players": players, "options": options, "seed": seed})


@pytest.mark.parametrize(("game", "players", "options"), CONFIGURATIONS)
def test_random_games_through_the_openspiel_api(game: str, players: int, options: str) -> None:
    spiel_game = load(game, players, options)
    assert spiel_game.num_players() == players
    assert spiel_game.get_type().dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert spiel_game.get_type().chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    rng = np.random.default_rng(1)
    for _ in range(2):
        state = spiel_game.new_initial_state()
        while not state.is_terminal():
            player = state.current_player()
            assert len(state.observation_tensor(player)) == spiel_game.observation_tensor_size()
            legal = state.legal_actions()
            assert legal == sorted(legal) and all(0 <= a < spiel_game.num_distinct_actions() for a in legal)
            state.apply_action(int(rng.choice(legal)))
        assert sum(state.returns()) == pytest.approx(1.0)
        assert len(state.history()) == len(state.engine.history)


def test_openspiel_random_sim_test_passes() -> None:
    pyspiel.random_sim_test(load("busfahrer", 4), num_sims=3, serialize=False, verbose=False)


@pytest.mark.slow
def test_openspiel_random_sim_test_passes_for_bus_and_busfaktor() -> None:
    pyspiel.random_sim_test(load("busfaktor", 3, '{"deck": "mini"}'), num_sims=2, serialize=False, verbose=False)
    pyspiel.random_sim_test(load("bus", 3), num_sims=1, serialize=False, verbose=False)


def test_game_types_say_which_games_hide_information() -> None:
    information = pyspiel.GameType.Information
    assert load("busfahrer", 4).get_type().information == information.IMPERFECT_INFORMATION
    assert load("busfaktor", 4).get_type().information == information.IMPERFECT_INFORMATION
    assert load("bus", 4).get_type().information == information.PERFECT_INFORMATION


def test_resampling_keeps_the_information_state_and_clones_are_independent() -> None:
    spiel_game = load("busfaktor", 3)
    state = spiel_game.new_initial_state()
    rng = np.random.default_rng(2)
    for _ in range(30):
        state.apply_action(int(rng.choice(state.legal_actions())))
    player = state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    twin = state.resample_from_infostate(player, sampler)
    assert twin.information_state_string(player) == state.information_state_string(player)
    assert twin.information_state_tensor(player) == state.information_state_tensor(player)
    assert twin.engine.card_places() != state.engine.card_places()
    clone = state.clone()
    clone.apply_action(clone.legal_actions()[0])
    assert len(clone.engine.history) == len(state.engine.history) + 1
    assert clone.history()[:-1] == state.history()


def test_a_serialized_state_deserializes_to_the_same_game() -> None:
    spiel_game = load("busfaktor", 3, '{"deck": "mini"}')
    state = spiel_game.new_initial_state()
    for _ in range(12):
        state.apply_action(state.legal_actions()[-1])
    twin = spiel_game.deserialize_state(state.serialize())
    assert twin.engine.record() == state.engine.record()
    assert twin.information_state_string(0) == state.information_state_string(0)


@pytest.mark.parametrize(("game", "players", "options"), [("busfahrer", 4, "{}"), ("busfaktor", 4, "{}")])
def test_ismcts_decides_in_the_imperfect_information_games(game: str, players: int, options: str) -> None:
    spiel_game = load(game, players, options)
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    bot = ismcts.ISMCTSBot(spiel_game, evaluator, 2.0, 12, random_state=np.random.RandomState(0))
    state = spiel_game.new_initial_state()
    for _ in range(3):
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)


def test_mcts_decides_in_bus_which_ismcts_refuses_as_perfect_information() -> None:
    spiel_game = load("bus", 3)
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    state = spiel_game.new_initial_state()
    with pytest.raises(AssertionError):
        ismcts.ISMCTSBot(spiel_game, evaluator, 2.0, 4).step(state)
    bot = mcts.MCTSBot(spiel_game, 2.0, 12, evaluator, random_state=np.random.RandomState(0))
    for _ in range(2):
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)


def test_bad_options_are_refused_with_the_engines_error() -> None:
    with pytest.raises(InvalidOptionError, match="JSON object"):
        load("busfahrer", 4, "[1, 2]")
    with pytest.raises(InvalidOptionError, match="pyramid"):
        load("busfahrer", 4, '{"pyramid": "9-9"}')

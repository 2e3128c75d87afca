"""The one contract test module, run over every registered game and every rule-option preset."""

from __future__ import annotations

from typing import Any

import pytest

from busbahnhof.engine import Game, game_class, game_ids, load_game
from busbahnhof.engine.contract import (
    check_api_is_sealed,
    check_bad_input_leaves_state,
    check_clone_independence,
    check_determinism,
    check_determinize_canonical,
    check_determinize_keeps_known_cards,
    check_fast_path,
    check_playout_invariants,
    check_replay,
    check_view_hides,
    random_playout,
)

PLAYOUTS = 1000

CASES = [
    pytest.param(game_id, preset, id=f"{game_id}-{preset}")
    for game_id in game_ids()
    for preset in game_class(game_id).presets
]


def _game(game_id: str, preset: str) -> Game[Any, Any]:
    return load_game(game_id, **game_class(game_id).presets[preset])


def _player_counts(game: Game[Any, Any]) -> list[int]:
    return list(range(game.min_players, game.max_players + 1))


def _playable(game: Game[Any, Any], players: int) -> bool:
    try:
        game.new_state(players, 0)
    except Exception:
        return False
    return True


@pytest.mark.slow
@pytest.mark.parametrize(("game_id", "preset"), CASES)
def test_random_playouts_all_end(game_id: str, preset: str) -> None:
    game = _game(game_id, preset)
    counts = [p for p in _player_counts(game) if _playable(game, p)]
    for index in range(PLAYOUTS):
        players = counts[index % len(counts)]
        state = random_playout(game, players, seed=index)
        check_playout_invariants(state)
        if index % 50 == 0:
            check_replay(state)


@pytest.mark.parametrize(("game_id", "preset"), CASES)
def test_same_seed_same_game(game_id: str, preset: str) -> None:
    game = _game(game_id, preset)
    for seed in range(5):
        check_determinism(game, game.max_players if _playable(game, game.max_players) else game.min_players, seed)


@pytest.mark.parametrize(("game_id", "preset"), CASES)
def test_clones_are_independent(game_id: str, preset: str) -> None:
    game = _game(game_id, preset)
    for seed in range(3):
        check_clone_independence(game, game.min_players, seed)


@pytest.mark.parametrize(("game_id", "preset"), CASES)
def test_bad_input_raises_and_changes_nothing(game_id: str, preset: str) -> None:
    game = _game(game_id, preset)
    seen: set[str] = set()
    tried = sum(check_bad_input_leaves_state(game, game.min_players + (seed % 2), seed, seen) for seed in range(4))
    assert tried > 50


@pytest.mark.parametrize(("game_id", "preset"), CASES)
def test_view_hides_what_a_seat_cannot_see(game_id: str, preset: str) -> None:
    game = _game(game_id, preset)
    for seed in range(3):
        players = game.min_players + 1 if _playable(game, game.min_players + 1) else game.min_players
        check_view_hides(game, players, seed)


@pytest.mark.parametrize(("game_id", "preset"), CASES)
def test_determinize_does_not_depend_on_hidden_information(game_id: str, preset: str) -> None:
    game = _game(game_id, preset)
    for seed in range(2):
        check_determinize_canonical(game, game.min_players, seed)


@pytest.mark.parametrize(("game_id", "preset"), CASES)
def test_determinize_keeps_every_card_where_the_seat_knows_it(game_id: str, preset: str) -> None:
    game = _game(game_id, preset)
    checked = sum(check_determinize_keeps_known_cards(game, game.min_players, seed) for seed in range(2))
    hides_cards = bool(game.new_state(game.min_players, 0).card_places())
    assert checked > 0 or not hides_cards, f"{game_id}: known_places tells nothing"


@pytest.mark.parametrize(("game_id", "preset"), CASES)
def test_api_cannot_be_corrupted_from_outside(game_id: str, preset: str) -> None:
    game = _game(game_id, preset)
    for seed in range(2):
        check_api_is_sealed(game, game.min_players, seed)


@pytest.mark.parametrize("game_id", game_ids())
def test_bots_decide_from_their_own_seat_only(game_id: str) -> None:
    from busbahnhof.bots import bot_names, make_bot
    from busbahnhof.engine import Rng

    game = load_game(game_id)
    for name in bot_names(game):
        state = game.new_state(game.min_players, 3)
        chooser = Rng(9)
        step = 0
        while not state.is_over and step < 400:
            seat = state.to_move
            assert seat is not None
            if step % 5 == 0:
                twin = state.determinize(seat, Rng(step))
                mine = make_bot(game, name).choose(state, seat, Rng(step))
                theirs = make_bot(game, name).choose(twin, seat, Rng(step))
                assert str(mine) == str(theirs), f"bot {name} of {game_id} peeked at hidden information"
                assert mine in state.legal_actions()
            state.apply(chooser.pick(state.legal_actions()))
            step += 1


@pytest.mark.parametrize(("game_id", "preset"), CASES)
def test_fast_path_plays_the_same_games(game_id: str, preset: str) -> None:
    game = _game(game_id, preset)
    counts = [p for p in _player_counts(game) if _playable(game, p)]
    decisions = sum(check_fast_path(game, counts[seed % len(counts)], seed) for seed in range(6))
    assert decisions > 60

"""Bus bots: ``planer`` beats ``random`` clearly over seeded games."""

from __future__ import annotations

from busbahnhof.bots import bot_names, make_bot
from busbahnhof.engine import Rng, load_game


def test_planer_is_registered() -> None:
    assert "planer" in bot_names(load_game("bus"))


def test_planer_beats_random() -> None:
    game = load_game("bus")
    planer_share = 0.0
    random_share = 0.0
    games = 45
    for seed in range(games):
        players = 3 + seed % 3
        planer_seat = seed % players
        bots = [make_bot(game, "planer" if seat == planer_seat else "random") for seat in range(players)]
        state = game.new_state(players, seed)
        rng = Rng(seed)
        while not state.is_over:
            seat = state.to_move
            assert seat is not None
            state.apply(bots[seat].choose(state, seat, rng))
        outcome = state.outcome()
        planer_share += outcome.payoff(planer_seat)
        random_share += sum(outcome.payoff(seat) for seat in range(players) if seat != planer_seat) / (players - 1)
    assert planer_share / games > 0.7
    assert random_share / games < 0.15

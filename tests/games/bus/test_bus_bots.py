"""Bus bots: ``planer`` beats ``random`` clearly over seeded games; its Vrroomm forecast."""

from __future__ import annotations

from bus_helpers import after_setup, lay_lines

from busbahnhof.bots import bot_names, make_bot
from busbahnhof.engine import Rng, load_game
from busbahnhof.games.bus.actions import OFFICE
from busbahnhof.games.bus.bots import next_vrroomm_yield


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


def test_planer_counts_vrroomm_markers_already_placed() -> None:
    """Brumm markers act from slot A: a marker placed earlier by a player whose line shares the
    waiting passengers and the open buildings leaves less for a later one."""
    state = after_setup(3, 21)
    a, b = state.start_player, (state.start_player + 1) % 3
    state.building = [-1] * state.board.lots
    state.occupied = [False] * state.board.lots
    state.standing = [0] * state.board.intersections
    lay_lines(state, {a: [8, 14, 15], b: [7, 8, 14], (a + 2) % 3: [33, 34]})
    state.building[state.board.lots_at[14][0]] = OFFICE  # the coming type: the hand shows the house
    state.building[state.board.lots_at[14][1]] = OFFICE
    state.standing[8] = 2
    state.buses[a] = state.buses[b] = 2
    assert next_vrroomm_yield(state, a, OFFICE) == 2
    state.apply("take vrroomm")  # a: slot A
    assert next_vrroomm_yield(state, b, OFFICE) == 0  # a's buses carry both first
    assert next_vrroomm_yield(state, a, OFFICE) == 0  # a second marker of a finds nothing left

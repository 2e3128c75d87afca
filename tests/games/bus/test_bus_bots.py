"""Bus bots: ``planer`` beats ``random`` clearly over seeded games; its Vrroomm forecast; its
seeded choice among near-equal actions, which makes self-play differ from seed to seed."""

from __future__ import annotations

from bus_helpers import after_setup, lay_lines

from busbahnhof.bots import bot_names, make_bot
from busbahnhof.engine import Rng, load_game
from busbahnhof.games.bus.actions import OFFICE
from busbahnhof.games.bus.bots import next_vrroomm_yield, pick_best


def _self_play(players: int, seed: int) -> tuple[tuple[str, ...], tuple[int, ...]]:
    """The record and final scores of a game of ``planer`` bots only, seeded by ``seed``."""
    game = load_game("bus")
    bot = make_bot(game, "planer")
    state = game.new_state(players, seed)
    rng = Rng(seed)
    while not state.is_over:
        seat = state.to_move
        assert seat is not None
        state.apply(bot.choose(state, seat, rng))
    record = tuple(str(action) for action in state.history)
    return record, tuple(state.view(None)["state"]["scores"])


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


def test_self_play_differs_from_seed_to_seed() -> None:
    """Only the start player is drawn, so with ties taken in a fixed order three planer bots could
    play at most three different games; the rng breaking near-ties makes every seed its own game."""
    games = [_self_play(3, seed) for seed in range(8)]
    assert len({record for record, _ in games}) == 8
    assert len({scores for _, scores in games}) >= 4


def test_self_play_is_reproducible_for_a_seed() -> None:
    assert _self_play(4, 11) == _self_play(4, 11)


def test_pick_best_draws_only_among_the_near_best() -> None:
    values = {"a": 3.0, "b": 2.99, "c": 2.5, "d": 3.005}
    drawn = {pick_best(list(values), values.__getitem__, 0.02, Rng(seed)) for seed in range(60)}
    assert drawn == {"a", "b", "d"}
    assert pick_best(list(values), values.__getitem__, 0.0, Rng(0)) == "d"


def test_pick_best_leaves_the_rng_alone_without_a_tie() -> None:
    rng = Rng(5)
    before = rng.getstate()
    assert pick_best(["x", "y"], {"x": 1.0, "y": 2.0}.__getitem__, 0.5, rng) == "y"
    assert rng.getstate() == before

"""The bot registry (generic bots plus each game's own), bot specs, and the uniform random bot."""

from __future__ import annotations

from collections import Counter

import pytest

from busbahnhof.bots import RandomBot, bot_names, make_bot, parse_bot_spec
from busbahnhof.engine import Bot, GameError, Rng, load_game


def test_names_join_the_generic_bots_and_the_games_own() -> None:
    game = load_game("busfahrer")
    assert bot_names(game) == sorted({"random", "ismcts", "ismcts-fast", *game.bots()})
    for name in bot_names(game):
        bot = make_bot(game, name)
        assert isinstance(bot, Bot) and bot.name == name


@pytest.mark.parametrize(
    ("spec", "expected"),
    [
        ("", []),
        ("random", ["random"]),
        ("kartenzaehler:3", ["kartenzaehler"] * 3),
        (" random:2 , kartenzaehler ", ["random", "random", "kartenzaehler"]),
        ("random:0,kartenzaehler:1", ["kartenzaehler"]),
    ],
)
def test_specs_expand_in_seat_order(spec: str, expected: list[str]) -> None:
    assert parse_bot_spec(load_game("busfahrer"), spec) == expected


@pytest.mark.parametrize(
    ("spec", "fragment"),
    [("genius", "no bot 'genius' for busfahrer; choose one of ismcts, ismcts-fast, kartenzaehler, leicht, mittel, "
                "random, schwer"),
     ("random:two", "bad bot count in 'random:two'"),
     ("random:-1", "must not be negative")],
)  # fmt: skip
def test_bad_specs_are_refused(spec: str, fragment: str) -> None:
    with pytest.raises(GameError, match=fragment):
        parse_bot_spec(load_game("busfahrer"), spec)


def test_the_random_bot_picks_every_legal_action_about_equally() -> None:
    state = load_game("busfahrer").new_state(4, 1)
    while len(state.legal_actions()) < 4:
        state.apply(state.legal_actions()[0])
    legal = state.legal_actions()
    rng = Rng(5)
    draws = 4000
    counts = Counter(str(RandomBot().choose(state, state.to_move or 0, rng)) for _ in range(draws))
    assert set(counts) == {str(a) for a in legal}
    expected = draws / len(legal)
    chi_square = sum((counts[str(a)] - expected) ** 2 / expected for a in legal)
    assert chi_square < 30, counts

"""Which finished tables are rated, in which list, and what a result does to the ratings; the
score against each opponent on a player page."""

from __future__ import annotations

from typing import Any

import pytest

from busbahnhof.players.bots import bot_rating
from busbahnhof.players.pages import opponent_scores
from busbahnhof.players.ratings import BOTS, PEOPLE, pool_of, rating_update


def finished(seats: list[str | None], players: dict[int, str], **extra: Any) -> dict[str, Any]:
    """A pending table as the store gives it: ``seats`` are bot names (``None``: a human)."""
    points = list(range(len(seats)))
    return {
        "id": "t",
        "game": "busfahrer",
        "options": {},
        "custom_deck": False,
        "seats": [{"name": f"S{n}", "bot": bot} for n, bot in enumerate(seats)],
        "players_at": players,
        "outcome": {"points": points, "winners": [0], "lower_is_better": True, "details": {}},
        **extra,
    }


@pytest.mark.parametrize(
    ("table", "pool"),
    [
        (finished([None, None], {0: "a", 1: "b"}), PEOPLE),
        (finished([None, None, None], {0: "a", 1: "b", 2: "c"}), PEOPLE),
        (finished([None, "leicht"], {0: "a"}), BOTS),
        (finished([None, None, "schwer"], {0: "a", 1: "b"}), BOTS),
        (finished([None, None], {0: "a"}), None),  # a guest at the table
        (finished([None, None], {0: "a", 1: "a"}), None),  # one account in two seats
        (finished([None, "mittel"], {0: "a"}), None),  # a bot without a published rating
        (finished([None, "random"], {0: "a"}), None),
        (finished([None, None], {0: "a", 1: "b"}, options={"games": 2}), None),  # not the rules as written
        (finished([None, None], {0: "a", 1: "b"}, options={"pyramid": "nonsense"}), None),
        (finished([None, None], {0: "a", 1: "b"}, custom_deck=True), None),
        (finished([None, None], {0: "a", 1: "b"}, outcome=None), None),
        (finished(["leicht", "schwer"], {}), None),  # bots only
    ],
)
def test_which_tables_are_rated_and_where(table: dict[str, Any], pool: str | None) -> None:
    assert pool_of(table) == pool


def test_the_winner_gains_the_loser_loses_and_bots_keep_their_published_rating() -> None:
    people = rating_update(finished([None, None], {0: "a", 1: "b"}))({"a": None, "b": None})
    assert people["a"][0] > 25 > people["b"][0]
    assert people["a"][1] < 25 / 3 and people["b"][1] < 25 / 3
    against_bot = rating_update(finished([None, "schwer"], {0: "a"}))({"a": (20.0, 5.0)})
    assert list(against_bot) == ["a"], "the bot's rating is not the table's to change"
    assert against_bot["a"][0] > 20.0
    lost = rating_update(finished(["schwer", None], {1: "a"}))({"a": (20.0, 5.0)})
    assert lost["a"][0] < 20.0
    assert bot_rating("busfahrer", "schwer") is not None


def game(places: list[int] | None, seats: list[dict[str, Any]], mine: list[int]) -> dict[str, Any]:
    return {"places": places, "seats": seats, "my_seats": mine}


def test_opponent_scores_count_places_per_account_bot_and_guest_name() -> None:
    seats = [
        {"seat": 0, "name": "Me", "bot": None, "player_id": "me"},
        {"seat": 1, "name": "Bea", "bot": None, "player_id": "bea"},
        {"seat": 2, "name": "Bot 3 (leicht)", "bot": "leicht", "player_id": None},
        {"seat": 3, "name": "Gast", "bot": None, "player_id": None},
    ]
    games = [
        game([0, 1, 2, 3], seats, [0]),
        game([1, 0, 1, 2], seats, [0]),
        game(None, seats, [0]),  # still running
        game([0, 1, 2, 3], seats, [0, 1]),  # two seats of mine: not a duel
    ]
    scores = {(score["kind"], score["name"]): score for score in opponent_scores(games)}
    assert scores[("player", "Bea")] == {
        "kind": "player",
        "player_id": "bea",
        "name": "Bea",
        "wins": 1,
        "losses": 1,
        "draws": 0,
    }
    assert (scores[("bot", "Bot 3 (leicht)")]["wins"], scores[("bot", "Bot 3 (leicht)")]["draws"]) == (1, 1)
    assert scores[("guest", "Gast")]["wins"] == 2

"""What a player's page and the rating lists show, built from the store.

A player page lists the player's games (running and finished, newest first) with every seat's
name and, where a seat has an account, its player id; their ratings per game and list; and the
score against each opponent over finished games: wins, losses and draws by place (a shared
place is a draw).  An opponent is an account (by player id), a bot (by bot name) or a guest (by
the name the seat had).  Every finished game links to its replay (``/#/replay/<table id>``).
"""

from __future__ import annotations

from typing import Any

from .bots import bot_list
from .departures import final_places
from .errors import UnknownPlayerError
from .ports import PlayerStore
from .ratings import PEOPLE, Ratings, ordinal

PAGE_GAMES = 200
"""The most games a player page lists (and counts against opponents)."""
FINISHED = "finished"


def replay_link(table_id: str) -> str:
    """The web client's replay of a finished table."""
    return f"/#/replay/{table_id}"


def game_entry(table: dict[str, Any], player_id: str) -> dict[str, Any]:
    """One game of the player's list."""
    seats = []
    for seat, facts in enumerate(table["seats"]):
        account = table["players_at"].get(seat)
        seats.append(
            {
                "seat": seat,
                "name": account["display_name"] if account else facts["name"],
                "bot": facts["bot"],
                "player_id": account["id"] if account else None,
            }
        )
    mine = [entry["seat"] for entry in seats if entry["player_id"] == player_id]
    finished = table["status"] == FINISHED and table["outcome"] is not None
    places = final_places(table["outcome"], table.get("left", ())) if finished else None
    return {
        "table_id": table["id"],
        "game": table["game"],
        "status": table["status"],
        "seats": seats,
        "my_seats": mine,
        "places": places,
        "left": table.get("left", []) if finished else [],
        "won": None if places is None else any(places[seat] == 0 for seat in mine),
        "created_at": table["created_at"],
        "ended_at": table["ended_at"],
        "replay": replay_link(table["id"]) if finished else None,
    }


def opponent_scores(games: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Wins, losses and draws against each opponent over the finished games, most games first."""
    scores: dict[tuple[str, str], dict[str, Any]] = {}
    for game in games:
        if game["places"] is None or len(game["my_seats"]) != 1:
            continue
        mine = game["places"][game["my_seats"][0]]
        for seat in game["seats"]:
            if seat["seat"] in game["my_seats"]:
                continue
            if seat["player_id"]:
                key, kind = ("player", seat["player_id"]), "player"
            elif seat["bot"]:
                key, kind = ("bot", seat["bot"]), "bot"
            else:
                key, kind = ("guest", seat["name"]), "guest"
            score = scores.setdefault(
                key,
                {
                    "kind": kind,
                    "player_id": seat["player_id"],
                    "name": seat["name"],
                    "wins": 0,
                    "losses": 0,
                    "draws": 0,
                },
            )
            theirs = game["places"][seat["seat"]]
            score["wins" if mine < theirs else "losses" if mine > theirs else "draws"] += 1
    return sorted(scores.values(), key=lambda s: (-(s["wins"] + s["losses"] + s["draws"]), s["name"]))


def rating_entry(row: dict[str, Any]) -> dict[str, Any]:
    """A stored rating with its ordinal."""
    return {**row, "ordinal": ordinal(row["mu"], row["sigma"])}


class Pages:
    """Player pages and rating lists from ``store`` (settling pending results first)."""

    def __init__(self, store: PlayerStore, ratings: Ratings) -> None:
        self.store = store
        self.ratings = ratings

    def player(self, player_id: str) -> dict[str, Any]:
        """``{"player": {"id", "display_name"}, "games", "ratings", "opponents"}``.

        Raises:
            UnknownPlayerError: no account has this id.
        """
        account = self.store.account(player_id)
        if account is None:
            raise UnknownPlayerError(
                f"there is no player {player_id!r}", key="players.error.unknown_player", player=player_id
            )
        self.ratings.settle()
        games = [game_entry(table, player_id) for table in self.store.player_tables(player_id, PAGE_GAMES)]
        return {
            "player": {"id": account["id"], "display_name": account["display_name"]},
            "games": games,
            "ratings": [rating_entry(row) for row in self.store.ratings_of(player_id)],
            "opponents": opponent_scores(games),
        }

    def leaderboard(self, game: str, pool: str = PEOPLE, limit: int = 100) -> list[dict[str, Any]]:
        """The game's rated players in ``pool``, best conservative rating first, with their rank."""
        self.ratings.settle()
        rows = self.store.leaderboard(game, pool, limit)
        return [{"rank": rank, **rating_entry(row)} for rank, row in enumerate(rows, start=1)]

    @staticmethod
    def bots(game: str) -> list[dict[str, Any]]:
        """The game's bots with their fixed published ratings (:mod:`.bots`)."""
        return bot_list(game)

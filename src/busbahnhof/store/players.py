"""The players' store: accounts, sessions, login attempts, seats' players and ratings.

:class:`PlayerStore` implements ``busbahnhof.players.ports.PlayerStore`` with plain dicts on the
same engine (and so the same SQLite file or PostgreSQL database) as the tables' :class:`.Store`;
every method commits before it returns.  Two processes on one database see the same sessions
and count the same login attempts; settling a finished table into the ratings is serialised
(PostgreSQL: a transaction advisory lock; SQLite: the write lock its first statement takes), so
no rating update is lost between processes.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, cast

from sqlalchemy import Connection, Engine, Row, delete, func, insert, select, text, update
from sqlalchemy.exc import IntegrityError

from .departures import left_seats
from .schema import accounts, login_attempts, ratings, results, seat_players, sessions, tables
from .store import LOCK_ROW

RATINGS_LOCK = 0x6275_7372  # "busr": one settlement at a time (PostgreSQL)
OPEN = "open"
FINISHED = "finished"
Rate = Callable[[dict[str, tuple[float, float] | None]], dict[str, tuple[float, float]]]
"""As ``busbahnhof.players.ports.Rate`` (the store imports nothing of the players package)."""


class PlayerStore:
    """The players' tables on ``engine`` (migrated by :class:`.Store`, which opens the database)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.is_postgres = engine.dialect.name == "postgresql"

    def _reading(self) -> Connection:
        return self.engine.connect().execution_options(isolation_level="AUTOCOMMIT")

    # -- accounts ------------------------------------------------------------------------

    def create_account(self, account: dict[str, Any]) -> bool:
        """Store a new account; ``False`` if its user name is taken."""
        try:
            with self.engine.begin() as connection:
                connection.execute(insert(accounts).values(**account))
        except IntegrityError:
            return False
        return True

    def account_by_key(self, name_key: str) -> dict[str, Any] | None:
        """The account with this user name key."""
        with self._reading() as connection:
            row = connection.execute(select(accounts).where(accounts.c.name_key == name_key)).mappings().first()
        return None if row is None else dict(row)

    def account(self, player_id: str) -> dict[str, Any] | None:
        """The account with this id."""
        with self._reading() as connection:
            row = connection.execute(select(accounts).where(accounts.c.id == player_id)).mappings().first()
        return None if row is None else dict(row)

    def set_password(self, player_id: str, password_hash: str, at: float) -> None:
        """Replace the password hash."""
        with self.engine.begin() as connection:
            connection.execute(
                update(accounts)
                .where(accounts.c.id == player_id)
                .values(password_hash=password_hash, password_changed_at=at)
            )

    def set_display_name(self, player_id: str, display_name: str) -> None:
        """Replace the display name."""
        with self.engine.begin() as connection:
            connection.execute(update(accounts).where(accounts.c.id == player_id).values(display_name=display_name))

    # -- sessions ------------------------------------------------------------------------

    def create_session(self, session: dict[str, Any], replaces: str | None) -> None:
        """Store a session; end the one it replaces and the account's expired ones."""
        with self.engine.begin() as connection:
            if replaces is not None:
                connection.execute(delete(sessions).where(sessions.c.id_hash == replaces))
            connection.execute(
                delete(sessions).where(
                    sessions.c.player_id == session["player_id"], sessions.c.expires_at <= session["created_at"]
                )
            )
            connection.execute(insert(sessions).values(**session))

    def session(self, id_hash: str, now: float) -> dict[str, Any] | None:
        """The unexpired session with its account's names."""
        query = (
            select(sessions, accounts.c.user_name, accounts.c.display_name)
            .join(accounts, accounts.c.id == sessions.c.player_id)
            .where(sessions.c.id_hash == id_hash, sessions.c.expires_at > now)
        )
        with self._reading() as connection:
            row = connection.execute(query).mappings().first()
        return None if row is None else dict(row)

    def delete_session(self, id_hash: str) -> None:
        """End one session."""
        with self.engine.begin() as connection:
            connection.execute(delete(sessions).where(sessions.c.id_hash == id_hash))

    def delete_sessions(self, player_id: str, keep: str | None = None) -> int:
        """End the account's sessions but ``keep``; how many ended."""
        condition = sessions.c.player_id == player_id
        if keep is not None:
            condition = condition & (sessions.c.id_hash != keep)
        with self.engine.begin() as connection:
            return int(connection.execute(delete(sessions).where(condition)).rowcount)

    # -- login attempts ------------------------------------------------------------------

    def note_attempt(self, keys: Sequence[str], at: float, since: float) -> tuple[list[int], dict[str, int]]:
        """Record an attempt per key (committed), then count each key's attempts since ``since``."""
        ids: list[int] = []
        with self.engine.begin() as connection:
            connection.execute(delete(login_attempts).where(login_attempts.c.at < since))
            for key in keys:
                inserted = connection.execute(insert(login_attempts).values(key=key, at=at))
                # an INSERT of one row always has its key (SQLAlchemy types it as optional)
                primary_key = cast("Row[Any]", inserted.inserted_primary_key)
                ids.append(int(primary_key[0]))
        query = (
            select(login_attempts.c.key, func.count())
            .where(login_attempts.c.key.in_(list(keys)), login_attempts.c.at >= since)
            .group_by(login_attempts.c.key)
        )
        with self._reading() as connection:
            counts = {str(key): int(count) for key, count in connection.execute(query)}
        return ids, {key: counts.get(key, 0) for key in keys}

    def drop_attempts(self, ids: Sequence[int]) -> None:
        """Forget these attempts."""
        with self.engine.begin() as connection:
            connection.execute(delete(login_attempts).where(login_attempts.c.id.in_(list(ids))))

    def oldest_attempt(self, key: str, since: float) -> float | None:
        """The time of the key's oldest attempt since ``since``."""
        query = select(func.min(login_attempts.c.at)).where(login_attempts.c.key == key, login_attempts.c.at >= since)
        with self._reading() as connection:
            found = connection.execute(query).scalar_one_or_none()
        return None if found is None else float(found)

    # -- seats' players ------------------------------------------------------------------

    def claim_seat(self, table_id: str, token_hash: str, player_id: str, at: float) -> str:
        """Make ``player_id`` the player of the open table's seat with this token hash (under the
        table row's lock, like every change of its seats)."""
        with self.engine.begin() as connection:
            connection.execute(LOCK_ROW, {"table": table_id})
            query = select(tables.c.status, tables.c.seats).where(tables.c.id == table_id)
            row = connection.execute(query).first()
            if row is None:
                return "unknown_table"
            if row.status != OPEN:
                return "not_open"
            seat = next((n for n, facts in enumerate(row.seats) if facts.get("token_hash") == token_hash), None)
            if seat is None:
                return "unknown_token"
            held = connection.execute(
                select(seat_players.c.player_id).where(seat_players.c.table_id == table_id, seat_players.c.seat == seat)
            ).scalar_one_or_none()
            if held is not None:
                return "already" if held == player_id else "taken"
            connection.execute(insert(seat_players).values(table_id=table_id, seat=seat, player_id=player_id, at=at))
        return "claimed"

    def player_tables(self, player_id: str, limit: int) -> list[dict[str, Any]]:
        """The player's tables, newest first, with every seat's account."""
        mine = select(seat_players.c.table_id).where(seat_players.c.player_id == player_id).distinct()
        query = (
            select(
                tables.c.id,
                tables.c.game,
                tables.c.status,
                tables.c.players,
                tables.c.seats,
                tables.c.outcome,
                tables.c.created_at,
                tables.c.ended_at,
            )
            .where(tables.c.id.in_(mine))
            .order_by(tables.c.created_at.desc())
            .limit(limit)
        )
        with self._reading() as connection:
            rows = [dict(row) for row in connection.execute(query).mappings()]
            holders = self._holders(connection, [row["id"] for row in rows])
            departed = left_seats(connection, [row["id"] for row in rows])
        for row in rows:
            row["seats"] = [{"name": seat["name"], "bot": seat["bot"]} for seat in row["seats"]]
            row["players_at"] = holders.get(row["id"], {})
            row["left"] = departed.get(row["id"], [])
        return rows

    @staticmethod
    def _holders(connection: Connection, table_ids: list[str]) -> dict[str, dict[int, dict[str, Any]]]:
        query = (
            select(seat_players.c.table_id, seat_players.c.seat, accounts.c.id, accounts.c.display_name)
            .join(accounts, accounts.c.id == seat_players.c.player_id)
            .where(seat_players.c.table_id.in_(table_ids))
        )
        holders: dict[str, dict[int, dict[str, Any]]] = {}
        for row in connection.execute(query):
            holders.setdefault(row.table_id, {})[int(row.seat)] = {"id": row.id, "display_name": row.display_name}
        return holders

    # -- ratings -------------------------------------------------------------------------

    def pending_results(self, limit: int) -> list[dict[str, Any]]:
        """Finished tables with at least one account at them that were not settled yet (a table
        without accounts can be rated by nobody), oldest end first."""
        with_accounts = select(seat_players.c.table_id).distinct()
        settled = select(results.c.table_id)
        query = (
            select(
                tables.c.id,
                tables.c.game,
                tables.c.options,
                tables.c.deck_text.is_not(None).label("custom_deck"),
                tables.c.seats,
                tables.c.outcome,
            )
            .where(tables.c.status == FINISHED, tables.c.id.in_(with_accounts), tables.c.id.not_in(settled))
            .order_by(tables.c.ended_at, tables.c.id)
            .limit(limit)
        )
        with self._reading() as connection:
            rows = [dict(row) for row in connection.execute(query).mappings()]
            holders = self._holders(connection, [row["id"] for row in rows])
            departed = left_seats(connection, [row["id"] for row in rows])
        for row in rows:
            row["custom_deck"] = bool(row["custom_deck"])
            row["seats"] = [
                {"name": seat["name"], "bot": seat["bot"], "hints": seat.get("hints", 0)} for seat in row["seats"]
            ]
            row["players_at"] = {seat: holder["id"] for seat, holder in holders.get(row["id"], {}).items()}
            row["left"] = departed.get(row["id"], [])
        return rows

    def settle_result(self, table_id: str, game: str, pool: str | None, rate: Rate | None, at: float) -> bool:
        """Mark the table settled and apply ``rate`` to its players' ratings, serialised."""
        try:
            with self.engine.begin() as connection:
                if self.is_postgres:
                    connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": RATINGS_LOCK})
                connection.execute(insert(results).values(table_id=table_id, game=game, pool=pool, settled_at=at))
                if pool is not None and rate is not None:
                    self._rate(connection, table_id, game, pool, rate, at)
        except IntegrityError:
            return False
        return True

    @staticmethod
    def _rate(connection: Connection, table_id: str, game: str, pool: str, rate: Rate, at: float) -> None:
        players = [
            str(value)
            for value in connection.execute(
                select(seat_players.c.player_id).where(seat_players.c.table_id == table_id)
            ).scalars()
        ]
        key = (ratings.c.game == game) & (ratings.c.pool == pool)
        stored = {
            row.player_id: row
            for row in connection.execute(select(ratings).where(key, ratings.c.player_id.in_(players)))
        }
        before = {player: (stored[player].mu, stored[player].sigma) if player in stored else None for player in players}
        for player, (mu, sigma) in rate(before).items():
            if player in stored:
                connection.execute(
                    update(ratings)
                    .where(key, ratings.c.player_id == player)
                    .values(mu=mu, sigma=sigma, games=stored[player].games + 1, updated_at=at)
                )
            else:
                connection.execute(
                    insert(ratings).values(
                        player_id=player, game=game, pool=pool, mu=mu, sigma=sigma, games=1, updated_at=at
                    )
                )

    def ratings_of(self, player_id: str) -> list[dict[str, Any]]:
        """The player's ratings per game and pool."""
        query = (
            select(ratings.c.game, ratings.c.pool, ratings.c.mu, ratings.c.sigma, ratings.c.games, ratings.c.updated_at)
            .where(ratings.c.player_id == player_id)
            .order_by(ratings.c.game, ratings.c.pool)
        )
        with self._reading() as connection:
            return [dict(row) for row in connection.execute(query).mappings()]

    def leaderboard(self, game: str, pool: str, limit: int) -> list[dict[str, Any]]:
        """The game's rated players in ``pool``, highest ``mu - 3 sigma`` first."""
        query = (
            select(accounts.c.id, accounts.c.display_name, ratings.c.mu, ratings.c.sigma, ratings.c.games)
            .join(accounts, accounts.c.id == ratings.c.player_id)
            .where(ratings.c.game == game, ratings.c.pool == pool)
            .order_by((ratings.c.mu - 3 * ratings.c.sigma).desc(), accounts.c.id)
            .limit(limit)
        )
        with self._reading() as connection:
            return [dict(row) for row in connection.execute(query).mappings()]

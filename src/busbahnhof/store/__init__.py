"""Persistence: tables stored as records with SQLAlchemy (SQLite file by default, PostgreSQL by URL).

See ``docs/storage.md``.
"""

from .lobby import LobbyStore
from .migrate import upgrade
from .notify import CHANNEL, PgListener
from .players import PlayerStore
from .store import Store, default_url, make_engine

__all__ = ["CHANNEL", "LobbyStore", "PgListener", "PlayerStore", "Store", "default_url", "make_engine", "upgrade"]

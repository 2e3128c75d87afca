"""Running the Alembic migrations from code, at startup: the schema is always at its ``heads``.

Concerns that add tables independently (the players' lobby and chat, background jobs, decks) may
each branch from the same revision; upgrading to ``heads`` applies every branch, so parallel work
never has to renumber another's migration.

On PostgreSQL an advisory lock serialises processes that start at the same time, so only one
of them migrates.
"""

from __future__ import annotations

from importlib import resources

from alembic import command
from alembic.config import Config
from sqlalchemy import Engine, text

MIGRATION_LOCK = 0x6275_7362  # "busb"


def alembic_config() -> Config:
    """An Alembic configuration pointing at the migrations shipped in this package."""
    config = Config()
    location = resources.files(__package__ or "busbahnhof.store").joinpath("migrations")
    config.set_main_option("script_location", str(location))
    return config


def upgrade(engine: Engine) -> None:
    """Bring the database's schema to the newest migration."""
    config = alembic_config()
    with engine.begin() as connection:
        if connection.dialect.name == "postgresql":
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK})
        config.attributes["connection"] = connection
        command.upgrade(config, "heads")

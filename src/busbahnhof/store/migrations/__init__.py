"""Alembic migrations of the Busbahnhof store, run by :func:`busbahnhof.store.migrate.upgrade`."""

"""The Busbahnhof server: REST for the lobby and one WebSocket per client, over the table service.

``busbahnhof.server.app.create_app(settings)`` builds the FastAPI application (settings:
``busbahnhof.server.config.Settings``); ``busbahnhof serve`` runs it with uvicorn.  This package
file imports nothing, so the command line loads the web stack only when it serves.  See
``docs/server.md``.
"""

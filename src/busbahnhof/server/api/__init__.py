"""The REST API: one router per resource (``routes/``), shared dependencies in ``deps``."""

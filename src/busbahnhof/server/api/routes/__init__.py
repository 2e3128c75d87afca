"""One router per resource: health, games, tables, rooms."""

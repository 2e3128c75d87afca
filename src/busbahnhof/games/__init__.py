"""One package per game: rules, actions, views, text rendering, data files and heuristic bots."""

"""The terminal picture of a state as plain text (``render_mode="ansi"``): the game's Rich rendering."""

from __future__ import annotations

import io
from typing import Any

from rich.console import Console

from ..engine import State

WIDTH = 120


def ansi_text(state: State[Any], seat: int | None = None, lang: str = "en") -> str:
    """What terminal play shows of ``state`` to ``seat`` (``None``: a spectator), as text with ANSI colours."""
    game = state.game
    buffer = io.StringIO()
    console = Console(file=buffer, width=WIDTH, force_terminal=True, color_system="standard", highlight=False)
    console.print(game.render_text(state.view(seat), game.catalog(lang)))
    return buffer.getvalue()

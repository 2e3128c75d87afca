"""The terminal picture of a state as plain text (``render_mode="ansi"``): the game's Rich rendering."""

from __future__ import annotations

import io
from typing import Any

from rich.console import Console

from ..engine import State

WIDTH = 120


def ansi_text(state: State[Any], seat: int | None = None, lang: str = "en") -> str:
    """What terminal play shows of ``state`` to ``seat`` (``None``: a spectator), as text with ANSI
    colours (24-bit)."""
    game = state.game
    buffer = io.StringIO()
    # Truecolor, as terminals today show it: Rich keeps the first ANSI codes it made for a style
    # (Style._ansi) whatever colour system asks later, and the games share their styles, so
    # downgrading them here would also downgrade the terminal play of the same process.
    console = Console(file=buffer, width=WIDTH, force_terminal=True, color_system="truecolor", highlight=False)
    console.print(game.render_text(state.view(seat), game.catalog(lang)))
    return buffer.getvalue()

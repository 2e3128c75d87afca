"""The tables a load test plays: every game, one scripted human seat and heuristic bots."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Scenario:
    """One kind of table: the game and its seats (seat 0 is the scripted human)."""

    game: str
    bots: tuple[str, ...]

    def body(self, seed: int, bot_think: float, name: str | None) -> dict[str, Any]:
        """The ``POST /api/tables`` body; the human's seat gets ``name`` (``None``: the default name,
        for a human who joins by the room code)."""
        seats = [{"name": name} if name is not None else {}, *({"bot": bot} for bot in self.bots)]
        return {"game": self.game, "seats": seats, "seed": seed, "think_seconds": bot_think, "abandon_seconds": 600}


SCENARIOS = (
    Scenario("busfahrer", ("kartenzaehler", "kartenzaehler", "kartenzaehler")),
    Scenario("bus", ("planer", "planer")),
    Scenario("busfaktor", ("heuristik", "heuristik")),
)


def scenarios_for(games: list[str] | None) -> tuple[Scenario, ...]:
    """The scenarios of ``games`` (all by default), in a fixed order."""
    chosen = tuple(s for s in SCENARIOS if games is None or s.game in games)
    if not chosen:
        known = ", ".join(s.game for s in SCENARIOS)
        raise ValueError(f"no load scenario for {', '.join(games or [])}; games: {known}")
    return chosen

"""Workshop sessions: creation, balanced seating, joining by code, starting with bots, who may do what."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import pytest

from busbahnhof.engine import GameError
from busbahnhof.workshop import (
    NotFacilitatorError,
    UnknownParticipantError,
    UnknownWorkshopError,
    WorkshopError,
    WorkshopFullError,
    WorkshopService,
    place,
)

Run = Callable[..., Any]


def seat_everyone(workshop: dict[str, Any], joins: int) -> list[tuple[int, int] | None]:
    seated: list[dict[str, Any]] = []
    places = []
    for _ in range(joins):
        where = place(workshop, seated)
        places.append(where)
        if where is not None:
            seated.append({"table_index": where[0], "seat": where[1]})
    return places


def test_seating_fills_the_tables_in_turn_and_stops_when_full() -> None:
    workshop = {"status": "gathering", "table_count": 3, "players": 2}
    places = seat_everyone(workshop, 8)
    assert places[:6] == [(0, 0), (1, 0), (2, 0), (0, 1), (1, 1), (2, 1)]
    assert places[6:] == [None, None]
    assert place({**workshop, "status": "running"}, []) is None


@pytest.mark.parametrize("joins", range(1, 9))
def test_no_table_has_two_people_more_than_another(joins: int) -> None:
    workshop = {"status": "gathering", "table_count": 3, "players": 4}
    counts = [0, 0, 0]
    for where in seat_everyone(workshop, joins):
        assert where is not None
        counts[where[0]] += 1
    assert max(counts) - min(counts) <= 1


class Seen:
    """A table client that keeps its messages."""

    lang = "de"

    def __init__(self) -> None:
        self.messages: list[str] = []

    async def send(self, message: str) -> None:
        self.messages.append(message)

    async def close(self, code: int) -> None:
        pass


def test_a_session_seats_people_by_code_and_opens_its_tables_with_bots(run_workshops: Run) -> None:
    async def scenario(workshops: WorkshopService) -> None:
        created = await workshops.create(deck="mini", players=3, tables=2, bot="heuristik", lang="en")
        found = await workshops.find(created["code"].lower())
        assert found["id"] == created["id"] and found["status"] == "gathering" and "facilitator_hash" not in found
        joined = [await workshops.join(created["code"], name) for name in ("Ada", "Ben", "Cem")]
        assert [(j["table"], j["seat"]) for j in joined] == [(0, 0), (1, 0), (0, 1)]
        waiting = await workshops.participant(created["id"], joined[1]["key"])
        assert waiting["table_id"] is None and waiting["name"] == "Ben"
        with pytest.raises(NotFacilitatorError):
            await workshops.start(created["id"], joined[0]["key"])
        overview = await workshops.start(created["id"], created["key"])
        assert overview["status"] == "running" and len(overview["tables"]) == 2
        first, second = overview["tables"]
        assert [s["name"] for s in first["seats"]][:2] == ["Ada", "Cem"] and first["seats"][2]["bot"] == "heuristik"
        assert second["seats"][0]["name"] == "Ben" and [s["bot"] for s in second["seats"][1:]] == ["heuristik"] * 2
        # the participant's key is their seat's token
        mine = await workshops.participant(created["id"], joined[1]["key"])
        connection = await workshops.tables.connect(mine["table_id"], joined[1]["key"], Seen())
        assert connection.seat == 0
        with pytest.raises(WorkshopFullError):
            await workshops.join(created["code"], "Late")
        with pytest.raises(WorkshopError):
            await workshops.start(created["id"], created["key"])
        with pytest.raises(UnknownParticipantError):
            await workshops.participant(created["id"], created["key"])
        with pytest.raises(UnknownWorkshopError):
            await workshops.find("ZZZZZ")

    run_workshops(scenario)


def test_a_full_workshop_takes_nobody_more(run_workshops: Run) -> None:
    async def scenario(workshops: WorkshopService) -> None:
        created = await workshops.create(deck="standard", players=2, tables=1, bot="leicht")
        await workshops.join(created["code"], "Ada")
        await workshops.join(created["code"], "Ben")
        with pytest.raises(WorkshopFullError):
            await workshops.join(created["code"], "Cem")

    run_workshops(scenario)


@pytest.mark.parametrize(
    ("options", "key"),
    [
        ({"deck": "huge"}, "workshop.error.deck"),
        ({"players": 5}, "workshop.error.players"),
        ({"tables": 0}, "workshop.error.tables"),
        ({"bot": "nobody"}, "workshop.error.bot"),
    ],
)
def test_a_workshop_the_game_cannot_hold_is_refused(run_workshops: Run, options: dict[str, Any], key: str) -> None:
    async def scenario(workshops: WorkshopService) -> None:
        with pytest.raises(GameError) as refused:
            await workshops.create(**{"deck": "mini", "players": 4, "tables": 2, "bot": "heuristik", **options})
        assert refused.value.key == key

    run_workshops(scenario)


def test_two_starts_at_once_open_the_tables_once(run_workshops: Run) -> None:
    async def scenario(workshops: WorkshopService) -> None:
        created = await workshops.create(deck="mini", players=2, tables=2, bot="heuristik")
        await workshops.join(created["code"], "Ada")
        results = await asyncio.gather(
            workshops.start(created["id"], created["key"]),
            workshops.start(created["id"], created["key"]),
            return_exceptions=True,
        )
        assert sorted(type(result).__name__ for result in results) == ["WorkshopError", "dict"]
        assert len(workshops.tables.store.list_tables(None, 100)) == 2  # no orphan tables of a second start
        with pytest.raises(WorkshopFullError):
            await workshops.join(created["code"], "Ben")

    run_workshops(scenario)
